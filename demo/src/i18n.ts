// The storefront's own words (the components bring theirs): English and German.
import { createContext, useContext } from 'react';

export type Locale = 'en-US' | 'de-DE';

const en = {
  locale: 'en-US' as Locale,
  skip: 'Skip to content',
  brand: 'Lumen Notes',
  tagline: 'billing-kit demo storefront',
  nav: 'Main',
  navPricing: 'Pricing',
  navAccount: 'Account',
  navSeller: 'Seller',
  settings: 'Demo settings',
  signedInAs: 'Signed in as',
  signedOut: 'Signed out',
  newBuyer: 'New buyer (e-mail)…',
  seller: 'Seller (admin)',
  email: 'E-mail',
  signIn: 'Sign in',
  emailEmpty: 'Enter an e-mail address.',
  emailTooLong: 'An e-mail address has at most 254 characters.',
  emailSpaces: 'An e-mail address cannot contain spaces.',
  emailShape: 'Use one @ with a name before it and a domain after it, as in name@example.com.',
  emailDomain: 'The domain “{domain}” has no dot: use a full domain, as in name@example.com.',
  theme: 'Theme',
  light: 'Light',
  dark: 'Dark',
  language: 'Language',
  modeSandbox: 'Running on the embedded sandbox: test mode, no real payment.',
  modeTest: 'Running against the service’s test environment.',
  modeStatic: 'No demo server answered: the switch only lists a new buyer.',
  sessionAsEmail: 'Buying as {email}',
  pricingTitle: 'Pick your plan',
  pricingLead: 'Notes that think along. Start small, change plans any time.',
  productTitle: 'Checkout',
  pricingPlans: 'Plans',
  productBack: 'Back to pricing',
  productHeld: 'You already have this plan.',
  productHeldManage: 'Change or manage it on your account page rather than buying it twice.',
  productChecking: 'Looking up your plans…',
  fieldCompany: 'Company name',
  fieldNews: 'Product news',
  fieldNewsBox: 'Email me when new features ship',
  returnTitle: 'Thank you!',
  returnLead: 'Your payment went through. Here is what you bought.',
  returnMissing: 'This page is where the payment page sends you after paying.',
  returnCheckTitle: 'Your payment',
  returnCheckingLink: 'Looking up the link from the payment page…',
  returnCheckFailed: 'The link from the payment page could not be checked.',
  returnUnconfirmedTitle: 'Payment not confirmed',
  returnUnconfirmed:
    'This link could not be confirmed as coming from the payment page, so it says nothing about a payment. If you paid, your account shows it.',
  returnProduct: 'Product',
  returnOrder: 'Order',
  returnCheckout: 'Checkout',
  returnPaid: 'Paid',
  returnSubscription: 'Subscription',
  returnSignedOut:
    'You paid as a guest. To see your account, sign in with the switch above: “New buyer” and the e-mail you paid with.',
  returnToAccount: 'Go to your account',
  returnChecking: 'Looking up your order…',
  returnFailed: 'Your order could not be loaded.',
  returnNotYours: 'This order is not on the account you are signed in with.',
  retry: 'Try again',
  accountTitle: 'Your account',
  accountSignedOut: 'Sign in with the switch above to see your subscription, credits and invoices.',
  accountSubscriptions: 'Subscriptions',
  accountSubscriptionsLoading: 'Loading your subscriptions…',
  accountSubscriptionsFailed: 'Your subscriptions could not be loaded.',
  accountNoBillingYet:
    'There is no billing account for {email} yet. Your first payment opens one; then “Manage billing” appears here.',
  accountChangePlan: 'Change plan',
  accountBilling: 'Billing history',
  sellerTitle: 'Seller dashboard',
  sellerLead: 'Revenue and customers across the store.',
  sellerOnly: 'This page is for the seller. Tick “Seller (admin)” above to see it.',
  notFoundTitle: 'Page not found',
  notFoundLead: 'There is no page at this address.',
  footer: 'A demo of billing-kit: every figure comes from the proxy and the sandbox behind it.',
};

export type DemoMessages = typeof en;

