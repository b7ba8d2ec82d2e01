import { focusManager, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  type BillingHarness,
  BillingHarnessProvider,
  createBillingHarness,
  createTestQueryClient,
  renderHookWithBilling,
  seededCreditAccount,
  sellerClient,
} from '../../test/support/billing-harness.js';
import { addAmounts, subtractAmounts } from '../contract/amount.js';
import { checkedRedirect } from './attempt.js';
import {
  billingKeys,
  isAllowedRedirect,
  type UseCheckoutResult,
  useAllCustomerSubscriptions,
  useCheckout,
  useCreditAccount,
  useCreditsBalance,
  useCreditsHistory,
  useCustomerSubscriptions,
  useDeleteDiscount,
  useDiscount,
  useLicense,
  usePortal,
  useProducts,
  useReverseCreditTransaction,
  useSubscription,
  useTransactions,
  useUpgradeSubscription,
} from './index.js';

const ADA_CREDITS = seededCreditAccount('cust_ada', 'AI credits');
const PRO = 'prod_pro_monthly';

function bodiesOf(harness: BillingHarness, route: Parameters<BillingHarness['count']>[0]) {
  return harness.requests
    .filter((r) => r.route === route)
    .map((r) => r.body as Record<string, unknown>);
}

function adaActiveSubscription(harness: BillingHarness) {
  const sub = harness.sandbox
    .fixtures()
    .subscriptions.find(
      (s) =>
        (typeof s.customer === 'string' ? s.customer : s.customer.id) === 'cust_ada' &&
        s.status === 'active',
    );
  if (!sub) throw new Error('seed changed: Ada has no active subscription');
  return sub;
}

const productId = (p: string | { id: string } | undefined) => (typeof p === 'string' ? p : p?.id);

/** A harness where Ada's other subscription is made active too, so both can be upgraded at once. */
function adaWithTwoActive() {
  const harness = createBillingHarness();
  const first = adaActiveSubscription(harness);
  harness.sandbox.customize(({ subscriptions }) => {
    for (const s of subscriptions) if (s.customer === 'cust_ada') s.status = 'active';
  });
  const second = harness.sandbox
    .fixtures()
    .subscriptions.find(
      (s) =>
        (typeof s.customer === 'string' ? s.customer : s.customer.id) === 'cust_ada' &&
        s.id !== first.id,
    );
  if (!second) throw new Error('seed changed: Ada has one subscription');
  return { harness, first, second };
}

