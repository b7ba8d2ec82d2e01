import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  BillingHarnessProvider,
  createBillingHarness,
  createTestQueryClient,
  renderHookWithBilling,
} from '../../test/support/billing-harness.js';
import { useBillingContext } from './context.js';
import {
  BillingProvider,
  billingKeys,
  useCheckout,
  useCreditsHistory,
  useCustomerSubscriptions,
  useProducts,
} from './index.js';
import { useBillingUI } from './ui-context.js';

function quiet<T>(run: () => T): T {
  // React logs a thrown render error before rethrowing it; keep the output readable.
  const original = console.error;
  console.error = () => {};
  try {
    return run();
  } finally {
    console.error = original;
  }
}

function PricingTable() {
  useBillingContext('PricingTable');
  return null;
}

function Probe() {
  const ui = useBillingUI();
  return (
    <p>
      {ui.locale} {ui.theme.appearance} {ui.theme.variables?.colorPrimary}
    </p>
  );
}

/** How many plans the catalog hook hands out, in words. */
function PlanCount() {
  const { data } = useProducts();
  return <p>{data ? `plans: ${data.length}` : 'loading'}</p>;
}

/** Records, on every render, whose subscriptions the list hook hands out. */
function SubscriptionOwners({ seen }: { seen: string[][] }) {
  const { data } = useCustomerSubscriptions();
  seen.push(
    (data?.items ?? []).map((s) => (typeof s.customer === 'string' ? s.customer : s.customer.id)),
  );
  return null;
}

