// Prefetch on the server with the `*Options` factories, dehydrate, hydrate in the browser:
// the page shows the data at once and asks the proxy nothing more.
import {
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBillingHarness, seededCreditAccount } from '../../test/support/billing-harness.js';
import {
  BillingProvider,
  createProxyClient,
  creditsHistoryOptions,
  customerSubscriptionsOptions,
  productsOptions,
  useCreditsHistory,
  useCustomerSubscriptions,
  useProducts,
} from './index.js';

const ADA_CREDITS = seededCreditAccount('cust_ada', 'AI credits');

function Account() {
  const products = useProducts();
  const subscriptions = useCustomerSubscriptions({ page: 1 });
  const history = useCreditsHistory({ accountId: ADA_CREDITS });
  return (
    <section>
      <h2>{products.data ? `${products.data.length} plans` : 'loading plans'}</h2>
      <p>
        {subscriptions.data
          ? `${subscriptions.data.pagination.total_records} subscriptions`
          : 'loading subscriptions'}
      </p>
      <p>{history.data ? `${history.data.pages[0]?.data.length} entries` : 'loading entries'}</p>
    </section>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('prefetch, dehydrate, hydrate', () => {
  it('shows the server’s data at once and makes no second request', async () => {
    const harness = createBillingHarness();

    // The server: an absolute basePath, a QueryClient per request, the factories.
    const server = new QueryClient();
    const proxy = createProxyClient({
      basePath: `${harness.origin}/api/billing`,
      fetch: (input, init) => harness.fetch(input, init),
    });
    await Promise.all([
      server.prefetchQuery(productsOptions(proxy)),
      server.prefetchQuery(customerSubscriptionsOptions(proxy, { page: 1 })),
      server.prefetchInfiniteQuery(creditsHistoryOptions(proxy, { accountId: ADA_CREDITS })),
    ]);
    const html = renderToString(
      <BillingProvider queryClient={server}>
        <Account />
      </BillingProvider>,
    );
    const state = JSON.parse(JSON.stringify(dehydrate(server)));
    expect(harness.count()).toBe(3);

    // The browser: the server's HTML, hydrated with the dehydrated cache.
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const browser = new QueryClient();
    render(
      <QueryClientProvider client={browser}>
        <HydrationBoundary state={state}>
          <BillingProvider {...harness.providerProps()}>
            <Account />
          </BillingProvider>
        </HydrationBoundary>
      </QueryClientProvider>,
      { container, hydrate: true },
    );
    expect(screen.getByRole('heading', { name: '9 plans' })).toBeInTheDocument();
    expect(screen.getByText('2 subscriptions')).toBeInTheDocument();
    expect(screen.getByText('50 entries')).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(harness.count()).toBe(3);
    expect(errors).not.toHaveBeenCalled();
  });
});
