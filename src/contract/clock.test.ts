// The HTTP-date of a `Date` header, read as RFC 9110 writes it: every year as written (a clock
// in year 0002 or 0050 is not 2002 or 1950), the obsolete forms a recipient must still accept,
// and nothing else.
import { describe, expect, test } from 'vitest';
import { CLOCK_TOLERANCE_MS, clockOffset, parseHttpDate } from './clock.js';

/** Unix ms of an ISO date-time, years 0000-0099 included (`new Date(y, …)` would add 1900). */
const iso = (text: string) => new Date(text).getTime();

describe('parseHttpDate', () => {
  test('IMF-fixdate, the form servers send (and toUTCString writes), any four-digit year', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(iso('1994-11-06T08:49:37Z'));
    for (const at of [
      '0002-01-01T00:00:00Z',
      '0050-06-01T12:34:56Z',
      '0099-12-31T23:59:59Z',
      '0999-06-01T00:00:00Z',
      '2026-01-15T12:00:00Z',
      '9998-12-31T23:59:59Z',
    ]) {
      const header = new Date(at).toUTCString();
      expect(header, at).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(parseHttpDate(header), header).toBe(iso(at));
    }
    expect(parseHttpDate('Tue, 01 Jan 0002 00:00:00 GMT')).toBe(iso('0002-01-01T00:00:00Z'));
    expect(parseHttpDate('Wed, 01 Jun 0050 00:00:00 GMT')).toBe(iso('0050-06-01T00:00:00Z'));
    // The leap day of year 4 (proleptic Gregorian), and a leap second read as the next minute.
    expect(parseHttpDate('Fri, 29 Feb 0004 10:00:00 GMT')).toBe(iso('0004-02-29T10:00:00Z'));
    expect(parseHttpDate('Wed, 31 Dec 2025 23:59:60 GMT')).toBe(iso('2026-01-01T00:00:00Z'));
  });

  test('the obsolete RFC 850 and asctime forms, asctime as UTC', () => {
    const at = iso('1994-11-06T08:49:37Z');
    const in2026 = iso('2026-01-15T12:00:00Z');
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', in2026)).toBe(at);
    expect(parseHttpDate('Thursday, 15-Jan-26 12:00:00 GMT', in2026)).toBe(in2026);
    // Two digits more than 50 years ahead are the last century's.
    expect(parseHttpDate('Monday, 01-Jan-76 00:00:00 GMT', in2026)).toBe(
      iso('2076-01-01T00:00:00Z'),
    );
    expect(parseHttpDate('Saturday, 01-Jan-77 00:00:00 GMT', in2026)).toBe(
      iso('1977-01-01T00:00:00Z'),
    );
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(at);
    expect(parseHttpDate('Sun Nov 16 08:49:37 1994')).toBe(iso('1994-11-16T08:49:37Z'));
    expect(parseHttpDate('Tue Jan  1 00:00:00 0002')).toBe(iso('0002-01-01T00:00:00Z'));
  });

  test('anything else is no HTTP-date', () => {
    for (const text of [
      '',
      'yesterday',
      '2026-01-15T12:00:00Z',
      '1768478400000',
      'Thu, 15 Jan 2026 12:00:00 +0100',
      'Thu, 15 Jan 26 12:00:00 GMT',
      'Thu, 31 Feb 2026 12:00:00 GMT',
      'Thu, 15 Jan 2026 24:00:00 GMT',
      'Thu, 15 Jan 2026 12:00:00 GMT, Thu, 15 Jan 2026 12:00:01 GMT',
    ]) {
      expect(parseHttpDate(text), text).toBeNull();
    }
  });
});

describe('clockOffset', () => {
  test('a clock in year 0002 or 0050 is that far behind, not 2002 or 1950', () => {
    const local = iso('2026-01-15T12:00:00Z');
    for (const at of ['0002-01-01T00:00:00Z', '0050-06-01T00:00:00Z']) {
      expect(clockOffset(new Date(at).toUTCString(), local), at).toBe(iso(at) - local);
    }
  });

  test('0 within the tolerance, null without a readable date', () => {
    const local = iso('2026-01-15T12:00:00Z');
    const header = (ms: number) => new Date(ms).toUTCString();
    expect(clockOffset(header(local + CLOCK_TOLERANCE_MS), local)).toBe(0);
    expect(clockOffset(header(local - CLOCK_TOLERANCE_MS), local)).toBe(0);
    expect(clockOffset(header(local + CLOCK_TOLERANCE_MS + 1_000), local)).toBe(61_000);
    expect(clockOffset(null, local)).toBeNull();
    expect(clockOffset('soon', local)).toBeNull();
  });
});
