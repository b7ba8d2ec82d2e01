export {
  type CardActionState,
  type PeriodChangeDetails,
  type PlanState,
  PricingTable,
  type PricingTableErrorDetails,
  type PricingTablePart,
  type PricingTableProps,
  type PricingTableState,
  type PricingTableSuccess,
} from './PricingTable.js';
