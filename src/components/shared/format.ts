// Money, credit amounts, numbers and dates for display, all through Intl in the UI locale.
import { useMemo } from 'react';
import { type FormatAmountOptions, formatAmount } from '../../contract/amount.js';
import { formatMoney } from '../../contract/money.js';
import { useBillingUI } from '../../react/ui-context.js';

/** A date as the service sends it (ISO 8601 string or Unix milliseconds), or a `Date`. */
export type DateInput = string | number | Date;

/** Formatters bound to one locale. */
export interface Formatters {
  /** The BCP 47 locale every formatter uses. */
  locale: string;
  /**
   * Money in the currency's smallest unit, as the service sends it: `money(1999, 'EUR')` is
   * "€19.99" in en-US and "19,99 €" in de-DE.
   */
  money(cents: number, currency: string): string;
  /**
   * A credit amount (a decimal string of any size), exactly: `amount('1234.5')` is "1,234.5" in
   * en-US. Options as `formatAmount`'s, without the locale.
   */
  amount(value: string, options?: Omit<FormatAmountOptions, 'locale'>): string;
  /** A plain number, `Intl.NumberFormat` options as given. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /**
   * A date, as `{ dateStyle: 'medium' }` ("Mar 5, 2026"; "05.03.2026" in de-DE) when no
   * `options` are given (given ones replace it: pass `dateStyle` along with them), in the
   * formatters' time zone (the runtime's when none is given) unless `options.timeZone` says
   * otherwise. A value that is not a date is returned as it came, rather than breaking the page.
   */
  date(value: DateInput, options?: Intl.DateTimeFormatOptions): string;
  /** A date and time, by default as `{ dateStyle: 'medium', timeStyle: 'short' }`. */
  dateTime(value: DateInput, options?: Intl.DateTimeFormatOptions): string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

function formatDate(
  locale: string,
  timeZone: string | undefined,
  value: DateInput,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const zoned = timeZone === undefined ? options : { timeZone, ...options };
  const format = cached(
    dateFormats,
    `${locale}\u0000${JSON.stringify(zoned)}`,
    () => new Intl.DateTimeFormat(locale, zoned),
  );
  return format.format(date);
}

/**
 * The formatters for a locale (what `useFormat` returns, for code outside React), showing dates
 * in `timeZone` (an IANA name). Default `timeZone`: the runtime's own.
 */
export function createFormatters(locale: string, timeZone?: string): Formatters {
  return {
    locale,
    money: (cents, currency) => formatMoney(cents, currency, locale),
    amount: (value, options) => formatAmount(value, { ...options, locale }),
    number: (value, options) =>
      cached(
        numberFormats,
        `${locale}\u0000${JSON.stringify(options ?? {})}`,
        () => new Intl.NumberFormat(locale, options),
      ).format(value),
    date: (value, options = { dateStyle: 'medium' }) =>
      formatDate(locale, timeZone, value, options),
    dateTime: (value, options = { dateStyle: 'medium', timeStyle: 'short' }) =>
      formatDate(locale, timeZone, value, options),
  };
}

/**
 * Formatters for the UI context's locale and time zone (`<BillingProvider locale timeZone>`;
 * default "en-US", the browser's zone).
 */
export function useFormat(): Formatters {
  const { locale, timeZone } = useBillingUI();
  return useMemo(() => createFormatters(locale, timeZone), [locale, timeZone]);
}

/**
 * Money in the smallest currency unit, in the UI context's locale: `useFormat().money` alone,
 * for components that format nothing else (the credit-amount formatter that `useFormat` carries
 * is then left out of their bundle).
 */
export function useMoney(): Formatters['money'] {
  const { locale } = useBillingUI();
  return useMemo(() => (cents, currency) => formatMoney(cents, currency, locale), [locale]);
}

/**
 * A date in the UI context's locale: `useFormat().date` alone, for components that format only
 * money and dates (with `useMoney`), so the credit-amount formatter stays out of their bundle.
 */
export function useDate(): Formatters['date'] {
  const { locale, timeZone } = useBillingUI();
  return useMemo(
    () =>
      (value, options = { dateStyle: 'medium' }) =>
        formatDate(locale, timeZone, value, options),
    [locale, timeZone],
  );
}
