import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Profiler, type ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import {
  createBillingHarness,
  refetchFailing,
  renderWithBilling,
} from '../../../test/support/billing-harness.js';
import { endedSubscriptionsAhead } from '../../../test/support/hosted-checkout.js';
import { renderToStringWithBilling } from '../../../test/support/server-render.js';
import type { Subscription } from '../../contract/schemas.js';
import { useUpgradeSubscription } from '../../react/mutations.js';
import { SubscriptionStatus } from './SubscriptionStatus.js';

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** A seeded subscription of a customer, by product id. */
function seeded(customerId: string, productId: string): Subscription {
  const found = createBillingHarness()
    .sandbox.fixtures()
    .subscriptions.find((s) => idOf(s.customer) === customerId && idOf(s.product) === productId);
  if (!found) throw new Error(`no seeded subscription of ${customerId} to ${productId}`);
  return found;
}

const medium = (locale: string, iso: string | null | undefined) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso ?? Number.NaN));

function summary() {
  return screen.getByRole('group', { name: 'Subscription status' });
}

/** The service's answer with each subscription's product sent as its id, not expanded. */
function productsAsIds(path: string, body: { items?: Subscription[] }) {
  if (!/^\/v1\/customers\/[^/]+\/subscriptions$/.test(path)) return;
  for (const subscription of body.items ?? []) subscription.product = idOf(subscription.product);
}

/**
 * `ui` in a Profiler that reads the summary's text at every commit (its `onRender` runs once
 * React has changed the DOM), so a state shown for one commit only is seen too.
 */
function recordingCommits(ui: ReactNode) {
  const texts: string[] = [];
  const read = () => {
    const root = document.querySelector('[data-slot="subscription-status"]');
    if (root) texts.push(root.textContent ?? '');
  };
  return {
    texts,
    element: (
      <Profiler id="subscription-status" onRender={read}>
        {ui}
      </Profiler>
    ),
  };
}

/** A button that moves a subscription to another product with `useUpgradeSubscription`. */
function UpgradeTo({ subscriptionId, productId }: { subscriptionId: string; productId: string }) {
  const upgrade = useUpgradeSubscription();
  return (
    <button
      type="button"
      onClick={() => upgrade.mutate({ subscription_id: subscriptionId, product_id: productId })}
    >
      Upgrade
    </button>
  );
}

