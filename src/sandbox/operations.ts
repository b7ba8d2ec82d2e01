// The service's operations on the sandbox's store (all but checkouts, stats and credits, which
// have their own files). Each takes the validated input (params ∪ query ∪ body, parsed by the
// endpoint table's schemas) and answers the wire shape or throws a SandboxError.

import { addBillingPeriod } from '../contract/period.js';
import { planChangeDifference, priceAfterSubscriptionDiscount } from '../contract/proration.js';
import type {
  Customer,
  Discount,
  License,
  Product,
  Subscription,
  Transaction,
  UpdateBehavior,
} from '../contract/schemas.js';
import { badRequest, notFound } from './errors.js';
import { copy, licenseStatusAt, presentDiscount, presentSubscription } from './present.js';
import { taxOn } from './pricing.js';
import { pageOf, type SandboxStore, type StoredSubscription } from './state.js';

const DEFAULT_CUSTOMERS_PAGE_SIZE = 50;
const DEFAULT_PAGE_SIZE = 10;

type PageInput = { page_number?: number | undefined; page_size?: number | undefined };

function page(input: PageInput, defaultSize: number): { number: number; size: number } {
  return { number: input.page_number ?? 1, size: input.page_size ?? defaultSize };
}

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

/** `GET /v1/customers/list`: newest first, `page_size` 50 by default. */
export function listCustomers(store: SandboxStore, input: PageInput) {
  const { number, size } = page(input, DEFAULT_CUSTOMERS_PAGE_SIZE);
  const { ids, pagination } = pageOf(store.customerOrder, number, size);
  return { items: ids.map((id) => copy(store.customers.get(id) as Customer)), pagination };
}

/** The customer with this id, or a 404 naming `field`. */
export function customerOf(store: SandboxStore, id: string, field = 'customer_id'): Customer {
  const customer = store.customers.get(id);
  if (!customer) throw notFound('customer', id, field);
  return customer;
}

/** `GET /v1/customers/{customer_id}/subscriptions`: newest first, `page_size` 10 by default. */
export function listCustomerSubscriptions(
  store: SandboxStore,
  input: PageInput & { customer_id: string },
) {
  customerOf(store, input.customer_id);
  const { number, size } = page(input, DEFAULT_PAGE_SIZE);
  const { ids, pagination } = pageOf(
    store.subscriptionsByCustomer.get(input.customer_id),
    number,
    size,
  );
  const items = ids.map((id) =>
    presentSubscription(store, store.subscriptions.get(id) as StoredSubscription),
  );
  return { items, pagination };
}

