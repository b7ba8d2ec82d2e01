// The strings of PortalButton, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of PortalButton. */
export const portalButtonMessages = /* @__PURE__ */ messageSection('portalButton', {
  label: ['Manage billing', 'Abrechnung verwalten'],
  opening: ['Opening the billing portal…', 'Das Kundenportal wird geöffnet …'],
  failed: [
    'The billing portal could not be opened. Please try again.',
    'Das Kundenportal konnte nicht geöffnet werden. Bitte versuchen Sie es erneut.',
  ],
  noAccount: [
    'There is nothing to manage yet: your billing account starts with your first purchase.',
    'Noch gibt es nichts zu verwalten: Ihr Abrechnungskonto entsteht mit Ihrem ersten Kauf.',
  ],
});
