// The strings of shared by several components, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import type { MessageSection } from '../section.js';

const en = {
  'common.loading': 'Loading…',
  'common.error': 'Something went wrong.',
  'common.retry': 'Try again',
  'common.empty': 'Nothing here yet.',
  'common.close': 'Close',
  'common.opensInNewTab': '(opens in a new tab)',
};

const de: Record<keyof typeof en, string> = {
  'common.loading': 'Wird geladen …',
  'common.error': 'Etwas ist schiefgelaufen.',
  'common.retry': 'Erneut versuchen',
  'common.empty': 'Hier ist noch nichts.',
  'common.close': 'Schließen',
  'common.opensInNewTab': '(öffnet in einem neuen Tab)',
};

/** The strings of shared by several components. */
export const commonMessages: MessageSection<keyof typeof en> = { en, de };
