// The strings of DiscountField (also inside CheckoutForm), in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import type { MessageSection } from '../section.js';

const en = {
  'discountField.label': 'Discount code',
  'discountField.placeholder': 'Enter a code',
  'discountField.apply': 'Apply',
  'discountField.checking': 'Checking the code…',
  'discountField.remove': 'Remove code',
  'discountField.applied': 'Code {code} applied: {discount}',
  'discountField.percentOff': '{percent}% off',
  'discountField.amountOff': '{amount} off',
  'discountField.duration.once': '{off} on the first payment',
  'discountField.duration.forever': '{off} on every payment',
  'discountField.duration.repeating': '{off} for {months} months',
  'discountField.expired': 'This code has expired.',
  'discountField.unknown': 'This code is unknown or cannot be used.',
  'discountField.notForProduct': 'This code does not apply to this product.',
  'discountField.failed': 'The code could not be checked. Please try again.',
  'discountField.removed': 'Code removed.',
};

const de: Record<keyof typeof en, string> = {
  'discountField.label': 'Rabattcode',
  'discountField.placeholder': 'Code eingeben',
  'discountField.apply': 'Einlösen',
  'discountField.checking': 'Code wird geprüft …',
  'discountField.remove': 'Code entfernen',
  'discountField.applied': 'Code {code} eingelöst: {discount}',
  'discountField.percentOff': '{percent} % Rabatt',
  'discountField.amountOff': '{amount} Rabatt',
  'discountField.duration.once': '{off} auf die erste Zahlung',
  'discountField.duration.forever': '{off} auf jede Zahlung',
  'discountField.duration.repeating': '{off} für {months} Monate',
  'discountField.expired': 'Dieser Code ist abgelaufen.',
  'discountField.unknown': 'Dieser Code ist unbekannt oder kann nicht verwendet werden.',
  'discountField.notForProduct': 'Dieser Code gilt nicht für dieses Produkt.',
  'discountField.failed': 'Der Code konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
  'discountField.removed': 'Code entfernt.',
};

/** The strings of DiscountField. */
export const discountFieldMessages: MessageSection<keyof typeof en> = { en, de };
