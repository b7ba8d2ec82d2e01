// Checkouts: `POST /v1/checkouts`, and what the hosted checkout page's Pay and Decline do.
//
// The hosted page (checkout-page.ts) reads a checkout with `checkoutView(store, id)`, checks
// the buyer's answers with `checkAnswers`, and calls `payCheckout` or `declineCheckout`.

import { isAmount, isZeroAmount } from '../contract/amount.js';
import { customFieldRuleProblems } from '../contract/custom-field-rules.js';
import { nestsAtMost, stableJson } from '../contract/fields.js';
import { addBillingPeriod, isBillingPeriod } from '../contract/period.js';
import type { CreateCheckoutBody, CustomFieldInput } from '../contract/requests.js';
import type {
  Checkout,
  CheckoutFeature,
  Customer,
  CustomField,
  Discount,
  License,
  LicenseInstance,
  Product,
  SubscriptionDiscount,
} from '../contract/schemas.js';
import { isCheckoutCountry } from './countries.js';
import { badRequest, notFound, SandboxError } from './errors.js';
import { priceIdOf } from './operations.js';
import { copy } from './present.js';
import { type Charge, priceCharge } from './pricing.js';
import { returnUrlOf } from './return-url.js';
import type { CheckoutRecord, SandboxStore, StoredSubscription } from './state.js';

/** Grants credits to a customer (the sandbox wires it to the ledger). Answers the account id. */
export type GrantCredits = (grant: {
  customerId: string;
  amount: string;
  unitLabel: string;
  /** Unique per checkout and feature: paying twice cannot grant twice. */
  idempotencyKey: string;
  reference: string;
}) => string;

// ---------------------------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------------------------

/** Why a discount code cannot be used on a product now, or null when it can. */
export function discountProblem(
  discount: Discount | undefined,
  product: Product,
  now: number,
): string | null {
  if (!discount || discount.status === 'deleted') return 'does not exist';
  if (discount.status !== 'active') return `is ${discount.status}, not active`;
  if (discount.expiry_date && Date.parse(discount.expiry_date) <= now) {
    return `expired on ${discount.expiry_date}`;
  }
  const max = discount.max_redemptions;
  if (max !== null && max !== undefined && (discount.redeem_count ?? 0) >= max) {
    return `has reached its limit of ${max} redemptions`;
  }
  const products = discount.applies_to_products ?? [];
  if (products.length > 0 && !products.includes(product.id)) {
    return `does not apply to product ${product.id}`;
  }
  if (discount.type === 'fixed' && discount.currency && discount.currency !== product.currency) {
    return `is in ${discount.currency} and cannot discount a ${product.currency} price`;
  }
  return null;
}

/** A custom field's request form from its response form (a product's definitions). */
export function fieldInputOf(field: CustomField): CustomFieldInput {
  const type = field.type === 'checkbox' ? 'checkbox' : 'text';
  const input: CustomFieldInput = { type, key: field.key, label: field.label };
  if (field.optional !== null && field.optional !== undefined) input.optional = field.optional;
  if (type === 'text' && field.text) {
    input.text = {};
    if (typeof field.text.max_length === 'number') input.text.max_length = field.text.max_length;
    if (typeof field.text.minimum_length === 'number') {
      input.text.min_length = field.text.minimum_length;
    }
  }
  if (type === 'checkbox' && field.checkbox) {
    input.checkbox = field.checkbox.label ? { label: field.checkbox.label } : {};
  }
  return input;
}

/** A custom field's response form, with the buyer's answer once given. */
export function fieldOutputOf(field: CustomFieldInput, answer?: string | boolean): CustomField {
  const out: CustomField = {
    type: field.type,
    key: field.key,
    label: field.label,
    optional: field.optional ?? false,
  };
  if (field.type === 'text') {
    out.text = {
      max_length: field.text?.max_length ?? null,
      minimum_length: field.text?.min_length ?? null,
      value: typeof answer === 'string' ? answer : null,
    };
  } else {
    out.checkbox = {
      label: field.checkbox?.label ?? null,
      value: typeof answer === 'boolean' ? answer : null,
    };
  }
  return out;
}

