import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import {
  type BillingHarness,
  BillingHarnessProvider,
  createBillingHarness,
  createTestQueryClient,
  renderWithBilling,
} from '../../../test/support/billing-harness.js';
import { serviceStats, statsRequests } from '../../../test/support/metrics.js';
import type { StatsSummary } from '../../contract/schemas.js';
import { storeMetricsOptions } from '../../react/options.js';
import { createProxyClient } from '../../react/proxy-client.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import {
  axisTicks,
  type MetricsChangeDetails,
  type MetricsCurrency,
  MetricsSummary,
} from './MetricsSummary.js';
import { metricsRangeDates } from './range.js';

const NOW = Date.parse(SANDBOX_EPOCH);
const DAY = 86_400_000;

const money = (cents: number, currency: string, locale = 'en-US') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
const count = (n: number, locale = 'en-US') => new Intl.NumberFormat(locale).format(n);

/** A seller's harness whose stats answers are edited on the way back from the service. */
function stagedStats(edit: (stats: StatsSummary) => void): BillingHarness {
  return createBillingHarness({
    admin: true,
    editAnswer: (path, body: StatsSummary) => {
      if (path.startsWith('/v1/stats/')) edit(body);
    },
  });
}

/** Two periods of the real answer, with these gross and net figures in cents. */
function twoPeriods(gross: [number, number], net: [number, number]) {
  return stagedStats((stats) => {
    stats.periods = (stats.periods ?? []).slice(0, 2).map((period, i) => ({
      ...period,
      grossRevenue: gross[i] ?? 0,
      netRevenue: net[i] ?? 0,
    }));
  });
}

/** The y axis's tick labels, bottom up. */
function yTicks() {
  return Array.from(
    document.querySelectorAll('[data-slot="metrics-summary-chart-axis"][data-state="y"] text'),
  ).map((text) => text.textContent);
}

function region(name = 'Store metrics') {
  return screen.getByRole('region', { name });
}

/** The figure beside a total's label. */
function total(label: string, name = 'Store metrics') {
  const dl = region(name).querySelector('dl') as HTMLElement;
  const term = within(dl).getByText(label, { selector: 'dt' });
  return (term.nextElementSibling as HTMLElement).textContent;
}

const labels: Array<[keyof StatsSummary['totals'], string, 'money' | 'count']> = [
  ['totalRevenue', 'Revenue', 'money'],
  ['totalNetRevenue', 'Net revenue', 'money'],
  ['monthlyRecurringRevenue', 'Monthly recurring revenue', 'money'],
  ['netMonthlyRecurringRevenue', 'Net monthly recurring revenue', 'money'],
  ['totalPayments', 'Payments', 'count'],
  ['totalCustomers', 'New customers', 'count'],
  ['totalSubscriptions', 'New subscriptions', 'count'],
  ['activeSubscriptions', 'Active subscriptions', 'count'],
  ['totalProducts', 'Products', 'count'],
];

function expectTotals(stats: StatsSummary, currency: string) {
  for (const [field, label, kind] of labels) {
    const value = stats.totals[field];
    expect([label, total(label)]).toEqual([
      label,
      kind === 'money' ? money(value, currency) : count(value),
    ]);
  }
}

function chartPoints(line: 'gross' | 'net') {
  return Array.from(
    document.querySelectorAll(`[data-slot="metrics-summary-chart-point"][data-state="${line}"]`),
  ).map((circle) => Number(circle.getAttribute('data-value')));
}

function CurrencyOwner(props: {
  changes: Array<[MetricsCurrency, MetricsChangeDetails<MetricsCurrency>]>;
}) {
  const [currency, setCurrency] = useState<MetricsCurrency>('EUR');
  return (
    <MetricsSummary
      now={NOW}
      currency={currency}
      onCurrencyChange={(next, details) => {
        props.changes.push([next, details]);
        setCurrency(next);
      }}
    />
  );
}