/** `POST /v1/customers/billing`: a portal link under the sandbox's own address. */
export function createPortalLink(
  store: SandboxStore,
  input: { customer_id: string },
  publicBase: string,
) {
  customerOf(store, input.customer_id);
  const session = store.random.chars(24);
  store.portalSessions.set(session, input.customer_id);
  return {
    customer_portal_link: `${publicBase}/portal/${encodeURIComponent(input.customer_id)}?session=${session}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Subscriptions
// ---------------------------------------------------------------------------------------------

function storedSubscriptionOf(store: SandboxStore, id: string, field: string): StoredSubscription {
  const subscription = store.subscriptions.get(id);
  if (!subscription) throw notFound('subscription', id, field);
  return subscription;
}

/** `GET /v1/subscriptions?subscription_id=`. */
export function retrieveSubscription(
  store: SandboxStore,
  input: { subscription_id: string },
): Subscription {
  return presentSubscription(
    store,
    storedSubscriptionOf(store, input.subscription_id, 'subscription_id'),
  );
}

function productOf(store: SandboxStore, id: string, field: string): Product {
  const product = store.products.get(id);
  if (!product) throw notFound('product', id, field);
  return product;
}

/** Statuses a subscription can no longer be upgraded from. */
const ENDED = new Set(['canceled', 'expired']);

/**
 * `POST /v1/subscriptions/{subscription_id}/upgrade`. The target must differ, be active,
 * recurring and in the same currency.
 *
 * Same billing period: the difference is `prorateUpgrade(…).net` over the current period (the
 * target's price for the rest of it less the unused part of the current price). It is charged
 * now (`proration-charge-immediately`, the default: a paid `invoice` transaction, tax per the
 * target's `tax_mode`; a negative difference is kept for the next charge instead), kept for the
 * next charge (`proration-charge`: the service adds a positive amount to it and takes a
 * negative one off) or dropped (`proration-none`).
 *
 * Departure: the sandbox makes no periodic charges (no renewal, even with a moving clock: a
 * passed `next_transaction_date` charges nothing). So an amount "kept for the next charge" is
 * only recorded, as the amount it would add to (or take off) that charge: it is visible in
 * `inspect().pending_prorations` (`{ subscription, amount, created_at }`) and never billed.
 *
 * Another billing period (monthly → yearly, or back), the sandbox's own rules, since the
 * service documents none and `prorateUpgrade` over one period cannot price a plan of another
 * (the target's price is for its own period: a month's remainder must not buy a year, nor a
 * year's remainder be charged as a month):
 * - `proration-charge-immediately`: a new period of the target starts now, and the charge is
 *   the target's whole price less the unused part of the current one (`prorateUpgrade(…).credit`),
 *   not `prorateUpgrade(…).net`; a negative result is kept for the next charge.
 * - `proration-charge` and `proration-none` (a documented departure for `proration-charge`):
 *   nothing is charged now and nothing is kept for later. The product changes now, the paid
 *   period runs to its end, and the target's first period would be charged in full at the
 *   renewal (which the sandbox never makes, see above).
 *
 * A `trialing` subscription has paid nothing yet: the credit for the current plan is 0 (the
 * charge for the target is as above).
 *
 * A subscription's discount that still applies now (`priceAfterSubscriptionDiscount`:
 * `forever`, or `repeating` within its months) prices both plans before they are prorated; the
 * invoice then reads as a checkout's payment: `amount` the difference at list prices,
 * `discount_amount` what the discount took off it, tax on the rest.
 *
 * The UpgradePicker's `estimateChange` follows the same rules, so its estimate is what this
 * charges.
 */
export function upgradeSubscription(
  store: SandboxStore,
  input: { subscription_id: string; product_id: string; update_behavior?: UpdateBehavior },
): Subscription {
  const subscription = storedSubscriptionOf(store, input.subscription_id, 'subscription_id');
  const target = productOf(store, input.product_id, 'product_id');
  const current = store.products.get(subscription.product) as Product;
  const behavior = input.update_behavior ?? 'proration-charge-immediately';
  if (ENDED.has(subscription.status)) {
    throw badRequest(
      'subscription_id',
      `${subscription.id} is ${subscription.status} and can no longer be upgraded`,
    );
  }
  if (target.id === current.id) {
    throw badRequest('product_id', `is already the subscription's product; choose another one`);
  }
  if (target.status !== 'active') {
    throw badRequest('product_id', `${target.id} is ${target.status}; choose an active product`);
  }
  if (target.billing_type !== 'recurring') {
    throw badRequest('product_id', `${target.id} is not a recurring product`);
  }
  if (target.currency !== current.currency) {
    throw badRequest(
      'product_id',
      `${target.id} is priced in ${target.currency}, the subscription in ${current.currency}`,
    );
  }

  const now = store.now();
  const nowIso = new Date(now).toISOString();
  const units = subscription.items?.[0]?.units ?? 1;
  const periodStart = Date.parse(subscription.current_period_start_date ?? nowIso);
  const periodEnd = subscription.current_period_end_date
    ? Date.parse(subscription.current_period_end_date)
    : (addBillingPeriod(periodStart, current.billing_period)?.getTime() ?? now);
  const period = {
    periodStart,
    periodEnd: periodEnd > periodStart ? periodEnd : periodStart + 1,
    now,
  };
  const samePeriod = target.billing_period === current.billing_period;
  // Across periods a new period starts now only when the difference is charged now; otherwise
  // the paid period runs to its end and the new plan's first period follows at the renewal.
  const startsNow = !samePeriod && behavior === 'proration-charge-immediately';
  /** The difference for the current and the target plan's prices for one whole period. */
  const differenceOf = (currentPrice: number, targetPrice: number) =>
    planChangeDifference({
      currentPrice,
      targetPrice,
      ...period,
      // A trial is free: nothing paid is left unused (the UpgradePicker refuses trialing plans).
      trialing: subscription.status === 'trialing',
      samePeriod,
      startsNow,
    });
  // The subscription's discount, while it still applies, prices both plans: the paid time is
  // credited at what was paid for it and the target charged at what it costs this customer.
  const listNet = differenceOf(current.price * units, target.price * units);
  const net = differenceOf(
    priceAfterSubscriptionDiscount(current.price * units, subscription, now),
    priceAfterSubscriptionDiscount(target.price * units, subscription, now),
  );

  const updated: StoredSubscription = {
    ...subscription,
    product: target.id,
    items: (subscription.items ?? []).map((item, i) =>
      i === 0 ? { ...item, product_id: target.id, price_id: priceIdOf(target) } : item,
    ),
    updated_at: nowIso,
  };
  if (startsNow) {
    const end = addBillingPeriod(now, target.billing_period)?.toISOString() ?? null;
    updated.current_period_start_date = nowIso;
    updated.current_period_end_date = end;
    updated.next_transaction_date = end;
  }

  const description = `Proration: ${current.name} → ${target.name}`;
  if (behavior === 'proration-charge-immediately' && net > 0) {
    const { tax, total } = taxOn(net, target.tax_mode);
    // As a checkout's payment: `amount` before the discount, `discount_amount` what the discount
    // took off it, tax on what is left.
    const discountAmount = Math.max(0, listNet - net);
    const customer = store.customers.get(subscription.customer);
    const transaction = store.addTransaction(
      {
        id: store.id('tran'),
        mode: 'test',
        object: 'transaction',
        amount: net + discountAmount,
        amount_paid: total,
        discount_amount: discountAmount,
        currency: target.currency,
        type: 'invoice',
        status: 'paid',
        tax_country: customer?.country ?? null,
        tax_amount: tax,
        refunded_amount: null,
        order: null,
        subscription: subscription.id,
        customer: subscription.customer,
        description,
        period_start: now,
        period_end: Date.parse(updated.current_period_end_date ?? nowIso),
        created_at: now,
      },
      target.id,
    );
    updated.last_transaction_id = transaction.id;
    updated.last_transaction_date = nowIso;
  } else if (behavior !== 'proration-none' && net !== 0) {
    // Kept for the next charge (a positive amount added to it, a negative one taken off). The
    // sandbox makes no periodic charge, so this is only recorded: inspect().pending_prorations.
    store.pendingProrations.push({
      subscription: subscription.id,
      amount: net,
      created_at: nowIso,
    });
  }
  store.subscriptions.set(subscription.id, updated);
  return presentSubscription(store, updated);
}

