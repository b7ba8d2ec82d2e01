export {
  axisTicks,
  type MetricsChangeDetails,
  type MetricsCurrency,
  type MetricsInterval,
  type MetricsRange,
  type MetricsRangePreset,
  MetricsSummary,
  type MetricsSummaryPart,
  type MetricsSummaryProps,
  type MetricsSummaryState,
  metricsRangeDates,
} from './MetricsSummary.js';
