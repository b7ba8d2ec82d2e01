'use client';
// MetricsSummary (seller only): the store's totals and a revenue chart over the periods of a
// range, drawn in plain SVG, with the same figures in a table for screen readers (and for
// anyone who opens it).
import {
  type ChangeEvent,
  type Key,
  type ReactNode,
  type SVGProps,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { CLOCK_TOLERANCE_MS } from '../../contract/clock.js';
import type { StatsPeriod, StatsSummary } from '../../contract/schemas.js';
import { type Moment, toTime } from '../../contract/time.js';
import { useBillingContext } from '../../react/context.js';
import type { StoreMetricsParams } from '../../react/options.js';
import { useStoreMetrics } from '../../react/queries.js';
import { useBillingUI } from '../../react/ui-context.js';
import { type MessageKey, type Translate, useMessages } from '../messages/index.js';
import { commonMessages } from '../messages/sections/common.js';
import { metricsSummaryMessages } from '../messages/sections/metricsSummary.js';
import { type Formatters, useDate, useMoney } from '../shared/format.js';
import { useMeasure, useScrollBox } from '../shared/measure.js';
import {
  type CustomizableProps,
  type DataAttributes,
  type OwnPartProps,
  type PartRenderer,
  useParts,
} from '../shared/slots.js';
import { visuallyHidden } from '../shared/visually-hidden.js';
import { type MetricsRange, type MetricsRangePreset, metricsRangeDates } from './range.js';

/**
 * The parts of `MetricsSummary`, for `slots` and `slotProps`
 * (`data-slot="metrics-summary-<part>"`). The root is a `section` named by its `title`; its
 * `data-state` is a `MetricsSummaryState`.
 *
 * - `title` (`h2`)
 * - `controls`, and in it `status` (a polite live region: "Updating metrics…"; `data-state`
 *   `updating` while the root is, else `idle`); `currency` (`fieldset`), `currencyLegend`,
 *   `currencyToggle` (the `label` of one currency; `data-state` `on | off`), `currencyInput`
 *   (its radio); `range`, `rangeLabel`, `rangeSelect`; `interval`, `intervalLabel`,
 *   `intervalSelect`
 * - `totals` (`dl`), `total` (one figure; `data-state`: the field's name, such as
 *   `totalRevenue`), `totalLabel` (`dt`), `totalValue` (`dd`)
 * - `chart` (`svg`, `role="img"` with a summary as its name), `chartAxis` (`g`; `data-state`
 *   `x | y`), `chartLine` (`polyline`; `data-state` `gross | net`), `chartPoint` (`circle`, one
 *   per period and line; `data-state` `gross | net`, `data-value` in cents), `legend`,
 *   `legendItem` (`data-state` `gross | net`)
 * - `tableToggle` (shows or hides the table; `aria-expanded`; `data-state` `on` while the table
 *   is shown, else `off`), `tableScroller` (the box the shown table scrolls sideways in; while
 *   the table is wider, a named group the keyboard can scroll), `table` (`data-state` `hidden |
 *   shown`: hidden only visually, screen readers always have it), `tableCaption`
 * - `skeleton` (loading; `aria-busy`; `data-state` `loading`), `error` (`role="alert"`;
 *   `data-state` `forbidden | failed`), `retryAction` (for `failed`; it leaves the focus on
 *   the title), `empty` (no periods in the range, or none with revenue; `data-state` `empty`)
 */
export type MetricsSummaryPart =
  | 'title'
  | 'status'
  | 'controls'
  | 'currency'
  | 'currencyLegend'
  | 'currencyToggle'
  | 'currencyInput'
  | 'range'
  | 'rangeLabel'
  | 'rangeSelect'
  | 'interval'
  | 'intervalLabel'
  | 'intervalSelect'
  | 'totals'
  | 'total'
  | 'totalLabel'
  | 'totalValue'
  | 'chart'
  | 'chartAxis'
  | 'chartLine'
  | 'chartPoint'
  | 'legend'
  | 'legendItem'
  | 'tableToggle'
  | 'tableScroller'
  | 'table'
  | 'tableCaption'
  | 'skeleton'
  | 'error'
  | 'retryAction'
  | 'empty';

/**
 * What the root's `data-state` says: `loading` (nothing to show yet), `ready`, `updating`
 * (another currency or range is loading; the last figures stay), `empty` (totals, but no
 * periods to chart), `error`.
 */
export type MetricsSummaryState = 'loading' | 'ready' | 'updating' | 'empty' | 'error';

/** A currency the service reports in. */
export type MetricsCurrency = StoreMetricsParams['currency'];
/** How the range is split into periods. */
export type MetricsInterval = NonNullable<StoreMetricsParams['interval']>;

/** Details of the change callbacks. */
export interface MetricsChangeDetails<T> {
  /** The value before the change. */
  previous: T;
}

/** Props of `MetricsSummary`. */
export interface MetricsSummaryProps extends CustomizableProps<MetricsSummaryPart> {
  /** The currency of the figures (controlled). Pair with `onCurrencyChange`. Default: undefined (uncontrolled). */
  currency?: MetricsCurrency;
  /** The currency first shown when uncontrolled. Default: "USD". */
  defaultCurrency?: MetricsCurrency;
  /** Called when the seller picks another currency. Default: none. */
  onCurrencyChange?: (
    currency: MetricsCurrency,
    details: MetricsChangeDetails<MetricsCurrency>,
  ) => void;
  /** The range (controlled). Pair with `onRangeChange`. Default: undefined (uncontrolled). */
  range?: MetricsRange;
  /** The range first shown when uncontrolled. Default: "90d". */
  defaultRange?: MetricsRange;
  /** Called when the seller picks another range. Default: none. */
  onRangeChange?: (range: MetricsRange, details: MetricsChangeDetails<MetricsRange>) => void;
  /** The length of one period (controlled). Pair with `onIntervalChange`. Default: undefined. */
  interval?: MetricsInterval;
  /** The period length first shown when uncontrolled. Default: "week". */
  defaultInterval?: MetricsInterval;
  /** Called when the seller picks another period length. Default: none. */
  onIntervalChange?: (
    interval: MetricsInterval,
    details: MetricsChangeDetails<MetricsInterval>,
  ) => void;
  /**
   * Where the preset ranges end (a Date, Unix milliseconds or an ISO string). Default: the
   * service's time at the first render (kept, so the request does not change with every
   * render): the page's clock, or the service's when the proxy's answers (their `Date`) say it
   * is more than a minute away (a wrong device clock, the sandbox's fixed one); the range moves
   * at most once, when the first answer after the first render tells it (later answers, such as
   * a refetch an hour on, leave it where it is).
   */
  now?: Moment;
}

const currencies: readonly MetricsCurrency[] = ['USD', 'EUR'];
const presets: readonly MetricsRangePreset[] = ['7d', '30d', '90d', '12m'];
const intervals: readonly MetricsInterval[] = ['day', 'week', 'month'];

type TotalName = keyof StatsSummary['totals'];
const totalsShown: ReadonlyArray<[TotalName, 'money' | 'count']> = [
  ['totalRevenue', 'money'],
  ['totalNetRevenue', 'money'],
  ['monthlyRecurringRevenue', 'money'],
  ['netMonthlyRecurringRevenue', 'money'],
  ['totalPayments', 'count'],
  ['totalCustomers', 'count'],
  ['totalSubscriptions', 'count'],
  ['activeSubscriptions', 'count'],
  ['totalProducts', 'count'],
];

function sameRange(a: MetricsRange, b: MetricsRange): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.startDate === b.startDate && a.endDate === b.endDate;
}

