// The strings of UpgradePicker, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of UpgradePicker. */
export const upgradePickerMessages = /* @__PURE__ */ messageSection('upgradePicker', {
  label: ['Change plan', 'Tarif wechseln'],
  currentPlan: ['Current plan', 'Aktueller Tarif'],
  choosePlan: ['Choose a new plan', 'Neuen Tarif wählen'],
  behaviorLabel: ['When to pay the difference', 'Wann die Differenz bezahlt wird'],
  'behavior.proration-charge-immediately': [
    'Switch now and pay the prorated difference today',
    'Jetzt wechseln und die anteilige Differenz heute bezahlen',
  ],
  'behavior.proration-charge': [
    'Switch now and add the prorated difference to your next bill',
    'Jetzt wechseln und die anteilige Differenz mit der nächsten Rechnung bezahlen',
  ],
  'behavior.proration-none': [
    'Switch now with no charge for the rest of this period; the new price applies from your next renewal',
    'Jetzt wechseln ohne Aufpreis für den Rest des Zeitraums; der neue Preis gilt ab der nächsten Verlängerung',
  ],
  estimate: ['Estimate', 'Schätzung'],
  estimateNote: [
    'An estimate: the final amount is calculated when you confirm.',
    'Eine Schätzung: Der genaue Betrag wird bei der Bestätigung berechnet.',
  ],
  estimateSummary: [
    'Estimate for {plan}: {now}. {nextBill}.',
    'Schätzung für {plan}: {now}. {nextBill}.',
  ],
  estimateSummaryNow: ['Estimate for {plan}: {now}.', 'Schätzung für {plan}: {now}.'],
  chargedNow: ['{amount} charged now', '{amount} werden jetzt berechnet'],
  chargedAtRenewal: [
    '{amount} is added to your next bill.',
    '{amount} kommen auf Ihre nächste Rechnung.',
  ],
  chargedNothing: ['Nothing charged now', 'Jetzt wird nichts berechnet'],
  creditNow: [
    'Includes a credit of {amount} for the unused part of {plan}.',
    'Enthält eine Gutschrift von {amount} für den ungenutzten Teil von {plan}.',
  ],
  creditNextBill: [
    'Your next bill includes a credit of {amount} for the unused part of {plan}.',
    'Ihre nächste Rechnung enthält eine Gutschrift von {amount} für den ungenutzten Teil von {plan}.',
  ],
  newPrice: ['Then you pay {amount} {period}.', 'Danach zahlen Sie {amount} {period}.'],
  confirm: ['Confirm change', 'Wechsel bestätigen'],
  confirming: ['Changing your plan…', 'Ihr Tarif wird gewechselt …'],
  success: ['Your plan is now {plan}.', 'Ihr Tarif ist jetzt {plan}.'],
  failed: [
    'Your plan could not be changed. Please try again.',
    'Ihr Tarif konnte nicht gewechselt werden. Bitte versuchen Sie es erneut.',
  ],
  'disabled.trialing': [
    'Plans can be changed once the trial has ended.',
    'Der Tarif kann nach Ende der Testphase gewechselt werden.',
  ],
  'disabled.paused': [
    'Resume the subscription to change its plan.',
    'Setzen Sie das Abonnement fort, um den Tarif zu wechseln.',
  ],
  'disabled.past_due': [
    'Settle the overdue payment to change the plan.',
    'Begleichen Sie die überfällige Zahlung, um den Tarif zu wechseln.',
  ],
  'disabled.unpaid': [
    'Pay the open invoice to change the plan.',
    'Bezahlen Sie die offene Rechnung, um den Tarif zu wechseln.',
  ],
  'disabled.canceled': [
    'This subscription is canceled; its plan cannot be changed.',
    'Dieses Abonnement ist gekündigt; der Tarif kann nicht mehr gewechselt werden.',
  ],
  'disabled.expired': [
    'This subscription has expired; its plan cannot be changed.',
    'Dieses Abonnement ist abgelaufen; der Tarif kann nicht mehr gewechselt werden.',
  ],
  'disabled.scheduled_cancel': [
    'This subscription ends at the close of the period; its plan cannot be changed.',
    'Dieses Abonnement endet mit dem Zeitraum; der Tarif kann nicht mehr gewechselt werden.',
  ],
  'disabled.unknown': [
    'The plan cannot be changed right now.',
    'Der Tarif kann gerade nicht gewechselt werden.',
  ],
  loading: ['Loading your subscription…', 'Ihr Abonnement wird geladen …'],
  loadError: [
    'Your subscription could not be loaded.',
    'Ihr Abonnement konnte nicht geladen werden.',
  ],
  empty: [
    'You have no subscription whose plan could be changed.',
    'Sie haben kein Abonnement, dessen Tarif sich wechseln ließe.',
  ],
  noPlans: [
    'No other plans are available for this subscription.',
    'Für dieses Abonnement sind keine anderen Tarife verfügbar.',
  ],
  upgrade: ['Upgrade', 'Upgrade'],
  downgrade: ['Downgrade', 'Downgrade'],
  nextBill: ['Next bill on {date}: {amount}', 'Nächste Rechnung am {date}: {amount}'],
  takenOffNextBill: [
    '{amount} is taken off your next bill.',
    '{amount} werden von Ihrer nächsten Rechnung abgezogen.',
  ],
  newPeriod: [
    'The new plan starts a new billing period today.',
    'Mit dem neuen Tarif beginnt heute ein neuer Abrechnungszeitraum.',
  ],
  periodAtRenewal: [
    'The new plan’s billing period begins at your next renewal, when this one ends.',
    'Der Abrechnungszeitraum des neuen Tarifs beginnt mit Ihrer nächsten Verlängerung, wenn der jetzige endet.',
  ],
  taxExcluded: ['Amounts before tax.', 'Beträge ohne MwSt.'],
  taxIncluded: ['Amounts include tax.', 'Beträge inkl. MwSt.'],
  continue: ['Review change', 'Wechsel prüfen'],
  reviewTitle: ['Review your change', 'Ihr Wechsel im Überblick'],
  reviewChange: [
    'From {from} ({fromPrice}) to {to} ({toPrice})',
    'Von {from} ({fromPrice}) zu {to} ({toPrice})',
  ],
  sentences: ['{first} {second}', '{first} {second}'],
  back: ['Back', 'Zurück'],
  refused: [
    'This plan cannot be chosen for your subscription. Please choose another.',
    'Dieser Tarif kann für Ihr Abonnement nicht gewählt werden. Bitte wählen Sie einen anderen.',
  ],
});
