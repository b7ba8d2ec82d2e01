/// <reference types="vite/client" />
// The customisation contract, checked over every component in every state it has: one table
// per component of its documented parts (with the `data-state` values each may carry, as its
// JSDoc and exported state types list them) and of the states to render it in (loaded, loading,
// failed, empty, and what a flow reaches), all against the real proxy and sandbox (the billing
// harness). The checks themselves are in test/support/conformance.tsx.
import { expect, test } from 'vitest';
import { billingErrorKinds } from '../src/client/error.js';
import {
  BillingHistory,
  type BillingHistoryPart,
  type BillingHistoryState,
} from '../src/components/BillingHistory/index.js';
import {
  CheckoutForm,
  type CheckoutFormPart,
  type CheckoutFormState,
} from '../src/components/CheckoutForm/index.js';
import {
  CreditsHistory,
  type CreditsHistoryPart,
  type CreditsHistoryState,
} from '../src/components/CreditsHistory/index.js';
import {
  DiscountField,
  type DiscountFieldPart,
  type DiscountFieldStatus,
} from '../src/components/DiscountField/index.js';
import {
  LicenseCard,
  type LicenseCardFailure,
  type LicenseCardPart,
  type LicenseCardState,
} from '../src/components/LicenseCard/index.js';
import {
  MetricsSummary,
  type MetricsSummaryPart,
  type MetricsSummaryState,
} from '../src/components/MetricsSummary/index.js';
import {
  PortalButton,
  type PortalButtonPart,
  type PortalButtonState,
} from '../src/components/PortalButton/index.js';
import {
  type CardActionState,
  type PlanState,
  PricingTable,
  type PricingTablePart,
  type PricingTableState,
} from '../src/components/PricingTable/index.js';
import {
  type SubscriptionDateKind,
  SubscriptionStatus,
  type SubscriptionStatusPart,
} from '../src/components/SubscriptionStatus/index.js';
import {
  type PlanDirection,
  UpgradePicker,
  type UpgradePickerPart,
  type UpgradePickerState,
} from '../src/components/UpgradePicker/index.js';
import { billingPeriods } from '../src/contract/period.js';
import type { ProxyRouteName } from '../src/contract/proxy.js';
import {
  licenseInstanceStatuses,
  licenseStatuses,
  statsTotalsSchema,
  subscriptionStatuses,
  taxModes,
  transactionStatuses,
  updateBehaviors,
} from '../src/contract/schemas.js';
import type { CheckoutState } from '../src/react/mutations.js';
import { SANDBOX_EPOCH } from '../src/sandbox/index.js';
import {
  type BillingHarness,
  type BillingHarnessOptions,
  createBillingHarness,
  seededFixtures,
  sellerClient,
} from './support/billing-harness.js';
import { type ConformanceReach, describeConformance, inHarness } from './support/conformance.js';

/**
 * Every member of a string union, checked by the compiler: `every<PortalButtonState>()('idle',
 * 'opening', 'failed')` fails to compile when the type gains or loses a member.
 */
function every<T extends string>() {
  return <const L extends readonly T[]>(
    ...values: L &
      ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> })
  ): readonly string[] => values;
}

// -- harness set-ups ------------------------------------------------------------------------------

type Setup = BillingHarnessOptions & { prepare?: (harness: BillingHarness) => void };

/** A new harness for each render (so a held or failed route is the render's own). */
const fresh =
  ({ prepare, ...options }: Setup = {}) =>
  () => {
    const harness = createBillingHarness(options);
    prepare?.(harness);
    return harness;
  };
/** Requests to `route` wait for as long as the test looks (the loading state). */
const holding = (route: ProxyRouteName, setup: Setup = {}) =>
  fresh({ ...setup, prepare: (harness) => void harness.hold(route) });
/** The next request to `route` answers 503 (the failed state, or a flow that fails). */
const failing = (route: ProxyRouteName, setup: Setup = {}) =>
  fresh({ ...setup, prepare: (harness) => harness.failNext({ route, with: 503 }) });

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);
const fixtures = seededFixtures();

/** A buyer signed in by e-mail who has bought nothing: the service knows no data of theirs. */
const NEW_BUYER = { email: 'new.buyer@example.com' };

/** The seeded customer of the first subscription in `status` to `productId`. */
function subscriberOf(status: string, productId: string): string {
  const found = fixtures.subscriptions.find(
    (s) => s.status === status && idOf(s.product) === productId,
  );
  if (!found) throw new Error(`seed changed: no ${status} subscription to ${productId}`);
  return idOf(found.customer);
}