/** The price id of a product's (single) price. */
export function priceIdOf(product: Product): string {
  return `pprice_${product.id.replace(/^prod_/, '')}`;
}

// ---------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------

/**
 * `GET /v1/transactions/search`, newest first. Each filter combination reads one index, so a
 * page costs O(page size); with `order_id` the order's few transactions are filtered.
 */
export function searchTransactions(
  store: SandboxStore,
  input: PageInput & { customer_id?: string; order_id?: string; product_id?: string },
) {
  const { number, size } = page(input, DEFAULT_PAGE_SIZE);
  const { customer_id: customer, order_id: order, product_id: product } = input;
  const index = store.transactionIndex;
  let list: readonly string[];
  if (order !== undefined) {
    list = index
      .get(`o:${order}`)
      .filter(
        (id) =>
          (customer === undefined || store.transactions.get(id)?.customer === customer) &&
          (product === undefined || store.transactionProduct.get(id) === product),
      );
  } else if (customer !== undefined && product !== undefined) {
    list = index.get(`cp:${customer}|${product}`);
  } else if (customer !== undefined) {
    list = index.get(`c:${customer}`);
  } else if (product !== undefined) {
    list = index.get(`p:${product}`);
  } else {
    list = index.get('all');
  }
  const { ids, pagination } = pageOf(list, number, size);
  return {
    items: ids.map((id) => copy(store.transactions.get(id) as Transaction)),
    pagination,
  };
}

// ---------------------------------------------------------------------------------------------
// Discounts
// ---------------------------------------------------------------------------------------------

/** A discount that has not been deleted, by id or code; a 404 otherwise. */
function liveDiscount(
  store: SandboxStore,
  input: { discount_id?: string; discount_code?: string },
): Discount {
  const byId = input.discount_id !== undefined;
  const key = (byId ? input.discount_id : input.discount_code) ?? '';
  const discount = byId ? store.discounts.get(key) : store.discountByCodeOf(key);
  if (!discount || discount.status === 'deleted') {
    throw notFound(
      byId ? 'discount' : 'discount code',
      key,
      byId ? 'discount_id' : 'discount_code',
    );
  }
  return discount;
}

/** `GET /v1/discounts?discount_id=|discount_code=`: exactly one of the two. */
export function retrieveDiscount(
  store: SandboxStore,
  input: { discount_id?: string; discount_code?: string },
): Discount {
  return presentDiscount(liveDiscount(store, input), store.now());
}

/** `DELETE /v1/discounts/{discount_id}/delete`: answers it as `deleted`; then it is gone (404). */
export function deleteDiscount(store: SandboxStore, input: { discount_id: string }): Discount {
  const discount = liveDiscount(store, input);
  const deleted: Discount = { ...discount, status: 'deleted' };
  store.discounts.set(discount.id, deleted);
  return presentDiscount(deleted, store.now());
}

// ---------------------------------------------------------------------------------------------
// Licenses and products
// ---------------------------------------------------------------------------------------------

/**
 * `POST /v1/licenses/validate`: the license of `key` with the instance `instance_id`. Answers
 * 200 with the license's status whatever it is (`inactive`, `active`, `expired`, `disabled`):
 * the caller decides what a status allows. Unknown key or instance → 404.
 */
export function validateLicense(
  store: SandboxStore,
  input: { key: string; instance_id: string },
): License {
  const id = store.licenseByKey.get(input.key);
  const record = id === undefined ? undefined : store.licenses.get(id);
  if (!record) throw notFound('license key', input.key, 'key');
  const instance = record.instances.find((i) => i.id === input.instance_id);
  if (!instance) throw notFound('license instance', input.instance_id, 'instance_id');
  return copy({
    ...record.license,
    status: licenseStatusAt(record.license, store.now()),
    instance,
  });
}

/** `GET /v1/products?product_id=` and `GET /v1/products/{id}`. */
export function retrieveProduct(store: SandboxStore, input: { product_id: string }): Product {
  return copy(productOf(store, input.product_id, 'product_id'));
}
