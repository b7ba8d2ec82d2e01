import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addAmounts,
  compareAmounts,
  formatAmount,
  isAmount,
  isZeroAmount,
  negateAmount,
  normalizeAmount,
  parseAmount,
  subtractAmounts,
  sumAmounts,
} from './amount.js';

const huge = '123456789012345678901234567890'; // 30 digits, far beyond 2^53

describe('isAmount', () => {
  test.each(['0', '12', '-3.5', '007.50', '100000000000000000000.25', `-${huge}.000001`])(
    'accepts %s',
    (value) => expect(isAmount(value)).toBe(true),
  );
  test.each(['', '-', '+1', '1e3', ' 1', '1 ', '1,000', '1.', '.5', '--1', '1.2.3', '١٢', 'NaN'])(
    'rejects "%s"',
    (value) => expect(isAmount(value)).toBe(false),
  );
  test('rejects values that are not strings', () => {
    expect(isAmount(12)).toBe(false);
    expect(isAmount(12n)).toBe(false);
    expect(isAmount(null)).toBe(false);
  });
});

describe('parseAmount', () => {
  test('keeps every digit and the sign, even of a zero integer part', () => {
    expect(parseAmount(`${huge}.25`)).toEqual({ units: BigInt(`${huge}25`), scale: 2 });
    expect(parseAmount('-0.5')).toEqual({ units: -5n, scale: 1 });
    expect(parseAmount('12')).toEqual({ units: 12n, scale: 0 });
  });

  test('throws a TypeError that says how to fix the input', () => {
    expect(() => parseAmount('1e3')).toThrow(
      new TypeError(
        'billing-kit: "1e3" is not a credit amount; use a decimal string such as "12.50"',
      ),
    );
    expect(() => addAmounts(12 as unknown as string, '1')).toThrow(
      'billing-kit: 12 (a number) is not a credit amount; use a decimal string such as "12.50"',
    );
  });
});

describe('arithmetic', () => {
  test('adds beyond 2^53 without losing a digit', () => {
    expect(addAmounts(huge, '1')).toBe('123456789012345678901234567891');
    expect(addAmounts('9007199254740993', '9007199254740993')).toBe('18014398509481986');
    expect(addAmounts('100000000000000000000.25', '0.75')).toBe('100000000000000000001');
  });

  test('aligns fractional parts of different lengths', () => {
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('1.005', '2.5')).toBe('3.505');
    expect(addAmounts('12', '0.000000000000000000000001')).toBe('12.000000000000000000000001');
    expect(subtractAmounts('1.5', '1.25')).toBe('0.25');
  });

  test('goes negative and back', () => {
    expect(subtractAmounts('3', '10.5')).toBe('-7.5');
    expect(subtractAmounts('0.1', '0.3')).toBe('-0.2');
    expect(subtractAmounts(`-${huge}`, huge)).toBe('-246913578024691357802469135780');
    expect(addAmounts('-7.5', '7.5')).toBe('0');
  });

  test('sums a list, "0" when it is empty', () => {
    expect(sumAmounts([])).toBe('0');
    expect(sumAmounts(['100', '-25.5', '0.5', huge])).toBe('123456789012345678901234567965');
    expect(sumAmounts(new Set(['1.1', '2.2']))).toBe('3.3');
  });

  test('compares by value, not by spelling', () => {
    expect(compareAmounts('1.50', '1.5')).toBe(0);
    expect(compareAmounts('-0', '0')).toBe(0);
    expect(compareAmounts('2', '10')).toBe(-1);
    expect(compareAmounts(`${huge}.1`, huge)).toBe(1);
    expect(compareAmounts('-1', '-0.5')).toBe(-1);
  });

  test('negates, and the negation of zero is "0"', () => {
    expect(negateAmount('12.50')).toBe('-12.5');
    expect(negateAmount('-0.25')).toBe('0.25');
    expect(negateAmount('0.00')).toBe('0');
  });

  test('knows zero in every spelling', () => {
    for (const zero of ['0', '-0', '0.000', '-000.0']) expect(isZeroAmount(zero)).toBe(true);
    expect(isZeroAmount('0.0000000000000000000001')).toBe(false);
  });

  test('normalizes to one canonical form', () => {
    expect(normalizeAmount('007.50')).toBe('7.5');
    expect(normalizeAmount('-0.00')).toBe('0');
    expect(normalizeAmount('-000.010')).toBe('-0.01');
    expect(normalizeAmount('10.0')).toBe('10');
    expect(normalizeAmount('100')).toBe('100');
  });
});

