export {
  LicenseCard,
  type LicenseCardCheck,
  type LicenseCardErrorDetails,
  type LicenseCardFailure,
  type LicenseCardPart,
  type LicenseCardProps,
  type LicenseCardState,
  type LicenseCardSuccessDetails,
  maskLicenseKey,
} from './LicenseCard.js';
