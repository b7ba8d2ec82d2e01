// The strings of MetricsSummary, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of MetricsSummary. */
export const metricsSummaryMessages = /* @__PURE__ */ messageSection('metricsSummary', {
  label: ['Store metrics', 'Shop-Kennzahlen'],
  totalProducts: ['Products', 'Produkte'],
  totalSubscriptions: ['New subscriptions', 'Neue Abonnements'],
  activeSubscriptions: ['Active subscriptions', 'Aktive Abonnements'],
  totalCustomers: ['New customers', 'Neue Kunden'],
  totalPayments: ['Payments', 'Zahlungen'],
  totalRevenue: ['Revenue', 'Umsatz'],
  totalNetRevenue: ['Net revenue', 'Nettoumsatz'],
  monthlyRecurringRevenue: ['Monthly recurring revenue', 'Monatlich wiederkehrender Umsatz'],
  netMonthlyRecurringRevenue: [
    'Net monthly recurring revenue',
    'Monatlich wiederkehrender Nettoumsatz',
  ],
  chartTitle: ['Revenue over time', 'Umsatz im Zeitverlauf'],
  tableCaption: ['Gross and net revenue per {interval}', 'Brutto- und Nettoumsatz pro {interval}'],
  'interval.day': ['day', 'Tag'],
  'interval.week': ['week', 'Woche'],
  'interval.month': ['month', 'Monat'],
  'column.period': ['Period', 'Zeitraum'],
  'column.grossRevenue': ['Gross revenue', 'Bruttoumsatz'],
  'column.netRevenue': ['Net revenue', 'Nettoumsatz'],
  loading: ['Loading metrics…', 'Kennzahlen werden geladen …'],
  error: ['The metrics could not be loaded.', 'Die Kennzahlen konnten nicht geladen werden.'],
  empty: ['No revenue in this period.', 'Kein Umsatz in diesem Zeitraum.'],
  totals: ['Totals', 'Summen'],
  currency: ['Currency', 'Währung'],
  range: ['Range', 'Zeitraum'],
  'range.7d': ['Last 7 days', 'Letzte 7 Tage'],
  'range.30d': ['Last 30 days', 'Letzte 30 Tage'],
  'range.90d': ['Last 90 days', 'Letzte 90 Tage'],
  'range.12m': ['Last 12 months', 'Letzte 12 Monate'],
  'range.custom': ['{from} – {to}', '{from} – {to}'],
  intervalLabel: ['Group by', 'Gruppieren nach'],
  'intervalOption.day': ['Day', 'Tag'],
  'intervalOption.week': ['Week', 'Woche'],
  'intervalOption.month': ['Month', 'Monat'],
  chartSummary: [
    'Revenue over {count} periods from {from} to {to}: gross {gross}, net {net}; highest gross {max} in the period from {peak}.',
    'Umsatz in {count} Zeiträumen vom {from} bis {to}: brutto {gross}, netto {net}; höchster Bruttoumsatz {max} im Zeitraum ab {peak}.',
  ],
  'chartSummary.one': [
    'Revenue over {count} period, starting {from}: gross {gross}, net {net}.',
    'Umsatz in {count} Zeitraum ab {from}: brutto {gross}, netto {net}.',
  ],
  showTable: ['Show the figures as a table', 'Zahlen als Tabelle zeigen'],
  hideTable: ['Hide the table', 'Tabelle ausblenden'],
  notAdmin: [
    'You need seller access to see the store metrics.',
    'Für die Shop-Kennzahlen brauchen Sie Verkäuferzugang.',
  ],
  updating: ['Updating metrics…', 'Kennzahlen werden aktualisiert …'],
});
