// Path templates with `{name}` placeholders, shared by the service's operation table and the
// proxy's route table. A module of its own so that the browser's proxy client, which needs
// only `fillPath`, does not load the service's operation table with it.

/** Fills a path's `{name}` placeholders, each value URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}

/**
 * Matches a concrete path against a path template; returns the decoded placeholder values, or
 * null when it does not match. `/v1/customers/cus_1/subscriptions` against
 * `/v1/customers/{customer_id}/subscriptions` gives `{ customer_id: 'cus_1' }`.
 */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const want = template.split('/');
  const got = path.replace(/\/$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const name = /^\{(\w+)\}$/.exec(want[i] ?? '')?.[1];
    const segment = got[i] ?? '';
    if (name === undefined) {
      if (want[i] !== segment) return null;
    } else {
      if (segment === '') return null;
      params[name] = safeDecode(segment);
    }
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
