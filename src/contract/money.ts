// Money as the service sends it: an integer in the currency's smallest unit.

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}\u0000${currency}`;
  let nf = formats.get(key);
  if (!nf) {
    try {
      nf = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch (error) {
      throw new RangeError(
        `billing-kit: cannot format money in currency "${currency}" for locale "${locale}"; ` +
          'pass a three-letter ISO 4217 code such as "USD" and a BCP 47 locale such as "en-US"',
        { cause: error },
      );
    }
    formats.set(key, nf);
  }
  return nf;
}

/**
 * Formats an amount in the currency's smallest unit for display: `formatMoney(1999, 'USD')`
 * is "$19.99", `formatMoney(1999, 'EUR', 'de-DE')` is "19,99 €", and `formatMoney(500, 'JPY')`
 * is "¥500", because the number of minor digits is the one `Intl.NumberFormat` uses for the
 * currency (2 for USD, 0 for JPY, 3 for KWD). Negative amounts carry the locale's minus sign;
 * zero never shows one. Formatters are cached per locale and currency.
 *
 * @param cents integer amount in the smallest unit, as the service sends it.
 * @param currency ISO 4217 code such as "USD".
 * @param locale BCP 47 locale. Default: "en-US".
 */
export function formatMoney(cents: number, currency: string, locale = 'en-US'): string {
  if (!Number.isFinite(cents)) {
    throw new TypeError(
      `billing-kit: formatMoney needs a finite amount in the smallest currency unit, got ${cents}`,
    );
  }
  const nf = currencyFormat(locale, currency.toUpperCase());
  const digits = nf.resolvedOptions().maximumFractionDigits ?? 2;
  // What rounds to zero is zero, so it never prints as "-$0.00" (-0 included).
  if (Math.abs(cents) < 0.5) return nf.format(0);
  // The amount moved by `digits` places as a decimal string, which Intl formats exactly:
  // dividing would round 9007199254740991 cents to "$90,071,992,547,409.90". (A number that
  // prints with an exponent has no such digits to lose.)
  const text = String(cents);
  if (text.includes('e')) return nf.format(cents / 10 ** digits);
  // ES2023 formats a decimal string exactly; TypeScript's lib types only numbers.
  const format = nf.format as (value: number | string) => string;
  return format(`${text}E-${digits}`);
}
