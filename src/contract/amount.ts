// Customer-credit amounts: decimal strings of any size, computed exactly with BigInt.
// A credit amount never passes through a JS number: 2^53 is far too small for the service's
// balances, and binary fractions cannot hold "0.1".

/**
 * The accepted syntax of a credit amount: an optional leading `-`, one or more digits, then
 * optionally a `.` followed by one or more digits. Leading zeros and trailing fractional zeros
 * are allowed ("007.50"). Not accepted: a `+` sign, an exponent ("1e3"), spaces, group
 * separators, or a bare "." at either end ("5." or ".5").
 */
const amountPattern = /^-?\d+(?:\.\d+)?$/;

/** An amount as `units / 10^scale`, exact: "-3.25" is `{ units: -325n, scale: 2 }`. */
export interface ScaledAmount {
  units: bigint;
  scale: number;
}

/**
 * Whether `value` is a credit amount: a string with an optional leading `-`, digits, and an
 * optional `.` followed by digits ("12", "-3.5", "100000000000000000000.25"). No exponent,
 * no `+`, no spaces, no group separators.
 */
export function isAmount(value: unknown): value is string {
  return typeof value === 'string' && amountPattern.test(value);
}

function notAnAmount(value: unknown): TypeError {
  const shown = typeof value === 'string' ? `"${value}"` : `${String(value)} (a ${typeof value})`;
  return new TypeError(
    `billing-kit: ${shown} is not a credit amount; use a decimal string such as "12.50"`,
  );
}

/**
 * Parses a credit amount into its exact scaled form; throws a `TypeError` for anything
 * `isAmount` rejects. `scale` is the number of fractional digits as written.
 */
export function parseAmount(value: string): ScaledAmount {
  if (!isAmount(value)) throw notAnAmount(value);
  const point = value.indexOf('.');
  if (point === -1) return { units: BigInt(value), scale: 0 };
  const fraction = value.slice(point + 1);
  // "-0.5" must keep its sign: BigInt("-0") is 0n, so the sign is applied after joining.
  const negative = value.startsWith('-');
  const digits = BigInt(value.slice(negative ? 1 : 0, point) + fraction);
  return { units: negative ? -digits : digits, scale: fraction.length };
}

/** Writes `units / 10^scale` in canonical form (see `normalizeAmount`). */
function toAmount(units: bigint, scale: number): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    const whole = digits.slice(0, -scale);
    const fraction = digits.slice(-scale).replace(/0+$/, '');
    digits = fraction ? `${whole}.${fraction}` : whole;
  }
  return negative && digits !== '0' ? `-${digits}` : digits;
}

/** Both amounts as units of the same (larger) scale. */
function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = parseAmount(a);
  const y = parseAmount(b);
  const scale = Math.max(x.scale, y.scale);
  return [
    x.units * 10n ** BigInt(scale - x.scale),
    y.units * 10n ** BigInt(scale - y.scale),
    scale,
  ];
}

/**
 * The canonical form of an amount: no leading zeros, no trailing fractional zeros, no "."
 * without a fraction, and "0" for every zero ("-0.00" → "0"). Every function here that
 * returns an amount returns it in this form.
 */
export function normalizeAmount(value: string): string {
  const { units, scale } = parseAmount(value);
  return toAmount(units, scale);
}

/** `a + b`, exact, in canonical form. */
export function addAmounts(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return toAmount(x + y, scale);
}

/** `a − b`, exact, in canonical form (negative when `b` is larger). */
export function subtractAmounts(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return toAmount(x - y, scale);
}

/** The exact sum of every amount in `amounts`, in canonical form; "0" for an empty list. */
export function sumAmounts(amounts: Iterable<string>): string {
  let total = '0';
  for (const amount of amounts) total = addAmounts(total, amount);
  return total;
}

/** `-1` when `a < b`, `0` when they are equal in value ("1.50" equals "1.5"), `1` when `a > b`. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `-a` in canonical form; the negation of zero is "0". */
export function negateAmount(value: string): string {
  const { units, scale } = parseAmount(value);
  return toAmount(-units, scale);
}

/** Whether the amount equals zero ("0", "-0", "0.000"). */
export function isZeroAmount(value: string): boolean {
  return parseAmount(value).units === 0n;
}

