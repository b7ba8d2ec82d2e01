// The strings of PortalButton, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import type { MessageSection } from '../section.js';

const en = {
  'portalButton.label': 'Manage billing',
  'portalButton.opening': 'Opening the billing portal…',
  'portalButton.failed': 'The billing portal could not be opened. Please try again.',
  'portalButton.noAccount':
    'There is nothing to manage yet: your billing account starts with your first purchase.',
};

const de: Record<keyof typeof en, string> = {
  'portalButton.label': 'Abrechnung verwalten',
  'portalButton.opening': 'Das Kundenportal wird geöffnet …',
  'portalButton.failed':
    'Das Kundenportal konnte nicht geöffnet werden. Bitte versuchen Sie es erneut.',
  'portalButton.noAccount':
    'Noch gibt es nichts zu verwalten: Ihr Abrechnungskonto entsteht mit Ihrem ersten Kauf.',
};

/** The strings of PortalButton. */
export const portalButtonMessages: MessageSection<keyof typeof en> = { en, de };
