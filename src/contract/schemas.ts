// The service's wire contract: every resource and error body of the interface document
// (spec/service-interface.md), with the values settled in spec/api-notes.md. The requests are
// in `requests.ts`.
//
// Responses are read tolerantly, as a careful client of a live service must: objects keep
// unknown fields (`looseObject`), enums accept values they do not know (`openEnum`), and a field
// is required only where the document, or for a resource whose table marks none the real
// service's OpenAPI document (spec/reference/service-openapi.json), marks it required.
import * as z from 'zod/mini';
import type { billingPeriods } from './period.js';

/**
 * An enum read from the service that keeps a value it does not know instead of failing: the
 * service adds values over time (a subscription can be `expired`, which the document lacks).
 * Its type is the known values plus any other string, so editors still complete the known ones.
 * At run time the schema is a plain string, so the contract passes the values as a type argument
 * only (`openEnum<typeof subscriptionStatuses>()`): a value list that no code reads then stays
 * out of browser bundles. `openEnum(values)` types the same.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_values?: T) {
  return z.string() as unknown as z.ZodMiniType<T[number] | (string & {})>;
}

/**
 * The type of what a schema parses to, without the index signature that `looseObject` adds:
 * unknown fields are kept at run time, but code is typed against the fields the contract names
 * (so `Omit`, spreads and excess-property checks behave).
 */
export type Infer<S extends z.core.SomeType> = Known<z.infer<S>>;
/**
 * `T` without the `[key: string]: unknown` index signature that `looseObject` adds, in its nested
 * objects and array items too; primitives, JSON values (metadata) and a record's typed index stay
 * as they are. `Infer` applies it to what a schema parses to.
 */
export type Known<T> = T extends string | number | boolean | bigint | null | undefined
  ? T
  : // A JSON value (metadata) has no index signature to drop. Mapping it would spell out its
    // recursion in declaration files until the compiler cut it off with `any`.
    T extends JsonValue
    ? T
    : T extends readonly (infer U)[]
      ? Known<U>[]
      : T extends object
        ? // Drops only looseObject's `[key: string]: unknown`; a record's typed index stays.
          {
            [K in keyof T as string extends K ? (unknown extends T[K] ? never : K) : K]: Known<
              T[K]
            >;
          }
        : T;

const optional = <T extends z.core.SomeType>(schema: T) => z.optional(schema);
const nullish = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

// ---------------------------------------------------------------------------------------------
// Enum values
// ---------------------------------------------------------------------------------------------

/**
 * The values of a resource's `mode`, as the service's conventions give them; a value outside them
 * parses (`modeSchema` is an `openEnum`) and is kept as sent.
 */
export const modes = ['test', 'prod', 'sandbox'] as const;
/**
 * The values of a Subscription's `status`, as the service documents them; a value outside them
 * parses (see `openEnum`) and is kept as sent, such as `expired`, which the service's webhooks
 * carry and the document lacks (api-notes.md).
 */
export const subscriptionStatuses = [
  'active',
  'canceled',
  'unpaid',
  'paused',
  'trialing',
  'scheduled_cancel',
  'past_due',
] as const;
/**
 * The values of a Product's `status`, as the service documents them; a value outside them parses
 * (see `openEnum`) and is kept as sent.
 */
export const productStatuses = ['active', 'archived'] as const;
/**
 * The values of a Product's `billing_type`, as the service documents them; a value outside them
 * parses (see `openEnum`) and is kept as sent.
 */
export const billingTypes = ['recurring', 'onetime'] as const;

/**
 * The values of a Product's `tax_mode` (`inclusive`: tax included in the price; `exclusive`: added
 * on top), as the service documents them; a value outside them parses (see `openEnum`) and is kept
 * as sent.
 */
export const taxModes = ['inclusive', 'exclusive'] as const;
/**
 * The values of a Product's `tax_category`, as the service documents them; a value outside them
 * parses (see `openEnum`) and is kept as sent.
 */
