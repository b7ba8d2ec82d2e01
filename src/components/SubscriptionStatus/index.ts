export {
  type SubscriptionDateKind,
  SubscriptionStatus,
  type SubscriptionStatusPart,
  type SubscriptionStatusProps,
} from './SubscriptionStatus.js';
