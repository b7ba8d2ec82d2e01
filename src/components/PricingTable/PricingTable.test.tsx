import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import {
  type BillingHarness,
  createBillingHarness,
  refetchFailing,
  renderWithBilling,
} from '../../../test/support/billing-harness.js';
import { Hideable } from '../../../test/support/hideable.js';
import { endedSubscriptionsAhead } from '../../../test/support/hosted-checkout.js';
import { renderToStringWithBilling } from '../../../test/support/server-render.js';
import type { AnyBillingPeriod } from '../../contract/period.js';
import { allCustomerSubscriptionsOptions, productsOptions } from '../../react/options.js';
import { PricingTable } from './PricingTable.js';

/** A signed-in buyer who has bought nothing yet (no customer id). */
const NEW_BUYER = { email: 'new.buyer@example.com' };

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** The products of a customer's active subscriptions, as the sandbox holds them. */
function activePlansOf(harness: BillingHarness, customerId: string) {
  return harness.sandbox
    .inspect()
    .subscriptions.filter((s) => idOf(s.customer) === customerId && s.status === 'active')
    .map((s) => idOf(s.product));
}

function card(name: string | RegExp) {
  return screen.getByRole('listitem', { name });
}

async function findCard(name: string | RegExp) {
  return screen.findByRole('listitem', { name });
}