/** The seeded customer who holds a transaction in `status`. */
function holderOf(status: string): string {
  const tx = createBillingHarness()
    .sandbox.inspect()
    .transactions.find((t) => t.status === status);
  if (!tx?.customer) throw new Error(`seed changed: no ${status} transaction`);
  return idOf(tx.customer);
}

// -- PricingTable -----------------------------------------------------------------------------------

const pricingTableStates = every<PricingTableState>()('loading', 'error', 'empty', 'ready');

describeConformance<PricingTablePart>('PricingTable', {
  parts: {
    root: { states: pricingTableStates },
    periodSwitch: {},
    periodLabel: {},
    periodToggle: { states: ['on', 'off'] },
    periodInput: {},
    periodBadge: { states: ['saving'] },
    grid: { states: billingPeriods },
    card: {
      states: every<PlanState>()('available', 'current', 'upgrade', 'downgrade', 'unavailable'),
    },
    recommendedBadge: { states: ['recommended'] },
    title: {},
    description: {},
    price: {},
    amount: {},
    period: {},
    tax: { states: taxModes },
    monthlyEquivalent: {},
    savingBadge: { states: ['saving'] },
    features: {},
    feature: {},
    button: {
      states: every<CardActionState>()('idle', 'pending', 'redirecting', 'done', 'failed'),
    },
    cardError: { states: ['failed'] },
    statusNote: { states: subscriptionStatuses },
    notice: { states: ['shown', 'empty'] },
    loading: { states: ['loading'] },
    skeleton: { states: ['loading'] },
    alert: { states: ['error'] },
    retryAction: {},
    empty: { states: ['empty'] },
  },
  states: {
    ready: {
      root: 'ready',
      render: inHarness(fresh({ customer: NEW_BUYER }), (props) => (
        <PricingTable recommended="prod_pro_yearly" defaultPeriod="every-year" {...props} />
      )),
      parts: [
        'periodSwitch',
        'periodLabel',
        'periodToggle',
        'periodInput',
        'periodBadge',
        'grid',
        'card',
        'recommendedBadge',
        'title',
        'description',
        'price',
        'amount',
        'period',
        'tax',
        'monthlyEquivalent',
        'savingBadge',
        'features',
        'feature',
        'button',
        'notice',
      ],
    },
    loading: {
      root: 'loading',
      render: inHarness(holding('products', { customer: NEW_BUYER }), (props) => (
        <PricingTable {...props} />
      )),
      parts: ['loading', 'skeleton'],
    },
    failed: {
      root: 'error',
      render: inHarness(failing('products', { customer: NEW_BUYER }), (props) => (
        <PricingTable {...props} />
      )),
      parts: ['alert', 'retryAction'],
    },
    empty: {
      root: 'empty',
      render: inHarness(fresh({ customer: NEW_BUYER, products: [] }), (props) => (
        <PricingTable {...props} />
      )),
      parts: ['empty'],
    },
    noPlanChange: {
      root: 'ready',
      render: inHarness(
        fresh({ customer: subscriberOf('past_due', 'prod_pro_monthly') }),
        (props) => <PricingTable {...props} />,
      ),
      parts: ['statusNote', 'card', 'button'],
    },
    checkoutFailed: {
      root: 'ready',
      render: inHarness(failing('createCheckout', { customer: NEW_BUYER }), (props) => (
        <PricingTable {...props} />
      )),
      reach: async ({ user, part }) => user.click(await part('button')),
      parts: ['card', 'button', 'cardError'],
    },
  },
  message: 'pricingTable.subscribe',
  german: ['pricingTable.recommended', 'pricingTable.periodSwitch', 'pricingTable.features'],
});

// -- UpgradePicker ----------------------------------------------------------------------------------

const upgradePicker = (setup: Setup) =>
  inHarness<UpgradePickerPart>(fresh(setup), (props) => (
    <UpgradePicker
      defaultValue="prod_starter_monthly"
      behaviors={['proration-charge']}
      now={SANDBOX_EPOCH}
      {...props}
    />
  ));
const toReview = async ({ user, part }: ConformanceReach) => user.click(await part('nextButton'));
const directions = every<PlanDirection>()('upgrade', 'downgrade', 'current');

