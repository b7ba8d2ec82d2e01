// Billing periods: the service's enum, calendar arithmetic on it (UTC) and price comparisons.
import { toTime } from './time.js';

/** Every billing period the service knows, in the order of its documentation. */
export const billingPeriods = [
  'every-day',
  'every-month',
  'every-three-months',
  'every-six-months',
  'every-year',
  'once',
] as const;

/** A known billing period; `once` is a one-time purchase. */
export type BillingPeriod = (typeof billingPeriods)[number];

/**
 * A period as it may arrive from the service: a known one or, since the enum is open, a
 * string this version does not know yet.
 */
export type AnyBillingPeriod = BillingPeriod | (string & {});

const months: Record<BillingPeriod, number | null> = {
  'every-day': null,
  'every-month': 1,
  'every-three-months': 3,
  'every-six-months': 6,
  'every-year': 12,
  once: null,
};

const labels: Record<BillingPeriod, string> = {
  'every-day': 'per day',
  'every-month': 'per month',
  'every-three-months': 'every 3 months',
  'every-six-months': 'every 6 months',
  'every-year': 'per year',
  once: 'one-time',
};

/** Whether `value` is one of `billingPeriods`. */
export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return typeof value === 'string' && Object.hasOwn(months, value);
}

/**
 * The length of a period in whole calendar months: 1, 3, 6 or 12. `null` for `every-day`
 * (not a whole number of months), for `once` (no length) and for an unknown period.
 */
export function billingPeriodMonths(period: AnyBillingPeriod): number | null {
  return isBillingPeriod(period) ? months[period] : null;
}

/**
 * A short English label such as "per month", "every 3 months" or "one-time", for places
 * without a message catalogue (the sandbox's hosted page, logs). It takes no locale: `Intl`
 * has no words for "per", "every" or "one-time", so a localized label comes from a message
 * catalogue, as the components' own messages do. An unknown period is returned as it is.
 */
export function billingPeriodLabel(period: AnyBillingPeriod): string {
  return isBillingPeriod(period) ? labels[period] : period;
}

/**
 * The date `count` periods after `date`, in UTC, keeping the time of day. Months are added
 * on the calendar and the day is clamped to the end of a shorter month: Jan 31 + 1 month is
 * Feb 28 (Feb 29 in a leap year). `every-day` adds whole UTC days; `once` returns `null`
 * (there is no next period). To step through a subscription's periods, add `n` periods to
 * the first date rather than one period `n` times, or Jan 31 drifts to the 28th for good.
 * Throws a `TypeError` for an invalid date, an unknown period or a bad `count`.
 *
 * @param date a Date, ISO 8601 string or Unix milliseconds.
 * @param count how many periods to add (may be negative). Default: 1.
 */
export function addBillingPeriod(
  date: Date | string | number,
  period: AnyBillingPeriod,
  count = 1,
): Date | null {
  const start = new Date(toTime(date, 'date'));
  if (!Number.isSafeInteger(count)) {
    throw new TypeError(`billing-kit: count must be a whole number of periods, got ${count}`);
  }
  if (!isBillingPeriod(period)) {
    throw new TypeError(
      `billing-kit: "${period}" is not a billing period; use one of ${billingPeriods.join(', ')}`,
    );
  }
  if (period === 'once') return null;
  const result = new Date(start.getTime());
  if (period === 'every-day') {
    result.setUTCDate(result.getUTCDate() + count);
    return result;
  }
  const target = start.getUTCMonth() + (months[period] ?? 0) * count;
  // Day 0 of the month after the target is the target's last day.
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), target + 1, 0)).getUTCDate();
  result.setUTCFullYear(start.getUTCFullYear(), target, Math.min(start.getUTCDate(), lastDay));
  return result;
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(
      `billing-kit: ${name} must be a non-negative whole number of cents, got ${value}`,
    );
  }
}

/**
 * The price per month of a price charged every `period`, in whole cents rounded half up:
 * 12000 every-year is 1000. `every-day` counts an average month of 365 / 12 days; `once` and
 * an unknown period give `null`. Throws a `TypeError` unless `priceCents` is a non-negative
 * whole number.
 */
export function monthlyEquivalent(priceCents: number, period: AnyBillingPeriod): number | null {
  assertCents(priceCents, 'priceCents');
  if (period === 'every-day') return Math.round((priceCents * 365) / 12);
  const length = billingPeriodMonths(period);
  return length === null ? null : Math.round(priceCents / length);
}

/**
 * How much paying every `longerPeriod` saves against paying `monthlyPrice` each month for as
 * long, as a whole percentage rounded down so it never overstates: 1000 a month against 9900
 * a year saves 17 (17.5%). `0` when the longer price saves nothing (or costs more) or the
 * monthly price is 0; `null` when `longerPeriod` is not a whole number of months. Throws a
 * `TypeError` unless both prices are non-negative whole numbers of cents.
 */
export function periodSaving(
  monthlyPrice: number,
  longerPrice: number,
  longerPeriod: AnyBillingPeriod,
): number | null {
  assertCents(monthlyPrice, 'monthlyPrice');
  assertCents(longerPrice, 'longerPrice');
  const length = billingPeriodMonths(longerPeriod);
  if (length === null) return null;
  const full = BigInt(monthlyPrice) * BigInt(length);
  const saved = full - BigInt(longerPrice);
  if (full === 0n || saved <= 0n) return 0;
  // Integer division is exact floor here; a float quotient could round 16.99… up to 17.
  return Number((saved * 100n) / full);
}
