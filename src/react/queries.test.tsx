import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type BillingHarness,
  createBillingHarness,
  renderHookWithBilling,
  renderWithBilling,
  seededCreditAccount,
} from '../../test/support/billing-harness.js';
import { buySubscriptions } from '../../test/support/hosted-checkout.js';
import {
  billingKeys,
  useAllCustomerSubscriptions,
  useCreditsAccounts,
  useCreditsBalance,
  useCreditsHistory,
  useCustomerSubscriptions,
  useCustomers,
  useDiscount,
  useProducts,
  useStoreMetrics,
  useSubscription,
  useTransactions,
} from './index.js';

const ADA_CREDITS = seededCreditAccount('cust_ada', 'AI credits');
const GRACE_CREDITS = seededCreditAccount('cust_grace');

function seeded() {
  const harness = createBillingHarness();
  const fixtures = harness.sandbox.fixtures();
  const customerOf = (s: (typeof fixtures.subscriptions)[number]) =>
    typeof s.customer === 'string' ? s.customer : s.customer.id;
  const adaSubscription = fixtures.subscriptions.find(
    (s) => customerOf(s) === 'cust_ada' && s.status === 'active',
  );
  const graceSubscription = fixtures.subscriptions.find((s) => customerOf(s) === 'cust_grace');
  if (!adaSubscription || !graceSubscription) throw new Error('seed changed: no subscriptions');
  return { harness, fixtures, adaSubscription, graceSubscription };
}

/** Entries of an account as the service lists them: newest first. */
function entriesNewestFirst(harness: BillingHarness, accountId: string) {
  return harness.sandbox
    .inspect()
    .credit_entries.filter((e) => e.account_id === accountId)
    .reverse();
}

async function grantCredits(harness: BillingHarness, accountId: string, n: number, tag = 't') {
  // Another actor (the seller's server) writes to the account while the page is open.
  for (let i = 0; i < n; i++) {
    const response = await harness.sandbox.fetch(
      `${harness.sandbox.baseUrl}/v1/customer-credits/accounts/${accountId}/credit`,
      {
        method: 'POST',
        headers: { 'x-api-key': harness.sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: '5',
          reference: `test:${i}`,
          idempotency_key: `${tag}-${i}`,
        }),
      },
    );
    expect(response.status).toBe(201);
  }
}

describe('useProducts', () => {
  it('is loading until the catalog arrives, then gives it in catalog order', async () => {
    const { harness, fixtures } = seeded();
    const release = harness.hold('products');
    const { result } = renderHookWithBilling(() => useProducts(), { harness });
    await waitFor(() => expect(harness.count('products')).toBe(1));
    expect(result.current.status).toBe('pending');
    expect(result.current.fetchStatus).toBe('fetching');
    release();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data?.map((p) => p.name)).toEqual(
      fixtures.products.filter((p) => p.status === 'active').map((p) => p.name),
    );
  });

  it('fails with a BillingError of kind server on a 5xx', async () => {
    const harness = createBillingHarness();
    harness.failNext({ route: 'products', with: 503 });
    const { result } = renderHookWithBilling(() => useProducts(), { harness });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({
      name: 'BillingError',
      kind: 'server',
      status: 503,
    });
    expect(harness.count('products')).toBe(1);
  });
});

