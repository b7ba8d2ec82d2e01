import { describe, expect, test } from 'vitest';
import { formatMoney } from './money.js';

const nbsp = '\u00a0';

describe('formatMoney', () => {
  test('two-decimal currencies divide the smallest unit by 100', () => {
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(formatMoney(123456789, 'USD', 'en-US')).toBe('$1,234,567.89');
    expect(formatMoney(1999, 'EUR', 'en-US')).toBe('€19.99');
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe(`1.234,56${nbsp}€`);
    expect(formatMoney(5, 'USD', 'de-DE')).toBe(`0,05${nbsp}$`);
  });

  test('zero-decimal currencies are not divided: JPY 500 is ¥500', () => {
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(formatMoney(1234567, 'JPY', 'en-US')).toBe('¥1,234,567');
    expect(formatMoney(500, 'JPY', 'de-DE')).toBe(`500${nbsp}¥`);
  });

  test('three-decimal currencies divide by 1000', () => {
    expect(formatMoney(1500, 'KWD', 'en-US')).toBe(`KWD${nbsp}1.500`);
  });

  test('negative amounts carry the minus sign; zero never does', () => {
    expect(formatMoney(-1999, 'USD')).toBe('-$19.99');
    expect(formatMoney(-123456, 'EUR', 'de-DE')).toBe(`-1.234,56${nbsp}€`);
    expect(formatMoney(-500, 'JPY')).toBe('-¥500');
    expect(formatMoney(0, 'EUR', 'de-DE')).toBe(`0,00${nbsp}€`);
    expect(formatMoney(-0, 'USD')).toBe('$0.00');
  });

  test('rounds what rounds to zero to an unsigned zero', () => {
    expect(formatMoney(-0.4, 'USD')).toBe('$0.00');
    expect(formatMoney(-0.5, 'USD')).toBe('-$0.01');
    expect(formatMoney(0.49, 'JPY')).toBe('¥0');
  });

  test('is exact up to the largest safe integer, and for fractions of the smallest unit', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD')).toBe('$90,071,992,547,409.91');
    expect(formatMoney(7036874417766401, 'USD')).toBe('$70,368,744,177,664.01');
    expect(formatMoney(-Number.MAX_SAFE_INTEGER, 'KWD')).toBe(`-KWD${nbsp}9,007,199,254,740.991`);
    expect(formatMoney(1111.1, 'KWD')).toBe(`KWD${nbsp}1.111`);
    expect(formatMoney(1e21, 'USD')).toBe('$10,000,000,000,000,000,000.00');
  });

  test('accepts a lowercase currency code', () => {
    expect(formatMoney(1999, 'usd')).toBe('$19.99');
  });

  test('rejects a bad currency or amount with a message that says how to fix it', () => {
    expect(() => formatMoney(100, 'DOLLARS')).toThrow(
      'billing-kit: cannot format money in currency "DOLLARS" for locale "en-US"; pass a three-letter ISO 4217 code such as "USD" and a BCP 47 locale such as "en-US"',
    );
    expect(() => formatMoney(Number.NaN, 'USD')).toThrow(
      'billing-kit: formatMoney needs a finite amount in the smallest currency unit, got NaN',
    );
  });
});