describe('useCheckout', () => {
  it('goes idle → submitting → redirecting and sends the buyer to the sandbox checkout page', async () => {
    const harness = createBillingHarness();
    const before = harness.sandbox.inspect().checkouts.length;
    const release = harness.hold('createCheckout');
    const { result } = renderHookWithBilling(() => useCheckout(), { harness });
    expect(result.current.state).toBe('idle');
    act(() => {
      void result.current.checkout({ product_id: PRO });
    });
    await waitFor(() => expect(result.current.state).toBe('submitting'));
    release();
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    const checkouts = harness.sandbox.inspect().checkouts;
    expect(checkouts).toHaveLength(before + 1);
    expect(bodiesOf(harness, 'createCheckout')[0]?.request_id).toMatch(/^chk_/);
    expect(checkouts.at(-1)?.id).toBe(result.current.data?.id);
    expect(harness.navigations).toEqual([result.current.data?.checkout_url]);
    expect(harness.navigations[0]?.startsWith(`${harness.sandbox.baseUrl}/checkout/`)).toBe(true);
  });

  it('follow (internal, for CheckoutForm): asked with the body when the checkout exists, as the last render gave it; false keeps the buyer on the page, onSuccess is still called', async () => {
    const harness = createBillingHarness();
    const release = harness.hold('createCheckout');
    const asked: unknown[] = [];
    const onSuccess = vi.fn();
    const { result, rerender } = renderHookWithBilling(
      ({ go }: { go: boolean }) =>
        useCheckout({
          follow: (body) => {
            asked.push(body);
            return go;
          },
          onSuccess,
        }),
      { harness, initialProps: { go: true } },
    );
    act(() => {
      void result.current.checkout({ product_id: PRO });
    });
    await waitFor(() => expect(result.current.state).toBe('submitting'));
    rerender({ go: false });
    release();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(asked).toEqual([expect.objectContaining({ product_id: PRO })]);
    expect(onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ id: result.current.data?.id }),
      expect.objectContaining({ product_id: PRO }),
    );
    expect(harness.navigations).toEqual([]);
  });

  it('makes one checkout from a double submit', async () => {
    const harness = createBillingHarness();
    const before = harness.sandbox.inspect().checkouts.length;
    const { result } = renderHookWithBilling(() => useCheckout(), { harness });
    await act(async () => {
      const first = result.current.checkout({ product_id: PRO });
      const second = result.current.checkout({ product_id: PRO });
      await Promise.all([first, second]);
    });
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    // A click while the page is already leaving does nothing either.
    await act(() => result.current.checkout({ product_id: PRO }));
    expect(harness.count('createCheckout')).toBe(1);
    expect(harness.sandbox.inspect().checkouts).toHaveLength(before + 1);
    expect(harness.navigations).toHaveLength(1);
  });

  it('reuses the request_id when the buyer tries again after a lost answer: one checkout', async () => {
    const harness = createBillingHarness();
    const before = harness.sandbox.inspect().checkouts.length;
    harness.failNext({ route: 'createCheckout', with: 'lost' });
    const { result } = renderHookWithBilling(() => useCheckout(), { harness });
    await act(() => result.current.checkout({ product_id: PRO, units: 2 }));
    await waitFor(() => expect(result.current.state).toBe('failed'));
    await waitFor(() => expect(result.current.error?.kind).toBe('network'));
    expect(harness.sandbox.inspect().checkouts).toHaveLength(before + 1);

    await act(() => result.current.checkout({ units: 2, product_id: PRO }));
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    const [first, second] = bodiesOf(harness, 'createCheckout');
    expect(second?.request_id).toBe(first?.request_id);
    expect(harness.sandbox.inspect().checkouts).toHaveLength(before + 1);
  });

  it('keeps the request_id of a lost answer across a remount and a reset: one checkout', async () => {
    const harness = createBillingHarness();
    const queryClient = createTestQueryClient();
    const before = harness.sandbox.inspect().checkouts.length;
    harness.failNext({ route: 'createCheckout', with: 'lost' });
    const handle: CheckoutHandle = {};
    const page = (open: boolean) => (
      <BillingHarnessProvider harness={harness} queryClient={queryClient}>
        {open ? <CheckoutShown handle={handle} /> : null}
      </BillingHarnessProvider>
    );
    const { rerender } = render(page(true));
    await act(() => handle.current?.checkout({ product_id: PRO }));
    expect(await screen.findByText('failed')).toBeInTheDocument();
    // The buyer closes the dialog and opens it again, then tries once more.
    rerender(page(false));
    rerender(page(true));
    harness.failNext({ route: 'createCheckout', with: 'lost' });
    await act(() => handle.current?.checkout({ product_id: PRO }));
    expect(await screen.findByText('failed')).toBeInTheDocument();
    // A reset (CheckoutForm's when its product changes) keeps it too.
    act(() => handle.current?.reset());
    expect(await screen.findByText('idle')).toBeInTheDocument();
    await act(() => handle.current?.checkout({ product_id: PRO }));
    expect(await screen.findByText('redirecting')).toBeInTheDocument();
    const ids = bodiesOf(harness, 'createCheckout').map((b) => b.request_id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(harness.sandbox.inspect().checkouts).toHaveLength(before + 1);
    // Once it succeeded, the same body is a new checkout.
    act(() => handle.current?.reset());
    await act(() => handle.current?.checkout({ product_id: PRO }));
    expect(bodiesOf(harness, 'createCheckout')[3]?.request_id).not.toBe(ids[0]);
  });

  it('starts a new attempt (new request_id) for a different body', async () => {
    const harness = createBillingHarness();
    harness.failNext({ route: 'createCheckout', with: 'network' });
    const { result } = renderHookWithBilling(() => useCheckout(), { harness });
    await act(() => result.current.checkout({ product_id: PRO }));
    await act(() => result.current.checkout({ product_id: 'prod_pro_yearly' }));
    const [first, second] = bodiesOf(harness, 'createCheckout');
    expect(second?.request_id).not.toBe(first?.request_id);
  });

  it('retries a 5xx on its own, with the same request_id', async () => {
    const harness = createBillingHarness();
    const before = harness.sandbox.inspect().checkouts.length;
    harness.failNext({ route: 'createCheckout', with: 'lost' });
    harness.failNext({ route: 'createCheckout', with: 503 });
    const { result } = renderHookWithBilling(() => useCheckout(), { harness, retries: 3 });
    await act(() => result.current.checkout({ product_id: PRO }));
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    const ids = bodiesOf(harness, 'createCheckout').map((b) => b.request_id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(harness.sandbox.inspect().checkouts).toHaveLength(before + 1);
  });

  it('refuses to redirect to an origin that is not allowed, and says how to allow it', async () => {
    const harness = createBillingHarness();
    const { result } = renderHookWithBilling(() => useCheckout(), {
      harness,
      provider: { fetch: linksMovedTo(harness, 'https://pay.evil.example/checkout') },
    });
    await act(() => result.current.checkout({ product_id: PRO }));
    await waitFor(() => expect(result.current.state).toBe('failed'));
    const id = harness.sandbox.inspect().checkouts.at(-1)?.id;
    expect(result.current.error?.message).toBe(
      `billing-kit: useCheckout refused to send the buyer to https://pay.evil.example/checkout/${id}: ` +
        'https://pay.evil.example is not an allowed origin. If you trust it, add ' +
        '"https://pay.evil.example" to <BillingProvider checkoutOrigins>.',
    );
    expect(harness.navigations).toEqual([]);
  });

  it('follows the default sandbox’s checkout links with no checkoutOrigins', async () => {
    const harness = createBillingHarness();
    const { result } = renderHookWithBilling(() => useCheckout(), {
      harness,
      provider: { checkoutOrigins: [] },
    });
    await act(() => result.current.checkout({ product_id: PRO }));
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    expect(harness.navigations).toEqual([
      expect.stringMatching(/^https:\/\/sandbox\.billing-kit\.test\/checkout\//),
    ]);
  });

  it('follows a checkout link on the page’s own origin (a sandbox in the dev server) by default', async () => {
    const harness = createBillingHarness();
    const { result } = renderHookWithBilling(() => useCheckout(), {
      harness,
      provider: {
        checkoutOrigins: [],
        fetch: linksMovedTo(harness, `${location.origin}/__sandbox/checkout`),
      },
    });
    await act(() => result.current.checkout({ product_id: PRO }));
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    expect(harness.navigations).toEqual([
      expect.stringMatching(new RegExp(`^${location.origin}/__sandbox/checkout/`)),
    ]);
  });

  it('fails with the refused field for a product outside the catalog', async () => {
    const harness = createBillingHarness();
    const { result } = renderHookWithBilling(() => useCheckout(), { harness });
    await act(() => result.current.checkout({ product_id: 'prod_legacy_monthly' }));
    await waitFor(() => expect(result.current.state).toBe('failed'));
    expect(result.current.error?.fields?.[0]?.field).toBe('product_id');
    expect(harness.navigations).toEqual([]);
    act(() => result.current.reset());
    await waitFor(() => expect(result.current.state).toBe('idle'));
  });

  it('uses a navigate given to the hook over the provider’s', async () => {
    const harness = createBillingHarness();
    const opened: string[] = [];
    const { result } = renderHookWithBilling(
      () => useCheckout({ navigate: (url) => opened.push(url) }),
      { harness },
    );
    await act(() => result.current.checkout({ product_id: PRO }));
    expect(opened).toHaveLength(1);
    expect(harness.navigations).toEqual([]);
  });

  it('is idle again when the buyer comes Back and the page is restored from the back/forward cache', async () => {
    const harness = createBillingHarness();
    const { result } = renderHookWithBilling(() => useCheckout(), { harness });
    await act(() => result.current.checkout({ product_id: PRO }));
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    act(() => showPage(true));
    await waitFor(() => expect(result.current.state).toBe('idle'));
    await act(() => result.current.checkout({ product_id: PRO }));
    expect(harness.navigations).toHaveLength(2);
    const ids = bodiesOf(harness, 'createCheckout').map((body) => body.request_id);
    expect(new Set(ids).size).toBe(2);
  });

  it('with a navigate of the app’s own (a new tab), is idle again when the page is shown again', async () => {
    const harness = createBillingHarness();
    const opened: string[] = [];
    const { result } = renderHookWithBilling(
      () => useCheckout({ navigate: (url) => opened.push(url) }),
      { harness },
    );
    await act(() => result.current.checkout({ product_id: PRO }));
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    act(() => setVisibility('hidden'));
    expect(result.current.state).toBe('redirecting');
    act(() => setVisibility('visible'));
    await waitFor(() => expect(result.current.state).toBe('idle'));
    await act(() => result.current.checkout({ product_id: PRO }));
    expect(opened).toHaveLength(2);
  });

  it('still sends the buyer on when the component is gone before the checkout arrives (a dialog closed on the click)', async () => {
    const harness = createBillingHarness();
    const release = harness.hold('createCheckout');
    const { result, unmount } = renderHookWithBilling(() => useCheckout(), { harness });
    act(() => {
      void result.current.checkout({ product_id: PRO });
    });
    await waitFor(() => expect(result.current.state).toBe('submitting'));
    unmount();
    release();
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(harness.navigations[0]).toBe(harness.sandbox.inspect().checkouts.at(-1)?.checkout_url);
  });

  it('does not send anyone to the checkout when the session changed before it arrived', async () => {
    const harness = createBillingHarness();
    const created: string[] = [];
    const buy: BuyHandle = { onCreated: (id) => created.push(id) };
    await switchSessionWhileAsking(harness, 'createCheckout', <Buy handle={buy} />, () =>
      buy.checkout?.({ product_id: PRO }),
    );
    await waitFor(() => expect(created).toHaveLength(1));
    expect(harness.navigations).toEqual([]);
  });

  it('does not follow a checkout that a retry made after the session changed', async () => {
    const harness = createBillingHarness();
    harness.failNext({ route: 'createCheckout', with: 503 });
    const created: string[] = [];
    const buy: BuyHandle = { onCreated: (id) => created.push(id) };
    await switchSessionWhileAsking(
      harness,
      'createCheckout',
      <Buy handle={buy} />,
      () => buy.checkout?.({ product_id: PRO }),
      { retries: 1 },
    );
    await waitFor(() => expect(created).toHaveLength(1));
    expect(harness.count('createCheckout')).toBe(2);
    expect(harness.navigations).toEqual([]);
  });
});

/** What a test holds of `<SubscriptionsAndUpgrade>`: its upgrade, and the ids each render showed. */
type UpgradeHandle = { upgrade?: ReturnType<typeof useUpgradeSubscription>; seen: string[][] };

/** The customer's subscriptions and an upgrade; records the ids each render shows. */
function SubscriptionsAndUpgrade({ handle }: { handle: UpgradeHandle }) {
  const list = useCustomerSubscriptions();
  handle.upgrade = useUpgradeSubscription();
  handle.seen.push((list.data?.items ?? []).map((s) => s.id));
  return null;
}

/** What a test holds of `<ValidateLicense>`: its `mutate`. */
type LicenseHandle = { validate?: ReturnType<typeof useLicense>['mutate'] };

/** A license check's hook; hands its `mutate` to the test. */
function ValidateLicense({ handle }: { handle: LicenseHandle }) {
  handle.validate = useLicense().mutate;
  return null;
}

/** What a test holds of `<CreditForm>`: its credit hook. */
type CreditHandle = { credit?: ReturnType<typeof useCreditAccount> };

/** A seller's credit form's hook with its state in words; hands the hook to the test. */
function CreditForm({ handle }: { handle: CreditHandle }) {
  const credit = useCreditAccount();
  handle.credit = credit;
  return <p>{credit.isPaused ? 'waiting to retry' : credit.status}</p>;
}

/** What a test holds of `<CheckoutShown>`: the hook's whole result. */
type CheckoutHandle = { current?: UseCheckoutResult };

/** Shows `useCheckout`'s state. */
function CheckoutShown({ handle }: { handle: CheckoutHandle }) {
  handle.current = useCheckout();
  return <p>{handle.current.state}</p>;
}

/** What a test holds of `<Buy>`: its checkout, and who hears of a created one. */
type BuyHandle = {
  checkout?: UseCheckoutResult['checkout'];
  onCreated: (id: string) => void;
};

/**
 * Renders `ui` signed in as one session, starts its request (held on `route`) with `ask`,
 * switches the provider's `session` once it is submitting, then lets the request through.
 * Resolves with the QueryClient, once the answer is on its way.
 */
async function switchSessionWhileAsking(
  harness: BillingHarness,
  route: 'createCheckout' | 'portal',
  ui: ReactNode,
  ask: () => Promise<void> | undefined,
  options: { retries?: number } = {},
): Promise<QueryClient> {
  const release = harness.hold(route);
  const queryClient = createTestQueryClient();
  const page = (session: string) => (
    <BillingHarnessProvider
      harness={harness}
      queryClient={queryClient}
      retries={options.retries}
      provider={{ session }}
    >
      {ui}
    </BillingHarnessProvider>
  );
  const { rerender } = render(page('user_a'));
  act(() => {
    void ask();
  });
  expect(await screen.findByText('submitting')).toBeInTheDocument();
  rerender(page('user_b'));
  release();
  return queryClient;
}

/** What a test holds of `<OpenPortal>`: its `open`. */
type PortalHandle = { open?: () => Promise<void> };

/** A portal button's hook with its state in words; hands its `open` to the test. */
function OpenPortal({ handle }: { handle: PortalHandle }) {
  const portal = usePortal();
  handle.open = portal.open;
  return <p>{portal.state}</p>;
}

/** A buy button's hook with its state in words; hands its `checkout` to the test. */
function Buy({ handle }: { handle: BuyHandle }) {
  const result = useCheckout({ onSuccess: (made) => handle.onCreated(made.id) });
  handle.checkout = result.checkout;
  return <p>{result.state}</p>;
}

/**
 * The harness's fetch, with the links it answers moved to `at`: a created checkout's
 * `checkout_url` to `{at}/{id}`, a portal link to `{at}/portal`.
 */
function linksMovedTo(harness: BillingHarness, at: string) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await harness.fetch(input, init);
    const path = new URL(String(input), location.origin).pathname;
    if (!path.endsWith('/checkouts') && !path.endsWith('/portal')) return response;
    const body = (await response.json()) as Record<string, string>;
    if ('checkout_url' in body) body.checkout_url = `${at}/${body.id}`;
    if ('customer_portal_link' in body) body.customer_portal_link = `${at}/portal`;
    return Response.json(body, { status: response.status });
  };
}

