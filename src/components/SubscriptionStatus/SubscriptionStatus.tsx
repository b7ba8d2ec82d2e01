'use client';
// A small summary of one subscription: product, status in plain words, the date that matters
// for that status (renewal, trial end, end, cancellation) and the price.
import { type ReactNode, useRef } from 'react';
import type { Subscription } from '../../contract/schemas.js';
import { useBillingContext } from '../../react/context.js';
import { useAllCustomerSubscriptions, useProducts, useSubscription } from '../../react/queries.js';
import { type Translate, useMessages } from '../messages/index.js';
import { commonMessages } from '../messages/sections/common.js';
import { pricingTableMessages } from '../messages/sections/pricingTable.js';
import { subscriptionStatusMessages } from '../messages/sections/subscriptionStatus.js';
import { type Formatters, useDate, useMoney } from '../shared/format.js';
import { type CustomizableProps, type PartRenderer, useParts } from '../shared/slots.js';
import { spaced } from '../shared/spaced.js';
import { periodText, pickSubscription, productOf } from '../shared/subscription.js';
import { subscriptionDate, subscriptionStatusText } from '../shared/subscription-status.js';

/**
 * The parts of `SubscriptionStatus`, for `slots` and `slotProps`
 * (`data-slot="subscription-status-<part>"`). The root is a `div` with `role="group"`; its
 * `data-state` is the subscription's status once loaded, else `loading | error | empty`.
 *
 * - `title` (the product's name), `badge` (the status in words; `data-state`: the status as the
 *   service sent it)
 * - `details` (a `span` holding the price and the date: on one line they are parted by a dot,
 *   drawn by `styles.css` before the date and never read out; where the date goes to a line of
 *   its own, no dot), and in it `price` (amount, units and period) and `date` (a `time`: renews
 *   on, trial ends on, ends on, ended on, canceled on, next charge on; `data-state`: which of
 *   these, a `SubscriptionDateKind`)
 * - `skeleton` (loading; `aria-busy`; `data-state` `loading`), `alert` (loading failed;
 *   `data-state` `error`), `retryAction` (moves the focus to the root, which has
 *   `tabIndex={-1}`, as it loads again), `empty` (no subscription; `data-state` `empty`)
 */
export type SubscriptionStatusPart =
  | 'title'
  | 'badge'
  | 'details'
  | 'price'
  | 'date'
  | 'skeleton'
  | 'alert'
  | 'retryAction'
  | 'empty';

export type { SubscriptionDateKind } from '../shared/subscription-status.js';

/** Props of `SubscriptionStatus`. */
export interface SubscriptionStatusProps extends CustomizableProps<SubscriptionStatusPart> {
  /**
   * The subscription to show, as data you already hold (from `useSubscription`, your server);
   * nothing is fetched for it. Default: none.
   */
  subscription?: Subscription;
  /**
   * The id of one of the signed-in customer's subscriptions to show (read with
   * `useSubscription`). Default: none: the customer's first subscription that has not ended,
   * else their first.
   */
  subscriptionId?: string;
}

/**
 * A compact summary of one subscription: the product, its status in plain words (unknown
 * statuses shown as sent), the date that matters (renewal, trial end, end, cancellation, next
 * charge) and the price. Shows the customer's first subscription that has not ended unless
 * told which.
 *
 * When the service sends the product as an id, its name and price come from the catalog
 * (`useProducts`): the summary stays in its loading state until the catalog is there, so the id
 * is never shown in the place of the name. If the catalog cannot be loaded, what is known is
 * shown: the status and the date, with the product's id for a name and no price.
 *
 * @example
 * ```tsx
 * <SubscriptionStatus />
 * <SubscriptionStatus subscriptionId="sub_123" />
 * ```
 */