describe('SubscriptionStatus', () => {
  test('by default, the customer’s live subscription: product, status, price and renewal', async () => {
    const ada = seeded('cust_ada', 'prod_pro_monthly');
    renderWithBilling(<SubscriptionStatus />, { customer: 'cust_ada' });
    expect(await screen.findByText('Pro')).toBeVisible();
    const group = summary();
    expect(group).toHaveAttribute('data-state', 'active');
    expect(within(group).getByText('Active')).toHaveAttribute('data-state', 'active');
    expect(within(group).getByText('$29.00 per month')).toBeVisible();
    const renews = within(group).getByText(
      `Renews on ${medium('en-US', ada.next_transaction_date)}`,
    );
    expect(renews.tagName).toBe('TIME');
    expect(renews).toHaveAttribute('datetime', ada.next_transaction_date);
    // The parts read apart, not "ProActive$29.00 per monthRenews on …".
    expect(group.textContent).toBe(
      `Pro Active $29.00 per month Renews on ${medium('en-US', ada.next_transaction_date)}`,
    );
  });

  test.each([
    [
      'cust_grace',
      'prod_team_quarterly',
      'trialing',
      'Trial',
      '4 × $75.00 every 3 months',
      'Trial ends on',
      'current_period_end_date',
    ],
    [
      'cust_grace',
      'prod_pro_yearly',
      'scheduled_cancel',
      'Ends at period close',
      '$290.00 per year',
      'Ends on',
      'current_period_end_date',
    ],
    [
      'cust_linus',
      'prod_starter_monthly',
      'past_due',
      'Payment overdue',
      '$9.00 per month',
      'Next charge on',
      'next_transaction_date',
    ],
    [
      'cust_linus',
      'prod_day_pass',
      'unpaid',
      'Unpaid',
      '$1.99 per day',
      'Next charge on',
      'next_transaction_date',
    ],
    [
      'cust_linus',
      'prod_legacy_monthly',
      'canceled',
      'Canceled',
      '$15.00 per month',
      'Canceled on',
      'canceled_at',
    ],
  ] as const)(
    '%s’s %s: %s in words with its date',
    async (customer, product, status, words, price, datePrefix, field) => {
      const subscription = seeded(customer, product);
      renderWithBilling(<SubscriptionStatus subscriptionId={subscription.id} />, { customer });
      const badge = await screen.findByText(words);
      expect(badge).toHaveAttribute('data-state', status);
      expect(summary()).toHaveAttribute('data-state', status);
      expect(screen.getByText(price)).toBeVisible();
      expect(
        screen.getByText(`${datePrefix} ${medium('en-US', subscription[field])}`),
      ).toBeVisible();
    },
  );

  test('the live subscription behind eleven newer, ended ones is the one shown', async () => {
    const harness = createBillingHarness();
    await endedSubscriptionsAhead(harness.sandbox, 'cust_ada', 11);
    renderWithBilling(<SubscriptionStatus />, { harness, customer: 'cust_ada' });
    expect(await screen.findByText('Pro')).toBeVisible();
    expect(summary()).toHaveAttribute('data-state', 'active');
    expect(screen.queryByText('Day pass')).toBeNull();
  });

  test('a paused subscription shows no date', async () => {
    const paused = seeded('cust_linus', 'prod_business_half_year');
    renderWithBilling(<SubscriptionStatus subscriptionId={paused.id} />, {
      customer: 'cust_linus',
    });
    expect(await screen.findByText('Paused')).toHaveAttribute('data-state', 'paused');
    expect(summary().querySelector('time')).toBeNull();
  });

  test('a status this version does not know is shown as sent, without failing', async () => {
    const ada = seeded('cust_ada', 'prod_pro_monthly');
    const { harness } = renderWithBilling(
      <SubscriptionStatus subscription={{ ...ada, status: 'incomplete' }} />,
    );
    const badge = screen.getByText('incomplete');
    expect(badge).toHaveAttribute('data-state', 'incomplete');
    expect(summary()).toHaveAttribute('data-state', 'incomplete');
    expect(
      screen.getByText(`Next charge on ${medium('en-US', ada.next_transaction_date)}`),
    ).toBeVisible();
    // Data given as a prop is not fetched again.
    expect(harness.count()).toBe(0);
  });

  test('an expired subscription says when it ended, never a next charge, in both languages', async () => {
    // `expired` is not in the interface's enum, but the service's webhooks carry it.
    const ada = seeded('cust_ada', 'prod_pro_monthly');
    const expired = { ...ada, status: 'expired' };
    const { unmount } = renderWithBilling(<SubscriptionStatus subscription={expired} />);
    expect(screen.getByText('Expired')).toHaveAttribute('data-state', 'expired');
    const ended = `Ended on ${medium('en-US', ada.current_period_end_date)}`;
    expect(screen.getByText(ended)).toHaveAttribute('data-state', 'ended');
    expect(screen.queryByText(/Next charge/)).toBeNull();
    unmount();
    renderWithBilling(<SubscriptionStatus subscription={expired} />, {
      provider: { locale: 'de-DE' },
    });
    expect(screen.getByText('Abgelaufen')).toBeVisible();
    expect(
      screen.getByText(`Endete am ${medium('de-DE', ada.current_period_end_date)}`),
    ).toBeVisible();
  });

  test('renders on the server from data it is given', async () => {
    const ada = seeded('cust_ada', 'prod_pro_monthly');
    const harness = createBillingHarness();
    const html = await renderToStringWithBilling(<SubscriptionStatus subscription={ada} />, {
      harness: harness,
    });
    expect(html).toContain('data-state="active"');
    expect(html).toContain('$29.00 per month');
  });

  test('loading, then the subscription', async () => {
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const release = harness.hold('subscriptions');
    renderWithBilling(<SubscriptionStatus />, { harness });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading subscription…');
    expect(summary()).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText('Pro')).toBeVisible();
  });

  test('a product sent as an id: loading until the catalog names it, never the id', async () => {
    const ada = seeded('cust_ada', 'prod_pro_monthly');
    const harness = createBillingHarness({ customer: 'cust_ada', editAnswer: productsAsIds });
    const release = harness.hold('products');
    const { texts, element } = recordingCommits(<SubscriptionStatus />);
    renderWithBilling(element, { harness });
    // The subscription came (the catalog is asked for only then); no commit showed the id, and
    // the summary still loads.
    await waitFor(() => expect(harness.count('products')).toBe(1));
    expect(texts.filter((text) => text.includes('prod_'))).toEqual([]);
    expect(summary()).toHaveAttribute('data-state', 'loading');
    expect(summary()).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText('Pro')).toBeVisible();
    expect(summary().textContent).toBe(
      `Pro Active $29.00 per month Renews on ${medium('en-US', ada.next_transaction_date)}`,
    );
    expect(texts).toContain('Loading subscription…');
    expect(texts.filter((text) => text.includes('prod_'))).toEqual([]);
  });

  test('after an upgrade while the catalog is not cached: loading until it names the new plan', async () => {
    const user = userEvent.setup();
    const ada = seeded('cust_ada', 'prod_pro_monthly');
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const { texts, element } = recordingCommits(
      <>
        <SubscriptionStatus />
        <UpgradeTo subscriptionId={ada.id} productId="prod_pro_yearly" />
      </>,
    );
    renderWithBilling(element, { harness });
    expect(await screen.findByText('Pro')).toBeVisible();
    // The product came expanded: no catalog was needed, none is cached.
    expect(harness.count('products')).toBe(0);

    const releaseCatalog = harness.hold('products');
    const releaseUpgrade = harness.hold('upgradeSubscription');
    // The change shows at once in the cache, with the new product's id (no catalog to name it).
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(harness.count('products')).toBe(1));
    expect(texts.filter((text) => text.includes('prod_'))).toEqual([]);
    expect(summary()).toHaveAttribute('data-state', 'loading');
    releaseCatalog();
    expect(await within(summary()).findByText('Pro (yearly)')).toBeVisible();
    expect(within(summary()).getByText('$290.00 per year')).toBeVisible();
    releaseUpgrade();
    await waitFor(() => expect(harness.count('subscriptions')).toBe(2));
    expect(within(summary()).getByText('Pro (yearly)')).toBeVisible();
    expect(texts.filter((text) => text.includes('prod_'))).toEqual([]);
  });

  test('a product sent as an id and a catalog that fails: what is known, the id for a name', async () => {
    const ada = seeded('cust_ada', 'prod_pro_monthly');
    const harness = createBillingHarness({ customer: 'cust_ada', editAnswer: productsAsIds });
    const release = harness.hold('products');
    harness.failNext({ route: 'products', with: 503 });
    const { texts, element } = recordingCommits(<SubscriptionStatus />);
    renderWithBilling(element, { harness });
    await waitFor(() => expect(harness.count('products')).toBe(1));
    // While the catalog may still name the product, its id is not shown.
    expect(texts.filter((text) => text.includes('prod_'))).toEqual([]);
    expect(summary()).toHaveAttribute('data-state', 'loading');
    release();
    // The catalog failed: the subscription is still shown, its status and date as known, the
    // product's id standing for its name, no price, and no alert (the subscription did load).
    expect(await screen.findByText('prod_pro_monthly')).toBeVisible();
    expect(summary()).toHaveAttribute('data-state', 'active');
    expect(summary().textContent).toBe(
      `prod_pro_monthly Active Renews on ${medium('en-US', ada.next_transaction_date)}`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('an error with Try again', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_ada' });
    harness.failNext({ route: 'subscriptions', with: 503 });
    renderWithBilling(<SubscriptionStatus />, { harness });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The subscription could not be loaded. Try again');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Active')).toBeVisible();
  });

  test('Try again keeps the focus on the summary while it loads, fails again, and shows it', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_ada' });
    harness.failNext({ route: 'subscriptions', with: 503, times: 2 });
    renderWithBilling(<SubscriptionStatus />, { harness });
    const first = await screen.findByRole('alert');

    const release = harness.hold('subscriptions');
    await user.click(within(first).getByRole('button', { name: 'Try again' }));
    // The alert and its button are gone while it loads: the focus waits on the summary.
    expect(await screen.findByText('Loading subscription…')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(summary()).toHaveFocus();
    release();

    // The retry failed too: the alert is back and the focus is still on the summary.
    const second = await screen.findByRole('alert');
    expect(second).toHaveTextContent('The subscription could not be loaded.');
    expect(summary()).toHaveFocus();
    await user.click(within(second).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Active')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(summary()).toHaveFocus();
    expect(harness.count('subscriptions')).toBe(3);
  });

  test('a failed background refetch keeps the subscription shown', async () => {
    const { harness, queryClient } = renderWithBilling(<SubscriptionStatus />, {
      customer: 'cust_ada',
    });
    expect(await screen.findByText('Pro')).toBeVisible();
    await refetchFailing(harness, queryClient, ['subscriptions']);
    expect(harness.count('subscriptions')).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(summary()).toHaveAttribute('data-state', 'active');
    expect(within(summary()).getByText('Pro')).toBeVisible();
  });

  test('another customer’s subscription is an error, not their data', async () => {
    const grace = seeded('cust_grace', 'prod_pro_yearly');
    renderWithBilling(<SubscriptionStatus subscriptionId={grace.id} />, { customer: 'cust_ada' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The subscription could not be loaded.',
    );
    expect(screen.queryByText('Pro (yearly)')).toBeNull();
  });

  test.each([
    ['a customer who has bought nothing', { email: 'new.buyer@example.com' }],
    ['a signed-out visitor', null],
  ] as const)('empty for %s', async (_who, customer) => {
    renderWithBilling(<SubscriptionStatus />, { customer });
    expect(await screen.findByText('No subscription yet.')).toBeVisible();
    expect(summary()).toHaveAttribute('data-state', 'empty');
  });

  test('in German', async () => {
    const ada = seeded('cust_ada', 'prod_pro_monthly');
    renderWithBilling(<SubscriptionStatus />, {
      customer: 'cust_ada',
      provider: { locale: 'de-DE' },
    });
    expect(await screen.findByText('Aktiv')).toBeVisible();
    expect(screen.getByText('29,00 $ pro Monat')).toBeVisible();
    expect(
      screen.getByText(`Verlängert sich am ${medium('de-DE', ada.next_transaction_date)}`),
    ).toBeVisible();
    expect(screen.getByRole('group', { name: 'Status des Abonnements' })).toBeVisible();
  });
});
