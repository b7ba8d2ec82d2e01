import { describe, expect, test } from 'vitest';
import {
  addBillingPeriod,
  billingPeriodLabel,
  billingPeriodMonths,
  billingPeriods,
  isBillingPeriod,
  monthlyEquivalent,
  periodSaving,
} from './period.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('billingPeriods', () => {
  test('lists the service enum', () => {
    expect(billingPeriods).toEqual([
      'every-day',
      'every-month',
      'every-three-months',
      'every-six-months',
      'every-year',
      'once',
    ]);
    expect(isBillingPeriod('every-year')).toBe(true);
    expect(isBillingPeriod('every-week')).toBe(false);
    expect(isBillingPeriod('toString')).toBe(false);
  });

  test('months per period', () => {
    expect(billingPeriods.map(billingPeriodMonths)).toEqual([null, 1, 3, 6, 12, null]);
    expect(billingPeriodMonths('every-week')).toBeNull();
  });

  test('short English labels; an unknown period shows as it is', () => {
    expect(billingPeriods.map((period) => billingPeriodLabel(period))).toEqual([
      'per day',
      'per month',
      'every 3 months',
      'every 6 months',
      'per year',
      'one-time',
    ]);
    expect(billingPeriodLabel('every-week')).toBe('every-week');
  });
});

describe('addBillingPeriod', () => {
  test('adds calendar months in UTC, keeping the time of day', () => {
    expect(iso(addBillingPeriod('2025-03-15T10:30:00Z', 'every-month'))).toBe(
      '2025-04-15T10:30:00.000Z',
    );
    expect(iso(addBillingPeriod(new Date('2025-11-30T00:00:00Z'), 'every-three-months'))).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(iso(addBillingPeriod('2025-08-31T23:59:59Z', 'every-six-months'))).toBe(
      '2026-02-28T23:59:59.000Z',
    );
    expect(iso(addBillingPeriod(Date.UTC(2025, 4, 1), 'every-year'))).toBe(
      '2026-05-01T00:00:00.000Z',
    );
  });

  test('clamps the day to the end of a shorter month', () => {
    expect(iso(addBillingPeriod('2025-01-31T00:00:00Z', 'every-month'))).toBe(
      '2025-02-28T00:00:00.000Z',
    );
    expect(iso(addBillingPeriod('2024-01-31T00:00:00Z', 'every-month'))).toBe(
      '2024-02-29T00:00:00.000Z',
    );
    expect(iso(addBillingPeriod('2024-02-29T00:00:00Z', 'every-year'))).toBe(
      '2025-02-28T00:00:00.000Z',
    );
    expect(iso(addBillingPeriod('2025-05-31T00:00:00Z', 'every-month'))).toBe(
      '2025-06-30T00:00:00.000Z',
    );
  });

  test('counts from the anchor so the 31st comes back', () => {
    const anchor = '2025-01-31T12:00:00Z';
    expect(iso(addBillingPeriod(anchor, 'every-month', 2))).toBe('2025-03-31T12:00:00.000Z');
    expect(iso(addBillingPeriod(anchor, 'every-month', 13))).toBe('2026-02-28T12:00:00.000Z');
    expect(iso(addBillingPeriod(anchor, 'every-month', -2))).toBe('2024-11-30T12:00:00.000Z');
  });

  test('every-day adds whole UTC days across month, year and DST changes', () => {
    expect(iso(addBillingPeriod('2025-12-31T08:00:00Z', 'every-day'))).toBe(
      '2026-01-01T08:00:00.000Z',
    );
    expect(iso(addBillingPeriod('2025-03-29T01:30:00Z', 'every-day', 2))).toBe(
      '2025-03-31T01:30:00.000Z',
    );
    expect(iso(addBillingPeriod('2024-02-28T00:00:00Z', 'every-day'))).toBe(
      '2024-02-29T00:00:00.000Z',
    );
  });

  test('once has no next period', () => {
    expect(addBillingPeriod('2025-01-31T00:00:00Z', 'once')).toBeNull();
  });

  test('does not change the Date it is given', () => {
    const date = new Date('2025-01-31T00:00:00Z');
    addBillingPeriod(date, 'every-month');
    expect(date.toISOString()).toBe('2025-01-31T00:00:00.000Z');
  });

  test('rejects bad input with a message that says how to fix it', () => {
    expect(() => addBillingPeriod('yesterday', 'every-month')).toThrow(
      'billing-kit: date "yesterday" is not a valid date; pass a Date, an ISO 8601 string or Unix milliseconds',
    );
    expect(() => addBillingPeriod('2025-01-01', 'every-week')).toThrow(
      'billing-kit: "every-week" is not a billing period; use one of every-day, every-month, every-three-months, every-six-months, every-year, once',
    );
    expect(() => addBillingPeriod('2025-01-01', 'every-month', 1.5)).toThrow(TypeError);
  });
});

describe('monthlyEquivalent', () => {
  test('divides by the months of the period, rounding half up to whole cents', () => {
    expect(monthlyEquivalent(1900, 'every-month')).toBe(1900);
    expect(monthlyEquivalent(12000, 'every-year')).toBe(1000);
    expect(monthlyEquivalent(1000, 'every-three-months')).toBe(333);
    expect(monthlyEquivalent(1003, 'every-six-months')).toBe(167);
    expect(monthlyEquivalent(18, 'every-year')).toBe(2);
  });

  test('counts an average month of 365 / 12 days for a daily price', () => {
    expect(monthlyEquivalent(100, 'every-day')).toBe(3042);
    expect(monthlyEquivalent(12, 'every-day')).toBe(365);
  });

  test('is null for one-time and unknown periods', () => {
    expect(monthlyEquivalent(5000, 'once')).toBeNull();
    expect(monthlyEquivalent(5000, 'every-week')).toBeNull();
  });

  test('rejects prices that are not whole cents', () => {
    expect(() => monthlyEquivalent(19.99, 'every-month')).toThrow(
      'billing-kit: priceCents must be a non-negative whole number of cents, got 19.99',
    );
  });
});

describe('periodSaving', () => {
  test('percentage saved against paying monthly, rounded down', () => {
    expect(periodSaving(1000, 9900, 'every-year')).toBe(17); // 17.5%
    expect(periodSaving(1900, 19000, 'every-year')).toBe(16); // 16.67%
    expect(periodSaving(1000, 10000, 'every-year')).toBe(16); // 16.67%
    expect(periodSaving(1000, 6000, 'every-year')).toBe(50);
    expect(periodSaving(1000, 2700, 'every-three-months')).toBe(10);
    expect(periodSaving(1000, 1, 'every-year')).toBe(99); // 99.99%, never shown as 100
  });

  test('0 when nothing is saved or the monthly plan is free', () => {
    expect(periodSaving(1000, 12000, 'every-year')).toBe(0);
    expect(periodSaving(1000, 13000, 'every-year')).toBe(0);
    expect(periodSaving(0, 0, 'every-year')).toBe(0);
    expect(periodSaving(1000, 1000, 'every-month')).toBe(0);
  });

  test('null when the longer period is not whole months', () => {
    expect(periodSaving(1000, 5000, 'once')).toBeNull();
    expect(periodSaving(1000, 30, 'every-day')).toBeNull();
  });

  test('rejects negative or fractional prices', () => {
    expect(() => periodSaving(-1, 100, 'every-year')).toThrow(
      'billing-kit: monthlyPrice must be a non-negative whole number of cents, got -1',
    );
    expect(() => periodSaving(100, 0.5, 'every-year')).toThrow(TypeError);
  });
});
