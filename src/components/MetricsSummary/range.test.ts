// The dates MetricsSummary asks for, computed where a server component computes them: in Node,
// no DOM, from a module without 'use client'.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metricsRangeDates } from './range.js';

const DAY = 86_400_000;
const now = Date.UTC(2025, 2, 31, 15, 30);

describe('metricsRangeDates', () => {
  it('ends each day preset at now, 7, 30 or 90 whole days back', () => {
    expect(metricsRangeDates('7d', now)).toEqual({ startDate: now - 7 * DAY, endDate: now });
    expect(metricsRangeDates('30d', now)).toEqual({ startDate: now - 30 * DAY, endDate: now });
    expect(metricsRangeDates('90d', now)).toEqual({ startDate: now - 90 * DAY, endDate: now });
  });

  it('starts 12m on the same UTC date and time a year before', () => {
    expect(metricsRangeDates('12m', now)).toEqual({
      startDate: Date.UTC(2024, 2, 31, 15, 30),
      endDate: now,
    });
  });

  it('gives explicit dates back as they are', () => {
    const range = { startDate: now - DAY, endDate: now };
    expect(metricsRangeDates(range, now)).toEqual(range);
  });

  it('runs without a DOM, from a module a server component can call', () => {
    expect(typeof window).toBe('undefined');
    const source = readFileSync(new URL('./range.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(['"])use client\1/);
  });
});
