import { describe, expect, test } from 'vitest';
import type { Product } from '../../contract/schemas.js';
import { createSandbox } from '../../sandbox/index.js';
import { planDirection } from '../UpgradePicker/estimate.js';
import { defaultPlanKey, groupByPeriod, planState, savingOf } from './plans.js';

const catalog = createSandbox().fixtures().products;
function product(id: string): Product {
  const found = catalog.find((p) => p.id === id);
  if (!found) throw new Error(`no seeded product ${id}`);
  return found;
}
/** A customer on `product` (whose plan may change unless `changeable` is false). */
const on = (product: Product | undefined, productId = product?.id ?? '', changeable = true) => ({
  productIds: new Set([productId]),
  product,
  changeable,
});
const rename = (p: Product, name: string, extra: Partial<Product> = {}): Product => ({
  ...p,
  name,
  id: `${p.id}_${name}`,
  ...extra,
});

describe('plans', () => {
  test('a plan goes by its name without a trailing period word or parenthesis naming a period', () => {
    const pro = product('prod_pro_monthly');
    expect(defaultPlanKey(rename(pro, 'Pro (yearly)'))).toBe('pro');
    expect(defaultPlanKey(rename(pro, 'Pro – Yearly'))).toBe('pro');
    expect(defaultPlanKey(rename(pro, 'Pro Monthly'))).toBe('pro');
    expect(defaultPlanKey(rename(pro, 'Team Pro'))).toBe('team pro');
    expect(defaultPlanKey(rename(pro, 'Pro (billed annually)'))).toBe('pro');
    // A parenthesis that names no period is part of the plan: seat tiers stay apart.
    expect(defaultPlanKey(rename(pro, 'Pro (5 seats)'))).toBe('pro (5 seats)');
    expect(defaultPlanKey(rename(pro, 'Pro (5 seats) – Yearly'))).toBe('pro (5 seats)');
    expect(defaultPlanKey(rename(pro, 'Pro (5 seats) (yearly)'))).toBe('pro (5 seats)');
  });

  test('groups run from the shortest period to the longest, one-time last', () => {
    expect(groupByPeriod(catalog).map((g) => [g.period, g.products.length, g.bestSaving])).toEqual([
      ['every-day', 1, 0],
      ['every-month', 4, 0],
      ['every-three-months', 1, 0],
      ['every-six-months', 1, 0],
      ['every-year', 1, 16],
      ['once', 2, 0],
    ]);
  });

  test('an unknown (newer) period sorts after the known recurring ones', () => {
    const weekly = rename(product('prod_starter_monthly'), 'Weekly', {
      billing_period: 'every-week',
    });
    expect(
      groupByPeriod([product('prod_ebook'), weekly, product('prod_pro_yearly')]).map(
        (g) => g.period,
      ),
    ).toEqual(['every-year', 'every-week', 'once']);
  });

  test('saving: against the same plan over the shortest shorter period in the same currency', () => {
    const yearly = product('prod_pro_yearly');
    expect(savingOf(yearly, catalog)).toBe(16);
    // No monthly Pro in the catalog: nothing to compare with.
    expect(
      savingOf(
        yearly,
        catalog.filter((p) => p.id !== 'prod_pro_monthly'),
      ),
    ).toBe(0);
    // A quarterly Pro at 8100 is the base when it is the only shorter one: 4 × 8100 = 32400.
    const quarterly = rename(product('prod_pro_monthly'), 'Pro (quarterly)', {
      price: 8100,
      billing_period: 'every-three-months',
    });
    expect(savingOf(yearly, [yearly, quarterly])).toBe(10);
    // Another currency never counts; a custom plan key can pair differently named products.
    const euros = rename(product('prod_pro_monthly'), 'Pro', { currency: 'EUR' });
    expect(savingOf(yearly, [yearly, euros])).toBe(0);
    expect(savingOf(yearly, [yearly, product('prod_starter_monthly')], () => 'all')).toBe(0);
    expect(
      savingOf(yearly, [yearly, rename(product('prod_pro_monthly'), 'Professional')], () => 'x'),
    ).toBe(16);
  });

  test('card states compare prices within one currency', () => {
    const pro = product('prod_pro_monthly');
    const current = on(pro);
    expect(planState(pro, current)).toBe('current');
    expect(planState(product('prod_team_quarterly'), current)).toBe('upgrade');
    expect(planState(product('prod_starter_monthly'), current)).toBe('downgrade');
    expect(planState(product('prod_pro_monthly_eur'), current)).toBe('unavailable');
    expect(planState(product('prod_legacy_monthly'), current)).toBe('unavailable');
    expect(planState(product('prod_lifetime'), current)).toBe('available');
    expect(planState(product('prod_starter_monthly'), undefined)).toBe('available');
    expect(planState(product('prod_legacy_monthly'), undefined)).toBe('unavailable');
    // A subscription to a product the catalog does not know: nothing to compare with.
    expect(planState(product('prod_starter_monthly'), on(undefined, 'prod_x'))).toBe('unavailable');
  });

  test('a status that allows no change leaves only the held plans and one-time products', () => {
    const pro = product('prod_pro_monthly');
    const locked = on(pro, pro.id, false);
    expect(planState(pro, locked)).toBe('current');
    expect(planState(product('prod_team_quarterly'), locked)).toBe('unavailable');
    expect(planState(product('prod_starter_monthly'), locked)).toBe('unavailable');
    expect(planState(product('prod_lifetime'), locked)).toBe('available');
    // Every product the customer holds is current, not only the one a change applies to.
    const both = { ...on(pro), productIds: new Set([pro.id, 'prod_starter_monthly']) };
    expect(planState(product('prod_starter_monthly'), both)).toBe('current');
  });

  test('the cards and UpgradePicker mark every seeded plan alike', () => {
    const recurring = catalog.filter(
      (p) => p.billing_type === 'recurring' && p.currency === 'USD' && p.status === 'active',
    );
    for (const from of recurring) {
      for (const to of recurring) {
        expect(planState(to, on(from))).toBe(planDirection(to, from));
      }
    }
  });
});
