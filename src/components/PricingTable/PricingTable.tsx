'use client';
// The pricing table: the catalog as plan cards, grouped by billing period behind a radio-group
// switch, each card's call to action a checkout (new customer, one-time product) or a plan
// change (subscribed customer), with per-card pending and error states.
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { BillingError } from '../../client/error.js';
import {
  type AnyBillingPeriod,
  billingPeriodMonths,
  isBillingPeriod,
  monthlyEquivalent,
} from '../../contract/period.js';
import type { Checkout, Product, Subscription, UpdateBehavior } from '../../contract/schemas.js';
import { useBillingContext } from '../../react/context.js';
import { useCheckout, useUpgradeSubscription } from '../../react/mutations.js';
import { useAllCustomerSubscriptions, useProducts } from '../../react/queries.js';
import { type MessageKey, type Translate, useMessages } from '../messages/index.js';
import { commonMessages } from '../messages/sections/common.js';
import { pricingTableMessages } from '../messages/sections/pricingTable.js';
import { subscriptionStatusMessages } from '../messages/sections/subscriptionStatus.js';
import { useMoney } from '../shared/format.js';
import { type CustomizableProps, type PartRenderer, useParts } from '../shared/slots.js';
import { spaced } from '../shared/spaced.js';
import {
  allowsPlanChange,
  changeableSubscription,
  hasEnded,
  periodText,
  productIdOf,
  productOf,
} from '../shared/subscription.js';
import { subscriptionStatusText } from '../shared/subscription-status.js';
import {
  type CurrentPlans,
  groupByPeriod,
  groupOf,
  type PlanState,
  planState,
  savingOf,
} from './plans.js';

export type { PlanState } from './plans.js';

/**
 * The parts of `PricingTable`, for `slots` and `slotProps` (`data-slot="pricing-table-<part>"`
 * in kebab case). The root is a `section`.
 *
 * - `periodSwitch` (`fieldset`, only with two or more periods), `periodLabel` (its `legend`),
 *   `periodToggle` (the `label` of one period; `data-state` `on | off`), `periodInput` (its
 *   radio input), `periodBadge` (the best saving of that period, when there is one;
 *   `data-state` `saving`)
 * - `grid` (`ul`; `data-state`: the period shown, such as `every-month`, `every-year` or `once`,
 *   and a period this version does not know as the service sent it), `card` (`li`;
 *   `data-state`: `PlanState`; `data-recommended` on the recommended plan), `recommendedBadge`
 *   (`data-state` `recommended`), `title` (`h3`), `description`, `price` (holds `amount` and
 *   `period`: "$29.00" "per month"), `tax` ("plus tax" / "Tax included"; `data-state`
 *   `exclusive | inclusive`), `monthlyEquivalent`, `savingBadge` (what the plan saves against
 *   a shorter period, when it saves; `data-state` `saving`), `features` (`ul`), `feature`
 *   (`li`), `button` (the call to action, named with its plan; `data-state`:
 *   `CardActionState`; while its action runs it keeps its label and is `aria-busy`, with a
 *   spinner drawn by `styles.css`, the notice saying what goes on), `cardError` (the card's
 *   checkout or plan change failed; `role="alert"`; `data-state` `failed`)
 * - `statusNote` (why plans shown are unavailable, one note per reason, each the accessible
 *   description of the buttons it is about: the subscription's status allows no plan change
 *   (shown in every period); the shown plans are in another currency than the subscription;
 *   the subscription's plan is one the catalog does not hold (named by id only); an archived
 *   plan, one note each; `data-state`: the subscription's status, none for a new customer)
 * - `notice` (a polite live region, the one place that says "Preparing your checkout…",
 *   "Taking you to the payment page…" or "Changing your plan…", then that the plan changed;
 *   `data-state` `shown` while it says something, else `empty`)
 * - `loading` (`role="status"` while the root is `aria-busy`; `data-state` `loading`),
 *   `skeleton` (a placeholder card, three of them; `data-state` `loading`), `alert` (loading
 *   failed; `data-state` `error`), `retryAction` (moves the focus to the root, which has
 *   `tabIndex={-1}`, as it loads again), `empty` (no plans; `data-state` `empty`)
 */
