// The main flows inside <StrictMode>, as Vite's and Next's templates render an app in
// development: React mounts, unmounts and mounts every component again, and runs effects twice.
// A buyer's click must still make one checkout and one navigation, a confirm one plan change,
// a live check one request, and a page of entries arrive once.
//
// StrictMode does not make each load of data happen once: a query whose first fetch is under
// way when React unmounts its component is cancelled and asked again on the second mount
// (React Query cancels a fetch that reads its abort signal once no component watches it). So
// these tests count what a person's action sends, not what a mount reads.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { CheckoutForm } from '../src/components/CheckoutForm/CheckoutForm.js';
import { CreditsHistory } from '../src/components/CreditsHistory/CreditsHistory.js';
import { DiscountField } from '../src/components/DiscountField/DiscountField.js';
import { PricingTable } from '../src/components/PricingTable/PricingTable.js';
import { UpgradePicker } from '../src/components/UpgradePicker/UpgradePicker.js';
import { type BillingHarness, renderWithBilling } from './support/billing-harness.js';
import { measured } from './support/virtualizer.js';

const strict = { reactStrictMode: true } as const;
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** How many requests of `route` the harness saw after `action`, once the page is quiet. */
async function sentBy(
  harness: BillingHarness,
  route: NonNullable<Parameters<BillingHarness['count']>[0]>,
  action: () => Promise<void>,
) {
  const before = harness.count(route);
  await action();
  return () => harness.count(route) - before;
}

describe('in <StrictMode>', () => {
  test('CheckoutForm: one submit makes one checkout and one navigation, with what was typed', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<CheckoutForm productId="prod_team_quarterly" />, strict);
    await screen.findByRole('form', { name: 'Team' });
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Acme');
    const sent = await sentBy(harness, 'createCheckout', () =>
      user.click(screen.getByRole('button', { name: 'Continue to payment' })),
    );
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(sent()).toBe(1);
    const checkouts = harness.sandbox.inspect().checkouts;
    const created = checkouts.at(-1);
    expect(created?.metadata).toMatchObject({ companyName: 'Acme' });
    expect(harness.navigations).toEqual([created?.checkout_url]);
  });

  test('PricingTable: a plan chosen by a new buyer is one checkout and one navigation', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<PricingTable />, {
      ...strict,
      customer: { email: 'new.buyer@example.com' },
    });
    const pro = await screen.findByRole('listitem', { name: 'Pro' });
    await user.click(within(pro).getByRole('button', { name: 'Subscribe Pro' }));
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(harness.count('createCheckout')).toBe(1);
    const [created] = harness.sandbox.inspect().checkouts;
    expect(idOf(created?.product ?? '')).toBe('prod_pro_monthly');
    expect(harness.navigations).toEqual([created?.checkout_url]);
  });

  test('UpgradePicker: one confirm is one plan change, said once', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<UpgradePicker />, { ...strict, customer: 'cust_ada' });
    await user.click(await screen.findByRole('radio', { name: /^Team/ }));
    await user.click(screen.getByRole('button', { name: 'Review change' }));
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    const notice = await screen.findByRole('status');
    await waitFor(() => expect(notice).toHaveTextContent('Your plan is now Team.'));
    expect(notice).toHaveFocus();
    expect(harness.count('upgradeSubscription')).toBe(1);
    expect(screen.getAllByText('Your plan is now Team.')).toHaveLength(1);
  });

  test('DiscountField: a typed code is checked once, and applied', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<DiscountField productId="prod_pro_monthly" />, strict);
    const field = await screen.findByRole('textbox', { name: /code/i });
    const sent = await sentBy(harness, 'discount', async () => {
      await user.type(field, 'LAUNCH20{Enter}');
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('Code LAUNCH20 applied'),
      );
    });
    expect(sent()).toBe(1);
  });

  test('CreditsHistory: "Load older" asks for the next page once and shows each entry once', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(
      <CreditsHistory virtualizer={measured} pageSize={5} autoLoadThreshold={0} />,
      strict,
    );
    const list = () => screen.getByRole('list', { name: 'Entries' });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(5));
    const sent = await sentBy(harness, 'creditEntries', async () => {
      await user.click(screen.getByRole('button', { name: 'Load older entries' }));
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('Older entries loaded: 5'),
      );
    });
    expect(sent()).toBe(1);
    // Five and five: a page that arrived twice would show fifteen.
    expect(within(list()).getAllByRole('listitem')).toHaveLength(10);
  });
});
