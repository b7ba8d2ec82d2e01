import { describe, expect, test } from 'vitest';
import { failure } from '../../test/support/failure.js';
import { type CannedAnswer, json, recordingFetch } from '../../test/support/recording-fetch.js';
import {
  checkout,
  creditsTransaction,
  discount,
  product,
  subscription,
} from '../../test/support/wire-bodies.js';
import { type BillingClientOptions, createBillingClient } from './client.js';
import { backoffDelay, resolveBackoff } from './retry.js';

const apiKey = 'creem_test_retry';
const deletedDiscount = { ...discount, status: 'deleted' };

const unavailable = () => json(503, { status: 503, error: 'Service Unavailable' });
const serverError = () => json(500, { status: 500, error: 'Internal Server Error' });

/** A client whose waits are recorded instead of slept, with a fixed jitter of one half. */
function setup(answers: CannedAnswer[], options: Partial<BillingClientOptions> = {}) {
  const wire = recordingFetch(...answers);
  const waits: number[] = [];
  const client = createBillingClient({
    apiKey,
    fetch: wire.fetch,
    backoff: {
      random: () => 0.5,
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
    ...options,
  });
  return { client, wire, waits };
}

describe('retried: GETs and POSTs that carry their idempotency key', () => {
  test('GET: 503, then 200', async () => {
    const { client, wire, waits } = setup([unavailable(), json(200, product)]);
    await expect(client.products.retrieve({ product_id: 'prod_1' })).resolves.toEqual(product);
    expect(wire.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://test-api.creem.io/v1/products?product_id=prod_1',
      'GET https://test-api.creem.io/v1/products?product_id=prod_1',
    ]);
    // Full jitter: half of the first ceiling (500 ms).
    expect(waits).toEqual([250]);
  });

  test('GET: gives up after `retries` further attempts, and says how many were made', async () => {
    const { client, wire, waits } = setup([unavailable(), unavailable(), unavailable()]);
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(wire.requests).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
    expect(error).toMatchObject({ kind: 'server', status: 503 });
    expect(error.message).toBe(
      'billing-kit: retrieveProduct failed (503 Service Unavailable) after 3 attempts: the ' +
        'service had an internal error.',
    );
  });

  test('429 waits what Retry-After says, in seconds or as a date', async () => {
    const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
    const { client, wire, waits } = setup([
      json(429, { status: 429, error: 'Too Many Requests' }, { 'retry-after': '3' }),
      json(429, { status: 429, error: 'Too Many Requests' }, { 'retry-after': inFiveSeconds }),
      json(200, product),
    ]);
    await expect(client.products.retrieve({ product_id: 'prod_1' })).resolves.toEqual(product);
    expect(wire.requests).toHaveLength(3);
    expect(waits[0]).toBe(3000);
    // An HTTP date has whole seconds: between four and five seconds from now.
    expect(waits[1]).toBeGreaterThan(3000);
    expect(waits[1]).toBeLessThanOrEqual(5000);
  });

  test('a Retry-After beyond maxRetryAfterMs is not waited out: it fails at once, saying when', async () => {
    const { client, wire, waits } = setup([
      json(429, { status: 429, error: 'Too Many Requests' }, { 'retry-after': '120' }),
    ]);
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(wire.requests).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 120_000 });
    expect(error.message).toBe(
      'billing-kit: retrieveProduct failed (429 Too Many Requests): too many requests. The ' +
        'service asks to wait 120 s before trying again.',
    );
  });

  test('a network error, then 200', async () => {
    const { client, wire } = setup([
      { throws: new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND') }) },
      json(200, product),
    ]);
    await expect(client.products.retrieve({ product_id: 'prod_1' })).resolves.toEqual(product);
    expect(wire.requests).toHaveLength(2);
  });

  test('network errors to the end: kind network, status 0, the cause kept', async () => {
    const cause = new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND') });
    const { client, wire } = setup([{ throws: cause }, { throws: cause }], { retries: 1 });
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(wire.requests).toHaveLength(2);
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(error.cause).toBe(cause);
    expect(error.message).toBe(
      'billing-kit: retrieveProduct could not reach https://test-api.creem.io after 2 attempts ' +
        '(fetch failed: getaddrinfo ENOTFOUND). Check the network and the baseUrl option.',
    );
  });

  test('POST checkout with request_id: 500, then the same request again', async () => {
    const { client, wire } = setup([serverError(), json(200, checkout)]);
    await client.checkouts.create({ product_id: 'prod_1', request_id: 'req_12345678' });
    expect(wire.requests).toHaveLength(2);
    expect(wire.requests[1]?.bodyText).toBe(wire.requests[0]?.bodyText);
    expect(wire.requests[1]?.body).toEqual({ product_id: 'prod_1', request_id: 'req_12345678' });
  });

  test('POST credit with idempotency_key: 503, then 201', async () => {
    const { client, wire } = setup([unavailable(), json(201, creditsTransaction)]);
    await client.credits.credit({
      account_id: 'ca_1',
      amount: '5',
      reference: 'order_1',
      idempotency_key: 'idem_1',
    });
    expect(wire.requests).toHaveLength(2);
    expect(wire.requests.map((r) => r.body)).toEqual([
      { amount: '5', reference: 'order_1', idempotency_key: 'idem_1' },
      { amount: '5', reference: 'order_1', idempotency_key: 'idem_1' },
    ]);
  });
});

