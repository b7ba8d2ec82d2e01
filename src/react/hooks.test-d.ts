// Type tests of the public hooks: what they take and what they give.
import type {
  InfiniteData,
  QueryClient,
  UseInfiniteQueryResult,
  UseMutationResult,
  UseQueryResult,
} from '@tanstack/react-query';
import { describe, expectTypeOf, test } from 'vitest';
import type { BillingError } from '../client/error.js';
import type { DiscountPreview } from '../contract/proxy.js';
import type {
  Checkout,
  CreditsAccount,
  CreditsTransaction,
  Customer,
  Discount,
  License,
  PageList,
  Product,
  StatsSummary,
  Subscription,
  Transaction,
} from '../contract/schemas.js';
import {
  billingKeys,
  type CheckoutState,
  type CreditsBalance,
  type CreditsCursor,
  type CreditsEntriesPage,
  createProxyClient,
  creditsHistoryOptions,
  productsOptions,
  subscriptionOptions,
  useCheckout,
  useCreditAccount,
  useCreditsAccounts,
  useCreditsBalance,
  useCreditsHistory,
  useCustomerSubscriptions,
  useCustomers,
  useDeleteDiscount,
  useDiscount,
  useLicense,
  usePortal,
  useProducts,
  useReverseCreditTransaction,
  useStoreMetrics,
  useSubscription,
  useTransactions,
  useUpgradeSubscription,
} from './index.js';

describe('query hooks', () => {
  test('take one optional options object where nothing is required', () => {
    expectTypeOf(useProducts).parameters.toEqualTypeOf<
      [options?: Parameters<typeof useProducts>[0]]
    >();
    expectTypeOf(useProducts).toBeCallableWith();
    expectTypeOf(useProducts).toBeCallableWith({ enabled: false, staleTime: 0 });
    expectTypeOf(useCustomerSubscriptions).toBeCallableWith({ page: 2, pageSize: 5 });
    expectTypeOf(useTransactions).toBeCallableWith({ productId: 'prod_1', page: 1 });
    expectTypeOf(useCreditsAccounts).toBeCallableWith();
    expectTypeOf(useCustomers).toBeCallableWith({ page: 3 });
  });

  test('require what identifies their data', () => {
    expectTypeOf(useSubscription).toBeCallableWith({ subscriptionId: 'sub_1' });
    expectTypeOf(useDiscount).toBeCallableWith({ code: 'LAUNCH20', enabled: true });
    expectTypeOf(useCreditsBalance).toBeCallableWith({ accountId: 'cca_1' });
    expectTypeOf(useCreditsHistory).toBeCallableWith({ accountId: 'cca_1', limit: 50 });
    expectTypeOf(useStoreMetrics).toBeCallableWith({
      currency: 'EUR',
      startDate: 0,
      endDate: 1,
      interval: 'week',
    });
    // @ts-expect-error the subscription id is required
    useSubscription({});
    // @ts-expect-error page is a number
    useCustomerSubscriptions({ page: '2' });
    // @ts-expect-error the service reports in EUR or USD only
    useStoreMetrics({ currency: 'GBP' });
    // @ts-expect-error positional arguments are not taken
    useCreditsBalance('cca_1');
    // @ts-expect-error select would change the data type; it is not passed through
    useProducts({ select: (products: Product[]) => products.length });
  });

  test('give the contract’s types, with BillingError as the error', () => {
    expectTypeOf(useProducts()).toEqualTypeOf<UseQueryResult<Product[], BillingError>>();
    expectTypeOf(useCustomerSubscriptions()).toEqualTypeOf<
      UseQueryResult<PageList<Subscription>, BillingError>
    >();
    expectTypeOf(useSubscription({ subscriptionId: 's' })).toEqualTypeOf<
      UseQueryResult<Subscription, BillingError>
    >();
    expectTypeOf(useTransactions()).toEqualTypeOf<
      UseQueryResult<PageList<Transaction>, BillingError>
    >();
    expectTypeOf(useDiscount({ code: 'X' })).toEqualTypeOf<
      UseQueryResult<DiscountPreview, BillingError>
    >();
    expectTypeOf(useCreditsAccounts()).toEqualTypeOf<
      UseQueryResult<CreditsAccount[], BillingError>
    >();
    expectTypeOf(useCreditsBalance({ accountId: 'a' })).toEqualTypeOf<
      UseQueryResult<CreditsBalance, BillingError>
    >();
    expectTypeOf(useCreditsBalance({ accountId: 'a' }).data).toEqualTypeOf<
      { balance: string; unit_label: string; as_of: string } | undefined
    >();
    expectTypeOf(useCustomers()).toEqualTypeOf<UseQueryResult<PageList<Customer>, BillingError>>();
    expectTypeOf(useStoreMetrics({ currency: 'USD' })).toEqualTypeOf<
      UseQueryResult<StatsSummary, BillingError>
    >();
    expectTypeOf(useProducts().error).toEqualTypeOf<BillingError | null>();
  });

  test('useCreditsHistory is an infinite query over cursors in both directions', () => {
    const history = useCreditsHistory({ accountId: 'a' });
    expectTypeOf(history).toEqualTypeOf<
      UseInfiniteQueryResult<InfiniteData<CreditsEntriesPage, CreditsCursor>, BillingError>
    >();
    expectTypeOf(history.data?.pages[0]?.data[0]?.amount).toEqualTypeOf<string | undefined>();
    expectTypeOf(history.data?.pageParams[0]).toEqualTypeOf<CreditsCursor | undefined>();
    expectTypeOf(history.fetchNextPage).toBeFunction();
    expectTypeOf(history.fetchPreviousPage).toBeFunction();
    expectTypeOf(history.hasPreviousPage).toEqualTypeOf<boolean>();
  });
});

