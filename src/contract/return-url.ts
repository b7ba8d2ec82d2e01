// The service's signature on the URL it sends a buyer back to after a payment: the SHA-256 hex
// of its own query parameters that carry a value, as `key=value` in the order they arrive,
// then `salt=<API key>`, all joined with `|`. The sandbox signs by it and the proxy's
// `verifyReturnUrl` checks by it; each hashes with what its runtime allows.

/** The service's parameters of a return URL, in the order it puts them. */
export const returnUrlKeys = [
  'checkout_id',
  'order_id',
  'customer_id',
  'subscription_id',
  'product_id',
  'request_id',
] as const;

/** The text whose SHA-256 is the signature, from a return URL's parameters as they arrive. */
export function returnSignatureInput(
  params: Iterable<readonly [string, string]>,
  apiKey: string,
): string {
  const keys: readonly string[] = returnUrlKeys;
  const signed = [...params]
    .filter(([key, value]) => keys.includes(key) && value !== '')
    .map(([key, value]) => `${key}=${value}`);
  return [...signed, `salt=${apiKey}`].join('|');
}