describe('formatAmount', () => {
  test('groups and separates like the locale, at any size', () => {
    expect(formatAmount(`${huge}.25`, { locale: 'en-US' })).toBe(
      '123,456,789,012,345,678,901,234,567,890.25',
    );
    expect(formatAmount(`${huge}.25`, { locale: 'de-DE' })).toBe(
      '123.456.789.012.345.678.901.234.567.890,25',
    );
    expect(formatAmount('1234567.5', { locale: 'en-IN' })).toBe('12,34,567.5');
    expect(formatAmount('1234', { locale: 'de-DE' })).toBe('1.234');
    expect(formatAmount('999', { locale: 'en-US' })).toBe('999');
  });

  test('shows every fractional digit unless told otherwise', () => {
    expect(formatAmount('0.000000000000000000000001', { locale: 'en-US' })).toBe(
      '0.000000000000000000000001',
    );
    expect(formatAmount('12.50', { locale: 'de-DE' })).toBe('12,5');
  });

  test('keeps the sign of amounts between -1 and 0', () => {
    expect(formatAmount('-0.5', { locale: 'en-US' })).toBe('-0.5');
    expect(formatAmount('-1234.05', { locale: 'de-DE' })).toBe('-1.234,05');
    expect(formatAmount('-0.5', { locale: 'sv-SE' })).toBe('\u22120,5');
  });

  test('rounds half away from zero, and a rounded zero has no sign', () => {
    expect(formatAmount('2.345', { locale: 'en-US', maximumFractionDigits: 2 })).toBe('2.35');
    expect(formatAmount('-2.5', { locale: 'en-US', maximumFractionDigits: 0 })).toBe('-3');
    expect(formatAmount('9999.995', { locale: 'de-DE', maximumFractionDigits: 2 })).toBe('10.000');
    expect(formatAmount('-0.004', { locale: 'en-US', maximumFractionDigits: 2 })).toBe('0');
    expect(formatAmount(`${huge}.5`, { locale: 'en-US', maximumFractionDigits: 0 })).toBe(
      '123,456,789,012,345,678,901,234,567,891',
    );
  });

  test('honours signDisplay', () => {
    expect(formatAmount('5', { locale: 'en-US', signDisplay: 'always' })).toBe('+5');
    expect(formatAmount('0', { locale: 'en-US', signDisplay: 'always' })).toBe('+0');
    expect(formatAmount('0', { locale: 'en-US', signDisplay: 'exceptZero' })).toBe('0');
    expect(formatAmount('0.5', { locale: 'de-DE', signDisplay: 'exceptZero' })).toBe('+0,5');
    expect(formatAmount('-5', { locale: 'en-US', signDisplay: 'never' })).toBe('5');
  });

  test('uses the locale digits', () => {
    expect(formatAmount('-1234.05', { locale: 'ar-EG' })).toBe('\u061c-١٬٢٣٤٫٠٥');
  });

  test('takes the locale alone as its second argument, and defaults to en-US as formatMoney does', () => {
    expect(formatAmount('1234567.5', 'de-DE')).toBe('1.234.567,5');
    expect(formatAmount('-1234.05', 'ar-EG')).toBe('\u061c-١٬٢٣٤٫٠٥');
    expect(formatAmount('1234567')).toBe('1,234,567');
    expect(formatAmount('1234567.5', {})).toBe('1,234,567.5');
    expect(formatAmount('-2.345', { maximumFractionDigits: 2 })).toBe('-2.35');
  });

  test('rejects bad input', () => {
    expect(() => formatAmount('12,5', { locale: 'de-DE' })).toThrow(TypeError);
    expect(() => formatAmount('1', { locale: 'en-US', maximumFractionDigits: 1.5 })).toThrow(
      'billing-kit: maximumFractionDigits must be a whole number from 0 to 100, got 1.5',
    );
  });
});

