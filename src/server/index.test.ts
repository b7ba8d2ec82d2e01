import { describe, expect, it } from 'vitest';
import * as server from './index.js';

describe('billing-kit/server', () => {
  it('exports exactly its public API, every export defined', () => {
    expect(Object.keys(server).sort()).toEqual([
      'CatalogProductError',
      'createBillingHandler',
      'createMemoryStore',
      'toNodeHandler',
      'verifyReturnUrl',
    ]);
    for (const value of Object.values(server)) expect(value).toBeTypeOf('function');
  });
});
