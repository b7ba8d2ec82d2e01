// The URL the service sends a buyer back to after a payment carries the checkout's ids and a
// `signature` made with the store's API key. A query anyone can type proves nothing; one whose
// signature holds came from the service. Check it on the server, where the key is.
import { returnSignatureInput, returnUrlKeys } from '../contract/return-url.js';
import { sha256 } from './context.js';

/**
 * Whether a return URL's `signature` was made by the service with `apiKey`: the SHA-256 hex of
 * its `key=value` parameters (those with a value, in the order they arrive) and
 * `salt=<apiKey>`, joined with `|`. False when it is missing or does not match. The other
 * parameters of your own `success_url` are not signed and not checked.
 *
 * `url` is the whole URL (a fetch `Request`'s `url`) or, since only its query is signed, the
 * path and query that Node's `http` and Express hand you as `req.url` / `req.originalUrl`.
 *
 * @example
 * // In your return page's server code:
 * if (!(await verifyReturnUrl(request.url, process.env.CREEM_API_KEY!))) return notFound();
 * // Express:
 * if (!(await verifyReturnUrl(req.originalUrl, process.env.CREEM_API_KEY!))) return res.sendStatus(404);
 */
export async function verifyReturnUrl(url: string | URL, apiKey: string): Promise<boolean> {
  let params: URLSearchParams;
  try {
    // The base only completes a path: the signature covers the query alone.
    params = new URL(url, 'http://localhost').searchParams;
  } catch {
    return false;
  }
  const signature = params.get('signature')?.toLowerCase();
  if (!signature) return false;
  // The signed text joins `key=value` with `|`, so a value that holds `|customer_id=…` hashes
  // as that parameter would: a parameter moved into the value before it (reading as absent, or
  // its neighbour's value as longer) would keep the signature. The service sends ids, never that.
  const folded = new RegExp(`\\|(?:${returnUrlKeys.join('|')})=`);
  for (const [key, value] of params) {
    if ((returnUrlKeys as readonly string[]).includes(key) && folded.test(value)) return false;
  }
  const expected = await sha256(returnSignatureInput(params, apiKey));
  // Compared without an early exit, so the time taken says nothing of how much matched.
  let difference = expected.length ^ signature.length;
  for (let i = 0; i < expected.length; i++) {
    difference |= expected.charCodeAt(i) ^ (signature.charCodeAt(i) || 0);
  }
  return difference === 0;
}