describeConformance<UpgradePickerPart>('UpgradePicker', {
  parts: {
    root: {
      states: every<UpgradePickerState>()(
        'loading',
        'error',
        'empty',
        'disabled',
        'choosing',
        'confirming',
        'submitting',
        'succeeded',
        'failed',
      ),
    },
    current: {},
    currentTitle: {},
    currentName: {},
    currentPrice: {},
    statusBadge: { states: subscriptionStatuses },
    nextCharge: {
      states: every<SubscriptionDateKind>()(
        'renews',
        'trialEnds',
        'ends',
        'ended',
        'canceled',
        'nextCharge',
      ),
    },
    disabledReason: { states: subscriptionStatuses },
    plans: { states: ['enabled', 'disabled'] },
    plansLabel: {},
    plan: { states: directions },
    planInput: {},
    planName: {},
    planPrice: {},
    planBadge: { states: directions },
    plansEmpty: { states: ['empty'] },
    behaviors: {},
    behaviorsLabel: {},
    behavior: { states: ['on', 'off'] },
    behaviorInput: {},
    estimate: {},
    estimateTitle: {},
    estimateNow: { states: ['charge', 'none'] },
    estimateCredit: { states: ['now', 'later'] },
    estimateLater: {},
    estimateDetail: { states: ['charge', 'credit'] },
    estimateNote: {},
    nextButton: {},
    confirm: {},
    confirmTitle: {},
    confirmChange: {},
    confirmBehavior: { states: updateBehaviors },
    error: { states: ['refused', 'failed'] },
    backAction: {},
    submitButton: { states: ['idle', 'submitting', 'failed'] },
    notice: { states: ['idle', 'submitting', 'succeeded'] },
    againAction: {},
    skeleton: { states: ['loading'] },
    alert: { states: ['error'] },
    retryAction: {},
    empty: { states: ['empty'] },
  },
  states: {
    choosing: {
      root: 'choosing',
      render: upgradePicker({ customer: 'cust_ada' }),
      parts: [
        'current',
        'currentTitle',
        'currentName',
        'currentPrice',
        'statusBadge',
        'nextCharge',
        'plans',
        'plansLabel',
        'plan',
        'planInput',
        'planName',
        'planPrice',
        'planBadge',
        'behaviors',
        'behaviorsLabel',
        'behavior',
        'behaviorInput',
        'estimate',
        'estimateTitle',
        'estimateNow',
        'estimateCredit',
        'estimateLater',
        'estimateDetail',
        'estimateNote',
        'nextButton',
        'notice',
      ],
    },
    loading: {
      root: 'loading',
      render: inHarness(holding('subscriptions', { customer: 'cust_ada' }), (props) => (
        <UpgradePicker {...props} />
      )),
      parts: ['skeleton'],
    },
    failed: {
      root: 'error',
      render: inHarness(failing('products', { customer: 'cust_ada' }), (props) => (
        <UpgradePicker {...props} />
      )),
      parts: ['alert', 'retryAction'],
    },
    empty: {
      root: 'empty',
      render: upgradePicker({ customer: NEW_BUYER }),
      parts: ['empty'],
    },
    disabled: {
      root: 'disabled',
      render: upgradePicker({ customer: subscriberOf('past_due', 'prod_pro_monthly') }),
      parts: ['current', 'statusBadge', 'disabledReason', 'plans'],
    },
    noOtherPlan: {
      root: 'choosing',
      render: upgradePicker({ customer: subscriberOf('active', 'prod_pro_monthly_eur') }),
      parts: ['current', 'plansEmpty'],
    },
    confirming: {
      root: 'confirming',
      render: upgradePicker({ customer: 'cust_ada' }),
      reach: toReview,
      parts: [
        'confirm',
        'confirmTitle',
        'confirmChange',
        'confirmBehavior',
        'backAction',
        'submitButton',
        'notice',
      ],
    },
    changeFailed: {
      root: 'failed',
      render: upgradePicker({
        customer: 'cust_ada',
        prepare: (h) => h.failNext({ route: 'upgradeSubscription', with: 503 }),
      }),
      reach: async (context) => {
        await toReview(context);
        await context.user.click(await context.part('submitButton'));
      },
      parts: ['confirm', 'error', 'backAction', 'submitButton'],
    },
    succeeded: {
      root: 'succeeded',
      render: upgradePicker({ customer: 'cust_ada' }),
      reach: async (context) => {
        await toReview(context);
        await context.user.click(await context.part('submitButton'));
      },
      parts: ['current', 'notice', 'againAction'],
    },
  },
  message: 'upgradePicker.continue',
  german: ['upgradePicker.currentPlan', 'upgradePicker.continue', 'upgradePicker.estimate'],
});

// -- SubscriptionStatus -----------------------------------------------------------------------------

