// The service's clock as its answers tell it: the standard `Date` header of each HTTP answer.
// The proxy learns it from the service and the browser from the proxy, so an estimate follows
// the clock that charges, not a device's (a wrong one, or the sandbox's fixed instant).

/**
 * How far another clock may be from ours and still count as the same: a `Date` header has
 * whole seconds, and an answer spends time on its way, so a smaller difference is noise.
 */
export const CLOCK_TOLERANCE_MS = 60_000;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
// RFC 9110 §5.6.7: what a server sends (IMF-fixdate), and the two obsolete forms a recipient
// must still accept. Names are matched in any case; the day's name is not checked against the
// date. Anything else (an ISO date, a time zone other than GMT) is no HTTP-date.
const IMF_FIXDATE = new RegExp(
  `^(?:mon|tue|wed|thu|fri|sat|sun), (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`,
  'i',
);
const RFC_850 = new RegExp(
  `^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday), (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`,
  'i',
);
const ASCTIME = new RegExp(
  `^(?:mon|tue|wed|thu|fri|sat|sun) ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`,
  'i',
);

/**
 * A UTC time from its fields, or null for one that does not exist (31 Feb, hour 24). The year
 * is set as it is: `Date.UTC` alone would read years 0-99 as 1900-1999.
 */
function utc(
  year: number,
  month: string,
  day: string,
  hour: string,
  minute: string,
  second: string,
): number | null {
  const m = MONTHS.indexOf(month.toLowerCase());
  const d = Number(day);
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(year, m, d);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== m || date.getUTCDate() !== d) {
    return null;
  }
  const [h, min, s] = [Number(hour), Number(minute), Number(second)];
  // 60 is a leap second (read as the next minute's first).
  if (h > 23 || min > 59 || s > 60) return null;
  date.setUTCHours(h, min, s, 0);
  return date.getTime();
}

/**
 * Unix ms of an HTTP-date (RFC 9110): the IMF-fixdate servers send
 * (`Sun, 06 Nov 1994 08:49:37 GMT`), or the obsolete RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`)
 * and asctime (`Sun Nov  6 08:49:37 1994`) forms; null for anything else. Every year is read as
 * written, 0002 as year 2 (`Date.parse` reads it as 2002, and asctime in the local time zone).
 * An RFC 850 two-digit year is the latest one with those digits not more than 50 years after
 * `local` (Unix ms; default: now).
 */
export function parseHttpDate(value: string, local: number = Date.now()): number | null {
  const text = value.trim();
  const fixdate = IMF_FIXDATE.exec(text);
  if (fixdate) {
    const [, day = '', month = '', year = '', h = '', m = '', s = ''] = fixdate;
    return utc(Number(year), month, day, h, m, s);
  }
  const rfc850 = RFC_850.exec(text);
  if (rfc850) {
    const [, day = '', month = '', yy = '', h = '', m = '', s = ''] = rfc850;
    const localYear = new Date(local).getUTCFullYear();
    let year = localYear - (localYear % 100) + Number(yy);
    if (year > localYear + 50) year -= 100;
    return utc(year, month, day, h, m, s);
  }
  const asctime = ASCTIME.exec(text);
  if (asctime) {
    const [, month = '', day = '', h = '', m = '', s = '', year = ''] = asctime;
    return utc(Number(year), month, day.trim(), h, m, s);
  }
  return null;
}

/**
 * How far the clock that sent an HTTP-date (`Date` header) is ahead of `local` (Unix ms; behind
 * when negative): 0 within {@link CLOCK_TOLERANCE_MS}, null without a readable date (see
 * {@link parseHttpDate}).
 */
export function clockOffset(date: string | null, local: number): number | null {
  const at = date === null ? null : parseHttpDate(date, local);
  if (at === null || Number.isNaN(at)) return null;
  const offset = at - local;
  return Math.abs(offset) > CLOCK_TOLERANCE_MS ? offset : 0;
}
