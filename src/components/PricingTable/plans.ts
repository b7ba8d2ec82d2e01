// What the pricing table shows, computed from the catalog and the customer's subscription
// without React: groups by billing period, the saving of a longer period, each card's state.
import {
  type AnyBillingPeriod,
  billingPeriodMonths,
  billingPeriods,
} from '../../contract/period.js';
import type { Product } from '../../contract/schemas.js';
import { priceDirection } from '../shared/subscription.js';

/**
 * A plan card's relation to the customer's subscription: `available` (no subscription, or a
 * one-time product: a checkout), `current` (a product the customer holds a live subscription to), `upgrade` /
 * `downgrade` (another recurring product in the same currency priced at least as much / less),
 * `unavailable` (archived, another currency, a subscription whose product is unknown or whose
 * status allows no plan change).
 */
export type PlanState = 'available' | 'current' | 'upgrade' | 'downgrade' | 'unavailable';

/** One group of the table: the products billed every `period` (`once`: one-time products). */
export type PeriodGroup = {
  period: AnyBillingPeriod;
  products: Product[];
  /** The largest saving (whole percent) of a product of this group against a shorter period. */
  bestSaving: number;
};

/** The group a product belongs in: its billing period; every one-time product in `once`. */
export function groupOf(product: Product): AnyBillingPeriod {
  return product.billing_type === 'onetime' ? 'once' : product.billing_period;
}

function periodRank(period: AnyBillingPeriod): number {
  const known = (billingPeriods as readonly string[]).indexOf(period);
  // Unknown (newer) recurring periods after the known recurring ones, one-time last.
  if (period === 'once') return billingPeriods.length + 1;
  return known === -1 ? billingPeriods.length : known;
}

/** A word that names a billing period: "monthly", "annually", "12 months", "per year". */
const PERIOD_WORD =
  /\b(?:day|days|daily|week|weeks|weekly|month|months|monthly|quarter|quarters|quarterly|half-year|half-yearly|semiannual|semi-annual|semiannually|year|years|yearly|annual|annually)\b/i;

/**
 * The name a plan goes by across its billing periods: "Pro (yearly)", "Pro (billed annually)",
 * "Pro – Yearly" and "Pro" are all "pro". A trailing "(…)" that names no period stays part of
 * the name: "Pro (1 seat)" and "Pro (5 seats)" are two plans, each saving against its own
 * monthly tier. Used to find the shorter-period product a longer one saves against.
 */
export function defaultPlanKey(product: Product): string {
  return product.name
    .replace(/\s*\(([^)]*)\)\s*$/, (whole, inside: string) =>
      PERIOD_WORD.test(inside) ? '' : whole,
    )
    .replace(
      /[\s\-–—·/|]+(monthly|yearly|annual|annually|quarterly|half-yearly|semiannual|daily|weekly)$/i,
      '',
    )
    .trim()
    .toLowerCase();
}

/**
 * The saving of a product against the same plan billed over a shorter whole-month period (the
 * shortest there is, in the same currency), as a whole percent rounded down; 0 when there is
 * no such product or nothing is saved.
 */
export function savingOf(
  product: Product,
  catalog: readonly Product[],
  planKey: (product: Product) => string = defaultPlanKey,
): number {
  const months = billingPeriodMonths(groupOf(product));
  if (months === null || months <= 1) return 0;
  const key = planKey(product);
  let base: { product: Product; months: number } | undefined;
  for (const other of catalog) {
    if (other === product || other.currency !== product.currency) continue;
    const otherMonths = billingPeriodMonths(groupOf(other));
    if (otherMonths === null || otherMonths >= months) continue;
    if (base && base.months <= otherMonths) continue;
    if (planKey(other) !== key) continue;
    base = { product: other, months: otherMonths };
  }
  if (!base || !isCents(product.price) || !isCents(base.product.price)) return 0;
  // Both prices over `months × base.months` months, in whole minor units, with no rounded
  // monthly price in between: $10.00 every 3 months is not 333 cents a month, and 12 × 333
  // against $36.00 a year made a 10% saving look like 9%.
  const full = BigInt(base.product.price) * BigInt(months);
  const saved = full - BigInt(product.price) * BigInt(base.months);
  if (full === 0n || saved <= 0n) return 0;
  // Integer division is exact floor here; a float quotient could round 16.99… up to 17.
  return Number((saved * 100n) / full);
}

function isCents(price: number): boolean {
  return Number.isSafeInteger(price) && price >= 0;
}

/** The catalog in groups by billing period, shortest first, one-time last. */
export function groupByPeriod(
  products: readonly Product[],
  planKey?: (product: Product) => string,
): PeriodGroup[] {
  const groups = new Map<AnyBillingPeriod, PeriodGroup>();
  for (const product of products) {
    const period = groupOf(product);
    let group = groups.get(period);
    if (!group) {
      group = { period, products: [], bestSaving: 0 };
      groups.set(period, group);
    }
    group.products.push(product);
    group.bestSaving = Math.max(group.bestSaving, savingOf(product, products, planKey));
  }
  return [...groups.values()].sort((a, b) => periodRank(a.period) - periodRank(b.period));
}

/**
 * What the cards compare with: every product the customer holds a live subscription to, and
 * the subscription a plan change would apply to (its product, undefined when the catalog does
 * not hold it, and whether its status allows a change).
 */
export type CurrentPlans = {
  productIds: ReadonlySet<string>;
  product: Product | undefined;
  changeable: boolean;
};

/**
 * A card's state. `current` is undefined for a new customer (none, or every subscription has
 * ended). A product the customer already holds is `current`; the others compare with the
 * subscription to change by `priceDirection` within one currency, and are `unavailable` while
 * its status allows no change.
 */
export function planState(product: Product, current: CurrentPlans | undefined): PlanState {
  if (current?.productIds.has(product.id)) return 'current';
  if (product.status !== 'active') return 'unavailable';
  if (!current || groupOf(product) === 'once') return 'available';
  const from = current.product;
  if (!current.changeable || !from || from.currency !== product.currency) return 'unavailable';
  return priceDirection(product, from);
}
