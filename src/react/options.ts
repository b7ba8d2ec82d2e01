// One `*Options` factory per query hook: key + fetcher + the retry and freshness rules, so that
// an app can prefetch on its server, `setQueryData`, or build its own hook on the same cache
// entry. The hooks are one line over these. Nothing here touches `window`.
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  type QueryKeyWithDataTag,
  queryOptions,
  type UnusedSkipTokenInfiniteOptions,
  type UnusedSkipTokenOptions,
} from '@tanstack/react-query';
import type { BillingError } from '../client/error.js';
import type { DiscountPreview } from '../contract/proxy.js';
import type {
  CreditsAccount,
  Customer,
  PageList,
  Product,
  StatsSummary,
  Subscription,
  Transaction,
} from '../contract/schemas.js';
import { billingKeys } from './keys.js';
import type { ProxyClient, ProxyRouteInput, ProxyRouteOutput } from './proxy-client.js';

/**
 * What `queryOptions` returns for a billing query, by name. Left to inference, the declaration
 * files spelt it out with `queryFn?: … | undefined`, which an app compiled with
 * `exactOptionalPropertyTypes` could not pass to `prefetchQuery` or `useQuery`.
 */
type BillingQueryOptions<TData, TKey extends QueryKey> = UnusedSkipTokenOptions<
  TData,
  BillingError,
  TData,
  TKey
> &
  QueryKeyWithDataTag<TKey, TData, BillingError>;

/** What `infiniteQueryOptions` returns for a billing list, by name (as `BillingQueryOptions`). */
type BillingInfiniteQueryOptions<
  TPage,
  TKey extends QueryKey,
  TPageParam,
> = UnusedSkipTokenInfiniteOptions<
  TPage,
  BillingError,
  InfiniteData<TPage, TPageParam>,
  TKey,
  TPageParam
> &
  QueryKeyWithDataTag<TKey, InfiniteData<TPage>, BillingError>;

/** How long a read stays fresh: no refetch on mount (or after hydration) within it. */
const FRESH_MS = 30_000;
/** The catalog changes rarely. */
const CATALOG_FRESH_MS = 5 * 60_000;

/** Parameters of a page-numbered list. */
export type PageParams = {
  /** The page, from 1. Default: 1. */
  page?: number;
  /** Items per page (1 to 100). Default: 10. */
  pageSize?: number;
};

/** Parameters of `customerSubscriptionsOptions` and `useCustomerSubscriptions`. */
export type CustomerSubscriptionsParams = PageParams;

/** Parameters of `subscriptionOptions` and `useSubscription`. */
export type SubscriptionParams = {
  /** The subscription to read; the query waits while it is empty. Required. */
  subscriptionId: string;
};

/** Parameters of `transactionsOptions` and `useTransactions`. */
export type TransactionsParams = PageParams & {
  /** Only the transactions of this order. Default: all. */
  orderId?: string;
  /** Only the transactions of this product. Default: all. */
  productId?: string;
};

/** Parameters of `discountOptions` and `useDiscount`. */
export type DiscountParams = {
  /** The code the buyer typed; surrounding spaces are ignored, and an empty code is not asked. */
  code: string;
};

/** Parameters of `creditsBalanceOptions` and `useCreditsBalance`. */
export type CreditsAccountParams = {
  /** The customer's credit account. Required. */
  accountId: string;
};

/** Parameters of `creditsHistoryOptions` and `useCreditsHistory`. */
export type CreditsHistoryParams = CreditsAccountParams & {
  /** Entries per page (1 to 100). Default: 50, as `CreditsHistory` reads. */
  limit?: number;
};

/** Parameters of `customersOptions` and `useCustomers` (seller only). */
export type CustomersParams = PageParams;

/** Parameters of `storeMetricsOptions` and `useStoreMetrics` (seller only). */
export type StoreMetricsParams = {
  /** Currency of the amounts. Required. */
  currency: ProxyRouteInput<'adminStats'>['currency'];
  /** Start of the window, Unix ms. Default: none (the service's default window). */
  startDate?: number;
  /** End of the window, Unix ms. Default: none. */
  endDate?: number;
  /** Split the window into periods; needs both dates. Default: no periods. */
  interval?: ProxyRouteInput<'adminStats'>['interval'];
};

/** Which page of credit entries to read: older than one entry, or newer than one. */
export type CreditsCursor = { starting_after?: string; ending_before?: string };

/** A page of credit entries, newest first. */
export type CreditsEntriesPage = ProxyRouteOutput<'creditEntries'>;

/** The exact balance of a credit account. */
export type CreditsBalance = ProxyRouteOutput<'creditBalance'>;

function page(params: PageParams | undefined) {
  return { page: params?.page ?? 1, pageSize: params?.pageSize ?? 10 };
}

/** The catalog, in the proxy's display order. */
export function productsOptions(
  client: ProxyClient,
): BillingQueryOptions<Product[], ReturnType<typeof billingKeys.products>> {
  return queryOptions<Product[], BillingError, Product[], ReturnType<typeof billingKeys.products>>({
    queryKey: billingKeys.products(),
    queryFn: async ({ signal }) => (await client.products(undefined, { signal })).items,
    retry: client.retry,
    staleTime: CATALOG_FRESH_MS,
  });
}

