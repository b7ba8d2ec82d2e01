import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { BillingUIProvider } from '../../react/ui-context.js';
import { createFormatters, type Formatters, useFormat, useMoney } from './format.js';

function Show({ run }: { run: (f: Formatters) => string }) {
  return <output>{run(useFormat())}</output>;
}

function shown(locale: string | undefined, run: (f: Formatters) => string): string {
  const view = render(
    <BillingUIProvider locale={locale}>
      <Show run={run} />
    </BillingUIProvider>,
  );
  const text = screen.getByRole('status').textContent ?? '';
  view.unmount();
  // Intl separates some parts with no-break spaces; compare with plain ones.
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

describe('useFormat', () => {
  test('money from the smallest unit, in the context locale', () => {
    expect(shown(undefined, (f) => f.money(1999, 'USD'))).toBe('$19.99');
    expect(shown('de-DE', (f) => f.money(1999, 'EUR'))).toBe('19,99 €');
    expect(shown('en-US', (f) => f.money(500, 'JPY'))).toBe('¥500');
  });

  test('credit amounts exactly, beyond what a JS number holds', () => {
    expect(shown('en-US', (f) => f.amount('12345678901234567890.25'))).toBe(
      '12,345,678,901,234,567,890.25',
    );
    expect(shown('de-DE', (f) => f.amount('-1234.5'))).toBe('-1.234,5');
    expect(shown('en-US', (f) => f.amount('10', { signDisplay: 'always' }))).toBe('+10');
  });

  test('dates from ISO strings and Unix milliseconds', () => {
    const utc = { dateStyle: 'long', timeZone: 'UTC' } as const;
    expect(shown('en-US', (f) => f.date('2026-03-05T10:00:00.000Z', utc))).toBe('March 5, 2026');
    expect(shown('de-DE', (f) => f.date(Date.UTC(2026, 2, 5, 10), utc))).toBe('5. März 2026');
    expect(
      shown('en-GB', (f) =>
        f.dateTime('2026-03-05T10:30:00.000Z', { timeZone: 'UTC', timeStyle: 'short' }),
      ),
    ).toBe('10:30');
  });

  test('a value that is not a date comes back as it was', () => {
    expect(shown('en-US', (f) => f.date('soon'))).toBe('soon');
  });

  test('numbers', () => {
    expect(shown('de-DE', (f) => f.number(0.25, { style: 'percent' }))).toBe('25 %');
  });
});

test('createFormatters works outside React', () => {
  expect(createFormatters('en-US').money(-250, 'USD')).toBe('-$2.50');
});

function Money() {
  return <output>{useMoney()(1999, 'EUR')}</output>;
}

test('useMoney is useFormat().money alone', () => {
  render(
    <BillingUIProvider locale="de-DE">
      <Money />
    </BillingUIProvider>,
  );
  expect(screen.getByRole('status').textContent?.replace(/\u00a0/g, ' ')).toBe('19,99 €');
});