/**
 * Rules on custom fields that one field's schema cannot see (unique keys, a least length no
 * greater than the most, no `text` on a checkbox nor `checkbox` on a text field), in the
 * contract's one statement of the service's rules, each naming its path in the body.
 */
function checkFields(fields: CustomFieldInput[], name: string): string[] {
  return customFieldRuleProblems(fields).map(({ index, path, message }) => {
    const at = index < 0 ? name : `${name}.${index}`;
    return `${path ? `${at}.${path}` : at} ${message}`;
  });
}

/** The deepest metadata the sandbox walks: far past any real use, well inside a stack. */
const SANDBOX_METADATA_DEPTH = 256;

/**
 * The discount as a checkout or subscription embeds it (camelCase). `durationInMonths` is a
 * number in the interface, not nullable: a discount without `duration_in_months` (one that is
 * not `repeating`) leaves it out rather than sending null.
 */
export function embeddedDiscount(discount: Discount): SubscriptionDiscount {
  const months = discount.duration_in_months;
  return {
    id: discount.id,
    discountCode: discount.code,
    name: discount.name,
    type: discount.type,
    amount:
      discount.type === 'percentage'
        ? (discount.percentage ?? discount.amount ?? 0)
        : (discount.amount ?? 0),
    duration: discount.duration ?? 'once',
    ...(months === null || months === undefined ? {} : { durationInMonths: months }),
  };
}

/**
 * `POST /v1/checkouts`. Checks the product (exists, active), the discount code (active, not
 * expired, under `max_redemptions`, for this product and currency), the custom fields (at most
 * 3, unique alphanumeric keys ≤ 200, labels ≤ 200, text lengths; `custom_field` is the
 * deprecated alias, taken alone or beside `custom_fields` when both are the same) and the customer
 * (only one of `id` and `email`, else 400 naming `customer`; `id` must exist; a known `email`
 * links to its customer).
 * A repeat of the same `request_id` with the same body, while that checkout is still pending,
 * answers it again (a retry makes no second one); once it is paid the reference is the caller's
 * to reuse, and a new checkout is made (the service only echoes `request_id`).
 */
