// The service's requests: path parameters, queries and bodies, checked before sending (what we
// send must be what the service accepts; a key no schema names is dropped, and the client
// refuses an unknown top-level key before that). Apart from the resources in `schemas.ts` so that a browser
// bundle, which parses answers but sends nothing to the service, leaves them out.
import * as z from 'zod/mini';
import { CUSTOM_FIELD_KEY_PATTERN } from './custom-field-rules.js';
import { email, httpUrl, id, numberOrDigits, positiveInt } from './fields.js';
import {
  customFieldTypes,
  type Infer,
  MAX_CUSTOM_FIELD_KEY,
  MAX_CUSTOM_FIELD_LABEL,
  MAX_CUSTOM_FIELDS,
  metadataSchema,
  statsCurrencies,
  statsIntervals,
  updateBehaviors,
} from './schemas.js';

const optional = <T extends z.core.SomeType>(schema: T) => z.optional(schema);

/** The fields of a custom field's `text` part as a request sends it. */
export const customFieldTextInputShape = {
  max_length: optional(z.int().check(z.minimum(1))),
  min_length: optional(z.int().check(z.minimum(0))),
};
/** The fields of a custom field's `checkbox` part as a request sends it. */
export const customFieldCheckboxInputShape = { label: optional(z.string()) };

/** A custom checkout field as a request sends it (`text.min_length`). */
export const customFieldInputSchema = z.object({
  type: z.enum(customFieldTypes),
  key: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(MAX_CUSTOM_FIELD_KEY),
      z.regex(CUSTOM_FIELD_KEY_PATTERN, 'must be letters and digits only'),
    ),
  label: z.string().check(z.minLength(1), z.maxLength(MAX_CUSTOM_FIELD_LABEL)),
  // Nullable as the interface's Custom field says (`boolean, nullable`; null means the default, false).
  optional: optional(z.nullable(z.boolean())),
  text: optional(z.object(customFieldTextInputShape)),
  checkbox: optional(z.object(customFieldCheckboxInputShape)),
});
/** A custom checkout field in its request form, as `customFieldInputSchema` checks it. */
export type CustomFieldInput = Infer<typeof customFieldInputSchema>;

const pageQuery = {
  page_number: optional(positiveInt),
  page_size: optional(positiveInt),
};
const cursorQuery = {
  limit: optional(z.pipe(numberOrDigits(), z.int().check(z.minimum(1), z.maximum(100)))),
  starting_after: optional(id),
  ending_before: optional(id),
};

/**
 * The query of a page-numbered list: `page_number` and `page_size`, both optional whole numbers
 * from 1 (digits from a query string too); left out, the service's defaults apply.
 */
export const pageQuerySchema = z.object(pageQuery);
/**
 * The query of a cursor list (the credits accounts and entries): `limit` (1 to 100; the service's
 * default is 10, api-notes.md), `starting_after` and `ending_before`, all optional.
 */
export const cursorQuerySchema = z.object(cursorQuery);

/** Path parameters of `GET /v1/customers/{customer_id}/subscriptions`: the customer's id. */
export const listCustomerSubscriptionsParams = z.object({ customer_id: id });
/**
 * Query of `GET /v1/customers/{customer_id}/subscriptions`: `page_number` (service default 1) and
 * `page_size` (service default 10).
 */
export const listCustomerSubscriptionsQuery = z.object(pageQuery);
/**
 * Query of `GET /v1/customers/list`: `page_number` (service default 1) and `page_size` (service
 * default 50); the names and defaults are from api-notes.md.
 */
export const listCustomersQuery = z.object(pageQuery);
/** Body of `POST /v1/customers/billing` (a customer portal link): the `customer_id`. */
export const createPortalLinkBody = z.object({ customer_id: id });

/** Query of `GET /v1/subscriptions`: the `subscription_id` (its name is from api-notes.md). */
export const retrieveSubscriptionQuery = z.object({ subscription_id: id });
/** Path parameters of `POST /v1/subscriptions/{subscription_id}/upgrade`: the subscription's id. */
export const upgradeSubscriptionParams = z.object({ subscription_id: id });
/**
 * Body of `POST /v1/subscriptions/{subscription_id}/upgrade`: the `product_id` to move to and an
 * optional `update_behavior` (one of `updateBehaviors`; the service's default is
 * `proration-charge-immediately`).
 */
export const upgradeSubscriptionBody = z.object({
  product_id: id,
  update_behavior: optional(z.enum(updateBehaviors)),
});
/**
 * The body of `POST /v1/subscriptions/{subscription_id}/upgrade`, as `upgradeSubscriptionBody`
 * checks it.
 */
export type UpgradeSubscriptionBody = Infer<typeof upgradeSubscriptionBody>;

/**
 * Body of `POST /v1/checkouts`: only `product_id` is required; `units` from 1, `custom_price` from
 * 0, at most `MAX_CUSTOM_FIELDS` custom fields, an http(s) `success_url`.
 */
