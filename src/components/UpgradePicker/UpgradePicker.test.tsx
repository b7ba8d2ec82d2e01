import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  type BillingHarness,
  createBillingHarness,
  refetchFailing,
  renderWithBilling,
  scalePlan,
  seededFixtures,
} from '../../../test/support/billing-harness.js';
import { Hideable, type HideableView } from '../../../test/support/hideable.js';
import { endedSubscriptionsAhead } from '../../../test/support/hosted-checkout.js';
import { renderToStringWithBilling } from '../../../test/support/server-render.js';
import { prorateUpgrade } from '../../contract/proration.js';
import type { Subscription, UpdateBehavior } from '../../contract/schemas.js';
import { allCustomerSubscriptionsOptions, productsOptions } from '../../react/options.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { allowsPlanChange, planDirection } from './estimate.js';
import { UpgradePicker, type UpgradePickerSuccess } from './UpgradePicker.js';

// The sandbox's clock stands still at SANDBOX_EPOCH and its seeded periods are laid out around
// it; the page's clock is set to the same instant, so the picker estimates for the very moment
// the sandbox then charges at.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(SANDBOX_EPOCH));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** Ada's harness with `scalePlan` staged and sold. */
function withScalePlan(): BillingHarness {
  const scale = scalePlan();
  const harness = createBillingHarness({ customer: 'cust_ada', products: scale.products });
  harness.sandbox.customize(scale.customize);
  return harness;
}

/** Ada's active Pro (monthly) subscription, as seeded. */
function adasPro(): Subscription {
  const found = seededFixtures().subscriptions.find(
    (s) => idOf(s.customer) === 'cust_ada' && s.status === 'active',
  );
  if (!found) throw new Error('Ada has no active subscription in the seed');
  return found;
}

/** The first seeded subscription in a status, with its customer. */
function seededIn(status: string): { customer: string; subscription: Subscription } {
  const found = seededFixtures().subscriptions.find((s) => s.status === status);
  if (!found) throw new Error(`no seeded subscription is ${status}`);
  return { customer: idOf(found.customer), subscription: found };
}

const medium = (locale: string, iso: string | null | undefined) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso ?? Number.NaN));
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

function picker() {
  return screen.getByRole('region', { name: 'Change plan' });
}

function subscriptionIn(harness: BillingHarness, id: string) {
  return harness.sandbox.inspect().subscriptions.find((s) => s.id === id);
}

function prorationsOf(harness: BillingHarness, subscriptionId: string) {
  const state = harness.sandbox.inspect();
  return {
    transactions: state.transactions.filter(
      (t) => t.subscription === subscriptionId && t.description?.startsWith('Proration'),
    ),
    pending: state.pending_prorations.filter((p) => p.subscription === subscriptionId),
  };
}

/**
 * The shared proration (`prorateUpgrade`, which the sandbox charges by) of Ada's Pro, $29.00,
 * against a plan of `targetPrice` over her current period at the sandbox's moment. Her launch
 * offer ended before it, so list prices are what is prorated.
 */
function proratedFromPro(pro: Subscription, targetPrice: number) {
  return prorateUpgrade({
    currentPrice: 2900,
    targetPrice,
    periodStart: pro.current_period_start_date ?? Number.NaN,
    periodEnd: pro.current_period_end_date ?? Number.NaN,
    now: SANDBOX_EPOCH,
  });
}
const proratedScale = (pro: Subscription) => proratedFromPro(pro, 4900);

/** Chooses a plan and a behaviour, and goes on to the review step. */
async function choose(user: ReturnType<typeof userEvent.setup>, plan: RegExp, behavior?: RegExp) {
  await user.click(await screen.findByRole('radio', { name: plan }));
  if (behavior) await user.click(screen.getByRole('radio', { name: behavior }));
}

/** UpgradePicker with its value and behaviour held in state, logging each change. */
function Controlled({ changes }: { changes: string[] }) {
  const [value, setValue] = useState<string | null>('prod_business_half_year');
  const [behavior, setBehavior] = useState<UpdateBehavior>('proration-none');
  return (
    <UpgradePicker
      value={value}
      onValueChange={(next, { direction }) => {
        changes.push(`${next} ${direction}`);
        setValue(next);
      }}
      behaviors={['proration-charge', 'proration-none']}
      behavior={behavior}
      onBehaviorChange={(next) => {
        changes.push(next);
        setBehavior(next);
      }}
    />
  );
}

