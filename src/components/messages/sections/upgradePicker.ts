// The strings of UpgradePicker, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import type { MessageSection } from '../section.js';

const en = {
  'upgradePicker.label': 'Change plan',
  'upgradePicker.currentPlan': 'Current plan',
  'upgradePicker.choosePlan': 'Choose a new plan',
  'upgradePicker.behaviorLabel': 'When to pay the difference',
  'upgradePicker.behavior.proration-charge-immediately':
    'Switch now and pay the prorated difference today',
  'upgradePicker.behavior.proration-charge':
    'Switch now and add the prorated difference to your next bill',
  'upgradePicker.behavior.proration-none':
    'Switch now with no charge for the rest of this period; the new price applies from your next renewal',
  'upgradePicker.estimate': 'Estimate',
  'upgradePicker.estimateNote': 'An estimate: the final amount is calculated when you confirm.',
  'upgradePicker.chargedNow': '{amount} charged now',
  'upgradePicker.chargedAtRenewal': '{amount} is added to your next bill.',
  'upgradePicker.chargedNothing': 'Nothing charged now',
  'upgradePicker.newPrice': 'Then you pay {amount} {period}.',
  'upgradePicker.confirm': 'Confirm change',
  'upgradePicker.confirming': 'Changing your plan…',
  'upgradePicker.success': 'Your plan is now {plan}.',
  'upgradePicker.failed': 'Your plan could not be changed. Please try again.',
  'upgradePicker.disabled.trialing': 'Plans can be changed once the trial has ended.',
  'upgradePicker.disabled.paused': 'Resume the subscription to change its plan.',
  'upgradePicker.disabled.past_due': 'Settle the overdue payment to change the plan.',
  'upgradePicker.disabled.unpaid': 'Pay the open invoice to change the plan.',
  'upgradePicker.disabled.canceled': 'This subscription is canceled; its plan cannot be changed.',
  'upgradePicker.disabled.expired': 'This subscription has expired; its plan cannot be changed.',
  'upgradePicker.disabled.scheduled_cancel':
    'This subscription ends at the close of the period; its plan cannot be changed.',
  'upgradePicker.disabled.unknown': 'The plan cannot be changed right now.',
  'upgradePicker.loading': 'Loading your subscription…',
  'upgradePicker.loadError': 'Your subscription could not be loaded.',
  'upgradePicker.empty': 'You have no subscription whose plan could be changed.',
  'upgradePicker.noPlans': 'No other plans are available for this subscription.',
  'upgradePicker.upgrade': 'Upgrade',
  'upgradePicker.downgrade': 'Downgrade',
  'upgradePicker.nextBill': 'Next bill on {date}: {amount}',
  'upgradePicker.nextBillCredit':
    'Your next bill includes a credit of {amount} for the unused part of your current plan.',
  'upgradePicker.newPeriod': 'The new plan starts a new billing period today.',
  'upgradePicker.periodAtRenewal':
    'The new plan’s billing period begins at your next renewal, when this one ends.',
  'upgradePicker.taxExcluded': 'Amounts before tax.',
  'upgradePicker.taxIncluded': 'Amounts include tax.',
  'upgradePicker.continue': 'Review change',
  'upgradePicker.reviewTitle': 'Review your change',
  'upgradePicker.reviewChange': 'From {from} ({fromPrice}) to {to} ({toPrice})',
  'upgradePicker.sentences': '{first} {second}',
  'upgradePicker.back': 'Back',
  'upgradePicker.refused':
    'This plan cannot be chosen for your subscription. Please choose another.',
};

