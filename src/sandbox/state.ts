// The sandbox's in-memory store: every collection of the service, with the indexes that keep
// a numbered page at O(page size) (lists per customer, product, order and customer+product,
// append-only, so a page is a slice) and the lookups by code, key and email.
//
// Records are kept in the service's own shapes. A subscription stores its product and customer
// as ids; `present.ts` expands them when it answers, so a later change to a product shows in
// every subscription of it, as on the real service.

import type { CustomFieldInput } from '../contract/requests.js';
import type {
  Checkout,
  Customer,
  Discount,
  License,
  LicenseInstance,
  Order,
  Pagination,
  Product,
  Subscription,
  Transaction,
} from '../contract/schemas.js';
import type { Random } from './random.js';

/** A subscription as stored: `product` and `customer` are ids, `last_transaction` is not kept. */
export type StoredSubscription = Omit<Subscription, 'product' | 'customer' | 'last_transaction'> & {
  product: string;
  customer: string;
};

/** A license and every instance activated on it (the wire shape carries only one). */
export type LicenseRecord = { license: License; instances: LicenseInstance[] };

/** What a checkout was created with, beyond its wire shape: what the hosted page and Pay need. */
export type CheckoutRecord = {
  /** The checkout as the service answers it; `status` moves to `completed` on Pay. */
  checkout: Checkout;
  /** The product bought (also `checkout.product`). */
  productId: string;
  /** Units bought. Default 1. */
  units: number;
  /** The price per unit in cents: `custom_price` when given, else the product's price. */
  unitPrice: number;
  /** The customer the checkout was made for, when the request named one by id (or a known email). */
  customerId: string | null;
  /** An email the request gave for a customer not yet known. */
  customerEmail: string | null;
  /** The discount applied, when a valid `discount_code` was sent. */
  discountId: string | null;
  /** The custom field definitions the buyer answers (request's, else the product's). */
  fields: CustomFieldInput[];
  /** A canonical form of the request body, to replay a repeat of the same `request_id`. */
  fingerprint: string;
  /** Transactions the hosted page left on this checkout (a decline, then a pay). */
  transactionIds: string[];
};

/** A proration waiting for the subscription's next charge (`proration-charge`). */
export type PendingProration = { subscription: string; amount: number; created_at: string };

/** Numbered-page slice of an append-only id list, newest first. */
export type PageSlice = { ids: string[]; pagination: Pagination };

/**
 * One page of `list`, newest first (the list is oldest first). O(page size): a slice read
 * from the end. `total_pages` is 0 for an empty list; a page past the end is empty, and its
 * `prev_page` is the last page there is (`total_pages`), or null when the list is empty: "the
 * previous page number, or null if there is no previous page" (the service's document).
 */
export function pageOf(list: readonly string[], pageNumber: number, pageSize: number): PageSlice {
  const total = list.length;
  const totalPages = Math.ceil(total / pageSize);
  const ids: string[] = [];
  const from = total - 1 - (pageNumber - 1) * pageSize;
  for (let i = from; i >= 0 && i > from - pageSize; i--) ids.push(list[i] as string);
  return {
    ids,
    pagination: {
      total_records: total,
      total_pages: totalPages,
      current_page: pageNumber,
      next_page: pageNumber < totalPages ? pageNumber + 1 : null,
      prev_page: pageNumber > 1 && totalPages > 0 ? Math.min(pageNumber - 1, totalPages) : null,
    },
  };
}

/** Append-only id lists by key: the indexes behind every numbered list. */
export class ListIndex {
  readonly #lists = new Map<string, string[]>();

  add(key: string, id: string): void {
    const list = this.#lists.get(key);
    if (list) list.push(id);
    else this.#lists.set(key, [id]);
  }

  get(key: string): readonly string[] {
    return this.#lists.get(key) ?? [];
  }

  /** Sorts every list (stably) by `time` of its ids, oldest first. */
  sortBy(time: (id: string) => number): void {
    for (const list of this.#lists.values()) sortIds(list, time);
  }
}

/** Sorts ids in place, oldest first by `time`, keeping the order of equal times. */
function sortIds(list: string[], time: (id: string) => number): void {
  list.sort((a, b) => time(a) - time(b));
}

/** Makes ids such as `sub_3kTMd9Qw2xYb7LpR0aZcEf`: a prefix and 22 base62 characters. */
export type IdFactory = (prefix: string) => string;

/** The mutable state of one sandbox. */
export class SandboxStore {
  /** The store's id, as credits accounts and transactions carry it. */
  readonly storeId: string;
  /** Current time in Unix milliseconds. */
  readonly now: () => number;
  /** Ids for new resources, deterministic by seed. */
  readonly id: IdFactory;
  /** Randomness for generated values (license keys), deterministic by seed. */
  readonly random: Random;