export function SubscriptionStatus(props: SubscriptionStatusProps) {
  useBillingContext('SubscriptionStatus');
  const { subscription: given, subscriptionId } = props;
  const part = useParts('SubscriptionStatus', props);
  const t = useMessages(commonMessages, pricingTableMessages, subscriptionStatusMessages);
  const money = useMoney();
  const date = useDate();

  const byId = useSubscription({
    subscriptionId: subscriptionId ?? '',
    enabled: given === undefined && subscriptionId !== undefined,
  });
  const list = useAllCustomerSubscriptions({
    enabled: given === undefined && subscriptionId === undefined,
  });
  const query = given !== undefined ? null : subscriptionId !== undefined ? byId : list;
  const subscription =
    given ??
    (subscriptionId !== undefined
      ? byId.data
      : pickSubscription(list.data, { includeEnded: true }));
  // The catalog only when the service sent the product as an id (or an upgrade wrote one in
  // the cache before the catalog was there). Until it comes the summary waits, rather than show
  // the id and then the name; if it fails, the summary shows what is known (the id, no price).
  const needsCatalog = subscription !== undefined && typeof subscription.product === 'string';
  const catalog = useProducts({ enabled: needsCatalog });
  const catalogPending = needsCatalog && catalog.isPending && catalog.fetchStatus !== 'idle';

  const label = t('subscriptionStatus.label');
  const rootRef = useRef<HTMLElement | null>(null);
  // Signed out (401) has no subscription to show.
  const signedOut = query?.error?.status === 401;
  const root = (state: string, children: ReactNode, busy?: boolean) => (
    <>
      {part('root', 'div', {
        role: 'group',
        'aria-label': label,
        'aria-busy': busy ? true : undefined,
        // Where Try again leaves the focus: the button goes with the alert, the root stays
        // through the loading and the summary (or the alert again, if the retry fails too).
        tabIndex: -1,
        ref: rootRef,
        'data-state': state,
        children,
      })}
    </>
  );

  if ((query?.isPending && query.fetchStatus !== 'idle') || catalogPending) {
    return root(
      'loading',
      part('skeleton', 'span', {
        role: 'status',
        'data-state': 'loading',
        children: t('subscriptionStatus.loading'),
      }),
      true,
    );
  }
  // A failed refetch keeps the data it had on show.
  if (query?.error && !query.data && !signedOut) {
    return root(
      'error',
      part('alert', 'div', {
        role: 'alert',
        'data-state': 'error',
        children: spaced(
          <span key="text">{t('subscriptionStatus.error')}</span>,
          part('retryAction', 'button', {
            key: 'retry',
            type: 'button',
            onClick: () => {
              rootRef.current?.focus();
              void query.refetch();
            },
            children: t('common.retry'),
          }),
        ),
      }),
    );
  }
  if (!subscription) {
    return root(
      'empty',
      part('empty', 'p', { 'data-state': 'empty', children: t('subscriptionStatus.empty') }),
    );
  }
  return root(
    subscription.status,
    renderSummary(part, t, { money, date }, subscription, productOf(subscription, catalog.data)),
  );
}

function renderSummary(
  part: PartRenderer<SubscriptionStatusPart>,
  t: Translate,
  format: Pick<Formatters, 'money' | 'date'>,
  subscription: Subscription,
  product: ReturnType<typeof productOf>,
): ReactNode[] {
  const units = subscription.items?.[0]?.units ?? 1;
  const date = subscriptionDate(subscription);
  let price: string | null = null;
  if (product) {
    const period = periodText(t, product.billing_period);
    price =
      units > 1
        ? t('subscriptionStatus.priceUnits', {
            units,
            amount: format.money(product.price, product.currency),
            period,
          })
        : t('subscriptionStatus.price', {
            amount: format.money(product.price, product.currency),
            period,
          });
  }
  return spaced(
    part('title', 'span', {
      key: 'title',
      children:
        product?.name ??
        (typeof subscription.product === 'string' ? subscription.product : subscription.product.id),
    }),
    part('badge', 'span', {
      key: 'badge',
      'data-state': subscription.status,
      children: subscriptionStatusText(t, subscription.status),
    }),
    price !== null || date
      ? part('details', 'span', {
          key: 'details',
          children: spaced(
            price !== null ? part('price', 'span', { key: 'price', children: price }) : null,
            date
              ? part('date', 'time', {
                  key: 'date',
                  dateTime: date.value,
                  'data-state': date.kind,
                  children: t(date.key, { date: format.date(date.value) }),
                })
              : null,
          ),
        })
      : null,
  );
}
