// Where the service may send a buyer: the one rule for checkout and portal links, applied by
// the proxy to what the service answers and again by the browser before it leaves the page.

/**
 * Where the sandbox answers when no `baseUrl` is given: an origin, with no path (`.test` is a
 * reserved name, so no one else can own it).
 */
export const DEFAULT_SANDBOX_BASE_URL = 'https://sandbox.billing-kit.test';

/**
 * True when a checkout or portal link may be followed: an https link to the service's own
 * hosts (https://creem.io and its subdomains, such as https://checkout.creem.io) or to the
 * in-memory sandbox's default address (`DEFAULT_SANDBOX_BASE_URL`), or a link on one of
 * `extraOrigins` (the provider's `checkoutOrigins`, such as a sandbox served elsewhere).
 */
export function isAllowedRedirect(url: string, extraOrigins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // An opaque origin ("null": javascript:, data:, blob:) is no place, whatever the list says.
  if (parsed.origin === 'null') return false;
  if (extraOrigins.includes(parsed.origin) || parsed.origin === DEFAULT_SANDBOX_BASE_URL) {
    return true;
  }
  const host = parsed.hostname.toLowerCase();
  return (
    parsed.protocol === 'https:' &&
    parsed.port === '' &&
    (host === 'creem.io' || host.endsWith('.creem.io'))
  );
}
