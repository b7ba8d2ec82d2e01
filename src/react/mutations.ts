'use client';
// The mutation hooks. Each invalidates exactly the keys of what it changes; only the writes
// that carry an idempotency key (a checkout's `request_id`, a credit's `idempotency_key`) are
// retried.
import {
  type QueryClient,
  type QueryKey,
  skipToken,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BillingError } from '../client/error.js';
import type {
  Checkout,
  CreditsTransaction,
  Discount,
  License,
  PageList,
  Product,
  Subscription,
} from '../contract/schemas.js';
import { AttemptKeys, attemptKeysOf, checkedRedirect } from './attempt.js';
import { useBeforePaint } from './before-paint.js';
import { assignLocation, type Navigate, useBillingContext } from './context.js';
import { billingKeys } from './keys.js';
import type { ProxyRouteInput } from './proxy-client.js';

/**
 * Where a redirecting action is: asking the proxy, leaving the page, or failed. A page the
 * browser restores from its back/forward cache (the customer pressed Back) is `idle` again;
 * with a `navigate` of your own (a new tab, a router), so is a page shown again after it was
 * hidden. A `navigate` that stays on a visible page should call `reset()`.
 */
export type RedirectState = 'idle' | 'submitting' | 'redirecting' | 'failed';
/** Where a checkout is: `idle`, `submitting`, `redirecting` (to the checkout page) or `failed`. */
export type CheckoutState = RedirectState;

/** Callbacks a mutation hook calls after its own work (cache updates) is done. */
export type MutationCallbacks<TData, TVariables> = {
  /** Called with the result. Default: none. */
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Called with the error, after any optimistic change is rolled back. Default: none. */
  onError?: (error: BillingError, variables: TVariables) => void;
};

/** What `checkout(body)` takes: the proxy's checkout body. `request_id` is filled in. */
export type CheckoutInput = ProxyRouteInput<'createCheckout'>;

/** Options of `useCheckout`. */
export type UseCheckoutOptions = MutationCallbacks<Checkout, CheckoutInput> & {
  /** How the buyer is sent to `checkout_url`. Default: the provider's `navigate`. */
  navigate?: Navigate;
  /**
   * Internal (for `CheckoutForm`; not part of the documented API, and may change): asked when
   * the checkout exists, with its body, whether to send the buyer to it. The one of the last
   * committed render is asked, even for a checkout started before. `onSuccess` is still called.
   * Default: always follow.
   * @internal
   */
  follow?: (body: CheckoutInput) => boolean;
};

/** What `useCheckout` returns. */
export type UseCheckoutResult = {
  /** `idle`, `submitting`, `redirecting` (on its way to the checkout page) or `failed`. */
  state: CheckoutState;
  /**
   * Starts a checkout and, once it exists, sends the buyer to its `checkout_url`: only on an
   * allowed origin, and only if the provider's `session` is still the one it was asked in (even
   * after the component unmounted: a dialog may close on the click). A second call while one is
   * under way joins it; a call after a failure with the same body reuses its `request_id`, so
   * at most one checkout is made. Never rejects: read `state` and `error`.
   */
  checkout: (body: CheckoutInput) => Promise<void>;
  /** The checkout once created. */
  data: Checkout | undefined;
  /** Why it failed (`fields` lists refused inputs), or null. */
  error: BillingError | null;
  /**
   * Back to `idle`. A body whose checkout has not succeeded keeps its `request_id` (an answer
   * lost on its way back may have made the checkout), so sending it again makes no second one.
   */
  reset: () => void;
};

/**
 * Starts a checkout for the signed-in customer and redirects to the service's checkout page.
 *
 * @example
 * const { state, checkout, error } = useCheckout();
 * <button disabled={state !== 'idle' && state !== 'failed'}
 *   onClick={() => checkout({ product_id: 'prod_pro' })}>Buy</button>
 */
