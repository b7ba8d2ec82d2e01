// The strings of CheckoutForm, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of CheckoutForm. */
export const checkoutFormMessages = /* @__PURE__ */ messageSection('checkoutForm', {
  label: ['Checkout', 'Kasse'],
  units: ['Quantity', 'Menge'],
  unitPrice: ['{amount} each', 'je {amount}'],
  subtotal: ['Subtotal', 'Zwischensumme'],
  discount: ['Discount', 'Rabatt'],
  taxIncluded: ['Tax included', 'inkl. MwSt.'],
  plusTax: ['plus tax, calculated at payment', 'zzgl. MwSt., berechnet bei der Zahlung'],
  total: ['Total', 'Gesamt'],
  totalBeforeTax: ['Total before tax', 'Gesamt ohne MwSt.'],
  optional: ['{label} (optional)', '{label} (optional)'],
  required: ['This field is required.', 'Dieses Feld ist erforderlich.'],
  mustAccept: [
    'Please tick this box to continue.',
    'Bitte setzen Sie das Häkchen, um fortzufahren.',
  ],
  tooShort: ['Enter at least {min} characters.', 'Geben Sie mindestens {min} Zeichen ein.'],
  tooLong: ['Enter at most {max} characters.', 'Geben Sie höchstens {max} Zeichen ein.'],
  'tooLong.one': ['Enter at most {max} character.', 'Geben Sie höchstens {max} Zeichen ein.'],
  submit: ['Continue to payment', 'Weiter zur Zahlung'],
  submitting: ['Preparing your checkout…', 'Ihre Bestellung wird vorbereitet …'],
  redirecting: ['Taking you to the payment page…', 'Sie werden zur Zahlungsseite weitergeleitet …'],
  failed: [
    'The checkout could not be started. Please try again.',
    'Der Bezahlvorgang konnte nicht gestartet werden. Bitte versuchen Sie es erneut.',
  ],
  loading: ['Loading checkout…', 'Kasse wird geladen …'],
  loadError: ['The product could not be loaded.', 'Das Produkt konnte nicht geladen werden.'],
  unavailable: ['This product is not available.', 'Dieses Produkt ist nicht verfügbar.'],
  'period.every-day': ['Billed daily', 'Tägliche Abrechnung'],
  'period.every-month': ['Billed monthly', 'Monatliche Abrechnung'],
  'period.every-three-months': ['Billed every 3 months', 'Abrechnung alle 3 Monate'],
  'period.every-six-months': ['Billed every 6 months', 'Abrechnung alle 6 Monate'],
  'period.every-year': ['Billed yearly', 'Jährliche Abrechnung'],
  'period.once': ['One-time payment', 'Einmalige Zahlung'],
  'period.unknown': ['Recurring payment', 'Wiederkehrende Zahlung'],
  unitsRange: [
    'Enter a whole number from 1 to {max}.',
    'Geben Sie eine ganze Zahl von 1 bis {max} ein.',
  ],
  characterCount: ['{count}/{max} characters', '{count}/{max} Zeichen'],
  fieldsAtCheckout: [
    'You will be asked for {fields} on the payment page.',
    'Auf der Zahlungsseite werden Sie nach {fields} gefragt.',
  ],
  // {fields} of fieldsAtCheckout for two fields, and for three ({rest}: the first two, with ", ").
  'fieldsAtCheckout.two': ['{first} and {second}', '{first} und {second}'],
  'fieldsAtCheckout.more': ['{rest}, and {last}', '{rest} und {last}'],
  fieldRefused: [
    '{label} was not accepted by the billing service. Please check it.',
    '{label} wurde vom Abrechnungsdienst nicht akzeptiert. Bitte prüfen Sie die Angabe.',
  ],
  minLength: ['At least {min} characters', 'Mindestens {min} Zeichen'],
});
