// How stored records are answered: a subscription expands its product, customer and last
// transaction, as the real service's responses do. A field the contract does not mark nullable
// is left out when it has no value, never sent as null: a client that checks the contract
// strictly would refuse the null.

import type { Discount, Subscription } from '../contract/schemas.js';
import type { SandboxStore, StoredSubscription } from './state.js';

/** A subscription's fields that are absent rather than null when empty. */
const subscriptionOptional = [
  'last_transaction_id',
  'last_transaction_date',
  'next_transaction_date',
  'current_period_start_date',
  'current_period_end_date',
  'metadata',
] as const;
/** A discount's fields that are absent rather than null when empty. */
const discountOptional = ['expiry_date', 'max_redemptions'] as const;

function withoutNulls<T extends object>(record: T, keys: readonly (keyof T)[]): T {
  for (const key of keys) if (record[key] === null) delete record[key];
  return record;
}

/** A stored subscription in its wire shape, with product, customer and last transaction. */
export function presentSubscription(store: SandboxStore, stored: StoredSubscription): Subscription {
  const product = store.products.get(stored.product);
  const customer = store.customers.get(stored.customer);
  const lastId = stored.last_transaction_id;
  const last = lastId ? store.transactions.get(lastId) : undefined;
  const subscription: Subscription = {
    ...stored,
    product: product ? structuredClone(product) : stored.product,
    customer: customer ? structuredClone(customer) : stored.customer,
    ...(last ? { last_transaction: structuredClone(last) } : {}),
  };
  return withoutNulls(subscription, subscriptionOptional);
}

/** A stored discount in its wire shape (a copy). */
export function presentDiscount(stored: Discount): Discount {
  return withoutNulls(structuredClone(stored), discountOptional);
}

/** A deep copy, so that callers never hold the store's own objects. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}
