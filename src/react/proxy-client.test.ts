import { describe, expect, it } from 'vitest';
import { createBillingHarness, seededCreditAccount } from '../../test/support/billing-harness.js';
import { BillingError } from '../client/error.js';
import type { Product } from '../contract/schemas.js';
import { createSandbox } from '../sandbox/index.js';
import { createProxyClient, type ProxyFetch } from './proxy-client.js';

function recorded() {
  const harness = createBillingHarness({ admin: true });
  const sent: { url: string; init: RequestInit }[] = [];
  const fetch: ProxyFetch = (url, init) => {
    sent.push({ url, init });
    return harness.fetch(`${harness.origin}${url}`, init);
  };
  return { harness, sent, client: createProxyClient({ fetch }) };
}

describe('createProxyClient', () => {
  it('builds each route’s path and query, same-origin credentials, and parses the answer', async () => {
    const { client, sent } = recorded();
    const list = await client.creditEntries({
      account_id: seededCreditAccount('cust_ada'),
      limit: 2,
      starting_after: undefined,
    });
    expect(list.data).toHaveLength(2);
    expect(list.has_more).toBe(true);
    expect(sent[0]?.url).toBe(
      `/api/billing/credits/accounts/${seededCreditAccount('cust_ada')}/entries?limit=2`,
    );
    expect(sent[0]?.init).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    expect(sent[0]?.init.body).toBeUndefined();
  });

  it('sends a JSON body for POST routes and encodes path values', async () => {
    const { client, sent } = recorded();
    const error = await client
      .validateLicense({ key: 'AAAAA-BBBBB', instance_id: 'ins/1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingError);
    expect(sent[0]?.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'AAAAA-BBBBB', instance_id: 'ins/1' }),
    });
    await client.discount({ code: 'A B/C' }).catch(() => undefined);
    expect(sent[1]?.url).toBe('/api/billing/discounts/A%20B%2FC');
  });

  it('turns the proxy’s 400 into a BillingError with each refused field', async () => {
    const { client } = recorded();
    const error = await client.subscriptions({ page: 1, page_size: 1000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'BillingError',
      kind: 'invalid_request',
      status: 400,
      operation: 'subscriptions',
      fields: [{ field: 'page_size', message: expect.any(String) }],
    });
    expect((error as Error).message).toMatch(
      /^billing-kit: subscriptions failed \(400 Bad Request\)/,
    );
  });

  it('reports an unreachable proxy as kind network', async () => {
    const client = createProxyClient({
      basePath: 'https://shop.test/api/billing',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await client.products().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: 0, operation: 'products' });
    expect((error as Error).message).toBe(
      'billing-kit: products could not reach the billing proxy at https://shop.test/api/billing (Failed to fetch). ' +
        'Check the network, and that the proxy handler is mounted at the provider’s basePath.',
    );
  });

  it('off a page, blames the network, not the path, when a fetch that takes paths fails', async () => {
    const client = createProxyClient({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await client.products().catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'billing-kit: products could not reach the billing proxy at /api/billing (fetch failed). ' +
        'Check the network, and that the proxy handler is mounted at the provider’s basePath.',
    );
  });

  it('off a page, says a path basePath needs an origin and how to give one', async () => {
    // Node's own fetch, as a server rendering would call it: a bare path is no URL there.
    const error = await createProxyClient()
      .products()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: 0, operation: 'products' });
    expect((error as Error).message).toMatch(
      /^billing-kit: products could not reach the billing proxy at \/api\/billing \(.+\)\. Off a page there is no origin to resolve a path against: pass an absolute basePath, such as new URL\('\/api\/billing', request\.url\)\.href, or a fetch that takes paths\.$/,
    );
  });

  it('rethrows the abort reason, not a network error, when the caller aborts', async () => {
    const { harness } = recorded();
    const release = harness.hold('products');
    const client = createProxyClient({
      fetch: (url, init) => harness.fetch(`${harness.origin}${url}`, init),
    });
    const controller = new AbortController();
    const pending = client.products(undefined, { signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
    release();
  });

  it('names a web page where JSON was expected, and a body that breaks the contract', async () => {
    const html = createProxyClient({
      fetch: async () => new Response('<!doctype html><title>Shop</title>', { status: 200 }),
    });
    await expect(html.products()).rejects.toMatchObject({
      kind: 'invalid_response',
      message: expect.stringContaining('points at the billing-kit proxy handler'),
    });
    const wrong = createProxyClient({
      fetch: async () => Response.json({ items: [{ id: 'prod_1' }] }),
    });
    const error = await wrong.products().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid_response', path: 'items.0.mode' });

    // Inside an expanded product (a union of an id and a product), the field itself.
    const seeded = createSandbox()
      .fixtures()
      .subscriptions.find((s) => s.status === 'active' && typeof s.product !== 'string');
    if (!seeded) throw new Error('seed changed: no active subscription with its product');
    const { price: _price, ...product } = seeded.product as Product;
    const partial = createProxyClient({
      fetch: async () => Response.json({ ...seeded, product }),
    });
    const inner = await partial.subscription({ subscription_id: 'sub_1' }).catch((e: unknown) => e);
    expect(inner).toMatchObject({
      kind: 'invalid_response',
      path: 'product.price',
      messages: ['product.price is required'],
    });
  });

  it('says when an error answer is not the proxy’s (a wrong basePath, a server in front), keeping the kind its status means', async () => {
    const answering = (status: number, body: string) =>
      createProxyClient({ fetch: async () => new Response(body, { status }) });
    // The app's own 404 page: the proxy is not mounted at basePath.
    const missing = await answering(404, '<!doctype html><h1>Not found</h1>')
      .products()
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(BillingError);
    expect(missing).toMatchObject({ kind: 'not_found', status: 404, operation: 'products' });
    expect((missing as BillingError).message).toBe(
      'billing-kit: products failed (404 Not Found): the answer is not the billing-kit proxy’s ' +
        '(every answer of createBillingHandler carries its JSON error body). Check that ' +
        'createBillingHandler is mounted at basePath (/api/billing), and what answers there in front of it.',
    );
    // The app's own sign-in wall: nothing to do with an API key, which the browser never has.
    const wall = await answering(401, 'Unauthorized')
      .products()
      .catch((e: unknown) => e);
    expect(wall).toMatchObject({ kind: 'auth', status: 401 });
    expect((wall as BillingError).message).not.toContain('API key');
    // A gateway's 502 is still a transient failure, retried as any 5xx.
    const gateway = await answering(502, '<html>Bad gateway</html>')
      .products()
      .catch((e: unknown) => e);
    expect(gateway).toMatchObject({ kind: 'server', status: 502 });

    // The proxy's own refusal keeps the proxy's words.
    const { client } = recorded();
    const refused = await client.subscription({ subscription_id: 'sub_nope' }).catch((e) => e);
    expect(refused).toMatchObject({ kind: 'not_found', status: 404 });
    expect((refused as BillingError).message).not.toContain('not the billing-kit proxy');
  });

  it('refuses an empty path value before sending anything', async () => {
    const { client, sent } = recorded();
    await expect(client.subscription({ subscription_id: '' })).rejects.toMatchObject({
      kind: 'invalid_request',
      fields: [{ field: 'subscription_id', message: 'must not be empty' }],
    });
    // `/subscriptions/..` would reach another route once the URL is resolved.
    for (const id of ['.', '..']) {
      await expect(client.subscription({ subscription_id: id })).rejects.toMatchObject({
        kind: 'invalid_request',
        fields: [{ field: 'subscription_id', message: `must be an id, not "${id}"` }],
      });
    }
    expect(sent).toHaveLength(0);
  });

  it('uses the global fetch only when called, and an absolute basePath as given', async () => {
    const harness = createBillingHarness();
    const original = globalThis.fetch;
    const client = createProxyClient({ basePath: 'https://shop.example/billing/' });
    const seen: string[] = [];
    globalThis.fetch = ((input: string) => {
      seen.push(input);
      return harness.fetch(`${harness.origin}/api/billing/products`);
    }) as typeof fetch;
    try {
      const { items } = await client.products();
      expect(items.length).toBeGreaterThan(0);
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(['https://shop.example/billing/products']);
    expect(client.basePath).toBe('https://shop.example/billing');
  });
});
