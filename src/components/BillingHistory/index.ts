export {
  BillingHistory,
  type BillingHistoryPageChangeDetails,
  type BillingHistoryPart,
  type BillingHistoryProps,
  type BillingHistoryState,
} from './BillingHistory.js';
