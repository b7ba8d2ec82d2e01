// Proration of a plan change in the middle of a billing period. The sandbox charges with it
// and the UI estimates with it, so both always show the same numbers.
import { toTime } from './time.js';

/** The input of `prorateUpgrade`. */
export interface ProrateUpgradeInput {
  /** Price of the current plan for one whole period, in the smallest currency unit. */
  currentPrice: number;
  /** Price of the target plan for one whole period, in the smallest currency unit. */
  targetPrice: number;
  /** Start of the current period: a Date, an ISO 8601 string or Unix milliseconds. */
  periodStart: Date | string | number;
  /** End of the current period (exclusive), in the same forms; must be after `periodStart`. */
  periodEnd: Date | string | number;
  /** The moment of the change. Default: the current time. */
  now?: Date | string | number;
}

/** The outcome of `prorateUpgrade`; every amount is a whole number in the smallest unit. */
export interface Proration {
  /** Share of the period still to come, from 0 (ended) to 1 (not started). */
  remainingFraction: number;
  /** The unused part of the current price, returned to the customer. */
  credit: number;
  /** The target price for the rest of the period. */
  charge: number;
  /** `charge − credit`: what the customer pays now; negative for a downgrade. */
  net: number;
}

function toCents(value: number, name: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(
      `billing-kit: ${name} must be a non-negative whole number in the smallest currency unit, got ${value}`,
    );
  }
  return BigInt(value);
}

/** `price × remaining / length` rounded half up, exactly (the product can pass 2^53). */
function share(price: bigint, remaining: bigint, length: bigint): number {
  return Number((price * remaining * 2n + length) / (length * 2n));
}

/**
 * Prorates a change from the current plan to the target plan at `now`. The remaining share
 * of the period is `(periodEnd − now) / (periodEnd − periodStart)`, clamped to [0, 1] (a
 * change before the start counts as a whole period, one at or after the end as nothing).
 *
 * Rounding: `credit` and `charge` are each computed exactly from the millisecond times and
 * rounded once, half up, to a whole number of the smallest unit; `net` is `charge − credit`
 * of those rounded values, so the three figures always add up as shown. `remainingFraction`
 * is for display only and is not used to compute the amounts.
 *
 * Throws a `TypeError` for a price that is not a non-negative whole number, an invalid date,
 * or a period that does not end after it starts.
 */
export function prorateUpgrade(input: ProrateUpgradeInput): Proration {
  const current = toCents(input.currentPrice, 'currentPrice');
  const target = toCents(input.targetPrice, 'targetPrice');
  const start = toTime(input.periodStart, 'periodStart');
  const end = toTime(input.periodEnd, 'periodEnd');
  const now = toTime(input.now ?? new Date(), 'now');
  if (end <= start) {
    throw new TypeError(
      `billing-kit: periodEnd (${new Date(end).toISOString()}) must be after periodStart (${new Date(start).toISOString()})`,
    );
  }
  const length = end - start;
  const remaining = Math.min(Math.max(end - now, 0), length);
  const credit = share(current, BigInt(remaining), BigInt(length));
  const charge = share(target, BigInt(remaining), BigInt(length));
  return { remainingFraction: remaining / length, credit, charge, net: charge - credit };
}
