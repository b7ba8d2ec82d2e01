// Proration of a plan change in the middle of a billing period, and the price of a charge
// after a subscription's discount. The sandbox charges with them and the UI estimates with
// them, so both always show the same numbers.
import { addBillingPeriod } from './period.js';
import type { SubscriptionDiscount } from './schemas.js';
import { type Moment, toTime } from './time.js';

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

/** The input of `planChangeDifference`: the proration's, and how the change falls. */
export interface PlanChangeInput extends ProrateUpgradeInput {
  /** The subscription is in its trial: it has paid nothing, so nothing is credited. */
  trialing: boolean;
  /** Both plans bill over the same period. */
  samePeriod: boolean;
  /** The plans' periods differ and the change is paid now, so a new period starts now. */
  startsNow: boolean;
}

/** The outcome of `planChange`; both amounts are whole numbers in the smallest unit. */
export interface PlanChange {
  /**
   * The unused part of the current plan that `net` takes off: `prorateUpgrade(…).credit`,
   * 0 for a trial (nothing paid) and when nothing is prorated (across periods, the new one
   * starting at the renewal).
   */
  credit: number;
  /** The difference the change makes: `planChangeDifference`. Negative for a downgrade. */
  net: number;
}

/**
 * A plan change as the sandbox charges it and the UpgradePicker estimates it: in the same
 * period, the target's price for the rest of it less the unused part of the current plan
 * (`prorateUpgrade`); across periods with a new one starting now, the target's whole price less
 * that unused part; across periods otherwise, nothing (the paid period runs out first, nothing
 * prorated: a month must not buy a year). A trial has paid nothing, so nothing of the current
 * plan is credited. `net` is the difference, `credit` the unused part it takes off.
 */
export function planChange(input: PlanChangeInput): PlanChange {
  const { trialing, samePeriod, startsNow, ...period } = input;
  const proration = prorateUpgrade(period);
  const credit = trialing ? 0 : proration.credit;
  if (samePeriod) return { credit, net: proration.charge - credit };
  return startsNow ? { credit, net: input.targetPrice - credit } : { credit: 0, net: 0 };
}

/**
 * The difference a plan change makes, in the smallest unit: `planChange(input).net` (see
 * there). Negative for a downgrade.
 */
export function planChangeDifference(input: PlanChangeInput): number {
  return planChange(input).net;
}

/** What {@link priceAfterSubscriptionDiscount} reads of a subscription. */
export interface DiscountedSubscription {
  /**
   * The discount the subscription was bought with, as the service embeds it (camelCase:
   * `type`, `amount`, `duration`, `durationInMonths`). Default: none.
   */
  discount?: SubscriptionDiscount | null | undefined;
  /** When the subscription started (ISO 8601): a `repeating` discount's months count from it. */
  created_at: string;
}

/**
 * The price of one charge of `subscription` at `now` after the subscription's own discount, in
 * the smallest currency unit: what a plan change prorates (the credit for the current plan and
 * the charge for the target alike).
 *
 * The discount applies at `now` when its `duration` is `forever`, or `repeating` while `now`
 * is before `durationInMonths` calendar months after the subscription's `created_at`
 * (`addBillingPeriod`); never when it is `once` (the first payment only), nor for a
 * `repeating` one without `durationInMonths`, nor for a type or duration this version does
 * not know. A `percentage` discount takes `amount`% of `price` off, rounded half up to a whole
 * unit (as the sandbox's checkout does); a `fixed` one takes `amount` (in the smallest unit) off
 * each charge. Either way the result is never below 0 nor above `price`.
 *
 * Throws a `TypeError` for a price that is not a non-negative whole number, or an invalid
 * `now` or `created_at` when a `repeating` discount needs them.
 *
 * @param price the list price of the charge (per-unit price × units), in the smallest unit.
 * @param now the moment of the charge. Default: the current time.
 */
export function priceAfterSubscriptionDiscount(
  price: number,
  subscription: DiscountedSubscription,
  now: Moment = new Date(),
): number {
  toCents(price, 'price');
  const discount = subscription.discount;
  if (!discount || !discountAppliesAt(discount, subscription.created_at, now)) return price;
  const amount = Math.max(0, discount.amount ?? 0);
  let off = 0;
  if (discount.type === 'percentage') off = Math.round((price * amount) / 100);
  else if (discount.type === 'fixed') off = amount;
  return price - Math.min(price, off);
}

function discountAppliesAt(
  discount: SubscriptionDiscount,
  startedAt: string,
  now: Moment,
): boolean {
  if (discount.duration === 'forever') return true;
  if (discount.duration !== 'repeating') return false;
  const months = discount.durationInMonths;
  if (typeof months !== 'number' || !Number.isSafeInteger(months) || months <= 0) return false;
  const start = toTime(startedAt, 'created_at');
  const ends = addBillingPeriod(start, 'every-month', months) as Date;
  return toTime(now, 'now') < ends.getTime();
}