describe('mutation hooks', () => {
  test('useCheckout gives an enumerated state and checkout(body)', () => {
    const result = useCheckout();
    expectTypeOf(result.state).toEqualTypeOf<CheckoutState>();
    expectTypeOf<CheckoutState>().toEqualTypeOf<'idle' | 'submitting' | 'redirecting' | 'failed'>();
    expectTypeOf(result.checkout).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(result.checkout).toBeCallableWith({ product_id: 'prod_1' });
    expectTypeOf(result.checkout).toBeCallableWith({
      product_id: 'prod_1',
      units: 2,
      discount_code: 'LAUNCH20',
      metadata: { companyName: 'Acme' },
      success_url: 'https://shop.example/thanks',
    });
    expectTypeOf(result.data).toEqualTypeOf<Checkout | undefined>();
    expectTypeOf(result.error).toEqualTypeOf<BillingError | null>();
    expectTypeOf(useCheckout).toBeCallableWith({ navigate: (url: string) => void url });
    // @ts-expect-error the product is required
    result.checkout({});
    // @ts-expect-error the customer comes from the session, never the browser
    result.checkout({ product_id: 'p', customer: { id: 'cust_1' } });
  });

  test('usePortal opens a link with its own state', () => {
    const portal = usePortal();
    expectTypeOf(portal.open).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(portal.state).toEqualTypeOf<CheckoutState>();
  });

  test('the other mutations are React Query mutations over the proxy routes’ bodies', () => {
    const upgrade = useUpgradeSubscription();
    expectTypeOf(upgrade.mutate).toBeCallableWith({
      subscription_id: 'sub_1',
      product_id: 'prod_2',
      update_behavior: 'proration-charge-immediately',
    });
    expectTypeOf(upgrade.data).toEqualTypeOf<Subscription | undefined>();
    expectTypeOf(upgrade.error).toEqualTypeOf<BillingError | null>();

    expectTypeOf(useLicense()).toEqualTypeOf<
      UseMutationResult<License, BillingError, { key: string; instance_id: string }>
    >();
    const credit = useCreditAccount();
    expectTypeOf(credit.mutate).toBeCallableWith({
      account_id: 'cca_1',
      amount: '12.5',
      reference: 'goodwill',
    });
    expectTypeOf(credit.data).toEqualTypeOf<CreditsTransaction | undefined>();
    expectTypeOf(useReverseCreditTransaction().mutate).toBeCallableWith({
      account_id: 'cca_1',
      transaction_id: 'cct_1',
    });
    expectTypeOf(useDeleteDiscount().data).toEqualTypeOf<Discount | undefined>();
    // @ts-expect-error credit amounts are decimal strings, never numbers
    credit.mutate({ account_id: 'cca_1', amount: 12 });
  });
});

describe('keys and factories', () => {
  test('a factory’s key types the cache', () => {
    const client = createProxyClient();
    const queryClient = {} as QueryClient;
    expectTypeOf(queryClient.getQueryData(productsOptions(client).queryKey)).toEqualTypeOf<
      Product[] | undefined
    >();
    expectTypeOf(
      queryClient.getQueryData(subscriptionOptions(client, { subscriptionId: 's' }).queryKey),
    ).toEqualTypeOf<Subscription | undefined>();
    expectTypeOf(
      queryClient.getQueryData(creditsHistoryOptions(client, { accountId: 'a' }).queryKey),
      // React Query tags infinite keys without the page-param type.
    ).toEqualTypeOf<InfiniteData<CreditsEntriesPage, unknown> | undefined>();
    expectTypeOf(billingKeys.credits.balance('a')).toEqualTypeOf<
      readonly ['billing-kit', 'credits', 'account', string, 'balance']
    >();
  });
});