describe('useCustomerSubscriptions (page-numbered)', () => {
  it('keeps the previous page shown while the next loads, both ways', async () => {
    const { harness } = seeded();
    const { result, rerender } = renderHookWithBilling(
      ({ page }: { page: number }) => useCustomerSubscriptions({ page, pageSize: 1 }),
      { harness, initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    const first = result.current.data;
    expect(first?.pagination).toMatchObject({ current_page: 1, total_records: 2, next_page: 2 });
    expect(first?.items).toHaveLength(1);

    const release = harness.hold('subscriptions');
    rerender({ page: 2 });
    await waitFor(() => expect(harness.count('subscriptions')).toBe(2));
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data).toBe(first);
    release();
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(result.current.data?.pagination).toMatchObject({ current_page: 2, prev_page: 1 });
    expect(result.current.data?.items[0]?.id).not.toBe(first?.items[0]?.id);

    rerender({ page: 1 });
    expect(result.current.data).toBe(first);
    expect(result.current.isPlaceholderData).toBe(false);
    expect(harness.requests.filter((r) => r.route === 'subscriptions').map((r) => r.query)).toEqual(
      [
        { page: '1', page_size: '1' },
        { page: '2', page_size: '1' },
      ],
    );
  });

  it('fails with kind auth when nobody is signed in', async () => {
    const { result } = renderHookWithBilling(() => useCustomerSubscriptions(), { customer: null });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.kind).toBe('auth');
  });
});

describe('useAllCustomerSubscriptions', () => {
  it('reads every page of 100, so a live plan behind 101 newer ones is still there', async () => {
    const { harness, adaSubscription } = seeded();
    const bought = await buySubscriptions(harness.sandbox, 'cust_ada', 'prod_day_pass', 101);
    const { result } = renderHookWithBilling(() => useAllCustomerSubscriptions(), { harness });
    await waitFor(() => expect(result.current.status).toBe('success'));
    const ids = result.current.data?.map((s) => s.id) ?? [];
    expect(ids).toHaveLength(101 + 2);
    expect(ids.slice(0, 101)).toEqual([...bought].reverse());
    expect(ids).toContain(adaSubscription.id);
    expect(harness.requests.filter((r) => r.route === 'subscriptions').map((r) => r.query)).toEqual(
      [
        { page: '1', page_size: '100' },
        { page: '2', page_size: '100' },
      ],
    );
  });

  it('fails with kind auth when nobody is signed in', async () => {
    const { result } = renderHookWithBilling(() => useAllCustomerSubscriptions(), {
      customer: null,
    });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.kind).toBe('auth');
  });
});

describe('useSubscription', () => {
  it('loads one of the customer’s subscriptions', async () => {
    const { harness, adaSubscription } = seeded();
    const release = harness.hold('subscription');
    const { result } = renderHookWithBilling(
      () => useSubscription({ subscriptionId: adaSubscription.id }),
      { harness },
    );
    await waitFor(() => expect(harness.count('subscription')).toBe(1));
    expect(result.current.isLoading).toBe(true);
    release();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data).toMatchObject({ id: adaSubscription.id, status: 'active' });
    expect(harness.requests.at(-1)?.path).toBe(`/subscriptions/${adaSubscription.id}`);
  });

  it('answers not_found for another customer’s subscription, and never retries a 4xx', async () => {
    const { harness, graceSubscription } = seeded();
    const { result } = renderHookWithBilling(
      () => useSubscription({ subscriptionId: graceSubscription.id }),
      { harness, retries: 3 },
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ kind: 'not_found', status: 404 });
    expect(harness.count('subscription')).toBe(1);
  });

  it('waits while the id is empty', async () => {
    const { result, harness } = renderHookWithBilling(() =>
      useSubscription({ subscriptionId: '' }),
    );
    expect(result.current.fetchStatus).toBe('idle');
    await act(async () => {});
    expect(harness.count()).toBe(0);
  });
});

