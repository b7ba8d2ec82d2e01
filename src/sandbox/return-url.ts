// The query the service puts on the URL it sends a buyer back to after a payment, signed as
// the service signs it (`returnSignatureInput`).
import { returnSignatureInput, returnUrlKeys } from '../contract/return-url.js';
import type { Checkout } from '../contract/schemas.js';
import { sha256Hex } from './sha256.js';
import type { SandboxStore } from './state.js';

/** The id of an expanded resource or the id itself; null for none. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Where a paid checkout returns the buyer, signed: its `success_url` (the request's, else its
 * product's `default_success_url`, stored when the checkout was created); null without one.
 */
export function returnUrlOf(store: SandboxStore, checkout: Checkout): string | null {
  return checkout.success_url ? withReturnParams(store, checkout.success_url, checkout) : null;
}

/**
 * `target` with `checkout_id`, `order_id`, `customer_id`, `subscription_id`, `product_id` and
 * `request_id` (those that exist) and `signature` at the end of its query, replacing any of the
 * same names already there.
 */
export function withReturnParams(store: SandboxStore, target: string, checkout: Checkout): string {
  const url = new URL(target);
  const values: Record<(typeof returnUrlKeys)[number], string | null> = {
    checkout_id: checkout.id,
    order_id: checkout.order?.id ?? null,
    customer_id: idOf(checkout.customer),
    subscription_id: idOf(checkout.subscription),
    product_id: idOf(checkout.product),
    request_id: checkout.request_id ?? null,
  };
  // Dropped first and added in this order, so the order signed is the order they arrive in.
  for (const key of [...returnUrlKeys, 'signature']) url.searchParams.delete(key);
  for (const key of returnUrlKeys) {
    const value = values[key];
    if (value) url.searchParams.append(key, value);
  }
  url.searchParams.append(
    'signature',
    sha256Hex(returnSignatureInput(url.searchParams, store.apiKey)),
  );
  return url.toString();
}
