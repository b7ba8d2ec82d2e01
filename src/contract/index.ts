// The contract layer: schemas, operation table, proxy route table and helpers.
export * from './endpoints.js';
export * from './issues.js';
export * from './proxy.js';
export * from './schemas.js';