describe('useTransactions (page-numbered)', () => {
  it('pages forward and back, keeping the previous page while loading', async () => {
    const { harness } = seeded();
    const { result, rerender } = renderHookWithBilling(
      ({ page }: { page: number }) => useTransactions({ page, pageSize: 5 }),
      { harness, initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    const pages = [result.current.data];
    expect(result.current.data?.pagination).toMatchObject({ current_page: 1, total_pages: 3 });

    for (const page of [2, 3]) {
      const release = harness.hold('transactions');
      rerender({ page });
      await waitFor(() => expect(result.current.isPlaceholderData).toBe(true));
      expect(result.current.data).toBe(pages.at(-1));
      release();
      await waitFor(() => expect(result.current.data?.pagination.current_page).toBe(page));
      pages.push(result.current.data);
    }
    expect(pages[2]?.pagination.next_page).toBeNull();
    const ids = pages.flatMap((p) => p?.items.map((t) => t.id) ?? []);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(11);

    rerender({ page: 2 });
    expect(result.current.data).toBe(pages[1]);
    expect(harness.count('transactions')).toBe(3);
  });

  it('sends its filters as the proxy’s query', async () => {
    const { result, harness } = renderHookWithBilling(() =>
      useTransactions({ productId: 'prod_ebook' }),
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(harness.requests[0]?.query).toEqual({
      page: '1',
      page_size: '10',
      product_id: 'prod_ebook',
    });
  });

  it('fails with kind network when the proxy cannot be reached', async () => {
    const harness = createBillingHarness();
    harness.failNext({ route: 'transactions', with: 'network' });
    const { result } = renderHookWithBilling(() => useTransactions(), { harness });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ kind: 'network', status: 0 });
    expect(result.current.error?.message).toMatch(/^billing-kit: transactions could not reach/);
  });
});

describe('useDiscount', () => {
  it('asks nothing while the code is empty', async () => {
    const { result, harness } = renderHookWithBilling(() => useDiscount({ code: '  ' }));
    await act(async () => {});
    expect(result.current.fetchStatus).toBe('idle');
    expect(harness.count()).toBe(0);
  });

  it('previews a code the buyer typed, loading meanwhile', async () => {
    const harness = createBillingHarness();
    const release = harness.hold('discount');
    const { result } = renderHookWithBilling(() => useDiscount({ code: ' WELCOME5 ' }), {
      harness,
    });
    await waitFor(() => expect(harness.count('discount')).toBe(1));
    expect(result.current.isLoading).toBe(true);
    release();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data?.code).toBe('WELCOME5');
    expect(harness.requests[0]?.path).toBe('/discounts/WELCOME5');
  });

  it('fails with not_found for an unknown code', async () => {
    const { result } = renderHookWithBilling(() => useDiscount({ code: 'NOPE' }), { retries: 3 });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.kind).toBe('not_found');
  });
});

describe('useCreditsAccounts and useCreditsBalance', () => {
  it('lists the customer’s accounts', async () => {
    const harness = createBillingHarness();
    const release = harness.hold('creditAccounts');
    const { result } = renderHookWithBilling(() => useCreditsAccounts(), { harness });
    await waitFor(() => expect(harness.count('creditAccounts')).toBe(1));
    expect(result.current.isLoading).toBe(true);
    release();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data?.map((a) => [a.id, a.name])).toEqual([[ADA_CREDITS, 'AI credits']]);
  });

  it('fails with kind server when the proxy answers 500', async () => {
    const harness = createBillingHarness();
    harness.failNext({ route: 'creditAccounts', with: 500 });
    const { result } = renderHookWithBilling(() => useCreditsAccounts(), { harness });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.kind).toBe('server');
  });

  it('gives the exact balance of an account', async () => {
    const harness = createBillingHarness();
    const release = harness.hold('creditBalance');
    const { result } = renderHookWithBilling(() => useCreditsBalance({ accountId: ADA_CREDITS }), {
      harness,
    });
    await waitFor(() => expect(harness.count('creditBalance')).toBe(1));
    expect(result.current.isLoading).toBe(true);
    release();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data).toMatchObject({
      balance: harness.sandbox.inspect().credit_balances[ADA_CREDITS],
      unit_label: 'credits',
    });
  });

  it('answers not_found for another customer’s account', async () => {
    const { result } = renderHookWithBilling(() => useCreditsBalance({ accountId: GRACE_CREDITS }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.kind).toBe('not_found');
  });
});

