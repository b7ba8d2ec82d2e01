// billing-kit/sandbox: an in-memory emulator of the subscription-billing service, with its
// hosted checkout page. Runs in Node and in the browser; only `listen` loads Node's http.
export type {
  CheckoutAnswers,
  CheckoutView,
  DeclineInput,
  DeclineResult,
  PayInput,
  PayResult,
} from './checkouts.js';
export type { SandboxFaults } from './faults.js';
export type { Listening } from './listen.js';
export { SANDBOX_FEE_PERCENT, SANDBOX_TAX_RATE_PERCENT } from './pricing.js';
export type { Seed } from './random.js';
export {
  createSandbox,
  DEFAULT_SANDBOX_BASE_URL,
  SANDBOX_EPOCH,
  type Sandbox,
  type SandboxData,
  type SandboxFixtures,
  type SandboxInspection,
  type SandboxOptions,
} from './sandbox.js';
export { catalogProductIds, demoCustomerIds } from './seed.js';
