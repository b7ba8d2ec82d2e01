// The countries the sandbox's hosted checkout page offers, and the one check that the page's
// form and `sandbox.decline()` share.

/** Countries a new customer can pick (ISO alpha-2); the first is the default. */
export const CHECKOUT_COUNTRIES: readonly (readonly [code: string, name: string])[] = [
  ['US', 'United States'],
  ['GB', 'United Kingdom'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['NL', 'Netherlands'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['SE', 'Sweden'],
  ['CA', 'Canada'],
  ['AU', 'Australia'],
  ['JP', 'Japan'],
  ['BR', 'Brazil'],
  ['IN', 'India'],
];

/**
 * Whether `code` is one of {@link CHECKOUT_COUNTRIES}, exactly as listed (upper case, no
 * spaces): `isCheckoutCountry('GB')` is true, `'ZZ'`, `'gb'` and `''` are not.
 */
export function isCheckoutCountry(code: string): boolean {
  return CHECKOUT_COUNTRIES.some(([listed]) => listed === code);
}
