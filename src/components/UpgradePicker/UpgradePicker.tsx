'use client';
// The upgrade picker: one subscription's current plan, the catalog's other plans as a radio
// group, how to pay the difference with an estimate from the period dates, a review step, then
// the change through `useUpgradeSubscription` with success and failure states.
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { BillingError } from '../../client/error.js';
import type { Product, Subscription, UpdateBehavior } from '../../contract/schemas.js';
import { type Moment, toTime } from '../../contract/time.js';
import { useBillingContext } from '../../react/context.js';
import { useUpgradeSubscription } from '../../react/mutations.js';
import { useAllCustomerSubscriptions, useProducts, useSubscription } from '../../react/queries.js';
import { type MessageKey, type Translate, useMessages } from '../messages/index.js';
import { commonMessages } from '../messages/sections/common.js';
import { pricingTableMessages } from '../messages/sections/pricingTable.js';
import { subscriptionStatusMessages } from '../messages/sections/subscriptionStatus.js';
import { upgradePickerMessages } from '../messages/sections/upgradePicker.js';
import { type Formatters, useDate, useMoney } from '../shared/format.js';
import { type CustomizableProps, type PartRenderer, useParts } from '../shared/slots.js';
import { spaced } from '../shared/spaced.js';
import {
  allowsPlanChange,
  changeableSubscription,
  periodText,
  productIdOf,
  productOf,
} from '../shared/subscription.js';
import { subscriptionDate, subscriptionStatusText } from '../shared/subscription-status.js';
import { visuallyHidden } from '../shared/visually-hidden.js';
import {
  type ChangeEstimate,
  candidatePlans,
  estimateChange,
  type PlanDirection,
  planDirection,
} from './estimate.js';

export type { ChangeEstimate, PlanDirection } from './estimate.js';

/**
 * The parts of `UpgradePicker`, for `slots` and `slotProps` (`data-slot="upgrade-picker-<part>"`
 * in kebab case). The root is a `section` whose `data-state` is an `UpgradePickerState`.
 *
 * - `current` (`section`), `currentTitle` (`h3`), `currentName`, `currentPrice`, `statusBadge`
 *   (`data-state`: the subscription's status; an unknown status shown as sent), `nextCharge` (a `time`:
 *   the date that matters; `data-state`: a `SubscriptionDateKind`)
 * - `disabledReason` (why the plan cannot be changed; `data-state`: the status)
 * - `plans` (`fieldset`; `data-state` `enabled | disabled`), `plansLabel` (`legend`), `plan`
 *   (the `label` of one option; `data-state`: `PlanDirection`), `planInput` (its radio),
 *   `planName`, `planPrice`, `planBadge` (`data-state`: `PlanDirection`), `plansEmpty` (in the
 *   place of `plans`: no other plan to change to, or the current plan is not in the catalog;
 *   `data-state` `empty`)
 * - `behaviors` (`fieldset`), `behaviorsLabel` (`legend`), `behavior` (`label`; `data-state`
 *   `on | off`), `behaviorInput` (its radio)
 * - `estimate` (`section`), `estimateTitle`, `estimateNow` (`data-state`
 *   `charge | none`), `estimateCredit` (right after `estimateNow`, only while the change
 *   credits the unused part of the current plan: `data-state` `now` when it is taken off what
 *   is charged now, `later` when off the next bill), `estimateLater`, `estimateDetail`
 *   (`data-state` `charge | credit`: the difference added to or taken off the next bill),
 *   `estimateNote`. What a screen reader hears of it is said by a polite status of its own
 *   (not a part), visually hidden and there for as long as the plans are: one short summary
 *   of the estimate for the plan chosen ("Estimate for Team: $48.66 charged now. Next bill on
 *   Apr 15, 2026: $75.00."), said again whole when the plan or the way of paying changes
 * - `nextButton` (to the review step)
 * - `confirm` (the review step, `section`), `confirmTitle` (`h3`), `confirmChange`,
 *   `confirmBehavior` (how the difference is paid; `data-state`: the way chosen,
 *   `proration-charge-immediately | proration-charge | proration-none`), `error` (the change
 *   failed; `role="alert"`; `data-state` `refused` when the service refused the plan chosen,
 *   which is then no longer offered, else `failed`; asks to sign in when the proxy answers
 *   401), `backAction` (focused once the plan is refused), `submitButton` (`data-state`
 *   `idle | submitting | failed`; while submitting it keeps its label and is `aria-busy` and
 *   `aria-disabled`, the notice saying what goes on; gone once the plan is refused: trying
 *   again cannot help)
 * - `notice` (polite live region, the one place that says "Changing your plan…", then that the
 *   plan changed; `data-state` `idle | submitting | succeeded`), `againAction` (after the
 *   change: choose again, from the new plan)
 * - `skeleton` (loading; `aria-busy` on the root; `data-state` `loading`), `alert` (loading
 *   failed; `data-state` `error`), `retryAction` (moves the focus to the root, which has
 *   `tabIndex={-1}`, as it loads again), `empty` (no subscription, or signed out (the proxy
 *   answers 401), when it asks to sign in; `data-state` `empty`)
 */
