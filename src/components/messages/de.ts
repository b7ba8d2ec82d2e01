// The German message catalogue: the same keys and placeholders as the English one, composed
// of the sections' German halves. Pass it as `messages` to override single strings, or rely
// on `locale="de-…"`, which picks it.
import type { Messages } from './en.js';
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

/** The German messages (used for every `de*` locale). */
export const de: Messages = {
  ...commonMessages.de,
  ...pricingTableMessages.de,
  ...checkoutFormMessages.de,
  ...discountFieldMessages.de,
  ...upgradePickerMessages.de,
  ...creditsHistoryMessages.de,
  ...billingHistoryMessages.de,
  ...portalButtonMessages.de,
  ...licenseCardMessages.de,
  ...subscriptionStatusMessages.de,
  ...metricsSummaryMessages.de,
};