describe('never retried', () => {
  test('POST checkout without request_id', async () => {
    const { client, wire } = setup([serverError(), json(200, checkout)]);
    const error = await failure(client.checkouts.create({ product_id: 'prod_1' }));
    expect(wire.requests).toHaveLength(1);
    expect(error.kind).toBe('server');
    expect(error.message).toBe(
      'billing-kit: createCheckout failed (500 Internal Server Error): the service had an internal error.',
    );
  });

  test('POST checkout with an empty request_id', async () => {
    const { client, wire } = setup([serverError(), json(200, checkout)]);
    await failure(client.checkouts.create({ product_id: 'prod_1', request_id: '' }));
    expect(wire.requests).toHaveLength(1);
  });

  test('POST checkout without request_id, on a network error', async () => {
    const { client, wire } = setup([
      { throws: new TypeError('fetch failed') },
      json(200, checkout),
    ]);
    const error = await failure(client.checkouts.create({ product_id: 'prod_1' }));
    expect(wire.requests).toHaveLength(1);
    expect(error.kind).toBe('network');
  });

  test('upgrade', async () => {
    const { client, wire } = setup([unavailable(), json(200, subscription)]);
    await failure(client.subscriptions.upgrade({ subscription_id: 'sub_1', product_id: 'prod_2' }));
    expect(wire.requests).toHaveLength(1);
  });

  test('reverse', async () => {
    const { client, wire } = setup([unavailable(), json(201, creditsTransaction)]);
    await failure(client.credits.reverse({ account_id: 'ca_1', transaction_id: 'ct_1' }));
    expect(wire.requests).toHaveLength(1);
  });

  test('DELETE', async () => {
    const { client, wire } = setup([unavailable(), json(200, deletedDiscount)]);
    await failure(client.discounts.delete({ discount_id: 'dis_1' }));
    expect(wire.requests).toHaveLength(1);
    expect(wire.requests[0]?.method).toBe('DELETE');
  });

  test('400 and 404, even on a GET', async () => {
    for (const status of [400, 404]) {
      const { client, wire } = setup([json(status, { status }), json(200, product)]);
      await failure(client.products.retrieve({ product_id: 'prod_1' }));
      expect(wire.requests).toHaveLength(1);
    }
  });

  test('an answer that breaks the contract', async () => {
    const { client, wire } = setup([json(200, { id: 'prod_1' }), json(200, product)]);
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(error.kind).toBe('invalid_response');
    expect(wire.requests).toHaveLength(1);
  });

  test('anything, with retries: 0', async () => {
    const { client, wire } = setup([unavailable(), json(200, product)], { retries: 0 });
    await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(wire.requests).toHaveLength(1);
  });
});

