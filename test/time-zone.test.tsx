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
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreditsHistory } from '../src/components/CreditsHistory/CreditsHistory.js';
import {
  BillingProvider,
  createProxyClient,
  creditsAccountsOptions,
  creditsBalanceOptions,
  creditsHistoryOptions,
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

/** Ada's credits rendered to HTML as a server does, with the cache the browser is handed. */
async function serverRender(timeZone?: string) {
  const harness = createBillingHarness();
  const server = new QueryClient();
  const proxy = createProxyClient({
    basePath: `${harness.origin}/api/billing`,
    fetch: (input, init) => harness.fetch(input, init),
  });
  await Promise.all([
    server.prefetchQuery(creditsAccountsOptions(proxy)),
    server.prefetchQuery(creditsBalanceOptions(proxy, { accountId: ADA_CREDITS })),
    server.prefetchInfiniteQuery(creditsHistoryOptions(proxy, { accountId: ADA_CREDITS })),
  ]);
  const html = renderToString(
    <BillingProvider queryClient={server} timeZone={timeZone}>
      {history}
    </BillingProvider>,
  );
  return { harness, html, state: JSON.parse(JSON.stringify(dehydrate(server))) };
}

/** Hydrates the server's HTML in this page; what React refused of it, and what it logged. */
async function hydrate(
  { harness, html, state }: Awaited<ReturnType<typeof serverRender>>,
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
          {history}
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
    const rendered = await serverRender();
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
    const rendered = await serverRender(berlin);
    const there = newestEntryAt(rendered.harness, berlin);
    expect(there).not.toBe(newestEntryAt(rendered.harness, PAGE_ZONE));
    expect(rendered.html).toContain(there);

    const { refused, errors } = await hydrate(rendered, berlin);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    expect(screen.getAllByText(there).length).toBeGreaterThan(0);
  });

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
