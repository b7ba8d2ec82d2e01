// The proxy's browser-facing routes: their paths under `basePath` and what they answer. The
// proxy handler routes by this table and the React proxy client parses by it, so the two
// cannot drift apart. What each route takes is in `proxy-inputs.ts`, which only the handler
// loads: a browser bundle parses answers and has no use for the validators of its own input.
// The customer never appears here: the proxy takes it from the seller's session.
import * as z from 'zod/mini';
import {
  checkoutSchema,
  creditsAccountSchema,
  creditsEntrySchema,
  creditsTransactionSchema,
  cursorListSchema,
  customerSchema,
  type discountDurations,
  discountSchema,
  type discountTypes,
  type Infer,
  licenseSchema,
  openEnum,
  pageListSchema,
  portalLinkSchema,
  productSchema,
  statsSummarySchema,
  subscriptionSchema,
  transactionSchema,
} from './schemas.js';

/**
 * The field message of `GET /discounts/{code}`'s 404 for a code of the catalog that has
 * expired, so the buyer is told why; any other refused code is the same 404 without it.
 */
export const DISCOUNT_EXPIRED = 'has expired';

/** What a buyer may see of a discount code before using it. */
export const discountPreviewSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  type: openEnum<typeof discountTypes>(),
  amount: z.optional(z.nullable(z.number())),
  percentage: z.optional(z.nullable(z.number())),
  currency: z.optional(z.nullable(z.string())),
  duration: z.optional(openEnum<typeof discountDurations>()),
  duration_in_months: z.optional(z.nullable(z.number())),
  expiry_date: z.optional(z.nullable(z.string())),
  /** The catalog products it applies to (all of them when the code names none). */
  applies_to_products: z.array(z.string()),
});
/** What the proxy's `GET /discounts/{code}` answers, as `discountPreviewSchema` parses it. */
export type DiscountPreview = Infer<typeof discountPreviewSchema>;

/** The exact balance of a credits account, summed from its entries. */
export const creditsBalanceSchema = z.looseObject({
  /** Σcredit − Σdebit as a decimal string. */
  balance: z.string(),
  unit_label: z.string(),
  /** When the entries it sums were read (ISO 8601). */
  as_of: z.string(),
});
/**
 * The exact balance of a credits account (`creditsBalanceSchema`), as the proxy's
 * `GET /credits/accounts/{account_id}/balance` answers it.
 */
export type CreditsBalance = Infer<typeof creditsBalanceSchema>;

/**
 * One entry of `GET /credits/accounts/{account_id}/entries`: the service's Entry plus two fields
 * that are the proxy's own additions (the service's entries say nothing of reversals). The proxy
 * remembers, in its store, the reversals made through its admin route
 * (`POST /admin/credits/accounts/{account_id}/reverse`) and marks their entries; a reversal
 * made elsewhere (the service's dashboard, another server) is not marked.
 */
export const proxyCreditsEntrySchema = z.looseObject({
  ...creditsEntrySchema.shape,
  /** The proxy's: the id of the transaction this entry's transaction reverses. */
  reversal_of: z.optional(z.nullable(z.string())),
  /** The proxy's: the id of the transaction that reversed this entry's transaction. */
  reversed_by: z.optional(z.nullable(z.string())),
});
/**
 * One entry of the proxy's `GET /credits/accounts/{account_id}/entries`, as
 * `proxyCreditsEntrySchema` parses it.
 */
export type ProxyCreditsEntry = Infer<typeof proxyCreditsEntrySchema>;

/**
 * What the proxy's `GET /products` answers: `{ items }`, the products of its catalog, not
 * paginated. A loose object: unknown extra fields pass.
 */
export const productListSchema = z.looseObject({ items: z.array(productSchema) });
/** What the proxy's `GET /products` answers, as `productListSchema` parses it. */
export type ProductList = Infer<typeof productListSchema>;

/**
 * The values of the proxy error body's `kind`, which are also `BillingError`'s
 * (`billingErrorKinds`); `network`, `timeout` and `invalid_response` say the service gave no
 * usable answer. The client reads a `kind` outside them as the kind its status means.
 */