export function useCheckout(options: UseCheckoutOptions = {}): UseCheckoutResult {
  const context = useBillingContext('useCheckout');
  const { client, queryClient, checkoutOrigins } = context;
  const navigate = options.navigate ?? context.navigate;
  const { session } = context;
  // Kept with the QueryClient, not the component: a form that closes after a lost answer and
  // opens again sends the same request_id.
  const attempts = attemptKeysOf(queryClient, 'chk');
  // Read when the answer arrives: React Query hands a render's options to a mutation on its way
  // only in a later effect, after an answer may have landed.
  const follow = useRef(options.follow);
  useBeforePaint(() => {
    follow.current = options.follow;
  });
  const mutation = useMutation<Checkout, BillingError, CheckoutInput, AskedIn>(
    {
      mutationKey: [...billingKeys.all, 'checkout'],
      onMutate: () => ({ session: session.current }),
      mutationFn: async (body) => {
        const created = await client.createCheckout(body);
        checkedRedirect(created.checkout_url, checkoutOrigins, 'useCheckout', 'checkout_url');
        return created;
      },
      // Safe: every attempt carries the same request_id.
      retry: client.retry,
      onSuccess: (created, body, asked) => {
        // A link asked for in another session (a sign-out, another user) is not followed.
        if (asked?.session === session.current && (follow.current?.(body) ?? true)) {
          navigate(created.checkout_url as string);
        }
        options.onSuccess?.(created, body);
      },
      onError: (error, body) => options.onError?.(error, body),
    },
    queryClient,
  );
  const run = useSingleFlight<CheckoutInput, CheckoutInput>(
    mutation,
    attempts,
    (body, key) => ({ ...body, request_id: body.request_id ?? key }),
    navigate === assignLocation,
  );
  return {
    state: run.state,
    checkout: run.start,
    data: mutation.data,
    error: mutation.error,
    reset: run.reset,
  };
}

/** Options of `usePortal`. */
export type UsePortalOptions = {
  /** How the customer is sent to the portal. Default: the provider's `navigate`. */
  navigate?: Navigate;
  /** Called with the error. Default: none. */
  onError?: (error: BillingError) => void;
};

/** What `usePortal` returns. */
export type UsePortalResult = {
  /** `idle`, `submitting`, `redirecting` (on its way to the portal) or `failed`. */
  state: RedirectState;
  /**
   * Asks for a portal link and opens it (only if the provider's `session` is still the one it
   * started in). A second call while one is under way joins it.
   */
  open: () => Promise<void>;
  /** Why it failed, or null. */
  error: BillingError | null;
  /** Back to `idle`. */
  reset: () => void;
};

/** Opens the service's customer portal for the signed-in customer. */
export function usePortal(options: UsePortalOptions = {}): UsePortalResult {
  const context = useBillingContext('usePortal');
  const { client, queryClient, checkoutOrigins } = context;
  const navigate = options.navigate ?? context.navigate;
  const { session } = context;
  const mutation = useMutation<string, BillingError, undefined, AskedIn>(
    {
      mutationKey: [...billingKeys.all, 'portal'],
      onMutate: () => ({ session: session.current }),
      mutationFn: async () => {
        const { customer_portal_link } = await client.portal();
        return checkedRedirect(
          customer_portal_link,
          checkoutOrigins,
          'usePortal',
          'customer_portal_link',
        );
      },
      retry: false,
      onSuccess: (link, _none, asked) => {
        if (asked?.session === session.current) navigate(link);
      },
      onError: (error) => options.onError?.(error),
    },
    queryClient,
  );
  const [attempts] = useState(() => new AttemptKeys('portal'));
  const run = useSingleFlight<undefined, undefined>(
    mutation,
    attempts,
    () => undefined,
    navigate === assignLocation,
  );
  return {
    state: run.state,
    open: useCallback(() => run.start(undefined), [run.start]),
    error: mutation.error,
    reset: run.reset,
  };
}

/** The provider's `session` when a redirecting action was asked for (once, not per retry). */
type AskedIn = { session: string | null | undefined };

