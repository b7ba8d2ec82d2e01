// The strings of CreditsHistory, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of CreditsHistory. */
export const creditsHistoryMessages = /* @__PURE__ */ messageSection('creditsHistory', {
  label: ['Credits history', 'Guthabenverlauf'],
  balance: ['Balance', 'Guthaben'],
  balanceValue: ['{amount} {unit}', '{amount} {unit}'],
  asOf: ['as of {date}', 'Stand {date}'],
  accountPicker: ['Credit account', 'Guthabenkonto'],
  'accountStatus.active': ['Active', 'Aktiv'],
  'accountStatus.frozen': ['Frozen', 'Eingefroren'],
  'accountStatus.closed': ['Closed', 'Geschlossen'],
  'accountStatus.unknown': ['Unknown', 'Unbekannt'],
  accountOption: ['{name} ({status})', '{name} ({status})'],
  credit: ['Credit', 'Gutschrift'],
  debit: ['Debit', 'Abbuchung'],
  reversal: ['Reversal', 'Stornierung'],
  reversalOf: ['Reverses {reference}', 'Storniert {reference}'],
  reversed: ['Reversed', 'Storniert'],
  loadOlder: ['Load older entries', 'Ältere Einträge laden'],
  loadNewer: ['Load newer entries', 'Neuere Einträge laden'],
  loading: ['Loading credits…', 'Guthaben wird geladen …'],
  error: [
    'The credits history could not be loaded.',
    'Der Guthabenverlauf konnte nicht geladen werden.',
  ],
  empty: [
    'No credits have been added or used yet.',
    'Es wurde noch kein Guthaben gutgeschrieben oder verbraucht.',
  ],
  noAccounts: ['You have no credit accounts.', 'Sie haben keine Guthabenkonten.'],
  entries: ['Entries', 'Einträge'],
  loadingMore: ['Loading entries…', 'Einträge werden geladen …'],
  loadedOlder: ['Older entries loaded: {count}', 'Ältere Einträge geladen: {count}'],
  loadedNewer: ['Newer entries loaded: {count}', 'Neuere Einträge geladen: {count}'],
  upToDate: ['No newer entries.', 'Keine neueren Einträge.'],
  allShown: ['All entries shown: {count}.', 'Alle Einträge angezeigt: {count}.'],
});
