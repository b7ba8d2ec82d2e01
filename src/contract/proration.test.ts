import { describe, expect, test } from 'vitest';
import {
  planChange,
  planChangeDifference,
  priceAfterSubscriptionDiscount,
  prorateUpgrade,
} from './proration.js';

// A 30-day period, so a day is exactly 1/30 of it.
const periodStart = '2025-04-01T00:00:00.000Z';
const periodEnd = '2025-05-01T00:00:00.000Z';
const day = (n: number) => new Date(Date.UTC(2025, 3, 1 + n));

describe('prorateUpgrade', () => {
  test('mid-period: credit for the unused part, charge for the rest at the new price', () => {
    expect(
      prorateUpgrade({
        currentPrice: 1000,
        targetPrice: 3000,
        periodStart,
        periodEnd,
        now: day(15),
      }),
    ).toEqual({ remainingFraction: 0.5, credit: 500, charge: 1500, net: 1000 });
  });

  test('rounds credit and charge half up on their own; net is their difference', () => {
    // 10 of 30 days remain: 1000 / 3 = 333.33 → 333, 2999 / 3 = 999.67 → 1000.
    expect(
      prorateUpgrade({
        currentPrice: 1000,
        targetPrice: 2999,
        periodStart,
        periodEnd,
        now: day(20),
      }),
    ).toEqual({ remainingFraction: 1 / 3, credit: 333, charge: 1000, net: 667 });
    // 15 of 30 days remain: 999 / 2 = 499.5 → 500, 1 / 2 = 0.5 → 1.
    expect(
      prorateUpgrade({ currentPrice: 999, targetPrice: 1, periodStart, periodEnd, now: day(15) }),
    ).toMatchObject({ credit: 500, charge: 1, net: -499 });
  });

  test('at the start: a whole period each way', () => {
    expect(
      prorateUpgrade({
        currentPrice: 1000,
        targetPrice: 3000,
        periodStart,
        periodEnd,
        now: periodStart,
      }),
    ).toEqual({ remainingFraction: 1, credit: 1000, charge: 3000, net: 2000 });
  });

  test('before the start counts as the start', () => {
    expect(
      prorateUpgrade({
        currentPrice: 1000,
        targetPrice: 3000,
        periodStart,
        periodEnd,
        now: day(-3),
      }),
    ).toEqual({ remainingFraction: 1, credit: 1000, charge: 3000, net: 2000 });
  });

  test('at the end and after it: nothing left to prorate', () => {
    const none = { remainingFraction: 0, credit: 0, charge: 0, net: 0 };
    expect(
      prorateUpgrade({
        currentPrice: 1000,
        targetPrice: 3000,
        periodStart,
        periodEnd,
        now: periodEnd,
      }),
    ).toEqual(none);
    expect(
      prorateUpgrade({
        currentPrice: 1000,
        targetPrice: 3000,
        periodStart,
        periodEnd,
        now: day(45),
      }),
    ).toEqual(none);
  });

  test('a downgrade gives a negative net', () => {
    expect(
      prorateUpgrade({
        currentPrice: 3000,
        targetPrice: 1000,
        periodStart,
        periodEnd,
        now: day(6),
      }),
    ).toEqual({ remainingFraction: 0.8, credit: 2400, charge: 800, net: -1600 });
  });

  test('equal prices cost nothing', () => {
    expect(
      prorateUpgrade({
        currentPrice: 1999,
        targetPrice: 1999,
        periodStart,
        periodEnd,
        now: day(7),
      }),
    ).toMatchObject({ credit: 1533, charge: 1533, net: 0 });
  });

  test('takes Dates, ISO strings and Unix milliseconds alike', () => {
    const fromDates = prorateUpgrade({
      currentPrice: 1000,
      targetPrice: 2000,
      periodStart: new Date(periodStart),
      periodEnd: Date.parse(periodEnd),
      now: day(10).toISOString(),
    });
    expect(fromDates).toMatchObject({ credit: 667, charge: 1333, net: 666 });
  });

  test('stays exact when price × milliseconds passes 2^53', () => {
    // A year-long period and a price of 10^12 cents: the product is about 3 × 10^22.
    expect(
      prorateUpgrade({
        currentPrice: 1_000_000_000_000,
        targetPrice: 3_000_000_000_001,
        periodStart: '2025-01-01T00:00:00Z',
        periodEnd: '2026-01-01T00:00:00Z',
        now: '2025-07-02T12:00:00Z', // exactly half of 365 days remain
      }),
    ).toEqual({
      remainingFraction: 0.5,
      credit: 500_000_000_000,
      charge: 1_500_000_000_001, // 1_500_000_000_000.5 rounded half up
      net: 1_000_000_000_001,
    });
  });

  test('rejects bad input with a message that says how to fix it', () => {
    const base = { currentPrice: 1000, targetPrice: 2000, periodStart, periodEnd, now: day(1) };
    expect(() => prorateUpgrade({ ...base, currentPrice: 10.5 })).toThrow(
      'billing-kit: currentPrice must be a non-negative whole number in the smallest currency unit, got 10.5',
    );
    expect(() => prorateUpgrade({ ...base, now: 'soon' })).toThrow(
      'billing-kit: now "soon" is not a valid date; pass a Date, an ISO 8601 string or Unix milliseconds',
    );
    expect(() => prorateUpgrade({ ...base, periodEnd: periodStart })).toThrow(
      'billing-kit: periodEnd (2025-04-01T00:00:00.000Z) must be after periodStart (2025-04-01T00:00:00.000Z)',
    );
  });
});

