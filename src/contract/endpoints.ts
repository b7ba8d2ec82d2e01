// The operation table: the single source of truth for the service's 16 operations and the
// product retrieve. The client builds its requests from it, the sandbox routes and validates
// by it, and the proxy reads its shapes. Placeholders in `path` are named after `params` keys.
import type * as z from 'zod/mini';
import {
  createCheckoutBody,
  createPortalLinkBody,
  creditAccountBody,
  creditAccountParams,
  deleteDiscountParams,
  listCreditAccountsQuery,
  listCreditEntriesQuery,
  listCustomerSubscriptionsParams,
  listCustomerSubscriptionsQuery,
  listCustomersQuery,
  retrieveDiscountQuery,
  retrieveProductQuery,
  retrieveSubscriptionQuery,
  reverseCreditTransactionBody,
  searchTransactionsQuery,
  statsSummaryQuery,
  upgradeSubscriptionBody,
  upgradeSubscriptionParams,
  validateLicenseBody,
} from './requests.js';
import {
  checkoutSchema,
  creditsAccountSchema,
  creditsEntrySchema,
  creditsTransactionSchema,
  cursorListSchema,
  customerSchema,
  discountSchema,
  type Known,
  licenseSchema,
  pageListSchema,
  portalLinkSchema,
  productSchema,
  statsSummarySchema,
  subscriptionSchema,
  transactionSchema,
} from './schemas.js';

/** One operation of the service. */
export type Endpoint = {
  /** HTTP method. */
  method: 'GET' | 'POST' | 'DELETE';
  /** Path under the base address, with `{name}` placeholders for `params`. */
  path: string;
  /** Path parameters. */
  params?: z.ZodMiniType<Record<string, unknown>>;
  /** Query parameters. */
  query?: z.ZodMiniType<Record<string, unknown>>;
  /** JSON body. */
  body?: z.ZodMiniType<Record<string, unknown>>;
  /** Schema of the success body. */
  response: z.ZodMiniType;
  /** Success status. */
  status: 200 | 201;
  /** Which error body the operation answers with: the general one, or the credits one. */
  errorBody: 'general' | 'credits';
  /** Body field that makes a POST safe to retry: a repeat with it cannot act twice. */
  idempotencyKey?: string;
};

function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** The service's operations, keyed by operation id. */
export const endpoints = {
  listCustomerSubscriptions: endpoint({
    method: 'GET',
    path: '/v1/customers/{customer_id}/subscriptions',
    params: listCustomerSubscriptionsParams,
    query: listCustomerSubscriptionsQuery,
    response: pageListSchema(subscriptionSchema),
    status: 200,
    errorBody: 'general',
  }),
  listCustomers: endpoint({
    method: 'GET',
    path: '/v1/customers/list',
    query: listCustomersQuery,
    response: pageListSchema(customerSchema),
    status: 200,
    errorBody: 'general',
  }),
  createPortalLink: endpoint({
    method: 'POST',
    path: '/v1/customers/billing',
    body: createPortalLinkBody,
    response: portalLinkSchema,
    status: 200,
    errorBody: 'general',
  }),
  retrieveSubscription: endpoint({
    method: 'GET',
    path: '/v1/subscriptions',
    query: retrieveSubscriptionQuery,
    response: subscriptionSchema,
    status: 200,
    errorBody: 'general',
  }),
  upgradeSubscription: endpoint({
    method: 'POST',
    path: '/v1/subscriptions/{subscription_id}/upgrade',
    params: upgradeSubscriptionParams,
    body: upgradeSubscriptionBody,
    response: subscriptionSchema,
    status: 200,
    errorBody: 'general',
  }),
  createCheckout: endpoint({
    method: 'POST',
    path: '/v1/checkouts',
    body: createCheckoutBody,
    response: checkoutSchema,
    status: 200,
    errorBody: 'general',
    idempotencyKey: 'request_id',
  }),
  searchTransactions: endpoint({
    method: 'GET',
    path: '/v1/transactions/search',
    query: searchTransactionsQuery,
    response: pageListSchema(transactionSchema),
    status: 200,
    errorBody: 'general',
  }),
  retrieveDiscount: endpoint({
    method: 'GET',
    path: '/v1/discounts',
    query: retrieveDiscountQuery,
    response: discountSchema,
    status: 200,
    errorBody: 'general',
  }),
  deleteDiscount: endpoint({
    method: 'DELETE',
    path: '/v1/discounts/{discount_id}/delete',
    params: deleteDiscountParams,
    response: discountSchema,
    status: 200,
    errorBody: 'general',
  }),
  validateLicense: endpoint({
    method: 'POST',
    path: '/v1/licenses/validate',
    body: validateLicenseBody,
    response: licenseSchema,
    status: 200,
    errorBody: 'general',
  }),
  getStatsSummary: endpoint({
    method: 'GET',
    path: '/v1/stats/summary',
    query: statsSummaryQuery,
    response: statsSummarySchema,
    status: 200,
    errorBody: 'general',
  }),
  listCreditAccounts: endpoint({
    method: 'GET',
    path: '/v1/customer-credits/accounts',
    query: listCreditAccountsQuery,
    response: cursorListSchema(creditsAccountSchema),
    status: 200,
    errorBody: 'credits',
  }),
  retrieveCreditAccount: endpoint({
    method: 'GET',
    path: '/v1/customer-credits/accounts/{account_id}',
    params: creditAccountParams,
    response: creditsAccountSchema,
    status: 200,
    errorBody: 'credits',
  }),
  listCreditEntries: endpoint({
    method: 'GET',
    path: '/v1/customer-credits/accounts/{account_id}/entries',
    params: creditAccountParams,
    query: listCreditEntriesQuery,
    response: cursorListSchema(creditsEntrySchema),
    status: 200,
    errorBody: 'credits',
  }),
  creditAccount: endpoint({
    method: 'POST',
    path: '/v1/customer-credits/accounts/{account_id}/credit',
    params: creditAccountParams,
    body: creditAccountBody,
    response: creditsTransactionSchema,
    status: 201,
    errorBody: 'credits',
    idempotencyKey: 'idempotency_key',
  }),
  reverseCreditTransaction: endpoint({
    method: 'POST',
    path: '/v1/customer-credits/accounts/{account_id}/reverse',
    params: creditAccountParams,
    body: reverseCreditTransactionBody,
    response: creditsTransactionSchema,
    status: 201,
    errorBody: 'credits',
  }),
  retrieveProduct: endpoint({
    method: 'GET',
    path: '/v1/products',
    query: retrieveProductQuery,
    response: productSchema,
    status: 200,
    errorBody: 'general',
  }),
} as const;

/** The service's operation ids. */
export type OperationId = keyof typeof endpoints;
type Ep<O extends OperationId> = (typeof endpoints)[O];
type InputOf<S> = S extends z.ZodMiniType ? z.input<S> : unknown;

/** What an operation takes: its path parameters, query and body in one object. */
export type OperationInput<O extends OperationId> = Simplify<
  InputOf<Ep<O> extends { params: infer P } ? P : undefined> &
    InputOf<Ep<O> extends { query: infer Q } ? Q : undefined> &
    InputOf<Ep<O> extends { body: infer B } ? B : undefined>
>;

/** What an operation answers with, parsed. */
export type OperationOutput<O extends OperationId> = Known<z.output<Ep<O>['response']>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The keys of an object schema (zod/mini keeps them on `shape`). */
export function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}
