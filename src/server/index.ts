// billing-kit/server: the proxy. `createBillingHandler` is one fetch-style handler
// (`(Request) => Promise<Response>`) for any server runtime; `toNodeHandler` adapts it to
// Node's `http` and to Express. Its state sits behind `BillingStore` (in memory by default).
export { type BillingHandler, createBillingHandler } from './handler.js';
export {
  type NodeHandler,
  type NodeIncomingMessage,
  type NodeRequest,
  type NodeServerResponse,
  toNodeHandler,
} from './node.js';
export type {
  BillingCustomer,
  BillingErrorContext,
  BillingHandlerOptions,
  RateLimitOptions,
  ServerMetadata,
} from './options.js';
export { verifyReturnUrl } from './return-url.js';
export { CatalogProductError } from './routes/catalog.js';
export { type BillingStore, createMemoryStore, type MemoryStoreOptions } from './store.js';
