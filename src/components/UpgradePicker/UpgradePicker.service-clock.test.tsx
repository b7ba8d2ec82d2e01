// The estimate follows the service's clock, not the page's: a default sandbox stands still at
// SANDBOX_EPOCH while the page's clock (not faked here) runs on, months or years later; the
// proxy passes the sandbox's Date on, and the picker estimates for the moment the sandbox then
// charges at.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import {
  createBillingHarness,
  renderWithBilling,
  scalePlan,
  seededFixtures,
} from '../../../test/support/billing-harness.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { UpgradePicker } from './UpgradePicker.js';

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const medium = (iso: string | null | undefined) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso ?? Number.NaN));

function adasProId(): string {
  const pro = seededFixtures().subscriptions.find(
    (s) =>
      (typeof s.customer === 'string' ? s.customer : s.customer.id) === 'cust_ada' &&
      s.status === 'active',
  );
  if (!pro) throw new Error('Ada has no active subscription in the seed');
  return pro.id;
}

describe('UpgradePicker on a sandbox whose clock is not the page’s', () => {
  test('Scale, paid today: the figure charged now is the proration the sandbox charges', async () => {
    // The point of the test: the page's real clock is far from the sandbox's fixed one.
    expect(Math.abs(Date.now() - Date.parse(SANDBOX_EPOCH))).toBeGreaterThan(86_400_000);
    const user = userEvent.setup();
    const scale = scalePlan();
    const harness = createBillingHarness({ customer: 'cust_ada', products: scale.products });
    harness.sandbox.customize(scale.customize);
    const subscriptionId = adasProId();
    renderWithBilling(<UpgradePicker />, { harness });

    await user.click(await screen.findByRole('radio', { name: /^Scale/ }));
    await user.click(screen.getByRole('radio', { name: /pay the prorated difference today/ }));
    const estimate = screen.getByRole('region', { name: 'Estimate' });
    const now = within(estimate).getByText(/charged now$/).textContent;
    const later = within(estimate).getByText(/^Next bill on/).textContent;

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByText('Your plan is now Scale.');

    const state = harness.sandbox.inspect();
    const charged = state.transactions.filter(
      (t) => t.subscription === subscriptionId && t.description?.startsWith('Proration'),
    );
    expect(charged).toHaveLength(1);
    expect(charged[0]?.amount).toBeGreaterThan(0);
    expect(now).toBe(`${usd(charged[0]?.amount ?? Number.NaN)} charged now`);
    const changed = state.subscriptions.find((s) => s.id === subscriptionId);
    expect(later).toBe(`Next bill on ${medium(changed?.next_transaction_date)}: $49.00`);
  });

  test('Team (another period, paid today): the whole new price less the unused part, as charged', async () => {
    const user = userEvent.setup();
    const subscriptionId = adasProId();
    const { harness } = renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await user.click(await screen.findByRole('radio', { name: /^Team/ }));
    const now = screen.getByText(/charged now$/).textContent;

    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByText('Your plan is now Team.');

    const charged = harness.sandbox
      .inspect()
      .transactions.filter(
        (t) => t.subscription === subscriptionId && t.description?.startsWith('Proration'),
      );
    expect(charged).toHaveLength(1);
    expect(now).toBe(`${usd(charged[0]?.amount ?? Number.NaN)} charged now`);
  });
});
