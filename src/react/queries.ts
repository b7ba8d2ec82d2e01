'use client';
// The query hooks: each one line over its `*Options` factory, on the provider's proxy client
// and QueryClient.
import {
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { BillingError } from '../client/error.js';
import { useBillingContext } from './context.js';
import {
  allCustomerSubscriptionsOptions,
  type CreditsAccountParams,
  type CreditsHistoryParams,
  type CustomerSubscriptionsParams,
  type CustomersParams,
  creditsAccountsOptions,
  creditsBalanceOptions,
  creditsHistoryOptions,
  customerSubscriptionsOptions,
  customersOptions,
  type DiscountParams,
  discountOptions,
  productsOptions,
  type StoreMetricsParams,
  type SubscriptionParams,
  storeMetricsOptions,
  subscriptionOptions,
  type TransactionsParams,
  transactionsOptions,
} from './options.js';
import type { ProxyClient } from './proxy-client.js';

/** React Query options a billing query hook passes through. */
export type QueryPassThrough = {
  /**
   * Set to false to hold the query (it also waits while a required id is empty). Default: the
   * QueryClient's (`true` unless its `defaultOptions.queries` say otherwise); the hooks that
   * take an id (`useSubscription`, `useDiscount`, `useCreditsBalance`, `useCreditsHistory`)
   * run whenever it is not empty, whatever the QueryClient says.
   */
  enabled?: boolean;
  /** How long data stays fresh, in ms. Default: 30 s (the catalog: 5 min). */
  staleTime?: number;
  /** How long unused data stays cached, in ms. Default: the QueryClient's (5 min). */
  gcTime?: number;
  /**
   * Refetch every this many ms while mounted. Default: the QueryClient's (`false` unless its
   * `defaultOptions.queries` say otherwise).
   */
  refetchInterval?: number | false;
  /** Refetch when the window regains focus and the data is stale. Default: the QueryClient's. */
  refetchOnWindowFocus?: boolean;
  /** Refetch on mount when the data is stale. Default: the QueryClient's. */
  refetchOnMount?: boolean;
  /** Refetch when the network comes back and the data is stale. Default: the QueryClient's. */
  refetchOnReconnect?: boolean;
  /**
   * Throw errors to the nearest error boundary instead of returning them. Default: the
   * QueryClient's (`false` unless its `defaultOptions.queries` say otherwise).
   */
  throwOnError?: boolean;
};

const passThroughKeys = [
  'enabled',
  'staleTime',
  'gcTime',
  'refetchInterval',
  'refetchOnWindowFocus',
  'refetchOnMount',
  'refetchOnReconnect',
  'throwOnError',
] as const;

function passThrough(
  base: { enabled?: unknown },
  options: QueryPassThrough,
): Partial<QueryPassThrough> {
  const picked: Partial<Record<keyof QueryPassThrough, unknown>> = {};
  for (const key of passThroughKeys) if (options[key] !== undefined) picked[key] = options[key];
  // The factory's own `enabled` (an empty id) always holds the query back.
  if (base.enabled === false) picked.enabled = false;
  return picked as Partial<QueryPassThrough>;
}

function useBillingQuery<TData, TKey extends QueryKey>(
  caller: string,
  make: (client: ProxyClient) => UseQueryOptions<TData, BillingError, TData, TKey>,
  options: QueryPassThrough,
): UseQueryResult<TData, BillingError> {
  const { client, queryClient } = useBillingContext(caller);
  const base = make(client);
  return useQuery({ ...base, ...passThrough(base, options) }, queryClient);
}

/** Options of `useProducts`. */
export type UseProductsOptions = QueryPassThrough;
/** Options of `useCustomerSubscriptions`. */
export type UseCustomerSubscriptionsOptions = CustomerSubscriptionsParams & QueryPassThrough;
/** Options of `useSubscription`. */
export type UseSubscriptionOptions = SubscriptionParams & QueryPassThrough;
/** Options of `useTransactions`. */
export type UseTransactionsOptions = TransactionsParams & QueryPassThrough;
/** Options of `useDiscount`. */
export type UseDiscountOptions = DiscountParams & QueryPassThrough;
/** Options of `useCreditsAccounts`. */
export type UseCreditsAccountsOptions = QueryPassThrough;
/** Options of `useCreditsBalance`. */
export type UseCreditsBalanceOptions = CreditsAccountParams & QueryPassThrough;
/** Options of `useCreditsHistory`. */
export type UseCreditsHistoryOptions = CreditsHistoryParams & QueryPassThrough;
/** Options of `useCustomers`. */
export type UseCustomersOptions = CustomersParams & QueryPassThrough;
/** Options of `useStoreMetrics`. */
export type UseStoreMetricsOptions = StoreMetricsParams & QueryPassThrough;

/** The catalog, in display order (`data` is `Product[]`). See `productsOptions`. */
export const useProducts = (options: UseProductsOptions = {}) =>
  useBillingQuery('useProducts', (client) => productsOptions(client), options);

/**
 * One page of the signed-in customer's subscriptions; the previous page stays shown while the
 * next loads (`isPlaceholderData`). See `customerSubscriptionsOptions`.
 */
export const useCustomerSubscriptions = (options: UseCustomerSubscriptionsOptions = {}) =>
  useBillingQuery(
    'useCustomerSubscriptions',
    (client) => customerSubscriptionsOptions(client, options),
    options,
  );

/**
 * Every subscription of the signed-in customer, all pages read. See
 * `allCustomerSubscriptionsOptions`.
 */
export const useAllCustomerSubscriptions = (options: QueryPassThrough = {}) =>
  useBillingQuery(
    'useAllCustomerSubscriptions',
    (client) => allCustomerSubscriptionsOptions(client),
    options,
  );

/** One of the customer's subscriptions. See `subscriptionOptions`. */
export const useSubscription = (options: UseSubscriptionOptions) =>
  useBillingQuery('useSubscription', (client) => subscriptionOptions(client, options), options);

/** One page of the customer's transactions, previous page kept. See `transactionsOptions`. */
export const useTransactions = (options: UseTransactionsOptions = {}) =>
  useBillingQuery('useTransactions', (client) => transactionsOptions(client, options), options);

/** The preview of a discount code; idle while the code is empty. See `discountOptions`. */
export const useDiscount = (options: UseDiscountOptions) =>
  useBillingQuery('useDiscount', (client) => discountOptions(client, options), options);

/** The customer's credit accounts. See `creditsAccountsOptions`. */
export const useCreditsAccounts = (options: UseCreditsAccountsOptions = {}) =>
  useBillingQuery('useCreditsAccounts', (client) => creditsAccountsOptions(client), options);

/** The exact balance of a credit account. See `creditsBalanceOptions`. */
export const useCreditsBalance = (options: UseCreditsBalanceOptions) =>
  useBillingQuery('useCreditsBalance', (client) => creditsBalanceOptions(client, options), options);

/**
 * A credit account's entries, newest first, growing both ways: `fetchNextPage` for older
 * entries, `fetchPreviousPage` for newer ones. See `creditsHistoryOptions`.
 */
export function useCreditsHistory(options: UseCreditsHistoryOptions) {
  const { client, queryClient } = useBillingContext('useCreditsHistory');
  const base = creditsHistoryOptions(client, options);
  return useInfiniteQuery({ ...base, ...passThrough(base, options) }, queryClient);
}

/** One page of the store's customers (seller only). See `customersOptions`. */
export const useCustomers = (options: UseCustomersOptions = {}) =>
  useBillingQuery('useCustomers', (client) => customersOptions(client, options), options);

/** The store's revenue and subscription totals (seller only). See `storeMetricsOptions`. */
export const useStoreMetrics = (options: UseStoreMetricsOptions) =>
  useBillingQuery('useStoreMetrics', (client) => storeMetricsOptions(client, options), options);
