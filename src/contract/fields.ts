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

/** An http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