describe('useCreditsHistory (cursor, both directions)', () => {
  it('is found, and refetched, by billingKeys.credits.entries(accountId) whatever its page size', async () => {
    const { result, harness, queryClient } = renderHookWithBilling(() => [
      useCreditsHistory({ accountId: ADA_CREDITS, limit: 5 }),
      useCreditsHistory({ accountId: ADA_CREDITS, limit: 20 }),
    ]);
    await waitFor(() => expect(result.current.every((q) => q.status === 'success')).toBe(true));
    const key = billingKeys.credits.entries(ADA_CREDITS);
    expect(queryClient.getQueryCache().findAll({ queryKey: key })).toHaveLength(2);
    expect(harness.count('creditEntries')).toBe(2);
    await act(() => queryClient.invalidateQueries({ queryKey: key }));
    expect(harness.count('creditEntries')).toBe(4);
    expect(queryClient.getQueryData(billingKeys.credits.entries(ADA_CREDITS, 5))).toMatchObject({
      pages: [{ data: expect.any(Array) }],
    });
  });

  it('reads older pages to the end of 1,100 entries, then newer ones, again after an empty look', async () => {
    const harness = createBillingHarness();
    const expected = entriesNewestFirst(harness, ADA_CREDITS);
    expect(expected.length).toBeGreaterThan(1000);
    const { result } = renderHookWithBilling(
      () => useCreditsHistory({ accountId: ADA_CREDITS, limit: 100 }),
      { harness },
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    const shown = () => result.current.data?.pages.flatMap((p) => p.data.map((e) => e.id)) ?? [];
    expect(shown()).toEqual(expected.slice(0, 100).map((e) => e.id));
    expect(result.current.hasNextPage).toBe(true);

    // Older, page after page, to the very first entry.
    const pages = () => result.current.data?.pages.length ?? 0;
    for (let n = 2; n <= Math.ceil(expected.length / 100); n++) {
      expect(result.current.hasNextPage).toBe(true);
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(pages()).toBe(n));
    }
    expect(result.current.hasNextPage).toBe(false);
    expect(shown()).toEqual(expected.map((e) => e.id));
    const older = harness.requests.filter((r) => r.route === 'creditEntries').slice(1);
    expect(older[0]?.query).toEqual({ limit: '100', starting_after: expected[99]?.id });

    // Newer: entries written meanwhile, the ones right after the newest shown first.
    await grantCredits(harness, ADA_CREDITS, 150);
    const newer = entriesNewestFirst(harness, ADA_CREDITS).slice(0, 150);
    const before = pages();
    expect(result.current.hasPreviousPage).toBe(true);
    await act(() => result.current.fetchPreviousPage());
    await waitFor(() => expect(pages()).toBe(before + 1));
    expect(harness.requests.at(-1)?.query).toEqual({
      limit: '100',
      ending_before: expected[0]?.id,
    });
    expect(shown().slice(0, 100)).toEqual(newer.slice(50).map((e) => e.id));
    expect(result.current.hasPreviousPage).toBe(true);
    await act(() => result.current.fetchPreviousPage());
    await waitFor(() => expect(pages()).toBe(before + 2));
    expect(shown().slice(0, 150)).toEqual(newer.map((e) => e.id));
    // Nothing newer now: that page comes back empty, and the next look asks from the same place.
    expect(result.current.hasPreviousPage).toBe(true);
    await act(() => result.current.fetchPreviousPage());
    await waitFor(() => expect(pages()).toBe(before + 3));
    expect(result.current.data?.pages[0]?.data).toEqual([]);
    expect(result.current.hasPreviousPage).toBe(true);
    expect(shown()).toEqual(entriesNewestFirst(harness, ADA_CREDITS).map((e) => e.id));
    await grantCredits(harness, ADA_CREDITS, 2, 'later');
    await act(() => result.current.fetchPreviousPage());
    await waitFor(() => expect(pages()).toBe(before + 4));
    expect(harness.requests.at(-1)?.query).toEqual({ limit: '100', ending_before: newer[0]?.id });
    expect(shown()).toEqual(entriesNewestFirst(harness, ADA_CREDITS).map((e) => e.id));
  });

  it('a refetch after newer pages reads them again and the older ones below them', async () => {
    const harness = createBillingHarness();
    const { result } = renderHookWithBilling(
      () => useCreditsHistory({ accountId: ADA_CREDITS, limit: 5 }),
      { harness },
    );
    const sizes = () => result.current.data?.pages.map((p) => p.data.length);
    const shown = () => result.current.data?.pages.flatMap((p) => p.data.map((e) => e.id)) ?? [];
    await waitFor(() => expect(sizes()).toEqual([5]));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(sizes()).toEqual([5, 5]));
    await grantCredits(harness, ADA_CREDITS, 3, 'first');
    await act(() => result.current.fetchPreviousPage());
    await waitFor(() => expect(sizes()).toEqual([3, 5, 5]));
    // Nothing newer now: an empty page at the top.
    await act(() => result.current.fetchPreviousPage());
    await waitFor(() => expect(sizes()).toEqual([0, 3, 5, 5]));

    // Two more entries, then what an invalidation (a seller's credit, a reconnect) does.
    await grantCredits(harness, ADA_CREDITS, 2, 'second');
    await act(() => result.current.refetch());
    const newest = entriesNewestFirst(harness, ADA_CREDITS).map((e) => e.id);
    await waitFor(() => expect(sizes()).toEqual([2, 5, 5, 5]));
    expect(shown()).toEqual(newest.slice(0, 17));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(shown()).toEqual(newest.slice(0, 22)));
  });

  it('keeps pages of another size apart', async () => {
    const harness = createBillingHarness();
    const { result } = renderHookWithBilling(
      () => [
        useCreditsHistory({ accountId: ADA_CREDITS, limit: 5 }),
        useCreditsHistory({ accountId: ADA_CREDITS, limit: 50 }),
      ],
      { harness },
    );
    await waitFor(() => expect(result.current.every((h) => h.status === 'success')).toBe(true));
    expect(result.current.map((h) => h.data?.pages[0]?.data.length)).toEqual([5, 50]);
    expect(harness.count('creditEntries')).toBe(2);
  });

  it('is loading until the first page arrives', async () => {
    const harness = createBillingHarness();
    const release = harness.hold('creditEntries');
    const { result } = renderHookWithBilling(() => useCreditsHistory({ accountId: ADA_CREDITS }), {
      harness,
    });
    await waitFor(() => expect(harness.count('creditEntries')).toBe(1));
    expect(result.current.isLoading).toBe(true);
    release();
    // The default page size, the one CreditsHistory reads.
    await waitFor(() => expect(result.current.data?.pages[0]?.data).toHaveLength(50));
  });

  it('answers not_found for another customer’s account', async () => {
    const { result } = renderHookWithBilling(() => useCreditsHistory({ accountId: GRACE_CREDITS }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.kind).toBe('not_found');
  });
});

