// billing-kit/react: the provider, the hooks, the query keys and `*Options` factories.
// Components are added here by their authors.

export {
  BillingHistory,
  type BillingHistoryPageChangeDetails,
  type BillingHistoryPart,
  type BillingHistoryProps,
  type BillingHistoryState,
} from '../components/BillingHistory/index.js';
export {
  CheckoutForm,
  type CheckoutFormCollect,
  type CheckoutFormPart,
  type CheckoutFormProps,
  type CheckoutFormState,
  type CheckoutMetadata,
  type CustomFieldDefinition,
  type FieldAnswers,
} from '../components/CheckoutForm/index.js';
export {
  type CreditsAccountChangeDetails,
  CreditsHistory,
  type CreditsHistoryPart,
  type CreditsHistoryProps,
  type CreditsHistoryState,
  type CreditsHistoryVirtualizer,
} from '../components/CreditsHistory/index.js';
export {
  type DiscountCheck,
  DiscountField,
  type DiscountFieldChangeDetails,
  type DiscountFieldPart,
  type DiscountFieldProps,
  type DiscountFieldStatus,
  type DiscountReason,
} from '../components/DiscountField/index.js';
export {
  LicenseCard,
  type LicenseCardCheck,
  type LicenseCardErrorDetails,
  type LicenseCardFailure,
  type LicenseCardPart,
  type LicenseCardProps,
  type LicenseCardState,
  type LicenseCardSuccessDetails,
} from '../components/LicenseCard/index.js';
export {
  type MetricsChangeDetails,
  type MetricsCurrency,
  type MetricsInterval,
  type MetricsRange,
  type MetricsRangePreset,
  MetricsSummary,
  type MetricsSummaryPart,
  type MetricsSummaryProps,
  type MetricsSummaryState,
  metricsRangeDates,
} from '../components/MetricsSummary/index.js';
export {
  de,
  en,
  getMessages,
  type MessageKey,
  type Messages,
  type MessageValues,
} from '../components/messages/index.js';
export {
  PortalButton,
  type PortalButtonPart,
  type PortalButtonProps,
  type PortalButtonState,
} from '../components/PortalButton/index.js';
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
} from '../components/PricingTable/index.js';
export {
  type SubscriptionDateKind,
  SubscriptionStatus,
  type SubscriptionStatusPart,
  type SubscriptionStatusProps,
} from '../components/SubscriptionStatus/index.js';
export type {
  CustomizableProps,
  PartProps,
  SlotProps,
  Slots,
} from '../components/shared/slots.js';
export {
  type ChangeEstimate,
  type PlanDirection,
  UpgradePicker,
  type UpgradePickerErrorDetails,
  type UpgradePickerPart,
  type UpgradePickerProps,
  type UpgradePickerState,
  type UpgradePickerSuccess,
  type UpgradePickerValueDetails,
} from '../components/UpgradePicker/index.js';
export { isAllowedRedirect } from '../contract/redirects.js';
export type { Navigate } from './context.js';
export {
  billingKeys,
  type MetricsKeyParams,
  type PageKeyParams,
  type TransactionsKeyParams,
} from './keys.js';
export {
  type CheckoutInput,
  type CheckoutState,
  type CreditAccountInput,
  type DeleteDiscountInput,
  type MutationCallbacks,
  type RedirectState,
  type ReverseCreditTransactionInput,
  type UpgradeSubscriptionInput,
  type UseCheckoutOptions,
  type UseCheckoutResult,
  type UsePortalOptions,
  type UsePortalResult,
  type UseUpgradeSubscriptionResult,
  useCheckout,
  useCreditAccount,
  useDeleteDiscount,
  useLicense,
  usePortal,
  useReverseCreditTransaction,
  useUpgradeSubscription,
  type ValidateLicenseInput,
} from './mutations.js';
export {
  allCustomerSubscriptionsOptions,
  type CreditsAccountParams,
  type CreditsBalance,
  type CreditsCursor,
  type CreditsEntriesPage,
  type CreditsHistoryParams,
  type CustomerSubscriptionsParams,
  type CustomersParams,
  creditsAccountsOptions,
  creditsBalanceOptions,
  creditsHistoryOptions,
  customerSubscriptionsOptions,
  customersOptions,
  type DiscountParams,
  discountOptions,
  type PageParams,
  productsOptions,
  type StoreMetricsParams,
  type SubscriptionParams,
  storeMetricsOptions,
  subscriptionOptions,
  type TransactionsParams,
  transactionsOptions,
} from './options.js';
export { BillingProvider, type BillingProviderProps } from './provider.js';
export {
  createProxyClient,
  DEFAULT_BASE_PATH,
  isTransientError,
  type ProxyCall,
  type ProxyCallOptions,
  type ProxyClient,
  type ProxyClientOptions,
  type ProxyFetch,
  type ProxyRouteInput,
  type ProxyRouteOutput,
} from './proxy-client.js';
export {
  type QueryPassThrough,
  type UseCreditsAccountsOptions,
  type UseCreditsBalanceOptions,
  type UseCreditsHistoryOptions,
  type UseCustomerSubscriptionsOptions,
  type UseCustomersOptions,
  type UseDiscountOptions,
  type UseProductsOptions,
  type UseStoreMetricsOptions,
  type UseSubscriptionOptions,
  type UseTransactionsOptions,
  useAllCustomerSubscriptions,
  useCreditsAccounts,
  useCreditsBalance,
  useCreditsHistory,
  useCustomerSubscriptions,
  useCustomers,
  useDiscount,
  useProducts,
  useStoreMetrics,
  useSubscription,
  useTransactions,
} from './queries.js';
// Plain data and functions come from modules without 'use client', so that a server component
// can call them (`metricsRangeDates`, `themeVariables`, the keys and the factories).
export {
  type BillingTheme,
  type ThemeAppearance,
  type ThemeVariable,
  themeVariables,
} from './theme.js';
export { BillingUIProvider, type BillingUIProviderProps } from './ui-context.js';
