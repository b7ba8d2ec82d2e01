export {
  type CreditsAccountChangeDetails,
  CreditsHistory,
  type CreditsHistoryPart,
  type CreditsHistoryProps,
  type CreditsHistoryState,
  type CreditsHistoryVirtualizer,
} from './CreditsHistory.js';
