// What a purchase costs in the sandbox: units × price, less the discount, with tax per the
// product's `tax_mode`. One flat sandbox tax rate keeps the numbers easy to check by hand.

import type { Discount, Product } from '../contract/schemas.js';

/** The sandbox's tax rate in percent, for every country. */
export const SANDBOX_TAX_RATE_PERCENT = 20;

/** Fee the sandbox's metrics take off gross revenue to give net revenue, in percent. */
export const SANDBOX_FEE_PERCENT = 3;

/** The amounts of one charge, all in cents. */
export type Charge = {
  /** Price per unit × units, before discount and tax. */
  sub_total: number;
  /** Discount taken off `sub_total`. */
  discount_amount: number;
  /** Tax: inside the discounted price (`inclusive`) or added to it (`exclusive`). */
  tax_amount: number;
  /** What the buyer pays: discounted price, plus tax when `exclusive`. */
  amount_due: number;
  currency: string;
  tax_mode: 'inclusive' | 'exclusive';
};

/** Tax on `amount` cents under a tax mode: half-up rounding, as cents. */
export function taxOn(amount: number, taxMode: string): { tax: number; total: number } {
  const rate = SANDBOX_TAX_RATE_PERCENT;
  if (taxMode === 'inclusive') {
    const tax = Math.round((amount * rate) / (100 + rate));
    return { tax, total: amount };
  }
  const tax = Math.round((amount * rate) / 100);
  return { tax, total: amount + tax };
}

/** The discount a code takes off `subTotal` cents: a percentage, or a fixed amount capped at it. */
export function discountOn(subTotal: number, discount: Discount | undefined | null): number {
  if (!discount) return 0;
  if (discount.type === 'percentage') {
    const percent = discount.percentage ?? discount.amount ?? 0;
    return Math.min(subTotal, Math.round((subTotal * percent) / 100));
  }
  return Math.min(subTotal, discount.amount ?? 0);
}

/** Prices `units` of a product at `unitPrice` cents with an optional discount. */
export function priceCharge(
  product: Product,
  unitPrice: number,
  units: number,
  discount?: Discount | null,
): Charge {
  const subTotal = unitPrice * units;
  const discountAmount = discountOn(subTotal, discount);
  const { tax, total } = taxOn(subTotal - discountAmount, product.tax_mode);
  return {
    sub_total: subTotal,
    discount_amount: discountAmount,
    tax_amount: tax,
    amount_due: total,
    currency: product.currency,
    tax_mode: product.tax_mode === 'inclusive' ? 'inclusive' : 'exclusive',
  };
}

/**
 * What a payment of `gross` cents (`tax` of it tax) nets once `refunded` of it is returned: the
 * kept part, less the tax on the kept part (the tax scaled by the unrefunded share, rounded half
 * up like `taxOn`), less the sandbox fee on the whole payment, which a refund does not return
 * (as payment processors keep theirs). A full refund nets minus the fee.
 */
export function netOf(gross: number, tax: number, refunded: number): number {
  const fee = Math.round((gross * SANDBOX_FEE_PERCENT) / 100);
  const kept = gross - Math.min(Math.max(refunded, 0), gross);
  const keptTax = gross > 0 ? Math.round((tax * kept) / gross) : 0;
  return kept - keptTax - fee;
}
