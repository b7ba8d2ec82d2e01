// Origins, for the allow-lists of the proxy (`allowedOrigins`) and of the page
// (`checkoutOrigins`). Internal to the contract, and free of zod so a browser bundle that takes
// it takes nothing else.

/**
 * The origin of an http(s) URL, or null: anything else, even when it parses (`localhost:4010`
 * is the scheme `localhost:` with the origin "null", which every `javascript:` link shares).
 */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
