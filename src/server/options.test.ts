import { describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox/index.js';
import { type BillingHandlerOptions, createBillingHandler, createMemoryStore } from './index.js';

const key = 'creem_test_options_key_0123456789';
const base: BillingHandlerOptions = {
  apiKey: key,
  baseUrl: 'https://sandbox.billing-kit.test',
  fetch: async () => new Response('{}'),
  products: ['prod_a'],
  getCustomer: () => null,
};

function fails(options: unknown, message: RegExp) {
  let thrown: unknown;
  try {
    createBillingHandler(options as BillingHandlerOptions);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(TypeError);
  const text = (thrown as Error).message;
  expect(text).toMatch(/^billing-kit: /);
  expect(text).toMatch(message);
  expect(text).not.toContain(key);
}

describe('createBillingHandler options', () => {
  it('builds a handler with the defaults and exposes its basePath', () => {
    expect(createBillingHandler(base).basePath).toBe('/api/billing');
    expect(createBillingHandler({ ...base, basePath: '/billing/' }).basePath).toBe('/billing');
  });

  it('takes the service as environment, a base address such as the sandbox’s, as design.md writes it', async () => {
    const sandbox = createSandbox();
    const handler = createBillingHandler({
      apiKey: sandbox.apiKey,
      environment: sandbox.baseUrl as `https://${string}`,
      fetch: sandbox.fetch,
      products: ['prod_pro_monthly'],
      getCustomer: () => null,
    });
    const answer = await handler(new Request('https://shop.test/api/billing/products'));
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { items: { id: string }[] }).items[0]?.id).toBe(
      'prod_pro_monthly',
    );
  });

  it('runs on sandbox.fetch as a drop-in for the test environment: checkout and portal links lead to the sandbox', async () => {
    const sandbox = createSandbox();
    const handler = createBillingHandler({
      apiKey: sandbox.apiKey,
      environment: 'test',
      fetch: sandbox.fetch,
      products: ['prod_pro_monthly'],
      getCustomer: () => ({ id: 'cust_ada' }),
    });
    const post = (path: string, body: unknown) =>
      handler(
        new Request(`https://shop.test/api/billing${path}`, {
          method: 'POST',
          headers: { origin: 'https://shop.test', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const checkout = await post('/checkouts', { product_id: 'prod_pro_monthly' });
    expect(checkout.status).toBe(200);
    const { checkout_url } = (await checkout.json()) as { checkout_url: string };
    expect(checkout_url.startsWith(`${sandbox.baseUrl}/checkout/`)).toBe(true);
    const portal = await post('/portal', {});
    expect(portal.status).toBe(200);
    const { customer_portal_link } = (await portal.json()) as { customer_portal_link: string };
    expect(customer_portal_link.startsWith(`${sandbox.baseUrl}/portal/`)).toBe(true);
  });

  it('names the option that is wrong', () => {
    fails(undefined, /options object/);
    fails({ ...base, apiKey: '' }, /`apiKey` is required/);
    fails({ ...base, getCustomer: undefined }, /`getCustomer` is required/);
    fails({ ...base, products: 'prod_a' }, /`products` is required/);
    fails({ ...base, products: ['prod_a', ''] }, /`products\[1\]` must be a product id/);
    fails({ ...base, products: ['prod_a', 'prod_a'] }, /`products\[1\]` repeats/);
    fails({ ...base, environment: 'staging' }, /`environment` must be 'test', 'production' or an/);
    fails(
      { ...base, environment: 'https://sandbox.test', baseUrl: 'https://sandbox.test' },
      /`environment` and baseUrl both give a base address/,
    );
    fails({ ...base, baseUrl: 'ftp://x' }, /`baseUrl` must be an http\(s\) URL/);
    // A key for the other environment, at either service's own address as by name.
    const { baseUrl: _, ...upstreamless } = base;
    for (const [options, message] of [
      [{ environment: 'production' }, /environment is 'production'.* but apiKey is a test key/],
      [
        { environment: 'https://api.creem.io' },
        /environment is 'production'.* but apiKey is a test key/,
      ],
      [
        { baseUrl: 'https://api.creem.io' },
        /environment is 'production'.* but apiKey is a test key/,
      ],
      [
        { apiKey: 'creem_options_key_0123456789', baseUrl: 'https://test-api.creem.io' },
        /environment is 'test'.* but apiKey is not a test key/,
      ],
    ] as const) {
      fails({ ...upstreamless, ...options }, message);
    }
    fails({ ...base, basePath: 'api' }, /`basePath` must be a path/);
    // A request's path has its dot segments resolved before it arrives, so a base path holding
    // one could never match: refused at start, not a 404 on every request.
    for (const basePath of ['/api/../billing', '/api/./billing', '/api/billing/..', '/.']) {
      fails({ ...base, basePath }, /`basePath` must not hold `\.` or `\.\.` segments/);
    }
    fails({ ...base, allowedOrigins: 'https://shop.test' }, /`allowedOrigins` must be an array/);
    fails(
      { ...base, allowedOrigins: ['https://shop.test/path'] },
      /`allowedOrigins\[0\]` must be an origin: scheme, host and port only, such as "https:\/\/shop.test"/,
    );
    for (const [value, origin] of [
      ['https://shop.test?x=1', 'https://shop.test'],
      ['https://admin@shop.test', 'https://shop.test'],
      ['https://shop.test#top', 'https://shop.test'],
    ]) {
      fails({ ...base, allowedOrigins: [value] }, new RegExp(`such as "${origin}"`));
    }
    fails(
      { ...base, allowedOrigins: ['shop.test:443'] },
      /`allowedOrigins\[0\]` must be an origin: scheme, host and port only, such as https:\/\/shop.example/,
    );
    fails({ ...base, catalogTtlMs: -1 }, /`catalogTtlMs` must be a number/);
    fails({ ...base, bodyLimit: 0 }, /`bodyLimit` must be a whole number/);
    fails({ ...base, rateLimit: { limit: 0 } }, /`rateLimit.limit`/);
    fails({ ...base, rateLimit: { clientIpHeader: 'bad header' } }, /`rateLimit.clientIpHeader`/);
    fails({ ...base, rateLimit: { per: 5 } }, /`rateLimit.per` is not an option/);
    fails({ ...base, store: { get() {} } }, /`store` must implement .*missing set/);
    fails({ ...base, isAdmin: true }, /`isAdmin` must be a function/);
    fails({ ...base, onError: 'console' }, /`onError` must be a function/);
    fails(
      { ...base, allowAnonymousCheckout: 'yes' },
      /`allowAnonymousCheckout` must be true or false/,
    );
    fails({ ...base, alowedOrigins: [] }, /`alowedOrigins` is not an option/);
  });

  it('accepts every documented option', () => {
    const handler = createBillingHandler({
      ...base,
      environment: 'test',
      timeoutMs: 5000,
      isAdmin: () => false,
      basePath: '/billing',
      allowedOrigins: ['https://shop.test', 'http://localhost:5173'],
      catalogTtlMs: 0,
      allowAnonymousCheckout: true,
      allowCustomPrice: true,
      checkoutMetadata: (_request, customer) => ({ userId: customer?.id ?? null }),
      store: createMemoryStore(),
      idempotencyTtlMs: 60_000,
      rateLimit: { limit: 5, windowMs: 1000, clientKey: () => null, clientIpHeader: 'x-real-ip' },
      bodyLimit: 1024,
      onError: () => {},
      allowBrowser: false,
    });
    expect(typeof handler).toBe('function');
    expect(createBillingHandler({ ...base, rateLimit: false }).basePath).toBe('/api/billing');
  });
});