export type UpgradePickerPart =
  | 'current'
  | 'currentTitle'
  | 'currentName'
  | 'currentPrice'
  | 'statusBadge'
  | 'nextCharge'
  | 'disabledReason'
  | 'plans'
  | 'plansLabel'
  | 'plan'
  | 'planInput'
  | 'planName'
  | 'planPrice'
  | 'planBadge'
  | 'plansEmpty'
  | 'behaviors'
  | 'behaviorsLabel'
  | 'behavior'
  | 'behaviorInput'
  | 'estimate'
  | 'estimateTitle'
  | 'estimateNow'
  | 'estimateCredit'
  | 'estimateLater'
  | 'estimateDetail'
  | 'estimateNote'
  | 'nextButton'
  | 'confirm'
  | 'confirmTitle'
  | 'confirmChange'
  | 'confirmBehavior'
  | 'error'
  | 'backAction'
  | 'submitButton'
  | 'notice'
  | 'againAction'
  | 'skeleton'
  | 'alert'
  | 'retryAction'
  | 'empty';

/**
 * Where the picker is, on the root's `data-state`: `loading`; `error` (loading failed);
 * `empty` (no subscription); `disabled` (its status allows no change); `choosing`;
 * `confirming` (the review step); `submitting`; `succeeded`; `failed` (the change was refused
 * or did not go through; the choice is kept).
 */
export type UpgradePickerState =
  | 'loading'
  | 'error'
  | 'empty'
  | 'disabled'
  | 'choosing'
  | 'confirming'
  | 'submitting'
  | 'succeeded'
  | 'failed';

/** Details of a plan choice. */
export type UpgradePickerValueDetails = {
  /** The chosen product. */
  product: Product;
  /** Whether it is an upgrade or a downgrade from the current plan. */
  direction: PlanDirection;
  /** The change event of the radio input. */
  event: ChangeEvent<HTMLInputElement>;
};

/** What `onSuccess` receives. */
export type UpgradePickerSuccess = {
  /** The subscription as the service answered it, on its new product. */
  subscription: Subscription;
  /** The new product. */
  product: Product;
  /** The product before the change. */
  previous: Product;
  behavior: UpdateBehavior;
  /** What the picker estimated before the change. */
  estimate: ChangeEstimate | null;
};

/** What `onError` receives beside the error. */
export type UpgradePickerErrorDetails = {
  /** The product the change was to. */
  product: Product;
  behavior: UpdateBehavior;
};