describe('UpgradePicker: what the customer sees', () => {
  test('the current plan, then the other recurring plans in its currency marked up or down', async () => {
    const pro = adasPro();
    renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });

    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Pro')).toBeVisible();
    expect(within(current).getByText('$29.00 per month')).toBeVisible();
    expect(within(current).getByText('Active')).toHaveAttribute('data-state', 'active');
    const renews = within(current).getByText(
      `Renews on ${medium('en-US', pro.next_transaction_date)}`,
    );
    expect(renews).toHaveAttribute('datetime', pro.next_transaction_date);
    expect(current.textContent).toContain(
      `Active Renews on ${medium('en-US', pro.next_transaction_date)}`,
    );

    const plans = screen.getByRole('group', { name: 'Choose a new plan' });
    const options = within(plans).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual([
      'Pro $29.00 per month Current plan',
      'Starter $9.00 per month Downgrade',
      'Pro (yearly) $290.00 per year Upgrade',
      'Team $75.00 every 3 months Upgrade',
      'Business $140.00 every 6 months Upgrade',
      'Day pass $1.99 per day Downgrade',
    ]);
    // Each radio is named by its words apart, not run together.
    expect(
      within(plans).getByRole('radio', { name: 'Starter $9.00 per month Downgrade' }),
    ).toHaveAttribute('value', 'prod_starter_monthly');
    expect(options.map((o) => o.closest('label')?.getAttribute('data-state'))).toEqual([
      'current',
      'downgrade',
      'upgrade',
      'upgrade',
      'upgrade',
      'downgrade',
    ]);
    // The current plan is shown for reference but cannot be chosen; nothing is chosen yet.
    expect(within(plans).getByRole('radio', { name: /^Pro \$29/ })).toBeDisabled();
    expect(options.filter((o) => (o as HTMLInputElement).checked)).toEqual([]);
    // Not offered: another currency, one-time products, archived ones.
    expect(within(plans).queryByRole('radio', { name: /EUR|Handbook|Lifetime|Legacy/ })).toBe(null);

    expect(screen.getByRole('radio', { name: /pay the prorated difference today/ })).toBeChecked();
    // Disabled, and it says why: the plans' legend is its description.
    const next = screen.getByRole('button', { name: 'Review change' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Choose a new plan');
    expect(screen.queryByRole('region', { name: 'Estimate' })).toBe(null);
    expect(picker()).toHaveAttribute('data-state', 'choosing');
  });

  test('the live plan behind eleven newer, ended subscriptions is the one offered for change', async () => {
    const harness = createBillingHarness();
    await endedSubscriptionsAhead(harness.sandbox, 'cust_ada', 11);
    renderWithBilling(<UpgradePicker />, { harness, customer: 'cust_ada' });
    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Pro')).toBeVisible();
    expect(within(current).getByText('Active')).toBeVisible();
  });

  test('a chosen plan shows an estimate, labelled as one, that follows the behaviour', async () => {
    const user = userEvent.setup();
    renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await choose(user, /^Team/);

    const estimate = screen.getByRole('region', { name: 'Estimate' });
    expect(within(estimate).getByText(/^\$\d+\.\d\d charged now$/)).toHaveAttribute(
      'data-state',
      'charge',
    );
    expect(estimate).toHaveTextContent(
      'An estimate: the final amount is calculated when you confirm.',
    );
    expect(estimate).toHaveTextContent('The new plan starts a new billing period today.');
    expect(estimate).toHaveTextContent('Amounts include tax.');
    expect(screen.getByRole('button', { name: 'Review change' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Review change' })).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('radio', { name: /no charge for the rest/ }));
    expect(within(estimate).getByText('Nothing charged now')).toHaveAttribute('data-state', 'none');
  });
});

describe('UpgradePicker: the estimate is what the sandbox charges', () => {
  test('proration-charge-immediately: the figure charged now is the proration transaction', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await choose(user, /^Team/);
    const now = screen.getByText(/charged now$/).textContent;
    const later = screen.getByText(/^Next bill on/).textContent;

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByText('Your plan is now Team.');

    const { transactions, pending } = prorationsOf(harness, pro.id);
    expect(transactions).toHaveLength(1);
    const charged = transactions[0];
    expect(charged?.description).toBe('Proration: Pro → Team');
    expect(now).toBe(`${usd(charged?.amount ?? Number.NaN)} charged now`);
    expect(pending).toEqual([]);
    // The new quarterly period starts now; its first renewal is the next bill, at Team's price.
    const changed = subscriptionIn(harness, pro.id);
    expect(later).toBe(`Next bill on ${medium('en-US', changed?.next_transaction_date)}: $75.00`);
  });

  test.each([
    // [plan, its name, the new plan's part the change charges for: Scale's for the rest of the
    // period (same period), the whole yearly price (a new period starting now)]
    ['Scale', /^Scale/, (pro: Subscription) => proratedScale(pro).charge, '$18.17', '$26.34'],
    ['Pro (yearly)', /^Pro \(yearly\)/, () => 29000, '$263.66', '$26.34'],
  ] as const)(
    'proration-charge-immediately to %s: the credit for the unused part of Pro, taken off the figure charged now, is what the sandbox took off',
    async (name, plan, newPart, nowText, creditText) => {
      const user = userEvent.setup();
      const pro = adasPro();
      const harness = withScalePlan();
      renderWithBilling(<UpgradePicker />, { harness });
      await choose(user, plan);
      const estimate = screen.getByRole('region', { name: 'Estimate' });
      const now = within(estimate).getByText(/charged now$/);
      // Its own line, right after the figure charged now.
      const credit = within(estimate).getByText(/credit of/);
      expect(now.nextElementSibling).toBe(credit);
      expect(credit).toHaveAttribute('data-slot', 'upgrade-picker-estimate-credit');
      expect(credit).toHaveAttribute('data-state', 'now');
      expect(credit).toHaveTextContent(
        /^Includes a credit of \$[\d,.]+ for the unused part of Pro\.$/,
      );
      // Ada's figures as the issue tells them: 27 of 31 days of Pro left.
      expect(now).toHaveTextContent(`${nowText} charged now`);
      expect(credit).toHaveTextContent(`credit of ${creditText} `);
      const shown = { now: now.textContent, credit: credit.textContent };
      await user.click(screen.getByRole('button', { name: 'Review change' }));
      const review = screen.getByRole('region', { name: 'Review your change' });
      expect(within(review).getByText(/credit of/)).toHaveTextContent(shown.credit ?? '');
      await user.click(screen.getByRole('button', { name: 'Confirm change' }));
      await screen.findByText(`Your plan is now ${name}.`);

      const { transactions, pending } = prorationsOf(harness, pro.id);
      expect(pending).toEqual([]);
      expect(transactions).toHaveLength(1);
      const charged = transactions[0];
      expect(charged?.description).toBe(`Proration: Pro → ${name}`);
      // No discount applies any more: the invoice is the difference at list prices.
      expect(charged?.discount_amount).toBe(0);
      const amount = charged?.amount ?? Number.NaN;
      expect(shown.now).toBe(`${usd(amount)} charged now`);
      // The sandbox charged the new plan's part less the unused part of Pro: that credit is the
      // one shown, and the shared proration's own.
      const taken = newPart(pro) - amount;
      expect(shown.credit).toBe(`Includes a credit of ${usd(taken)} for the unused part of Pro.`);
      expect(taken).toBe(proratedScale(pro).credit);
    },
  );

  test('proration-charge: nothing now, the difference kept for the next bill', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const harness = withScalePlan();
    renderWithBilling(<UpgradePicker />, { harness });
    await choose(user, /^Scale/, /add the prorated difference to your next bill/);
    expect(screen.getByText('Nothing charged now')).toBeVisible();
    const detail = screen.getByText(/added to your next bill/);
    expect(detail).toHaveAttribute('data-state', 'charge');
    const carried = /^(\$[\d,.]+) is added/.exec(detail.textContent ?? '')?.[1];
    expect(detail).toHaveTextContent(
      /^\$[\d,.]+ is added to your next bill\. Then you pay \$49\.00 per month\.$/,
    );
    // The unused part of Pro is credited on the next bill, inside the difference kept there.
    const credit = screen.getByText(/^Your next bill includes a credit of/);
    expect(credit).toHaveAttribute('data-state', 'later');
    expect(credit).toHaveAttribute('data-slot', 'upgrade-picker-estimate-credit');
    expect(credit).toHaveTextContent(
      `Your next bill includes a credit of ${usd(proratedScale(pro).credit)} for the unused part of Pro.`,
    );

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByText('Your plan is now Scale.');

    const { transactions, pending } = prorationsOf(harness, pro.id);
    expect(transactions).toEqual([]);
    expect(pending).toHaveLength(1);
    expect(carried).toBe(usd(pending[0]?.amount ?? Number.NaN));
    // What the sandbox kept is Scale's part of the period less the credit shown.
    expect(credit).toHaveTextContent(
      `credit of ${usd(proratedScale(pro).charge - (pending[0]?.amount ?? Number.NaN))} `,
    );
    expect(harness.requests.find((r) => r.route === 'upgradeSubscription')?.body).toEqual({
      product_id: 'prod_scale_monthly',
      update_behavior: 'proration-charge',
    });
  });

  test('another period without paying now: the paid period runs out, nothing prorated', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await choose(user, /^Team/, /add the prorated difference to your next bill/);
    expect(screen.getByText('Nothing charged now')).toBeVisible();
    expect(screen.queryByText(/added to your next bill|credit of/)).toBe(null);
    const estimate = screen.getByRole('region', { name: 'Estimate' });
    expect(estimate).toHaveTextContent(
      'The new plan’s billing period begins at your next renewal, when this one ends.',
    );
    expect(screen.getByText(/^Next bill on/)).toHaveTextContent(
      `Next bill on ${medium('en-US', pro.current_period_end_date)}: $75.00`,
    );

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByText('Your plan is now Team.');
    expect(prorationsOf(harness, pro.id)).toEqual({ transactions: [], pending: [] });
    // A month paid does not buy a quarter: the period ends where it did.
    const changed = subscriptionIn(harness, pro.id);
    expect(changed?.current_period_end_date).toBe(pro.current_period_end_date);
    expect(changed?.next_transaction_date).toBe(pro.next_transaction_date);
  });

  test('a downgrade in the same period: the unused part is a credit on the next bill', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await choose(user, /^Starter/, /add the prorated difference/);
    // The credit is said once: its own line names the unused part of Pro; the detail says
    // what comes off the next bill once Starter's part is charged against it.
    const estimate = screen.getByRole('region', { name: 'Estimate' });
    expect(within(estimate).getAllByText(/credit/)).toHaveLength(1);
    const creditLine = within(estimate).getByText(/credit of/);
    expect(creditLine).toHaveAttribute('data-state', 'later');
    expect(creditLine).toHaveTextContent(
      `Your next bill includes a credit of ${usd(proratedFromPro(pro, 900).credit)} for the unused part of Pro.`,
    );
    const detail = within(estimate).getByText(/taken off your next bill/);
    expect(detail).toHaveAttribute('data-state', 'credit');
    const credit = /^(\$[\d,.]+) is taken off/.exec(detail.textContent ?? '')?.[1];
    expect(detail).toHaveTextContent(
      `${credit} is taken off your next bill. Then you pay $9.00 per month.`,
    );
    // Same period: the next bill stays on the current period's end.
    expect(screen.getByText(/^Next bill on/)).toHaveTextContent(
      `Next bill on ${medium('en-US', pro.current_period_end_date)}`,
    );

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByText('Your plan is now Starter.');
    const { transactions, pending } = prorationsOf(harness, pro.id);
    expect(transactions).toEqual([]);
    expect(credit).toBe(usd(-(pending[0]?.amount ?? Number.NaN)));
    // What the sandbox kept is Starter's part less the credit shown.
    expect(creditLine).toHaveTextContent(
      `credit of ${usd(proratedFromPro(pro, 900).charge - (pending[0]?.amount ?? Number.NaN))} `,
    );
  });

  test('proration-none: nothing now, nothing kept, the new price from the next bill', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await choose(user, /^Pro \(yearly\)/, /no charge for the rest/);
    expect(screen.getByText('Nothing charged now')).toBeVisible();
    expect(screen.queryByText(/added to your next bill|credit of/)).toBe(null);
    expect(screen.getByText(/^Next bill on/)).toHaveTextContent(
      `Next bill on ${medium('en-US', pro.current_period_end_date)}: $290.00`,
    );

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByText('Your plan is now Pro (yearly).');
    expect(prorationsOf(harness, pro.id)).toEqual({ transactions: [], pending: [] });
    const changed = subscriptionIn(harness, pro.id);
    expect(idOf(changed?.product ?? '')).toBe('prod_pro_yearly');
    // Not a free year: the month paid runs out, then the yearly price is due.
    expect(changed?.current_period_end_date).toBe(pro.current_period_end_date);
  });
});

