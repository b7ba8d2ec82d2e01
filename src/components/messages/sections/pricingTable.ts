// The strings of PricingTable (billing periods are read by UpgradePicker and SubscriptionStatus too), in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of PricingTable. */
export const pricingTableMessages = /* @__PURE__ */ messageSection('pricingTable', {
  label: ['Plans', 'Tarife'],
  periodSwitch: ['Billing period', 'Abrechnungszeitraum'],
  'switch.every-day': ['Daily', 'Täglich'],
  'switch.every-month': ['Monthly', 'Monatlich'],
  'switch.every-three-months': ['Quarterly', 'Vierteljährlich'],
  'switch.every-six-months': ['Every 6 months', 'Halbjährlich'],
  'switch.every-year': ['Yearly', 'Jährlich'],
  'switch.once': ['One-time', 'Einmalig'],
  'per.every-day': ['per day', 'pro Tag'],
  'per.every-month': ['per month', 'pro Monat'],
  'per.every-three-months': ['every 3 months', 'alle 3 Monate'],
  'per.every-six-months': ['every 6 months', 'alle 6 Monate'],
  'per.every-year': ['per year', 'pro Jahr'],
  'per.once': ['one-time payment', 'einmalige Zahlung'],
  monthlyEquivalent: ['{amount} per month', '{amount} pro Monat'],
  save: ['Save {percent}%', '{percent} % sparen'],
  recommended: ['Recommended', 'Empfohlen'],
  currentPlan: ['Current plan', 'Aktueller Tarif'],
  upgrade: ['Upgrade', 'Upgrade'],
  downgrade: ['Downgrade', 'Downgrade'],
  unavailable: ['Unavailable', 'Nicht verfügbar'],
  planLocked: [
    'Your plan cannot be changed while the subscription’s status is “{status}”.',
    'Ihr Tarif kann nicht gewechselt werden, solange das Abonnement den Status „{status}“ hat.',
  ],
  otherCurrency: [
    'Your subscription is billed in {currency}; plans in another currency cannot replace it.',
    'Ihr Abonnement wird in {currency} abgerechnet; Tarife in einer anderen Währung können es nicht ersetzen.',
  ],
  archived: ['{plan} is no longer offered.', '{plan} wird nicht mehr angeboten.'],
  unknownPlan: [
    'Your current plan is not offered here, so it cannot be changed from this table.',
    'Ihr aktueller Tarif wird hier nicht angeboten und kann daher hier nicht gewechselt werden.',
  ],
  subscribe: ['Subscribe', 'Abonnieren'],
  buyNow: ['Buy now', 'Jetzt kaufen'],
  taxIncluded: ['Tax included', 'inkl. MwSt.'],
  plusTax: ['plus tax', 'zzgl. MwSt.'],
  features: ['Included', 'Enthalten'],
  loading: ['Loading plans…', 'Tarife werden geladen …'],
  error: ['The plans could not be loaded.', 'Die Tarife konnten nicht geladen werden.'],
  retry: ['Try again', 'Erneut versuchen'],
  empty: ['No plans are available right now.', 'Derzeit sind keine Tarife verfügbar.'],
  startingCheckout: ['Preparing your checkout…', 'Ihr Bezahlvorgang wird vorbereitet …'],
  redirecting: ['Taking you to the payment page…', 'Sie werden zur Zahlungsseite weitergeleitet …'],
  changingPlan: ['Changing your plan…', 'Ihr Tarif wird geändert …'],
  planChanged: ['Your plan is now {plan}.', 'Ihr Tarif ist jetzt {plan}.'],
  checkoutFailed: [
    'The checkout could not be started. Please try again.',
    'Der Bezahlvorgang konnte nicht gestartet werden. Bitte versuchen Sie es erneut.',
  ],
  changeFailed: [
    'Your plan could not be changed. Please try again.',
    'Ihr Tarif konnte nicht geändert werden. Bitte versuchen Sie es erneut.',
  ],
});