const de: Record<keyof typeof en, string> = {
  'upgradePicker.label': 'Tarif wechseln',
  'upgradePicker.currentPlan': 'Aktueller Tarif',
  'upgradePicker.choosePlan': 'Neuen Tarif wählen',
  'upgradePicker.behaviorLabel': 'Wann die Differenz bezahlt wird',
  'upgradePicker.behavior.proration-charge-immediately':
    'Jetzt wechseln und die anteilige Differenz heute bezahlen',
  'upgradePicker.behavior.proration-charge':
    'Jetzt wechseln und die anteilige Differenz mit der nächsten Rechnung bezahlen',
  'upgradePicker.behavior.proration-none':
    'Jetzt wechseln ohne Aufpreis für den Rest des Zeitraums; der neue Preis gilt ab der nächsten Verlängerung',
  'upgradePicker.estimate': 'Schätzung',
  'upgradePicker.estimateNote':
    'Eine Schätzung: Der genaue Betrag wird bei der Bestätigung berechnet.',
  'upgradePicker.chargedNow': '{amount} werden jetzt berechnet',
  'upgradePicker.chargedAtRenewal': '{amount} kommen auf Ihre nächste Rechnung.',
  'upgradePicker.chargedNothing': 'Jetzt wird nichts berechnet',
  'upgradePicker.newPrice': 'Danach zahlen Sie {amount} {period}.',
  'upgradePicker.confirm': 'Wechsel bestätigen',
  'upgradePicker.confirming': 'Ihr Tarif wird gewechselt …',
  'upgradePicker.success': 'Ihr Tarif ist jetzt {plan}.',
  'upgradePicker.failed':
    'Ihr Tarif konnte nicht gewechselt werden. Bitte versuchen Sie es erneut.',
  'upgradePicker.disabled.trialing': 'Der Tarif kann nach Ende der Testphase gewechselt werden.',
  'upgradePicker.disabled.paused': 'Setzen Sie das Abonnement fort, um den Tarif zu wechseln.',
  'upgradePicker.disabled.past_due':
    'Begleichen Sie die überfällige Zahlung, um den Tarif zu wechseln.',
  'upgradePicker.disabled.unpaid': 'Bezahlen Sie die offene Rechnung, um den Tarif zu wechseln.',
  'upgradePicker.disabled.canceled':
    'Dieses Abonnement ist gekündigt; der Tarif kann nicht mehr gewechselt werden.',
  'upgradePicker.disabled.expired':
    'Dieses Abonnement ist abgelaufen; der Tarif kann nicht mehr gewechselt werden.',
  'upgradePicker.disabled.scheduled_cancel':
    'Dieses Abonnement endet mit dem Zeitraum; der Tarif kann nicht mehr gewechselt werden.',
  'upgradePicker.disabled.unknown': 'Der Tarif kann gerade nicht gewechselt werden.',
  'upgradePicker.loading': 'Ihr Abonnement wird geladen …',
  'upgradePicker.loadError': 'Ihr Abonnement konnte nicht geladen werden.',
  'upgradePicker.empty': 'Sie haben kein Abonnement, dessen Tarif sich wechseln ließe.',
  'upgradePicker.noPlans': 'Für dieses Abonnement sind keine anderen Tarife verfügbar.',
  'upgradePicker.upgrade': 'Upgrade',
  'upgradePicker.downgrade': 'Downgrade',
  'upgradePicker.nextBill': 'Nächste Rechnung am {date}: {amount}',
  'upgradePicker.nextBillCredit':
    'Ihre nächste Rechnung enthält eine Gutschrift von {amount} für den ungenutzten Teil Ihres aktuellen Tarifs.',
  'upgradePicker.newPeriod': 'Mit dem neuen Tarif beginnt heute ein neuer Abrechnungszeitraum.',
  'upgradePicker.periodAtRenewal':
    'Der Abrechnungszeitraum des neuen Tarifs beginnt mit Ihrer nächsten Verlängerung, wenn der jetzige endet.',
  'upgradePicker.taxExcluded': 'Beträge ohne MwSt.',
  'upgradePicker.taxIncluded': 'Beträge inkl. MwSt.',
  'upgradePicker.continue': 'Wechsel prüfen',
  'upgradePicker.reviewTitle': 'Ihr Wechsel im Überblick',
  'upgradePicker.reviewChange': 'Von {from} ({fromPrice}) zu {to} ({toPrice})',
  'upgradePicker.sentences': '{first} {second}',
  'upgradePicker.back': 'Zurück',
  'upgradePicker.refused':
    'Dieser Tarif kann für Ihr Abonnement nicht gewählt werden. Bitte wählen Sie einen anderen.',
};

/** The strings of UpgradePicker. */
export const upgradePickerMessages: MessageSection<keyof typeof en> = { en, de };