describeConformance<SubscriptionStatusPart>('SubscriptionStatus', {
  parts: {
    root: { states: [...subscriptionStatuses, 'loading', 'error', 'empty'] },
    title: {},
    badge: { states: subscriptionStatuses },
    details: {},
    price: {},
    date: {
      states: every<SubscriptionDateKind>()(
        'renews',
        'trialEnds',
        'ends',
        'ended',
        'canceled',
        'nextCharge',
      ),
    },
    skeleton: { states: ['loading'] },
    alert: { states: ['error'] },
    retryAction: {},
    empty: { states: ['empty'] },
  },
  states: {
    active: {
      root: 'active',
      render: inHarness(fresh({ customer: 'cust_ada' }), (props) => (
        <SubscriptionStatus {...props} />
      )),
      parts: ['title', 'badge', 'details', 'price', 'date'],
    },
    loading: {
      root: 'loading',
      render: inHarness(holding('subscriptions', { customer: 'cust_ada' }), (props) => (
        <SubscriptionStatus {...props} />
      )),
      parts: ['skeleton'],
    },
    failed: {
      root: 'error',
      render: inHarness(failing('subscriptions', { customer: 'cust_ada' }), (props) => (
        <SubscriptionStatus {...props} />
      )),
      parts: ['alert', 'retryAction'],
    },
    empty: {
      root: 'empty',
      render: inHarness(fresh({ customer: NEW_BUYER }), (props) => (
        <SubscriptionStatus {...props} />
      )),
      parts: ['empty'],
    },
  },
  message: 'subscriptionStatus.active',
  german: ['subscriptionStatus.active'],
});

// -- PortalButton -----------------------------------------------------------------------------------

const portalButtonStates = every<PortalButtonState>()('idle', 'opening', 'failed');
const clickPortal = async ({ user, part }: ConformanceReach) => user.click(await part('button'));

describeConformance<PortalButtonPart>('PortalButton', {
  parts: {
    root: { states: portalButtonStates },
    button: { states: portalButtonStates },
    newTabHint: {},
    status: { states: portalButtonStates },
    error: { states: ['failed'] },
  },
  states: {
    // The button fetches nothing until clicked: it has no loading or empty state of its own.
    idle: {
      root: 'idle',
      render: inHarness(fresh({ customer: 'cust_ada' }), (props) => (
        <PortalButton target="_blank" {...props} />
      )),
      parts: ['button', 'newTabHint', 'status'],
    },
    opening: {
      root: 'opening',
      render: inHarness(holding('portal', { customer: 'cust_ada' }), (props) => (
        <PortalButton {...props} />
      )),
      reach: clickPortal,
      parts: ['button', 'status'],
    },
    failed: {
      root: 'failed',
      render: inHarness(failing('portal', { customer: 'cust_ada' }), (props) => (
        <PortalButton {...props} />
      )),
      reach: clickPortal,
      parts: ['button', 'status', 'error'],
    },
    noPortalYet: {
      root: 'failed',
      render: inHarness(fresh({ customer: NEW_BUYER }), (props) => <PortalButton {...props} />),
      reach: clickPortal,
      parts: ['button', 'error'],
    },
  },
  message: 'portalButton.label',
  german: ['portalButton.label'],
});

// -- DiscountField ----------------------------------------------------------------------------------

const discountStatuses = every<DiscountFieldStatus>()(
  'idle',
  'checking',
  'applied',
  'invalid',
  'failed',
);
const discountField = (harness: () => BillingHarness, code = '') =>
  inHarness<DiscountFieldPart>(harness, (props) => (
    <DiscountField productId="prod_pro_monthly" defaultValue={code} debounceMs={0} {...props} />
  ));

describeConformance<DiscountFieldPart>('DiscountField', {
  parts: {
    root: { states: discountStatuses },
    label: {},
    control: { states: discountStatuses },
    input: { states: discountStatuses },
    applyAction: {},
    removeAction: {},
    message: { states: discountStatuses },
  },
  states: {
    applied: {
      root: 'applied',
      render: discountField(fresh(), 'LAUNCH20'),
      parts: ['label', 'control', 'input', 'removeAction', 'message'],
    },
    checking: {
      root: 'checking',
      render: discountField(holding('discount'), 'LAUNCH20'),
      parts: ['control', 'input', 'applyAction', 'message'],
    },
    idle: {
      root: 'idle',
      render: discountField(fresh()),
      parts: ['label', 'control', 'input', 'applyAction', 'message'],
    },
    invalid: {
      root: 'invalid',
      render: discountField(fresh(), 'SUMMER15'),
      parts: ['input', 'applyAction', 'message'],
    },
    failed: {
      root: 'failed',
      render: discountField(failing('discount'), 'LAUNCH20'),
      parts: ['input', 'applyAction', 'message'],
    },
  },
  message: 'discountField.remove',
  german: ['discountField.label', 'discountField.remove'],
});

// -- CheckoutForm -----------------------------------------------------------------------------------