export const createCheckoutBody = z.object({
  product_id: id,
  request_id: optional(z.string()),
  units: optional(z.int().check(z.minimum(1))),
  custom_price: optional(z.int().check(z.minimum(0))),
  discount_code: optional(z.string()),
  customer: optional(z.object({ id: optional(id), email: optional(email) })),
  custom_fields: optional(z.array(customFieldInputSchema).check(z.maxLength(MAX_CUSTOM_FIELDS))),
  /** Deprecated alias of `custom_fields` that the service still accepts. */
  custom_field: optional(z.array(customFieldInputSchema).check(z.maxLength(MAX_CUSTOM_FIELDS))),
  success_url: optional(httpUrl),
  metadata: optional(metadataSchema),
});
/** The body of `POST /v1/checkouts`, as `createCheckoutBody` checks it. */
export type CreateCheckoutBody = Infer<typeof createCheckoutBody>;

/**
 * Query of `GET /v1/transactions/search`: optional `customer_id`, `order_id` and `product_id`
 * filters and a page (service defaults: page 1, size 10); the names are from api-notes.md.
 */
export const searchTransactionsQuery = z.object({
  customer_id: optional(id),
  order_id: optional(id),
  product_id: optional(id),
  ...pageQuery,
});

/** Query of `GET /v1/discounts`: exactly one of `discount_id` and `discount_code`. */
export const retrieveDiscountQuery = z
  .object({ discount_id: optional(id), discount_code: optional(id) })
  .check(
    z.refine((q) => (q.discount_id === undefined) !== (q.discount_code === undefined), {
      message: 'is needed, or discount_code instead, but not both',
      path: ['discount_id'],
    }),
  );
/** Path parameters of `DELETE /v1/discounts/{discount_id}/delete`: the discount's id. */
export const deleteDiscountParams = z.object({ discount_id: id });

/** Body of `POST /v1/licenses/validate`: the license `key` and the `instance_id`, both required. */
export const validateLicenseBody = z.object({ key: id, instance_id: id });

/**
 * A time in Unix milliseconds: a whole number, or its digits as a query string carries them
 * (`z.coerce.number()` would turn an empty or blank parameter into 0, 1970).
 */
const unixMillis = z.pipe(
  numberOrDigits('must be Unix milliseconds, a whole number such as 1740614400000', /^-?\d+$/),
  z.int(),
);

/** Statistics query; `interval` needs both `startDate` and `endDate` (Unix milliseconds). */
export const statsSummaryQuery = z
  .object({
    currency: z.enum(statsCurrencies),
    startDate: optional(unixMillis),
    endDate: optional(unixMillis),
    interval: optional(z.enum(statsIntervals)),
  })
  .check(
    z.refine((q) => !q.interval || (q.startDate !== undefined && q.endDate !== undefined), {
      message: 'needs both startDate and endDate',
      path: ['interval'],
    }),
    // Compared only when both read as numbers: a date that failed its own check (the object's
    // checks still run) is named once, by that check, not again here.
    z.refine(
      (q) =>
        typeof q.startDate !== 'number' ||
        typeof q.endDate !== 'number' ||
        q.startDate <= q.endDate,
      {
        message: 'must not be after endDate',
        path: ['startDate'],
      },
    ),
  );

/**
 * Query of `GET /v1/customer-credits/accounts`: an optional owner filter (`customer_id`) and the
 * cursor query (see `cursorQuerySchema`).
 */
export const listCreditAccountsQuery = z.object({ customer_id: optional(id), ...cursorQuery });
/**
 * Path parameters of the operations on one customer-credits account
 * (`/v1/customer-credits/accounts/{account_id}` and its `/entries`, `/credit` and `/reverse`): the
 * account's id.
 */
export const creditAccountParams = z.object({ account_id: id });
/**
 * Query of `GET /v1/customer-credits/accounts/{account_id}/entries`: the cursor query (see
 * `cursorQuerySchema`).
 */
export const listCreditEntriesQuery = z.object(cursorQuery);

/** A positive decimal string of any size, such as "100" or "12.5". */
export const positiveAmountSchema = z.string().check(
  z.regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "100" or "12.5"'),
  z.refine((s) => /[1-9]/.test(s), 'must be greater than zero'),
);

/**
 * Body of a credit: `amount` (a positive decimal string), `reference` (the caller's id linking
 * the transaction to an event in its system) and `idempotency_key`, all three required, as the
 * service's API requires them. The key makes a repeat safe: the same key and body book one
 * transaction, so the call may be retried.
 */
export const creditAccountBody = z.object({
  amount: positiveAmountSchema,
  reference: z.string(),
  idempotency_key: id,
});
/**
 * The body of `POST /v1/customer-credits/accounts/{account_id}/credit`, as `creditAccountBody`
 * checks it.
 */
export type CreditAccountBody = Infer<typeof creditAccountBody>;
/** Body of a reversal: the `transaction_id` to undo. It carries no idempotency key. */
export const reverseCreditTransactionBody = z.object({ transaction_id: id });

/**
 * Query of `GET /v1/products`, the one operation outside the interface document (api-notes.md): the
 * `product_id`.
 */
export const retrieveProductQuery = z.object({ product_id: id });
