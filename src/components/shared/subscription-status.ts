// A subscription's status and the date that matters for it, worded one way for
// SubscriptionStatus and UpgradePicker (the `subscriptionStatus` message section).
import type { Subscription, subscriptionStatuses } from '../../contract/schemas.js';
import type { MessageKey, Translate } from '../messages/index.js';

// Every status of the contract, checked by the compiler both ways, and `expired`, which the
// service's webhooks carry (api-notes); a runtime import of the contract's list would bring
// every zod schema into a component's bundle.
const statusKeys = {
  active: 'subscriptionStatus.active',
  canceled: 'subscriptionStatus.canceled',
  unpaid: 'subscriptionStatus.unpaid',
  paused: 'subscriptionStatus.paused',
  trialing: 'subscriptionStatus.trialing',
  scheduled_cancel: 'subscriptionStatus.scheduled_cancel',
  past_due: 'subscriptionStatus.past_due',
  expired: 'subscriptionStatus.expired',
} satisfies Record<(typeof subscriptionStatuses)[number] | 'expired', MessageKey>;

/** A subscription's status in plain words; an unknown status as the service sent it. */
export function subscriptionStatusText(t: Translate, status: string): string {
  return Object.hasOwn(statusKeys, status)
    ? t(statusKeys[status as keyof typeof statusKeys])
    : status;
}

/** Which date a subscription summary shows, on its `date` part's `data-state`. */
export type SubscriptionDateKind =
  | 'renews'
  | 'trialEnds'
  | 'ends'
  | 'ended'
  | 'canceled'
  | 'nextCharge';

/**
 * The date that matters for the status, and how to say it: renewal, trial end, end (to come, or
 * past when expired), cancellation, else (past_due, unpaid, unknown statuses) the next charge attempt; none when
 * paused or when the date is missing.
 */
export function subscriptionDate(
  subscription: Subscription,
): { kind: SubscriptionDateKind; key: MessageKey; value: string } | null {
  const next = subscription.next_transaction_date ?? undefined;
  const end = subscription.current_period_end_date ?? undefined;
  const pick = (kind: SubscriptionDateKind, key: MessageKey, value: string | undefined) =>
    value ? { kind, key, value } : null;
  switch (subscription.status) {
    case 'active':
      return pick('renews', 'subscriptionStatus.renewsOn', next ?? end);
    case 'trialing':
      return pick('trialEnds', 'subscriptionStatus.trialEndsOn', end ?? next);
    case 'scheduled_cancel':
      return pick('ends', 'subscriptionStatus.endsOn', end ?? next);
    case 'expired':
      return pick('ended', 'subscriptionStatus.endedOn', end);
    case 'canceled':
      return pick(
        'canceled',
        'subscriptionStatus.canceledOn',
        subscription.canceled_at ?? undefined,
      );
    case 'paused':
      return null;
    default:
      return pick('nextCharge', 'subscriptionStatus.nextCharge', next);
  }
}
