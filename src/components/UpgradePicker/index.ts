export {
  allowsPlanChange,
  type ChangeEstimate,
  candidatePlans,
  estimateChange,
  type PlanDirection,
  planDirection,
  upgradableStatuses,
} from './estimate.js';
export {
  UpgradePicker,
  type UpgradePickerErrorDetails,
  type UpgradePickerPart,
  type UpgradePickerProps,
  type UpgradePickerState,
  type UpgradePickerSuccess,
  type UpgradePickerValueDetails,
} from './UpgradePicker.js';