/**
 * A change from $9 to $29 within one 30-day period, a third of it gone (2/3 of each price is
 * left), not trialing; `planChangeDifference` and `planChange` take the same input.
 */
const nineToTwentyNine = {
  currentPrice: 900,
  targetPrice: 2900,
  periodStart: 0,
  periodEnd: 30 * 86_400_000,
  now: 10 * 86_400_000,
  trialing: false,
  samePeriod: true,
  startsNow: false,
};

describe('planChangeDifference', () => {
  const change = (over: Partial<Parameters<typeof planChangeDifference>[0]>) =>
    planChangeDifference({ ...nineToTwentyNine, ...over });

  test('same period: the target for the rest of it, less the unused part of the current plan', () => {
    expect(change({})).toBe(1933 - 600);
    expect(change({ currentPrice: 2900, targetPrice: 900 })).toBe(600 - 1933);
  });

  test('another period: the whole target less the unused part when it starts now, else 0', () => {
    expect(change({ samePeriod: false, startsNow: true })).toBe(2900 - 600);
    expect(change({ samePeriod: false, startsNow: false })).toBe(0);
  });

  test('a trial credits nothing of the current plan', () => {
    expect(change({ trialing: true })).toBe(1933);
    expect(change({ trialing: true, samePeriod: false, startsNow: true })).toBe(2900);
  });
});

describe('planChange', () => {
  const change = (over: Partial<Parameters<typeof planChange>[0]>) => {
    const input = { ...nineToTwentyNine, ...over };
    const result = planChange(input);
    // The difference is the one planChangeDifference gives, which the sandbox charges.
    expect(result.net).toBe(planChangeDifference(input));
    return result;
  };

  test('the credit is the unused part of the current plan that the difference takes off', () => {
    expect(change({})).toEqual({ credit: 600, net: 1933 - 600 });
    expect(change({ samePeriod: false, startsNow: true })).toEqual({ credit: 600, net: 2300 });
    expect(change({ currentPrice: 2900, targetPrice: 900 })).toEqual({
      credit: 1933,
      net: 600 - 1933,
    });
  });

  test('no credit for a trial, across periods from the renewal, or once the period is over', () => {
    expect(change({ trialing: true })).toEqual({ credit: 0, net: 1933 });
    expect(change({ samePeriod: false, startsNow: false })).toEqual({ credit: 0, net: 0 });
    expect(change({ now: 30 * 86_400_000, samePeriod: false, startsNow: true })).toEqual({
      credit: 0,
      net: 2900,
    });
  });
});