describe('MetricsSummary: the seller’s figures', () => {
  test('totals, chart and table equal the sandbox’s stats for the request sent', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<MetricsSummary now={NOW} />, { admin: true });
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));

    const [query] = statsRequests(harness);
    expect(query).toEqual({
      currency: 'USD',
      startDate: String(NOW - 90 * DAY),
      endDate: String(NOW),
      interval: 'week',
    });
    const stats = await serviceStats(harness, query as Record<string, string>);
    expect(stats.totals.totalRevenue).toBeGreaterThan(0);
    expectTotals(stats, 'USD');

    const periods = stats.periods ?? [];
    expect(periods.length).toBeGreaterThan(5);
    const chart = screen.getByRole('img', { name: /^Revenue over \d+ periods/ });
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(chart).toHaveAccessibleName(
      expect.stringContaining(
        `Revenue over ${periods.length} periods from ${new Intl.DateTimeFormat('en-US', {
          dateStyle: 'medium',
          timeZone: 'UTC',
        }).format(periods[0]?.timestamp)}`,
      ),
    );
    expect(chart).toHaveAccessibleName(
      expect.stringContaining(
        `gross ${money(sum(periods.map((p) => p.grossRevenue)), 'USD')}, net ${money(
          sum(periods.map((p) => p.netRevenue)),
          'USD',
        )}`,
      ),
    );
    expect(chartPoints('gross')).toEqual(periods.map((p) => p.grossRevenue));
    expect(chartPoints('net')).toEqual(periods.map((p) => p.netRevenue));
    expect(document.querySelectorAll('[data-slot="metrics-summary-chart-line"]')).toHaveLength(2);
    // The y axis is labelled with money; ticks cover the highest period.
    const yAxis = document.querySelector(
      '[data-slot="metrics-summary-chart-axis"][data-state="y"]',
    ) as Element;
    const ticks = axisTicks(periods.flatMap((p) => [p.grossRevenue, p.netRevenue]));
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(
      Math.max(...periods.map((p) => p.grossRevenue)),
    );
    expect(yAxis.textContent).toContain('$0');

    // The table holds the same numbers, for screen readers (visually hidden until shown).
    const table = screen.getByRole('table', { name: 'Gross and net revenue per week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual(periods.map((p) => [money(p.grossRevenue, 'USD'), money(p.netRevenue, 'USD')]));
    expect(table).toHaveAttribute('data-state', 'hidden');
    const toggle = screen.getByRole('button', { name: 'Show the figures as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(table).toHaveAttribute('data-state', 'shown');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide the table');
  });

  test('switching the currency asks for euros, keeping the dollar figures until they come', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<MetricsSummary now={NOW} />, { admin: true });
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    const usd = await serviceStats(harness, statsRequests(harness)[0] as Record<string, string>);

    const release = harness.hold('adminStats');
    await user.click(screen.getByRole('radio', { name: 'EUR' }));
    expect(screen.getByRole('radio', { name: 'EUR' })).toBeChecked();
    expect(region()).toHaveAttribute('data-state', 'updating');
    expect(screen.getByText('Updating metrics…')).toBeInTheDocument();
    expect(total('Revenue')).toBe(money(usd.totals.totalRevenue, 'USD'));
    release();

    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    const queries = statsRequests(harness);
    expect(queries.map((q) => q.currency)).toEqual(['USD', 'EUR']);
    const eur = await serviceStats(harness, queries[1] as Record<string, string>);
    expect(eur.totals.totalRevenue).not.toBe(usd.totals.totalRevenue);
    expectTotals(eur, 'EUR');
    expect(chartPoints('gross')).toEqual((eur.periods ?? []).map((p) => p.grossRevenue));
  });

  test('range and interval pickers change the request; the chart has a point per period', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<MetricsSummary now={NOW} />, { admin: true });
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 12 months');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'Month');
    await waitFor(() => expect(statsRequests(harness).at(-1)?.interval).toBe('month'));
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));

    const query = statsRequests(harness).at(-1) as Record<string, string>;
    const yearAgo = new Date(NOW);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    expect(query).toEqual({
      currency: 'USD',
      startDate: String(yearAgo.getTime()),
      endDate: String(NOW),
      interval: 'month',
    });
    const stats = await serviceStats(harness, query);
    const periods = stats.periods ?? [];
    expect(periods.length).toBeGreaterThanOrEqual(12);
    expect(chartPoints('gross')).toHaveLength(periods.length);
    expect(chartPoints('net')).toEqual(periods.map((p) => p.netRevenue));
    const table = screen.getByRole('table', { name: 'Gross and net revenue per month' });
    expect(within(table).getAllByRole('row')).toHaveLength(periods.length + 1);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(
      periods.map((p) =>
        new Intl.DateTimeFormat('en-US', {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(p.timestamp),
      ),
    );
    expectTotals(stats, 'USD');
  });

  test('a controlled currency follows its owner', async () => {
    const user = userEvent.setup();
    const changes: Array<[MetricsCurrency, MetricsChangeDetails<MetricsCurrency>]> = [];
    const { harness } = renderWithBilling(<CurrencyOwner changes={changes} />, { admin: true });
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    expect(screen.getByRole('radio', { name: 'EUR' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'USD' }));
    await waitFor(() =>
      expect(statsRequests(harness).map((q) => q.currency)).toEqual(['EUR', 'USD']),
    );
    expect(changes).toEqual([['USD', { previous: 'EUR' }]]);
  });

  test('German: labels, money and counts in de-DE', async () => {
    const { harness } = renderWithBilling(<MetricsSummary now={NOW} defaultCurrency="EUR" />, {
      admin: true,
      provider: { locale: 'de-DE' },
    });
    await waitFor(() => expect(region('Shop-Kennzahlen')).toHaveAttribute('data-state', 'ready'));
    const stats = await serviceStats(harness, statsRequests(harness)[0] as Record<string, string>);
    const revenue = money(stats.totals.totalRevenue, 'EUR', 'de-DE');
    expect(revenue).toMatch(/^[\d.]+,\d\d\s€$/);
    expect(total('Umsatz', 'Shop-Kennzahlen')).toBe(revenue);
    expect(total('Produkte', 'Shop-Kennzahlen')).toBe(count(stats.totals.totalProducts, 'de-DE'));
    expect(screen.getByRole('combobox', { name: 'Zeitraum' })).toHaveDisplayValue('Letzte 90 Tage');
    expect(screen.getByRole('table', { name: 'Brutto- und Nettoumsatz pro Woche' })).toBeTruthy();
  });
});