export function createCheckout(
  store: SandboxStore,
  body: CreateCheckoutBody,
  publicBase: string,
): Checkout {
  // The service documents no limit; the sandbox walks metadata (the fingerprint below), and
  // refuses only what it cannot walk rather than failing with a 500.
  if (body.metadata && !nestsAtMost(body.metadata, SANDBOX_METADATA_DEPTH)) {
    throw badRequest(
      'metadata',
      `must nest at most ${SANDBOX_METADATA_DEPTH} levels of objects and arrays in the sandbox; flatten it`,
    );
  }
  const fingerprint = stableJson(body);
  if (body.request_id) {
    const previous = store.checkouts.get(store.checkoutByRequestId.get(body.request_id) ?? '');
    if (
      previous &&
      previous.fingerprint === fingerprint &&
      previous.checkout.status === 'pending'
    ) {
      return copy(previous.checkout);
    }
  }

  const product = store.products.get(body.product_id);
  if (!product) throw notFound('product', body.product_id, 'product_id');
  const problems: string[] = [];
  if (product.status !== 'active') {
    problems.push(`product_id ${product.id} is ${product.status} and cannot be bought`);
  }
  let discount: Discount | undefined;
  if (body.discount_code !== undefined) {
    discount = store.discountByCodeOf(body.discount_code);
    const problem = discountProblem(discount, product, store.now());
    if (problem) problems.push(`discount_code "${body.discount_code}" ${problem}`);
  }
  const fieldName = body.custom_fields ? 'custom_fields' : 'custom_field';
  const requested = body.custom_fields ?? body.custom_field;
  // The deprecated alias beside the field itself is harmless when it says the same (a client
  // in transition sends both); when they differ there is no telling which the caller meant.
  if (
    body.custom_fields &&
    body.custom_field &&
    stableJson(body.custom_fields) !== stableJson(body.custom_field)
  ) {
    problems.push(
      'custom_fields and custom_field (its deprecated alias) differ; send only custom_fields',
    );
  }
  if (requested) problems.push(...checkFields(requested, fieldName));

  let customer: Customer | undefined;
  if (body.customer?.id !== undefined && body.customer.email !== undefined) {
    // The service's CustomerRequestEntity: "You may specify only one of these parameters: id or
    // email." A pair is refused even when it names the same customer.
    problems.push(
      'customer takes only one of id or email: send only one of id or email (the id when you know it)',
    );
  } else if (body.customer?.id !== undefined) {
    customer = store.customers.get(body.customer.id);
    if (!customer) throw notFound('customer', body.customer.id, 'customer.id');
  } else if (body.customer?.email !== undefined) {
    customer = store.customerOfEmail(body.customer.email);
  }
  if (problems.length > 0) {
    const first = problems[0] as string;
    throw new SandboxError(400, problems, {
      param: first.slice(0, first.indexOf(' ')),
      code: 'parameter_invalid',
    });
  }

  const fields = requested ?? (product.custom_fields ?? []).map(fieldInputOf);
  const id = store.id('ch');
  const checkout: Checkout = {
    id,
    mode: 'test',
    object: 'checkout',
    status: 'pending',
    product: product.id,
    units: body.units ?? 1,
    custom_fields: fields.map((field) => fieldOutputOf(field)),
    checkout_url: `${publicBase}/checkout/${id}`,
    success_url: body.success_url ?? product.default_success_url ?? null,
  };
  if (body.request_id !== undefined) checkout.request_id = body.request_id;
  if (body.custom_price !== undefined) checkout.custom_price = body.custom_price;
  if (customer) checkout.customer = customer.id;
  if (body.metadata !== undefined) checkout.metadata = body.metadata;
  if (discount) checkout.discount = embeddedDiscount(discount);

  store.addCheckout({
    checkout,
    productId: product.id,
    units: body.units ?? 1,
    unitPrice: body.custom_price ?? product.price,
    customerId: customer?.id ?? null,
    customerEmail: customer ? null : (body.customer?.email ?? null),
    discountId: discount?.id ?? null,
    fields,
    fingerprint,
    transactionIds: [],
  });
  return copy(checkout);
}

// ---------------------------------------------------------------------------------------------
// The hosted page: view, answers, Pay, Decline
// ---------------------------------------------------------------------------------------------

/** What the hosted checkout page shows. */
export type CheckoutView = {
  checkout: Checkout;
  product: Product;
  /** Units × price, discount, tax per `tax_mode`, amount due. */
  charge: Charge;
  discount: Discount | null;
  /** The fields to ask, in request form (`text.min_length`). */
  fields: CustomFieldInput[];
  /** The customer already known for this checkout, if any (else the page asks an email). */
  customer: Customer | null;
  /** An email the request gave for a customer not yet known. */
  email: string | null;
  /**
   * Whether Pay would create a new customer: none is known for the checkout and none has its
   * `email` (one may have been made with it since the checkout was). The hosted page then asks
   * the name and country, and the email unless the request gave one.
   */
  newCustomer: boolean;
};

function recordOf(store: SandboxStore, checkoutId: string): CheckoutRecord {
  const record = store.checkouts.get(checkoutId);
  if (!record) throw notFound('checkout', checkoutId, 'checkout_id');
  return record;
}

/** Everything the hosted page needs to show a checkout; 404 SandboxError when unknown. */
export function checkoutView(store: SandboxStore, checkoutId: string): CheckoutView {
  const record = recordOf(store, checkoutId);
  const product = store.products.get(record.productId) as Product;
  const discount = record.discountId ? (store.discounts.get(record.discountId) ?? null) : null;
  return {
    checkout: copy(record.checkout),
    product: copy(product),
    charge: priceCharge(product, record.unitPrice, record.units, discount),
    discount: discount ? copy(discount) : null,
    fields: copy(record.fields),
    customer: record.customerId ? copy(store.customers.get(record.customerId) ?? null) : null,
    email: record.customerEmail,
    newCustomer:
      record.customerId === null &&
      (record.customerEmail === null || store.customerOfEmail(record.customerEmail) === undefined),
  };
}