/** Props of `UpgradePicker`. */
export interface UpgradePickerProps extends CustomizableProps<UpgradePickerPart> {
  /**
   * The subscription to change (read with `useSubscription`). Default: the customer's first
   * subscription whose status allows a change, else their first that has not ended (shown
   * disabled with the reason), from `useAllCustomerSubscriptions`.
   */
  subscriptionId?: string;
  /** The plans to offer instead of the catalog from `useProducts`. Default: the catalog. */
  products?: readonly Product[];
  /** The chosen product's id (controlled); `null` for none. Default: uncontrolled. */
  value?: string | null;
  /** The product chosen at first when uncontrolled. Default: none. */
  defaultValue?: string | null;
  /** Called when the customer chooses a plan. Default: none. */
  onValueChange?: (value: string, details: UpgradePickerValueDetails) => void;
  /**
   * The ways of paying the difference to offer, in this order. Default: all three,
   * `['proration-charge-immediately', 'proration-charge', 'proration-none']`.
   */
  behaviors?: readonly UpdateBehavior[];
  /** The way chosen (controlled). Default: uncontrolled. */
  behavior?: UpdateBehavior;
  /**
   * The way chosen at first when uncontrolled (the first of `behaviors` when it is not among
   * them). Default: `'proration-charge-immediately'`.
   */
  defaultBehavior?: UpdateBehavior;
  /** Called when the customer chooses another way of paying. Default: none. */
  onBehaviorChange?: (behavior: UpdateBehavior) => void;
  /** Called once the plan has changed. Default: none. */
  onSuccess?: (details: UpgradePickerSuccess) => void;
  /** Called when the change failed; the choice is kept for a retry. Default: none. */
  onError?: (error: BillingError, details: UpgradePickerErrorDetails) => void;
  /**
   * The moment the estimate is for (a Date, Unix milliseconds or an ISO string). Pass the
   * server's time when rendering on the server, so that the browser hydrates the same figures.
   * Default: the service's time at each render: the page's clock, or the service's when the
   * proxy's answers (their `Date`) say it is more than a minute away (a wrong device clock, the
   * sandbox's fixed one), so the estimate is what the service then charges.
   */
  now?: Moment;
}

type Review = {
  subscriptionId: string;
  from: Product;
  to: Product;
  behavior: UpdateBehavior;
  estimate: ChangeEstimate | null;
};

type FocusTarget = 'current' | 'confirm' | 'next' | 'notice' | 'back' | null;

/** The service refused the plan itself: trying it again cannot help, choosing another can. */
function refusesPlan(error: BillingError | null): boolean {
  return (
    error?.kind === 'invalid_request' && (error.fields ?? []).some((f) => f.field === 'product_id')
  );
}

/** Money and dates only: the credit-amount formatter stays out of the bundle. */
type Format = Pick<Formatters, 'money' | 'date'>;

/** "$29.00 per month", or "3 × $29.00 per month" for several units. */
function priceText(t: Translate, format: Format, product: Product, units: number): string {
  const values = {
    amount: format.money(product.price, product.currency),
    period: periodText(t, product.billing_period),
  };
  return units > 1
    ? t('subscriptionStatus.priceUnits', { ...values, units })
    : t('subscriptionStatus.price', values);
}

const known = (list: readonly string[], value: string) => list.includes(value);

// Written out here rather than imported from the schemas, which would pull zod into the
// component's bundle; the types keep both lists complete.
const updateBehaviors = [
  'proration-charge-immediately',
  'proration-charge',
  'proration-none',
] as const satisfies readonly UpdateBehavior[];
/** Which of the customer's subscriptions to change when none is named. */
function defaultSubscription(list: readonly Subscription[] | undefined, pinned: string | null) {
  return (pinned ? list?.find((s) => s.id === pinned) : undefined) ?? changeableSubscription(list);
}

function safeEstimate(input: Parameters<typeof estimateChange>[0]): ChangeEstimate | null {
  try {
    return estimateChange(input);
  } catch {
    // A subscription with unusable dates or prices: no estimate rather than a broken page.
    return null;
  }
}

/**
 * Changes the plan of one subscription: shows the current plan, the catalog's other plans in
 * the same currency marked as upgrade or downgrade, the ways of paying the difference in plain
 * words with an estimate of what is charged now and at the next renewal (and of the credit for
 * the unused part of the current plan taken off either), then a review step
 * (Confirm / Back) before the change.
 *
 * Only an `active` subscription can change. For every other status the picker shows the plans
 * disabled and says why: `trialing` (nothing paid yet to prorate: change after the trial),
 * `past_due` and `unpaid` (settle the payment first), `paused` (resume first),
 * `scheduled_cancel` (ends at the period's close), `canceled`, and any status it does not know.
 *
 * The estimate is computed in the browser with `prorateUpgrade` over the subscription's
 * current period, by the same rules the sandbox charges with, and labelled as an estimate:
 * the service computes the final amount when the change is made.
 *
 * @example
 * ```tsx
 * <UpgradePicker behaviors={['proration-charge-immediately', 'proration-none']}
 *   onSuccess={({ product }) => toast(`Now on ${product.name}`)} />
 * ```
 */
