// Reading a subscription for display: its product (expanded or by id), which of a customer's
// subscriptions is the one that counts now, and its billing period in words. Shared by
// PricingTable, SubscriptionStatus and UpgradePicker.
import { type AnyBillingPeriod, isBillingPeriod } from '../../contract/period.js';
import type { Product, Subscription } from '../../contract/schemas.js';
import type { MessageKey, Translate } from '../messages/index.js';

/** "per month", "every 3 months", "one-time payment"; an unknown period as it came. */
export function periodText(t: Translate, period: AnyBillingPeriod): string {
  return isBillingPeriod(period) ? t(`pricingTable.per.${period}` as MessageKey) : period;
}

/**
 * Whether moving from `from` to `to` is an upgrade or a downgrade, by the price of one period
 * (an equal price counts as an upgrade): the one rule of PricingTable's cards and UpgradePicker,
 * so both say the same in one storefront. Across periods this reads as billing services do: a
 * longer commitment at a higher price (monthly to yearly) is an upgrade, a shorter period
 * (monthly to a day pass) a downgrade, even where the price per month says otherwise.
 */
export function priceDirection(to: Product, from: Product): 'upgrade' | 'downgrade' {
  return to.price >= from.price ? 'upgrade' : 'downgrade';
}

/** Statuses after which a subscription no longer gives access or renews. */
const ENDED = new Set<string>(['canceled', 'expired']);

/** Whether the subscription has ended (canceled, or expired). */
export function hasEnded(subscription: Subscription): boolean {
  return ENDED.has(subscription.status);
}

/**
 * The statuses whose plan can be changed: only `active`. Every other status is refused, each
 * for its own reason, shown in words by `UpgradePicker` (PricingTable marks the other plans
 * unavailable):
 * - `trialing`: nothing has been paid yet, so there is nothing to prorate; change after the trial.
 * - `past_due`, `unpaid`: a payment is outstanding; settle it first (a change would add to it).
 * - `paused`: resume the subscription first.
 * - `scheduled_cancel`: the subscription ends at the close of the period; undo the cancellation
 *   first rather than pay for a plan that is about to end.
 * - `canceled` (and `expired`): ended; there is nothing to change.
 * - any status this version does not know: refused, to be safe.
 */
export const upgradableStatuses: readonly string[] = ['active'];

/** Whether a subscription in this status may change its plan (see `upgradableStatuses`). */
export function allowsPlanChange(status: string): boolean {
  return upgradableStatuses.includes(status);
}

/** The id of the subscription's product, whether the service expanded it or not. */
export function productIdOf(subscription: Subscription): string {
  return typeof subscription.product === 'string' ? subscription.product : subscription.product.id;
}

/**
 * The subscription's product: the expanded one, else the catalog's product of that id, else
 * undefined (an id the catalog does not hold).
 */
export function productOf(
  subscription: Subscription,
  catalog: readonly Product[] | undefined,
): Product | undefined {
  if (typeof subscription.product !== 'string') return subscription.product;
  const id = subscription.product;
  return catalog?.find((p) => p.id === id);
}

/**
 * The subscription that counts now: the one with `subscriptionId` when given (undefined if
 * absent), else the first that has not ended, else (`includeEnded`) the first of all.
 */
export function pickSubscription(
  subscriptions: readonly Subscription[] | undefined,
  options: { subscriptionId?: string; includeEnded?: boolean } = {},
): Subscription | undefined {
  if (!subscriptions) return undefined;
  if (options.subscriptionId !== undefined) {
    return subscriptions.find((s) => s.id === options.subscriptionId);
  }
  return (
    subscriptions.find((s) => !hasEnded(s)) ?? (options.includeEnded ? subscriptions[0] : undefined)
  );
}

/**
 * The subscription a plan change applies to when none is named: the first whose plan may
 * change, else the first that has not ended. PricingTable and UpgradePicker pick alike.
 */
export function changeableSubscription(
  subscriptions: readonly Subscription[] | undefined,
): Subscription | undefined {
  return subscriptions?.find((s) => allowsPlanChange(s.status)) ?? pickSubscription(subscriptions);
}
