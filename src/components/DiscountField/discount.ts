// What a discount preview means for one purchase, without React: whether the code can be used
// on a product, and how much it takes off. The same rules as the service's checkout (a fixed
// amount is capped at the price and must be in the product's currency).
import type { BillingError } from '../../client/error.js';
import { DISCOUNT_EXPIRED, type DiscountPreview } from '../../contract/proxy.js';

/**
 * Why a checked code cannot be used: `expired` (the proxy's 404 says the code `has expired`),
 * `unknown` (any other 404: a code that does not exist, is scheduled, a draft or used up; the
 * proxy does not say which), `notForProduct` (it applies to other products, or is a fixed
 * amount in another currency). Expiry is the service's call, on its own clock: the browser's
 * clock is not compared with `expiry_date`.
 */
export type DiscountReason = 'expired' | 'unknown' | 'notForProduct';

/** The product facts a code is checked against (`currency` empty when not known yet). */
export type DiscountTarget = { id: string; currency: string };

/**
 * Why `preview` cannot be used for `target`, or null when it can (or no target is given);
 * `'currencyUnknown'` for a fixed amount in a currency while `target.currency` is not known:
 * it cannot be judged yet, and must not be taken as applying.
 */
export function discountReason(
  preview: DiscountPreview,
  target: DiscountTarget | undefined,
): DiscountReason | 'currencyUnknown' | null {
  if (!target) return null;
  if (!preview.applies_to_products.includes(target.id)) return 'notForProduct';
  if (preview.type === 'fixed' && preview.currency) {
    if (!target.currency) return 'currencyUnknown';
    if (preview.currency.toUpperCase() !== target.currency.toUpperCase()) return 'notForProduct';
  }
  return null;
}

/**
 * The discount `preview` takes off `subtotal` (smallest currency unit): a percentage rounded
 * half up, or a fixed amount; never more than the subtotal.
 */
export function discountOff(preview: DiscountPreview, subtotal: number): number {
  if (preview.type === 'percentage') {
    const percent = preview.percentage ?? preview.amount ?? 0;
    return Math.min(subtotal, Math.max(0, Math.round((subtotal * percent) / 100)));
  }
  if (preview.type === 'fixed') return Math.min(subtotal, Math.max(0, preview.amount ?? 0));
  return 0;
}

/** Why the proxy refused a code with 404: `expired` when its field message says so. */
export function refusedReason(error: BillingError): DiscountReason {
  return error.fields?.some((f) => f.message === DISCOUNT_EXPIRED) ? 'expired' : 'unknown';
}
