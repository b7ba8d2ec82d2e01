// Reading the customer's subscriptions on the storefront's pages: which have not ended, and
// which product each is for.
import type { Subscription } from '../../src/contract/schemas.js';

/** Statuses after which a subscription no longer gives access or renews. */
const ENDED: ReadonlySet<string> = new Set(['canceled', 'expired']);

/** Whether the subscription still holds (any status but canceled or expired). */
export function isLive(subscription: Subscription): boolean {
  return !ENDED.has(subscription.status);
}

/** The id of the subscription's product, whether the service expanded it or not. */
export function productIdOf(subscription: Subscription): string {
  return typeof subscription.product === 'string' ? subscription.product : subscription.product.id;
}

/** As many subscriptions as the proxy lists on one page (its maximum). */
export const SUBSCRIPTIONS_PAGE_SIZE = 100;
