// What each of the proxy's routes takes (`proxyRoutes` in `proxy.ts` says where it is and what
// it answers): the query or JSON body the handler validates before a route runs, and the types
// of the React proxy client's inputs. Strict, as every request is; the customer is never among
// them, since the proxy takes it from the seller's session.
import * as z from 'zod/mini';
import { httpUrl, id, nestsAtMost, positiveInt } from './fields.js';
import type { ProxyRouteName } from './proxy.js';
import {
  creditAccountBody,
  cursorQuerySchema,
  customFieldCheckboxInputShape,
  customFieldInputSchema,
  customFieldTextInputShape,
  retrieveDiscountQuery,
  reverseCreditTransactionBody,
  statsSummaryQuery,
  upgradeSubscriptionBody,
  validateLicenseBody,
} from './requests.js';
import { type Infer, MAX_CUSTOM_FIELDS, metadataSchema } from './schemas.js';

/** `page` and `page_size` of the proxy's page-numbered routes. */
export const proxyPageQuery = z.object({
  page: z.optional(positiveInt),
  page_size: z.optional(positiveInt.check(z.maximum(100))),
});

/**
 * A custom field definition as the browser may send it: the request form, strict down to its
 * `text` and `checkbox` parts, so a misspelt key (`optinal`, `max_lenght`) is a 400 naming it
 * (`custom_fields.0.optinal`) instead of a field the service gets without it (required where
 * it was meant optional, unbounded where it was meant short). The client's own
 * `customFieldInputSchema` stays as it is.
 */
const proxyCustomFieldInput = z.strictObject({
  ...customFieldInputSchema.shape,
  text: z.optional(z.strictObject(customFieldTextInputShape)),
  checkbox: z.optional(z.strictObject(customFieldCheckboxInputShape)),
});

/** How many levels of objects and arrays a browser's checkout metadata may hold, itself included. */
const MAX_METADATA_DEPTH = 32;

/**
 * Metadata as the proxy takes it from a browser: any JSON, nested at most 32 levels, so that a
 * small body cannot make a deep one that breaks whatever walks it (the fingerprint, a copy).
 * The service documents no limit, so what a server sends it (`checkoutMetadata`) is unbounded.
 */
const browserMetadata = metadataSchema.check(
  z.refine((value) => nestsAtMost(value, MAX_METADATA_DEPTH), {
    message: `must nest at most ${MAX_METADATA_DEPTH} levels of objects and arrays; flatten it`,
  }),
);

/** What the browser may send to start a checkout. The customer comes from the session. */
export const proxyCheckoutBody = z.strictObject({
  product_id: id,
  /** One id per logical attempt, reused by retries, so a double click makes one checkout. */
  request_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  units: z.optional(z.int().check(z.minimum(1))),
  /** Only when the proxy enables custom prices. */
  custom_price: z.optional(z.int().check(z.minimum(0))),
  discount_code: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  custom_fields: z.optional(z.array(proxyCustomFieldInput).check(z.maxLength(MAX_CUSTOM_FIELDS))),
  metadata: z.optional(browserMetadata),
  success_url: z.optional(httpUrl),
});
/**
 * What the browser may send to the proxy's `POST /checkouts`, as `proxyCheckoutBody` checks it;
 * the customer comes from the session.
 */
export type ProxyCheckoutBody = Infer<typeof proxyCheckoutBody>;

/** The schemas of one route's input: its query (GET, DELETE) or its JSON body (POST). */
export type ProxyInputSchemas = {
  query?: z.ZodMiniType<Record<string, unknown>>;
  body?: z.ZodMiniType<Record<string, unknown>>;
};

/**
 * A body that refuses keys it does not know, naming them: a misspelt or deprecated field
 * (`custom_field`) must not be dropped without a word, losing what the buyer entered.
 */
const strict = <Shape extends z.core.$ZodShape>(schema: { shape: Shape }) =>
  z.strictObject(schema.shape);

/** The inputs of the routes that take any besides their path; the others take none. */
export const proxyRouteInputs = {
  createCheckout: { body: proxyCheckoutBody },
  subscriptions: { query: proxyPageQuery },
  upgradeSubscription: { body: strict(upgradeSubscriptionBody) },
  transactions: {
    query: z.object({
      ...proxyPageQuery.shape,
      order_id: z.optional(id),
      product_id: z.optional(id),
    }),
  },
  validateLicense: { body: strict(validateLicenseBody) },
  creditAccounts: { query: cursorQuerySchema },
  creditEntries: { query: cursorQuerySchema },
  adminCustomers: { query: proxyPageQuery },
  adminStats: { query: statsSummaryQuery },
  adminTransactions: {
    query: z.object({
      ...proxyPageQuery.shape,
      customer_id: z.optional(id),
      order_id: z.optional(id),
      product_id: z.optional(id),
    }),
  },
  adminDiscount: { query: retrieveDiscountQuery },
  adminCredit: {
    body: z.strictObject({
      ...creditAccountBody.shape,
      reference: z.optional(z.string()),
    }),
  },
  adminReverse: { body: strict(reverseCreditTransactionBody) },
} as const satisfies { [N in ProxyRouteName]?: ProxyInputSchemas };