describe('UpgradePicker: review, success and failure', () => {
  test('the review step sums up the change; Back (or Escape) returns with the choice kept', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await choose(user, /^Team/, /add the prorated difference/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));

    const review = screen.getByRole('region', { name: 'Review your change' });
    expect(picker()).toHaveAttribute('data-state', 'confirming');
    expect(screen.getByRole('heading', { name: 'Review your change' })).toHaveFocus();
    expect(review).toHaveTextContent('From Pro ($29.00 per month) to Team ($75.00 every 3 months)');
    expect(review).toHaveTextContent(
      'Switch now and add the prorated difference to your next bill',
    );
    expect(within(review).getByRole('region', { name: 'Estimate' })).toHaveTextContent(
      'Nothing charged now',
    );

    await user.click(within(review).getByRole('button', { name: 'Back' }));
    expect(picker()).toHaveAttribute('data-state', 'choosing');
    expect(screen.getByRole('button', { name: 'Review change' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: /^Team/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /add the prorated difference/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.keyboard('{Escape}');
    expect(picker()).toHaveAttribute('data-state', 'choosing');
    expect(harness.count('upgradeSubscription')).toBe(0);
  });

  test('success: announced and focused, the new plan shown, the sandbox changed, onSuccess told', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const successes: UpgradePickerSuccess[] = [];
    const { harness } = renderWithBilling(
      <UpgradePicker onSuccess={(details) => successes.push(details)} />,
      { customer: 'cust_ada' },
    );
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));

    const release = harness.hold('upgradeSubscription');
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    expect(picker()).toHaveAttribute('data-state', 'submitting');
    // "Changing your plan…" is said once, by the live region; the busy button keeps its name
    // (it was renamed to the same words, so a screen reader heard them twice).
    const submit = screen.getByRole('button', { name: 'Confirm change' });
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByText('Changing your plan…')).toEqual([screen.getByRole('status')]);
    await user.click(submit);
    release();

    const notice = await screen.findByRole('status');
    await waitFor(() => expect(notice).toHaveTextContent('Your plan is now Team.'));
    expect(notice).toHaveFocus();
    expect(picker()).toHaveAttribute('data-state', 'succeeded');
    const current = screen.getByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Team')).toBeVisible();
    expect(within(current).getByText('$75.00 every 3 months')).toBeVisible();

    expect(harness.count('upgradeSubscription')).toBe(1);
    expect(idOf(subscriptionIn(harness, pro.id)?.product ?? '')).toBe('prod_team_quarterly');
    expect(successes).toHaveLength(1);
    expect(successes[0]?.product.id).toBe('prod_team_quarterly');
    expect(successes[0]?.previous.id).toBe('prod_pro_monthly');
    expect(successes[0]?.behavior).toBe('proration-charge-immediately');
    expect(idOf(successes[0]?.subscription.product ?? '')).toBe('prod_team_quarterly');
  });

  test('two clicks on Confirm before React renders again send one change', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    const confirm = screen.getByRole('button', { name: 'Confirm change' });
    // Both clicks land in one task, as on a busy main thread, before the picker re-renders.
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(picker()).toHaveAttribute('data-state', 'succeeded'));
    expect(harness.count('upgradeSubscription')).toBe(1);
  });

  test('Back right after Confirm, before React renders again, leaves the picker usable', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    const release = harness.hold('upgradeSubscription');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm change' }));
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    });
    release();
    await waitFor(() => expect(picker()).toHaveAttribute('data-state', 'succeeded'));
    // The change went through once, and the picker can change the plan again.
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    await choose(user, /^Business/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await waitFor(() => expect(harness.count('upgradeSubscription')).toBe(2));
  });

  test('a change refused while the picker is hidden (React 19 <Activity>): Try again still sends it', async () => {
    const user = userEvent.setup();
    const view: HideableView = {};
    const { harness } = renderWithBilling(
      <Hideable view={view}>
        <UpgradePicker />
      </Hideable>,
      { customer: 'cust_ada' },
    );
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    const release = harness.hold('upgradeSubscription');
    harness.failNext({ route: 'upgradeSubscription', with: 503 });
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await waitFor(() => expect(harness.count('upgradeSubscription')).toBe(1));
    act(() => view.hide?.(true));
    release();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => view.hide?.(false));

    await waitFor(() => expect(picker()).toHaveAttribute('data-state', 'failed'));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Your plan is now Team.');
    expect(harness.count('upgradeSubscription')).toBe(2);
  });

  test('after a change, Change plan chooses again, from the new plan', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByText('Your plan is now Team.');

    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    expect(picker()).toHaveAttribute('data-state', 'choosing');
    expect(screen.getByRole('heading', { name: 'Current plan' })).toHaveFocus();
    expect(
      within(screen.getByRole('region', { name: 'Current plan' })).getByText('Team'),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: /^Team.*Current plan$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Review change' })).toBeDisabled();

    await choose(user, /^Pro \$29/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    expect(screen.getByRole('region', { name: 'Review your change' })).toHaveTextContent(
      'From Team ($75.00 every 3 months) to Pro ($29.00 per month)',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByText('Your plan is now Pro.');
    expect(harness.count('upgradeSubscription')).toBe(2);
    expect(idOf(subscriptionIn(harness, pro.id)?.product ?? '')).toBe('prod_pro_monthly');
  });

  test('failure: the message, the choice kept, the plan rolled back, and a retry that works', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const errors: string[] = [];
    const { harness } = renderWithBilling(
      <UpgradePicker
        onError={(error, { product }) => errors.push(`${error.status} ${product.id}`)}
      />,
      { customer: 'cust_ada' },
    );
    await choose(user, /^Team/, /add the prorated difference/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    harness.failNext({ route: 'upgradeSubscription', with: 503 });
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your plan could not be changed. Please try again.');
    expect(picker()).toHaveAttribute('data-state', 'failed');
    expect(errors).toEqual(['503 prod_team_quarterly']);
    expect(idOf(subscriptionIn(harness, pro.id)?.product ?? '')).toBe('prod_pro_monthly');
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry).toHaveFocus();

    await user.click(retry);
    await screen.findByText('Your plan is now Team.');
    expect(
      harness.requests.filter((r) => r.route === 'upgradeSubscription').map((r) => r.body),
    ).toEqual([
      { product_id: 'prod_team_quarterly', update_behavior: 'proration-charge' },
      { product_id: 'prod_team_quarterly', update_behavior: 'proration-charge' },
    ]);
  });

  test('signed out before confirming (the proxy answers 401): asks to sign in, plan unchanged', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const errors: string[] = [];
    const { harness } = renderWithBilling(
      <UpgradePicker onError={(error) => errors.push(`${error.kind} ${error.status}`)} />,
      { customer: 'cust_ada' },
    );
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    // The session ends (signed out in another tab, or it expired) before the customer confirms.
    harness.signIn(null);
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please sign in to continue.');
    expect(alert).not.toHaveTextContent(/try again/i);
    expect(errors).toEqual(['auth 401']);
    expect(idOf(subscriptionIn(harness, pro.id)?.product ?? '')).toBe('prod_pro_monthly');
  });

  test('a plan the proxy refuses: said so; Back leads to the other plans, the refused one no longer offered', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    const catalog = seededFixtures().products.filter((p) => p.status === 'active');
    // The store sells everything but Team; the page offers the whole catalog anyway.
    const { harness } = renderWithBilling(<UpgradePicker products={catalog} />, {
      customer: 'cust_ada',
      products: catalog.filter((p) => p.id !== 'prod_team_quarterly').map((p) => p.id),
    });
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This plan cannot be chosen for your subscription. Please choose another.',
    );
    expect(screen.getByRole('alert')).toHaveAttribute('data-state', 'refused');
    // Trying the same plan again cannot help: no Try again, and Back (to choose) has focus.
    expect(screen.queryByRole('button', { name: /Try again|Confirm change/ })).toBe(null);
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('alert')).toBe(null);
    // Team would only be refused again: it is gone from the list, nothing is chosen, and focus
    // is on the current plan, above the plans left to choose from.
    expect(screen.queryByRole('radio', { name: /^Team/ })).toBe(null);
    expect(screen.getByRole('radio', { name: /^Business/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Review change' })).toBeDisabled();
    expect(document.activeElement).toHaveAttribute('data-slot', 'upgrade-picker-current-title');
    expect(idOf(subscriptionIn(harness, pro.id)?.product ?? '')).toBe('prod_pro_monthly');
  });

  test('a refused plan with a Back of the seller that keeps its ref: focus goes to the review title, not the page', async () => {
    const user = userEvent.setup();
    const catalog = seededFixtures().products.filter((p) => p.status === 'active');
    renderWithBilling(
      <UpgradePicker
        products={catalog}
        slots={{
          backAction: ({ onClick, children }: { onClick?: () => void; children?: ReactNode }) => (
            <button type="button" onClick={onClick}>
              {children}
            </button>
          ),
        }}
      />,
      {
        customer: 'cust_ada',
        products: catalog.filter((p) => p.id !== 'prod_team_quarterly').map((p) => p.id),
      },
    );
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: 'Review your change' })).toHaveFocus();
  });
});