describe('MetricsSummary: access, loading, error, empty', () => {
  test('a signed-in customer who is not the seller is told they need seller access', async () => {
    const { harness } = renderWithBilling(<MetricsSummary now={NOW} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You need seller access to see the store metrics.');
    expect(alert).toHaveAttribute('data-state', 'forbidden');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(statsRequests(harness)).toHaveLength(1);
  });

  test('a skeleton while loading', async () => {
    const harness = createBillingHarness({ admin: true });
    const release = harness.hold('adminStats');
    renderWithBilling(<MetricsSummary now={NOW} />, { harness });
    expect(region()).toHaveAttribute('aria-busy', 'true');
    expect(region()).toHaveAttribute('data-state', 'loading');
    expect(screen.getByText('Loading metrics…')).toBeInTheDocument();
    release();
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    expect(region()).not.toHaveAttribute('aria-busy');
  });

  test('a failure offers a retry that loads the figures', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ admin: true });
    harness.failNext({ route: 'adminStats', with: 502 });
    renderWithBilling(<MetricsSummary now={NOW} />, { harness });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The metrics could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    expect(screen.queryByRole('alert')).toBeNull();
    // The button went with the alert; the focus waits on the title, not lost to the page.
    expect(screen.getByRole('heading', { name: 'Store metrics' })).toHaveFocus();
  });

  test('a range whose every period took nothing is the empty state, not a flat chart', async () => {
    const harness = createBillingHarness({ admin: true });
    // The longest stretch without a euro payment, less a day at either end.
    const times = harness.sandbox
      .inspect()
      .transactions.filter((t) => t.currency === 'EUR')
      .map((t) => t.created_at)
      .sort((a, b) => a - b);
    let gap = { from: 0, to: 0 };
    for (let i = 1; i < times.length; i++) {
      const [from, to] = [times[i - 1] as number, times[i] as number];
      if (to - from > gap.to - gap.from) gap = { from, to };
    }
    expect(gap.to - gap.from).toBeGreaterThan(4 * DAY);
    const range = { startDate: gap.from + DAY, endDate: gap.to - DAY };
    renderWithBilling(<MetricsSummary now={NOW} currency="EUR" range={range} interval="day" />, {
      harness,
    });
    expect(await screen.findByText('No revenue in this period.')).toBeVisible();
    expect(region()).toHaveAttribute('data-state', 'empty');
    expect(screen.queryByRole('img')).toBeNull();
    const stats = await serviceStats(harness, statsRequests(harness)[0] as Record<string, string>);
    expect(stats.periods?.length).toBeGreaterThan(1);
    expect(stats.periods?.every((p) => p.grossRevenue === 0 && p.netRevenue === 0)).toBe(true);
  });

  test('a range before the first sale has totals but no periods: the empty state', async () => {
    const { harness } = renderWithBilling(
      <MetricsSummary now={NOW} range={{ startDate: 0, endDate: DAY }} interval="day" />,
      { admin: true },
    );
    expect(await screen.findByText('No revenue in this period.')).toBeVisible();
    expect(region()).toHaveAttribute('data-state', 'empty');
    expect(screen.queryByRole('img')).toBeNull();
    const stats = await serviceStats(harness, statsRequests(harness)[0] as Record<string, string>);
    expect(stats.periods).toEqual([]);
    expect(total('Revenue')).toBe(money(0, 'USD'));
    expect(total('Products')).toBe(count(stats.totals.totalProducts));
    // A custom range is shown as its dates in the picker.
    expect(screen.getByRole('combobox', { name: 'Range' })).toHaveDisplayValue(
      /^Jan 1, 1970 – Jan [12], 1970$/,
    );
  });
});

