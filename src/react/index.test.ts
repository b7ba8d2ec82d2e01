// The public surface of billing-kit/react: every runtime export is defined, the hooks and
// factories are all there, and nothing internal leaks.
import { describe, expect, it } from 'vitest';
import * as entry from './index.js';

describe('billing-kit/react', () => {
  it('defines every export', () => {
    for (const [name, value] of Object.entries(entry)) {
      expect(value, name).toBeDefined();
    }
  });

  it('exports the provider, every hook and one *Options factory per query hook', () => {
    const names = Object.keys(entry);
    const queryHooks = {
      useProducts: 'productsOptions',
      useCustomerSubscriptions: 'customerSubscriptionsOptions',
      useAllCustomerSubscriptions: 'allCustomerSubscriptionsOptions',
      useSubscription: 'subscriptionOptions',
      useTransactions: 'transactionsOptions',
      useDiscount: 'discountOptions',
      useCreditsAccounts: 'creditsAccountsOptions',
      useCreditsBalance: 'creditsBalanceOptions',
      useCreditsHistory: 'creditsHistoryOptions',
      useCustomers: 'customersOptions',
      useStoreMetrics: 'storeMetricsOptions',
    };
    for (const [hook, factory] of Object.entries(queryHooks)) {
      expect(names).toContain(hook);
      expect(names).toContain(factory);
    }
    for (const name of [
      'BillingProvider',
      'billingKeys',
      'createProxyClient',
      'useCheckout',
      'useUpgradeSubscription',
      'usePortal',
      'useLicense',
      'useCreditAccount',
      'useReverseCreditTransaction',
      'useDeleteDiscount',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('keeps the internal context out of the public entry', () => {
    expect(Object.keys(entry)).not.toContain('useBillingContext');
    expect(Object.keys(entry)).not.toContain('BillingContext');
  });
});
