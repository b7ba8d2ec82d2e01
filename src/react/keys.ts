// The one tree of query keys. Every key starts with `billingKeys.all`, and each branch is a
// prefix of the keys below it, so `invalidateQueries({ queryKey: billingKeys.subscriptions.all })`
// reaches every subscription list and detail, and nothing else.

/** Page of a page-numbered list, as the keys hold it. */
export type PageKeyParams = { page: number; pageSize: number };

/** Filters of the customer's transaction list, as the keys hold them. */
export type TransactionsKeyParams = PageKeyParams & { orderId?: string; productId?: string };

/** Window of the store metrics, as the keys hold it. */
export type MetricsKeyParams = {
  currency: string;
  startDate?: number;
  endDate?: number;
  interval?: string;
};

const all = ['billing-kit'] as const;
const subscriptions = [...all, 'subscriptions'] as const;
const transactions = [...all, 'transactions'] as const;
const discounts = [...all, 'discounts'] as const;
const credits = [...all, 'credits'] as const;

function entriesKey(accountId: string): readonly [...typeof credits, 'account', string, 'entries'];
function entriesKey(
  accountId: string,
  limit: number,
): readonly [...typeof credits, 'account', string, 'entries', { limit: number }];
function entriesKey(accountId: string, limit?: number) {
  const prefix = [...credits, 'account', accountId, 'entries'] as const;
  return limit === undefined ? prefix : ([...prefix, { limit }] as const);
}
const licenses = [...all, 'licenses'] as const;
const admin = [...all, 'admin'] as const;

/**
 * Query keys of every billing-kit query, for `invalidateQueries`, `setQueryData`,
 * `prefetchQuery` and `getQueryData`. Each branch's `all` is a prefix of the keys below it.
 *
 * Keys do not include the provider's `basePath`: two providers with different proxies should
 * not share one QueryClient.
 */
export const billingKeys = {
  /** Prefix of every billing-kit key. */
  all,
  /** The catalog, in display order. */
  products: () => [...all, 'products'] as const,
  subscriptions: {
    /** Prefix of every subscription list and detail. */
    all: subscriptions,
    /** Prefix of every page of the customer's subscriptions. */
    lists: () => [...subscriptions, 'list'] as const,
    /** One page of the customer's subscriptions. */
    list: (params: PageKeyParams) => [...subscriptions, 'list', params] as const,
    /** Every subscription of the customer, all pages read. */
    every: () => [...subscriptions, 'every'] as const,
    /** One subscription. */
    detail: (subscriptionId: string) => [...subscriptions, 'detail', subscriptionId] as const,
  },
  transactions: {
    /** Prefix of every page of the customer's transactions. */
    all: transactions,
    /** One page of the customer's transactions. */
    list: (params: TransactionsKeyParams) => [...transactions, 'list', params] as const,
  },
  discounts: {
    /** Prefix of every discount preview. */
    all: discounts,
    /** The preview of one discount code. */
    detail: (code: string) => [...discounts, 'detail', code] as const,
  },
  credits: {
    /** Prefix of every credits key. */
    all: credits,
    /** The customer's credit accounts. */
    accounts: () => [...credits, 'accounts'] as const,
    /** Prefix of one account and everything read from it (balance, entries). */
    account: (accountId: string) => [...credits, 'account', accountId] as const,
    /** The exact balance of one account. */
    balance: (accountId: string) => [...credits, 'account', accountId, 'balance'] as const,
    /**
     * The entries of one account, newest first, as an infinite list of pages of `limit`.
     * Without `limit`: the prefix of the lists of every page size, to invalidate or find them.
     */
    entries: entriesKey,
  },
  licenses: {
    /** Prefix of every license validation. */
    all: licenses,
    /** The last validation of one key for one instance. */
    validate: (key: string, instanceId: string) =>
      [...licenses, 'validate', key, instanceId] as const,
  },
  admin: {
    /** Prefix of every seller-only key. */
    all: admin,
    /** One page of the store's customers. */
    customers: (params: PageKeyParams) => [...admin, 'customers', params] as const,
    /** The store's metrics for one window. */
    metrics: (params: MetricsKeyParams) => [...admin, 'metrics', params] as const,
  },
} as const;