describe('UpgradePicker: statuses that allow no change', () => {
  test.each([
    ['trialing', 'Trial', 'Plans can be changed once the trial has ended.'],
    ['past_due', 'Payment overdue', 'Settle the overdue payment to change the plan.'],
    ['unpaid', 'Unpaid', 'Pay the open invoice to change the plan.'],
    ['paused', 'Paused', 'Resume the subscription to change its plan.'],
    [
      'scheduled_cancel',
      'Ends at period close',
      'This subscription ends at the close of the period; its plan cannot be changed.',
    ],
    ['canceled', 'Canceled', 'This subscription is canceled; its plan cannot be changed.'],
  ])(
    '%s: the status (%s) and the reason in words, the plans disabled',
    async (status, label, reason) => {
      const { customer, subscription } = seededIn(status);
      const { harness } = renderWithBilling(<UpgradePicker subscriptionId={subscription.id} />, {
        customer,
      });
      const why = await screen.findByText(reason);
      expect(picker()).toHaveAttribute('data-state', 'disabled');
      expect(why).toHaveAttribute('data-state', status);
      expect(
        within(screen.getByRole('region', { name: 'Current plan' })).getByText(label),
      ).toBeVisible();
      const plans = screen.queryByRole('group', { name: 'Choose a new plan' });
      if (plans) {
        expect(plans).toHaveAccessibleDescription(reason);
        for (const radio of within(plans).getAllByRole('radio')) expect(radio).toBeDisabled();
      }
      expect(screen.queryByRole('button', { name: 'Review change' })).toBe(null);
      expect(screen.queryByRole('region', { name: 'Estimate' })).toBe(null);
      expect(harness.count('upgradeSubscription')).toBe(0);
    },
  );

  test('expired (a status the service’s webhooks carry): ended, with its own reason', async () => {
    const pro = adasPro();
    const harness = createBillingHarness({ customer: 'cust_ada' });
    harness.sandbox.customize(({ subscriptions }) => {
      const sub = subscriptions.find((s) => s.id === pro.id);
      if (sub) sub.status = 'expired';
    });
    renderWithBilling(<UpgradePicker subscriptionId={pro.id} />, { harness });
    const why = await screen.findByText(
      'This subscription has expired; its plan cannot be changed.',
    );
    expect(why).toHaveAttribute('data-state', 'expired');
    const current = screen.getByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Expired')).toBeVisible();
    expect(within(current).queryByText(/Next charge/)).toBe(null);
  });

  test('only active subscriptions may change; unknown statuses are refused', () => {
    expect(['active', 'trialing', 'paused', 'expired', 'frozen'].map(allowsPlanChange)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  test('by default: the customer’s first subscription that can change, else the first live one', async () => {
    renderWithBilling(<UpgradePicker />, { customer: 'cust_linus' });
    // Linus: Starter past due, Business paused, Day pass unpaid, Legacy canceled: none can
    // change, so the picker shows a live one (not the canceled Legacy) and why.
    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(picker()).toHaveAttribute('data-state', 'disabled');
    expect(within(current).queryByText('Legacy')).toBe(null);
    expect(within(current).getByText(/^(Payment overdue|Paused|Unpaid)$/)).toBeVisible();
  });
});

describe('UpgradePicker: keyboard, locale, props', () => {
  test('the whole flow by keyboard, with focus where the next step is', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await screen.findByRole('radio', { name: /^Starter/ });

    await user.tab();
    expect(screen.getByRole('radio', { name: /^Starter/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^Pro \(yearly\)/ })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^Team/ })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('radio', { name: /pay the prorated difference today/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /add the prorated difference/ })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Review change' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Review your change' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm change' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Your plan is now Team.');
    expect(harness.count('upgradeSubscription')).toBe(1);
  });

  test('de-DE: the words, money and dates in German', async () => {
    const user = userEvent.setup();
    const pro = adasPro();
    renderWithBilling(<UpgradePicker />, { customer: 'cust_ada', provider: { locale: 'de-DE' } });
    const current = await screen.findByRole('region', { name: 'Aktueller Tarif' });
    expect(within(current).getByText('29,00 $ pro Monat')).toBeVisible();
    expect(within(current).getByText('Aktiv')).toBeVisible();
    expect(current).toHaveTextContent(
      `Verlängert sich am ${medium('de-DE', pro.next_transaction_date)}`,
    );
    expect(
      screen.getByRole('radio', { name: /^Team 75,00\s\$ alle 3 Monate Upgrade$/ }),
    ).toBeVisible();
    await choose(user, /^Team/);
    const estimate = screen.getByRole('region', { name: 'Schätzung' });
    expect(within(estimate).getByText(/^\d+,\d\d \$ werden jetzt berechnet$/)).toHaveTextContent(
      '48,66 $ werden jetzt berechnet',
    );
    expect(within(estimate).getByText(/Gutschrift/)).toHaveTextContent(
      'Enthält eine Gutschrift von 26,34 $ für den ungenutzten Teil von Pro.',
    );
    await user.click(screen.getByRole('radio', { name: /mit der nächsten Rechnung/ }));
    expect(estimate).toHaveTextContent(
      'Der Abrechnungszeitraum des neuen Tarifs beginnt mit Ihrer nächsten Verlängerung, wenn der jetzige endet.',
    );
    await choose(user, /^Starter/);
    expect(within(estimate).getByText(/Gutschrift/)).toHaveTextContent(
      /^Ihre nächste Rechnung enthält eine Gutschrift von 26,34 \$ für den ungenutzten Teil von Pro\.$/,
    );
    expect(within(estimate).getByText(/abgezogen/)).toHaveTextContent(
      /^\d+,\d\d \$ werden von Ihrer nächsten Rechnung abgezogen\. Danach zahlen Sie 9,00 \$ pro Monat\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Wechsel prüfen' }));
    expect(screen.getByRole('heading', { name: 'Ihr Wechsel im Überblick' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Ihr Wechsel im Überblick' })).toHaveTextContent(
      'Von Pro (29,00 $ pro Monat) zu Starter (9,00 $ pro Monat)',
    );
    await user.click(screen.getByRole('button', { name: 'Wechsel bestätigen' }));
    expect(await screen.findByText('Ihr Tarif ist jetzt Starter.')).toBeVisible();
  });

  test('the review line and the estimate note are whole messages a seller can reword', async () => {
    const user = userEvent.setup();
    renderWithBilling(<UpgradePicker />, {
      customer: 'cust_ada',
      provider: {
        messages: {
          'upgradePicker.reviewChange': '{to} ({toPrice}) instead of {from} ({fromPrice})',
          'upgradePicker.sentences': '{first} · {second}',
        },
      },
    });
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    const review = screen.getByRole('region', { name: 'Review your change' });
    expect(review).toHaveTextContent(
      'Team ($75.00 every 3 months) instead of Pro ($29.00 per month)',
    );
    expect(
      within(review).getByText(/^The new plan starts a new billing period today\. · /),
    ).toHaveTextContent(
      'The new plan starts a new billing period today. · An estimate: the final amount is calculated when you confirm. · Amounts include tax.',
    );
  });

  test("a seller may blank the estimate's sentences: the estimate still renders what is left", async () => {
    const user = userEvent.setup();
    renderWithBilling(<UpgradePicker />, {
      harness: withScalePlan(),
      provider: {
        messages: {
          'upgradePicker.chargedAtRenewal': '',
          'upgradePicker.takenOffNextBill': '',
          'upgradePicker.newPrice': '',
        },
      },
    });
    await choose(user, /^Scale/, /add the prorated difference to your next bill/);
    const estimate = screen.getByRole('region', { name: 'Estimate' });
    const detail = estimate.querySelector('[data-slot="upgrade-picker-estimate-detail"]');
    expect(detail).toHaveTextContent(/^$/);
    expect(estimate).toHaveTextContent(
      'An estimate: the final amount is calculated when you confirm.',
    );
  });

  test('value and behaviour controlled; only the behaviours offered, the default among them', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    renderWithBilling(<Controlled changes={changes} />, { customer: 'cust_ada' });
    expect(await screen.findByRole('radio', { name: /^Business/ })).toBeChecked();
    const behaviors = screen.getByRole('group', { name: 'When to pay the difference' });
    expect(within(behaviors).getAllByRole('radio')).toHaveLength(2);
    expect(within(behaviors).getByRole('radio', { name: /no charge/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^Starter/ }));
    await user.click(within(behaviors).getByRole('radio', { name: /next bill/ }));
    expect(changes).toEqual(['prod_starter_monthly downgrade', 'proration-charge']);
    expect(screen.getByRole('radio', { name: /^Starter/ })).toBeChecked();
  });

  test('a value that is not a candidate chooses nothing', async () => {
    renderWithBilling(<UpgradePicker value="prod_pro_monthly_eur" />, { customer: 'cust_ada' });
    await screen.findByRole('radio', { name: /^Starter/ });
    expect(screen.getByRole('button', { name: 'Review change' })).toBeDisabled();
  });

  test('defaultBehavior outside `behaviors` falls back to the first offered', async () => {
    renderWithBilling(
      <UpgradePicker behaviors={['proration-none']} defaultBehavior="proration-charge" />,
      { customer: 'cust_ada' },
    );
    expect(await screen.findByRole('radio', { name: /no charge/ })).toBeChecked();
  });

  test('upgrade or downgrade by the price of one period, as PricingTable marks them', () => {
    const [starter, pro, yearly] = seededFixtures().products;
    if (!starter || !pro || !yearly) throw new Error('seed catalog changed');
    expect(planDirection(yearly, pro)).toBe('upgrade');
    expect(planDirection(starter, pro)).toBe('downgrade');
    expect(planDirection(pro, pro)).toBe('current');
  });
});

describe('UpgradePicker: loading, errors, empty', () => {
  test('a skeleton while loading, marked busy', async () => {
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const release = harness.hold('subscriptions');
    renderWithBilling(<UpgradePicker />, { harness });
    expect(picker()).toHaveAttribute('aria-busy', 'true');
    expect(picker()).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your subscription…');
    release();
    expect(await screen.findByRole('radio', { name: /^Team/ })).toBeVisible();
    expect(picker()).not.toHaveAttribute('aria-busy');
  });

  test('a load error with a retry that works', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_ada' });
    harness.failNext({ route: 'products', with: 500 });
    renderWithBilling(<UpgradePicker />, { harness });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your subscription could not be loaded.',
    );
    expect(picker()).toHaveAttribute('data-state', 'error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /^Team/ })).toBeVisible();
  });

  test('Try again keeps the focus on the picker while it loads, fails again, and shows the plans', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_ada' });
    harness.failNext({ route: 'products', with: 503, times: 2 });
    renderWithBilling(<UpgradePicker />, { harness });
    const first = await screen.findByRole('alert');

    const release = harness.hold('products');
    await user.click(within(first).getByRole('button', { name: 'Try again' }));
    // The alert and its button are gone while it loads: the focus waits on the picker.
    expect(await screen.findByText('Loading your subscription…')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(picker()).toHaveFocus();
    release();

    // The retry failed too: the alert is back and the focus is still on the picker.
    const second = await screen.findByRole('alert');
    expect(second).toHaveTextContent('Your subscription could not be loaded.');
    expect(picker()).toHaveFocus();
    await user.click(within(second).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /^Team/ })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(picker()).toHaveFocus();
    expect(harness.count('products')).toBe(3);
  });

  test('a failed background refetch keeps the review step the customer is on', async () => {
    const user = userEvent.setup();
    const { harness, queryClient } = renderWithBilling(<UpgradePicker />, {
      customer: 'cust_ada',
    });
    await choose(user, /^Team/);
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await refetchFailing(harness, queryClient, ['products', 'subscriptions']);
    expect(harness.count('products')).toBe(2);
    expect(harness.count('subscriptions')).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(picker()).toHaveAttribute('data-state', 'confirming');
    expect(screen.getByRole('region', { name: 'Review your change' })).toHaveTextContent(
      'From Pro ($29.00 per month) to Team ($75.00 every 3 months)',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByText('Your plan is now Team.')).toBeVisible();
  });

  test('no subscription (nothing bought yet): said so', async () => {
    renderWithBilling(<UpgradePicker />, { customer: { email: 'new.buyer@example.com' } });
    expect(
      await screen.findByText('You have no subscription whose plan could be changed.'),
    ).toHaveAttribute('data-state', 'empty');
    expect(picker()).toHaveAttribute('data-state', 'empty');
  });

  test.each([
    ['its subscriptions', undefined, 'Please sign in to continue.'],
    ['one subscription by id', 'sub_any', 'Please sign in to continue.'],
    ['in German', undefined, 'Bitte melden Sie sich an, um fortzufahren.'],
  ])(
    'signed out (the proxy answers 401 for %s): asks to sign in, not that there is no subscription',
    async (name, subscriptionId, text) => {
      renderWithBilling(<UpgradePicker subscriptionId={subscriptionId} />, {
        customer: null,
        ...(name === 'in German' ? { provider: { locale: 'de-DE' } } : {}),
      });
      expect(await screen.findByText(text)).toHaveAttribute('data-state', 'empty');
      expect(screen.queryByText(/no subscription|kein Abonnement/)).toBe(null);
    },
  );

  test('no other plan in the subscription’s currency: said so', async () => {
    const euro = seededFixtures().subscriptions.find(
      (s) => idOf(s.product) === 'prod_pro_monthly_eur' && s.status === 'active',
    );
    if (!euro) throw new Error('no active euro subscription in the seed');
    renderWithBilling(<UpgradePicker subscriptionId={euro.id} />, {
      customer: idOf(euro.customer),
    });
    expect(
      await screen.findByText('No other plans are available for this subscription.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Review change' })).toBe(null);
  });

  test('outside <BillingProvider>: an error that names the component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<UpgradePicker />)).toThrow(
      /`UpgradePicker` must be inside `<BillingProvider>`/,
    );
  });
});

