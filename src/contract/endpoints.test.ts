import { describe, expect, test } from 'vitest';
import { endpoints, schemaKeys } from './endpoints.js';
import { proxyRoutes } from './proxy.js';
import { proxyRouteInputs } from './proxy-inputs.js';

describe('the operation table', () => {
  test('holds the 16 operations of the document and the product retrieve', () => {
    expect(Object.keys(endpoints)).toHaveLength(17);
    const routes = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(routes).toContain('GET /v1/customers/{customer_id}/subscriptions');
    expect(routes).toContain('DELETE /v1/discounts/{discount_id}/delete');
    expect(routes).toContain('POST /v1/customer-credits/accounts/{account_id}/reverse');
    expect(routes).toContain('GET /v1/products');
  });

  test("each path's placeholders are exactly its params' keys", () => {
    for (const [name, e] of Object.entries(endpoints)) {
      const placeholders = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const params = 'params' in e ? schemaKeys(e.params) : [];
      expect(placeholders, name).toEqual(params);
    }
  });

  test('no input key is claimed by two parts of one operation', () => {
    for (const [name, e] of Object.entries(endpoints)) {
      const keys = [
        ...('params' in e ? schemaKeys(e.params) : []),
        ...('query' in e ? schemaKeys(e.query) : []),
        ...('body' in e ? schemaKeys(e.body) : []),
      ];
      expect(new Set(keys).size, name).toBe(keys.length);
    }
  });

  test('only POSTs with an idempotency key are marked safe to retry', () => {
    const safe = Object.entries(endpoints)
      .filter(([, e]) => 'idempotencyKey' in e)
      .map(([name, e]) => [name, (e as { idempotencyKey: string }).idempotencyKey]);
    expect(safe).toEqual([
      ['createCheckout', 'request_id'],
      ['creditAccount', 'idempotency_key'],
    ]);
  });
});

describe('the proxy route table', () => {
  test('admin routes are marked and live under /admin', () => {
    for (const [name, r] of Object.entries(proxyRoutes)) {
      expect('admin' in r, name).toBe(r.path.startsWith('/admin/'));
    }
  });

  test("a route's input is a JSON body on a POST and a query otherwise, as the proxy client sends it", () => {
    for (const [name, inputs] of Object.entries(proxyRouteInputs)) {
      const route = proxyRoutes[name as keyof typeof proxyRoutes];
      expect(route, name).toBeDefined();
      expect(Object.keys(inputs), name).toEqual([route.method === 'POST' ? 'body' : 'query']);
    }
  });
});