export type PricingTablePart =
  | 'periodSwitch'
  | 'periodLabel'
  | 'periodToggle'
  | 'periodInput'
  | 'periodBadge'
  | 'grid'
  | 'card'
  | 'recommendedBadge'
  | 'title'
  | 'description'
  | 'price'
  | 'amount'
  | 'period'
  | 'tax'
  | 'monthlyEquivalent'
  | 'savingBadge'
  | 'features'
  | 'feature'
  | 'button'
  | 'cardError'
  | 'statusNote'
  | 'notice'
  | 'loading'
  | 'skeleton'
  | 'alert'
  | 'retryAction'
  | 'empty';

/** The state of the table as a whole, on the root's `data-state`. */
export type PricingTableState = 'loading' | 'error' | 'empty' | 'ready';

/**
 * Where a card's call to action is: `idle`, `pending` (its checkout or plan change is under
 * way), `redirecting` (off to the checkout page), `done` (plan changed) or `failed`.
 */
export type CardActionState = 'idle' | 'pending' | 'redirecting' | 'done' | 'failed';

/** What a card's call to action did, for `onSuccess`. */
export type PricingTableSuccess =
  | { action: 'checkout'; product: Product; checkout: Checkout }
  | { action: 'upgrade'; product: Product; subscription: Subscription };

/** Which action failed, for `onError`. */
export type PricingTableErrorDetails = { action: 'checkout' | 'upgrade'; product: Product };

/** Details of a period change. */
export type PeriodChangeDetails = {
  /** The period shown before. */
  previous: AnyBillingPeriod;
  /** The change event of the radio input. */
  event: ChangeEvent<HTMLInputElement>;
};

/** Props of `PricingTable`. */
export interface PricingTableProps extends CustomizableProps<PricingTablePart> {
  /**
   * The plans to show, in display order, instead of the catalog from `useProducts` (the
   * proxy's `products` option). Default: the catalog.
   */
  products?: readonly Product[];
  /** The id of the plan to highlight with a "Recommended" badge. Default: none. */
  recommended?: string;
  /**
   * The billing period shown (controlled), such as `'every-year'`; one-time products are in
   * `'once'`. Default: uncontrolled.
   */
  period?: AnyBillingPeriod;
  /**
   * The period shown first when uncontrolled. Default: the period of the customer's current
   * plan, else monthly when on offer, else the shortest period on offer.
   */
  defaultPeriod?: AnyBillingPeriod;
  /** Called when the buyer picks another period. Default: none. */
  onPeriodChange?: (period: AnyBillingPeriod, details: PeriodChangeDetails) => void;
  /**
   * Which of the customer's subscriptions a plan change applies to (an ended one counts as
   * none). Default: the first whose status allows a plan change, else the first that has not
   * ended; a customer without one is a new customer. Every plan the customer holds is `current`.
   */
  subscriptionId?: string;
  /**
   * Whether a customer is signed in, when your page knows. `false` shows every plan as to a new
   * buyer without asking the proxy for subscriptions, so a visitor's browser logs no 401.
   * Default: unknown; the table asks, and a 401 means signed out.
   */
  signedIn?: boolean;
  /**
   * Where the checkout page sends the buyer after paying (`success_url`; an allowed origin of
   * the proxy). Default: the proxy picks one and always sends it: the product's
   * `default_success_url` when it is an http(s) address on an origin the proxy allows
   * (`allowedOrigins`, by default its own), else the home page (`/`) of the page's origin;
   * when it skips a product's address, it tells the proxy's `onError` (not this table's).
   */
  successUrl?: string;
  /**
   * Replaces the built-in plan change: called with the chosen plan and the subscription when a
   * subscribed customer picks an upgrade or downgrade, so that you can open an `UpgradePicker`
   * (or your own confirmation) instead. Default: none; the table changes the plan at once with
   * `useUpgradeSubscription` and `updateBehavior`.
   */
  onUpgrade?: (product: Product, subscription: Subscription) => void;
  /**
   * Replaces the built-in checkout: called with the chosen plan when a customer picks a plan they
   * do not have, so that you can open its product page (a `CheckoutForm` with custom fields and a
   * discount code) instead. Default: none; the table starts a checkout at once with `useCheckout`.
   */
  onCheckout?: (product: Product) => void;
  /**
   * How the built-in plan change charges the difference. Default: the service's default
   * (`proration-charge-immediately`).
   */
  updateBehavior?: UpdateBehavior;
  /**
   * Groups products into plans across billing periods to compute savings: products with the
   * same key are the same plan. Default: the product name without a trailing period word or
   * "(…)" that names a period, lower case ("Pro (yearly)" → "pro"; "Pro (5 seats)" stays
   * "pro (5 seats)", a plan of its own).
   */
  planKey?: (product: Product) => string;
  /** Called when a checkout was created (before the redirect) or a plan changed. Default: none. */
  onSuccess?: (details: PricingTableSuccess) => void;
  /** Called when a checkout or plan change failed; the table stays usable. Default: none. */
  onError?: (error: BillingError, details: PricingTableErrorDetails) => void;
}

