// The strings of SubscriptionStatus (statuses are read by UpgradePicker too), in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import type { MessageSection } from '../section.js';

const en = {
  'subscriptionStatus.label': 'Subscription status',
  'subscriptionStatus.active': 'Active',
  'subscriptionStatus.trialing': 'Trial',
  'subscriptionStatus.paused': 'Paused',
  'subscriptionStatus.past_due': 'Payment overdue',
  'subscriptionStatus.unpaid': 'Unpaid',
  'subscriptionStatus.canceled': 'Canceled',
  'subscriptionStatus.scheduled_cancel': 'Ends at period close',
  'subscriptionStatus.expired': 'Expired',
  'subscriptionStatus.renewsOn': 'Renews on {date}',
  'subscriptionStatus.endsOn': 'Ends on {date}',
  'subscriptionStatus.endedOn': 'Ended on {date}',
  'subscriptionStatus.trialEndsOn': 'Trial ends on {date}',
  'subscriptionStatus.nextCharge': 'Next charge on {date}',
  'subscriptionStatus.canceledOn': 'Canceled on {date}',
  'subscriptionStatus.price': '{amount} {period}',
  'subscriptionStatus.priceUnits': '{units} × {amount} {period}',
  'subscriptionStatus.loading': 'Loading subscription…',
  'subscriptionStatus.error': 'The subscription could not be loaded.',
  'subscriptionStatus.empty': 'No subscription yet.',
};

const de: Record<keyof typeof en, string> = {
  'subscriptionStatus.label': 'Status des Abonnements',
  'subscriptionStatus.active': 'Aktiv',
  'subscriptionStatus.trialing': 'Testphase',
  'subscriptionStatus.paused': 'Pausiert',
  'subscriptionStatus.past_due': 'Zahlung überfällig',
  'subscriptionStatus.unpaid': 'Unbezahlt',
  'subscriptionStatus.canceled': 'Gekündigt',
  'subscriptionStatus.scheduled_cancel': 'Endet mit dem Zeitraum',
  'subscriptionStatus.expired': 'Abgelaufen',
  'subscriptionStatus.renewsOn': 'Verlängert sich am {date}',
  'subscriptionStatus.endsOn': 'Endet am {date}',
  'subscriptionStatus.endedOn': 'Endete am {date}',
  'subscriptionStatus.trialEndsOn': 'Testphase endet am {date}',
  'subscriptionStatus.nextCharge': 'Nächste Abbuchung am {date}',
  'subscriptionStatus.canceledOn': 'Gekündigt am {date}',
  'subscriptionStatus.price': '{amount} {period}',
  'subscriptionStatus.priceUnits': '{units} × {amount} {period}',
  'subscriptionStatus.loading': 'Abonnement wird geladen …',
  'subscriptionStatus.error': 'Das Abonnement konnte nicht geladen werden.',
  'subscriptionStatus.empty': 'Noch kein Abonnement.',
};

/** The strings of SubscriptionStatus. */
export const subscriptionStatusMessages: MessageSection<keyof typeof en> = { en, de };
