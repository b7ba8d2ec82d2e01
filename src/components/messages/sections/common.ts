// The strings shared by several components, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import type { MessageSection } from '../section.js';

const en = {
  'common.retry': 'Try again',
  'common.opensInNewTab': '(opens in a new tab)',
  'common.discountValue': '−{amount}',
  'common.signIn': 'Please sign in to continue.',
};

const de: Record<keyof typeof en, string> = {
  'common.retry': 'Erneut versuchen',
  'common.opensInNewTab': '(öffnet in einem neuen Tab)',
  'common.discountValue': '−{amount}',
  'common.signIn': 'Bitte melden Sie sich an, um fortzufahren.',
};

/** The strings shared by several components. */
export const commonMessages: MessageSection<keyof typeof en> = { en, de };