describe('MetricsSummary: a custom range given as a prop', () => {
  test('one that ends before it starts is refused at render, naming the prop; nothing is sent', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const harness = createBillingHarness({ admin: true });
    const reversed = { startDate: NOW, endDate: NOW - 30 * DAY };
    try {
      expect(() =>
        renderWithBilling(<MetricsSummary now={NOW} defaultRange={reversed} />, { harness }),
      ).toThrow(
        `billing-kit: \`MetricsSummary\` \`defaultRange\` must be whole Unix milliseconds with startDate at or before endDate; got startDate ${NOW}, endDate ${NOW - 30 * DAY}`,
      );
      expect(() =>
        renderWithBilling(<MetricsSummary now={NOW} range={reversed} />, { harness }),
      ).toThrow(/^billing-kit: `MetricsSummary` `range` must be whole Unix milliseconds/);
      expect(() =>
        renderWithBilling(
          <MetricsSummary now={NOW} range={{ startDate: NOW - DAY, endDate: Number.NaN }} />,
          { harness },
        ),
      ).toThrow(/`range` must be whole Unix milliseconds/);
      expect(statsRequests(harness)).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  test('its dates in the picker are the UTC days its periods are, in any time zone', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles'; // 1 December 00:00 UTC is still 30 November here
    try {
      const december = { startDate: Date.UTC(2025, 11, 1), endDate: Date.UTC(2025, 11, 31) };
      renderWithBilling(<MetricsSummary now={NOW} range={december} interval="month" />, {
        admin: true,
      });
      expect(screen.getByRole('combobox', { name: 'Range' })).toHaveDisplayValue(
        'Dec 1, 2025 – Dec 31, 2025',
      );
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  test('a range of one moment is a range: it is sent as given', async () => {
    const { harness } = renderWithBilling(
      <MetricsSummary now={NOW} range={{ startDate: NOW, endDate: NOW }} interval="day" />,
      { admin: true },
    );
    await waitFor(() => expect(region()).not.toHaveAttribute('data-state', 'loading'));
    expect(screen.queryByText('The metrics could not be loaded.')).toBeNull();
    expect(statsRequests(harness)).toEqual([
      { currency: 'USD', startDate: String(NOW), endDate: String(NOW), interval: 'day' },
    ]);
  });
});

describe('MetricsSummary: the chart’s words', () => {
  test('the y axis reads whole amounts, without a forced ".0"', async () => {
    renderWithBilling(<MetricsSummary now={NOW} />, {
      harness: twoPeriods([12_000, 20_000], [5000, 15_000]),
    });
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    expect(yTicks()).toEqual(['$0', '$50', '$100', '$150', '$200']);
  });

  test('German: the y axis in euros, whole', async () => {
    renderWithBilling(<MetricsSummary now={NOW} defaultCurrency="EUR" />, {
      harness: twoPeriods([12_000, 20_000], [5000, 15_000]),
      provider: { locale: 'de-DE' },
    });
    await waitFor(() => expect(region('Shop-Kennzahlen')).toHaveAttribute('data-state', 'ready'));
    // A no-break space between the figure and the sign, as German is written.
    expect(yTicks()).toEqual(['0\u00a0€', '50\u00a0€', '100\u00a0€', '150\u00a0€', '200\u00a0€']);
  });

  test('ticks under one dollar have the cents to tell them apart', async () => {
    renderWithBilling(<MetricsSummary now={NOW} />, { harness: twoPeriods([3, 2], [1, 1]) });
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    expect(yTicks()).toEqual(['$0.00', '$0.01', '$0.02', '$0.03']);
  });

  test('thousands stay short and distinct', async () => {
    renderWithBilling(<MetricsSummary now={NOW} />, {
      harness: twoPeriods([150_000, 180_000], [100_000, 120_000]),
    });
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    expect(yTicks()).toEqual(['$0', '$500', '$1K', '$1.5K', '$2K']);
  });

  test('one period is said in the singular, in English and German', async () => {
    const onePeriod = () =>
      stagedStats((stats) => {
        stats.periods = (stats.periods ?? []).slice(-1);
      });
    const { unmount } = renderWithBilling(<MetricsSummary now={NOW} />, { harness: onePeriod() });
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    expect(screen.getByRole('img')).toHaveAccessibleName(/^Revenue over 1 period, starting /);
    unmount();

    const { unmount: unmount2 } = renderWithBilling(<MetricsSummary now={NOW} />, {
      harness: onePeriod(),
      provider: { locale: 'de-DE' },
    });
    await waitFor(() => expect(region('Shop-Kennzahlen')).toHaveAttribute('data-state', 'ready'));
    expect(screen.getByRole('img')).toHaveAccessibleName(/^Umsatz in 1 Zeitraum ab /);
    unmount2();

    // A locale the English catalogue serves whose own rules have no singular (Japanese): the
    // catalogue's language decides, not the page's.
    renderWithBilling(<MetricsSummary now={NOW} />, {
      harness: onePeriod(),
      provider: { locale: 'ja-JP' },
    });
    await waitFor(() => expect(region()).toHaveAttribute('data-state', 'ready'));
    expect(screen.getByRole('img')).toHaveAccessibleName(/^Revenue over 1 period, starting /);
  });
});

describe('axisTicks', () => {
  test('round steps from zero past the highest value', () => {
    expect(axisTicks([0, 12_345])).toEqual([0, 5000, 10_000, 15_000]);
    expect(axisTicks([])).toEqual([0, 100]);
    expect(axisTicks([-150, 900])).toEqual([-500, 0, 500, 1000]);
    // A cent is the smallest step: no tick falls between two cents.
    expect(axisTicks([0, 1])).toEqual([0, 1]);
    expect(axisTicks([3, 2, 1])).toEqual([0, 1, 2, 3]);
  });
});

describe('MetricsSummary on the server', () => {
  test('with the stats prefetched for the same range, the server renders the figures and chart', async () => {
    const harness = createBillingHarness({ admin: true });
    const queryClient = createTestQueryClient();
    const client = createProxyClient({ basePath: harness.basePath, fetch: harness.fetch });
    const params = { currency: 'USD', interval: 'week', ...metricsRangeDates('90d', NOW) } as const;
    const stats = await queryClient.fetchQuery(storeMetricsOptions(client, params));
    const html = renderToString(
      <BillingHarnessProvider harness={harness} queryClient={queryClient}>
        <MetricsSummary now={NOW} />
      </BillingHarnessProvider>,
    );
    expect(html).toContain('data-state="ready"');
    expect(html).toContain(money(stats.totals.totalRevenue, 'USD'));
    expect(html.match(/data-slot="metrics-summary-chart-point"/g)).toHaveLength(
      2 * (stats.periods ?? []).length,
    );
    expect(harness.count('adminStats')).toBe(1);
  });
});
