// `GET /v1/stats/summary`: store metrics computed from the sandbox's own data.
//
// - Revenue counts transactions in the chosen currency with status `paid`, `partialRefund` or
//   `refunded`: gross is `amount_paid`, refunds not taken off ("gross revenue" in the service's
//   document); net is the part kept after refunds, less the tax on that part, less a 3% fee on
//   the payment, which a refund does not return (`netOf`).
// - `startDate`/`endDate` (both inclusive) filter every "within the range" total: payments,
//   revenue, subscriptions and customers created. `totalProducts`, `activeSubscriptions` and
//   the recurring revenue are as of now.
// - `activeSubscriptions` counts status `active` only ("Number of currently active
//   subscriptions" in the service's document): one set to end at period close
//   (`scheduled_cancel`) is not counted.
// - Monthly recurring revenue counts the subscriptions still paying, `active` and
//   `scheduled_cancel` ones (the latter pays until its period ends; the document ties MRR to no
//   status): their price × units per month (`monthlyEquivalent`) in the chosen currency.
// - `periods`: one bucket per UTC day, ISO week (from Monday) or calendar month, from the later
//   of `startDate` and the first transaction up to `endDate`, as the service documents.

import { monthlyEquivalent } from '../contract/period.js';
import type { StatsPeriod, StatsSummary } from '../contract/schemas.js';
import { badRequest } from './errors.js';
import { netOf, SANDBOX_FEE_PERCENT } from './pricing.js';
import type { SandboxStore } from './state.js';

const REVENUE_STATUSES = new Set(['paid', 'partialRefund', 'refunded']);
const PAYING_STATUSES = new Set(['active', 'scheduled_cancel']);
/** Most buckets one summary answers; more is a 400 that says to narrow the range. */
export const MAX_STATS_PERIODS = 5000;

type StatsInput = {
  currency: 'EUR' | 'USD';
  startDate?: number;
  endDate?: number;
  interval?: 'day' | 'week' | 'month';
};

const DAY = 86_400_000;

function alignStart(time: number, interval: 'day' | 'week' | 'month'): number {
  const date = new Date(time);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  if (interval === 'day') return midnight;
  if (interval === 'week') return midnight - ((date.getUTCDay() + 6) % 7) * DAY;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function nextStart(time: number, interval: 'day' | 'week' | 'month'): number {
  if (interval === 'day') return time + DAY;
  if (interval === 'week') return time + 7 * DAY;
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The metrics summary; see the file comment for what each figure counts. */
export function statsSummary(store: SandboxStore, input: StatsInput): StatsSummary {
  const { currency, startDate, endDate, interval } = input;
  const ranged = startDate !== undefined && endDate !== undefined;
  const from = ranged ? startDate : Number.NEGATIVE_INFINITY;
  const to = ranged ? endDate : Number.POSITIVE_INFINITY;
  const inRange = (time: number) => time >= from && time <= to;

  let totalPayments = 0;
  let totalRevenue = 0;
  let totalNetRevenue = 0;
  let firstTransaction = Number.POSITIVE_INFINITY;
  const revenue: { at: number; gross: number; net: number }[] = [];
  for (const transaction of store.transactions.values()) {
    firstTransaction = Math.min(firstTransaction, transaction.created_at);
    if (transaction.currency !== currency || !REVENUE_STATUSES.has(transaction.status)) continue;
    if (!inRange(transaction.created_at)) continue;
    const gross = transaction.amount_paid ?? transaction.amount;
    const net = netOf(gross, transaction.tax_amount ?? 0, transaction.refunded_amount ?? 0);
    totalPayments++;
    totalRevenue += gross;
    totalNetRevenue += net;
    revenue.push({ at: transaction.created_at, gross, net });
  }

  let totalSubscriptions = 0;
  let activeSubscriptions = 0;
  let monthlyRecurringRevenue = 0;
  for (const subscription of store.subscriptions.values()) {
    if (inRange(Date.parse(subscription.created_at))) totalSubscriptions++;
    if (subscription.status === 'active') activeSubscriptions++;
    if (!PAYING_STATUSES.has(subscription.status)) continue;
    const product = store.products.get(subscription.product);
    if (!product || product.currency !== currency) continue;
    const units = subscription.items?.[0]?.units ?? 1;
    monthlyRecurringRevenue +=
      monthlyEquivalent(product.price * units, product.billing_period) ?? 0;
  }

  let totalCustomers = 0;
  for (const customer of store.customers.values()) {
    if (inRange(Date.parse(customer.created_at))) totalCustomers++;
  }

  const summary: StatsSummary = {
    totals: {
      totalProducts: store.products.size,
      totalSubscriptions,
      totalCustomers,
      totalPayments,
      activeSubscriptions,
      totalRevenue,
      totalNetRevenue,
      netMonthlyRecurringRevenue:
        monthlyRecurringRevenue - Math.round((monthlyRecurringRevenue * SANDBOX_FEE_PERCENT) / 100),
      monthlyRecurringRevenue,
    },
  };
  if (interval && ranged)
    summary.periods = periodsOf(revenue, interval, startDate, endDate, firstTransaction);
  return summary;
}

function periodsOf(
  revenue: { at: number; gross: number; net: number }[],
  interval: 'day' | 'week' | 'month',
  startDate: number,
  endDate: number,
  firstTransaction: number,
): StatsPeriod[] {
  const starts: number[] = [];
  const begin = alignStart(
    Math.max(startDate, Number.isFinite(firstTransaction) ? firstTransaction : startDate),
    interval,
  );
  for (let at = begin; at <= endDate; at = nextStart(at, interval)) {
    if (starts.length === MAX_STATS_PERIODS) {
      throw badRequest(
        'interval',
        `gives more than ${MAX_STATS_PERIODS} periods between startDate and endDate; narrow the range or use a longer interval`,
      );
    }
    starts.push(at);
  }
  const periods: StatsPeriod[] = starts.map((timestamp) => ({
    timestamp,
    grossRevenue: 0,
    netRevenue: 0,
  }));
  for (const { at, gross, net } of revenue) {
    // The last bucket starting at or before `at`.
    let lo = 0;
    let hi = starts.length - 1;
    if (hi < 0 || at < (starts[0] as number)) continue;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    const period = periods[lo] as StatsPeriod;
    period.grossRevenue += gross;
    period.netRevenue += net;
  }
  return periods;
}
