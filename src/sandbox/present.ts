// How stored records are answered: a subscription expands its product, customer and last
// transaction, as the real service's responses do. A field the contract does not mark nullable
// is left out when it has no value, never sent as null: a client that checks the contract
// strictly would refuse the null.

import type { Discount, License, Subscription } from '../contract/schemas.js';
import type { LicenseRecord, SandboxStore, StoredSubscription } from './state.js';

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

/** Whether `at` (an ISO date, if set) is reached at `now`. */
function passed(at: string | null | undefined, now: number): boolean {
  return Boolean(at) && Date.parse(at as string) <= now;
}

/**
 * A discount's status at `now`, as the service reports it: an `active` code past its
 * `expiry_date` reads `expired` (the stored record keeps `active`).
 */
export function discountStatusAt(discount: Discount, now: number): Discount['status'] {
  return discount.status === 'active' && passed(discount.expiry_date, now)
    ? 'expired'
    : discount.status;
}

/** A license's status at `now`: an `active` license past its `expires_at` reads `expired`. */
export function licenseStatusAt(license: License, now: number): License['status'] {
  return license.status === 'active' && passed(license.expires_at, now)
    ? 'expired'
    : license.status;
}

/** A stored discount in its wire shape at `now` (a copy), its status as of then. */
export function presentDiscount(stored: Discount, now: number): Discount {
  const discount = withoutNulls(structuredClone(stored), discountOptional);
  discount.status = discountStatusAt(stored, now);
  return discount;
}

/** A stored license with all its instances at `now` (a copy), its status as of then. */
export function presentLicense(
  record: LicenseRecord,
  now: number,
): License & {
  instances: LicenseRecord['instances'];
} {
  return structuredClone({
    ...record.license,
    status: licenseStatusAt(record.license, now),
    instances: record.instances,
  });
}

/** A deep copy, so that callers never hold the store's own objects. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}