/**
 * One page of the signed-in customer's subscriptions. While another page loads, the previous
 * one stays shown (`isPlaceholderData` is true meanwhile).
 */
export function customerSubscriptionsOptions(
  client: ProxyClient,
  params: CustomerSubscriptionsParams = {},
): BillingQueryOptions<PageList<Subscription>, ReturnType<typeof billingKeys.subscriptions.list>> {
  const p = page(params);
  return queryOptions<
    PageList<Subscription>,
    BillingError,
    PageList<Subscription>,
    ReturnType<typeof billingKeys.subscriptions.list>
  >({
    queryKey: billingKeys.subscriptions.list(p),
    queryFn: ({ signal }) =>
      client.subscriptions({ page: p.page, page_size: p.pageSize }, { signal }),
    placeholderData: keepPreviousData,
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}

/**
 * Every subscription of the signed-in customer, newest first: the pages of 100 read one after
 * another until the last. What the components use to find the customer's live plan, which may
 * sit past the first page behind older, ended ones.
 */
export function allCustomerSubscriptionsOptions(
  client: ProxyClient,
): BillingQueryOptions<Subscription[], ReturnType<typeof billingKeys.subscriptions.every>> {
  return queryOptions<
    Subscription[],
    BillingError,
    Subscription[],
    ReturnType<typeof billingKeys.subscriptions.every>
  >({
    queryKey: billingKeys.subscriptions.every(),
    queryFn: async ({ signal }) => {
      const subscriptions: Subscription[] = [];
      let page = 1;
      for (;;) {
        const list = await client.subscriptions({ page, page_size: 100 }, { signal });
        subscriptions.push(...list.items);
        const next = list.pagination.next_page;
        // A service that answers the same page again would otherwise be asked forever.
        if (next === null || next <= page || list.items.length === 0) return subscriptions;
        page = next;
      }
    },
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}

/** One of the signed-in customer's subscriptions (another's answers `not_found`). */
export function subscriptionOptions(
  client: ProxyClient,
  params: SubscriptionParams,
): BillingQueryOptions<Subscription, ReturnType<typeof billingKeys.subscriptions.detail>> {
  return queryOptions<
    Subscription,
    BillingError,
    Subscription,
    ReturnType<typeof billingKeys.subscriptions.detail>
  >({
    queryKey: billingKeys.subscriptions.detail(params.subscriptionId),
    queryFn: ({ signal }) =>
      client.subscription({ subscription_id: params.subscriptionId }, { signal }),
    enabled: params.subscriptionId !== '',
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}

/** One page of the signed-in customer's transactions, the previous page kept while it loads. */
export function transactionsOptions(
  client: ProxyClient,
  params: TransactionsParams = {},
): BillingQueryOptions<PageList<Transaction>, ReturnType<typeof billingKeys.transactions.list>> {
  const p = page(params);
  const key = {
    ...p,
    ...(params.orderId ? { orderId: params.orderId } : {}),
    ...(params.productId ? { productId: params.productId } : {}),
  };
  return queryOptions<
    PageList<Transaction>,
    BillingError,
    PageList<Transaction>,
    ReturnType<typeof billingKeys.transactions.list>
  >({
    queryKey: billingKeys.transactions.list(key),
    queryFn: ({ signal }) =>
      client.transactions(
        {
          page: p.page,
          page_size: p.pageSize,
          ...(params.orderId ? { order_id: params.orderId } : {}),
          ...(params.productId ? { product_id: params.productId } : {}),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}

/**
 * The preview of a discount code. An empty code is not asked (the query stays `pending` with
 * `fetchStatus: 'idle'`); an unknown one fails with kind `not_found`.
 */
export function discountOptions(
  client: ProxyClient,
  params: DiscountParams,
): BillingQueryOptions<DiscountPreview, ReturnType<typeof billingKeys.discounts.detail>> {
  const code = params.code.trim();
  return queryOptions<
    DiscountPreview,
    BillingError,
    DiscountPreview,
    ReturnType<typeof billingKeys.discounts.detail>
  >({
    queryKey: billingKeys.discounts.detail(code),
    queryFn: ({ signal }) => client.discount({ code }, { signal }),
    enabled: code !== '',
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}

/** The signed-in customer's credit accounts (every page of them). */
export function creditsAccountsOptions(
  client: ProxyClient,
): BillingQueryOptions<CreditsAccount[], ReturnType<typeof billingKeys.credits.accounts>> {
  return queryOptions<
    CreditsAccount[],
    BillingError,
    CreditsAccount[],
    ReturnType<typeof billingKeys.credits.accounts>
  >({
    queryKey: billingKeys.credits.accounts(),
    queryFn: async ({ signal }) => {
      const accounts: CreditsAccount[] = [];
      let after: string | undefined;
      for (;;) {
        const list = await client.creditAccounts(
          { limit: 100, ...(after ? { starting_after: after } : {}) },
          { signal },
        );
        accounts.push(...list.data);
        after = list.data.at(-1)?.id;
        if (!list.has_more || after === undefined) return accounts;
      }
    },
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}

/** The exact balance of one of the customer's credit accounts (a decimal string). */
export function creditsBalanceOptions(
  client: ProxyClient,
  params: CreditsAccountParams,
): BillingQueryOptions<CreditsBalance, ReturnType<typeof billingKeys.credits.balance>> {
  return queryOptions<
    CreditsBalance,
    BillingError,
    CreditsBalance,
    ReturnType<typeof billingKeys.credits.balance>
  >({
    queryKey: billingKeys.credits.balance(params.accountId),
    queryFn: ({ signal }) => client.creditBalance({ account_id: params.accountId }, { signal }),
    enabled: params.accountId !== '',
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}

/**
 * Entries per page of `creditsHistoryOptions` unless `limit` says otherwise, and of
 * `CreditsHistory` unless `pageSize` does, so a prefetch with the defaults is what it reads.
 */
export const CREDITS_PAGE_SIZE = 50;

/**
 * The entries of a credit account as an infinite list, newest first, that grows both ways:
 * `fetchNextPage` reads older entries (`starting_after` the last one shown, while the service
 * says `has_more`); `fetchPreviousPage` reads entries newer than the first one shown
 * (`ending_before`). Newer entries can appear at any time, so `hasPreviousPage` stays true
 * while any entry is shown, even after a newer page came back empty (each such look adds an
 * empty page); an account with no entries yet is read again with `refetch`. A refetch reads the
 * pages again from the first one down, so older entries follow a page of newer ones too.
 */
export function creditsHistoryOptions(
  client: ProxyClient,
  params: CreditsHistoryParams,
): BillingInfiniteQueryOptions<
  CreditsEntriesPage,
  ReturnType<typeof billingKeys.credits.entries>,
  CreditsCursor
> {
  const limit = params.limit ?? CREDITS_PAGE_SIZE;
  return infiniteQueryOptions<
    CreditsEntriesPage,
    BillingError,
    InfiniteData<CreditsEntriesPage, CreditsCursor>,
    ReturnType<typeof billingKeys.credits.entries>,
    CreditsCursor
  >({
    queryKey: billingKeys.credits.entries(params.accountId, limit),
    queryFn: ({ pageParam, signal }) =>
      client.creditEntries({ account_id: params.accountId, limit, ...pageParam }, { signal }),
    initialPageParam: {},
    getNextPageParam: (last, _pages, lastParam) => {
      const oldest = last.data.at(-1);
      // A page of newer entries (read with `ending_before` its anchor) has older ones after it,
      // whatever its `has_more` says (that is about still newer ones): below its oldest entry,
      // or, when it found none, from the newest entry down (the anchor is then the newest).
      if (lastParam.ending_before !== undefined) return oldest ? { starting_after: oldest.id } : {};
      return last.has_more && oldest ? { starting_after: oldest.id } : undefined;
    },
    // Newer entries can come at any time: an empty page of them keeps the anchor it was read
    // with (the newest entry shown), so the next look reads from the same place.
    getPreviousPageParam: (_first, pages) => {
      const newest = pages.find((page) => page.data.length > 0)?.data[0];
      return newest ? { ending_before: newest.id } : undefined;
    },
    enabled: params.accountId !== '',
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}

/** One page of the store's customers (seller only: needs the proxy's `isAdmin`). */
export function customersOptions(
  client: ProxyClient,
  params: CustomersParams = {},
): BillingQueryOptions<PageList<Customer>, ReturnType<typeof billingKeys.admin.customers>> {
  const p = page(params);
  return queryOptions<
    PageList<Customer>,
    BillingError,
    PageList<Customer>,
    ReturnType<typeof billingKeys.admin.customers>
  >({
    queryKey: billingKeys.admin.customers(p),
    queryFn: ({ signal }) =>
      client.adminCustomers({ page: p.page, page_size: p.pageSize }, { signal }),
    placeholderData: keepPreviousData,
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}

/** The store's revenue and subscription totals (seller only: needs the proxy's `isAdmin`). */
export function storeMetricsOptions(
  client: ProxyClient,
  params: StoreMetricsParams,
): BillingQueryOptions<StatsSummary, ReturnType<typeof billingKeys.admin.metrics>> {
  const query = {
    currency: params.currency,
    ...(params.startDate !== undefined ? { startDate: params.startDate } : {}),
    ...(params.endDate !== undefined ? { endDate: params.endDate } : {}),
    ...(params.interval !== undefined ? { interval: params.interval } : {}),
  };
  return queryOptions<
    StatsSummary,
    BillingError,
    StatsSummary,
    ReturnType<typeof billingKeys.admin.metrics>
  >({
    queryKey: billingKeys.admin.metrics(query),
    queryFn: ({ signal }) => client.adminStats(query, { signal }),
    retry: client.retry,
    staleTime: FRESH_MS,
  });
}
