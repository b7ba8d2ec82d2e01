export {
  axisTicks,
  type MetricsChangeDetails,
  type MetricsCurrency,
  type MetricsInterval,
  MetricsSummary,
  type MetricsSummaryPart,
  type MetricsSummaryProps,
  type MetricsSummaryState,
} from './MetricsSummary.js';
// Without 'use client': a server component calls it for its prefetch.
export { type MetricsRange, type MetricsRangePreset, metricsRangeDates } from './range.js';
