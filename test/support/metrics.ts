// MetricsSummary's traffic in the harness: the stats queries the component sent the proxy, and
// what the sandbox itself answers to one of them, for tests that compare the two.
import type { MetricsCurrency } from '../../src/components/MetricsSummary/MetricsSummary.js';
import { type BillingHarness, sellerClient } from './billing-harness.js';

/** The queries of the proxy's stats route the page sent, oldest first. */
export function statsRequests(harness: BillingHarness): Record<string, string>[] {
  return harness.requests.filter((r) => r.route === 'adminStats').map((r) => r.query);
}

/** What the sandbox itself answers to `/v1/stats/summary` for a query the component sent. */
export function serviceStats(harness: BillingHarness, query: Record<string, string> | undefined) {
  return sellerClient(harness).stats.summary({
    currency: query?.currency as MetricsCurrency,
    startDate: Number(query?.startDate),
    endDate: Number(query?.endDate),
    interval: query?.interval as 'day' | 'week' | 'month',
  });
}
