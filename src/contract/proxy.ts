// The proxy's browser-facing routes: their paths under `basePath`, what they take and what
// they answer. The proxy handler validates by this table and the React proxy client parses by
// it, so the two cannot drift apart. The customer never appears here: the proxy takes it from
// the seller's session.
import * as z from 'zod/mini';
import {
  checkoutSchema,
  creditAccountBody,
  creditsAccountSchema,
  creditsEntrySchema,
  creditsTransactionSchema,
  cursorListSchema,
  cursorQuerySchema,
  customerSchema,
  customFieldInputSchema,
  discountDurations,
  discountSchema,
  discountTypes,
  type Infer,
  licenseSchema,
  MAX_CUSTOM_FIELDS,
  metadataSchema,
  openEnum,
  pageListSchema,
  portalLinkSchema,
  productSchema,
  retrieveDiscountQuery,
  reverseCreditTransactionBody,
  statsSummaryQuery,
  statsSummarySchema,
  subscriptionSchema,
  transactionSchema,
  upgradeSubscriptionBody,
  validateLicenseBody,
} from './schemas.js';

const id = z.string().check(z.minLength(1, 'must not be empty'));
const positiveInt = z.coerce.number().check(z.int(), z.minimum(1));

/** `page` and `page_size` of the proxy's page-numbered routes. */
export const proxyPageQuery = z.object({
  page: z.optional(positiveInt),
  page_size: z.optional(positiveInt.check(z.maximum(100))),
});

/** What the browser may send to start a checkout. The customer comes from the session. */
export const proxyCheckoutBody = z.object({
  product_id: id,
  /** One id per logical attempt, reused by retries, so a double click makes one checkout. */
  request_id: z.optional(z.string().check(z.minLength(8), z.maxLength(128))),
  units: z.optional(z.int().check(z.minimum(1))),
  /** Only when the proxy enables custom prices. */
  custom_price: z.optional(z.int().check(z.minimum(0))),
  discount_code: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  custom_fields: z.optional(z.array(customFieldInputSchema).check(z.maxLength(MAX_CUSTOM_FIELDS))),
  metadata: z.optional(metadataSchema),
  success_url: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
});
export type ProxyCheckoutBody = Infer<typeof proxyCheckoutBody>;

/** What a buyer may see of a discount code before using it. */
export const discountPreviewSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  type: openEnum(discountTypes),
  amount: z.optional(z.nullable(z.number())),
  percentage: z.optional(z.nullable(z.number())),
  currency: z.optional(z.nullable(z.string())),
  duration: z.optional(openEnum(discountDurations)),
  duration_in_months: z.optional(z.nullable(z.number())),
  expiry_date: z.optional(z.nullable(z.string())),
  /** The catalog products it applies to (all of them when the code names none). */
  applies_to_products: z.array(z.string()),
});
export type DiscountPreview = Infer<typeof discountPreviewSchema>;

/** The exact balance of a credits account, summed from its entries. */
export const creditsBalanceSchema = z.looseObject({
  /** Σcredit − Σdebit as a decimal string. */
  balance: z.string(),
  unit_label: z.string(),
  /** When the entries it sums were read (ISO 8601). */
  as_of: z.string(),
});
export type CreditsBalance = Infer<typeof creditsBalanceSchema>;

export const productListSchema = z.looseObject({ items: z.array(productSchema) });
export type ProductList = Infer<typeof productListSchema>;

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
  kind: openEnum(proxyErrorKinds),
  fields: z.optional(z.array(z.looseObject({ field: z.string(), message: z.string() }))),
});
export type ProxyError = Infer<typeof proxyErrorSchema>;

/** One route of the proxy. */
export type ProxyRoute = {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path under `basePath`, with `{name}` placeholders. */
  path: string;
  query?: z.ZodMiniType<Record<string, unknown>>;
  body?: z.ZodMiniType<Record<string, unknown>>;
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
  createCheckout: route({
    method: 'POST',
    path: '/checkouts',
    body: proxyCheckoutBody,
    response: checkoutSchema,
  }),
  subscriptions: route({
    method: 'GET',
    path: '/subscriptions',
    query: proxyPageQuery,
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
    body: upgradeSubscriptionBody,
    response: subscriptionSchema,
  }),
  portal: route({ method: 'POST', path: '/portal', response: portalLinkSchema }),
  transactions: route({
    method: 'GET',
    path: '/transactions',
    query: z.object({
      ...proxyPageQuery.shape,
      order_id: z.optional(id),
      product_id: z.optional(id),
    }),
    response: pageListSchema(transactionSchema),
  }),
  discount: route({ method: 'GET', path: '/discounts/{code}', response: discountPreviewSchema }),
  validateLicense: route({
    method: 'POST',
    path: '/licenses/validate',
    body: validateLicenseBody,
    response: licenseSchema,
  }),
  creditAccounts: route({
    method: 'GET',
    path: '/credits/accounts',
    query: cursorQuerySchema,
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
    query: cursorQuerySchema,
    response: cursorListSchema(creditsEntrySchema),
  }),
  creditBalance: route({
    method: 'GET',
    path: '/credits/accounts/{account_id}/balance',
    response: creditsBalanceSchema,
  }),
  adminCustomers: route({
    method: 'GET',
    path: '/admin/customers',
    query: proxyPageQuery,
    response: pageListSchema(customerSchema),
    admin: true,
  }),
  adminStats: route({
    method: 'GET',
    path: '/admin/stats',
    query: statsSummaryQuery,
    response: statsSummarySchema,
    admin: true,
  }),
  adminTransactions: route({
    method: 'GET',
    path: '/admin/transactions',
    query: z.object({
      ...proxyPageQuery.shape,
      customer_id: z.optional(id),
      order_id: z.optional(id),
      product_id: z.optional(id),
    }),
    response: pageListSchema(transactionSchema),
    admin: true,
  }),
  adminDiscount: route({
    method: 'GET',
    path: '/admin/discounts',
    query: retrieveDiscountQuery,
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
    body: z.object({
      ...creditAccountBody.shape,
      reference: z.optional(z.string()),
    }),
    response: creditsTransactionSchema,
    admin: true,
  }),
  adminReverse: route({
    method: 'POST',
    path: '/admin/credits/accounts/{account_id}/reverse',
    body: reverseCreditTransactionBody,
    response: creditsTransactionSchema,
    admin: true,
  }),
} as const;

/** The proxy's route names. */
export type ProxyRouteName = keyof typeof proxyRoutes;