const EBOOK = 'prod_ebook';
const checkoutStates = every<CheckoutState>()('idle', 'submitting', 'redirecting', 'failed');
const validity = ['valid', 'invalid'];

describeConformance<CheckoutFormPart>('CheckoutForm', {
  parts: {
    root: { states: every<CheckoutFormState>()('loading', 'error', 'empty', 'ready') },
    skeleton: { states: ['loading'] },
    loadError: { states: ['error'] },
    retryAction: {},
    empty: { states: ['empty'] },
    form: { states: checkoutStates },
    summary: {},
    name: {},
    description: {},
    price: {},
    period: { states: billingPeriods },
    tax: { states: taxModes },
    unitsField: { states: validity },
    unitsLabel: {},
    unitsInput: { states: validity },
    unitsError: { states: ['invalid'] },
    discount: { states: discountStatuses },
    field: { states: validity },
    fieldLabel: {},
    fieldDescription: {},
    fieldInput: { states: validity },
    fieldCounter: { states: ['within', 'over'] },
    fieldError: { states: ['invalid'] },
    checkbox: { states: ['checked', 'unchecked'] },
    checkboxLabel: {},
    fieldsNote: {},
    totals: { states: ['discounted', 'full'] },
    subtotal: {},
    discountAmount: {},
    total: { states: ['discounted', 'full'] },
    alert: { states: ['failed'] },
    status: { states: checkoutStates },
    submitButton: { states: checkoutStates },
  },
  states: {
    ready: {
      root: 'ready',
      render: inHarness(fresh(), (props) => (
        <CheckoutForm
          {...props}
          productId={EBOOK}
          allowUnits
          defaultAnswers={{ dedication: 'x' }}
          defaultUnits={2}
          defaultDiscountCode="READER3"
        />
      )),
      parts: [
        'form',
        'summary',
        'name',
        'description',
        'price',
        'period',
        'tax',
        'unitsField',
        'unitsLabel',
        'unitsInput',
        'discount',
        'field',
        'fieldLabel',
        'fieldDescription',
        'fieldInput',
        'fieldCounter',
        'checkbox',
        'checkboxLabel',
        'totals',
        'subtotal',
        'discountAmount',
        'total',
        'status',
        'submitButton',
      ],
    },
    loading: {
      root: 'loading',
      render: inHarness(holding('products'), (props) => (
        <CheckoutForm {...props} productId={EBOOK} />
      )),
      parts: ['skeleton'],
    },
    failed: {
      root: 'error',
      render: inHarness(failing('products'), (props) => (
        <CheckoutForm {...props} productId={EBOOK} />
      )),
      parts: ['loadError', 'retryAction'],
    },
    // No such product in the proxy's catalog: an archived one.
    empty: {
      root: 'empty',
      render: inHarness(fresh(), (props) => (
        <CheckoutForm {...props} productId="prod_legacy_monthly" />
      )),
      parts: ['empty'],
    },
    invalid: {
      root: 'ready',
      render: inHarness(fresh(), (props) => (
        <CheckoutForm
          {...props}
          productId={EBOOK}
          allowUnits
          maxUnits={10}
          defaultUnits={11}
          defaultAnswers={{ dedication: 'x' }}
        />
      )),
      reach: async ({ user, part }) => user.click(await part('submitButton')),
      parts: ['unitsField', 'unitsInput', 'unitsError', 'field', 'fieldInput', 'fieldError'],
    },
    askedOnCheckoutPage: {
      root: 'ready',
      render: inHarness(fresh(), (props) => (
        <CheckoutForm {...props} productId={EBOOK} collect="checkout" />
      )),
      parts: ['form', 'fieldsNote', 'totals', 'total', 'submitButton'],
    },
    submitFailed: {
      root: 'ready',
      render: inHarness(failing('createCheckout'), (props) => (
        <CheckoutForm
          {...props}
          productId={EBOOK}
          defaultAnswers={{ dedication: 'Ada', terms: true }}
        />
      )),
      reach: async ({ user, part }) => user.click(await part('submitButton')),
      parts: ['form', 'alert', 'status', 'submitButton'],
    },
  },
  message: 'checkoutForm.submit',
  german: ['checkoutForm.submit', 'checkoutForm.units', 'checkoutForm.subtotal'],
});

// -- BillingHistory ---------------------------------------------------------------------------------

const billingHistoryStates = every<BillingHistoryState>()(
  'loading',
  'ready',
  'paging',
  'empty',
  'pastEnd',
  'error',
);