export const taxCategories = ['saas', 'digital-goods-service', 'ebooks'] as const;
/**
 * The values of a Feature's `type` (a product's and a checkout feature's), from api-notes.md: the
 * document shows only `licenseKey`. A value outside them parses (see `openEnum`) and is kept as
 * sent.
 */
export const featureTypes = ['custom', 'file', 'licenseKey', 'customerCredits'] as const;
/**
 * The values of a Custom field's `type`, from api-notes.md: the document shows these two but not
 * the full list. In a response a value outside them parses (see `openEnum`) and is kept as sent. A
 * request (`customFieldInputSchema`) takes only these.
 */
export const customFieldTypes = ['text', 'checkbox'] as const;
/**
 * The values of a Transaction's `type`, from api-notes.md: the document shows only `payment`. A
 * value outside them parses (see `openEnum`) and is kept as sent.
 */
export const transactionTypes = ['payment', 'invoice'] as const;
/**
 * The values of a Transaction's `status`, from api-notes.md: the document shows only `pending`. A
 * value outside them parses (see `openEnum`) and is kept as sent.
 */
export const transactionStatuses = [
  'pending',
  'paid',
  'refunded',
  'partialRefund',
  'chargedBack',
  'uncollectible',
  'declined',
  'canceled',
  'void',
] as const;
/**
 * The values of a Discount's `status`, as the service documents them; a value outside them parses
 * (see `openEnum`) and is kept as sent.
 */
export const discountStatuses = ['deleted', 'active', 'draft', 'expired', 'scheduled'] as const;
/**
 * The values of a Discount's `type` and of the discount embedded in a subscription or checkout, as
 * the service documents them; a value outside them parses (see `openEnum`) and is kept as sent.
 */
export const discountTypes = ['percentage', 'fixed'] as const;
/**
 * The values of a Discount's `duration` and of the discount embedded in a subscription or checkout,
 * as the service documents them; a value outside them parses (see `openEnum`) and is kept as sent.
 */
export const discountDurations = ['forever', 'once', 'repeating'] as const;
/**
 * The values of a License's `status`, as the service documents them; a value outside them parses
 * (see `openEnum`) and is kept as sent.
 */
export const licenseStatuses = ['inactive', 'active', 'expired', 'disabled'] as const;
/**
 * The values of a License instance's `status`, from api-notes.md: the document shows only `active`.
 * A value outside them parses (see `openEnum`) and is kept as sent.
 */
export const licenseInstanceStatuses = ['active', 'deactivated'] as const;
/**
 * The values of a Checkout's `status`, from api-notes.md: the document shows only `completed`. A
 * value outside them parses (see `openEnum`) and is kept as sent.
 */
export const checkoutStatuses = ['pending', 'processing', 'completed', 'expired'] as const;
/**
 * The values of an Order's `status`, from api-notes.md: the document shows only `pending`. A value
 * outside them parses (see `openEnum`) and is kept as sent.
 */
export const orderStatuses = ['pending', 'paid'] as const;
/**
 * The values of an Order's `type`, from api-notes.md: the document shows only `recurring`. A value
 * outside them parses (see `openEnum`) and is kept as sent.
 */
export const orderTypes = ['recurring', 'onetime'] as const;
/**
 * The values of a Customer-credits account's `status`, as the service documents them; a value
 * outside them parses (see `openEnum`) and is kept as sent.
 */
export const creditsAccountStatuses = ['active', 'frozen', 'closed'] as const;
/**
 * The values of a customer-credits Entry's `side`, from api-notes.md: the document shows only
 * `debit`. A value outside them parses (see `openEnum`) and is kept as sent.
 */
export const entrySides = ['debit', 'credit'] as const;
/**
 * The values of `update_behavior` in the body of `POST /v1/subscriptions/{id}/upgrade`, as the
 * service documents them; the service's default, when it is left out, is
 * `proration-charge-immediately`. A request (`upgradeSubscriptionBody`) takes only these.
 */
export const updateBehaviors = [
  'proration-charge-immediately',
  'proration-charge',
  'proration-none',
] as const;
/**
 * The values of the `interval` query parameter of `GET /v1/stats/summary`, as the service documents
 * them; a request (`statsSummaryQuery`) takes only these.
 */