/** The last action started: `state` is the card's state then (a plan change may flip it). */
type LastAction = { kind: 'checkout' | 'upgrade'; productId: string; state: PlanState };

/** "Monthly", "Yearly", "One-time"; an unknown period as it came. */
function switchText(t: Translate, period: AnyBillingPeriod): string {
  return isBillingPeriod(period) ? t(`pricingTable.switch.${period}` as MessageKey) : period;
}

/**
 * The seller's plans, grouped by billing period behind an accessible switch, with prices in
 * the locale, the tax mode, features and savings. One-time products form their own group
 * ("One-time"), shown like a period.
 *
 * Each card's `data-state` is its `PlanState`:
 * - `available`: the button starts a checkout ("Subscribe", "Buy now"). Every active plan for
 *   a new or signed-out customer; and a one-time product for anyone, a subscriber too, since
 *   buying it is neither an upgrade nor a downgrade of the subscription.
 * - `current`: a plan the customer holds (the button is disabled).
 * - `upgrade` / `downgrade`: for a subscriber, another recurring plan in the subscription's
 *   currency priced at least as much / less; the button changes the subscription's plan.
 * - `unavailable`: archived, in another currency, or the subscription's status allows no plan
 *   change (a `statusNote` says why, and describes the card's disabled button).
 *
 * A failed action says so on its card; a signed-out visitor whose checkout the proxy refuses
 * (401) is asked to sign in (`common.signIn`) rather than to try again.
 *
 * @example
 * ```tsx
 * <PricingTable recommended="prod_pro_monthly" successUrl="https://shop.example/thanks" />
 * ```
 */