/** An answer with `status` whose body breaks off: reading it rejects, as a reset connection does. */
function brokenBody(status: number, headers: Record<string, string> = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"status": '));
      controller.error(new Error('connection reset'));
    },
  });
  return new Response(body, { status, headers });
}

describe('an answer whose body cannot be read keeps its status', () => {
  test('one 503 Response reused for every attempt (a mock): server 503, retried as a 503', async () => {
    const answer = new Response(JSON.stringify({ status: 503, error: 'Service Unavailable' }), {
      status: 503,
    });
    const { client, wire, waits } = setup([answer, answer, answer]);
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(wire.requests).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
    expect(error).toMatchObject({ kind: 'server', status: 503, operation: 'retrieveProduct' });
    expect(error.message).toBe(
      'billing-kit: retrieveProduct failed (503 Service Unavailable) after 3 attempts: the ' +
        'service had an internal error.',
    );
  });

  test('a 503 whose body breaks off is retried, and a 200 after it is taken', async () => {
    const { client, wire } = setup([brokenBody(503), json(200, product)]);
    await expect(client.products.retrieve({ product_id: 'prod_1' })).resolves.toEqual(product);
    expect(wire.requests).toHaveLength(2);
  });

  test('a 429 whose body breaks off is rate_limited and keeps its Retry-After', async () => {
    const { client, wire } = setup([brokenBody(429, { 'retry-after': '120' })]);
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(wire.requests).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 120_000 });
  });

  test('a 400 or 404 whose body breaks off is not retried, even on a GET', async () => {
    for (const [status, kind] of [
      [400, 'invalid_request'],
      [404, 'not_found'],
    ] as const) {
      const { client, wire } = setup([brokenBody(status), json(200, product)]);
      const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
      expect(wire.requests).toHaveLength(1);
      expect(error).toMatchObject({ kind, status });
    }
  });

  test('a 200 whose body breaks off: invalid_response 200, tried again when safe to repeat', async () => {
    const { client, wire } = setup([brokenBody(200), json(200, product)]);
    await expect(client.products.retrieve({ product_id: 'prod_1' })).resolves.toEqual(product);
    expect(wire.requests).toHaveLength(2);

    const { client: last } = setup([brokenBody(200)], { retries: 0 });
    const error = await failure(last.products.retrieve({ product_id: 'prod_1' }));
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
    expect(error.messages).toEqual([
      'the body of the 200 answer could not be read: connection reset',
    ]);
    expect(error.message).toBe(
      'billing-kit: retrieveProduct answered 200 but its body could not be read (connection ' +
        'reset). The call may have taken effect: check before repeating it, or try again later.',
    );
  });

  test('an upgrade answered 200 with a body that breaks off is reported once, never repeated', async () => {
    const { client, wire } = setup([brokenBody(200), json(200, subscription)]);
    const error = await failure(
      client.subscriptions.upgrade({ subscription_id: 'sub_1', product_id: 'prod_2' }),
    );
    expect(wire.requests).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
  });
});

describe('backoff', () => {
  test('full jitter under a ceiling that doubles up to maxDelayMs', () => {
    const top = resolveBackoff({ random: () => 0.999_999 });
    expect([0, 1, 2, 3, 4, 5, 6].map((retry) => backoffDelay(retry, top))).toEqual([
      499, 999, 1999, 3999, 7999, 7999, 7999,
    ]);
    const bottom = resolveBackoff({ random: () => 0 });
    expect(backoffDelay(3, bottom)).toBe(0);
  });
});

