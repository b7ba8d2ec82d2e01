// The API key must never leave in an error: what a caller or a logger is given goes through here.

/**
 * The value itself, unless the key shows in it (its message, stack, JSON form or any cause, five
 * deep); then a plain Error of the same name whose message has the key blanked out.
 */
export function withoutKey(value: unknown, apiKey: string): unknown {
  const texts: string[] = [];
  let current: unknown = value;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (current instanceof Error) {
      texts.push(current.message, current.stack ?? '', safeJson(current));
      current = current.cause;
    } else {
      texts.push(typeof current === 'string' ? current : safeJson(current));
      break;
    }
  }
  if (!texts.some((text) => text.includes(apiKey))) return value;
  const message = value instanceof Error ? value.message : String(value);
  const copy = new Error(message.split(apiKey).join('[redacted]'));
  if (value instanceof Error) copy.name = value.name;
  return copy;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