export function UpgradePicker(props: UpgradePickerProps) {
  const { now: serviceNow } = useBillingContext('UpgradePicker');
  const { subscriptionId, products: productsProp, value: valueProp, onValueChange } = props;
  const offered = (props.behaviors ?? updateBehaviors).filter((b) => known(updateBehaviors, b));
  const part = useParts('UpgradePicker', props);
  const t = useMessages(
    commonMessages,
    pricingTableMessages,
    subscriptionStatusMessages,
    upgradePickerMessages,
  );
  const format: Format = { money: useMoney(), date: useDate() };
  const id = useId();

  const catalogQuery = useProducts({ enabled: productsProp === undefined });
  const listQuery = useAllCustomerSubscriptions({ enabled: subscriptionId === undefined });
  const oneQuery = useSubscription({ subscriptionId: subscriptionId ?? '' });
  const pinned = useRef<string | null>(null);
  const sending = useRef(false);
  const subscription =
    subscriptionId !== undefined
      ? oneQuery.data
      : defaultSubscription(listQuery.data, pinned.current);
  if (subscription) pinned.current = subscription.id;
  const catalog = productsProp ?? catalogQuery.data;

  const [chosen, setChosen] = useState<string | null>(props.defaultValue ?? null);
  const [chosenBehavior, setChosenBehavior] = useState<UpdateBehavior | undefined>(
    props.defaultBehavior,
  );
  const [step, setStep] = useState<'choosing' | 'confirming'>('choosing');
  const [review, setReview] = useState<Review | null>(null);
  const [focus, setFocus] = useState<FocusTarget>(null);
  // Plans the service refused, as `subscription plan`: no longer offered, so no loop back to them.
  const [refused, setRefused] = useState<ReadonlySet<string>>(() => new Set());
  const refs = {
    current: useRef<HTMLElement | null>(null),
    confirm: useRef<HTMLElement | null>(null),
    next: useRef<HTMLElement | null>(null),
    notice: useRef<HTMLElement | null>(null),
    back: useRef<HTMLElement | null>(null),
  };

  const rootRef = useRef<HTMLElement | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const reviewRef = useRef(review);
  reviewRef.current = review;
  // `sending` is cleared by the hook's own callbacks: they run also while the picker is hidden
  // (React 19 <Activity>), where a per-call callback of `mutate` does not, which would leave
  // Confirm dead for good.
  const upgrade = useUpgradeSubscription({
    onSuccess: (updated, input) => {
      sending.current = false;
      const done = reviewRef.current;
      if (!done || done.to.id !== input.product_id) return;
      setFocus('notice');
      latest.current.onSuccess?.({
        subscription: updated,
        product: done.to,
        previous: done.from,
        behavior: done.behavior,
        estimate: done.estimate,
      });
    },
    onError: (error, input) => {
      sending.current = false;
      const done = reviewRef.current;
      // The Retry button goes away for a refused plan: Back (to choose another) takes focus.
      if (refusesPlan(error)) {
        setRefused((ids) => new Set(ids).add(`${input.subscription_id} ${input.product_id}`));
        setFocus('back');
      }
      if (done) latest.current.onError?.(error, { product: done.to, behavior: done.behavior });
    },
  });

  useEffect(() => {
    if (!focus) return;
    // A replaced Back that keeps its ref to itself: the review's title, which says where we are.
    (refs[focus].current ?? (focus === 'back' ? refs.confirm.current : null))?.focus();
    setFocus(null);
  });

  // -- load states --------------------------------------------------------------------------
  const subscriptionQuery = subscriptionId !== undefined ? oneQuery : listQuery;
  const missing = (e: BillingError | null) => e?.status === 401 || e?.status === 404;
  // A failed refetch keeps the data it had: the step the customer is on stays.
  const loadError =
    (productsProp === undefined && !catalogQuery.data ? catalogQuery.error : null) ??
    (missing(subscriptionQuery.error) || subscriptionQuery.data ? null : subscriptionQuery.error);
  const loading =
    !loadError &&
    ((productsProp === undefined && catalogQuery.isPending) ||
      (subscriptionQuery.isPending && !subscriptionQuery.error));

  const root = (state: UpgradePickerState, children: ReactNode, extra = {}) => (
    <>
      {part('root', 'section', {
        'aria-label': t('upgradePicker.label'),
        'data-state': state,
        // Where Try again leaves the focus: the button goes with the alert, the root stays
        // through the loading and the plans (or the alert again, if the retry fails too).
        tabIndex: -1,
        ref: rootRef,
        ...extra,
        children,
      })}
    </>
  );

  if (loading) {
    return root(
      'loading',
      part('skeleton', 'div', {
        role: 'status',
        'data-state': 'loading',
        children: t('upgradePicker.loading'),
      }),
      { 'aria-busy': true },
    );
  }
  if (loadError) {
    return root(
      'error',
      part('alert', 'div', {
        role: 'alert',
        'data-state': 'error',
        children: [
          <p key="text">{t('upgradePicker.loadError')}</p>,
          part('retryAction', 'button', {
            key: 'retry',
            type: 'button',
            onClick: () => {
              rootRef.current?.focus();
              if (catalogQuery.error) void catalogQuery.refetch();
              if (subscriptionQuery.error) void subscriptionQuery.refetch();
            },
            children: t('common.retry'),
          }),
        ],
      }),
    );
  }
  if (!subscription) {
    // Signed out (401): the customer may well have a subscription; signing in shows it.
    const signedOut = subscriptionQuery.error?.status === 401;
    return root(
      'empty',
      part('empty', 'p', {
        'data-state': 'empty',
        children: t(signedOut ? 'common.signIn' : 'upgradePicker.empty'),
      }),
    );
  }

  // -- the subscription and its candidates ---------------------------------------------------
  const units = subscription.items?.[0]?.units ?? 1;
  const currentProduct = productOf(subscription, catalog);
  const candidates =
    currentProduct && catalog
      ? candidatePlans(catalog, currentProduct).filter(
          (p) => !refused.has(`${subscription.id} ${p.id}`),
        )
      : [];
  const value = valueProp !== undefined ? valueProp : chosen;
  const target = candidates.find((p) => p.id === value);
  const wanted = props.behavior ?? chosenBehavior ?? 'proration-charge-immediately';
  const behavior = offered.includes(wanted)
    ? wanted
    : (offered[0] ?? 'proration-charge-immediately');
  const allowed = allowsPlanChange(subscription.status);
  const estimate =
    currentProduct && target
      ? safeEstimate({
          subscription,
          current: currentProduct,
          target,
          behavior,
          now: props.now === undefined ? serviceNow() : toTime(props.now, 'now'),
        })
      : null;

  let state: UpgradePickerState;
  if (review && upgrade.isSuccess) state = 'succeeded';
  else if (review && upgrade.isPending) state = 'submitting';
  else if (review && step === 'confirming') state = upgrade.isError ? 'failed' : 'confirming';
  else state = allowed ? 'choosing' : 'disabled';

  // -- actions --------------------------------------------------------------------------------
  const goToReview = () => {
    if (!currentProduct || !target || !allowed) return;
    upgrade.reset();
    setReview({
      subscriptionId: subscription.id,
      from: currentProduct,
      to: target,
      behavior,
      estimate,
    });
    setStep('confirming');
    setFocus('confirm');
  };
  const back = () => {
    // The ref too: not while the change is on its way.
    if (upgrade.isPending || sending.current) return;
    upgrade.reset();
    setStep('choosing');
    // A refused plan is no longer offered: the list, to choose another, instead of a dead button.
    setFocus(target ? 'next' : 'current');
  };
  const again = () => {
    upgrade.reset();
    setReview(null);
    setChosen(null);
    setStep('choosing');
    setFocus('current');
  };
  const submit = () => {
    // A ref, not the last render's `isPending`: two clicks before React renders again (a busy
    // main thread) must still send one change.
    if (!review || sending.current) return;
    sending.current = true;
    upgrade.mutate({
      subscription_id: review.subscriptionId,
      product_id: review.to.id,
      update_behavior: review.behavior,
    });
  };

  // -- pieces ----------------------------------------------------------------------------------
  const statusText = subscriptionStatusText(t, subscription.status);
  const reasonId = `${id}-reason`;
  const plansLabelId = `${id}-plans-label`;
  const dates = subscriptionDate(subscription);

  const current = part('current', 'section', {
    key: 'current',
    'aria-labelledby': `${id}-current`,
    children: [
      part('currentTitle', 'h3', {
        key: 'title',
        id: `${id}-current`,
        tabIndex: -1,
        ref: refs.current,
        children: t('upgradePicker.currentPlan'),
      }),
      part('currentName', 'p', {
        key: 'name',
        children: currentProduct?.name ?? productIdOf(subscription),
      }),
      currentProduct
        ? part('currentPrice', 'p', {
            key: 'price',
            children: priceText(t, format, currentProduct, units),
          })
        : null,
      ...spaced(
        part('statusBadge', 'span', {
          key: 'status',
          'data-state': subscription.status,
          children: statusText,
        }),
        dates
          ? part('nextCharge', 'time', {
              key: 'next',
              dateTime: dates.value,
              'data-state': dates.kind,
              children: t(dates.key, { date: format.date(dates.value) }),
            })
          : null,
      ),
    ],
  });

  const notice = part('notice', 'p', {
    key: 'notice',
    role: 'status',
    tabIndex: -1,
    ref: refs.notice,
    'data-state': state === 'succeeded' || state === 'submitting' ? state : 'idle',
    children:
      state === 'succeeded' && review
        ? t('upgradePicker.success', { plan: review.to.name })
        : state === 'submitting'
          ? t('upgradePicker.confirming')
          : '',
  });

  const estimateBlock = (e: ChangeEstimate | null, from: Product | undefined, to?: Product) =>
    e && from && to ? renderEstimate({ part, t, format, estimate: e, from, target: to, id }) : null;

  if (state === 'succeeded') {
    return root(state, [
      current,
      notice,
      part('againAction', 'button', {
        key: 'again',
        type: 'button',
        onClick: again,
        children: t('upgradePicker.label'),
      }),
    ]);
  }

  if (review && state !== 'choosing' && state !== 'disabled') {
    const submitting = state === 'submitting';
    const failed = state === 'failed';
    const refused = failed && refusesPlan(upgrade.error);
    return root(state, [
      part('confirm', 'section', {
        key: 'confirm',
        'aria-labelledby': `${id}-confirm`,
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === 'Escape' && !submitting) {
            event.preventDefault();
            back();
          }
        },
        children: [
          part('confirmTitle', 'h3', {
            key: 'title',
            id: `${id}-confirm`,
            tabIndex: -1,
            ref: refs.confirm,
            children: t('upgradePicker.reviewTitle'),
          }),
          part('confirmChange', 'p', {
            key: 'change',
            children: t('upgradePicker.reviewChange', {
              from: review.from.name,
              fromPrice: priceText(t, format, review.from, units),
              to: review.to.name,
              toPrice: priceText(t, format, review.to, units),
            }),
          }),
          part('confirmBehavior', 'p', {
            key: 'behavior',
            'data-state': review.behavior,
            children: t(`upgradePicker.behavior.${review.behavior}` as MessageKey),
          }),
          estimateBlock(review.estimate, review.from, review.to),
          failed
            ? part('error', 'p', {
                key: 'error',
                role: 'alert',
                'data-state': refused ? 'refused' : 'failed',
                // Signed out (401, the session ended): signing in helps, trying again not.
                children: t(
                  refused
                    ? 'upgradePicker.refused'
                    : upgrade.error?.status === 401
                      ? 'common.signIn'
                      : 'upgradePicker.failed',
                ),
              })
            : null,
          part('backAction', 'button', {
            key: 'back',
            type: 'button',
            'aria-disabled': submitting || undefined,
            onClick: back,
            ref: refs.back,
            children: t('upgradePicker.back'),
          }),
          refused
            ? null
            : part('submitButton', 'button', {
                key: 'submit',
                type: 'button',
                'data-state': submitting ? 'submitting' : failed ? 'failed' : 'idle',
                'aria-disabled': submitting || undefined,
                'aria-busy': submitting || undefined,
                onClick: submit,
                // While the change is under way its label stays the action: "Changing your
                // plan…" is said once, by the notice (a live region); on the button as well, a
                // screen reader heard it twice (the focused button's new name, then the notice).
                children: t(failed ? 'common.retry' : 'upgradePicker.confirm'),
              }),
        ],
      }),
      notice,
    ]);
  }

  // -- choosing (or disabled) ----------------------------------------------------------------
  const option = (product: Product, direction: PlanDirection) =>
    part('plan', 'label', {
      key: product.id,
      'data-state': direction,
      children: [
        part('planInput', 'input', {
          key: 'input',
          type: 'radio',
          name: `${id}-plan`,
          value: product.id,
          checked: direction !== 'current' && product.id === target?.id,
          disabled: direction === 'current' || undefined,
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            if (!event.currentTarget.checked || direction === 'current') return;
            if (valueProp === undefined) setChosen(product.id);
            onValueChange?.(product.id, { product, direction, event });
          },
        }),
        // Spaced, the radio is named "Starter $9.00 per month Downgrade".
        ...spaced(
          part('planName', 'span', { key: 'name', children: product.name }),
          part('planPrice', 'span', {
            key: 'price',
            children: priceText(t, format, product, units),
          }),
          part('planBadge', 'span', {
            key: 'badge',
            'data-state': direction,
            children: t(
              direction === 'current'
                ? 'upgradePicker.currentPlan'
                : direction === 'upgrade'
                  ? 'upgradePicker.upgrade'
                  : 'upgradePicker.downgrade',
            ),
          }),
        ),
      ],
    });

  const plans =
    candidates.length === 0 || !currentProduct
      ? part('plansEmpty', 'p', {
          key: 'plans',
          'data-state': 'empty',
          children: t('upgradePicker.noPlans'),
        })
      : part('plans', 'fieldset', {
          key: 'plans',
          disabled: !allowed || undefined,
          'data-state': allowed ? 'enabled' : 'disabled',
          'aria-describedby': allowed ? undefined : reasonId,
          children: [
            part('plansLabel', 'legend', {
              key: 'legend',
              id: plansLabelId,
              children: t('upgradePicker.choosePlan'),
            }),
            option(currentProduct, 'current'),
            ...candidates.map((p) => option(p, planDirection(p, currentProduct))),
          ],
        });

  if (!allowed) {
    const reasonKey = known(upgradeReasons, subscription.status)
      ? (`upgradePicker.disabled.${subscription.status}` as MessageKey)
      : 'upgradePicker.disabled.unknown';
    return root(state, [
      current,
      part('disabledReason', 'p', {
        key: 'reason',
        id: reasonId,
        'data-state': subscription.status,
        children: t(reasonKey),
      }),
      plans,
    ]);
  }

  const behaviors = part('behaviors', 'fieldset', {
    key: 'behaviors',
    children: [
      part('behaviorsLabel', 'legend', {
        key: 'legend',
        children: t('upgradePicker.behaviorLabel'),
      }),
      ...offered.map((b) =>
        part('behavior', 'label', {
          key: b,
          'data-state': b === behavior ? 'on' : 'off',
          children: [
            part('behaviorInput', 'input', {
              key: 'input',
              type: 'radio',
              name: `${id}-behavior`,
              value: b,
              checked: b === behavior,
              onChange: (event: ChangeEvent<HTMLInputElement>) => {
                if (!event.currentTarget.checked) return;
                if (props.behavior === undefined) setChosenBehavior(b);
                props.onBehaviorChange?.(b);
              },
            }),
            <span key="text">{t(`upgradePicker.behavior.${b}` as MessageKey)}</span>,
          ],
        }),
      ),
    ],
  });

  // The estimate, as a screen reader hears it: a live region there before the first choice
  // (one inserted already filled is not announced) that says one short, whole summary each
  // time, not the estimate's changed paragraphs (fragments) nor all of it on every arrow press.
  const estimateSummary =
    candidates.length > 0 ? (
      <p key="estimate-summary" role="status" style={visuallyHidden}>
        {estimate && target ? summarizeEstimate(t, format, estimate, target) : ''}
      </p>
    ) : null;

  return root(state, [
    current,
    plans,
    candidates.length > 0 ? behaviors : null,
    estimateSummary,
    estimateBlock(estimate, currentProduct, target),
    candidates.length > 0
      ? part('nextButton', 'button', {
          key: 'next',
          type: 'button',
          ref: refs.next,
          disabled: !target,
          // Disabled until a plan is chosen; the plans' legend says so.
          'aria-describedby': target ? undefined : plansLabelId,
          onClick: goToReview,
          children: t('upgradePicker.continue'),
        })
      : null,
    notice,
  ]);
}

