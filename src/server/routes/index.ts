// Every route of `proxyRoutes`, by name, with its implementation.
import type { ProxyRouteName } from '../../contract/proxy.js';
import type { RouteImpl } from '../context.js';
import * as admin from './admin.js';
import { products } from './catalog.js';
import { createCheckout } from './checkout.js';
import * as credits from './credits.js';
import * as customer from './customer.js';
import { discount } from './discounts.js';
import { validateLicense } from './licenses.js';

/** The implementation of each route; a route missing here fails to type-check. */
export const routeImpls: { [N in ProxyRouteName]: RouteImpl<N> } = {
  products,
  createCheckout,
  subscriptions: customer.subscriptions,
  subscription: customer.subscription,
  upgradeSubscription: customer.upgradeSubscription,
  portal: customer.portal,
  transactions: customer.transactions,
  discount,
  validateLicense,
  creditAccounts: credits.creditAccounts,
  creditAccount: credits.creditAccount,
  creditEntries: credits.creditEntries,
  creditBalance: credits.creditBalance,
  adminCustomers: admin.adminCustomers,
  adminStats: admin.adminStats,
  adminTransactions: admin.adminTransactions,
  adminDiscount: admin.adminDiscount,
  adminDeleteDiscount: admin.adminDeleteDiscount,
  adminCredit: admin.adminCredit,
  adminReverse: admin.adminReverse,
};