export const statsIntervals = ['day', 'week', 'month'] as const;
/**
 * The values of the `currency` query parameter of `GET /v1/stats/summary` (the document gives the
 * values; the name, and that it is required, are from api-notes.md); a request
 * (`statsSummaryQuery`) takes only these.
 */
export const statsCurrencies = ['EUR', 'USD'] as const;
/**
 * The values of `error.type` in the customer-credits error body, from api-notes.md: the document
 * shows only `invalid_request_error`. A value outside them parses (see `openEnum`) and is kept as
 * sent.
 */
export const creditsErrorTypes = [
  'invalid_request_error',
  'api_error',
  'authentication_error',
  'rate_limit_error',
] as const;

/**
 * A resource's `mode` (see `modes`): an open enum, so a mode the service adds later parses and is
 * kept as sent.
 */
export const modeSchema = openEnum<typeof modes>();
/** A resource's `mode`: one of `modes`, or any other string the service sends. */
export type Mode = Infer<typeof modeSchema>;
/**
 * An upgrade's `update_behavior`: one of `updateBehaviors` (the service's default is
 * `proration-charge-immediately`).
 */
export type UpdateBehavior = (typeof updateBehaviors)[number];

/** A JSON value. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/**
 * Free key-value pairs. The service shows string and number values, but its OpenAPI document
 * allows any JSON value (`additionalProperties: true`), so any is read and sent: a nested
 * object in a customer's metadata must not make their subscriptions unreadable.
 */
export const metadataSchema = z.record(z.string(), z.custom<JsonValue>());
/** Free key-value pairs (any JSON value), as `metadataSchema` parses them. */
export type Metadata = Infer<typeof metadataSchema>;

/** The fields every resource of the service carries. */
const resource = { id: z.string(), mode: modeSchema, object: z.string() };

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

/**
 * A product's Feature as the service answers it: `id`, `type` (see `featureTypes`) and
 * `description`, all required. A loose object: unknown extra fields pass.
 */
export const featureSchema = z.looseObject({
  id: z.string(),
  type: openEnum<typeof featureTypes>(),
  description: z.string(),
});
/** A product's Feature, as `featureSchema` parses it. */
export type Feature = Infer<typeof featureSchema>;

/** A custom checkout field as the service answers it (`text.minimum_length`, values). */
export const customFieldSchema = z.looseObject({
  type: openEnum<typeof customFieldTypes>(),
  key: z.string(),
  label: z.string(),
  optional: nullish(z.boolean()),
  text: nullish(
    z.looseObject({
      max_length: nullish(z.number()),
      minimum_length: nullish(z.number()),
      value: nullish(z.string()),
    }),
  ),
  checkbox: nullish(
    z.looseObject({
      label: nullish(z.string()),
      value: nullish(z.boolean()),
    }),
  ),
});
/** A custom checkout field in its response form, as `customFieldSchema` parses it. */
export type CustomField = Infer<typeof customFieldSchema>;

/** Largest number of custom fields one checkout or product takes. */
export const MAX_CUSTOM_FIELDS = 3;
/** Longest custom field key the service accepts. */
export const MAX_CUSTOM_FIELD_KEY = 200;
/**
 * Longest custom field label, in characters: the service's schema maximum of 200, not the 50 its
 * text mentions (service-interface.md, Limits).
 */
export const MAX_CUSTOM_FIELD_LABEL = 200;

/**
 * A Product of the service's interface, also embedded in a subscription or checkout; `price` is in
 * cents. A loose object: unknown extra fields pass.
 */