export function PricingTable(props: PricingTableProps) {
  useBillingContext('PricingTable');
  const {
    products: productsProp,
    recommended,
    period: periodProp,
    defaultPeriod,
    onPeriodChange,
    subscriptionId,
    signedIn,
    successUrl,
    onUpgrade,
    onCheckout,
    updateBehavior,
    planKey,
    onSuccess,
    onError,
  } = props;
  const part = useParts('PricingTable', props);
  const t = useMessages(commonMessages, pricingTableMessages, subscriptionStatusMessages);
  const money = useMoney();
  const name = useId();
  const noteId = useId();

  const catalogQuery = useProducts({ enabled: productsProp === undefined });
  const subscriptionsQuery = useAllCustomerSubscriptions({ enabled: signedIn !== false });
  const products = productsProp ?? catalogQuery.data;
  // Signed out (said so, or a 401): a visitor, shown the table as a new customer.
  const signedOut = signedIn === false || subscriptionsQuery.error?.status === 401;
  const owned = signedOut ? undefined : subscriptionsQuery.data?.filter((s) => !hasEnded(s));
  const subscription =
    subscriptionId === undefined
      ? changeableSubscription(owned)
      : owned?.find((s) => s.id === subscriptionId);
  const current: CurrentPlans | undefined = subscription && {
    productIds: new Set(owned?.map(productIdOf)),
    product: productOf(subscription, products),
    changeable: allowsPlanChange(subscription.status),
  };

  const latest = useRef({ products, onSuccess, onError });
  latest.current = { products, onSuccess, onError };
  const findProduct = (id: string) => latest.current.products?.find((p) => p.id === id);

  const checkout = useCheckout({
    onSuccess: (created, body) => {
      const product = findProduct(body.product_id);
      if (product) latest.current.onSuccess?.({ action: 'checkout', product, checkout: created });
    },
    onError: (error, body) => {
      const product = findProduct(body.product_id);
      if (product) latest.current.onError?.(error, { action: 'checkout', product });
    },
  });
  // A plan change on its way, set before `mutate` and cleared when it settles: two clicks before
  // React renders again (a busy main thread) see the same `busy` and must still send one change.
  // Cleared by the hook's own callbacks, which run also while the table is hidden (a per-call
  // callback of `mutate` does not run without a mounted observer, and the table would stay locked).
  const upgrading = useRef(false);
  const upgrade = useUpgradeSubscription({
    onSuccess: (updated, input) => {
      upgrading.current = false;
      const product = findProduct(input.product_id);
      if (product) {
        latest.current.onSuccess?.({ action: 'upgrade', product, subscription: updated });
      }
    },
    onError: (error, input) => {
      upgrading.current = false;
      const product = findProduct(input.product_id);
      if (product) latest.current.onError?.(error, { action: 'upgrade', product });
    },
  });

  const [last, setLast] = useState<LastAction | null>(null);
  const [chosenPeriod, setChosenPeriod] = useState<AnyBillingPeriod | undefined>(defaultPeriod);
  const notice = useRef<HTMLElement | null>(null);
  const rootRef = useRef<HTMLElement | null>(null);

  const upgradeDone = last?.kind === 'upgrade' && upgrade.isSuccess;
  useEffect(() => {
    if (upgradeDone) notice.current?.focus();
  }, [upgradeDone]);

  const busy =
    checkout.state === 'submitting' || checkout.state === 'redirecting' || upgrade.isPending;

  function actionState(productId: string): CardActionState {
    if (last?.productId !== productId) return 'idle';
    if (last.kind === 'checkout') {
      return checkout.state === 'submitting'
        ? 'pending'
        : checkout.state === 'redirecting'
          ? 'redirecting'
          : checkout.state === 'failed'
            ? 'failed'
            : 'idle';
    }
    return upgrade.isPending
      ? 'pending'
      : upgrade.isSuccess
        ? 'done'
        : upgrade.isError
          ? 'failed'
          : 'idle';
  }

  function act(product: Product, state: PlanState) {
    if (busy || upgrading.current) return;
    if (state === 'available') {
      if (onCheckout) {
        onCheckout(product);
        return;
      }
      setLast({ kind: 'checkout', productId: product.id, state });
      void checkout.checkout({
        product_id: product.id,
        ...(successUrl !== undefined ? { success_url: successUrl } : {}),
      });
    } else if ((state === 'upgrade' || state === 'downgrade') && subscription) {
      if (onUpgrade) {
        onUpgrade(product, subscription);
        return;
      }
      setLast({ kind: 'upgrade', productId: product.id, state });
      upgrading.current = true;
      upgrade.mutate({
        subscription_id: subscription.id,
        product_id: product.id,
        ...(updateBehavior !== undefined ? { update_behavior: updateBehavior } : {}),
      });
    }
  }

  /** The table's one root, in each of its states. */
  const root = (state: PricingTableState, children: ReactNode, busy?: true) => (
    <>
      {part('root', 'section', {
        'aria-label': t('pricingTable.label'),
        'aria-busy': busy,
        // Where Try again leaves the focus: the button goes with the alert, the root stays
        // through the loading and the plans (or the alert again, if the retry fails too).
        tabIndex: -1,
        ref: rootRef,
        'data-state': state,
        children,
      })}
    </>
  );

  // -- states of the whole table ----------------------------------------------------------------
  // A failed refetch keeps the data it had: the table stays as shown.
  const productsError =
    productsProp === undefined && !catalogQuery.data ? catalogQuery.error : null;
  const subscriptionsError = signedOut || subscriptionsQuery.data ? null : subscriptionsQuery.error;
  const failed = productsError ?? subscriptionsError;
  const loading =
    !failed &&
    ((productsProp === undefined && catalogQuery.isPending) ||
      (subscriptionsQuery.isPending && !signedOut));

  if (loading) {
    return root(
      'loading',
      part('loading', 'div', {
        role: 'status',
        'data-state': 'loading',
        children: [
          <span key="text">{t('pricingTable.loading')}</span>,
          ...[0, 1, 2].map((i) =>
            part('skeleton', 'div', { key: i, 'aria-hidden': true, 'data-state': 'loading' }),
          ),
        ],
      }),
      true,
    );
  }
  if (failed) {
    return root(
      'error',
      part('alert', 'div', {
        role: 'alert',
        'data-state': 'error',
        children: [
          <p key="text">{t('pricingTable.error')}</p>,
          part('retryAction', 'button', {
            key: 'retry',
            type: 'button',
            onClick: () => {
              rootRef.current?.focus();
              if (productsError) void catalogQuery.refetch();
              if (subscriptionsError) void subscriptionsQuery.refetch();
            },
            children: t('pricingTable.retry'),
          }),
        ],
      }),
    );
  }
  const list = products ?? [];
  if (list.length === 0) {
    return root(
      'empty',
      part('empty', 'p', {
        'data-state': 'empty',
        children: t('pricingTable.empty'),
      }),
    );
  }

  // -- the table ----------------------------------------------------------------------------------
  const groups = groupByPeriod(list, planKey);
  const currentGroup = current?.product ? groupOf(current.product) : undefined;
  const wanted = periodProp ?? chosenPeriod ?? currentGroup;
  const active =
    groups.find((g) => g.period === wanted) ??
    groups.find((g) => g.period === 'every-month') ??
    groups[0];
  const groupLabel = (period: AnyBillingPeriod) => switchText(t, period);

  const periodSwitch =
    groups.length > 1 && active
      ? part('periodSwitch', 'fieldset', {
          key: 'switch',
          children: [
            part('periodLabel', 'legend', {
              key: 'legend',
              children: t('pricingTable.periodSwitch'),
            }),
            ...groups.map((group) => {
              const on = group.period === active.period;
              return part('periodToggle', 'label', {
                key: group.period,
                'data-state': on ? 'on' : 'off',
                children: [
                  part('periodInput', 'input', {
                    key: 'input',
                    type: 'radio',
                    name,
                    value: group.period,
                    checked: on,
                    onChange: (event: ChangeEvent<HTMLInputElement>) => {
                      if (!event.currentTarget.checked) return;
                      if (periodProp === undefined) setChosenPeriod(group.period);
                      onPeriodChange?.(group.period, { previous: active.period, event });
                    },
                  }),
                  // Spaced, the radio is named "Yearly Save 16%".
                  ...spaced(
                    <span key="label">{groupLabel(group.period)}</span>,
                    group.bestSaving > 0
                      ? part('periodBadge', 'span', {
                          key: 'badge',
                          'data-state': 'saving',
                          children: t('pricingTable.save', { percent: group.bestSaving }),
                        })
                      : null,
                  ),
                ],
              });
            }),
          ],
        })
      : null;

  // Why each unavailable card shown is: one note per reason, which describes their buttons.
  const reasons = new Map<string, Unavailable>();
  for (const product of active?.products ?? []) {
    if (planState(product, current) !== 'unavailable') continue;
    const reason = unavailableReason(product, current);
    if (reason) reasons.set(product.id, reason);
  }
  const noteIdOf = (reason: Unavailable) =>
    reason.kind === 'archived'
      ? `${noteId}-archived-${reason.product.id}`
      : `${noteId}-${reason.kind}`;
  const notes = new Map<string, ReactNode>();
  const note = (reason: Unavailable, text: string) => {
    const id = noteIdOf(reason);
    if (notes.has(id)) return;
    notes.set(
      id,
      part('statusNote', 'p', {
        key: id,
        id,
        'data-state': subscription?.status,
        children: text,
      }),
    );
  };
  // The status is said in every period, as the one reason no plan can change.
  if (subscription && !current?.changeable) {
    note(
      { kind: 'status' },
      t('pricingTable.planLocked', { status: subscriptionStatusText(t, subscription.status) }),
    );
  }
  for (const reason of reasons.values()) {
    if (reason.kind === 'currency') {
      note(reason, t('pricingTable.otherCurrency', { currency: reason.currency }));
    } else if (reason.kind === 'archived') {
      note(reason, t('pricingTable.archived', { plan: reason.product.name }));
    } else if (reason.kind === 'unknownPlan') {
      note(reason, t('pricingTable.unknownPlan'));
    }
  }

  const describedBy = (productId: string) => {
    const reason = reasons.get(productId);
    return reason ? noteIdOf(reason) : undefined;
  };

  const cards = (active?.products ?? []).map((product) =>
    renderCard({
      part,
      t,
      product,
      state: planState(product, current),
      action: actionState(product.id),
      kind: last?.productId === product.id ? last.kind : null,
      startedAs: last?.productId === product.id ? last.state : null,
      // Signed out (401): the card asks to sign in rather than to try again.
      signIn: (last?.kind === 'checkout' ? checkout.error : upgrade.error)?.status === 401,
      idPrefix: name,
      describedBy: describedBy(product.id),
      recommended: product.id === recommended,
      money,
      saving: savingOf(product, list, planKey),
      busy,
      onAct: act,
    }),
  );

  // What an action under way is doing is said here only: the card's button keeps its label
  // (see renderCard).
  let noticeText = '';
  if (last?.kind === 'checkout' && checkout.state === 'submitting') {
    noticeText = t('pricingTable.startingCheckout');
  } else if (last?.kind === 'checkout' && checkout.state === 'redirecting') {
    noticeText = t('pricingTable.redirecting');
  } else if (last?.kind === 'upgrade' && upgrade.isPending) {
    noticeText = t('pricingTable.changingPlan');
  } else if (upgradeDone) {
    const product = findProduct(last.productId);
    if (product) noticeText = t('pricingTable.planChanged', { plan: product.name });
  }

  return root('ready', [
    periodSwitch,
    ...notes.values(),
    part('grid', 'ul', {
      key: 'grid',
      'data-state': active?.period,
      ...(groups.length > 1 && active ? { 'aria-label': groupLabel(active.period) } : {}),
      children: cards,
    }),
    part('notice', 'p', {
      key: 'notice',
      role: 'status',
      tabIndex: -1,
      ref: notice,
      'data-state': noticeText ? 'shown' : 'empty',
      children: noticeText,
    }),
  ]);
}

