// The strings of BillingHistory, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of BillingHistory. */
export const billingHistoryMessages = /* @__PURE__ */ messageSection('billingHistory', {
  label: ['Billing history', 'Rechnungsverlauf'],
  'column.date': ['Date', 'Datum'],
  'column.description': ['Description', 'Beschreibung'],
  'column.amount': ['Amount', 'Betrag'],
  'column.status': ['Status', 'Status'],
  'status.pending': ['Pending', 'Ausstehend'],
  'status.paid': ['Paid', 'Bezahlt'],
  'status.refunded': ['Refunded', 'Erstattet'],
  'status.partialRefund': ['Partially refunded', 'Teilweise erstattet'],
  'status.chargedBack': ['Charged back', 'Rückbuchung'],
  'status.uncollectible': ['Uncollectible', 'Uneinbringlich'],
  'status.declined': ['Declined', 'Abgelehnt'],
  'status.canceled': ['Canceled', 'Storniert'],
  'status.void': ['Void', 'Ungültig'],
  'status.unknown': ['Unknown', 'Unbekannt'],
  refunded: ['{amount} refunded', '{amount} erstattet'],
  refundSeparator: [' · ', ' · '],
  previousPage: ['Previous page', 'Vorherige Seite'],
  nextPage: ['Next page', 'Nächste Seite'],
  pageOf: ['Page {page} of {pages}', 'Seite {page} von {pages}'],
  loading: ['Loading billing history…', 'Rechnungsverlauf wird geladen …'],
  error: [
    'The billing history could not be loaded.',
    'Der Rechnungsverlauf konnte nicht geladen werden.',
  ],
  empty: ['No payments yet.', 'Noch keine Zahlungen.'],
  'column.discount': ['Discount', 'Rabatt'],
  'column.tax': ['Tax', 'Steuer'],
  'column.paid': ['Amount paid', 'Gezahlt'],
  none: ['—', '—'],
  pagination: ['Billing history pages', 'Seiten des Rechnungsverlaufs'],
  loadingPage: ['Loading page {page}…', 'Seite {page} wird geladen …'],
  emptyForProduct: [
    'No payments for this product yet.',
    'Noch keine Zahlungen für dieses Produkt.',
  ],
  pastEnd: [
    'This page is past the end of your payments.',
    'Diese Seite liegt hinter dem Ende Ihrer Zahlungen.',
  ],
  lastPage: ['Go to the last page', 'Zur letzten Seite'],
});