describe('seller hooks', () => {
  it('useCustomers pages through the store’s customers', async () => {
    const harness = createBillingHarness({ admin: true });
    const release = harness.hold('adminCustomers');
    const { result, rerender } = renderHookWithBilling(
      ({ page }: { page: number }) => useCustomers({ page, pageSize: 5 }),
      { harness, initialProps: { page: 1 } },
    );
    await waitFor(() => expect(harness.count('adminCustomers')).toBe(1));
    expect(result.current.isLoading).toBe(true);
    release();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data?.pagination.total_records).toBe(12);
    rerender({ page: 3 });
    await waitFor(() => expect(result.current.data?.pagination.current_page).toBe(3));
    expect(result.current.data?.items).toHaveLength(2);
  });

  it('useCustomers is not_found for a customer who is not the seller', async () => {
    const { result } = renderHookWithBilling(() => useCustomers());
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.kind).toBe('not_found');
  });

  it('useStoreMetrics gives the store’s totals', async () => {
    const harness = createBillingHarness({ admin: true });
    const release = harness.hold('adminStats');
    const { result } = renderHookWithBilling(() => useStoreMetrics({ currency: 'USD' }), {
      harness,
    });
    await waitFor(() => expect(harness.count('adminStats')).toBe(1));
    expect(result.current.isLoading).toBe(true);
    release();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data?.totals.totalCustomers).toBe(12);
    expect(harness.requests[0]?.query).toEqual({ currency: 'USD' });
  });

  it('useStoreMetrics reports the refused field', async () => {
    const { result } = renderHookWithBilling(
      () => useStoreMetrics({ currency: 'USD', interval: 'day' }),
      { admin: true },
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.kind).toBe('invalid_request');
    expect(result.current.error?.fields?.map((f) => f.field)).toContain('interval');
  });
});