export const productSchema = z.looseObject({
  ...resource,
  name: z.string(),
  description: z.string(),
  image_url: optional(z.string()),
  features: optional(z.array(featureSchema)),
  price: z.number(),
  currency: z.string(),
  billing_type: openEnum<typeof billingTypes>(),
  billing_period: openEnum<typeof billingPeriods>(),
  status: openEnum<typeof productStatuses>(),
  tax_mode: openEnum<typeof taxModes>(),
  tax_category: openEnum<typeof taxCategories>(),
  product_url: optional(z.string()),
  default_success_url: nullish(z.string()),
  custom_fields: nullish(z.array(customFieldSchema)),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A Product of the service, as `productSchema` parses it; `price` is in cents. */
export type Product = Infer<typeof productSchema>;

// ---------------------------------------------------------------------------------------------
// Customers and transactions
// ---------------------------------------------------------------------------------------------

/**
 * A Customer of the service's interface; `country` is always present but may be null. A loose
 * object: unknown extra fields pass.
 */
export const customerSchema = z.looseObject({
  ...resource,
  email: z.string(),
  name: nullish(z.string()),
  metadata: nullish(metadataSchema),
  // "required key", nullable: the key is always there, its value may be null.
  country: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A Customer of the service, as `customerSchema` parses it. */
export type Customer = Infer<typeof customerSchema>;

/**
 * A Transaction of the service: a payment or an invoice (`type`). Its `created_at`,
 * `period_start` and `period_end` are Unix milliseconds.
 */
export const transactionSchema = z.looseObject({
  ...resource,
  amount: z.number(),
  amount_paid: nullish(z.number()),
  discount_amount: nullish(z.number()),
  currency: z.string(),
  type: openEnum<typeof transactionTypes>(),
  status: openEnum<typeof transactionStatuses>(),
  tax_country: nullish(z.string()),
  tax_amount: nullish(z.number()),
  refunded_amount: nullish(z.number()),
  order: nullish(z.string()),
  subscription: nullish(z.string()),
  customer: nullish(z.string()),
  description: optional(z.string()),
  period_start: optional(z.number()),
  period_end: optional(z.number()),
  created_at: z.number(),
});
/**
 * A Transaction of the service, as `transactionSchema` parses it; `created_at`, `period_start`
 * and `period_end` are Unix milliseconds.
 */
export type Transaction = Infer<typeof transactionSchema>;

// ---------------------------------------------------------------------------------------------
// Subscriptions
// ---------------------------------------------------------------------------------------------

/**
 * A Subscription item, one entry of a subscription's `items`. A loose object: unknown extra fields
 * pass.
 */
export const subscriptionItemSchema = z.looseObject({
  ...resource,
  product_id: optional(z.string()),
  price_id: optional(z.string()),
  units: nullish(z.number()),
});
/** A Subscription item (one of a subscription's `items`), as `subscriptionItemSchema` parses it. */
export type SubscriptionItem = Infer<typeof subscriptionItemSchema>;

/** The discount embedded in a subscription or checkout (camelCase, as the service sends it). */
export const subscriptionDiscountSchema = z.looseObject({
  id: optional(z.string()),
  discountCode: optional(z.string()),
  name: optional(z.string()),
  type: optional(openEnum<typeof discountTypes>()),
  amount: optional(z.number()),
  duration: optional(openEnum<typeof discountDurations>()),
  durationInMonths: nullish(z.number()),
});
/**
 * The discount embedded in a subscription or checkout (camelCase fields), as
 * `subscriptionDiscountSchema` parses it.
 */
export type SubscriptionDiscount = Infer<typeof subscriptionDiscountSchema>;

/**
 * A Subscription of the service's interface; `product` and `customer` are each the object or its
 * id, and `status` is open (see `subscriptionStatuses`). A loose object: unknown extra fields pass.
 */
export const subscriptionSchema = z.looseObject({
  ...resource,
  product: z.union([productSchema, z.string()]),
  customer: z.union([customerSchema, z.string()]),
  items: optional(z.array(subscriptionItemSchema)),
  collection_method: openEnum<readonly ['charge_automatically']>(),
  status: openEnum<typeof subscriptionStatuses>(),
  last_transaction_id: nullish(z.string()),
  last_transaction: nullish(transactionSchema),
  last_transaction_date: nullish(z.string()),
  next_transaction_date: nullish(z.string()),
  current_period_start_date: nullish(z.string()),
  current_period_end_date: nullish(z.string()),
  canceled_at: nullish(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  discount: nullish(subscriptionDiscountSchema),
  metadata: nullish(metadataSchema),
});
/**
 * A Subscription of the service, as `subscriptionSchema` parses it; `product` and `customer` are
 * each the object or its id.
 */
export type Subscription = Infer<typeof subscriptionSchema>;
/**
 * A subscription's `status`: one of `subscriptionStatuses`, or any other string the service sends
 * (such as `expired`).
 */
export type SubscriptionStatus = Subscription['status'];

// ---------------------------------------------------------------------------------------------
// Discounts and licenses
// ---------------------------------------------------------------------------------------------

/**
 * A Discount (a discount code) of the service's interface, as `GET /v1/discounts` and
 * `DELETE /v1/discounts/{id}/delete` answer it. A loose object: unknown extra fields pass.
 */
export const discountSchema = z.looseObject({
  ...resource,
  status: openEnum<typeof discountStatuses>(),
  name: z.string(),
  code: z.string(),
  type: openEnum<typeof discountTypes>(),
  amount: nullish(z.number()),
  currency: nullish(z.string()),
  percentage: nullish(z.number()),
  expiry_date: nullish(z.string()),
  max_redemptions: nullish(z.number()),
  duration: optional(openEnum<typeof discountDurations>()),
  duration_in_months: nullish(z.number()),
  applies_to_products: optional(z.array(z.string())),
  redeem_count: optional(z.number()),
});
/** A Discount (a discount code) of the service, as `discountSchema` parses it. */
export type Discount = Infer<typeof discountSchema>;

/**
 * A License instance of the service's interface, as a license's `instance` carries it. A loose
 * object: unknown extra fields pass.
 */
export const licenseInstanceSchema = z.looseObject({
  ...resource,
  name: z.string(),
  status: openEnum<typeof licenseInstanceStatuses>(),
  created_at: z.string(),
});
/** A License instance (a license's `instance`), as `licenseInstanceSchema` parses it. */
export type LicenseInstance = Infer<typeof licenseInstanceSchema>;

/** A license key. `activation_limit: null` means unlimited; `expires_at: null` never expires. */
export const licenseSchema = z.looseObject({
  ...resource,
  product_id: z.string(),
  status: openEnum<typeof licenseStatuses>(),
  key: z.string(),
  activation: z.number(),
  activation_limit: nullish(z.number()),
  expires_at: nullish(z.string()),
  created_at: z.string(),
  instance: nullish(licenseInstanceSchema),
});
/** A License (a license key) of the service, as `licenseSchema` parses it. */
export type License = Infer<typeof licenseSchema>;

// ---------------------------------------------------------------------------------------------
// Checkouts and orders
// ---------------------------------------------------------------------------------------------

/**
 * An Order of the service's interface, as a checkout's `order` carries it. A loose object: unknown
 * extra fields pass.
 */
export const orderSchema = z.looseObject({
  ...resource,
  product: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: openEnum<typeof orderStatuses>(),
  type: openEnum<typeof orderTypes>(),
  created_at: z.string(),
  updated_at: z.string(),
  customer: nullish(z.string()),
  transaction: nullish(z.string()),
  discount: nullish(z.string()),
  sub_total: optional(z.number()),
  tax_amount: optional(z.number()),
  discount_amount: optional(z.number()),
  amount_due: optional(z.number()),
  amount_paid: optional(z.number()),
  fx_amount: nullish(z.number()),
  fx_currency: nullish(z.string()),
  fx_rate: nullish(z.number()),
  affiliate: nullish(z.string()),
});
/** An Order of the service (a checkout's `order`), as `orderSchema` parses it. */
export type Order = Infer<typeof orderSchema>;

/**
 * A checkout feature object, one entry of a checkout's `feature`: what the buyer gets (files, a
 * license key, credits, a private note); every field may be absent. A loose object: unknown extra
 * fields pass.
 */
export const checkoutFeatureSchema = z.looseObject({
  id: nullish(z.string()),
  description: nullish(z.string()),
  type: nullish(openEnum<typeof featureTypes>()),
  private_note: nullish(z.string()),
  file: nullish(
    z.looseObject({
      files: z.array(
        z.looseObject({
          id: z.string(),
          file_name: z.string(),
          url: z.string(),
          type: z.string(),
          size: z.number(),
        }),
      ),
    }),
  ),
  license_key: nullish(licenseSchema),
  customer_credits: nullish(z.looseObject({ amount: z.string(), unit_label: nullish(z.string()) })),
  license: nullish(licenseSchema),
});
/** A checkout feature (one of a checkout's `feature`), as `checkoutFeatureSchema` parses it. */
export type CheckoutFeature = Infer<typeof checkoutFeatureSchema>;

/**
 * A Checkout (a checkout session) of the service's interface, as `POST /v1/checkouts` answers it;
 * the buyer is sent to `checkout_url`. `product`, `subscription` and `customer` are each an id or
 * the object. A loose object: unknown extra fields pass.
 */
export const checkoutSchema = z.looseObject({
  ...resource,
  status: openEnum<typeof checkoutStatuses>(),
  product: z.union([z.string(), productSchema]),
  request_id: nullish(z.string()),
  units: nullish(z.number()),
  custom_price: nullish(z.number()),
  order: nullish(orderSchema),
  subscription: nullish(z.union([z.string(), subscriptionSchema])),
  customer: nullish(z.union([z.string(), customerSchema])),
  custom_fields: nullish(z.array(customFieldSchema)),
  checkout_url: optional(z.string()),
  success_url: nullish(z.string()),
  license_keys: nullish(z.array(licenseSchema)),
  feature: nullish(z.array(checkoutFeatureSchema)),
  metadata: nullish(metadataSchema),
  discount: nullish(subscriptionDiscountSchema),
});
/**
 * A Checkout (a checkout session) of the service, as `checkoutSchema` parses it; the buyer is sent
 * to its `checkout_url`.
 */
export type Checkout = Infer<typeof checkoutSchema>;

// ---------------------------------------------------------------------------------------------
// Customer credits
// ---------------------------------------------------------------------------------------------

/**
 * A Customer-credits account of the service's interface (it carries no `mode` or `object`). A loose
 * object: unknown extra fields pass.
 */
export const creditsAccountSchema = z.looseObject({
  id: z.string(),
  store_id: z.string(),
  customer_id: z.string(),
  name: z.string(),
  unit_label: z.string(),
  status: openEnum<typeof creditsAccountStatuses>(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A Customer-credits account of the service, as `creditsAccountSchema` parses it. */
export type CreditsAccount = Infer<typeof creditsAccountSchema>;

/** One side of a credits transaction. `amount` is a decimal string: never a JS number. */
export const creditsEntrySchema = z.looseObject({
  id: z.string(),
  transaction_id: z.string(),
  account_id: z.string(),
  side: openEnum<typeof entrySides>(),
  amount: z.string(),
  created_at: z.string(),
});
/**
 * A customer-credits Entry (one side of a credits transaction), as `creditsEntrySchema` parses it;
 * `amount` is a decimal string.
 */
export type CreditsEntry = Infer<typeof creditsEntrySchema>;

/**
 * A Customer-credits transaction of the service's interface, with its entries; `reversal_of` is set
 * only on a reversal. A loose object: unknown extra fields pass.
 */
export const creditsTransactionSchema = z.looseObject({
  id: z.string(),
  store_id: z.string(),
  reference: nullish(z.string()),
  idempotency_key: nullish(z.string()),
  entries: z.array(creditsEntrySchema),
  created_at: z.string(),
  reversal_of: nullish(z.string()),
});
/**
 * A Customer-credits transaction of the service with its entries, as `creditsTransactionSchema`
 * parses it.
 */
export type CreditsTransaction = Infer<typeof creditsTransactionSchema>;

// ---------------------------------------------------------------------------------------------
// Lists, stats and errors
// ---------------------------------------------------------------------------------------------

/**
 * The Pagination object of a page-numbered list (see `pageListSchema`): all five fields required,
 * `next_page` and `prev_page` null when there is none. A loose object: unknown extra fields pass.
 */
export const paginationSchema = z.looseObject({
  total_records: z.number(),
  total_pages: z.number(),
  current_page: z.number(),
  next_page: z.nullable(z.number()),
  prev_page: z.nullable(z.number()),
});
/** The Pagination object of a page-numbered list, as `paginationSchema` parses it. */
export type Pagination = Infer<typeof paginationSchema>;

/** A page-numbered list: `{ items, pagination }`. */
export function pageListSchema<T extends z.core.SomeType>(item: T) {
  return z.looseObject({ items: z.array(item), pagination: paginationSchema });
}
/** A page-numbered list of `T` (`{ items, pagination }`), as `pageListSchema(item)` parses it. */
export type PageList<T> = { items: T[]; pagination: Pagination };

/** A cursor list: `{ object: 'list', data, has_more }`. */
export function cursorListSchema<T extends z.core.SomeType>(item: T) {
  return z.looseObject({ object: z.string(), data: z.array(item), has_more: z.boolean() });
}
/**
 * A cursor list of `T` (`{ object: 'list', data, has_more }`), as `cursorListSchema(item)` parses
 * it.
 */
export type CursorList<T> = { object: string; data: T[]; has_more: boolean };

/**
 * The `totals` of the Store metrics summary (`GET /v1/stats/summary`): nine numbers, all required.
 * A loose object: unknown extra fields pass.
 */
export const statsTotalsSchema = z.looseObject({
  totalProducts: z.number(),
  totalSubscriptions: z.number(),
  totalCustomers: z.number(),
  totalPayments: z.number(),
  activeSubscriptions: z.number(),
  totalRevenue: z.number(),
  totalNetRevenue: z.number(),
  netMonthlyRecurringRevenue: z.number(),
  monthlyRecurringRevenue: z.number(),
});
/** The `totals` of the Store metrics summary, as `statsTotalsSchema` parses them. */
export type StatsTotals = Infer<typeof statsTotalsSchema>;

/**
 * One entry of the Store metrics summary's `periods`: its `timestamp` (Unix milliseconds) and its
 * gross and net revenue. A loose object: unknown extra fields pass.
 */
export const statsPeriodSchema = z.looseObject({
  timestamp: z.number(),
  grossRevenue: z.number(),
  netRevenue: z.number(),
});
/** One entry of the Store metrics summary's `periods`, as `statsPeriodSchema` parses it. */
export type StatsPeriod = Infer<typeof statsPeriodSchema>;

/**
 * The Store metrics summary that `GET /v1/stats/summary` answers; `periods` is present only when
 * the query gives `interval`, `startDate` and `endDate`. A loose object: unknown extra fields pass.
 */
export const statsSummarySchema = z.looseObject({
  totals: statsTotalsSchema,
  periods: optional(z.array(statsPeriodSchema)),
});
/** The Store metrics summary of `GET /v1/stats/summary`, as `statsSummarySchema` parses it. */
export type StatsSummary = Infer<typeof statsSummarySchema>;

/** The general error body. `message` may be absent (403); read `status`, not `error`. */
export const serviceErrorSchema = z.looseObject({
  trace_id: optional(z.string()),
  status: z.number(),
  error: optional(z.string()),
  message: optional(z.union([z.array(z.string()), z.string()])),
  timestamp: optional(z.number()),
});
/** The service's general error body, as `serviceErrorSchema` parses it. */
export type ServiceError = Infer<typeof serviceErrorSchema>;

/** The error body of the customer-credits operations. */
export const creditsErrorSchema = z.looseObject({
  error: z.looseObject({
    type: openEnum<typeof creditsErrorTypes>(),
    code: nullish(z.string()),
    message: z.string(),
    param: nullish(z.string()),
    request_id: optional(z.string()),
  }),
});
/** The error body of the customer-credits operations, as `creditsErrorSchema` parses it. */
export type CreditsError = Infer<typeof creditsErrorSchema>;

/** The customer portal link. */
export const portalLinkSchema = z.looseObject({ customer_portal_link: z.string() });
/**
 * The customer portal link that `POST /v1/customers/billing` (and the proxy's `POST /portal`)
 * answers, as `portalLinkSchema` parses it.
 */
export type PortalLink = Infer<typeof portalLinkSchema>;