describeConformance<BillingHistoryPart>('BillingHistory', {
  parts: {
    root: { states: billingHistoryStates },
    scroller: {},
    table: { states: ['ready', 'paging'] },
    caption: {},
    head: {},
    headerCell: {
      states: ['date', 'description', 'amount', 'discount', 'tax', 'paid', 'status'],
    },
    body: {},
    row: { states: transactionStatuses },
    date: {},
    description: {},
    amount: {},
    discount: {},
    tax: {},
    paid: {},
    status: {},
    statusBadge: { states: transactionStatuses },
    refund: { states: ['full', 'partial'] },
    pager: {},
    pagination: {},
    previous: { states: ['enabled', 'disabled'] },
    next: { states: ['enabled', 'disabled'] },
    pageInfo: { states: ['loading', 'ready'] },
    skeleton: { states: ['loading'] },
    error: { states: [...billingErrorKinds, 'error'] },
    retryAction: {},
    empty: { states: ['empty'] },
    pastEnd: { states: ['pastEnd'] },
    lastPageAction: {},
  },
  states: {
    ready: {
      root: 'ready',
      render: inHarness(fresh({ customer: 'cust_ada' }), (props) => <BillingHistory {...props} />),
      parts: [
        'scroller',
        'table',
        'caption',
        'head',
        'headerCell',
        'body',
        'row',
        'date',
        'description',
        'amount',
        'discount',
        'tax',
        'paid',
        'status',
        'statusBadge',
        'pager',
        'pagination',
        'previous',
        'next',
        'pageInfo',
      ],
    },
    refunds: {
      root: 'ready',
      render: inHarness(fresh({ customer: holderOf('partialRefund') }), (props) => (
        <BillingHistory pageSize={100} {...props} />
      )),
      parts: ['row', 'statusBadge', 'refund'],
    },
    loading: {
      root: 'loading',
      render: inHarness(holding('transactions', { customer: 'cust_ada' }), (props) => (
        <BillingHistory {...props} />
      )),
      parts: ['skeleton'],
    },
    failed: {
      root: 'error',
      render: inHarness(failing('transactions', { customer: 'cust_ada' }), (props) => (
        <BillingHistory {...props} />
      )),
      parts: ['error', 'retryAction'],
    },
    empty: {
      root: 'empty',
      render: inHarness(fresh({ customer: NEW_BUYER }), (props) => <BillingHistory {...props} />),
      parts: ['empty'],
    },
    pastEnd: {
      root: 'pastEnd',
      render: inHarness(fresh({ customer: 'cust_ada' }), (props) => (
        <BillingHistory page={99} onPageChange={() => {}} {...props} />
      )),
      parts: ['pastEnd', 'lastPageAction'],
    },
  },
  message: 'billingHistory.nextPage',
  german: ['billingHistory.nextPage', 'billingHistory.column.date'],
});

// -- CreditsHistory ---------------------------------------------------------------------------------

const sides = ['credit', 'debit', 'unknown'];

// Grace's newest support-minutes credit, reversed by the seller in the sandbox; the page knows
// of the reversal (the `transactions` prop), so both entries are marked.
const graceHarness = createBillingHarness({ customer: 'cust_grace' });
const minutes = graceHarness.sandbox
  .fixtures()
  .credit_accounts.find((a) => a.customer_id === 'cust_grace' && a.name === 'Support minutes');
if (!minutes) throw new Error('seed changed: Grace has no Support minutes');
const newestCredit = graceHarness.sandbox
  .inspect()
  .credit_entries.filter((e) => e.account_id === minutes.id && e.side === 'credit')
  .at(-1);
if (!newestCredit) throw new Error('seed changed: no credit on Support minutes');
const reversal = await sellerClient(graceHarness).credits.reverse({
  account_id: minutes.id,
  transaction_id: newestCredit.transaction_id,
});