function ProductNames() {
  const { data } = useProducts();
  return <p>{data ? `${data.length} plans` : 'loading plans'}</p>;
}

function Balance() {
  const { data } = useCreditsBalance({ accountId: ADA_CREDITS });
  return <p>{data ? `${data.balance} credits` : 'loading balance'}</p>;
}

describe('shared cache', () => {
  it('makes one request for two components that show the same data', async () => {
    const { harness } = renderWithBilling(
      <>
        <ProductNames />
        <Balance />
        <ProductNames />
        <Balance />
      </>,
    );
    expect(await screen.findAllByText('9 plans')).toHaveLength(2);
    expect(await screen.findAllByText(/^-?\d+ credits$/)).toHaveLength(2);
    expect(harness.count('products')).toBe(1);
    expect(harness.count('creditBalance')).toBe(1);
  });
});

describe('retries', () => {
  it('retries a 5xx and a network error, up to the provider’s retries', async () => {
    const harness = createBillingHarness();
    harness.failNext({ route: 'products', with: 503 });
    harness.failNext({ route: 'products', with: 'network' });
    const { result } = renderHookWithBilling(() => useProducts(), { harness, retries: 3 });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(harness.count('products')).toBe(3);
  });

  it('gives up after the last retry', async () => {
    const harness = createBillingHarness();
    harness.failNext({ route: 'products', with: 502, times: 10 });
    const { result } = renderHookWithBilling(() => useProducts(), { harness, retries: 2 });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(harness.count('products')).toBe(3);
    expect(result.current.failureCount).toBe(3);
  });

  it('retries the proxy’s 502 for a malformed answer of the service, like any 5xx', async () => {
    const harness = createBillingHarness({ faults: { malformedRate: 1 } });
    const { result } = renderHookWithBilling(() => useCustomerSubscriptions(), {
      harness,
      retries: 2,
    });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.status).toBe(502);
    expect(result.current.error?.kind).toBe('invalid_response');
    expect(harness.count('subscriptions')).toBe(3);
  });

  it('never retries a 4xx, even a 429', async () => {
    const harness = createBillingHarness();
    harness.failNext({ route: 'products', with: 429, times: 10 });
    const { result } = renderHookWithBilling(() => useProducts(), { harness, retries: 3 });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.kind).toBe('rate_limited');
    expect(harness.count('products')).toBe(1);
  });
});

describe('rendering through renderWithBilling', () => {
  it('shows loading first, then the data', async () => {
    const harness = createBillingHarness();
    const release = harness.hold('products');
    render(<p>outside</p>);
    renderWithBilling(<ProductNames />, { harness });
    expect(screen.getByText('loading plans')).toBeInTheDocument();
    release();
    expect(await screen.findByText('9 plans')).toBeInTheDocument();
  });
});