export const proxyErrorKinds = [
  'auth',
  'not_found',
  'invalid_request',
  'conflict',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'invalid_response',
] as const;

/**
 * The proxy's error body: the service's general error body plus a `kind` and the failing
 * `fields`, so a form can put each message beside its field.
 */
export const proxyErrorSchema = z.looseObject({
  trace_id: z.string(),
  status: z.number(),
  error: z.string(),
  message: z.array(z.string()),
  timestamp: z.number(),
  kind: openEnum<typeof proxyErrorKinds>(),
  fields: z.optional(z.array(z.looseObject({ field: z.string(), message: z.string() }))),
});
/** The proxy's error body, as `proxyErrorSchema` parses it. */
export type ProxyError = Infer<typeof proxyErrorSchema>;

/** One route of the proxy. */
export type ProxyRoute = {
  /** A POST carries its input as a JSON body; GET and DELETE carry it in the path and query. */
  method: 'GET' | 'POST' | 'DELETE';
  /** Path under `basePath`, with `{name}` placeholders. */
  path: string;
  response: z.ZodMiniType;
  /** Seller-only: exists only when `isAdmin` says yes. */
  admin?: true;
};

function route<const R extends ProxyRoute>(r: R): R {
  return r;
}

/** The proxy's routes, keyed by name. */
export const proxyRoutes = {
  products: route({ method: 'GET', path: '/products', response: productListSchema }),
  createCheckout: route({ method: 'POST', path: '/checkouts', response: checkoutSchema }),
  subscriptions: route({
    method: 'GET',
    path: '/subscriptions',
    response: pageListSchema(subscriptionSchema),
  }),
  subscription: route({
    method: 'GET',
    path: '/subscriptions/{subscription_id}',
    response: subscriptionSchema,
  }),
  upgradeSubscription: route({
    method: 'POST',
    path: '/subscriptions/{subscription_id}/upgrade',
    response: subscriptionSchema,
  }),
  portal: route({ method: 'POST', path: '/portal', response: portalLinkSchema }),
  transactions: route({
    method: 'GET',
    path: '/transactions',
    response: pageListSchema(transactionSchema),
  }),
  discount: route({ method: 'GET', path: '/discounts/{code}', response: discountPreviewSchema }),
  validateLicense: route({ method: 'POST', path: '/licenses/validate', response: licenseSchema }),
  creditAccounts: route({
    method: 'GET',
    path: '/credits/accounts',
    response: cursorListSchema(creditsAccountSchema),
  }),
  creditAccount: route({
    method: 'GET',
    path: '/credits/accounts/{account_id}',
    response: creditsAccountSchema,
  }),
  creditEntries: route({
    method: 'GET',
    path: '/credits/accounts/{account_id}/entries',
    response: cursorListSchema(proxyCreditsEntrySchema),
  }),
  creditBalance: route({
    method: 'GET',
    path: '/credits/accounts/{account_id}/balance',
    response: creditsBalanceSchema,
  }),
  adminCustomers: route({
    method: 'GET',
    path: '/admin/customers',
    response: pageListSchema(customerSchema),
    admin: true,
  }),
  adminStats: route({
    method: 'GET',
    path: '/admin/stats',
    response: statsSummarySchema,
    admin: true,
  }),
  adminTransactions: route({
    method: 'GET',
    path: '/admin/transactions',
    response: pageListSchema(transactionSchema),
    admin: true,
  }),
  adminDiscount: route({
    method: 'GET',
    path: '/admin/discounts',
    response: discountSchema,
    admin: true,
  }),
  adminDeleteDiscount: route({
    method: 'DELETE',
    path: '/admin/discounts/{discount_id}',
    response: discountSchema,
    admin: true,
  }),
  adminCredit: route({
    method: 'POST',
    path: '/admin/credits/accounts/{account_id}/credit',
    response: creditsTransactionSchema,
    admin: true,
  }),
  adminReverse: route({
    method: 'POST',
    path: '/admin/credits/accounts/{account_id}/reverse',
    response: creditsTransactionSchema,
    admin: true,
  }),
} as const;

/** The proxy's route names. */
export type ProxyRouteName = keyof typeof proxyRoutes;