describe('priceAfterSubscriptionDiscount', () => {
  // Started on Jan 31: calendar months end on the last day of a shorter month.
  const created_at = '2025-01-31T10:00:00.000Z';
  const percent = (amount: number, duration: string, durationInMonths?: number) => ({
    created_at,
    discount: { type: 'percentage', amount, duration, durationInMonths },
  });
  const fixed = (amount: number, duration: string) => ({
    created_at,
    discount: { type: 'fixed', amount, duration },
  });
  const later = '2027-06-01T00:00:00Z';

  test('forever: a percentage off every charge, rounded half up as a checkout rounds it', () => {
    expect(priceAfterSubscriptionDiscount(2900, percent(10, 'forever'), later)).toBe(2610);
    // 12.5% of 2900 = 362.5 → 363 off.
    expect(priceAfterSubscriptionDiscount(2900, percent(12.5, 'forever'), later)).toBe(2537);
    expect(priceAfterSubscriptionDiscount(0, percent(10, 'forever'), later)).toBe(0);
    expect(priceAfterSubscriptionDiscount(2900, percent(100, 'forever'), later)).toBe(0);
    expect(priceAfterSubscriptionDiscount(2900, percent(150, 'forever'), later)).toBe(0);
  });

  test('a fixed amount comes off each charge, never below 0', () => {
    expect(priceAfterSubscriptionDiscount(2900, fixed(500, 'forever'), later)).toBe(2400);
    expect(priceAfterSubscriptionDiscount(900, fixed(1000, 'forever'), later)).toBe(0);
    expect(priceAfterSubscriptionDiscount(2900, fixed(-500, 'forever'), later)).toBe(2900);
  });

  test('repeating: while within its calendar months of the start, not after', () => {
    const three = percent(20, 'repeating', 3);
    // Jan 31 + 3 months = Apr 30, 10:00.
    expect(priceAfterSubscriptionDiscount(1000, three, '2025-04-30T09:59:59.999Z')).toBe(800);
    expect(priceAfterSubscriptionDiscount(1000, three, '2025-04-30T10:00:00.000Z')).toBe(1000);
    expect(priceAfterSubscriptionDiscount(1000, three, Date.parse(created_at))).toBe(800);
    // Without its months there is no telling how long it runs: not applied.
    expect(priceAfterSubscriptionDiscount(1000, percent(20, 'repeating'), created_at)).toBe(1000);
    expect(priceAfterSubscriptionDiscount(1000, percent(20, 'repeating', 0), created_at)).toBe(
      1000,
    );
  });

  test('once, none, or a type or duration this version does not know: the list price', () => {
    expect(priceAfterSubscriptionDiscount(1000, percent(20, 'once'), created_at)).toBe(1000);
    expect(priceAfterSubscriptionDiscount(1000, { created_at }, later)).toBe(1000);
    expect(priceAfterSubscriptionDiscount(1000, { created_at, discount: null }, later)).toBe(1000);
    expect(priceAfterSubscriptionDiscount(1000, percent(20, 'lifetime'), later)).toBe(1000);
    expect(
      priceAfterSubscriptionDiscount(
        1000,
        { created_at, discount: { type: 'bundle', amount: 20, duration: 'forever' } },
        later,
      ),
    ).toBe(1000);
  });

  test('rejects a price that is no whole number and a start that is no date', () => {
    expect(() => priceAfterSubscriptionDiscount(9.5, percent(10, 'forever'), later)).toThrow(
      'billing-kit: price must be a non-negative whole number in the smallest currency unit, got 9.5',
    );
    expect(() =>
      priceAfterSubscriptionDiscount(
        1000,
        { ...percent(10, 'repeating', 2), created_at: 'yesterday' },
        later,
      ),
    ).toThrow('billing-kit: created_at "yesterday" is not a valid date');
  });
});