describe('properties', () => {
  // Any amount, spelled with optional leading zeros and trailing fractional zeros.
  const amount = fc
    .record({
      units: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
      scale: fc.integer({ min: 0, max: 25 }),
      leading: fc.integer({ min: 0, max: 2 }),
      trailing: fc.integer({ min: 0, max: 2 }),
    })
    .map(({ units, scale, leading, trailing }) => {
      const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
      const whole = '0'.repeat(leading) + digits.slice(0, digits.length - scale);
      const fraction = digits.slice(digits.length - scale) + '0'.repeat(scale ? trailing : 0);
      return (units < 0n ? '-' : '') + whole + (fraction ? `.${fraction}` : '');
    });

  test('generated amounts are amounts', () => {
    fc.assert(fc.property(amount, (a) => isAmount(a)));
  });

  test('subtracting what was added gives the original value back', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(subtractAmounts(addAmounts(a, b), b)).toBe(normalizeAmount(a));
        expect(addAmounts(subtractAmounts(a, b), b)).toBe(normalizeAmount(a));
      }),
    );
  });

  test('addition commutes', () => {
    fc.assert(fc.property(amount, amount, (a, b) => addAmounts(a, b) === addAmounts(b, a)));
  });

  test('compare agrees with the sign of the difference', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const difference = subtractAmounts(a, b);
        const sign = isZeroAmount(difference) ? 0 : difference.startsWith('-') ? -1 : 1;
        expect(compareAmounts(a, b)).toBe(sign);
        expect(compareAmounts(b, a)).toBe(-sign || 0);
      }),
    );
  });

  test('agrees with BigInt arithmetic on integers', () => {
    const integer = fc.bigInt({ min: -(10n ** 36n), max: 10n ** 36n });
    fc.assert(
      fc.property(integer, integer, (x, y) => {
        expect(addAmounts(String(x), String(y))).toBe(String(x + y));
        expect(subtractAmounts(String(x), String(y))).toBe(String(x - y));
        expect(negateAmount(String(x))).toBe(String(-x));
        expect(compareAmounts(String(x), String(y))).toBe(x < y ? -1 : x > y ? 1 : 0);
      }),
    );
  });

  test('normal form is stable and keeps the value', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const canonical = normalizeAmount(a);
        expect(normalizeAmount(canonical)).toBe(canonical);
        expect(compareAmounts(a, canonical)).toBe(0);
        expect(canonical).toMatch(/^(0|-?[1-9]\d*|-?(0|[1-9]\d*)\.\d*[1-9])$/);
      }),
    );
  });

  test('formats like Intl.NumberFormat given the same decimal string', () => {
    // Intl formats decimal strings exactly (up to 20 fractional digits in Node 20): an oracle.
    // Decimal strings and signDisplay "negative" are newer than the ES2022 typings.
    type DecimalFormat = { format(value: string): string };
    const locale = fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'en-IN', 'ar-EG');
    const digits = fc.integer({ min: 0, max: 20 });
    const short = amount.filter((a) => (a.split('.')[1] ?? '').length <= 20);
    fc.assert(
      fc.property(short, locale, digits, (a, loc, max) => {
        const options = { maximumFractionDigits: max, signDisplay: 'negative' };
        const intl = new Intl.NumberFormat(loc, options as Intl.NumberFormatOptions);
        const expected = (intl as unknown as DecimalFormat).format(a);
        expect(formatAmount(a, { locale: loc, maximumFractionDigits: max })).toBe(expected);
      }),
    );
  });
});