describe('UpgradePicker: server rendering', () => {
  test('renders the current plan, the choice and its estimate on the server from prefetched data', async () => {
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const html = await renderToStringWithBilling(
      <UpgradePicker defaultValue="prod_team_quarterly" />,
      {
        harness,
        prefetch: (qc, client) =>
          Promise.all([
            qc.prefetchQuery(productsOptions(client)),
            qc.prefetchQuery(allCustomerSubscriptionsOptions(client)),
          ]),
      },
    );
    expect(html).toContain('data-state="choosing"');
    expect(html).toContain('$29.00 per month');
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="prod_team_quarterly"/);
    expect(html).toMatch(/\$\d+\.\d\d charged now/);
  });

  test('`now` pins the estimate, so a server and a browser whose clocks differ show the same figures', async () => {
    const figure = async (props: { now?: string }) => {
      const harness = createBillingHarness({ customer: 'cust_ada' });
      const html = await renderToStringWithBilling(
        <UpgradePicker defaultValue="prod_team_quarterly" {...props} />,
        {
          harness,
          prefetch: (qc, client) =>
            Promise.all([
              qc.prefetchQuery(productsOptions(client)),
              qc.prefetchQuery(allCustomerSubscriptionsOptions(client)),
            ]),
        },
      );
      return /\$[\d,.]+ charged now/.exec(html)?.[0];
    };
    const atEpoch = await figure({});
    vi.setSystemTime(Date.parse(SANDBOX_EPOCH) + 5 * 86_400_000);
    // Five days on, the unused part of the month is smaller, so the charge is not the same...
    expect(await figure({})).not.toBe(atEpoch);
    // ...unless the estimate is pinned to the moment the server rendered at.
    expect(await figure({ now: SANDBOX_EPOCH })).toBe(atEpoch);
    expect(atEpoch).toMatch(/^\$\d+\.\d\d charged now$/);
  });

  test('without data, the server renders the skeleton', async () => {
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const html = await renderToStringWithBilling(<UpgradePicker />, { harness: harness });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading your subscription…');
  });
});