  readonly products = new Map<string, Product>();
  readonly productOrder: string[] = [];
  readonly customers = new Map<string, Customer>();
  readonly customerOrder: string[] = [];
  readonly customerByEmail = new Map<string, string>();
  /** The customer each portal link's `session` was handed out for (the link's proof). */
  readonly portalSessions = new Map<string, string>();
  readonly subscriptions = new Map<string, StoredSubscription>();
  readonly subscriptionOrder: string[] = [];
  readonly subscriptionsByCustomer = new ListIndex();
  readonly transactions = new Map<string, Transaction>();
  /** Keys: `all`, `c:<customer>`, `p:<product>`, `o:<order>`, `cp:<customer>|<product>`. */
  readonly transactionIndex = new ListIndex();
  /** The product each transaction was for (a transaction does not carry it on the wire). */
  readonly transactionProduct = new Map<string, string>();
  readonly orders = new Map<string, Order>();
  readonly checkouts = new Map<string, CheckoutRecord>();
  readonly checkoutByRequestId = new Map<string, string>();
  readonly discounts = new Map<string, Discount>();
  readonly discountByCode = new Map<string, string>();
  readonly licenses = new Map<string, LicenseRecord>();
  readonly licenseByKey = new Map<string, string>();
  readonly pendingProrations: PendingProration[] = [];

  /** The API key, which signs the redirect after a payment (as the service salts it). */
  readonly apiKey: string;

  constructor(options: {
    storeId: string;
    now: () => number;
    id: IdFactory;
    random: Random;
    apiKey: string;
  }) {
    this.storeId = options.storeId;
    this.apiKey = options.apiKey;
    this.now = options.now;
    this.id = options.id;
    this.random = options.random;
  }

  /**
   * Puts every list in time order (seeding writes per customer, not in time order), so that
   * "newest first" holds for seeded data as it does for what requests create later.
   */
  sortByTime(): void {
    const customerTime = (id: string) => Date.parse(this.customers.get(id)?.created_at ?? '');
    const subscriptionTime = (id: string) =>
      Date.parse(this.subscriptions.get(id)?.created_at ?? '');
    sortIds(this.customerOrder, customerTime);
    sortIds(this.subscriptionOrder, subscriptionTime);
    this.subscriptionsByCustomer.sortBy(subscriptionTime);
    this.transactionIndex.sortBy((id) => this.transactions.get(id)?.created_at ?? 0);
  }

  /** The current time as an ISO 8601 string. */
  isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  addProduct(product: Product): Product {
    this.products.set(product.id, product);
    this.productOrder.push(product.id);
    return product;
  }

  addCustomer(customer: Customer): Customer {
    this.customers.set(customer.id, customer);
    this.customerOrder.push(customer.id);
    this.customerByEmail.set(customer.email.toLowerCase(), customer.id);
    return customer;
  }

  addSubscription(subscription: StoredSubscription): StoredSubscription {
    this.subscriptions.set(subscription.id, subscription);
    this.subscriptionOrder.push(subscription.id);
    this.subscriptionsByCustomer.add(subscription.customer, subscription.id);
    return subscription;
  }

  /** Stores a transaction and indexes it by customer, product, order and customer+product. */
  addTransaction(transaction: Transaction, productId: string | null): Transaction {
    const { id } = transaction;
    this.transactions.set(id, transaction);
    const index = this.transactionIndex;
    index.add('all', id);
    const customer = transaction.customer ?? null;
    if (customer) index.add(`c:${customer}`, id);
    if (transaction.order) index.add(`o:${transaction.order}`, id);
    if (productId) {
      this.transactionProduct.set(id, productId);
      index.add(`p:${productId}`, id);
      if (customer) index.add(`cp:${customer}|${productId}`, id);
    }
    return transaction;
  }

  addOrder(order: Order): Order {
    this.orders.set(order.id, order);
    return order;
  }

  addDiscount(discount: Discount): Discount {
    this.discounts.set(discount.id, discount);
    this.discountByCode.set(discount.code.toUpperCase(), discount.id);
    return discount;
  }

  addLicense(record: LicenseRecord): LicenseRecord {
    this.licenses.set(record.license.id, record);
    this.licenseByKey.set(record.license.key, record.license.id);
    return record;
  }

  addCheckout(record: CheckoutRecord): CheckoutRecord {
    this.checkouts.set(record.checkout.id, record);
    const requestId = record.checkout.request_id;
    if (requestId) this.checkoutByRequestId.set(requestId, record.checkout.id);
    return record;
  }

  /** A discount by code, case-insensitively; `undefined` when unknown. */
  discountByCodeOf(code: string): Discount | undefined {
    const id = this.discountByCode.get(code.toUpperCase());
    return id === undefined ? undefined : this.discounts.get(id);
  }

  /** A customer by email, case-insensitively. */
  customerOfEmail(email: string): Customer | undefined {
    const id = this.customerByEmail.get(email.toLowerCase());
    return id === undefined ? undefined : this.customers.get(id);
  }
}