/** The buyer's answers to the custom fields, by field key: text or checked. */
export type CheckoutAnswers = Record<string, string | boolean | undefined>;

/** A problem with one answer, for the page to show beside its field. */
export type AnswerProblem = { key: string; message: string };

/**
 * Checks the buyer's answers under each field's rules: a required text field needs a value
 * between `min_length` and `max_length` characters; a required checkbox must be checked.
 */
export function checkAnswers(
  fields: CustomFieldInput[],
  answers: CheckoutAnswers,
): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  for (const field of fields) {
    const answer = answers[field.key];
    const required = field.optional !== true;
    if (field.type === 'checkbox') {
      if (required && answer !== true) {
        problems.push({ key: field.key, message: `${field.label} must be checked` });
      }
      continue;
    }
    const text = typeof answer === 'string' ? answer.trim() : '';
    if (text === '') {
      if (required) problems.push({ key: field.key, message: `${field.label} is required` });
      continue;
    }
    const min = field.text?.min_length;
    const max = field.text?.max_length;
    if (min !== undefined && text.length < min) {
      problems.push({ key: field.key, message: `${field.label} needs at least ${min} characters` });
    }
    if (max !== undefined && text.length > max) {
      problems.push({ key: field.key, message: `${field.label} takes at most ${max} characters` });
    }
  }
  return problems;
}

/** What the buyer entered on the hosted page. */
export type PayInput = {
  /** Answers to the custom fields. */
  answers?: CheckoutAnswers;
  /** The buyer's email, needed when the checkout knows no customer yet. */
  email?: string;
  /** The buyer's name, for a new customer. */
  name?: string;
  /** ISO alpha-2 country of a new customer (tax country of the payment). Default: `US`. */
  country?: string;
};

/** What Pay created. */
export type PayResult = {
  checkout: Checkout;
  /**
   * Where to send the buyer: `success_url`, else the product's `default_success_url`, with the
   * ids and signature in its query; null without either.
   */
  redirectUrl: string | null;
  customerId: string;
  orderId: string;
  transactionId: string;
  subscriptionId: string | null;
  licenseIds: string[];
  /** Credits accounts granted to, if the product carries `customerCredits` features. */
  creditAccountIds: string[];
};

function customerFor(store: SandboxStore, record: CheckoutRecord, input: PayInput): Customer {
  if (record.customerId) return store.customers.get(record.customerId) as Customer;
  const email = (record.customerEmail ?? input.email ?? '').trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw badRequest('email', 'must be a valid email address');
  }
  const known = store.customerOfEmail(email);
  if (known) return known;
  const country = (input.country ?? 'US').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw badRequest('country', 'must be an ISO alpha-2 code');
  const now = store.isoNow();
  return store.addCustomer({
    id: store.id('cust'),
    mode: 'test',
    object: 'customer',
    email,
    name: input.name?.trim() || null,
    country,
    metadata: null,
    created_at: now,
    updated_at: now,
  });
}

function licenseKeyOf(store: SandboxStore): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 5 }, () => store.random.chars(5, alphabet)).join('-');
}

/** Issues a license for a product (status `active`, no instance yet). */
export function issueLicense(
  store: SandboxStore,
  product: Product,
  options: { activationLimit?: number | null; expiresAt?: string | null } = {},
): License {
  const license: License = {
    id: store.id('lic'),
    mode: 'test',
    object: 'license',
    product_id: product.id,
    status: 'active',
    key: licenseKeyOf(store),
    activation: 0,
    activation_limit: options.activationLimit ?? null,
    expires_at: options.expiresAt ?? null,
    created_at: store.isoNow(),
    instance: null,
  };
  store.addLicense({ license, instances: [] as LicenseInstance[] });
  return license;
}

/** The amount a `customerCredits` feature grants per unit, when it carries one. */
function creditsAmountOf(feature: object): unknown {
  const grant = (feature as { customer_credits?: { amount?: unknown } | null }).customer_credits;
  return grant?.amount;
}