describe('timeout', () => {
  test('a fetch that never answers is aborted: kind timeout, status 0', async () => {
    const { client, wire } = setup(['hang'], { timeoutMs: 20, retries: 0 });
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(error).toMatchObject({ kind: 'timeout', status: 0, operation: 'retrieveProduct' });
    expect(error.message).toBe(
      'billing-kit: retrieveProduct timed out: no answer within 20 ms. Raise timeoutMs (per call ' +
        'or on createBillingClient) or try again later.',
    );
    // The request itself was aborted, so the connection is not left open.
    expect(wire.requests[0]?.signal?.aborted).toBe(true);
  });

  test('a fetch that ignores its signal still times out', async () => {
    const { client } = setup(['ignore'], { timeoutMs: 20, retries: 0 });
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(error.kind).toBe('timeout');
  });

  test('a GET that times out is tried again', async () => {
    const { client, wire } = setup(['hang', json(200, product)], { timeoutMs: 20 });
    await expect(client.products.retrieve({ product_id: 'prod_1' })).resolves.toEqual(product);
    expect(wire.requests).toHaveLength(2);
  });

  test('a body that never finishes is a timeout too, with the status that came', async () => {
    const stalled = new Response(new ReadableStream({ start() {} }), { status: 200 });
    const { client } = setup([stalled], { timeoutMs: 20, retries: 0 });
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(error).toMatchObject({ kind: 'timeout', status: 200 });
    expect(error.message).toBe(
      'billing-kit: retrieveProduct timed out: it answered 200 but the body did not finish ' +
        'within 20 ms. Raise timeoutMs (per call or on createBillingClient) or try again later.',
    );
  });

  test('a 503 whose body never finishes is a 503', async () => {
    const stalled = new Response(new ReadableStream({ start() {} }), { status: 503 });
    const { client } = setup([stalled], { timeoutMs: 20, retries: 0 });
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(error).toMatchObject({ kind: 'server', status: 503 });
  });

  test('a per-call timeoutMs overrides the client’s', async () => {
    const { client } = setup(['hang'], { timeoutMs: 60_000, retries: 0 });
    const error = await failure(
      client.products.retrieve({ product_id: 'prod_1' }, { timeoutMs: 20 }),
    );
    expect(error.message).toContain('no answer within 20 ms');
  });
});

describe('caller abort', () => {
  test('rejects at once with the signal’s reason, and is not retried', async () => {
    const { client, wire } = setup(['hang', json(200, product)], { timeoutMs: 60_000 });
    const controller = new AbortController();
    const reason = new Error('the user left the page');
    const call = client.products.retrieve({ product_id: 'prod_1' }, { signal: controller.signal });
    await Promise.resolve();
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(wire.requests).toHaveLength(1);
    expect(wire.requests[0]?.signal?.aborted).toBe(true);
  });

  test('an already aborted signal sends nothing', async () => {
    const { client, wire } = setup([json(200, product)]);
    const reason = new Error('stop');
    await expect(
      client.products.retrieve({ product_id: 'prod_1' }, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(wire.requests).toHaveLength(0);
  });

  test('an abort during the wait between attempts stops there', async () => {
    const wire = recordingFetch(unavailable(), json(200, product));
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const client = createBillingClient({
      apiKey,
      fetch: wire.fetch,
      backoff: {
        sleep: (_ms, signal) => {
          controller.abort(reason);
          return Promise.reject(signal?.reason);
        },
      },
    });
    await expect(
      client.products.retrieve({ product_id: 'prod_1' }, { signal: controller.signal }),
    ).rejects.toBe(reason);
    expect(wire.requests).toHaveLength(1);
  });

  test('the default wait between attempts ends early on abort', async () => {
    const wire = recordingFetch(unavailable(), json(200, product));
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const client = createBillingClient({
      apiKey,
      fetch: wire.fetch,
      backoff: { baseDelayMs: 60_000, random: () => 1 },
    });
    const call = client.products.retrieve({ product_id: 'prod_1' }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(wire.requests).toHaveLength(1);
  });
});