const de: DemoMessages = {
  locale: 'de-DE',
  skip: 'Zum Inhalt springen',
  brand: 'Lumen Notes',
  tagline: 'Demo-Shop von billing-kit',
  nav: 'Hauptmenü',
  navPricing: 'Preise',
  navAccount: 'Konto',
  navSeller: 'Verkäufer',
  settings: 'Demo-Einstellungen',
  signedInAs: 'Angemeldet als',
  signedOut: 'Abgemeldet',
  newBuyer: 'Neuer Käufer (E-Mail)…',
  seller: 'Verkäufer (Admin)',
  email: 'E-Mail',
  signIn: 'Anmelden',
  emailEmpty: 'Geben Sie eine E-Mail-Adresse ein.',
  emailTooLong: 'Eine E-Mail-Adresse hat höchstens 254 Zeichen.',
  emailSpaces: 'Eine E-Mail-Adresse darf keine Leerzeichen enthalten.',
  emailShape:
    'Verwenden Sie ein @ mit einem Namen davor und einer Domain danach, etwa name@example.com.',
  emailDomain:
    'Die Domain „{domain}“ hat keinen Punkt: Verwenden Sie eine vollständige Domain, etwa name@example.com.',
  theme: 'Design',
  light: 'Hell',
  dark: 'Dunkel',
  language: 'Sprache',
  modeSandbox: 'Läuft auf der eingebauten Sandbox: Testmodus, keine echte Zahlung.',
  modeTest: 'Läuft gegen die Testumgebung des Dienstes.',
  modeStatic: 'Kein Demo-Server antwortet: Die Auswahl bietet nur einen neuen Käufer.',
  sessionAsEmail: 'Kauf als {email}',
  pricingTitle: 'Wählen Sie Ihren Tarif',
  pricingLead: 'Notizen, die mitdenken. Klein anfangen, jederzeit wechseln.',
  productTitle: 'Zur Kasse',
  pricingPlans: 'Tarife',
  productBack: 'Zurück zu den Preisen',
  productHeld: 'Sie haben diesen Tarif bereits.',
  productHeldManage:
    'Wechseln oder verwalten Sie ihn in Ihrem Konto, statt ihn ein zweites Mal zu kaufen.',
  productChecking: 'Ihre Tarife werden geladen…',
  fieldCompany: 'Firmenname',
  fieldNews: 'Produktneuigkeiten',
  fieldNewsBox: 'Schreiben Sie mir, wenn neue Funktionen erscheinen',
  returnTitle: 'Vielen Dank!',
  returnLead: 'Ihre Zahlung ist eingegangen. Das haben Sie gekauft:',
  returnMissing: 'Auf diese Seite leitet die Zahlungsseite nach dem Bezahlen weiter.',
  returnCheckTitle: 'Ihre Zahlung',
  returnCheckingLink: 'Der Link der Zahlungsseite wird geprüft…',
  returnCheckFailed: 'Der Link der Zahlungsseite konnte nicht geprüft werden.',
  returnUnconfirmedTitle: 'Zahlung nicht bestätigt',
  returnUnconfirmed:
    'Dieser Link konnte nicht als Link der Zahlungsseite bestätigt werden und sagt daher nichts über eine Zahlung. Wenn Sie bezahlt haben, zeigt Ihr Konto es.',
  returnProduct: 'Produkt',
  returnOrder: 'Bestellung',
  returnCheckout: 'Checkout',
  returnPaid: 'Bezahlt',
  returnSubscription: 'Abonnement',
  returnSignedOut:
    'Sie haben als Gast bezahlt. Melden Sie sich oben an („Neuer Käufer“ und die E-Mail, mit der Sie bezahlt haben), um Ihr Konto zu sehen.',
  returnToAccount: 'Zu Ihrem Konto',
  returnChecking: 'Ihre Bestellung wird gesucht…',
  returnFailed: 'Ihre Bestellung konnte nicht geladen werden.',
  returnNotYours: 'Diese Bestellung gehört nicht zu dem Konto, mit dem Sie angemeldet sind.',
  retry: 'Erneut versuchen',
  accountTitle: 'Ihr Konto',
  accountSignedOut: 'Melden Sie sich oben an, um Abonnement, Guthaben und Rechnungen zu sehen.',
  accountSubscriptions: 'Abonnements',
  accountSubscriptionsLoading: 'Ihre Abonnements werden geladen…',
  accountSubscriptionsFailed: 'Ihre Abonnements konnten nicht geladen werden.',
  accountNoBillingYet:
    'Für {email} gibt es noch kein Abrechnungskonto. Ihre erste Zahlung legt es an; dann erscheint hier „Abrechnung verwalten“.',
  accountChangePlan: 'Tarif wechseln',
  accountBilling: 'Zahlungsverlauf',
  sellerTitle: 'Verkäufer-Übersicht',
  sellerLead: 'Umsatz und Kunden des ganzen Shops.',
  sellerOnly: 'Diese Seite ist für den Verkäufer. Setzen Sie oben „Verkäufer (Admin)“.',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundLead: 'Unter dieser Adresse gibt es keine Seite.',
  footer: 'Eine Demo von billing-kit: Jede Zahl kommt vom Proxy und der Sandbox dahinter.',
};

export const catalogues: Record<Locale, DemoMessages> = { 'en-US': en, 'de-DE': de };

export const DemoMessagesContext = createContext<DemoMessages>(en);

/** The storefront's words in the chosen locale. */
export function useText(): DemoMessages {
  return useContext(DemoMessagesContext);
}

/** Fills `{name}` placeholders. */
export function fill(message: string, values: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
