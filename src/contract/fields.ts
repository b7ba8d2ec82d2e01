// Field schemas that the service's requests and the proxy's inputs share. Internal to the
// contract: not re-exported from its index.
import * as z from 'zod/mini';

/** A non-empty id. */
export const id = z.string().check(z.minLength(1, 'must not be empty'));

/** A whole number from 1, read from a query string as well. */
export const positiveInt = z.coerce.number().check(z.int(), z.minimum(1));

/** An http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