/** Options of `formatAmount`. */
export interface FormatAmountOptions {
  /**
   * BCP 47 locale whose digits, group and decimal separators are used, such as "de-DE".
   * Default: "en-US", as `formatMoney`.
   */
  locale?: string;
  /**
   * Round to at most this many fractional digits (0–100), half away from zero like
   * `Intl.NumberFormat`. Default: undefined (every fractional digit of the amount is shown).
   */
  maximumFractionDigits?: number;
  /**
   * When to show the sign, as in `Intl.NumberFormat`: "auto", "always", "exceptZero",
   * "negative" or "never". An amount that rounds to zero shows no minus sign. Default: "auto".
   */
  signDisplay?: 'auto' | 'always' | 'exceptZero' | 'negative' | 'never';
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, signDisplay: string): Intl.NumberFormat {
  const key = `${locale}\u0000${signDisplay}`;
  let nf = formatters.get(key);
  if (!nf) {
    // "negative" is newer than the ES2022 typings; every runtime we support knows it.
    nf = new Intl.NumberFormat(locale, { signDisplay } as Intl.NumberFormatOptions);
    formatters.set(key, nf);
  }
  return nf;
}

/** Rounds `units / 10^scale` to `digits` fractional digits, half away from zero. */
function round(units: bigint, scale: number, digits: number): [bigint, number] {
  if (scale <= digits) return [units, scale];
  const divisor = 10n ** BigInt(scale - digits);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return [units < 0n ? -rounded : rounded, digits];
}

/**
 * Formats a credit amount for display with the locale's digits, grouping, decimal separator
 * and minus sign ("1234567.5" → "1,234,567.5" in en-US, "1.234.567,5" in de-DE), exactly,
 * at any size. The integer part is grouped by `Intl.NumberFormat` given a BigInt; the
 * fraction is written digit by digit. Throws a `TypeError` for a malformed amount and a
 * `RangeError` for a bad `maximumFractionDigits`.
 *
 * ```ts
 * formatAmount('1234567.5'); // "1,234,567.5"
 * formatAmount('1234567.5', 'de-DE'); // "1.234.567,5"
 * formatAmount('2.345', { locale: 'de-DE', maximumFractionDigits: 2 }); // "2,35"
 * ```
 *
 * @param value the amount, a decimal string such as "-12.50".
 * @param options a BCP 47 locale, or `FormatAmountOptions`. Default: locale "en-US" (as
 *   `formatMoney`), every fractional digit, sign "auto".
 */
export function formatAmount(value: string, options: string | FormatAmountOptions = {}): string {
  const {
    locale = 'en-US',
    maximumFractionDigits,
    signDisplay = 'auto',
  } = typeof options === 'string' ? { locale: options } : (options ?? {});
  let { units, scale } = parseAmount(value);
  if (maximumFractionDigits !== undefined) {
    if (
      !Number.isInteger(maximumFractionDigits) ||
      maximumFractionDigits < 0 ||
      maximumFractionDigits > 100
    ) {
      throw new RangeError(
        `billing-kit: maximumFractionDigits must be a whole number from 0 to 100, got ${maximumFractionDigits}`,
      );
    }
    [units, scale] = round(units, scale, maximumFractionDigits);
  }
  const canonical = toAmount(units, scale);
  const negative = canonical.startsWith('-');
  const [whole = '0', fraction = ''] = canonical.slice(negative ? 1 : 0).split('.');
  const plain = formatter(locale, 'never');
  // The magnitude: grouped integer digits (BigInt formatting is exact), then the fraction.
  let text = plain.format(BigInt(whole));
  if (fraction) {
    const decimal = plain.formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    const localDigits = digitsOf(locale);
    text += (decimal ?? '.') + fraction.replace(/\d/g, (d) => localDigits[Number(d)] ?? d);
  }
  // The sign, its position and any bidi marks come from formatting -1, 0 or 1 the same way;
  // this also keeps the sign of "-0.5", whose integer part is zero.
  const sign = negative ? -1n : canonical === '0' ? 0n : 1n;
  const template = formatter(locale, signDisplay).formatToParts(sign);
  return template.map((part) => (part.type === 'integer' ? text : part.value)).join('');
}

const digitTables = new Map<string, string[]>();

/** The locale's ten digits, "0"…"9" in Latin locales, "٠"…"٩" in ar-EG. */
function digitsOf(locale: string): string[] {
  let table = digitTables.get(locale);
  if (!table) {
    const nf = formatter(locale, 'never');
    table = Array.from({ length: 10 }, (_, d) => nf.format(d));
    digitTables.set(locale, table);
  }
  return table;
}
