// The strings of LicenseCard, in English and German. A component imports only the
// sections it shows, so a component used alone carries only its own strings.
import { messageSection } from '../section.js';

/** The strings of LicenseCard. */
export const licenseCardMessages = /* @__PURE__ */ messageSection('licenseCard', {
  label: ['License', 'Lizenz'],
  key: ['License key', 'Lizenzschlüssel'],
  show: ['Show key', 'Schlüssel anzeigen'],
  hide: ['Hide key', 'Schlüssel verbergen'],
  copy: ['Copy key', 'Schlüssel kopieren'],
  copied: ['Copied', 'Kopiert'],
  activations: ['{used} of {limit}', '{used} von {limit}'],
  activationsUnlimited: ['{used} of unlimited', '{used} von unbegrenzt'],
  expires: ['Expires on {date}', 'Läuft am {date} ab'],
  expired: ['Expired on {date}', 'Abgelaufen am {date}'],
  neverExpires: ['Never expires', 'Läuft nie ab'],
  'status.inactive': ['Not activated', 'Nicht aktiviert'],
  'status.active': ['Active', 'Aktiv'],
  'status.expired': ['Expired', 'Abgelaufen'],
  'status.disabled': ['Disabled', 'Deaktiviert'],
  error: ['The license could not be checked.', 'Die Lizenz konnte nicht geprüft werden.'],
  instanceId: ['Instance ID', 'Instanz-ID'],
  validate: ['Check license', 'Lizenz prüfen'],
  validating: ['Checking the license…', 'Lizenz wird geprüft …'],
  keyRequired: ['Enter a license key.', 'Geben Sie einen Lizenzschlüssel ein.'],
  instanceRequired: ['Enter the instance ID.', 'Geben Sie die Instanz-ID ein.'],
  notFound: [
    'No such license key, or it is not activated for this instance.',
    'Diesen Lizenzschlüssel gibt es nicht, oder er ist für diese Instanz nicht aktiviert.',
  ],
  statusLabel: ['Status', 'Status'],
  activationsLabel: ['Activations', 'Aktivierungen'],
  expiryLabel: ['Expiry', 'Ablauf'],
  instanceLabel: ['Instance', 'Instanz'],
  instanceValue: ['{name} ({status})', '{name} ({status})'],
  'instanceStatus.active': ['active', 'aktiv'],
  'instanceStatus.deactivated': ['deactivated', 'deaktiviert'],
  keyHidden: ['hidden, ends in {last}', 'verborgen, endet auf {last}'],
  copyFailed: ['The key could not be copied.', 'Der Schlüssel konnte nicht kopiert werden.'],
  checked: ['License checked: {status}', 'Lizenz geprüft: {status}'],
  checkedInstance: [
    'License checked: not active on this instance ({name}, {status})',
    'Lizenz geprüft: auf dieser Instanz nicht aktiv ({name}, {status})',
  ],
});
