// The contract layer: schemas, operation table, proxy route table and helpers.
export * from './amount.js';
export * from './endpoints.js';
export * from './issues.js';
export * from './money.js';
export * from './paths.js';
export * from './period.js';
export * from './proration.js';
export * from './proxy.js';
export * from './proxy-inputs.js';
export * from './redirects.js';
export * from './requests.js';
export * from './schemas.js';
