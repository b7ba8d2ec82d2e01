// Pay and Decline as the hosted checkout page uses them, on top of checkouts.ts's `payCheckout`
// and `declineCheckout` (which create the customer, order, transaction, subscription, licenses
// and credits). What this file adds:
//
// - Paying a completed checkout again creates nothing and answers the same redirect.
// - The redirect goes to the checkout's `success_url`, else the product's `default_success_url`,
//   else the sandbox's own thank-you page, with `checkout_id`, `order_id`, `customer_id`,
//   `subscription_id` (when there is one), `product_id` and `request_id` (when there is one) in
//   its query.
// - Decline of a completed checkout declines nothing.

import type { Checkout } from '../contract/schemas.js';
import {
  type DeclineInput,
  declineCheckout,
  type GrantCredits,
  type PayInput,
  type PayResult,
  payCheckout,
} from './checkouts.js';
import { notFound } from './errors.js';
import { returnUrlOf, withReturnParams } from './return-url.js';
import type { CheckoutRecord, SandboxStore } from './state.js';

/** What Pay on the hosted page did, and where to send the buyer (a 303). */
export type PayOutcome =
  | {
      /** This request paid the checkout. */
      kind: 'paid';
      /** The redirect target, ids in its query. */
      location: string;
      result: PayResult;
    }
  | {
      /** The checkout was paid before: nothing was created. */
      kind: 'already-paid';
      location: string;
      checkout: Checkout;
    };

/** What Decline on the hosted page did. */
export type DeclineOutcome =
  | {
      /** A `declined` transaction was left; the checkout is still pending. */
      kind: 'declined';
      transactionId: string;
      checkout: Checkout;
    }
  | {
      /** The checkout was paid before: nothing was declined. */
      kind: 'already-paid';
      location: string;
      checkout: Checkout;
    };

function recordOf(store: SandboxStore, checkoutId: string): CheckoutRecord {
  const record = store.checkouts.get(checkoutId);
  if (!record) throw notFound('checkout', checkoutId, 'checkout_id');
  return record;
}

/** The sandbox's own "thank you" page of a checkout, under the page's base URL. */
export function thankYouUrl(pageBase: string, checkoutId: string): string {
  return `${pageBase}/checkout/${encodeURIComponent(checkoutId)}/thank-you`;
}

/**
 * Where a paid checkout sends the buyer from the hosted page: its signed return URL (`signed`,
 * when the caller has it already; see `returnUrlOf`), else the sandbox's thank-you page under
 * `pageBase` (no trailing slash).
 */
export function successRedirect(
  store: SandboxStore,
  checkout: Checkout,
  pageBase: string,
  signed: string | null = returnUrlOf(store, checkout),
): string {
  return signed ?? withReturnParams(store, thankYouUrl(pageBase, checkout.id), checkout);
}

/** A completed checkout: nothing to do but send the buyer where its payment sent them. */
function alreadyPaid(store: SandboxStore, record: CheckoutRecord, pageBase: string) {
  return {
    kind: 'already-paid' as const,
    location: successRedirect(store, record.checkout, pageBase),
    checkout: structuredClone(record.checkout),
  };
}

/**
 * Pay on the hosted page. A pending checkout is paid through `payCheckout` (answers checked,
 * customer linked or created, order, paid transaction, subscription, licenses, credits granted
 * once under a key derived from the checkout id, discount redemption counted, checkout
 * completed). A completed checkout is not paid again: the same redirect is answered.
 * Throws a SandboxError: 404 unknown checkout, 409 a checkout neither pending nor completed or
 * a product taken off sale since the checkout was created, 400 invalid answers or email, 422 a product the sandbox cannot sell as configured (all as
 * `payCheckout`, which writes nothing then).
 *
 * @param pageBase the base URL the hosted page is served under, for the thank-you fallback.
 */
export function payOnPage(
  store: SandboxStore,
  checkoutId: string,
  input: PayInput,
  grantCredits: GrantCredits,
  pageBase: string,
): PayOutcome {
  const record = recordOf(store, checkoutId);
  if (record.checkout.status === 'completed') return alreadyPaid(store, record, pageBase);
  const result = payCheckout(store, checkoutId, input, grantCredits);
  return {
    kind: 'paid',
    location: successRedirect(store, result.checkout, pageBase, result.redirectUrl),
    result,
  };
}

/**
 * Decline on the hosted page: a pending checkout gets a `declined` transaction and stays
 * pending, so the buyer can try again. The transaction is for the checkout's own customer, else
 * for no one (a typed email links no customer on decline), with that customer's country or else
 * the posted listed one as `tax_country` (see `declineCheckout`).
 * A completed checkout declines nothing and answers its redirect. Throws a SandboxError: 404
 * unknown, 409 neither pending nor completed.
 *
 * @param input what the page's form held. Default: nothing posted.
 */
export function declineOnPage(
  store: SandboxStore,
  checkoutId: string,
  pageBase: string,
  input: DeclineInput = {},
): DeclineOutcome {
  const record = recordOf(store, checkoutId);
  if (record.checkout.status === 'completed') return alreadyPaid(store, record, pageBase);
  const { checkout, transactionId } = declineCheckout(store, checkoutId, input);
  return { kind: 'declined', transactionId, checkout };
}