/**
 * What would make `payCheckout` fail after it has started writing: checked first, so that a
 * refused Pay leaves the store as it was.
 */
function payProblems(product: Product): string[] {
  const problems: string[] = [];
  if (product.billing_type === 'recurring') {
    if (!isBillingPeriod(product.billing_period) || product.billing_period === 'once') {
      problems.push(
        `product ${product.id} is recurring but its billing_period "${product.billing_period}" ` +
          'has no period length; give it a period such as every-month',
      );
    }
  }
  for (const feature of product.features ?? []) {
    if (feature.type !== 'customerCredits') continue;
    const amount = creditsAmountOf(feature);
    if (
      typeof amount !== 'string' ||
      !isAmount(amount) ||
      amount.startsWith('-') ||
      isZeroAmount(amount)
    ) {
      problems.push(
        `feature ${feature.id} of product ${product.id} grants customer credits without a ` +
          'positive customer_credits.amount; give it one such as "100"',
      );
    }
  }
  return problems;
}

/**
 * The refusal of paying a checkout whose product was taken off sale (archived) after the
 * checkout was created, or null while it is on sale: 409 `product_unavailable`, with a message
 * for the buyer. Checked before anything else at Pay (the page's form included), so the buyer
 * is not asked to fix answers for what cannot be sold.
 */
export function offSaleRefusal(store: SandboxStore, checkoutId: string): SandboxError | null {
  const record = recordOf(store, checkoutId);
  const product = store.products.get(record.productId) as Product;
  if (product.status === 'active') return null;
  return new SandboxError(
    409,
    `${product.name} (${product.id}) is no longer on sale (it was ${product.status} after this checkout was created); nothing was charged: go back to the store and choose a product that is on sale`,
    { code: 'product_unavailable', param: 'product_id' },
  );
}

/**
 * Pay on the hosted page: links or creates the customer, creates a paid order and transaction
 * (tax per `tax_mode`), a subscription for a recurring product (period per `billing_period`,
 * `next_transaction_date` at its end), a license per `licenseKey` feature, a credits grant per
 * `customerCredits` feature, counts the discount redemption, stores the answers and completes
 * the checkout. Throws a SandboxError, and writes nothing then: 404 unknown checkout, 409 not
 * pending, 409 `product_unavailable` for a product taken off sale (archived) since the checkout
 * was created, 400 answers (`messages` name each field) or email, 422 a product the sandbox
 * cannot sell as configured.
 */
