// Injected faults: 5xx answers, timeouts, malformed bodies and latency, per API request and
// deterministic by seed, never on the hosted pages.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { sandboxClient } from '../../test/support/sandbox-client.js';
import { createBillingClient } from '../client/index.js';
import { creditsErrorSchema, serviceErrorSchema } from '../contract/schemas.js';
import { createSandbox, type SandboxFaults } from './index.js';

function setup(faults: SandboxFaults, seed = 1) {
  const { sandbox, client } = sandboxClient({ seed, faults });
  const get = (path: string, init: RequestInit = {}) =>
    sandbox.fetch(path, { ...init, headers: { 'x-api-key': sandbox.apiKey } });
  return { sandbox, client, get };
}

/** Lets pending promise callbacks and I/O callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('errors', () => {
  test('errorRate 1: every API request is a 500 or 503 with the general body, and nothing acts', async () => {
    const { sandbox, get, client } = setup({ errorRate: 1 });
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const response = await get('/v1/customers/list');
      const body = serviceErrorSchema.parse(await response.json());
      expect(body.status).toBe(response.status);
      expect(body.message?.[0]).toMatch(/injected fault/);
      statuses.add(response.status);
    }
    expect(statuses).toEqual(new Set([500, 503]));
    await expect(client.checkouts.create({ product_id: 'prod_ebook' })).rejects.toMatchObject({
      kind: 'server',
    });
    expect(sandbox.inspect().checkouts).toEqual([]);
  });

  test('credits operations fail in the credits body', async () => {
    const { get } = setup({ errorRate: 1 });
    const response = await get('/v1/customer-credits/accounts');
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(creditsErrorSchema.parse(await response.json()).error.type).toBe('api_error');
  });

  test('the hosted pages are never faulted', async () => {
    const { get } = setup({ errorRate: 1, timeoutRate: 1, malformedRate: 1 });
    const page = await get('/checkout/ch_unknown');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    // A link without its session: the portal page's own 404, not a fault.
    const portal = await get('/portal/cust_ada');
    expect(portal.status).toBe(404);
    expect(portal.headers.get('content-type')).toMatch(/text\/html/);
  });

  test('the same fault seed gives the same sequence; another seed another one', async () => {
    const run = async (faults: SandboxFaults) => {
      const { get } = setup(faults);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await get('/v1/customers/list')).status);
      return statuses;
    };
    const a = await run({ errorRate: 0.5, seed: 7 });
    expect(await run({ errorRate: 0.5, seed: 7 })).toEqual(a);
    expect(new Set(a)).toEqual(new Set([200, 500, 503]));
    expect(await run({ errorRate: 0.5, seed: 8 })).not.toEqual(a);
  });

  test('rates outside 0..1 and bad latencies are refused', () => {
    expect(() => createSandbox({ faults: { errorRate: 2 } })).toThrow(
      /billing-kit: faults.errorRate/,
    );
    expect(() => createSandbox({ faults: { latencyMs: -1 } })).toThrow(
      /billing-kit: faults.latencyMs/,
    );
    expect(() => createSandbox({ faults: { latencyMs: [10, 5] } })).toThrow(/latencyMs/);
  });
});

describe('timeouts and malformed bodies', () => {
  test('a timeout acts but never answers until the signal aborts', async () => {
    const { sandbox } = setup({ timeoutRate: 1 });
    const controller = new AbortController();
    let settled = false;
    const pending = sandbox
      .fetch('/v1/checkouts', {
        method: 'POST',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: 'prod_ebook' }),
        signal: controller.signal,
      })
      .finally(() => {
        settled = true;
      });
    for (let i = 0; i < 5; i++) await settle();
    expect(settled).toBe(false);
    // The service acted: the checkout exists, only the answer was lost.
    expect(sandbox.inspect().checkouts).toHaveLength(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('the client turns a hung answer into a timeout error', async () => {
    const { sandbox } = setup({ timeoutRate: 1 });
    const client = createBillingClient({
      apiKey: sandbox.apiKey,
      baseUrl: sandbox.baseUrl,
      fetch: sandbox.fetch,
      retries: 0,
      timeoutMs: 20,
    });
    await expect(client.customers.list()).rejects.toMatchObject({ kind: 'timeout' });
  });

  test('a malformed answer keeps its status and cuts its JSON short', async () => {
    const { get, client } = setup({ malformedRate: 1 });
    const response = await get('/v1/products?product_id=prod_ebook');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('{')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
    await expect(client.products.retrieve({ product_id: 'prod_ebook' })).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });
});

describe('latency', () => {
  test('a fixed latency holds the answer back until it has passed; an abort ends the wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { get } = setup({ latencyMs: 250 });
    let settled = false;
    const pending = get('/v1/customers/list').then((r) => {
      settled = true;
      return r.status;
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBe(200);

    const controller = new AbortController();
    const aborted = get('/v1/customers/list', { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('a [min, max] latency draws each delay in the range', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { get } = setup({ latencyMs: [100, 200] });
    let settled = false;
    const pending = get('/v1/customers/list').then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(101);
    await pending;
    expect(settled).toBe(true);
  });
});
