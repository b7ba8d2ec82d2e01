// Field schemas that the service's requests and the proxy's inputs share. Internal to the
// contract: not re-exported from its index.
import * as z from 'zod/mini';

/** A non-empty id. */
export const id = z.string().check(z.minLength(1, 'must not be empty'));

const inDigits = 'must be a whole number written in digits, such as 2';

/**
 * A number, or its digits as a query string carries them (`pattern`: plain decimal digits by
 * default), as a number. Only the digits: `Number()` would also take `1e1`, `0x2`, `' 1'` and
 * `''` (as 0), and `z.coerce.number()` is `Number()`.
 */
export function numberOrDigits(message = inDigits, pattern = /^\d+$/) {
  return z.pipe(
    z.union([z.number(), z.string().check(z.regex(pattern, message))], { error: message }),
    z.transform(Number),
  );
}

/** A whole number from 1, read from a query string as well (see `numberOrDigits`). */
export const positiveInt = z.pipe(numberOrDigits(), z.int().check(z.minimum(1)));

/**
 * An email address as the service accepts it (its validator's defaults): letters of any script
 * in the local part and the domain ("josé@example.com", "ada@müller.de"), a top-level domain of
 * letters; no spaces, quotes, leading, trailing or doubled dots, nor a bare host ("bob@localhost").
 */
export const email = z.email({
  pattern:
    /^(?!\.)(?!.*\.\.)[^\s@"(),:;<>[\]\\]{1,64}(?<!\.)@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[\da-z-]{1,59})$/iu,
});

/** An http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * Whether `value` nests no deeper than `max` levels of objects and arrays, itself included. A
 * loop, not a recursion: a 5 KB body of `[[[…]]]` must not overflow the stack that reads it.
 */
export function nestsAtMost(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return false;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return true;
}

/**
 * JSON with object keys sorted and undefined members left out, so equal bodies give equal
 * text (a request's fingerprint). Recursive: walk only what {@link nestsAtMost} has bounded.
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as { [key: string]: unknown })
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