/** A step of 1, 2 or 5 × 10ⁿ at least `raw`. */
function niceStep(raw: number): number {
  if (raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/** Round y-axis ticks (in cents, a whole cent apart at least) covering every value and zero. */
export function axisTicks(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  if (max === min) return [0, 100];
  const step = niceStep(Math.max(1, (max - min) / 4));
  const ticks: number[] = [];
  for (let at = Math.floor(min / step) * step; at < max + step; at += step) {
    ticks.push(at);
    if (at >= max) break;
  }
  return ticks;
}

/** Whether any period took or kept money: a range of only zero periods has nothing to chart. */
function hasRevenue(periods: readonly StatsPeriod[]): boolean {
  return periods.some((p) => p.grossRevenue !== 0 || p.netRevenue !== 0);
}

/** Which periods get an x-axis label: at most `most`, evenly spread, first and last included. */
function labelled(count: number, most: number): number[] {
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  const every = Math.ceil((count - 1) / (most - 1));
  const picked: number[] = [];
  for (let i = 0; i < count - 1; i += every) picked.push(i);
  // The last date is always shown; one closer to it than the step would touch it.
  if (count - 1 - (picked.at(-1) ?? 0) < every) picked.pop();
  picked.push(count - 1);
  return picked;
}

/** The formatters the summary uses (not `useFormat`'s credit amounts, kept out of the bundle). */
type MetricsFormatters = Pick<Formatters, 'money' | 'date' | 'number'>;

type Shown = { data: StatsSummary; currency: MetricsCurrency; interval: MetricsInterval };

/**
 * The store's metrics for the seller: totals (revenue, net revenue, monthly recurring revenue
 * and its net, payments, customers, subscriptions, active subscriptions, products) in the
 * chosen currency, and gross and net revenue per period over the chosen range as an SVG line
 * chart, with a table of the same figures. Needs the proxy's seller routes (`isAdmin`); anyone
 * else is told they need seller access.
 */
export function MetricsSummary(props: MetricsSummaryProps) {
  const {
    currency: currencyProp,
    defaultCurrency = 'USD',
    onCurrencyChange,
    range: rangeProp,
    defaultRange = '90d',
    onRangeChange,
    interval: intervalProp,
    defaultInterval = 'week',
    onIntervalChange,
  } = props;
  const { clock } = useBillingContext('MetricsSummary').client;
  const part = useParts<MetricsSummaryPart>('MetricsSummary', props);
  const t = useMessages(commonMessages, metricsSummaryMessages);
  const { locale } = useBillingUI();
  const fmt: MetricsFormatters = {
    money: useMoney(),
    date: useDate(),
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
  };
  const ids = { title: useId(), range: useId(), interval: useId(), table: useId() };

  // The default range ends at the service's time of the first render: the page's clock then,
  // moved by the service's offset. The proxy's answers may teach the offset after the first
  // request went out: the range follows the first offset learnt after the first render, once
  // (when it is more than the tolerance from the one laid out), and no later one. A fixed clock
  // (the default sandbox) gives each answer a smaller offset as the page's clock runs on: were
  // those followed, a refetch minutes later would move the range back by the time elapsed.
  const [firstRender] = useState(() => Date.now());
  const offset = useSyncExternalStore(clock.subscribe, clock.offset, clock.offset);
  const layout = useRef({ heard: offset, offset, learnt: false });
  if (!layout.current.learnt && offset !== layout.current.heard) {
    layout.current.learnt = true;
    if (Math.abs(offset - layout.current.offset) > CLOCK_TOLERANCE_MS) {
      layout.current.offset = offset;
    }
  }
  const now =
    props.now !== undefined ? toTime(props.now, 'now') : firstRender + layout.current.offset;
  const [ownCurrency, setOwnCurrency] = useState(defaultCurrency);
  const [ownRange, setOwnRange] = useState<MetricsRange>(defaultRange);
  const [ownInterval, setOwnInterval] = useState(defaultInterval);
  const [tableShown, setTableShown] = useState(false);
  const currency = currencyProp ?? ownCurrency;
  const range = rangeProp ?? ownRange;
  const interval = intervalProp ?? ownInterval;
  const { startDate, endDate } = metricsRangeDates(range, now);
  // The proxy answers such a range with a 400 that no retry mends: refused here, like any prop
  // misuse, rather than shown to the seller as a failure to load.
  if (
    typeof range === 'object' &&
    !(Number.isSafeInteger(startDate) && Number.isSafeInteger(endDate) && startDate <= endDate)
  ) {
    throw new RangeError(
      `billing-kit: \`MetricsSummary\` \`${rangeProp === undefined ? 'defaultRange' : 'range'}\` must be whole Unix milliseconds with startDate at or before endDate; got startDate ${startDate}, endDate ${endDate}`,
    );
  }

  const query = useStoreMetrics({ currency, startDate, endDate, interval });
  // The last figures stay on screen (with their own currency) while other ones load.
  const last = useRef<Shown | undefined>(undefined);
  if (query.data) last.current = { data: query.data, currency, interval };
  const shown = last.current;
  const forbidden =
    query.error?.kind === 'not_found' ||
    query.error?.kind === 'auth' ||
    query.error?.status === 404 ||
    query.error?.status === 403;

  const pickCurrency = (next: MetricsCurrency) => {
    if (next === currency) return;
    if (currencyProp === undefined) setOwnCurrency(next);
    onCurrencyChange?.(next, { previous: currency });
  };
  const pickRange = (next: MetricsRange) => {
    if (sameRange(next, range)) return;
    if (rangeProp === undefined) setOwnRange(next);
    onRangeChange?.(next, { previous: range });
  };
  const pickInterval = (next: MetricsInterval) => {
    if (next === interval) return;
    if (intervalProp === undefined) setOwnInterval(next);
    onIntervalChange?.(next, { previous: interval });
  };

  let state: MetricsSummaryState;
  if (query.isError && (forbidden || !shown)) state = 'error';
  else if (!shown) state = 'loading';
  else if (!query.data) state = query.isError ? 'error' : 'updating';
  else state = hasRevenue(query.data.periods ?? []) ? 'ready' : 'empty';

  const title = part('title', 'h2', {
    key: 'title',
    id: ids.title,
    // Where Try again leaves the focus: the button goes once the figures are back.
    tabIndex: -1,
    children: t('metricsSummary.label'),
  });

  const errorPart = query.isError
    ? part('error', 'div', {
        key: 'error',
        role: 'alert',
        'data-state': forbidden ? 'forbidden' : 'failed',
        children: [
          <p key="text">{t(forbidden ? 'metricsSummary.notAdmin' : 'metricsSummary.error')}</p>,
          forbidden
            ? null
            : part('retryAction', 'button', {
                key: 'retry',
                type: 'button',
                onClick: () => {
                  document.getElementById(ids.title)?.focus();
                  void query.refetch();
                },
                children: t('common.retry'),
              }),
        ],
      })
    : null;

  if (forbidden) {
    return (
      <>
        {part('root', 'section', {
          'aria-labelledby': ids.title,
          'data-state': 'error',
          children: [title, errorPart],
        })}
      </>
    );
  }

  const status = part('status', 'p', {
    key: 'status',
    role: 'status',
    'data-state': state === 'updating' ? 'updating' : 'idle',
    children: state === 'updating' ? t('metricsSummary.updating') : '',
  });

  // -- controls --------------------------------------------------------------------------------
  const rangeValue = typeof range === 'string' ? range : 'custom';
  const controls = part('controls', 'div', {
    key: 'controls',
    children: [
      part('currency', 'fieldset', {
        key: 'currency',
        children: [
          part('currencyLegend', 'legend', {
            key: 'legend',
            children: t('metricsSummary.currency'),
          }),
          ...currencies.map((code) =>
            part('currencyToggle', 'label', {
              key: code,
              'data-state': code === currency ? 'on' : 'off',
              children: [
                part('currencyInput', 'input', {
                  key: 'input',
                  type: 'radio',
                  name: `${ids.title}-currency`,
                  value: code,
                  checked: code === currency,
                  onChange: (event: ChangeEvent<HTMLInputElement>) => {
                    if (event.currentTarget.checked) pickCurrency(code);
                  },
                }),
                <span key="code">{code}</span>,
              ],
            }),
          ),
        ],
      }),
      part('range', 'div', {
        key: 'range',
        children: [
          part('rangeLabel', 'label', {
            key: 'label',
            htmlFor: ids.range,
            children: t('metricsSummary.range'),
          }),
          part('rangeSelect', 'select', {
            key: 'select',
            id: ids.range,
            value: rangeValue,
            onChange: (event: ChangeEvent<HTMLSelectElement>) => {
              const value = event.currentTarget.value;
              if ((presets as readonly string[]).includes(value)) {
                pickRange(value as MetricsRangePreset);
              }
            },
            children: [
              ...presets.map((preset) => (
                <option key={preset} value={preset}>
                  {t(`metricsSummary.range.${preset}` as MessageKey)}
                </option>
              )),
              typeof range === 'object' ? (
                <option key="custom" value="custom">
                  {t('metricsSummary.range.custom', {
                    // In UTC, as the periods are: in the browser's zone the days could differ.
                    from: fmt.date(range.startDate, { dateStyle: 'medium', timeZone: 'UTC' }),
                    to: fmt.date(range.endDate, { dateStyle: 'medium', timeZone: 'UTC' }),
                  })}
                </option>
              ) : null,
            ],
          }),
        ],
      }),
      part('interval', 'div', {
        key: 'interval',
        children: [
          part('intervalLabel', 'label', {
            key: 'label',
            htmlFor: ids.interval,
            children: t('metricsSummary.intervalLabel'),
          }),
          part('intervalSelect', 'select', {
            key: 'select',
            id: ids.interval,
            value: interval,
            onChange: (event: ChangeEvent<HTMLSelectElement>) =>
              pickInterval(event.currentTarget.value as MetricsInterval),
            children: intervals.map((value) => (
              <option key={value} value={value}>
                {t(`metricsSummary.intervalOption.${value}` as MessageKey)}
              </option>
            )),
          }),
        ],
      }),
      status,
    ],
  });

  let body: ReactNode[];
  if (!shown) {
    body = [
      query.isError
        ? errorPart
        : part('skeleton', 'div', {
            key: 'skeleton',
            role: 'status',
            'data-state': 'loading',
            children: [
              <span key="text" style={visuallyHidden}>
                {t('metricsSummary.loading')}
              </span>,
              ...[0, 1, 2].map((i) => <span key={i} aria-hidden="true" data-bk-skeleton-row="" />),
            ],
          }),
    ];
  } else {
    const money = (cents: number) => fmt.money(cents, shown.currency);
    const totals = part('totals', 'dl', {
      key: 'totals',
      'aria-label': t('metricsSummary.totals'),
      'aria-busy': state === 'updating' ? true : undefined,
      children: totalsShown.map(([name, kind]) => {
        const value = shown.data.totals[name];
        return part('total', 'div', {
          key: name,
          'data-state': name,
          children: [
            part('totalLabel', 'dt', { key: 'label', children: t(`metricsSummary.${name}`) }),
            part('totalValue', 'dd', {
              key: 'value',
              'data-value': value,
              children: kind === 'money' ? money(value) : fmt.number(value),
            }),
          ],
        });
      }),
    });
    const periods = shown.data.periods ?? [];
    body = [
      errorPart,
      totals,
      !hasRevenue(periods) ? (
        part('empty', 'p', {
          key: 'empty',
          'data-state': 'empty',
          children: t('metricsSummary.empty'),
        })
      ) : (
        <Revenue
          key="revenue"
          periods={periods}
          currency={shown.currency}
          interval={shown.interval}
          busy={state === 'updating'}
          tableId={ids.table}
          tableShown={tableShown}
          onToggleTable={() => setTableShown((s) => !s)}
          part={part}
          t={t}
          fmt={fmt}
        />
      ),
    ];
  }

  return (
    <>
      {part('root', 'section', {
        'aria-labelledby': ids.title,
        'aria-busy': state === 'loading' ? true : undefined,
        'data-state': state,
        children: [title, controls, ...body],
      })}
    </>
  );
}

interface RevenueProps {
  periods: readonly StatsPeriod[];
  currency: MetricsCurrency;
  interval: MetricsInterval;
  busy: boolean;
  tableId: string;
  tableShown: boolean;
  onToggleTable: () => void;
  part: PartRenderer<MetricsSummaryPart>;
  t: Translate;
  fmt: MetricsFormatters;
}

/** SVG attributes for an SVG part (parts are typed for HTML). */
function svg(props: SVGProps<SVGElement> & DataAttributes & { key?: Key }): OwnPartProps {
  return props as OwnPartProps;
}

/** The chart's width before it is measured (on the server, in jsdom), and its height, in px. */
const WIDTH = 640;
const HEIGHT = 260;
const M = { top: 16, right: 36, bottom: 36, left: 76 };

/** The chart, its legend, and the table of the same figures. */
function Revenue(props: RevenueProps) {
  const { periods, currency, interval, busy, tableId, tableShown, onToggleTable, part, t, fmt } =
    props;
  const money = (cents: number) => fmt.money(cents, currency);
  const gross = periods.map((p) => p.grossRevenue);
  const net = periods.map((p) => p.netRevenue);
  const ticks = axisTicks([...gross, ...net]);
  // Whole units without a fraction ("$50", "$1.5K"): unless told otherwise the currency style
  // keeps as many digits as the maximum allows ("$50.0"). Steps under one unit show cents.
  const cents = (ticks[1] ?? 100) - (ticks[0] ?? 0) < 100;
  const axisMoney = (value: number) =>
    fmt.number(value / 100, {
      style: 'currency',
      currency,
      notation: 'compact',
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: cents ? 2 : 1,
    });
  // Periods start at UTC midnight (the service's buckets): shown in UTC, so no day slips.
  // Days and weeks name their year too when the range crosses one ("Nov 21" twice over a
  // year of days said nothing), and then take more room each.
  const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
  const crossesYear =
    periods.length > 0 &&
    yearOf((periods[0] as StatsPeriod).timestamp) !==
      yearOf((periods.at(-1) as StatsPeriod).timestamp);
  const withYear = interval === 'month' || crossesYear;
  // A day's or week's date with its year ("Nov 21, 2025") is the longest label.
  const longDates = crossesYear && interval !== 'month';
  const short = (ms: number) =>
    fmt.date(ms, {
      month: 'short',
      ...(interval === 'month' ? {} : { day: 'numeric' }),
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
  const long = (ms: number) =>
    fmt.date(
      ms,
      interval === 'month'
        ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
        : { dateStyle: 'medium', timeZone: 'UTC' },
    );

  const low = ticks[0] ?? 0;
  const high = ticks.at(-1) ?? 1;
  // The chart draws in as many units as it is wide in CSS pixels, so its text stays the
  // stylesheet's size: a fixed view box scaled to the box made the labels 7px tall on a phone
  // and 18px on a desktop.
  const [measure, width] = useMeasure(WIDTH, (element) => {
    const measured = Math.round(element.getBoundingClientRect().width);
    return measured > 0 ? Math.max(measured, M.left + M.right + 80) : WIDTH;
  });
  const captionId = `${tableId}-caption`;
  // Hidden, the table's 1px box overflows too, but must not become a stop for the keyboard.
  const scrollBox = useScrollBox(captionId, tableShown);
  // Room right of the last point for half its date, wider when the date names its year.
  const right = longDates ? M.right + 20 : M.right;
  const plotW = width - M.left - right;
  const plotH = HEIGHT - M.top - M.bottom;
  const x = (i: number) =>
    M.left + (periods.length === 1 ? plotW / 2 : (i * plotW) / (periods.length - 1));
  const y = (cents: number) => M.top + plotH - ((cents - low) / (high - low || 1)) * plotH;

  let peak = 0;
  gross.forEach((value, i) => {
    if (value > (gross[peak] ?? 0)) peak = i;
  });
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const first = periods[0] as StatsPeriod;
  const lastPeriod = periods.at(-1) as StatsPeriod;
  const summary = t(
    // The catalogue's languages (English, German) say only a single period in the singular; not
    // the page locale's rules, which may have no singular at all (Japanese).
    periods.length === 1 ? 'metricsSummary.chartSummary.one' : 'metricsSummary.chartSummary',
    {
      count: periods.length,
      from: long(first.timestamp),
      to: long(lastPeriod.timestamp),
      gross: money(sum(gross)),
      net: money(sum(net)),
      max: money(gross[peak] ?? 0),
      peak: long((periods[peak] as StatsPeriod).timestamp),
    },
  );

  const series: Array<['gross' | 'net', number[]]> = [
    ['gross', gross],
    ['net', net],
  ];

  const chart = part(
    'chart',
    'svg',
    svg({
      key: 'chart',
      role: 'img',
      'aria-label': summary,
      'aria-busy': busy ? true : undefined,
      ref: measure,
      viewBox: `0 0 ${width} ${HEIGHT}`,
      width: '100%',
      preserveAspectRatio: 'xMidYMid meet',
      children: [
        part('chartAxis', 'g', {
          key: 'y',
          'data-state': 'y',
          children: ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={M.left}
                x2={width - right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={tick === 0 ? 0.6 : 0.15}
              />
              <text
                x={M.left - 8}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                fill="currentColor"
              >
                {axisMoney(tick)}
              </text>
            </g>
          )),
        }),
        part('chartAxis', 'g', {
          key: 'x',
          'data-state': 'x',
          // About one date per 80px (110px with its year), so the labels never touch.
          children: labelled(
            periods.length,
            Math.max(2, Math.floor(plotW / (longDates ? 110 : 80))),
          ).map((i) => (
            <text
              key={i}
              x={x(i)}
              y={HEIGHT - M.bottom + 20}
              textAnchor="middle"
              fill="currentColor"
            >
              {short((periods[i] as StatsPeriod).timestamp)}
            </text>
          )),
        }),
        ...series.map(([name, values]) =>
          part(
            'chartLine',
            'polyline',
            svg({
              key: `line-${name}`,
              'data-state': name,
              fill: 'none',
              stroke: 'currentColor',
              strokeWidth: 2,
              strokeLinejoin: 'round',
              points: values.map((v, i) => `${x(i)},${y(v)}`).join(' '),
              ...(name === 'net' ? { strokeDasharray: '6 4' } : {}),
            }),
          ),
        ),
        ...series.flatMap(([name, values]) =>
          values.map((v, i) =>
            part(
              'chartPoint',
              'circle',
              svg({
                key: `point-${name}-${(periods[i] as StatsPeriod).timestamp}`,
                'data-state': name,
                'data-value': v,
                cx: x(i),
                cy: y(v),
                r: 3,
                fill: 'currentColor',
              }),
            ),
          ),
        ),
      ],
    }),
  );

  const legend = part('legend', 'ul', {
    key: 'legend',
    'aria-hidden': true,
    children: series.map(([name]) =>
      part('legendItem', 'li', {
        key: name,
        'data-state': name,
        children: t(
          name === 'gross'
            ? 'metricsSummary.column.grossRevenue'
            : 'metricsSummary.column.netRevenue',
        ),
      }),
    ),
  });

  const toggle = part('tableToggle', 'button', {
    key: 'toggle',
    type: 'button',
    'aria-expanded': tableShown,
    'aria-controls': tableId,
    'data-state': tableShown ? 'on' : 'off',
    onClick: onToggleTable,
    children: t(tableShown ? 'metricsSummary.hideTable' : 'metricsSummary.showTable'),
  });

  const table = part('table', 'table', {
    id: tableId,
    'data-state': tableShown ? 'shown' : 'hidden',
    children: [
      part('tableCaption', 'caption', {
        key: 'caption',
        id: captionId,
        children: t('metricsSummary.tableCaption', {
          interval: t(`metricsSummary.interval.${interval}`),
        }),
      }),
      <thead key="head">
        <tr>
          <th scope="col">{t('metricsSummary.column.period')}</th>
          <th scope="col">{t('metricsSummary.column.grossRevenue')}</th>
          <th scope="col">{t('metricsSummary.column.netRevenue')}</th>
        </tr>
      </thead>,
      <tbody key="body">
        {periods.map((period) => (
          <tr key={period.timestamp}>
            <th scope="row">
              <time dateTime={new Date(period.timestamp).toISOString()}>
                {long(period.timestamp)}
              </time>
            </th>
            <td>{money(period.grossRevenue)}</td>
            <td>{money(period.netRevenue)}</td>
          </tr>
        ))}
      </tbody>,
    ],
  });

  // Hidden, the table sits in a 1px box that clips it: a table's own box grows to its content
  // whatever its width, height and overflow say, so hidden by its own style it still widened
  // a phone page and lengthened every page by its rows.
  const tableBox = part('tableScroller', 'div', {
    key: 'table',
    style: tableShown ? undefined : visuallyHidden,
    ...scrollBox,
    children: table,
  });

  return [chart, legend, toggle, tableBox];
}