describe('BillingProvider', () => {
  it('makes a hook outside it throw an error that names the hook and the fix', () => {
    const client = new QueryClient();
    const withQuery = ({ children }: { children?: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    expect(() => quiet(() => renderHook(() => useProducts(), { wrapper: withQuery }))).toThrow(
      'billing-kit: `useProducts` must be inside `<BillingProvider>`',
    );
    expect(() => quiet(() => renderHook(() => useCheckout()))).toThrow(
      /`useCheckout` must be inside `<BillingProvider>`.*<BillingProvider basePath="\/api\/billing">/,
    );
    expect(() => quiet(() => renderHook(() => useCreditsHistory({ accountId: 'ca_1' })))).toThrow(
      '`useCreditsHistory` must be inside',
    );
  });

  it('lets a component name itself in that error', () => {
    expect(() => quiet(() => render(<PricingTable />))).toThrow(
      'billing-kit: `PricingTable` must be inside `<BillingProvider>`',
    );
  });

  it('without retries, follows the app QueryClient’s retry: false (one request, the error at once) or its count', async () => {
    for (const [retry, requests] of [
      [false, 1],
      [1, 2],
    ] as const) {
      const harness = createBillingHarness();
      harness.failNext({ route: 'products', with: 503, times: 5 });
      const appClient = new QueryClient({
        defaultOptions: { queries: { retry, retryDelay: 0 } },
      });
      const { retries: _, ...props } = harness.providerProps();
      const { result } = renderHook(() => useProducts(), {
        wrapper: ({ children }) => (
          <QueryClientProvider client={appClient}>
            <BillingProvider {...props}>{children}</BillingProvider>
          </QueryClientProvider>
        ),
      });
      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(harness.count('products')).toBe(requests);
    }
  });

  it('uses the QueryClient given as a prop', async () => {
    const harness = createBillingHarness();
    const queryClient = createTestQueryClient();
    const { result } = renderHook(() => useProducts(), {
      wrapper: ({ children }) => (
        <BillingHarnessProvider harness={harness} queryClient={queryClient}>
          {children}
        </BillingHarnessProvider>
      ),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData(billingKeys.products())).toEqual(result.current.data);
  });

  it("uses the app's QueryClient from context when given none", async () => {
    const harness = createBillingHarness();
    const appClient = createTestQueryClient();
    const { result } = renderHook(() => ({ products: useProducts(), client: useQueryClient() }), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={appClient}>
          <BillingProvider {...harness.providerProps()}>{children}</BillingProvider>
        </QueryClientProvider>
      ),
    });
    await waitFor(() => expect(result.current.products.isSuccess).toBe(true));
    expect(result.current.client).toBe(appClient);
    expect(appClient.getQueryData(billingKeys.products())).toHaveLength(
      result.current.products.data?.length ?? -1,
    );
  });

  it('creates one QueryClient when there is none, keeps it across renders and provides it', async () => {
    const harness = createBillingHarness();
    const { result, rerender } = renderHook(() => useQueryClient(), {
      wrapper: ({ children }) => (
        <BillingProvider {...harness.providerProps()}>{children}</BillingProvider>
      ),
    });
    const first = result.current;
    expect(first).toBeInstanceOf(QueryClient);
    rerender();
    expect(result.current).toBe(first);
  });

  it('keeps the app’s hooks on the app’s client when a different one is given for billing', async () => {
    const harness = createBillingHarness();
    const appClient = createTestQueryClient();
    const billingClient = createTestQueryClient();
    const { result } = renderHook(() => ({ products: useProducts(), client: useQueryClient() }), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={appClient}>
          <BillingProvider {...harness.providerProps()} queryClient={billingClient}>
            {children}
          </BillingProvider>
        </QueryClientProvider>
      ),
    });
    await waitFor(() => expect(result.current.products.isSuccess).toBe(true));
    expect(result.current.client).toBe(appClient);
    expect(billingClient.getQueryData(billingKeys.products())).toBeDefined();
    expect(appClient.getQueryData(billingKeys.products())).toBeUndefined();
  });

  it('moves what is below to a QueryClient given later: that client’s updates and refetches reach the screen', async () => {
    const harness = createBillingHarness();
    const page = (queryClient?: QueryClient) => (
      <BillingProvider {...harness.providerProps()} {...(queryClient ? { queryClient } : {})}>
        <PlanCount />
      </BillingProvider>
    );
    const { rerender } = render(page());
    const shown = (await screen.findByText(/^plans: \d+$/)).textContent;

    /** Gives the provider `client`; what is below reads through it, and shows what it holds. */
    async function switchTo(client: QueryClient, which: string) {
      rerender(page(client));
      await waitFor(() =>
        expect(client.getQueryData(billingKeys.products()), `read through ${which}`).toBeDefined(),
      );
      act(() => client.setQueryData(billingKeys.products(), []));
      expect(await screen.findByText('plans: 0')).toBeInTheDocument();
    }

    // None → the app's.
    const appClient = createTestQueryClient();
    await switchTo(appClient, 'the app’s client');
    const asked = harness.count('products');
    await act(() => appClient.invalidateQueries({ queryKey: billingKeys.all }));
    expect(await screen.findByText(shown ?? '')).toBeInTheDocument();
    expect(harness.count('products')).toBe(asked + 1);

    // One → another.
    await switchTo(createTestQueryClient(), 'the next client');
  });

  it('passes theme, locale and messages to the components', () => {
    const harness = createBillingHarness();
    render(
      <BillingProvider
        {...harness.providerProps()}
        locale="de-DE"
        theme={{ appearance: 'dark', variables: { colorPrimary: '#0a7' } }}
      >
        <Probe />
      </BillingProvider>,
    );
    expect(screen.getByText('de-DE dark #0a7')).toBeInTheDocument();
  });

  it('refuses a checkoutOrigins entry that is not an http(s) URL, saying how to fix it', () => {
    const harness = createBillingHarness();
    // `localhost:4010` parses, as the scheme `localhost:` with the origin "null" that every
    // javascript: link has: taken, it would have let those through.
    for (const entry of ['sandbox.example', 'localhost:4010', 'javascript:alert(1)']) {
      expect(() =>
        quiet(() =>
          render(
            <BillingProvider {...harness.providerProps()} checkoutOrigins={[entry]}>
              <p>shop</p>
            </BillingProvider>,
          ),
        ),
      ).toThrow(
        `billing-kit: checkoutOrigins entry "${entry}" is not an http(s) URL; pass an origin with its scheme, such as "https://sandbox.example.com" or "http://localhost:4010".`,
      );
    }
  });

  it('session: after a switch nothing below renders the last customer’s data, even once', async () => {
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const queryClient = createTestQueryClient();
    const seen: string[][] = [];
    const page = (session: string | null) => (
      <BillingHarnessProvider harness={harness} queryClient={queryClient} provider={{ session }}>
        <SubscriptionOwners seen={seen} />
      </BillingHarnessProvider>
    );
    const { rerender } = render(page('ada'));
    await waitFor(() => expect(seen.at(-1)).toContain('cust_ada'));

    harness.signIn('cust_grace');
    const from = seen.length;
    rerender(page('grace'));
    await waitFor(() => expect(seen.at(-1)?.length).toBeGreaterThan(0));
    expect(seen.slice(from).flat()).not.toContain('cust_ada');
    expect(new Set(seen.at(-1))).toEqual(new Set(['cust_grace']));
    // Signed out: the cache holds no billing data of anyone.
    harness.signIn(null);
    rerender(page(null));
    expect(
      queryClient.getQueryCache().findAll({ queryKey: billingKeys.all, type: 'inactive' }),
    ).toEqual([]);
    expect(seen.at(-1)).toEqual([]);
  });

  it('renders hooks through the harness helper, signed in as the chosen customer', async () => {
    const { result, harness } = renderHookWithBilling(() => useProducts(), {
      customer: 'cust_grace',
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(harness.count('products')).toBe(1);
  });
});