/** Statuses with their own "why not" message; any other uses `upgradePicker.disabled.unknown`. */
const upgradeReasons = [
  'trialing',
  'paused',
  'past_due',
  'unpaid',
  'canceled',
  'expired',
  'scheduled_cancel',
] as const;

/** "Estimate for Team: $48.66 charged now. Next bill on Apr 15, 2026: $75.00." */
function summarizeEstimate(
  t: Translate,
  format: Format,
  e: ChangeEstimate,
  target: Product,
): string {
  const now =
    e.now > 0
      ? t('upgradePicker.chargedNow', { amount: format.money(e.now, e.currency) })
      : t('upgradePicker.chargedNothing');
  if (!e.nextBillDate) return t('upgradePicker.estimateSummaryNow', { plan: target.name, now });
  const nextBill = t('upgradePicker.nextBill', {
    date: format.date(e.nextBillDate),
    amount: format.money(e.nextBill, e.currency),
  });
  return t('upgradePicker.estimateSummary', { plan: target.name, now, nextBill });
}

function renderEstimate(input: {
  part: PartRenderer<UpgradePickerPart>;
  t: Translate;
  format: Format;
  estimate: ChangeEstimate;
  /** The current plan, whose unused part is credited. */
  from: Product;
  target: Product;
  id: string;
}): ReactNode {
  const { part, t, format, estimate: e, from, target, id } = input;
  const money = (cents: number) => format.money(cents, e.currency);
  const date = e.nextBillDate ? format.date(e.nextBillDate) : null;
  const tax =
    target.tax_mode === 'exclusive'
      ? t('upgradePicker.taxExcluded')
      : target.tax_mode === 'inclusive'
        ? t('upgradePicker.taxIncluded')
        : '';
  // Sentences one after another, joined as the catalogue says.
  const sentences = (...list: string[]) =>
    list
      .filter(Boolean)
      .reduce(
        (first, second) => (first ? t('upgradePicker.sentences', { first, second }) : second),
        '',
      );
  return part('estimate', 'section', {
    key: 'estimate',
    'aria-labelledby': `${id}-estimate`,
    children: [
      part('estimateTitle', 'h3', {
        key: 'title',
        id: `${id}-estimate`,
        children: t('upgradePicker.estimate'),
      }),
      part('estimateNow', 'p', {
        key: 'now',
        'data-state': e.now > 0 ? 'charge' : 'none',
        children:
          e.now > 0
            ? t('upgradePicker.chargedNow', { amount: money(e.now) })
            : t('upgradePicker.chargedNothing'),
      }),
      // Taken off what is charged now, or else off the next bill (where the difference goes).
      e.credit > 0
        ? part('estimateCredit', 'p', {
            key: 'credit',
            'data-state': e.now > 0 ? 'now' : 'later',
            children: t(e.now > 0 ? 'upgradePicker.creditNow' : 'upgradePicker.creditNextBill', {
              amount: money(e.credit),
              plan: from.name,
            }),
          })
        : null,
      date
        ? part('estimateLater', 'p', {
            key: 'later',
            children: t('upgradePicker.nextBill', { date, amount: money(e.nextBill) }),
          })
        : null,
      e.carried !== 0
        ? part('estimateDetail', 'p', {
            key: 'detail',
            'data-state': e.carried > 0 ? 'charge' : 'credit',
            children: sentences(
              e.carried > 0
                ? t('upgradePicker.chargedAtRenewal', { amount: money(e.carried) })
                : t('upgradePicker.takenOffNextBill', { amount: money(-e.carried) }),
              t('upgradePicker.newPrice', {
                amount: money(e.regular),
                period: periodText(t, target.billing_period),
              }),
            ),
          })
        : null,
      part('estimateNote', 'p', {
        key: 'note',
        children: sentences(
          e.newPeriod
            ? t('upgradePicker.newPeriod')
            : e.atRenewal
              ? t('upgradePicker.periodAtRenewal')
              : '',
          t('upgradePicker.estimateNote'),
          tax,
        ),
      }),
    ],
  });
}