function redirectState(status: 'idle' | 'pending' | 'success' | 'error'): RedirectState {
  return status === 'pending'
    ? 'submitting'
    : status === 'success'
      ? 'redirecting'
      : status === 'error'
        ? 'failed'
        : 'idle';
}

/**
 * One run at a time: a call while a run is under way (or after one succeeded: the page is
 * leaving) joins it instead of sending again. Errors stay in the mutation's state. A page that
 * did leave and is shown again is `idle` again, so its buttons work: restored from the
 * back/forward cache (the buyer pressed Back), or, with a `navigate` of the app's own (which
 * may open another tab), visible again after it was hidden.
 */
function useSingleFlight<TInput, TVariables>(
  mutation: Pick<
    UseMutationResult<unknown, BillingError, TVariables>,
    'mutateAsync' | 'reset' | 'status'
  >,
  attempts: AttemptKeys,
  withKey: (input: TInput, key: string) => TVariables,
  leavesPage: boolean,
) {
  const { mutateAsync, reset: resetMutation } = mutation;
  const state = redirectState(mutation.status);
  const current = useRef<Promise<void> | null>(null);
  const latest = useRef({ mutateAsync, withKey });
  latest.current = { mutateAsync, withKey };
  const start = useCallback(
    (input: TInput): Promise<void> => {
      if (current.current) return current.current;
      const { mutateAsync, withKey } = latest.current;
      const key = attempts.keyFor(input);
      const run = mutateAsync(withKey(input, key)).then(
        // Only a success ends the attempt: after a failure the same body keeps its key.
        () => attempts.settle(input, key),
        () => {
          current.current = null;
        },
      );
      current.current = run;
      return run;
    },
    [attempts],
  );
  const reset = useCallback(() => {
    current.current = null;
    resetMutation();
  }, [resetMutation]);
  useEffect(() => {
    if (state !== 'redirecting') return;
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    // A navigate of the app's own (a new tab, a router) may not leave: the page shown again
    // after it was hidden is back. The default one does leave; a tab switch while the next page
    // loads must not re-enable the button.
    const onVisible = () => {
      if (!leavesPage && document.visibilityState === 'visible') reset();
    };
    window.addEventListener('pageshow', onShow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('pageshow', onShow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [state, reset, leavesPage]);
  return { state, start, reset };
}

/** What `useUpgradeSubscription`'s `mutate` takes. */
export type UpgradeSubscriptionInput = ProxyRouteInput<'upgradeSubscription'>;
/** What `useUpgradeSubscription` returns: React Query's mutation result. */
export type UseUpgradeSubscriptionResult = UseMutationResult<
  Subscription,
  BillingError,
  UpgradeSubscriptionInput,
  UpgradeSnapshot
>;
type UpgradeSnapshot = AskedIn & { previous: Array<[QueryKey, unknown]> };

/** What is cached under `billingKeys.subscriptions.all`: a page, the every-list or a detail. */
type CachedSubscriptions = PageList<Subscription> | Subscription[] | Subscription;

/** `data` with `change` applied to each subscription it holds, whatever its shape. */
function eachSubscription<T extends CachedSubscriptions | undefined>(
  data: T,
  change: (sub: Subscription) => Subscription,
): T {
  if (!data) return data;
  if (Array.isArray(data)) return data.map(change) as T;
  // A subscription has an `id` (and may have `items` of its own); a page has `pagination`.
  if ('id' in data) return change(data) as T;
  return { ...data, items: data.items.map(change) } as T;
}

/** The subscription `id` as `data` holds it, if it does. */
function findSubscription(
  data: CachedSubscriptions | undefined,
  id: string,
): Subscription | undefined {
  let found: Subscription | undefined;
  eachSubscription(data, (sub) => {
    if (sub.id === id) found = sub;
    return sub;
  });
  return found;
}

/**
 * Upgrades on their way, per QueryClient, and the subscriptions they change. Counted here rather
 * than with `isMutating`: a mutation is still pending in its own `onSettled`, so two that settle
 * in the same turn would each see the other and neither would refetch.
 */
const upgradesInFlight = new WeakMap<QueryClient, { count: number; ids: Set<string> }>();

/**
 * The cached subscriptions an upgrade of `ids` changes: every list, and the details of those
 * subscriptions only (another subscription's detail is not touched, nor read again).
 */
function upgradedQueries(ids: ReadonlySet<string>) {
  return {
    queryKey: billingKeys.subscriptions.all,
    predicate: ({ queryKey }: { queryKey: QueryKey }) =>
      queryKey[2] !== 'detail' || ids.has(String(queryKey[3])),
  };
}

/**
 * Moves a subscription to another product of the catalog. The change shows at once in every
 * cached list and detail (with the catalog's product when it is cached), is rolled back if the
 * proxy refuses, and the subscription lists, the details of the subscriptions changed and the
 * transactions are refetched when the last upgrade in flight settles. Upgrades of several
 * subscriptions at once each keep their own change: a rollback restores only its own
 * subscription, a refetch waits for the others, and a change of the provider's `session`
 * meanwhile is never undone by a rollback of the one before.
 *
 * @example
 * const upgrade = useUpgradeSubscription();
 * upgrade.mutate({ subscription_id: sub.id, product_id: 'prod_team' });
 */
export function useUpgradeSubscription(
  options: MutationCallbacks<Subscription, UpgradeSubscriptionInput> = {},
): UseUpgradeSubscriptionResult {
  const { client, queryClient, session } = useBillingContext('useUpgradeSubscription');
  return useMutation<Subscription, BillingError, UpgradeSubscriptionInput, UpgradeSnapshot>(
    {
      mutationKey: [...billingKeys.subscriptions.all, 'upgrade'],
      mutationFn: (input) => client.upgradeSubscription(input),
      retry: false,
      onMutate: async (input) => {
        const inFlight = upgradesInFlight.get(queryClient) ?? { count: 0, ids: new Set() };
        inFlight.count += 1;
        inFlight.ids.add(input.subscription_id);
        upgradesInFlight.set(queryClient, inFlight);
        const asked = session.current;
        const changed = upgradedQueries(new Set([input.subscription_id]));
        await queryClient.cancelQueries(changed);
        const previous = queryClient.getQueriesData(changed);
        const product =
          queryClient
            .getQueryData<Product[]>(billingKeys.products())
            ?.find((p) => p.id === input.product_id) ?? input.product_id;
        queryClient.setQueriesData<CachedSubscriptions>(changed, (data) =>
          eachSubscription(data, (sub) =>
            sub.id !== input.subscription_id
              ? sub
              : {
                  ...sub,
                  product,
                  ...(sub.items
                    ? {
                        items: sub.items.map((item) => ({
                          ...item,
                          product_id: input.product_id,
                        })),
                      }
                    : {}),
                },
          ),
        );
        return { session: asked, previous };
      },
      onError: (error, input, snapshot) => {
        // Only this subscription goes back, in each entry, as that entry had it; and only in the
        // session it was changed in (a sign-out meanwhile dropped the cache for good).
        if (snapshot && snapshot.session === session.current) {
          for (const [key, data] of snapshot.previous) {
            const before = findSubscription(
              data as CachedSubscriptions | undefined,
              input.subscription_id,
            );
            if (!before) continue;
            queryClient.setQueryData<CachedSubscriptions>(key, (now) =>
              eachSubscription(now, (sub) => (sub.id === before.id ? before : sub)),
            );
          }
        }
        options.onError?.(error, input);
      },
      onSuccess: (data, input) => options.onSuccess?.(data, input),
      // The last upgrade in flight refetches: an earlier refetch would show the old product of
      // one still on its way.
      onSettled: () => {
        const inFlight = upgradesInFlight.get(queryClient) ?? { count: 1, ids: new Set() };
        inFlight.count -= 1;
        if (inFlight.count > 0) return undefined;
        upgradesInFlight.delete(queryClient);
        return Promise.all([
          queryClient.invalidateQueries(upgradedQueries(inFlight.ids)),
          queryClient.invalidateQueries({ queryKey: billingKeys.transactions.all }),
        ]);
      },
    },
    queryClient,
  );
}

/** What `useLicense`'s `mutate` takes: the key and the instance to check it for. */
export type ValidateLicenseInput = ProxyRouteInput<'validateLicense'>;

/**
 * Validates a license key for an instance. The answer is also kept under
 * `billingKeys.licenses.validate(key, instance_id)`, unless the provider's `session` changed
 * while it was on its way. Those keys have no query function (`queryFn: skipToken` in the
 * QueryClient's defaults for `billingKeys.licenses.all`), so refetching every billing query
 * leaves the answer as it is; validate again to refresh it.
 */
export function useLicense(
  options: MutationCallbacks<License, ValidateLicenseInput> = {},
): UseMutationResult<License, BillingError, ValidateLicenseInput> {
  const { client, queryClient, session } = useBillingContext('useLicense');
  return useMutation<License, BillingError, ValidateLicenseInput>(
    {
      mutationKey: [...billingKeys.licenses.all, 'validate'],
      mutationFn: async (input) => {
        const asked = session.current;
        const license = await client.validateLicense(input);
        if (asked === session.current) {
          // Only a validation fills these keys: `refetchQueries()` skips them instead of putting
          // them in error ("Missing queryFn"). Over the app's own defaults for them, which
          // `setQueryDefaults` would otherwise replace.
          const defaults = queryClient.getQueryDefaults(billingKeys.licenses.all);
          if (defaults.queryFn !== skipToken) {
            queryClient.setQueryDefaults(billingKeys.licenses.all, {
              ...defaults,
              queryFn: skipToken,
            });
          }
          queryClient.setQueryData(
            billingKeys.licenses.validate(input.key, input.instance_id),
            license,
          );
        }
        return license;
      },
      retry: false,
      onSuccess: (license, input) => options.onSuccess?.(license, input),
      onError: (error, input) => options.onError?.(error, input),
    },
    queryClient,
  );
}

/** Reads one credit account's balance and entries again, after a write to it settled. */
function refetchAccount(queryClient: QueryClient, accountId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: billingKeys.credits.account(accountId) });
}

/** What `useCreditAccount`'s `mutate` takes; `idempotency_key` is filled in when absent. */
export type CreditAccountInput = Omit<ProxyRouteInput<'adminCredit'>, 'idempotency_key'> & {
  /**
   * Default: one generated per logical attempt (same body → same key until it succeeds), fixed
   * when `mutate` is called, so the variables the callbacks get carry it.
   */
  idempotency_key?: string;
};

/**
 * Adds credits to a customer's account (seller only). One idempotency key per logical attempt
 * (one body, until it succeeds), kept with the QueryClient: retries, double submits, a repeat
 * after a lost answer, other credits sent meanwhile and a remounted form all credit once. The key
 * is fixed when `mutate` is called, so a call's retries keep it even when another call of the
 * same body succeeds (and ends the attempt) while they wait. The account's balance and entries
 * are read again once it settles, failed too (a lost answer may have credited).
 */
export function useCreditAccount(
  options: MutationCallbacks<CreditsTransaction, CreditAccountInput> = {},
): UseMutationResult<CreditsTransaction, BillingError, CreditAccountInput> {
  const { client, queryClient } = useBillingContext('useCreditAccount');
  const attempts = attemptKeysOf(queryClient, 'cred');
  const withKey = useCallback(
    (input: CreditAccountInput) => ({
      ...input,
      idempotency_key: input.idempotency_key ?? attempts.keyFor(input),
    }),
    [attempts],
  );
  const mutation = useMutation<CreditsTransaction, BillingError, CreditAccountInput>(
    {
      mutationKey: [...billingKeys.credits.all, 'credit'],
      // The variables already carry the key (see `mutate` below); every retry sends them again.
      mutationFn: (input) => client.adminCredit(withKey(input)),
      // Safe: every attempt of one call carries the same idempotency key.
      retry: client.retry,
      onSuccess: async (transaction, input) => {
        // Ends this attempt only if it is still the body's current one: a retry landing after
        // a new attempt of the same body started must not hand that one a fresh key.
        const { idempotency_key: key, ...body } = input;
        attempts.settle(body, key);
        await refetchAccount(queryClient, input.account_id);
        options.onSuccess?.(transaction, input);
      },
      // A failure may still have credited (an answer lost on its way back, a 5xx after the
      // service acted): the account is read again, so the page shows what the service holds.
      onError: async (error, input) => {
        await refetchAccount(queryClient, input.account_id);
        options.onError?.(error, input);
      },
    },
    queryClient,
  );
  const { mutate: send, mutateAsync: sendAsync } = mutation;
  const mutate = useCallback<typeof send>(
    (input, callbacks) => send(withKey(input), callbacks),
    [send, withKey],
  );
  const mutateAsync = useCallback<typeof sendAsync>(
    (input, callbacks) => sendAsync(withKey(input), callbacks),
    [sendAsync, withKey],
  );
  return { ...mutation, mutate, mutateAsync };
}

/** What `useReverseCreditTransaction`'s `mutate` takes. */
export type ReverseCreditTransactionInput = ProxyRouteInput<'adminReverse'>;

/**
 * Reverses a credits transaction of an account (seller only). Never retried. The account's
 * balance and entries are read again once it settles, failed too (the reversal may have been
 * made, or made before).
 */
export function useReverseCreditTransaction(
  options: MutationCallbacks<CreditsTransaction, ReverseCreditTransactionInput> = {},
): UseMutationResult<CreditsTransaction, BillingError, ReverseCreditTransactionInput> {
  const { client, queryClient } = useBillingContext('useReverseCreditTransaction');
  return useMutation<CreditsTransaction, BillingError, ReverseCreditTransactionInput>(
    {
      mutationKey: [...billingKeys.credits.all, 'reverse'],
      mutationFn: (input) => client.adminReverse(input),
      retry: false,
      onSuccess: async (transaction, input) => {
        await refetchAccount(queryClient, input.account_id);
        options.onSuccess?.(transaction, input);
      },
      // A failure may still have reversed (an answer lost on its way back), and a refusal may
      // say the page is behind (already reversed): the account is read again either way.
      onError: async (error, input) => {
        await refetchAccount(queryClient, input.account_id);
        options.onError?.(error, input);
      },
    },
    queryClient,
  );
}

/** What `useDeleteDiscount`'s `mutate` takes. */
export type DeleteDiscountInput = ProxyRouteInput<'adminDeleteDiscount'>;

/**
 * Deletes a discount (seller only); the cached code previews are refetched once it settles,
 * failed too (the answer may have been lost after the deletion). Never retried.
 */
export function useDeleteDiscount(
  options: MutationCallbacks<Discount, DeleteDiscountInput> = {},
): UseMutationResult<Discount, BillingError, DeleteDiscountInput> {
  const { client, queryClient } = useBillingContext('useDeleteDiscount');
  return useMutation<Discount, BillingError, DeleteDiscountInput>(
    {
      mutationKey: [...billingKeys.discounts.all, 'delete'],
      mutationFn: (input) => client.adminDeleteDiscount(input),
      retry: false,
      onSuccess: async (discount, input) => {
        // Every preview: a buyer may have typed the code in another case than it is stored.
        await queryClient.invalidateQueries({ queryKey: billingKeys.discounts.all });
        options.onSuccess?.(discount, input);
      },
      // A failure may still have deleted it (an answer lost on its way back).
      onError: async (error, input) => {
        await queryClient.invalidateQueries({ queryKey: billingKeys.discounts.all });
        options.onError?.(error, input);
      },
    },
    queryClient,
  );
}
