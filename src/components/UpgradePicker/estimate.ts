// What a plan change costs, computed without React: which catalog products are candidates and
// whether each is an upgrade or a downgrade, and the estimate of what is charged now and at the
// next renewal. The estimate follows the same rules
// as the sandbox's `upgradeSubscription` and uses the same `planChange` (under its
// `planChangeDifference`) and `priceAfterSubscriptionDiscount`, so for the same moment both give
// the same figures.
import { addBillingPeriod, isBillingPeriod } from '../../contract/period.js';
import { planChange, priceAfterSubscriptionDiscount } from '../../contract/proration.js';
import type { Product, Subscription, UpdateBehavior } from '../../contract/schemas.js';
import { priceDirection } from '../shared/subscription.js';

export { allowsPlanChange, upgradableStatuses } from '../shared/subscription.js';

/** A candidate's relation to the current plan; `current` is the subscription's own product. */
export type PlanDirection = 'upgrade' | 'downgrade' | 'current';

/** Whether `product` is the current plan, or an upgrade or a downgrade from it (`priceDirection`). */
export function planDirection(product: Product, current: Product): PlanDirection {
  return product.id === current.id ? 'current' : priceDirection(product, current);
}

/**
 * The products a subscription on `current` can move to: active, recurring, in the same
 * currency, not the current product; in catalog order.
 */
export function candidatePlans(catalog: readonly Product[], current: Product): Product[] {
  return catalog.filter(
    (p) =>
      p.id !== current.id &&
      p.status === 'active' &&
      p.billing_type === 'recurring' &&
      p.currency === current.currency,
  );
}

/** What a plan change is estimated to cost; every amount in the currency's smallest unit. */
export type ChangeEstimate = {
  currency: string;
  /** Charged at once (never negative), after the subscription's discount while it applies. */
  now: number;
  /**
   * The credit for the unused part of the current plan (at what was paid for it) that the
   * change takes off: off `now` when something is charged now, else off the next bill (inside
   * `carried`). 0 when nothing of the plan is credited: a `trialing` subscription (it paid
   * nothing), a period with nothing left, `proration-none`, another billing period that begins
   * at the renewal, or a difference of 0 (nothing charged and nothing kept).
   */
  credit: number;
  /**
   * The prorated difference kept for the next bill: positive adds to it, negative (a
   * downgrade's unused part) is taken off it; 0 when there is none.
   */
  carried: number;
  /** When the next bill falls (ISO 8601), or null when it cannot be known. */
  nextBillDate: string | null;
  /** The next bill: the new plan's price plus `carried`, never below 0. */
  nextBill: number;
  /**
   * The new plan's price for a whole period (times the subscription's units) at the next bill:
   * after the subscription's discount when it still applies then
   * (`priceAfterSubscriptionDiscount`), else its list price.
   */
  regular: number;
  /** Whether the change starts a new billing period now (the periods differ, paid now). */
  newPeriod: boolean;
  /**
   * Whether the new plan's billing period begins at the renewal instead (the periods differ,
   * and nothing is charged now): the paid period runs out first.
   */
  atRenewal: boolean;
};

const iso = (time: number) => new Date(time).toISOString();

/**
 * The estimate of moving `subscription` from `current` to `target` with `behavior` at `now`.
 *
 * Same period: the unused part of the current price is credited and the rest of the period is
 * charged at the new price (`prorateUpgrade`). A different period with
 * `proration-charge-immediately` starts a new one now: the whole new price less the unused
 * part of the current one; with the other two the paid period runs out and the new plan's
 * first period follows at the renewal, nothing prorated. `proration-charge-immediately`
 * charges a positive difference now (a negative one goes to the next bill);
 * `proration-charge` puts it on the next bill; `proration-none` drops it. A `trialing`
 * subscription has paid nothing, so nothing of the current plan is credited. While the
 * subscription's discount applies at `now` (`priceAfterSubscriptionDiscount`), both prices are
 * prorated after it, so `now` and `carried` are what the customer pays, and `credit` the unused
 * part of the current plan taken off them.
 */
export function estimateChange(input: {
  subscription: Subscription;
  current: Product;
  target: Product;
  behavior: UpdateBehavior;
  now: number;
}): ChangeEstimate {
  const { subscription, current, target, behavior, now } = input;
  const units = subscription.items?.[0]?.units ?? 1;
  const start = Date.parse(subscription.current_period_start_date ?? iso(now));
  const knownEnd = subscription.current_period_end_date
    ? Date.parse(subscription.current_period_end_date)
    : Number.NaN;
  const end = Number.isNaN(knownEnd)
    ? isBillingPeriod(current.billing_period)
      ? (addBillingPeriod(start, current.billing_period)?.getTime() ?? now)
      : now
    : knownEnd;
  // Both plans at this customer's price, as the sandbox prorates them.
  const currentPrice = priceAfterSubscriptionDiscount(current.price * units, subscription, now);
  const targetPrice = priceAfterSubscriptionDiscount(target.price * units, subscription, now);
  const otherPeriod = target.billing_period !== current.billing_period;
  const newPeriod = otherPeriod && behavior === 'proration-charge-immediately';
  // The UpgradePicker never asks for a trialing plan (`allowsPlanChange`); a direct caller
  // gets the sandbox's figures all the same.
  const change = planChange({
    currentPrice,
    targetPrice,
    periodStart: start,
    periodEnd: end > start ? end : start + 1,
    now,
    trialing: subscription.status === 'trialing',
    samePeriod: !otherPeriod,
    startsNow: newPeriod,
  });

  const net = change.net;
  let charged = 0;
  let carried = 0;
  if (behavior === 'proration-charge-immediately' && net > 0) charged = net;
  else if (behavior !== 'proration-none') carried = net;
  // The credit goes where the difference goes (the sandbox charges it now or keeps it for the
  // next bill); a dropped or zero difference credits nothing.
  const credit = charged > 0 || carried !== 0 ? change.credit : 0;

  let nextBillDate: string | null = Number.isNaN(end) ? null : iso(end);
  if (newPeriod) {
    nextBillDate = isBillingPeriod(target.billing_period)
      ? (addBillingPeriod(now, target.billing_period)?.toISOString() ?? null)
      : null;
  }
  // The new plan's price at the next bill, after the discount if it still applies then.
  const regular = priceAfterSubscriptionDiscount(
    target.price * units,
    subscription,
    nextBillDate === null ? now : Date.parse(nextBillDate),
  );
  return {
    currency: target.currency,
    now: charged,
    credit,
    carried,
    nextBillDate,
    nextBill: Math.max(0, regular + carried),
    regular,
    newPeriod,
    atRenewal: otherPeriod && !newPeriod,
  };
}