type CardInput = {
  part: PartRenderer<PricingTablePart>;
  t: Translate;
  product: Product;
  state: PlanState;
  action: CardActionState;
  /** The kind of the card's last action, if the last action was this card's. */
  kind: 'checkout' | 'upgrade' | null;
  /** The card's state when its last action started, if the last action was this card's. */
  startedAs: PlanState | null;
  /** Whether the card's failed action was refused for want of a signed-in customer (401). */
  signIn: boolean;
  /** Unique per table, for element ids. */
  idPrefix: string;
  /** The id of the note that says why the card is unavailable. */
  describedBy: string | undefined;
  recommended: boolean;
  money: (cents: number, currency: string) => string;
  saving: number;
  busy: boolean;
  onAct: (product: Product, state: PlanState) => void;
};

/**
 * Why a card is `unavailable`, in the order `planState` decides it: archived; the subscription's
 * status allows no change; the plan is in another currency than the subscription's. None for
 * the one case no note explains: a subscription whose product the service sent as a bare id
 * that the table does not list (nothing to compare with).
 */
type Unavailable =
  | { kind: 'archived'; product: Product }
  | { kind: 'status' }
  | { kind: 'currency'; currency: string }
  | { kind: 'unknownPlan' };

function unavailableReason(
  product: Product,
  current: CurrentPlans | undefined,
): Unavailable | null {
  if (current?.productIds.has(product.id)) return null;
  if (product.status !== 'active') return { kind: 'archived', product };
  if (!current || groupOf(product) === 'once') return null;
  if (!current.changeable) return { kind: 'status' };
  // Named by an id the catalog does not hold: nothing to compare a price or currency with.
  if (!current.product) return { kind: 'unknownPlan' };
  if (current.product.currency !== product.currency) {
    return { kind: 'currency', currency: current.product.currency };
  }
  return null;
}

