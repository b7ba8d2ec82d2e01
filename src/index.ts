// billing-kit: the service's wire contract, the typed client and the helpers. Runs anywhere.

export * from './client/index.js';
export * from './contract/index.js';
