// The strings shared by several components, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings shared by several components. */
export const commonMessages = /* @__PURE__ */ messageSection('common', {
  retry: ['Try again', 'Erneut versuchen'],
  opensInNewTab: ['(opens in a new tab)', '(öffnet in einem neuen Tab)'],
  discountValue: ['−{amount}', '−{amount}'],
  signIn: ['Please sign in to continue.', 'Bitte melden Sie sich an, um fortzufahren.'],
});