describeConformance<CreditsHistoryPart>('CreditsHistory', {
  parts: {
    root: { states: every<CreditsHistoryState>()('loading', 'ready', 'empty', 'error') },
    header: {},
    title: {},
    accountPicker: {},
    accountLabel: {},
    accountSelect: {},
    balance: { states: ['loading', 'error', 'ready'] },
    balanceLabel: {},
    balanceValue: {},
    balanceAmount: { states: ['loading', 'error'] },
    unitLabel: {},
    asOf: {},
    loadNewer: { states: ['idle', 'loading'] },
    viewport: {},
    list: {},
    row: { states: sides },
    side: { states: sides },
    reversal: { states: ['reversal', 'reversed'] },
    date: {},
    amount: { states: sides },
    loadOlder: { states: ['idle', 'loading'] },
    status: {},
    empty: {},
    error: { states: ['accounts', 'balance', 'history', 'older', 'newer'] },
    retry: {},
    skeleton: { states: ['loading'] },
  },
  states: {
    ready: {
      root: 'ready',
      render: inHarness(graceHarness, (props) => (
        <CreditsHistory transactions={[reversal]} {...props} />
      )),
      parts: [
        'header',
        'title',
        'accountPicker',
        'accountLabel',
        'accountSelect',
        'balance',
        'balanceLabel',
        'balanceValue',
        'balanceAmount',
        'unitLabel',
        'asOf',
        'loadNewer',
        'viewport',
        'list',
        'row',
        'side',
        'reversal',
        'date',
        'amount',
        'status',
      ],
    },
    // Ada's AI credits: 1,000+ entries, more than a page.
    longHistory: {
      root: 'ready',
      render: inHarness(fresh({ customer: 'cust_ada' }), (props) => <CreditsHistory {...props} />),
      parts: ['list', 'row', 'loadOlder', 'status'],
    },
    loading: {
      root: 'loading',
      render: inHarness(holding('creditEntries', { customer: 'cust_grace' }), (props) => (
        <CreditsHistory {...props} />
      )),
      parts: ['header', 'title', 'skeleton'],
    },
    failed: {
      root: 'error',
      render: inHarness(failing('creditEntries', { customer: 'cust_grace' }), (props) => (
        <CreditsHistory {...props} />
      )),
      parts: ['error', 'retry'],
    },
    empty: {
      root: 'empty',
      render: inHarness(fresh({ customer: NEW_BUYER }), (props) => <CreditsHistory {...props} />),
      parts: ['header', 'title', 'empty'],
    },
  },
  message: 'creditsHistory.loadNewer',
  german: ['creditsHistory.label', 'creditsHistory.balance', 'creditsHistory.loadNewer'],
});

// -- LicenseCard ------------------------------------------------------------------------------------

const license = fixtures.licenses.find((l) => l.status === 'active' && !l.expires_at);
const instance = license?.instances[0];
if (!license || !instance) throw new Error('seed changed: no active license without expiry');
const licenseCard = (harness: () => BillingHarness, key = license.key, instanceId = instance.id) =>
  inHarness<LicenseCardPart>(harness, (props) => (
    <LicenseCard licenseKey={key} instanceId={instanceId} {...props} />
  ));
const unlimited = { handler: { rateLimit: false } } as const;
const licenseCardStates = every<LicenseCardState>()(
  'idle',
  'validating',
  'valid',
  'invalid',
  'instanceInactive',
  'error',
);

describeConformance<LicenseCardPart>('LicenseCard', {
  parts: {
    root: { states: licenseCardStates },
    title: {},
    form: {},
    keyField: {},
    keyLabel: {},
    keyInput: {},
    keyError: {},
    instanceField: {},
    instanceLabel: {},
    instanceInput: {},
    instanceError: {},
    submitButton: { states: ['idle', 'validating'] },
    result: { states: licenseCardStates },
    details: {},
    status: { states: licenseStatuses },
    statusBadge: { states: licenseStatuses },
    key: {},
    keyValue: { states: ['masked', 'revealed'] },
    revealAction: { states: ['on', 'off'] },
    copyAction: { states: ['idle', 'copied', 'failed'] },
    copyStatus: { states: ['idle', 'copied', 'failed'] },
    activations: { states: ['unlimited', 'full', 'available'] },
    meter: { states: ['full', 'available'] },
    meterBar: {},
    expiry: { states: ['never', 'expires', 'expired'] },
    instance: { states: licenseInstanceStatuses },
    error: { states: every<LicenseCardFailure>()('notFound', 'failed') },
    retryAction: {},
  },
  states: {
    valid: {
      root: 'valid',
      render: licenseCard(fresh(unlimited)),
      parts: [
        'title',
        'form',
        'keyField',
        'keyLabel',
        'keyInput',
        'instanceField',
        'instanceLabel',
        'instanceInput',
        'submitButton',
        'result',
        'details',
        'status',
        'statusBadge',
        'key',
        'keyValue',
        'revealAction',
        'copyAction',
        'copyStatus',
        'activations',
        'meter',
        'meterBar',
        'expiry',
        'instance',
      ],
    },
    idle: {
      root: 'idle',
      render: inHarness(fresh(unlimited), (props) => <LicenseCard {...props} />),
      parts: ['title', 'form', 'keyInput', 'instanceInput', 'submitButton', 'result'],
    },
    missingInput: {
      root: 'idle',
      render: inHarness(fresh(unlimited), (props) => <LicenseCard {...props} />),
      reach: async ({ user, part }) => user.click(await part('submitButton')),
      parts: ['keyField', 'keyInput', 'keyError', 'instanceField', 'instanceError'],
    },
    validating: {
      root: 'validating',
      render: licenseCard(holding('validateLicense', unlimited)),
      parts: ['form', 'submitButton', 'result'],
    },
    failed: {
      root: 'error',
      render: licenseCard(failing('validateLicense', unlimited)),
      parts: ['result', 'error', 'retryAction'],
    },
    notFound: {
      root: 'invalid',
      render: licenseCard(fresh(unlimited), 'NOSUCH-KEY00-00000-00000-00000'),
      parts: ['result', 'error'],
    },
  },
  message: 'licenseCard.neverExpires',
  german: ['licenseCard.label', 'licenseCard.key', 'licenseCard.show'],
});

