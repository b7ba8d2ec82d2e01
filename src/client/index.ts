// The service client: createBillingClient, BillingError and the functions that read error bodies.
export {
  type BaseAddress,
  type BillingClient,
  type BillingClientOptions,
  type BillingEnvironment,
  billingEnvironments,
  createBillingClient,
  type FetchLike,
  type OperationArgs,
  type OperationMethod,
  type OperationResult,
  type RequestOptions,
} from './client.js';
export {
  BillingError,
  type BillingErrorDetails,
  type BillingErrorKind,
  billingErrorFromResponse,
  billingErrorKinds,
  type ErrorFromResponseOptions,
  isBillingError,
  kindForStatus,
  parseRetryAfter,
  type ResponseLike,
  readBillingError,
  readErrorBody,
} from './error.js';
export type { BackoffOptions } from './retry.js';
