// The strings of DiscountField (also inside CheckoutForm), in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of DiscountField. */
export const discountFieldMessages = /* @__PURE__ */ messageSection('discountField', {
  label: ['Discount code', 'Rabattcode'],
  placeholder: ['Enter a code', 'Code eingeben'],
  apply: ['Apply', 'Einlösen'],
  checking: ['Checking the code…', 'Code wird geprüft …'],
  remove: ['Remove code', 'Code entfernen'],
  applied: ['Code {code} applied: {discount}', 'Code {code} eingelöst: {discount}'],
  percentOff: ['{percent}% off', '{percent} % Rabatt'],
  amountOff: ['{amount} off', '{amount} Rabatt'],
  'duration.once': ['{off} on the first payment', '{off} auf die erste Zahlung'],
  'duration.forever': ['{off} on every payment', '{off} auf jede Zahlung'],
  'duration.repeating': ['{off} for {months} months', '{off} für {months} Monate'],
  'duration.repeating.one': ['{off} for {months} month', '{off} für {months} Monat'],
  expired: ['This code has expired.', 'Dieser Code ist abgelaufen.'],
  unknown: [
    'This code is unknown or cannot be used.',
    'Dieser Code ist unbekannt oder kann nicht verwendet werden.',
  ],
  notForProduct: [
    'This code does not apply to this product.',
    'Dieser Code gilt nicht für dieses Produkt.',
  ],
  failed: [
    'The code could not be checked. Please try again.',
    'Der Code konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
  ],
  removed: ['Code removed.', 'Code entfernt.'],
  // {when}: rateLimited.in ("in 42 seconds"; rateLimited.in.one for 1), else rateLimited.soon.
  rateLimited: [
    'Too many codes have been checked. Please try again {when}, or remove the code to continue.',
    'Es wurden zu viele Codes geprüft. Bitte versuchen Sie es {when} erneut, oder entfernen Sie den Code, um fortzufahren.',
  ],
  'rateLimited.in': ['in {seconds} seconds', 'in {seconds} Sekunden'],
  'rateLimited.in.one': ['in {seconds} second', 'in {seconds} Sekunde'],
  'rateLimited.soon': ['shortly', 'gleich'],
});