/** The page is hidden (another tab in front) or visible again. */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The browser shows the page: `persisted` when it comes back from the back/forward cache. */
function showPage(persisted: boolean) {
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));
}

describe('isAllowedRedirect', () => {
  it('on an opaque page (origin "null") the own-origin rule adds nothing: javascript: stays refused', () => {
    vi.stubGlobal('location', { origin: 'null' });
    try {
      expect(() =>
        checkedRedirect('javascript:alert(1)', [], 'useCheckout', 'checkout_url'),
      ).toThrow(/^billing-kit: useCheckout refused to send the buyer to javascript:alert\(1\)/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('allows the service’s https hosts and the configured origins only', () => {
    const extra = ['http://localhost:5173'];
    expect(isAllowedRedirect('https://checkout.creem.io/ch_1', extra)).toBe(true);
    expect(isAllowedRedirect('https://creem.io/test/checkout/prod_1/ch_1', extra)).toBe(true);
    expect(isAllowedRedirect('https://www.creem.io/portal', extra)).toBe(true);
    expect(isAllowedRedirect('http://localhost:5173/__sandbox/checkout/ch_1', extra)).toBe(true);
    expect(isAllowedRedirect('https://sandbox.billing-kit.test/checkout/ch_1', [])).toBe(true);
    expect(isAllowedRedirect('http://sandbox.billing-kit.test/checkout/ch_1', [])).toBe(false);
    expect(isAllowedRedirect('https://sandbox.billing-kit.test.evil.example/ch_1', [])).toBe(false);
    expect(isAllowedRedirect('http://checkout.creem.io/ch_1', extra)).toBe(false);
    expect(isAllowedRedirect('https://evilcreem.io/ch_1', extra)).toBe(false);
    expect(isAllowedRedirect('https://creem.io.evil.example/ch_1', extra)).toBe(false);
    expect(isAllowedRedirect('https://checkout.creem.io:8443/ch_1', extra)).toBe(false);
    expect(isAllowedRedirect('http://localhost:5174/checkout', extra)).toBe(false);
    expect(isAllowedRedirect('javascript:alert(1)', extra)).toBe(false);
    expect(isAllowedRedirect('/checkout/ch_1', extra)).toBe(false);
  });

  it('refuses an opaque URL even when the list holds its origin, "null"', () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'data:text/html,hi',
      'localhost:4010/x',
    ]) {
      expect(isAllowedRedirect(url, ['null']), url).toBe(false);
    }
  });
});

describe('useUpgradeSubscription', () => {
  function mountAll(harness: BillingHarness, subscriptionId: string) {
    return renderHookWithBilling(
      () => ({
        products: useProducts(),
        list: useCustomerSubscriptions(),
        every: useAllCustomerSubscriptions(),
        detail: useSubscription({ subscriptionId }),
        transactions: useTransactions(),
        upgrade: useUpgradeSubscription(),
      }),
      { harness },
    );
  }

  it('shows the new product at once, keeps it when the proxy agrees, and refetches what changed', async () => {
    const harness = createBillingHarness();
    const sub = adaActiveSubscription(harness);
    const { result } = mountAll(harness, sub.id);
    await waitFor(() => {
      for (const q of ['products', 'list', 'every', 'detail', 'transactions'] as const) {
        expect(result.current[q].isSuccess).toBe(true);
      }
    });
    const listed = () => result.current.list.data?.items.find((s) => s.id === sub.id);
    const inEvery = () => result.current.every.data?.find((s) => s.id === sub.id);
    expect(productId(listed()?.product)).toBe(PRO);
    const counts = {
      products: harness.count('products'),
      subscriptions: harness.count('subscriptions'),
      subscription: harness.count('subscription'),
      transactions: harness.count('transactions'),
    };

    const release = harness.hold('upgradeSubscription');
    act(() =>
      result.current.upgrade.mutate({ subscription_id: sub.id, product_id: 'prod_pro_yearly' }),
    );
    await waitFor(() => expect(productId(listed()?.product)).toBe('prod_pro_yearly'));
    expect(listed()?.product).toMatchObject({ name: 'Pro (yearly)' });
    expect(inEvery()?.product).toMatchObject({ name: 'Pro (yearly)' });
    expect(productId(result.current.detail.data?.product)).toBe('prod_pro_yearly');
    expect(result.current.upgrade.isPending).toBe(true);

    release();
    await waitFor(() => expect(result.current.upgrade.isSuccess).toBe(true));
    await waitFor(() => expect(harness.count('transactions')).toBe(counts.transactions + 1));
    // Both lists (one page, and every page) read again.
    expect(harness.count('subscriptions')).toBe(counts.subscriptions + 2);
    expect(harness.count('subscription')).toBe(counts.subscription + 1);
    expect(harness.count('products')).toBe(counts.products);
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(productId(listed()?.product)).toBe('prod_pro_yearly');
    const stored = harness.sandbox.inspect().subscriptions.find((s) => s.id === sub.id);
    expect(productId(stored?.product)).toBe('prod_pro_yearly');
  });

  it('rolls the change back when the proxy refuses it (a product outside the catalog)', async () => {
    const harness = createBillingHarness();
    const sub = adaActiveSubscription(harness);
    const { result } = mountAll(harness, sub.id);
    await waitFor(() =>
      expect(result.current.list.isSuccess && result.current.detail.isSuccess).toBe(true),
    );
    const originalList = result.current.list.data;
    const originalDetail = result.current.detail.data;

    const release = harness.hold('upgradeSubscription');
    act(() =>
      result.current.upgrade.mutate({ subscription_id: sub.id, product_id: 'prod_legacy_monthly' }),
    );
    await waitFor(() =>
      expect(productId(result.current.list.data?.items.find((s) => s.id === sub.id)?.product)).toBe(
        'prod_legacy_monthly',
      ),
    );
    release();
    await waitFor(() => expect(result.current.upgrade.isError).toBe(true));
    expect(result.current.upgrade.error?.fields?.[0]?.field).toBe('product_id');
    expect(result.current.list.data?.items).toEqual(originalList?.items);
    expect(result.current.detail.data).toEqual(originalDetail);
    const stored = harness.sandbox.inspect().subscriptions.find((s) => s.id === sub.id);
    expect(productId(stored?.product)).toBe(PRO);
  });

  it('reads again only the subscription it changed, not another one shown beside it', async () => {
    const { harness, first, second } = adaWithTwoActive();
    const { result } = renderHookWithBilling(
      () => ({
        list: useCustomerSubscriptions(),
        changed: useSubscription({ subscriptionId: first.id }),
        other: useSubscription({ subscriptionId: second.id }),
        upgrade: useUpgradeSubscription(),
      }),
      { harness },
    );
    await waitFor(() =>
      expect(
        result.current.list.isSuccess &&
          result.current.changed.isSuccess &&
          result.current.other.isSuccess,
      ).toBe(true),
    );
    const detailsOf = (id: string) =>
      harness.requests.filter((r) => r.route === 'subscription' && r.path.endsWith(`/${id}`))
        .length;
    const before = { changed: detailsOf(first.id), other: detailsOf(second.id) };
    const lists = harness.count('subscriptions');

    await act(() =>
      result.current.upgrade.mutateAsync({
        subscription_id: first.id,
        product_id: 'prod_pro_yearly',
      }),
    );
    await waitFor(() => expect(harness.count('subscriptions')).toBe(lists + 1));
    await waitFor(() => expect(detailsOf(first.id)).toBe(before.changed + 1));
    expect(productId(result.current.changed.data?.product)).toBe('prod_pro_yearly');
    expect(detailsOf(second.id)).toBe(before.other);
    expect(result.current.other.isFetching).toBe(false);
  });

  it('keeps each of two upgrades in flight: one settling neither refetches nor rolls back the other', async () => {
    const { harness, first, second } = adaWithTwoActive();
    const { result } = renderHookWithBilling(
      () => ({
        products: useProducts(),
        list: useCustomerSubscriptions(),
        a: useUpgradeSubscription(),
        b: useUpgradeSubscription(),
      }),
      { harness },
    );
    await waitFor(() =>
      expect(result.current.list.isSuccess && result.current.products.isSuccess).toBe(true),
    );
    const shown = (id: string) =>
      productId(result.current.list.data?.items.find((s) => s.id === id)?.product);
    const secondTarget = shown(second.id) === PRO ? 'prod_team_quarterly' : PRO;

    // The first is held; the second goes through and succeeds while the first waits.
    const releaseFirst = harness.hold('upgradeSubscription');
    act(() =>
      result.current.a.mutate({ subscription_id: first.id, product_id: 'prod_pro_yearly' }),
    );
    await waitFor(() =>
      expect(harness.requests.filter((r) => r.route === 'upgradeSubscription')).toHaveLength(1),
    );
    harness.hold('upgradeSubscription')();
    act(() => result.current.b.mutate({ subscription_id: second.id, product_id: secondTarget }));
    await waitFor(() => expect(result.current.b.isSuccess).toBe(true));
    expect(result.current.a.isPending).toBe(true);
    const listsRead = harness.count('subscriptions');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // No refetch while the first is on its way: it would bring back the first's old product.
    expect(harness.count('subscriptions')).toBe(listsRead);
    expect(shown(first.id)).toBe('prod_pro_yearly');
    expect(shown(second.id)).toBe(secondTarget);

    // A refused upgrade of the second now rolls back only its own change.
    const releaseRefused = harness.hold('upgradeSubscription');
    act(() =>
      result.current.b.mutate({ subscription_id: second.id, product_id: 'prod_legacy_monthly' }),
    );
    await waitFor(() => expect(shown(second.id)).toBe('prod_legacy_monthly'));
    releaseRefused();
    await waitFor(() => expect(result.current.b.isError).toBe(true));
    expect(shown(second.id)).toBe(secondTarget);
    expect(shown(first.id)).toBe('prod_pro_yearly');

    releaseFirst();
    await waitFor(() => expect(result.current.a.isSuccess).toBe(true));
    await waitFor(() => expect(harness.count('subscriptions')).toBe(listsRead + 1));
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(shown(first.id)).toBe('prod_pro_yearly');
    expect(shown(second.id)).toBe(secondTarget);
  });

  it('two upgrades that settle together refetch once both are done', async () => {
    const { harness, first, second } = adaWithTwoActive();
    const { result } = renderHookWithBilling(
      () => ({
        list: useCustomerSubscriptions(),
        transactions: useTransactions(),
        a: useUpgradeSubscription(),
        b: useUpgradeSubscription(),
      }),
      { harness },
    );
    await waitFor(() =>
      expect(result.current.list.isSuccess && result.current.transactions.isSuccess).toBe(true),
    );
    const reads = { lists: harness.count('subscriptions'), txs: harness.count('transactions') };
    // Both held, then let through at once: their answers arrive in the same turn.
    const release = harness.hold('upgradeSubscription');
    act(() => {
      result.current.a.mutate({ subscription_id: first.id, product_id: 'prod_team_quarterly' });
      result.current.b.mutate({ subscription_id: second.id, product_id: 'prod_pro_yearly' });
    });
    await waitFor(() =>
      expect(result.current.a.isPending && result.current.b.isPending).toBe(true),
    );
    release();
    await waitFor(() =>
      expect(result.current.a.isSuccess && result.current.b.isSuccess).toBe(true),
    );
    await waitFor(() => expect(harness.count('subscriptions')).toBe(reads.lists + 1));
    await waitFor(() => expect(harness.count('transactions')).toBe(reads.txs + 1));
    // What the page shows is what the service holds: products and their new periods.
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    const stored = harness.sandbox.inspect().subscriptions;
    for (const id of [first.id, second.id]) {
      const shown = result.current.list.data?.items.find((s) => s.id === id);
      const held = stored.find((s) => s.id === id);
      expect(productId(shown?.product)).toBe(productId(held?.product));
      expect(shown?.current_period_end_date).toBe(held?.current_period_end_date);
    }
  });

  it('a refused upgrade after a sign-out does not bring the last customer’s subscriptions back', async () => {
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const sub = adaActiveSubscription(harness);
    const queryClient = createTestQueryClient();
    const handle: UpgradeHandle = { seen: [] };
    const seen = handle.seen;
    const page = (session: string | null) => (
      <BillingHarnessProvider harness={harness} queryClient={queryClient} provider={{ session }}>
        <SubscriptionsAndUpgrade handle={handle} />
      </BillingHarnessProvider>
    );
    const { rerender } = render(page('ada'));
    await waitFor(() => expect(seen.at(-1)).toContain(sub.id));
    const release = harness.hold('upgradeSubscription');
    act(() => handle.upgrade?.mutate({ subscription_id: sub.id, product_id: 'prod_pro_yearly' }));
    await waitFor(() =>
      expect(harness.requests.some((r) => r.route === 'upgradeSubscription')).toBe(true),
    );
    harness.signIn(null);
    rerender(page(null));
    const from = seen.length;
    release();
    // The page below the provider was remounted by the switch: the mutation is in the cache.
    const upgrade = () => queryClient.getMutationCache().getAll()[0]?.state;
    await waitFor(() => expect(upgrade()?.status).toBe('error'));
    expect(upgrade()?.error).toMatchObject({ kind: 'auth' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(seen.slice(from).flat()).toEqual([]);
    const cached = queryClient
      .getQueriesData({ queryKey: billingKeys.subscriptions.all })
      .filter(([, data]) => data !== undefined);
    expect(cached).toEqual([]);
  });

  it('is never retried, even on a 5xx', async () => {
    const harness = createBillingHarness();
    const sub = adaActiveSubscription(harness);
    harness.failNext({ route: 'upgradeSubscription', with: 503 });
    const { result } = renderHookWithBilling(() => useUpgradeSubscription(), {
      harness,
      retries: 3,
    });
    await act(async () => {
      await result.current
        .mutateAsync({ subscription_id: sub.id, product_id: 'prod_pro_yearly' })
        .catch(() => undefined);
    });
    await waitFor(() => expect(result.current.error?.kind).toBe('server'));
    expect(harness.count('upgradeSubscription')).toBe(1);
  });
});

describe('usePortal', () => {
  it('opens the customer portal link', async () => {
    const harness = createBillingHarness();
    const release = harness.hold('portal');
    const { result } = renderHookWithBilling(() => usePortal(), { harness });
    act(() => {
      void result.current.open();
      void result.current.open();
    });
    await waitFor(() => expect(result.current.state).toBe('submitting'));
    release();
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    expect(harness.count('portal')).toBe(1);
    expect(harness.navigations).toHaveLength(1);
    expect(harness.navigations[0]?.startsWith(`${harness.sandbox.baseUrl}/portal/`)).toBe(true);
  });

  it('is idle again when the page comes back from the back/forward cache', async () => {
    const { result, harness } = renderHookWithBilling(() => usePortal());
    await act(() => result.current.open());
    await waitFor(() => expect(result.current.state).toBe('redirecting'));
    act(() => showPage(true));
    await waitFor(() => expect(result.current.state).toBe('idle'));
    await act(() => result.current.open());
    expect(harness.count('portal')).toBe(2);
  });

  it('does not open a portal link that arrives after the session changed', async () => {
    const harness = createBillingHarness();
    const handle: PortalHandle = {};
    const queryClient = await switchSessionWhileAsking(
      harness,
      'portal',
      <OpenPortal handle={handle} />,
      () => handle.open?.(),
    );
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(harness.count('portal')).toBe(1);
    expect(harness.navigations).toEqual([]);
  });

  it('fails with kind auth when nobody is signed in', async () => {
    const { result, harness } = renderHookWithBilling(() => usePortal(), { customer: null });
    await act(() => result.current.open());
    await waitFor(() => expect(result.current.state).toBe('failed'));
    await waitFor(() => expect(result.current.error?.kind).toBe('auth'));
    expect(harness.navigations).toEqual([]);
  });

  it('refuses a link on an origin that is not allowed', async () => {
    const harness = createBillingHarness();
    const { result } = renderHookWithBilling(() => usePortal(), {
      harness,
      provider: {
        checkoutOrigins: ['https://other.example'],
        fetch: linksMovedTo(harness, 'https://pay.evil.example'),
      },
    });
    await act(() => result.current.open());
    await waitFor(() => expect(result.current.state).toBe('failed'));
    expect(result.current.error?.message).toContain(
      'https://pay.evil.example is not an allowed origin',
    );
    expect(result.current.error?.message).toContain('<BillingProvider checkoutOrigins>');
    expect(harness.navigations).toEqual([]);
  });
});

describe('useLicense', () => {
  it('validates a key for an instance and keeps the answer under its key', async () => {
    const harness = createBillingHarness();
    const license = harness.sandbox.fixtures().licenses[0];
    const instance = license?.instances.find((i) => i.status === 'active');
    if (!license || !instance) throw new Error('seed changed: no active license');
    const release = harness.hold('validateLicense');
    const { result, queryClient } = renderHookWithBilling(() => useLicense(), { harness });
    act(() => result.current.mutate({ key: license.key, instance_id: instance.id }));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toMatchObject({ key: license.key, status: 'active' });
    expect(
      queryClient.getQueryData(billingKeys.licenses.validate(license.key, instance.id)),
    ).toEqual(result.current.data);
  });

  it('keeps its answer when every billing query is refetched, without asking again', async () => {
    const harness = createBillingHarness();
    const license = harness.sandbox.fixtures().licenses[0];
    const instance = license?.instances.find((i) => i.status === 'active');
    if (!license || !instance) throw new Error('seed changed: no active license');
    const { result, queryClient } = renderHookWithBilling(
      () => ({ validate: useLicense(), products: useProducts() }),
      { harness },
    );
    await act(() =>
      result.current.validate.mutateAsync({ key: license.key, instance_id: instance.id }),
    );
    // The products' first load has arrived, so neither refetch below cancels it.
    await waitFor(() => expect(result.current.products.isSuccess).toBe(true));
    expect(harness.count('products')).toBe(1);
    const key = billingKeys.licenses.validate(license.key, instance.id);
    const kept = queryClient.getQueryData(key);
    expect(kept).toMatchObject({ key: license.key, status: 'active' });
    await act(() => queryClient.refetchQueries({ queryKey: billingKeys.all }));
    await act(() => queryClient.refetchQueries());
    expect(queryClient.getQueryState(key)).toMatchObject({ status: 'success', error: null });
    expect(queryClient.getQueryData(key)).toEqual(kept);
    expect(harness.count('validateLicense')).toBe(1);
    // The other billing queries were refetched.
    expect(harness.count('products')).toBe(3);
  });

  it("keeps the app's own defaults for license queries", async () => {
    const harness = createBillingHarness();
    const license = harness.sandbox.fixtures().licenses[0];
    const instance = license?.instances.find((i) => i.status === 'active');
    if (!license || !instance) throw new Error('seed changed: no active license');
    const queryClient = createTestQueryClient();
    queryClient.setQueryDefaults(billingKeys.licenses.all, { staleTime: 12_345, meta: { app: 1 } });
    const { result } = renderHookWithBilling(() => useLicense(), { harness, queryClient });
    for (let i = 0; i < 2; i++) {
      await act(() => result.current.mutateAsync({ key: license.key, instance_id: instance.id }));
    }
    const key = billingKeys.licenses.validate(license.key, instance.id);
    expect(queryClient.getQueryDefaults(key)).toMatchObject({
      staleTime: 12_345,
      meta: { app: 1 },
    });
    expect(harness.count('validateLicense')).toBe(2);
  });

  it('does not keep an answer that arrives after the session changed', async () => {
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const license = harness.sandbox.fixtures().licenses[0];
    const instance = license?.instances.find((i) => i.status === 'active');
    if (!license || !instance) throw new Error('seed changed: no active license');
    const release = harness.hold('validateLicense');
    const queryClient = createTestQueryClient();
    const handle: LicenseHandle = {};
    const page = (session: string) => (
      <BillingHarnessProvider harness={harness} queryClient={queryClient} provider={{ session }}>
        <ValidateLicense handle={handle} />
      </BillingHarnessProvider>
    );
    const { rerender } = render(page('ada'));
    act(() => handle.validate?.({ key: license.key, instance_id: instance.id }));
    await waitFor(() =>
      expect(harness.requests.some((r) => r.route === 'validateLicense')).toBe(true),
    );
    rerender(page('grace'));
    release();
    const validation = () => queryClient.getMutationCache().getAll()[0]?.state;
    await waitFor(() => expect(validation()?.status).toBe('success'));
    expect(
      queryClient.getQueryData(billingKeys.licenses.validate(license.key, instance.id)),
    ).toBeUndefined();
  });

  it('fails with not_found for an unknown key', async () => {
    const { result } = renderHookWithBilling(() => useLicense());
    await act(async () => {
      await result.current
        .mutateAsync({ key: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', instance_id: 'ins_x' })
        .catch(() => undefined);
    });
    await waitFor(() => expect(result.current.error?.kind).toBe('not_found'));
  });
});

describe('useCreditAccount (seller)', () => {
  it('credits an account and refetches its balance and history, nothing else', async () => {
    const harness = createBillingHarness({ admin: true });
    const { result } = renderHookWithBilling(
      () => ({
        balance: useCreditsBalance({ accountId: ADA_CREDITS }),
        history: useCreditsHistory({ accountId: ADA_CREDITS }),
        products: useProducts(),
        credit: useCreditAccount(),
      }),
      { harness },
    );
    await waitFor(() =>
      expect(result.current.balance.isSuccess && result.current.history.isSuccess).toBe(true),
    );
    const before = result.current.balance.data?.balance ?? '';
    const release = harness.hold('adminCredit');
    act(() =>
      result.current.credit.mutate({
        account_id: ADA_CREDITS,
        amount: '25',
        reference: 'goodwill',
      }),
    );
    await waitFor(() => expect(result.current.credit.isPending).toBe(true));
    release();
    await waitFor(() => expect(result.current.credit.isSuccess).toBe(true));
    await waitFor(() =>
      expect(result.current.balance.data?.balance).toBe(addAmounts(before, '25')),
    );
    await waitFor(() =>
      expect(result.current.history.data?.pages[0]?.data[0]?.transaction_id).toBe(
        result.current.credit.data?.id,
      ),
    );
    expect(harness.count('creditBalance')).toBe(2);
    expect(harness.count('products')).toBe(1);
    expect(bodiesOf(harness, 'adminCredit')[0]?.idempotency_key).toMatch(/^cred_/);
  });

  it('refetches the balance when the answer of a credit is lost: it was made', async () => {
    const harness = createBillingHarness({ admin: true });
    const { result } = renderHookWithBilling(
      () => ({
        balance: useCreditsBalance({ accountId: ADA_CREDITS }),
        credit: useCreditAccount(),
      }),
      { harness },
    );
    await waitFor(() => expect(result.current.balance.isSuccess).toBe(true));
    const before = result.current.balance.data?.balance ?? '';
    harness.failNext({ route: 'adminCredit', with: 'lost' });
    await act(() =>
      result.current.credit
        .mutateAsync({ account_id: ADA_CREDITS, amount: '25', reference: 'lost' })
        .catch(() => undefined),
    );
    await waitFor(() => expect(result.current.credit.error?.kind).toBe('network'));
    await waitFor(() =>
      expect(result.current.balance.data?.balance).toBe(addAmounts(before, '25')),
    );
  });

  it('credits once when the answer is lost and the seller submits again', async () => {
    const harness = createBillingHarness({ admin: true });
    harness.failNext({ route: 'adminCredit', with: 'lost' });
    const { result } = renderHookWithBilling(() => useCreditAccount(), { harness });
    const body = { account_id: ADA_CREDITS, amount: '10', reference: 'support ticket 7' };
    await act(() => result.current.mutateAsync(body).catch(() => undefined));
    await waitFor(() => expect(result.current.error?.kind).toBe('network'));
    await act(() => result.current.mutateAsync(body));
    const keys = bodiesOf(harness, 'adminCredit').map((b) => b.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const written = harness.sandbox
      .inspect()
      .credit_transactions.filter((t) => t.idempotency_key === keys[0]);
    expect(written).toHaveLength(1);
  });

  it('retries a 5xx on its own with the same key; a new attempt after success gets a new key', async () => {
    const harness = createBillingHarness({ admin: true });
    harness.failNext({ route: 'adminCredit', with: 503 });
    const { result } = renderHookWithBilling(() => useCreditAccount(), { harness, retries: 2 });
    const body = { account_id: ADA_CREDITS, amount: '1', reference: 'daily bonus' };
    await act(() => result.current.mutateAsync(body));
    await act(() => result.current.mutateAsync(body));
    const keys = bodiesOf(harness, 'adminCredit').map((b) => b.idempotency_key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('credits once when another credit goes out while the first waits for its retry', async () => {
    const harness = createBillingHarness({ admin: true });
    const { result } = renderHookWithBilling(() => useCreditAccount(), { harness, retries: 2 });
    const first = { account_id: ADA_CREDITS, amount: '100', reference: 'ticket A' };
    const second = { account_id: ADA_CREDITS, amount: '5', reference: 'ticket B' };
    // A is credited but its answer is lost; B goes out while A waits to be retried.
    const release = harness.hold('adminCredit');
    harness.failNext({ route: 'adminCredit', with: 'lost' });
    let sent: Promise<unknown>[] = [];
    act(() => {
      sent = [result.current.mutateAsync(first), result.current.mutateAsync(second)];
    });
    await waitFor(() => expect(harness.count('adminCredit')).toBe(2));
    release();
    await act(() => Promise.allSettled(sent));
    await waitFor(() => expect(harness.count('adminCredit')).toBe(3));
    const written = (reference: string) =>
      harness.sandbox.inspect().credit_transactions.filter((t) => t.reference === reference);
    expect(written('ticket A')).toHaveLength(1);
    expect(written('ticket B')).toHaveLength(1);
    const keys = bodiesOf(harness, 'adminCredit').map((b) => `${b.reference}:${b.idempotency_key}`);
    expect(new Set(keys).size).toBe(2);
  });

  for (const failure of [503, 'lost'] as const) {
    it(`credits once when the seller submits again while the first call waits to be retried (${failure})`, async () => {
      const harness = createBillingHarness({ admin: true });
      const { result } = renderHookWithBilling(() => useCreditAccount(), { harness, retries: 2 });
      const body = { account_id: ADA_CREDITS, amount: '7', reference: 'order 42' };
      harness.failNext({ route: 'adminCredit', with: failure });
      // The seller looks away: the first call's retry waits until the page has the focus again.
      focusManager.setFocused(false);
      try {
        let first: Promise<unknown> = Promise.resolve();
        act(() => {
          first = result.current.mutateAsync(body);
        });
        await waitFor(() => expect(result.current.isPaused).toBe(true));
        // Meanwhile the second click, same body, goes through and ends the attempt.
        await act(() => result.current.mutateAsync(body));
        act(() => focusManager.setFocused(true));
        await act(() => first);
      } finally {
        focusManager.setFocused(undefined);
      }
      const keys = bodiesOf(harness, 'adminCredit').map((b) => b.idempotency_key);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
      expect(
        harness.sandbox.inspect().credit_transactions.filter((t) => t.reference === 'order 42'),
      ).toHaveLength(1);
    });
  }

  it('credits once when the seller repeats a lost credit after an earlier call of the same body landed late', async () => {
    const harness = createBillingHarness({ admin: true });
    const queryClient = createTestQueryClient();
    const handle: CreditHandle = {};
    const page = (retries: number) => (
      <BillingHarnessProvider harness={harness} queryClient={queryClient} retries={retries}>
        <CreditForm handle={handle} />
      </BillingHarnessProvider>
    );
    const { rerender } = render(page(2));
    const body = { account_id: ADA_CREDITS, amount: '3', reference: 'weekly bonus' };
    focusManager.setFocused(false);
    try {
      // A: a 503; its retry waits until the page has the focus again.
      harness.failNext({ route: 'adminCredit', with: 503 });
      let first: Promise<unknown> = Promise.resolve();
      act(() => {
        first = handle.credit?.mutateAsync(body) ?? first;
      });
      expect(await screen.findByText('waiting to retry')).toBeInTheDocument();
      // B, the same body: credited, which ends that attempt.
      await act(() => handle.credit?.mutateAsync(body));
      // C, a new credit of the same body, not retried: credited, but its answer is lost.
      rerender(page(0));
      harness.failNext({ route: 'adminCredit', with: 'lost' });
      await act(() => handle.credit?.mutateAsync(body).catch(() => undefined));
      expect(await screen.findByText('error')).toBeInTheDocument();
      // A's retry lands now.
      act(() => focusManager.setFocused(true));
      await act(() => first);
    } finally {
      focusManager.setFocused(undefined);
    }
    // The seller repeats C.
    await act(() => handle.credit?.mutateAsync(body));
    const keys = bodiesOf(harness, 'adminCredit').map((b) => b.idempotency_key);
    expect(keys).toHaveLength(5);
    expect(keys[3]).toBe(keys[0]);
    expect(keys[4]).toBe(keys[2]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(
      harness.sandbox.inspect().credit_transactions.filter((t) => t.reference === 'weekly bonus'),
    ).toHaveLength(2);
  });

  it('credits once when the form is opened again after a lost answer', async () => {
    const harness = createBillingHarness({ admin: true });
    harness.failNext({ route: 'adminCredit', with: 'lost' });
    const body = { account_id: ADA_CREDITS, amount: '10', reference: 'ticket C' };
    const form = renderHookWithBilling(() => useCreditAccount(), { harness });
    await act(() => form.result.current.mutateAsync(body).catch(() => undefined));
    form.unmount();
    const again = renderHookWithBilling(() => useCreditAccount(), {
      harness,
      queryClient: form.queryClient,
    });
    await act(() => again.result.current.mutateAsync(body));
    const keys = bodiesOf(harness, 'adminCredit').map((b) => b.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(
      harness.sandbox.inspect().credit_transactions.filter((t) => t.reference === 'ticket C'),
    ).toHaveLength(1);
  });

  it('is not_found for a customer who is not the seller', async () => {
    const { result } = renderHookWithBilling(() => useCreditAccount());
    await act(() =>
      result.current
        .mutateAsync({ account_id: ADA_CREDITS, amount: '1', reference: 'x' })
        .catch(() => undefined),
    );
    await waitFor(() => expect(result.current.error?.kind).toBe('not_found'));
  });
});

describe('useReverseCreditTransaction (seller)', () => {
  it('reverses a transaction once, refetching the balance; a second reversal fails', async () => {
    const harness = createBillingHarness({ admin: true });
    const { result } = renderHookWithBilling(
      () => ({
        balance: useCreditsBalance({ accountId: ADA_CREDITS }),
        credit: useCreditAccount(),
        reverse: useReverseCreditTransaction(),
      }),
      { harness, retries: 3 },
    );
    await waitFor(() => expect(result.current.balance.isSuccess).toBe(true));
    const before = result.current.balance.data?.balance ?? '';
    const granted = await act(() =>
      result.current.credit.mutateAsync({ account_id: ADA_CREDITS, amount: '40', reference: 'r' }),
    );
    await waitFor(() =>
      expect(result.current.balance.data?.balance).toBe(addAmounts(before, '40')),
    );

    const release = harness.hold('adminReverse');
    act(() =>
      result.current.reverse.mutate({ account_id: ADA_CREDITS, transaction_id: granted.id }),
    );
    await waitFor(() => expect(result.current.reverse.isPending).toBe(true));
    release();
    await waitFor(() => expect(result.current.reverse.isSuccess).toBe(true));
    expect(result.current.reverse.data?.reversal_of).toBe(granted.id);
    await waitFor(() => expect(result.current.balance.data?.balance).toBe(before));

    await act(() =>
      result.current.reverse
        .mutateAsync({ account_id: ADA_CREDITS, transaction_id: granted.id })
        .catch(() => undefined),
    );
    await waitFor(() => expect(result.current.reverse.isError).toBe(true));
    expect(['conflict', 'invalid_request']).toContain(result.current.reverse.error?.kind);
    expect(harness.count('adminReverse')).toBe(2);
  });

  it('refetches the balance and history when the answer of a reversal is lost: it was made', async () => {
    const harness = createBillingHarness({ admin: true });
    const granted = await sellerClient(harness).credits.credit({
      account_id: ADA_CREDITS,
      amount: '40',
      reference: 'to reverse',
      idempotency_key: 'lost-reversal',
    });
    const { result } = renderHookWithBilling(
      () => ({
        balance: useCreditsBalance({ accountId: ADA_CREDITS }),
        history: useCreditsHistory({ accountId: ADA_CREDITS }),
        reverse: useReverseCreditTransaction(),
      }),
      { harness },
    );
    await waitFor(() =>
      expect(result.current.balance.isSuccess && result.current.history.isSuccess).toBe(true),
    );
    const before = result.current.balance.data?.balance ?? '';
    expect(result.current.history.data?.pages[0]?.data[0]?.transaction_id).toBe(granted.id);

    // The proxy reverses, then the answer is lost on its way back.
    harness.failNext({ route: 'adminReverse', with: 'lost' });
    await act(() =>
      result.current.reverse
        .mutateAsync({ account_id: ADA_CREDITS, transaction_id: granted.id })
        .catch(() => undefined),
    );
    await waitFor(() => expect(result.current.reverse.error?.kind).toBe('network'));
    await waitFor(() =>
      expect(result.current.balance.data?.balance).toBe(subtractAmounts(before, '40')),
    );
    await waitFor(() =>
      expect(result.current.history.data?.pages[0]?.data[0]?.transaction_id).not.toBe(granted.id),
    );
  });
});

describe('useDeleteDiscount (seller)', () => {
  it('deletes a discount and refetches its code’s preview however it was typed, which is then gone', async () => {
    const harness = createBillingHarness({ admin: true });
    const welcome = harness.sandbox.fixtures().discounts.find((d) => d.code === 'WELCOME5');
    if (!welcome) throw new Error('seed changed: no WELCOME5');
    const { result } = renderHookWithBilling(
      // Typed as a buyer might: the service finds a code whatever its case.
      () => ({ preview: useDiscount({ code: 'welcome5' }), remove: useDeleteDiscount() }),
      { harness },
    );
    await waitFor(() => expect(result.current.preview.isSuccess).toBe(true));
    const release = harness.hold('adminDeleteDiscount');
    act(() => result.current.remove.mutate({ discount_id: welcome.id }));
    await waitFor(() => expect(result.current.remove.isPending).toBe(true));
    release();
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.preview.error?.kind).toBe('not_found'));
    expect(harness.count('discount')).toBe(2);
  });

  it('refetches the previews when the answer of a deletion is lost: the code is gone', async () => {
    const harness = createBillingHarness({ admin: true });
    const welcome = harness.sandbox.fixtures().discounts.find((d) => d.code === 'WELCOME5');
    if (!welcome) throw new Error('seed changed: no WELCOME5');
    const { result } = renderHookWithBilling(
      () => ({ preview: useDiscount({ code: 'WELCOME5' }), remove: useDeleteDiscount() }),
      { harness },
    );
    await waitFor(() => expect(result.current.preview.isSuccess).toBe(true));
    harness.failNext({ route: 'adminDeleteDiscount', with: 'lost' });
    await act(() =>
      result.current.remove.mutateAsync({ discount_id: welcome.id }).catch(() => undefined),
    );
    await waitFor(() => expect(result.current.remove.error?.kind).toBe('network'));
    await waitFor(() => expect(result.current.preview.error?.kind).toBe('not_found'));
  });

  it('fails with not_found for an unknown discount', async () => {
    const { result } = renderHookWithBilling(() => useDeleteDiscount(), { admin: true });
    await act(() => result.current.mutateAsync({ discount_id: 'dis_nope' }).catch(() => undefined));
    await waitFor(() => expect(result.current.error?.kind).toBe('not_found'));
  });
});