export function payCheckout(
  store: SandboxStore,
  checkoutId: string,
  input: PayInput,
  grantCredits: GrantCredits,
): PayResult {
  const record = recordOf(store, checkoutId);
  if (record.checkout.status !== 'pending') {
    throw new SandboxError(409, `checkout ${checkoutId} is ${record.checkout.status}, not pending`);
  }
  const offSale = offSaleRefusal(store, checkoutId);
  if (offSale) throw offSale;
  const answers = input.answers ?? {};
  const problems = checkAnswers(record.fields, answers);
  if (problems.length > 0) {
    throw new SandboxError(
      400,
      problems.map((p) => `${p.key} ${p.message}`),
      { param: problems[0]?.key ?? '' },
    );
  }
  const product = store.products.get(record.productId) as Product;
  const discount = record.discountId ? store.discounts.get(record.discountId) : undefined;
  if (discount) {
    // The code may have been used up or deleted since the checkout was created.
    const problem = discountProblem(discount, product, store.now());
    if (problem) throw badRequest('discount_code', `"${discount.code}" ${problem}`);
  }
  // What would otherwise fail half-way is refused before anything is written.
  const unsellable = payProblems(product);
  if (unsellable.length > 0) {
    throw new SandboxError(422, unsellable, { code: 'product_invalid' });
  }
  const customer = customerFor(store, record, input);
  const charge = priceCharge(product, record.unitPrice, record.units, discount);
  const now = store.now();
  const nowIso = new Date(now).toISOString();
  const recurring = product.billing_type === 'recurring';
  const periodEnd = recurring ? addBillingPeriod(now, product.billing_period) : null;

  const orderId = store.id('ord');
  const transactionId = store.id('tran');
  const subscriptionId = recurring ? store.id('sub') : null;

  if (subscriptionId) {
    const subscription: StoredSubscription = {
      id: subscriptionId,
      mode: 'test',
      object: 'subscription',
      product: product.id,
      customer: customer.id,
      items: [
        {
          id: store.id('sitem'),
          mode: 'test',
          object: 'subscription_item',
          product_id: product.id,
          price_id: priceIdOf(product),
          units: record.units,
        },
      ],
      collection_method: 'charge_automatically',
      status: 'active',
      last_transaction_id: transactionId,
      last_transaction_date: nowIso,
      next_transaction_date: periodEnd?.toISOString() ?? null,
      current_period_start_date: nowIso,
      current_period_end_date: periodEnd?.toISOString() ?? null,
      canceled_at: null,
      created_at: nowIso,
      updated_at: nowIso,
      metadata: record.checkout.metadata ?? null,
    };
    if (discount) subscription.discount = embeddedDiscount(discount);
    store.addSubscription(subscription);
  }
  store.addTransaction(
    {
      id: transactionId,
      mode: 'test',
      object: 'transaction',
      amount: charge.sub_total,
      amount_paid: charge.amount_due,
      discount_amount: charge.discount_amount,
      currency: charge.currency,
      type: 'payment',
      status: 'paid',
      tax_country: customer.country,
      tax_amount: charge.tax_amount,
      refunded_amount: null,
      order: orderId,
      subscription: subscriptionId,
      customer: customer.id,
      description: `${product.name}${record.units > 1 ? ` × ${record.units}` : ''}`,
      ...(periodEnd ? { period_start: now, period_end: periodEnd.getTime() } : {}),
      created_at: now,
    },
    product.id,
  );
  const order = store.addOrder({
    id: orderId,
    mode: 'test',
    object: 'order',
    customer: customer.id,
    product: product.id,
    transaction: transactionId,
    discount: discount?.id ?? null,
    amount: charge.sub_total,
    sub_total: charge.sub_total,
    tax_amount: charge.tax_amount,
    discount_amount: charge.discount_amount,
    amount_due: charge.amount_due,
    amount_paid: charge.amount_due,
    currency: charge.currency,
    fx_amount: null,
    fx_currency: null,
    fx_rate: null,
    status: 'paid',
    type: recurring ? 'recurring' : 'onetime',
    affiliate: null,
    created_at: nowIso,
    updated_at: nowIso,
  });

  const licenses: License[] = [];
  const creditAccountIds: string[] = [];
  const features: CheckoutFeature[] = [];
  for (const feature of product.features ?? []) {
    const out: CheckoutFeature = {
      id: feature.id,
      description: feature.description,
      type: feature.type,
    };
    if (feature.type === 'licenseKey') {
      const limit = (feature as { activation_limit?: number | null }).activation_limit;
      const license = issueLicense(store, product, {
        activationLimit: limit ?? null,
        expiresAt: periodEnd?.toISOString() ?? null,
      });
      licenses.push(license);
      out.license_key = license;
      // The same license under the older name the service still sends.
      out.license = structuredClone(license);
    } else if (feature.type === 'customerCredits') {
      const grant = (feature as { customer_credits?: { amount: string; unit_label?: string } })
        .customer_credits ?? { amount: '0' };
      const amount = multiplyAmount(grant.amount, record.units);
      creditAccountIds.push(
        grantCredits({
          customerId: customer.id,
          amount,
          unitLabel: grant.unit_label ?? 'credits',
          idempotencyKey: `checkout:${checkoutId}:${feature.id}`,
          reference: `order:${orderId}`,
        }),
      );
      out.customer_credits = { amount, unit_label: grant.unit_label ?? 'credits' };
    } else if (feature.type === 'file') {
      const files = (feature as { file?: CheckoutFeature['file'] }).file;
      if (files) out.file = files;
    } else {
      const note = (feature as { private_note?: string }).private_note;
      if (note) out.private_note = note;
    }
    features.push(out);
  }

  if (discount) {
    store.discounts.set(discount.id, {
      ...discount,
      redeem_count: (discount.redeem_count ?? 0) + 1,
    });
  }
  record.transactionIds.push(transactionId);
  record.customerId = customer.id;
  record.customerEmail = null;
  const checkout: Checkout = {
    ...record.checkout,
    status: 'completed',
    customer: customer.id,
    order,
    custom_fields: record.fields.map((field) => fieldOutputOf(field, answers[field.key])),
    license_keys: licenses,
    feature: features,
  };
  if (subscriptionId) checkout.subscription = subscriptionId;
  record.checkout = checkout;

  return {
    checkout: copy(checkout),
    redirectUrl: returnUrlOf(store, checkout),
    customerId: customer.id,
    orderId,
    transactionId,
    subscriptionId,
    licenseIds: licenses.map((l) => l.id),
    creditAccountIds,
  };
}