const stateLabel: Record<PlanState, MessageKey> = {
  available: 'pricingTable.subscribe',
  current: 'pricingTable.currentPlan',
  upgrade: 'pricingTable.upgrade',
  downgrade: 'pricingTable.downgrade',
  unavailable: 'pricingTable.unavailable',
};

function renderCard(input: CardInput): ReactNode {
  const { part, t, product, state, action, recommended, money, saving, busy, onAct } = input;
  const titleId = `${input.idPrefix}-${product.id}`;
  const period = groupOf(product);
  const months = billingPeriodMonths(period);
  const perMonth =
    months !== null && months > 1 && Number.isSafeInteger(product.price) && product.price >= 0
      ? monthlyEquivalent(product.price, period)
      : null;
  const taxMode = product.tax_mode;

  const actionable = state !== 'current' && state !== 'unavailable';
  const inFlight = action === 'pending' || action === 'redirecting';
  // While its action runs the label stays the action it started ("Downgrade", even once an
  // optimistic change made the card current): what goes on ("Taking you to the payment page…")
  // is said once, by the notice (a live region); on the focused button as well, a screen reader
  // heard it twice (the button's new name, then the notice).
  const shown = inFlight && input.startedAs ? input.startedAs : state;
  const label = t(
    shown === 'available' && period === 'once' ? 'pricingTable.buyNow' : stateLabel[shown],
  );

  return part('card', 'li', {
    key: product.id,
    'aria-labelledby': titleId,
    'data-state': state,
    'data-recommended': recommended ? '' : undefined,
    children: [
      recommended
        ? part('recommendedBadge', 'span', {
            key: 'recommended',
            'data-state': 'recommended',
            children: t('pricingTable.recommended'),
          })
        : null,
      part('title', 'h3', { key: 'title', id: titleId, children: product.name }),
      product.description
        ? part('description', 'p', { key: 'description', children: product.description })
        : null,
      part('price', 'p', {
        key: 'price',
        children: [
          part('amount', 'span', {
            key: 'amount',
            children: money(product.price, product.currency),
          }),
          ' ',
          part('period', 'span', { key: 'period', children: periodText(t, period) }),
        ],
      }),
      taxMode === 'inclusive' || taxMode === 'exclusive'
        ? part('tax', 'p', {
            key: 'tax',
            'data-state': taxMode,
            children: t(
              taxMode === 'inclusive' ? 'pricingTable.taxIncluded' : 'pricingTable.plusTax',
            ),
          })
        : null,
      perMonth !== null
        ? part('monthlyEquivalent', 'p', {
            key: 'monthly',
            children: t('pricingTable.monthlyEquivalent', {
              amount: money(perMonth, product.currency),
            }),
          })
        : null,
      saving > 0
        ? part('savingBadge', 'span', {
            key: 'saving',
            'data-state': 'saving',
            children: t('pricingTable.save', { percent: saving }),
          })
        : null,
      product.features && product.features.length > 0
        ? part('features', 'ul', {
            key: 'features',
            'aria-label': t('pricingTable.features'),
            children: product.features.map((feature) =>
              part('feature', 'li', { key: feature.id, children: feature.description }),
            ),
          })
        : null,
      part('button', 'button', {
        key: 'button',
        type: 'button',
        'data-state': action,
        // Named with its plan ("Subscribe Pro"): every card has a button of the same words.
        id: `${titleId}-button`,
        'aria-labelledby': `${titleId}-button ${titleId}`,
        // While its own action runs the card may flip (an optimistic plan change): the button
        // stays focusable then, so that focus is not lost, and only says it is busy.
        disabled: !actionable && !inFlight,
        // Why it cannot be chosen, from the note that says so.
        'aria-describedby': state === 'unavailable' ? input.describedBy : undefined,
        'aria-disabled': (actionable || inFlight) && busy ? true : undefined,
        'aria-busy': inFlight ? true : undefined,
        onClick: () => onAct(product, state),
        children: label,
      }),
      action === 'failed'
        ? part('cardError', 'p', {
            key: 'error',
            role: 'alert',
            'data-state': 'failed',
            children: t(
              input.signIn
                ? 'common.signIn'
                : input.kind === 'upgrade'
                  ? 'pricingTable.changeFailed'
                  : 'pricingTable.checkoutFailed',
            ),
          })
        : null,
    ],
  });
}