// -- MetricsSummary ---------------------------------------------------------------------------------

const NOW = Date.parse(SANDBOX_EPOCH);
const lines = ['gross', 'net'];

describeConformance<MetricsSummaryPart>('MetricsSummary', {
  parts: {
    root: {
      states: every<MetricsSummaryState>()('loading', 'ready', 'updating', 'empty', 'error'),
    },
    title: {},
    status: { states: ['idle', 'updating'] },
    controls: {},
    currency: {},
    currencyLegend: {},
    currencyToggle: { states: ['on', 'off'] },
    currencyInput: {},
    range: {},
    rangeLabel: {},
    rangeSelect: {},
    interval: {},
    intervalLabel: {},
    intervalSelect: {},
    totals: {},
    total: {
      // The fields of the service's totals: "the field's name, such as `totalRevenue`".
      states: Object.keys(statsTotalsSchema.def.shape),
    },
    totalLabel: {},
    totalValue: {},
    chart: {},
    chartAxis: { states: ['x', 'y'] },
    chartLine: { states: lines },
    chartPoint: { states: lines },
    legend: {},
    legendItem: { states: lines },
    tableToggle: { states: ['on', 'off'] },
    tableScroller: {},
    table: { states: ['hidden', 'shown'] },
    tableCaption: {},
    skeleton: { states: ['loading'] },
    error: { states: ['forbidden', 'failed'] },
    retryAction: {},
    empty: { states: ['empty'] },
  },
  states: {
    ready: {
      root: 'ready',
      render: inHarness(fresh({ admin: true }), (props) => <MetricsSummary now={NOW} {...props} />),
      parts: [
        'title',
        'status',
        'controls',
        'currency',
        'currencyLegend',
        'currencyToggle',
        'currencyInput',
        'range',
        'rangeLabel',
        'rangeSelect',
        'interval',
        'intervalLabel',
        'intervalSelect',
        'totals',
        'total',
        'totalLabel',
        'totalValue',
        'chart',
        'chartAxis',
        'chartLine',
        'chartPoint',
        'legend',
        'legendItem',
        'tableToggle',
        'tableScroller',
        'table',
        'tableCaption',
      ],
    },
    loading: {
      root: 'loading',
      render: inHarness(holding('adminStats', { admin: true }), (props) => (
        <MetricsSummary now={NOW} {...props} />
      )),
      parts: ['title', 'controls', 'skeleton'],
    },
    failed: {
      root: 'error',
      render: inHarness(failing('adminStats', { admin: true }), (props) => (
        <MetricsSummary now={NOW} {...props} />
      )),
      parts: ['title', 'error', 'retryAction'],
    },
    notTheSeller: {
      root: 'error',
      render: inHarness(fresh({ customer: 'cust_ada' }), (props) => (
        <MetricsSummary now={NOW} {...props} />
      )),
      parts: ['title', 'error'],
    },
    // A range before the first sale: totals, but no periods to chart.
    empty: {
      root: 'empty',
      render: inHarness(fresh({ admin: true }), (props) => (
        <MetricsSummary
          now={NOW}
          range={{ startDate: 0, endDate: 86_400_000 }}
          interval="day"
          {...props}
        />
      )),
      parts: ['totals', 'total', 'empty'],
    },
  },
  message: 'metricsSummary.totalRevenue',
  german: ['metricsSummary.totalRevenue'],
});

// -- every component is in the table above ---------------------------------------------------------

const checked = [
  'BillingHistory',
  'CheckoutForm',
  'CreditsHistory',
  'DiscountField',
  'LicenseCard',
  'MetricsSummary',
  'PortalButton',
  'PricingTable',
  'SubscriptionStatus',
  'UpgradePicker',
];

test('every component folder is checked by this suite', () => {
  const components = Object.keys(import.meta.glob('../src/components/*/index.ts'))
    .map((path) => path.split('/').at(-2) ?? '')
    .filter((name) => /^[A-Z]/.test(name));
  expect(components.sort()).toEqual(checked);
});
