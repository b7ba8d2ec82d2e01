// Dates rendered on a server and hydrated in a browser in another time zone: what the server
// sends must be what the browser first renders, or React throws the server's HTML away ("the
// server rendered text didn't match the client"). The page here is in Los Angeles; the server
// does not know that.
import {
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BillingHistory } from '../src/components/BillingHistory/BillingHistory.js';
import { CreditsHistory } from '../src/components/CreditsHistory/CreditsHistory.js';
import { PricingTable } from '../src/components/PricingTable/PricingTable.js';
import { SubscriptionStatus } from '../src/components/SubscriptionStatus/SubscriptionStatus.js';
import { UpgradePicker } from '../src/components/UpgradePicker/UpgradePicker.js';
import {
  allCustomerSubscriptionsOptions,
  BillingProvider,
  createProxyClient,
  creditsAccountsOptions,
  creditsBalanceOptions,
  creditsHistoryOptions,
  type ProxyClient,
  productsOptions,
  transactionsOptions,
} from '../src/react/index.js';
import { createBillingHarness, seededCreditAccount } from './support/billing-harness.js';

const PAGE_ZONE = 'America/Los_Angeles';
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = PAGE_ZONE;
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});

const ADA_CREDITS = seededCreditAccount('cust_ada', 'AI credits');
const history = <CreditsHistory virtualizer={{ initialRect: { width: 640, height: 280 } }} />;

/** The newest entry's time as the component writes it, in `timeZone`. */
function newestEntryAt(harness: ReturnType<typeof createBillingHarness>, timeZone: string) {
  const newest = harness.sandbox
    .inspect()
    .credit_entries.filter((entry) => entry.account_id === ADA_CREDITS)
    .at(-1);
  if (!newest) throw new Error('seed changed: Ada has no credit entries');
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(newest.created_at));
}

type Prefetch = (queryClient: QueryClient, client: ProxyClient) => Promise<unknown>;

/** What Ada's credits read, prefetched as the README's table says. */
const creditsPrefetch: Prefetch = (qc, client) =>
  Promise.all([
    qc.prefetchQuery(creditsAccountsOptions(client)),
    qc.prefetchQuery(creditsBalanceOptions(client, { accountId: ADA_CREDITS })),
    qc.prefetchInfiniteQuery(creditsHistoryOptions(client, { accountId: ADA_CREDITS })),
  ]);

/** `ui` rendered to HTML as a server does, with the cache the browser is handed. */
async function serverRender(ui: ReactElement, prefetch: Prefetch, timeZone?: string) {
  const harness = createBillingHarness();
  const server = new QueryClient();
  const proxy = createProxyClient({
    basePath: `${harness.origin}/api/billing`,
    fetch: (input, init) => harness.fetch(input, init),
  });
  await prefetch(server, proxy);
  const html = renderToString(
    <BillingProvider queryClient={server} timeZone={timeZone}>
      {ui}
    </BillingProvider>,
  );
  return { ui, harness, html, state: JSON.parse(JSON.stringify(dehydrate(server))) };
}

/** Hydrates the server's HTML in this page; what React refused of it, and what it logged. */
async function hydrate(
  { ui, harness, html, state }: Awaited<ReturnType<typeof serverRender>>,
  timeZone?: string,
) {
  const logged = vi.spyOn(console, 'error');
  const refused: unknown[] = [];
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <HydrationBoundary state={state}>
        <BillingProvider {...harness.providerProps()} timeZone={timeZone}>
          {ui}
        </BillingProvider>
      </HydrationBoundary>
    </QueryClientProvider>,
    { container, hydrate: true, onRecoverableError: (error) => refused.push(error) },
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const errors = logged.mock.calls.map((call) => String(call[0]));
  logged.mockRestore();
  return { refused, errors };
}

describe('dates through server rendering and hydration', () => {
  it('without a timeZone: the server writes UTC, the page hydrates it, then shows its own zone', async () => {
    const rendered = await serverRender(history, creditsPrefetch);
    const utc = newestEntryAt(rendered.harness, 'UTC');
    const local = newestEntryAt(rendered.harness, PAGE_ZONE);
    expect(utc).not.toBe(local);
    expect(rendered.html).toContain(utc);
    expect(rendered.html).not.toContain(local);

    const { refused, errors } = await hydrate(rendered);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    expect(screen.getAllByText(local).length).toBeGreaterThan(0);
    expect(screen.queryByText(utc)).not.toBeInTheDocument();
  });

  it('with the buyer’s timeZone: the server’s HTML already shows their times, kept as hydrated', async () => {
    const berlin = 'Europe/Berlin';
    const rendered = await serverRender(history, creditsPrefetch, berlin);
    const there = newestEntryAt(rendered.harness, berlin);
    expect(there).not.toBe(newestEntryAt(rendered.harness, PAGE_ZONE));
    expect(rendered.html).toContain(there);

    const { refused, errors } = await hydrate(rendered, berlin);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    expect(screen.getAllByText(there).length).toBeGreaterThan(0);
  });

  // Each component that shows data on the server, prefetched as the README's table says.
  const catalogAndPlans: Prefetch = (qc, client) =>
    Promise.all([
      qc.prefetchQuery(productsOptions(client)),
      qc.prefetchQuery(allCustomerSubscriptionsOptions(client)),
    ]);
  const pages: Array<[string, ReactElement, Prefetch, string]> = [
    [
      'BillingHistory',
      <BillingHistory key="history" />,
      (qc, client) => qc.prefetchQuery(transactionsOptions(client, { pageSize: 10 })),
      'Page 1 of',
    ],
    ['SubscriptionStatus', <SubscriptionStatus key="status" />, catalogAndPlans, 'Renews on'],
    ['UpgradePicker', <UpgradePicker key="picker" />, catalogAndPlans, 'Current plan'],
    ['PricingTable', <PricingTable key="table" />, catalogAndPlans, 'Current plan'],
  ];
  it.each(pages)(
    '%s: the server’s HTML holds its data and is hydrated as it is, nothing refused',
    async (_name, ui, prefetch, shows) => {
      const rendered = await serverRender(ui, prefetch);
      expect(rendered.html).toContain(shows);
      const { refused, errors } = await hydrate(rendered);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      expect(screen.getAllByText(new RegExp(shows)).length).toBeGreaterThan(0);
    },
  );

  it('refuses a timeZone that is not one, naming it and what to pass', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderToString(<BillingProvider timeZone="Mars/Olympus">{history}</BillingProvider>),
    ).toThrow(
      'billing-kit: timeZone "Mars/Olympus" is not a time zone; pass an IANA name such as "UTC" or "Europe/Berlin"',
    );
    logged.mockRestore();
  });
});