function cardNames() {
  return within(screen.getByRole('list', { name: /Monthly|Yearly|Quarterly|One-time|Daily/ }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
}

function ControlledTable({ changes }: { changes: Array<[AnyBillingPeriod, AnyBillingPeriod]> }) {
  const [period, setPeriod] = useState<AnyBillingPeriod>('every-year');
  return (
    <PricingTable
      period={period}
      onPeriodChange={(next, { previous }) => {
        changes.push([next, previous]);
        setPeriod(next);
      }}
    />
  );
}

describe('PricingTable: what the buyer sees', () => {
  test('monthly plans first, with prices in the locale, the tax mode, description and features', async () => {
    renderWithBilling(<PricingTable />, { customer: NEW_BUYER });

    const pro = await findCard('Pro');
    expect(within(pro).getByText('$29.00')).toBeVisible();
    expect(within(pro).getByText('per month')).toBeVisible();
    expect(within(pro).getByText('plus tax')).toBeVisible();
    expect(
      within(pro).getByText(
        'Everything in Starter, unlimited projects, the desktop app and AI credits.',
      ),
    ).toBeVisible();
    const features = within(pro).getByRole('list', { name: 'Included' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A license key for the desktop app',
      '1000 AI credits each period',
      'Unlimited projects',
    ]);

    const euro = card('Pro (EUR)');
    expect(within(euro).getByText('€27.00')).toBeVisible();
    expect(within(euro).getByText('Tax included')).toBeVisible();

    expect(cardNames()).toEqual(['Starter', 'Pro', 'Pro (EUR)']);
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  });

  test('the period switch lists every period with the best saving, and works by keyboard', async () => {
    const user = userEvent.setup();
    renderWithBilling(<PricingTable />, { customer: NEW_BUYER });
    const group = await screen.findByRole('group', { name: 'Billing period' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Daily', 'Monthly', 'Quarterly', 'Every 6 months', 'Yearly Save 16%', 'One-time']);
    expect(within(group).getByRole('radio', { name: 'Yearly Save 16%' })).not.toBeChecked();

    // Tab into the group lands on the checked radio; arrows move and select.
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Quarterly' })).toBeChecked();
    expect(cardNames()).toEqual(['Team']);
    const team = card('Team');
    expect(within(team).getByText('$75.00')).toBeVisible();
    expect(within(team).getByText('every 3 months')).toBeVisible();
    expect(within(team).getByText('$25.00 per month')).toBeVisible();
    expect(within(team).getByText('Tax included')).toBeVisible();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Yearly Save 16%' })).toBeChecked();
    const yearly = card('Pro (yearly)');
    expect(within(yearly).getByText('$290.00')).toBeVisible();
    expect(within(yearly).getByText('per year')).toBeVisible();
    expect(within(yearly).getByText('$24.17 per month')).toBeVisible();
    // 29000 against 12 × 2900 = 34800: 16.7 %, rounded down so it never overstates.
    expect(within(yearly).getByText('Save 16%')).toBeVisible();

    await user.keyboard('{ArrowRight}');
    expect(cardNames()).toEqual(['The Billing Handbook', 'Lifetime license']);
    expect(within(card('Lifetime license')).getByText('one-time payment')).toBeVisible();
    expect(
      within(card('Lifetime license')).getByRole('button', { name: 'Buy now Lifetime license' }),
    ).toBeEnabled();
  });

  test('seat tiers named "Pro (1 seat)" and "Pro (5 seats)": each yearly plan saves against its own monthly tier', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: NEW_BUYER });
    const pro = harness.sandbox.fixtures().products.find((p) => p.id === 'prod_pro_monthly');
    if (!pro) throw new Error('seed changed: no prod_pro_monthly');
    const tier = (id: string, name: string, price: number, yearly: boolean) => ({
      ...pro,
      id,
      name,
      price,
      ...(yearly ? { billing_period: 'every-year' } : {}),
    });
    const products = [
      tier('team_m', 'Pro (5 seats)', 4000, false),
      tier('solo_m', 'Pro (1 seat)', 1000, false),
      tier('team_y', 'Pro (5 seats)', 40000, true),
      tier('solo_y', 'Pro (1 seat)', 10000, true),
    ];
    renderWithBilling(<PricingTable products={products} />, { harness });
    // 12 × $10.00 against $100.00 and 12 × $40.00 against $400.00: 16.7 % each, never the
    // one-seat year against five seats a month (12 × $40.00 against $100.00: "Save 79%").
    await user.click(await screen.findByRole('radio', { name: 'Yearly Save 16%' }));
    for (const name of ['Pro (1 seat)', 'Pro (5 seats)']) {
      expect(within(card(name)).getByText('Save 16%')).toBeVisible();
    }
  });

  test('the recommended plan carries a badge', async () => {
    renderWithBilling(<PricingTable recommended="prod_pro_monthly" />, { customer: NEW_BUYER });
    const pro = await findCard('Pro');
    expect(within(pro).getByText('Recommended')).toBeVisible();
    expect(pro).toHaveAttribute('data-recommended');
    expect(within(card('Starter')).queryByText('Recommended')).toBeNull();
  });

  test('a controlled period follows the prop and reports the buyer’s pick', async () => {
    const user = userEvent.setup();
    const changes: Array<[AnyBillingPeriod, AnyBillingPeriod]> = [];
    renderWithBilling(<ControlledTable changes={changes} />, { customer: NEW_BUYER });
    expect(await findCard('Pro (yearly)')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    expect(changes).toEqual([['every-day', 'every-year']]);
    expect(await findCard('Day pass')).toBeVisible();
  });

  test('a products prop replaces the catalog; an archived plan is unavailable', async () => {
    const harness = createBillingHarness({ customer: NEW_BUYER });
    const { products } = harness.sandbox.fixtures();
    const monthly = products.filter((p) => p.billing_period === 'every-month');
    renderWithBilling(<PricingTable products={monthly} />, { harness });
    const legacy = await findCard('Legacy');
    expect(legacy).toHaveAttribute('data-state', 'unavailable');
    expect(within(legacy).getByRole('button', { name: 'Unavailable Legacy' })).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Billing period' })).toBeNull();
    expect(harness.count('products')).toBe(0);
  });

  test.each([
    // 4 × $10.00 = $40.00 a year against $36.00: 10% (a rounded $3.33 a month made it 9%).
    { base: 'Max', period: 'every-three-months', price: 1000, label: 'Quarterly' },
    // 2 × $20.00 = $40.00 a year against $36.00: 10%.
    { base: 'Max', period: 'every-six-months', price: 2000, label: 'Every 6 months' },
  ] as const)(
    'the saving against a $label plan is exact: Save 10%',
    async ({ base, period, price, label }) => {
      const user = userEvent.setup();
      const harness = createBillingHarness({ customer: NEW_BUYER });
      const { products } = harness.sandbox.fixtures();
      const template = products.find((p) => p.id === 'prod_pro_yearly');
      if (!template) throw new Error('seed changed: no prod_pro_yearly');
      const plans = [
        { ...template, id: 'prod_max_short', name: base, billing_period: period, price },
        { ...template, id: 'prod_max_yearly', name: `${base} (yearly)`, price: 3600 },
      ];
      renderWithBilling(<PricingTable products={plans} defaultPeriod={period} />, { harness });
      const short = await findCard(base);
      expect(within(short).queryByText(/^Save/)).toBeNull();

      const group = screen.getByRole('group', { name: 'Billing period' });
      expect(
        within(group)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual([label, 'Yearly Save 10%']);
      await user.click(within(group).getByRole('radio', { name: 'Yearly Save 10%' }));
      const yearly = card(`${base} (yearly)`);
      expect(within(yearly).getByText('$36.00')).toBeVisible();
      expect(within(yearly).getByText('$3.00 per month')).toBeVisible();
      expect(within(yearly).getByText('Save 10%')).toBeVisible();
    },
  );

  test('in German: euros and dollars the German way, German tax wording and switch', async () => {
    const user = userEvent.setup();
    renderWithBilling(<PricingTable />, { customer: NEW_BUYER, provider: { locale: 'de-DE' } });
    const pro = await findCard('Pro');
    expect(within(pro).getByText('29,00 $')).toBeVisible();
    expect(within(pro).getByText('pro Monat')).toBeVisible();
    expect(within(pro).getByText('zzgl. MwSt.')).toBeVisible();
    expect(within(card('Pro (EUR)')).getByText('27,00 €')).toBeVisible();
    expect(within(card('Pro (EUR)')).getByText('inkl. MwSt.')).toBeVisible();
    expect(within(pro).getByRole('button', { name: 'Abonnieren Pro' })).toBeEnabled();

    const group = screen.getByRole('group', { name: 'Abrechnungszeitraum' });
    await user.click(within(group).getByRole('radio', { name: /Jährlich/ }));
    const yearly = card('Pro (yearly)');
    expect(within(yearly).getByText('290,00 $')).toBeVisible();
    expect(within(yearly).getByText('24,17 $ pro Monat')).toBeVisible();
    expect(within(yearly).getByText('16 % sparen')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Tarife' })).toBeVisible();
  });
});

describe('PricingTable: plan states', () => {
  test('a new customer: every active plan can be bought', async () => {
    renderWithBilling(<PricingTable />, { customer: NEW_BUYER });
    await findCard('Pro');
    for (const name of ['Starter', 'Pro', 'Pro (EUR)']) {
      expect(card(name)).toHaveAttribute('data-state', 'available');
      expect(within(card(name)).getByRole('button', { name: `Subscribe ${name}` })).toBeEnabled();
    }
  });

  test('each card’s button names its plan', async () => {
    const user = userEvent.setup();
    renderWithBilling(<PricingTable />, { customer: 'cust_ada' });
    await findCard('Pro');
    expect(screen.getByRole('button', { name: 'Current plan Pro' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Downgrade Starter' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Quarterly' }));
    expect(screen.getByRole('button', { name: 'Upgrade Team' })).toBeEnabled();
  });

  test('a signed-out visitor sees the table as a new customer', async () => {
    renderWithBilling(<PricingTable />, { customer: null });
    const pro = await findCard('Pro');
    expect(pro).toHaveAttribute('data-state', 'available');
  });

  test("signedIn={false}: a new customer's table without asking for subscriptions (no 401)", async () => {
    const { harness } = renderWithBilling(<PricingTable signedIn={false} />, { customer: null });
    const pro = await findCard('Pro');
    expect(pro).toHaveAttribute('data-state', 'available');
    expect(within(pro).getByRole('button', { name: /Pro$/ })).toBeEnabled();
    expect(harness.count('subscriptions')).toBe(0);
    expect(harness.count('products')).toBe(1);
  });

  test('signedIn={false} ignores subscriptions cached from before the customer signed out', async () => {
    const { harness, rerender } = renderWithBilling(<PricingTable />, { customer: 'cust_ada' });
    expect(await findCard('Pro')).toHaveAttribute('data-state', 'current');
    harness.signIn(null);
    rerender(<PricingTable signedIn={false} />);
    await waitFor(() => expect(card('Pro')).toHaveAttribute('data-state', 'available'));
    expect(harness.count('subscriptions')).toBe(1);
  });

  test('Ada, subscribed to Pro monthly: current, upgrade, downgrade, unavailable', async () => {
    const user = userEvent.setup();
    renderWithBilling(<PricingTable />, { customer: 'cust_ada' });
    const pro = await findCard('Pro');
    expect(pro).toHaveAttribute('data-state', 'current');
    expect(within(pro).getByRole('button', { name: 'Current plan Pro' })).toBeDisabled();
    expect(card('Starter')).toHaveAttribute('data-state', 'downgrade');
    expect(
      within(card('Starter')).getByRole('button', { name: 'Downgrade Starter' }),
    ).toBeEnabled();
    // Another currency cannot be switched to.
    expect(card('Pro (EUR)')).toHaveAttribute('data-state', 'unavailable');
    expect(
      within(card('Pro (EUR)')).getByRole('button', { name: 'Unavailable Pro (EUR)' }),
    ).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(card('Pro (yearly)')).toHaveAttribute('data-state', 'upgrade');
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    expect(card('Day pass')).toHaveAttribute('data-state', 'downgrade');
    // One-time products are bought alongside a subscription, not switched to.
    await user.click(screen.getByRole('radio', { name: 'One-time' }));
    expect(card('The Billing Handbook')).toHaveAttribute('data-state', 'available');
  });

  test('Ada behind eleven newer, ended day passes: Pro is still her current plan', async () => {
    const harness = createBillingHarness();
    await endedSubscriptionsAhead(harness.sandbox, 'cust_ada', 11);
    renderWithBilling(<PricingTable />, { harness, customer: 'cust_ada' });
    expect(await findCard('Pro')).toHaveAttribute('data-state', 'current');
    expect(card('Starter')).toHaveAttribute('data-state', 'downgrade');
  });

  test('a status that allows no plan change: other plans unavailable, with the reason', async () => {
    // Grace holds Team (trialing) and Pro yearly (scheduled_cancel): neither may change plan,
    // and both are hers, so neither is offered to her as an upgrade.
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<PricingTable />, { customer: 'cust_grace' });
    const note = await screen.findByText(
      /^Your plan cannot be changed while the subscription’s status is “(Trial|Ends at period close)”\.$/,
    );
    expect(note).toHaveAttribute('data-slot', 'pricing-table-status-note');
    for (const period of ['Monthly', 'Quarterly', 'Every 6 months', 'Yearly', 'Daily']) {
      await user.click(screen.getByRole('radio', { name: new RegExp(`^${period}`) }));
      const cards = document.querySelectorAll<HTMLElement>('[data-slot="pricing-table-card"]');
      expect(cards.length).toBeGreaterThan(0);
      for (const item of cards) {
        const held = /prod_team_quarterly|prod_pro_yearly/.test(
          item.getAttribute('aria-labelledby') ?? '',
        );
        expect(item).toHaveAttribute('data-state', held ? 'current' : 'unavailable');
        expect(within(item).getByRole('button')).toBeDisabled();
      }
    }
    // One-time products are still for sale.
    await user.click(screen.getByRole('radio', { name: 'One-time' }));
    expect(card('The Billing Handbook')).toHaveAttribute('data-state', 'available');
    expect(harness.count('upgradeSubscription')).toBe(0);
  });

  test('every plan the customer holds is current, in German the reason too', async () => {
    // Linus holds Business (paused), Starter (past due) and a Day pass (unpaid).
    const user = userEvent.setup();
    renderWithBilling(<PricingTable />, { customer: 'cust_linus', provider: { locale: 'de-DE' } });
    await screen.findByText(
      /^Ihr Tarif kann nicht gewechselt werden, solange das Abonnement den Status „(Pausiert|Zahlung überfällig|Unbezahlt)“ hat\.$/,
    );
    await user.click(screen.getByRole('radio', { name: 'Monatlich' }));
    expect(card('Starter')).toHaveAttribute('data-state', 'current');
    expect(card('Pro')).toHaveAttribute('data-state', 'unavailable');
  });

  test('an unavailable plan’s button is described by why: the subscription’s status', async () => {
    // The buttons were disabled with nothing to say why; the note said it, unlinked.
    renderWithBilling(<PricingTable defaultPeriod="every-month" />, { customer: 'cust_grace' });
    const note = await screen.findByText(
      /^Your plan cannot be changed while the subscription’s status/,
    );
    for (const plan of ['Starter', 'Pro', 'Pro (EUR)']) {
      const button = within(card(plan)).getByRole('button', { name: `Unavailable ${plan}` });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(note.textContent ?? '');
    }
  });

  test('a plan in another currency says so, on the page and as its button’s description', async () => {
    // Ada's Pro is billed in USD: Pro (EUR) was unavailable with no reason anywhere (her status
    // allows a change, so there was no note at all).
    const user = userEvent.setup();
    renderWithBilling(<PricingTable defaultPeriod="every-month" />, { customer: 'cust_ada' });
    const eur = within(await findCard('Pro (EUR)')).getByRole('button', {
      name: 'Unavailable Pro (EUR)',
    });
    const reason =
      'Your subscription is billed in USD; plans in another currency cannot replace it.';
    expect(screen.getByText(reason)).toBeVisible();
    expect(eur).toHaveAccessibleDescription(reason);
    // Plans that can be chosen are described by nothing.
    expect(within(card('Starter')).getByRole('button')).toHaveAccessibleDescription('');
    // The note goes with the cards it is about.
    await user.click(screen.getByRole('radio', { name: /^Yearly/ }));
    expect(screen.queryByText(reason)).toBeNull();
  });

  test('in German, the currency reason too', async () => {
    renderWithBilling(<PricingTable defaultPeriod="every-month" />, {
      customer: 'cust_ada',
      provider: { locale: 'de-DE' },
    });
    const eur = within(await findCard('Pro (EUR)')).getByRole('button');
    expect(eur).toHaveAccessibleDescription(
      'Ihr Abonnement wird in USD abgerechnet; Tarife in einer anderen Währung können es nicht ersetzen.',
    );
  });

  test('a plan the catalog does not hold, sent as a bare id: the other plans say why they cannot replace it', async () => {
    // Ada's Pro is left out of the table's catalog and the service names it by id only, so
    // nothing can be compared with it.
    const harness = createBillingHarness({
      customer: 'cust_ada',
      products: ['prod_starter_monthly', 'prod_pro_monthly_eur'],
      editAnswer: (path: string, body: { items?: Array<{ product: string | { id: string } }> }) => {
        if (!/^\/v1\/customers\/[^/]+\/subscriptions$/.test(path)) return;
        for (const subscription of body.items ?? [])
          subscription.product = idOf(subscription.product);
      },
    });
    renderWithBilling(<PricingTable />, { harness });
    const reason =
      'Your current plan is not offered here, so it cannot be changed from this table.';
    for (const name of ['Starter', 'Pro (EUR)']) {
      const button = within(await findCard(name)).getByRole('button');
      expect(button).toHaveAccessibleName(`Unavailable ${name}`);
      expect(button).toHaveAccessibleDescription(reason);
    }
    expect(screen.getByText(reason)).toBeVisible();
  });

  test('an archived plan’s button is described by why', async () => {
    const harness = createBillingHarness({ customer: NEW_BUYER });
    const { products } = harness.sandbox.fixtures();
    const monthly = products.filter((p) => p.billing_period === 'every-month');
    renderWithBilling(<PricingTable products={monthly} />, { harness });
    const legacy = within(await findCard('Legacy')).getByRole('button');
    expect(legacy).toHaveAccessibleDescription('Legacy is no longer offered.');
    expect(screen.getByText('Legacy is no longer offered.')).toBeVisible();
    expect(within(card('Pro')).getByRole('button')).toHaveAccessibleDescription('');
  });

  test('the switch opens on the period of the customer’s plan', async () => {
    // Grace has two live plans; the table compares with the one it is given.
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const team = harness.sandbox
      .fixtures()
      .subscriptions.find((s) => idOf(s.product) === 'prod_team_quarterly');
    renderWithBilling(<PricingTable subscriptionId={team?.id} />, { harness });
    expect(await findCard('Team')).toHaveAttribute('data-state', 'current');
    expect(screen.getByRole('radio', { name: 'Quarterly' })).toBeChecked();
  });
});

describe('PricingTable: calls to action', () => {
  test('a new customer’s Subscribe creates a checkout in the sandbox and redirects to it', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    const { harness } = renderWithBilling(
      <PricingTable successUrl={`${window.location.origin}/thanks`} onSuccess={onSuccess} />,
      { customer: NEW_BUYER },
    );
    const pro = await findCard('Pro');
    const release = harness.hold('createCheckout');
    await user.click(within(pro).getByRole('button', { name: 'Subscribe Pro' }));
    // Pending on this card only; the others wait for it. The button keeps its name (it has the
    // focus: a new name would be read out) and says it is busy; the notice says what goes on.
    const button = within(pro).getByRole('button', { name: 'Subscribe Pro' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('data-state', 'pending');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your checkout…');
    expect(
      within(card('Starter')).getByRole('button', { name: 'Subscribe Starter' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(card('Starter')).getByRole('button', { name: 'Subscribe Starter' }));
    release();

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Taking you to the payment page…'),
    );
    // Said once, by the notice: the focused button is still "Subscribe Pro", and busy.
    expect(screen.getAllByText(/Taking you to the payment page/)).toHaveLength(1);
    expect(within(pro).getByRole('button', { name: 'Subscribe Pro' })).toBe(button);
    expect(button).toHaveAttribute('data-state', 'redirecting');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    const { checkouts } = harness.sandbox.inspect();
    expect(checkouts).toHaveLength(1);
    const [created] = checkouts;
    expect(idOf(created?.product ?? '')).toBe('prod_pro_monthly');
    expect(created?.success_url).toBe(`${window.location.origin}/thanks`);
    expect(harness.navigations).toEqual([created?.checkout_url]);
    expect(harness.count('createCheckout')).toBe(1);
    expect(onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'checkout',
        product: expect.objectContaining({ id: 'prod_pro_monthly' }),
      }),
    );
  });

  test('a failed checkout says so on its card, keeps the table usable, and a retry succeeds', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    const { harness } = renderWithBilling(<PricingTable onError={onError} />, {
      customer: NEW_BUYER,
    });
    const pro = await findCard('Pro');
    harness.failNext({ route: 'createCheckout', with: 503 });
    await user.click(within(pro).getByRole('button', { name: 'Subscribe Pro' }));
    expect(await within(pro).findByRole('alert')).toHaveTextContent(
      'The checkout could not be started. Please try again.',
    );
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ status: 503 }),
      expect.objectContaining({ action: 'checkout' }),
    );
    expect(harness.sandbox.inspect().checkouts).toHaveLength(0);
    const again = within(pro).getByRole('button', { name: 'Subscribe Pro' });
    expect(again).toHaveFocus();
    expect(again).not.toHaveAttribute('aria-disabled');

    await user.click(again);
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(harness.sandbox.inspect().checkouts).toHaveLength(1);
    expect(within(pro).queryByRole('alert')).toBeNull();
  });

  test('a signed-out visitor’s Subscribe and Buy now: the proxy answers 401, the card asks to sign in', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    const { harness } = renderWithBilling(<PricingTable onError={onError} />, {
      customer: null,
    });
    const pro = await findCard('Pro');
    await user.click(within(pro).getByRole('button', { name: 'Subscribe Pro' }));
    // Trying again cannot help a visitor who is not signed in: the card says what can.
    const alert = await within(pro).findByRole('alert');
    expect(alert).toHaveTextContent('Please sign in to continue.');
    expect(alert).not.toHaveTextContent(/try again/i);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'auth', status: 401 }),
      expect.objectContaining({ action: 'checkout' }),
    );
    expect(harness.navigations).toEqual([]);
    expect(harness.sandbox.inspect().checkouts).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'One-time' }));
    const [oneTime] = within(screen.getByRole('list', { name: 'One-time' })).getAllByRole(
      'listitem',
    );
    if (!oneTime) throw new Error('seed changed: no one-time product');
    await user.click(within(oneTime).getByRole('button', { name: /^Buy now / }));
    expect(await within(oneTime).findByRole('alert')).toHaveTextContent(
      'Please sign in to continue.',
    );
    expect(harness.count('createCheckout')).toBe(2);
  });

  test('German: a signed-out visitor is asked to sign in', async () => {
    const user = userEvent.setup();
    renderWithBilling(<PricingTable />, { customer: null, provider: { locale: 'de-DE' } });
    const pro = await screen.findByRole('listitem', { name: 'Pro' });
    await user.click(within(pro).getByRole('button', { name: 'Abonnieren Pro' }));
    expect(await within(pro).findByRole('alert')).toHaveTextContent(
      'Bitte melden Sie sich an, um fortzufahren.',
    );
  });

  test('a subscribed customer’s Upgrade changes the plan in the sandbox', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<PricingTable updateBehavior="proration-none" />, {
      customer: 'cust_ada',
    });
    await findCard('Pro');
    await user.click(screen.getByRole('radio', { name: 'Quarterly' }));
    const team = card('Team');
    expect(team).toHaveAttribute('data-state', 'upgrade');
    await user.click(within(team).getByRole('button', { name: 'Upgrade Team' }));

    const notice = await screen.findByText('Your plan is now Team.');
    expect(notice).toHaveAttribute('role', 'status');
    await waitFor(() => expect(notice).toHaveFocus());
    await waitFor(() => expect(card('Team')).toHaveAttribute('data-state', 'current'));
    const upgrade = harness.requests.find((r) => r.route === 'upgradeSubscription');
    expect(upgrade?.body).toEqual({
      product_id: 'prod_team_quarterly',
      update_behavior: 'proration-none',
    });
    expect(activePlansOf(harness, 'cust_ada')).toEqual(['prod_team_quarterly']);
    expect(harness.count('createCheckout')).toBe(0);
  });

  test('two clicks on Upgrade before React renders again send one plan change', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    const onSuccess = vi.fn();
    const { harness } = renderWithBilling(
      <PricingTable onError={onError} onSuccess={onSuccess} />,
      { customer: 'cust_ada' },
    );
    await findCard('Pro');
    await user.click(screen.getByRole('radio', { name: /Yearly/ }));
    const yearly = card('Pro (yearly)');
    const button = within(yearly).getByRole('button', { name: 'Upgrade Pro (yearly)' });
    // Both clicks land in one task, as on a busy main thread, before the table re-renders.
    act(() => {
      button.click();
      button.click();
    });

    expect(await screen.findByText('Your plan is now Pro (yearly).')).toHaveAttribute(
      'role',
      'status',
    );
    await waitFor(() => expect(card('Pro (yearly)')).toHaveAttribute('data-state', 'current'));
    expect(harness.count('upgradeSubscription')).toBe(1);
    expect(within(card('Pro (yearly)')).queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/could not be changed/)).toBeNull();
    expect(onError).not.toHaveBeenCalled();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(activePlansOf(harness, 'cust_ada')).toEqual(['prod_pro_yearly']);
  });

  test('a plan change that settles while the table is hidden (React 19 <Activity>) leaves it usable', async () => {
    const user = userEvent.setup();
    const view: { hide?: (hidden: boolean) => void } = {};
    const { harness } = renderWithBilling(
      <Hideable view={view}>
        <PricingTable />
      </Hideable>,
      { customer: 'cust_ada' },
    );
    const starter = await findCard('Starter');
    const release = harness.hold('upgradeSubscription');
    await user.click(within(starter).getByRole('button', { name: 'Downgrade Starter' }));
    await waitFor(() => expect(harness.count('upgradeSubscription')).toBe(1));
    act(() => view.hide?.(true));
    release();
    await waitFor(() =>
      expect(activePlansOf(harness, 'cust_ada')).toEqual(['prod_starter_monthly']),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => view.hide?.(false));

    // The change settled while hidden: the next click sends the next change.
    await waitFor(() => expect(card('Starter')).toHaveAttribute('data-state', 'current'));
    await user.click(within(card('Pro')).getByRole('button', { name: 'Upgrade Pro' }));
    await waitFor(() => expect(harness.count('upgradeSubscription')).toBe(2));
    expect(await screen.findByText('Your plan is now Pro.')).toHaveAttribute('role', 'status');
    expect(activePlansOf(harness, 'cust_ada')).toEqual(['prod_pro_monthly']);
  });

  test('a plan change under way: the button keeps its name and is busy, the notice says so', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<PricingTable />, { customer: 'cust_ada' });
    const starter = await findCard('Starter');
    const release = harness.hold('upgradeSubscription');
    await user.click(within(starter).getByRole('button', { name: 'Downgrade Starter' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Changing your plan…'),
    );
    // Even once the card shows the change ahead of the answer, its button still names what it
    // does: only the notice says the plan is being changed.
    await waitFor(() => expect(card('Starter')).toHaveAttribute('data-state', 'current'));
    const button = within(starter).getByRole('button', { name: 'Downgrade Starter' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('data-state', 'pending');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByText('Changing your plan…')).toHaveLength(1);
    release();
    expect(await screen.findByText('Your plan is now Starter.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Changing your plan…')).toBeNull();
  });

  test('a refused upgrade shows an error on its card and rolls the plan back', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<PricingTable />, { customer: 'cust_ada' });
    const starter = await findCard('Starter');
    harness.failNext({ route: 'upgradeSubscription', with: 500 });
    await user.click(within(starter).getByRole('button', { name: 'Downgrade Starter' }));
    expect(await within(starter).findByRole('alert')).toHaveTextContent(
      'Your plan could not be changed. Please try again.',
    );
    await waitFor(() => expect(card('Pro')).toHaveAttribute('data-state', 'current'));
    expect(card('Starter')).toHaveAttribute('data-state', 'downgrade');
    expect(activePlansOf(harness, 'cust_ada')).toEqual(['prod_pro_monthly']);

    // The refusal settled the change: trying again sends it.
    await user.click(within(starter).getByRole('button', { name: 'Downgrade Starter' }));
    expect(await screen.findByText('Your plan is now Starter.')).toHaveAttribute('role', 'status');
    expect(harness.count('upgradeSubscription')).toBe(2);
    expect(activePlansOf(harness, 'cust_ada')).toEqual(['prod_starter_monthly']);
  });

  test('onUpgrade hands the plan change to the seller (e.g. an UpgradePicker)', async () => {
    const user = userEvent.setup();
    const onUpgrade = vi.fn();
    const { harness } = renderWithBilling(<PricingTable onUpgrade={onUpgrade} />, {
      customer: 'cust_ada',
    });
    await findCard('Pro');
    await user.click(within(card('Starter')).getByRole('button', { name: 'Downgrade Starter' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    const [product, subscription] = onUpgrade.mock.calls[0] ?? [];
    expect(product).toMatchObject({ id: 'prod_starter_monthly' });
    expect(subscription).toMatchObject({
      customer: expect.objectContaining({ id: 'cust_ada' }),
      status: 'active',
    });
    expect(harness.count('upgradeSubscription')).toBe(0);
  });
});

describe('PricingTable: onCheckout', () => {
  test("hands a new customer's choice to the seller instead of starting a checkout", async () => {
    const user = userEvent.setup();
    const onCheckout = vi.fn();
    const { harness } = renderWithBilling(<PricingTable onCheckout={onCheckout} />, {
      customer: NEW_BUYER,
    });
    await findCard('Pro');
    await user.click(within(card('Pro')).getByRole('button', { name: 'Subscribe Pro' }));
    expect(onCheckout).toHaveBeenCalledTimes(1);
    expect(onCheckout.mock.calls[0]?.[0]).toMatchObject({ id: 'prod_pro_monthly' });
    expect(harness.count('createCheckout')).toBe(0);
    expect(harness.navigations).toEqual([]);
  });
});

describe('PricingTable: loading, error, empty', () => {
  test('a skeleton while the catalog loads', async () => {
    const harness = createBillingHarness({ customer: NEW_BUYER });
    const release = harness.hold('products');
    renderWithBilling(<PricingTable />, { harness });
    const loading = await screen.findByRole('status');
    expect(loading).toHaveTextContent('Loading plans…');
    expect(screen.getByRole('region', { name: 'Plans' })).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await findCard('Pro')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Plans' })).not.toHaveAttribute('aria-busy');
  });

  test('a failed catalog shows an error, and Try again loads it', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: NEW_BUYER });
    harness.failNext({ route: 'products', with: 503 });
    renderWithBilling(<PricingTable />, { harness });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The plans could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findCard('Pro')).toBeVisible();
    expect(harness.count('products')).toBe(2);
  });

  test('Try again keeps the focus on the table while it loads, fails again, and shows the plans', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: NEW_BUYER });
    harness.failNext({ route: 'products', with: 503, times: 2 });
    renderWithBilling(<PricingTable />, { harness });
    const table = screen.getByRole('region', { name: 'Plans' });
    const first = await screen.findByRole('alert');

    const release = harness.hold('products');
    await user.click(within(first).getByRole('button', { name: 'Try again' }));
    // The alert and its button are gone while the plans load: the focus waits on the table.
    expect(await screen.findByText('Loading plans…')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(table).toHaveFocus();
    release();

    // The retry failed too: the alert is back and the focus is still in the table.
    const second = await screen.findByRole('alert');
    expect(second).toHaveTextContent('The plans could not be loaded.');
    expect(table).toHaveFocus();
    await user.click(within(second).getByRole('button', { name: 'Try again' }));
    expect(await findCard('Pro')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Plans' })).toHaveFocus();
    expect(harness.count('products')).toBe(3);
  });

  test('a failure of the sandbox itself (5xx upstream) shows the error state', async () => {
    const harness = createBillingHarness({
      customer: NEW_BUYER,
      faults: { errorRate: 1 },
      handler: { retries: 0 },
    });
    renderWithBilling(<PricingTable />, { harness });
    expect(await screen.findByRole('alert')).toHaveTextContent('The plans could not be loaded.');
    expect(harness.count('products')).toBe(1);
  });

  test('a failed background refetch keeps the table shown', async () => {
    const { harness, queryClient } = renderWithBilling(<PricingTable />, { customer: 'cust_ada' });
    await findCard('Pro');
    await refetchFailing(harness, queryClient, ['products', 'subscriptions']);
    expect(harness.count('products')).toBe(2);
    expect(harness.count('subscriptions')).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(card('Pro')).toHaveAttribute('data-state', 'current');
    expect(card('Starter')).toHaveAttribute('data-state', 'downgrade');
  });

  test('an empty catalog says there are no plans', async () => {
    renderWithBilling(<PricingTable />, { customer: NEW_BUYER, products: [] });
    expect(await screen.findByText('No plans are available right now.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('PricingTable: server rendering', () => {
  test('renders the whole table on the server from prefetched data', async () => {
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const html = await renderToStringWithBilling(<PricingTable />, {
      harness,
      prefetch: (qc, client) =>
        Promise.all([
          qc.prefetchQuery(productsOptions(client)),
          qc.prefetchQuery(allCustomerSubscriptionsOptions(client)),
        ]),
    });
    expect(html).toContain('data-state="ready"');
    expect(html).toContain('$29.00');
    expect(html).toMatch(/data-state="current"[^>]*>.*Current plan/);
  });

  test('without data, the server renders the skeleton', async () => {
    const harness = createBillingHarness({ customer: NEW_BUYER });
    const html = await renderToStringWithBilling(<PricingTable />, { harness: harness });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading plans…');
  });
});
