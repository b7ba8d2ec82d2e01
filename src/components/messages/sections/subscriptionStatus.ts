// The strings of SubscriptionStatus (statuses are read by UpgradePicker too), in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of SubscriptionStatus. */
export const subscriptionStatusMessages = /* @__PURE__ */ messageSection('subscriptionStatus', {
  label: ['Subscription status', 'Status des Abonnements'],
  active: ['Active', 'Aktiv'],
  trialing: ['Trial', 'Testphase'],
  paused: ['Paused', 'Pausiert'],
  past_due: ['Payment overdue', 'Zahlung überfällig'],
  unpaid: ['Unpaid', 'Unbezahlt'],
  canceled: ['Canceled', 'Gekündigt'],
  scheduled_cancel: ['Ends at period close', 'Endet mit dem Zeitraum'],
  expired: ['Expired', 'Abgelaufen'],
  renewsOn: ['Renews on {date}', 'Verlängert sich am {date}'],
  endsOn: ['Ends on {date}', 'Endet am {date}'],
  endedOn: ['Ended on {date}', 'Endete am {date}'],
  trialEndsOn: ['Trial ends on {date}', 'Testphase endet am {date}'],
  nextCharge: ['Next charge on {date}', 'Nächste Abbuchung am {date}'],
  canceledOn: ['Canceled on {date}', 'Gekündigt am {date}'],
  price: ['{amount} {period}', '{amount} {period}'],
  priceUnits: ['{units} × {amount} {period}', '{units} × {amount} {period}'],
  loading: ['Loading subscription…', 'Abonnement wird geladen …'],
  error: ['The subscription could not be loaded.', 'Das Abonnement konnte nicht geladen werden.'],
  empty: ['No subscription yet.', 'Noch kein Abonnement.'],
});
