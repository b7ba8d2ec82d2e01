// The English message catalogue: every string a component shows, composed of one section per
// component (sections/). Keys are `<component>.<message>`; `{name}` marks a value filled in
// by `format`. Keys that end in an enum value (`subscriptionStatus.past_due`) let a component
// look a state up directly and fall back to the `.unknown` key for a value it does not know.

import { billingHistoryMessages } from './sections/billingHistory.js';
import { checkoutFormMessages } from './sections/checkoutForm.js';
import { commonMessages } from './sections/common.js';
import { creditsHistoryMessages } from './sections/creditsHistory.js';
import { discountFieldMessages } from './sections/discountField.js';
import { licenseCardMessages } from './sections/licenseCard.js';
import { metricsSummaryMessages } from './sections/metricsSummary.js';
import { portalButtonMessages } from './sections/portalButton.js';
import { pricingTableMessages } from './sections/pricingTable.js';
import { subscriptionStatusMessages } from './sections/subscriptionStatus.js';
import { upgradePickerMessages } from './sections/upgradePicker.js';

/** The English messages, the reference catalogue: every other locale has exactly these keys. */
export const en = {
  ...commonMessages.en,
  ...pricingTableMessages.en,
  ...checkoutFormMessages.en,
  ...discountFieldMessages.en,
  ...upgradePickerMessages.en,
  ...creditsHistoryMessages.en,
  ...billingHistoryMessages.en,
  ...portalButtonMessages.en,
  ...licenseCardMessages.en,
  ...subscriptionStatusMessages.en,
  ...metricsSummaryMessages.en,
};

/** The message catalogue: one string per key of the English catalogue. */
export type Messages = { [Key in keyof typeof en]: string };

/** A message key, such as `'pricingTable.subscribe'`. */
export type MessageKey = keyof Messages;
