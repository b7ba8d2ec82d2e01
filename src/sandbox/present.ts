// How stored records are answered: a subscription expands its product, customer and last
// transaction, as the real service's responses do.

import type { Subscription } from '../contract/schemas.js';
import type { SandboxStore, StoredSubscription } from './state.js';

/** A stored subscription in its wire shape, with product, customer and last transaction. */
export function presentSubscription(store: SandboxStore, stored: StoredSubscription): Subscription {
  const product = store.products.get(stored.product);
  const customer = store.customers.get(stored.customer);
  const lastId = stored.last_transaction_id;
  const last = lastId ? store.transactions.get(lastId) : undefined;
  return {
    ...stored,
    product: product ? structuredClone(product) : stored.product,
    customer: customer ? structuredClone(customer) : stored.customer,
    ...(last ? { last_transaction: structuredClone(last) } : {}),
  };
}

/** A deep copy, so that callers never hold the store's own objects. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}
