// MetricsSummary's ranges and the dates it asks for: no 'use client', so a server component can
// compute the same dates for its prefetch (a 'use client' module would hand it a client
// reference instead of the function).

/** A range ending now (`now`): the last 7, 30 or 90 days, or the last 12 months. */
export type MetricsRangePreset = '7d' | '30d' | '90d' | '12m';
/**
 * A range: a preset, or explicit dates in whole Unix milliseconds (both inclusive), `startDate`
 * at or before `endDate` (a range that ends before it starts is refused at render).
 */
export type MetricsRange = MetricsRangePreset | { startDate: number; endDate: number };

const DAY = 86_400_000;

/**
 * The dates `MetricsSummary` asks for a range ending at `now` (Unix ms), for a server's
 * prefetch: `storeMetricsOptions(client, { currency: 'USD', interval: 'week',
 * ...metricsRangeDates('90d', now) })` is what `<MetricsSummary now={now} />` reads first.
 * Safe to call in a server component.
 *
 * @param range a preset (`'7d'`, `'30d'`, `'90d'`, `'12m'`: the last 12 calendar months, UTC)
 *   or explicit dates, returned as they are.
 * @param now where a preset ends, Unix milliseconds.
 */
export function metricsRangeDates(
  range: MetricsRange,
  now: number,
): { startDate: number; endDate: number } {
  if (typeof range === 'object') return range;
  if (range === '12m') {
    const start = new Date(now);
    start.setUTCFullYear(start.getUTCFullYear() - 1);
    return { startDate: start.getTime(), endDate: now };
  }
  const days = { '7d': 7, '30d': 30, '90d': 90 }[range];
  return { startDate: now - days * DAY, endDate: now };
}