/** A decimal string times a whole number, exactly. */
function multiplyAmount(amount: string, times: number): string {
  if (times === 1) return amount;
  const [whole = '0', fraction = ''] = amount.split('.');
  const scaled = BigInt(whole + fraction) * BigInt(times);
  if (fraction.length === 0) return scaled.toString();
  const digits = scaled.toString().padStart(fraction.length + 1, '0');
  return `${digits.slice(0, -fraction.length)}.${digits.slice(-fraction.length)}`;
}

/** What Decline created. */
export type DeclineResult = { checkout: Checkout; transactionId: string };

/** What the buyer entered on the hosted page before pressing Decline. */
export type DeclineInput = {
  /**
   * The buyer's country, recorded as the declined transaction's `tax_country` when the checkout
   * has no customer (the checkout's own customer's country is recorded otherwise, as Pay
   * does). Only a country the hosted page lists is taken (`isCheckoutCountry`; surrounding
   * spaces and case are ignored); any other, such as `ZZ`, is dropped and the decline still
   * happens. Default: none (`tax_country: null`).
   */
  country?: string;
};

/**
 * Decline on the hosted page: leaves a `declined` transaction and the checkout `pending`, so the
 * buyer may try again. The transaction is for the checkout's own customer (`customer` given
 * when the checkout was created or known by its email then), else for no one: a decline never
 * links a customer by an email, nor creates one. Its `tax_country` is that customer's country
 * (as Pay records it), else `input.country` when the page lists it, else null; an unlisted
 * country is dropped rather than refused. 404 unknown, 409 when the checkout is no longer
 * pending.
 */
export function declineCheckout(
  store: SandboxStore,
  checkoutId: string,
  input: DeclineInput = {},
): DeclineResult {
  const record = recordOf(store, checkoutId);
  if (record.checkout.status !== 'pending') {
    throw new SandboxError(409, `checkout ${checkoutId} is ${record.checkout.status}, not pending`);
  }
  const product = store.products.get(record.productId) as Product;
  const discount = record.discountId ? store.discounts.get(record.discountId) : undefined;
  const charge = priceCharge(product, record.unitPrice, record.units, discount);
  const customer = record.customerId ? store.customers.get(record.customerId) : undefined;
  const posted = input.country?.trim().toUpperCase() ?? '';
  const country = customer?.country ?? (isCheckoutCountry(posted) ? posted : null);
  const now = store.now();
  const transaction = store.addTransaction(
    {
      id: store.id('tran'),
      mode: 'test',
      object: 'transaction',
      amount: charge.sub_total,
      amount_paid: 0,
      discount_amount: charge.discount_amount,
      currency: charge.currency,
      type: 'payment',
      status: 'declined',
      tax_country: country,
      tax_amount: charge.tax_amount,
      refunded_amount: null,
      order: null,
      subscription: null,
      customer: customer?.id ?? null,
      description: `${product.name}: payment declined`,
      created_at: now,
    },
    product.id,
  );
  record.transactionIds.push(transaction.id);
  return { checkout: copy(record.checkout), transactionId: transaction.id };
}
