import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { failure } from '../../test/support/failure.js';
import { json, recordingFetch } from '../../test/support/recording-fetch.js';
import { createSandbox } from '../sandbox/index.js';
import { type BillingClient, createBillingClient } from './client.js';
import {
  BillingError,
  billingErrorFromResponse,
  isBillingError,
  parseRetryAfter,
  readBillingError,
} from './error.js';

const apiKey = 'creem_test_9d7e5c3a1b';

function clientAnswering(...answers: Parameters<typeof recordingFetch>) {
  const wire = recordingFetch(...answers);
  const client = createBillingClient({
    apiKey,
    fetch: wire.fetch,
    retries: 0,
    timeoutMs: 30,
  });
  return { client, wire };
}

const upgrade = (client: BillingClient) =>
  client.subscriptions.upgrade({ subscription_id: 'sub_x', product_id: 'prod_2' });

describe('the general error body', () => {
  test('404 reads its status, not its "Bad Request" category', async () => {
    const { client } = clientAnswering(
      json(404, {
        trace_id: 'tr_404',
        status: 404,
        error: 'Bad Request',
        message: ['subscription sub_x does not exist'],
        timestamp: 1767225600000,
      }),
    );
    const error = await failure(upgrade(client));
    expect(error).toMatchObject({
      name: 'BillingError',
      kind: 'not_found',
      status: 404,
      messages: ['subscription sub_x does not exist'],
      traceId: 'tr_404',
      operation: 'upgradeSubscription',
    });
    expect(error.message).toMatch(
      /^billing-kit: upgradeSubscription failed \(404 Not Found\): subscription sub_x does not exist\. /,
    );
  });

  test('400 lists every message', async () => {
    const { client } = clientAnswering(
      json(400, {
        trace_id: 'tr_400',
        status: 400,
        error: 'Bad Request',
        message: ['product_id should not be empty', 'units must be a positive number'],
        timestamp: 1767225600000,
      }),
    );
    const error = await failure(client.checkouts.create({ product_id: 'prod_1' }));
    expect(error.kind).toBe('invalid_request');
    expect(error.messages).toEqual([
      'product_id should not be empty',
      'units must be a positive number',
    ]);
    expect(error.message).toBe(
      'billing-kit: createCheckout failed (400 Bad Request): product_id should not be empty; ' +
        'units must be a positive number.',
    );
  });

  test('a message given as one string is read too', async () => {
    const { client } = clientAnswering(
      json(409, { status: 409, error: 'Conflict', message: 'already on that product' }),
    );
    const error = await failure(upgrade(client));
    expect(error.kind).toBe('conflict');
    expect(error.messages).toEqual(['already on that product']);
  });

  test('403 without a message says what an auth failure means and how to fix it', async () => {
    const { client } = clientAnswering(
      json(403, { trace_id: 'tr_403', status: 403, error: 'Forbidden', timestamp: 1 }),
    );
    const error = await failure(client.customers.list());
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(403);
    expect(error.messages).toEqual(['the API key is missing, wrong, or for the other environment']);
    expect(error.message).toBe(
      'billing-kit: listCustomers failed (403 Forbidden): the API key is missing, wrong, or for ' +
        'the other environment. Check the apiKey option: test keys (creem_test_…) work only ' +
        'against the test environment, production keys only against production.',
    );
  });

  test('each status maps to its kind', async () => {
    const kinds: Array<[number, string]> = [
      [401, 'auth'],
      [403, 'auth'],
      [404, 'not_found'],
      [400, 'invalid_request'],
      [422, 'invalid_request'],
      [409, 'conflict'],
      [429, 'rate_limited'],
      [500, 'server'],
      [503, 'server'],
    ];
    for (const [status, kind] of kinds) {
      const { client } = clientAnswering(json(status, { status, error: 'x' }));
      const error = await failure(client.customers.list());
      expect([status, error.kind]).toEqual([status, kind]);
    }
  });

  test('an error answer that is not JSON (a gateway page) still gets its kind from the status', async () => {
    const { client } = clientAnswering(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(client.customers.list());
    expect(error.kind).toBe('server');
    expect(error.status).toBe(502);
    expect(error.messages).toEqual(['the service had an internal error']);
    expect(error.message).toBe(
      'billing-kit: listCustomers failed (502 Bad Gateway): the service had an internal error.',
    );
  });
});

describe('the credits error body', () => {
  test('422 unbalanced_transaction keeps type, code, param and request id', async () => {
    const { client } = clientAnswering(
      json(422, {
        error: {
          type: 'invalid_request_error',
          code: 'unbalanced_transaction',
          message: 'Total debits must equal total credits',
          param: 'entries',
          request_id: 'req_abc',
        },
      }),
    );
    const error = await failure(
      client.credits.reverse({ account_id: 'ca_1', transaction_id: 't' }),
    );
    expect(error).toMatchObject({
      kind: 'invalid_request',
      status: 422,
      messages: ['Total debits must equal total credits'],
      code: 'unbalanced_transaction',
      param: 'entries',
      requestId: 'req_abc',
      fields: [{ field: 'entries', message: 'Total debits must equal total credits' }],
    });
    expect(error.message).toBe(
      'billing-kit: reverseCreditTransaction failed (422 Unprocessable Entity): Total debits must ' +
        'equal total credits.',
    );
  });

  test('409 for a reused idempotency key is a conflict', async () => {
    const { client } = clientAnswering(
      json(409, {
        error: {
          type: 'invalid_request_error',
          code: 'idempotency_key_reused',
          message: 'idempotency_key was used with a different body.',
          param: null,
          request_id: 'req_def',
        },
      }),
    );
    const error = await failure(
      client.credits.credit({
        account_id: 'ca_1',
        amount: '1',
        reference: 'r',
        idempotency_key: 'k',
      }),
    );
    expect(error.kind).toBe('conflict');
    expect(error.code).toBe('idempotency_key_reused');
    expect(error.requestId).toBe('req_def');
    expect(error.param).toBeUndefined();
    expect(error.fields).toBeUndefined();
  });
});

describe('the proxy error body (for the React proxy client)', () => {
  const proxyBody = {
    trace_id: 'tr_proxy',
    status: 400,
    error: 'Bad Request',
    message: ['units must be at least 1'],
    timestamp: 1767225600000,
    kind: 'invalid_request',
    fields: [{ field: 'units', message: 'must be at least 1' }],
  };

  test('kind and fields come from the body', () => {
    const error = billingErrorFromResponse({ status: 400 }, proxyBody, {
      operation: 'createCheckout',
    });
    expect(error).toMatchObject({
      kind: 'invalid_request',
      status: 400,
      messages: ['units must be at least 1'],
      traceId: 'tr_proxy',
      fields: [{ field: 'units', message: 'must be at least 1' }],
      operation: 'createCheckout',
    });
    expect(error.message).toBe(
      'billing-kit: createCheckout failed (400 Bad Request): units must be at least 1.',
    );
  });

  test('a kind the proxy could only know itself (timeout behind a 504) is kept', () => {
    const error = billingErrorFromResponse(
      { status: 504 },
      { ...proxyBody, status: 504, error: 'Gateway Timeout', kind: 'timeout', fields: undefined },
    );
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(504);
  });

  test('a kind it does not know falls back to the status', () => {
    const error = billingErrorFromResponse({ status: 429 }, { ...proxyBody, kind: 'overloaded' });
    expect(error.kind).toBe('rate_limited');
  });

  test('readBillingError reads a Response, its Retry-After and a body that is not JSON', async () => {
    const fromJson = await readBillingError(json(429, proxyBody, { 'retry-after': '7' }), {
      operation: 'products',
      hint: 'Wait a moment.',
    });
    expect(fromJson.retryAfterMs).toBe(7000);
    expect(fromJson.message).toBe(
      'billing-kit: products failed (429 Too Many Requests): units must be at least 1. Wait a moment.',
    );
    const fromText = await readBillingError(new Response('upstream down', { status: 503 }));
    expect(fromText).toMatchObject({ kind: 'server', status: 503 });
    expect(fromText.message).toBe(
      'billing-kit: request failed (503 Service Unavailable): the service had an internal error.',
    );
  });
});

describe('answers the contract does not describe', () => {
  test('bad JSON on success is invalid_response', async () => {
    const { client } = clientAnswering(new Response('<!DOCTYPE html><p>hi</p>', { status: 200 }));
    const error = await failure(client.products.retrieve({ product_id: 'prod_1' }));
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
    expect(error.messages).toEqual(['the response body is not JSON']);
    expect(error.message).toBe(
      'billing-kit: retrieveProduct answered 200 with a body that is not JSON: ' +
        '"<!DOCTYPE html><p>hi</p>". Check that baseUrl points at the service and not at a web ' +
        'page or another proxy.',
    );
  });

  test('a missing required field is named by its path', async () => {
    const item = {
      id: 'sub_1',
      mode: 'test',
      object: 'subscription',
      product: 'prod_1',
      customer: 'cust_1',
      collection_method: 'charge_automatically',
      status: 'active',
      created_at: 'x',
      updated_at: 'x',
    };
    const { status: _, ...withoutStatus } = item;
    const { product: __, ...withoutProduct } = item;
    const { client } = clientAnswering(
      json(200, {
        items: [item, withoutStatus, { ...item, created_at: 7 }, withoutProduct],
        pagination: {
          total_records: 2,
          total_pages: 1,
          current_page: 1,
          next_page: null,
          prev_page: null,
        },
      }),
    );
    const error = await failure(client.customers.listSubscriptions({ customer_id: 'cust_1' }));
    expect(error).toMatchObject({
      kind: 'invalid_response',
      status: 200,
      path: 'items.1.status',
      messages: [
        'items.1.status is required',
        'items.2.created_at must be a string',
        'items.3.product is required',
      ],
    });
    expect(error.message).toMatch(
      /^billing-kit: listCustomerSubscriptions answered 200 with a body that does not match the contract: items\.1\.status is required; items\.2\.created_at must be a string; items\.3\.product is required\. /,
    );
  });
});

describe('a missing field inside an expanded product or customer', () => {
  // The sandbox's own answer, with one field taken out of what it expanded.
  async function retrieveWithout(part: 'product' | 'customer', field: string) {
    const sandbox = createSandbox({ seed: 1 });
    const subscription = sandbox.fixtures().subscriptions[0];
    if (!subscription) throw new Error('the sandbox seeds subscriptions');
    const client = createBillingClient({
      apiKey: sandbox.apiKey,
      baseUrl: sandbox.baseUrl,
      retries: 0,
      fetch: async (input, init) => {
        const body = await (await sandbox.fetch(input, init)).json();
        expect(typeof body[part]).toBe('object');
        delete body[part][field];
        return json(200, body);
      },
    });
    return failure(client.subscriptions.retrieve({ subscription_id: subscription.id }));
  }

  test.each([
    ['product', 'price'],
    ['customer', 'email'],
  ] as const)('%s.%s is named by its full path', async (part, field) => {
    const error = await retrieveWithout(part, field);
    expect(error).toMatchObject({
      kind: 'invalid_response',
      status: 200,
      path: `${part}.${field}`,
      messages: [`${part}.${field} is required`],
    });
    expect(error.message).toContain(`the contract: ${part}.${field} is required.`);
  });
});

describe('redirects', () => {
  test('are not followed, so the key goes nowhere else', async () => {
    const { client, wire } = clientAnswering(
      new Response(null, { status: 301, headers: { location: 'https://elsewhere.example/v1' } }),
    );
    const error = await failure(client.customers.list());
    expect(wire.requests[0]?.redirect).toBe('manual');
    expect(wire.requests).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'invalid_response', status: 301 });
    expect(error.message).toBe(
      'billing-kit: listCustomers failed (301 Moved Permanently): the service answered with a redirect. ' +
        'billing-kit does not follow redirects, so the API key is never sent elsewhere (this one ' +
        'pointed to https://elsewhere.example/v1); check the baseUrl option.',
    );
  });
});

describe('the API key never leaves in an error', () => {
  // A service that echoes the key back, a fetch that puts it in its own error: the worst cases.
  const echo = `key ${apiKey} was refused`;
  const scenarios: Array<
    [string, (c: BillingClient) => Promise<unknown>, Parameters<typeof recordingFetch>]
  > = [
    [
      'general body',
      (c) => c.customers.list(),
      [json(403, { status: 403, message: [echo], trace_id: apiKey })],
    ],
    [
      'credits body',
      (c) => c.credits.retrieveAccount({ account_id: 'ca_1' }),
      [
        json(401, {
          error: {
            type: 'authentication_error',
            message: echo,
            param: apiKey,
            code: apiKey,
            request_id: apiKey,
          },
        }),
      ],
    ],
    [
      'proxy body',
      (c) => c.customers.list(),
      [
        json(400, {
          trace_id: apiKey,
          status: 400,
          error: 'x',
          message: [echo],
          timestamp: 1,
          kind: 'invalid_request',
          fields: [{ field: apiKey, message: echo }],
        }),
      ],
    ],
    ['bad JSON', (c) => c.customers.list(), [new Response(`oops ${apiKey}`, { status: 200 })]],
    [
      'bad answer',
      (c) => c.customers.list(),
      [json(200, { items: [{ [apiKey]: 1 }], pagination: null })],
    ],
    [
      'network failure',
      (c) => c.customers.list(),
      [
        {
          throws: new TypeError(`fetch failed with x-api-key: ${apiKey}`, {
            cause: new Error(echo),
          }),
        },
      ],
    ],
    ['timeout', (c) => c.customers.list(), ['hang']],
    ['bad input', (c) => c.products.retrieve({ product_id: '', [apiKey]: 1 } as never), []],
  ];

  test.each(scenarios)('%s', async (name, call, answers) => {
    const { client } = clientAnswering(...answers);
    const error = await failure(call(client));
    for (const view of [
      error.message,
      error.stack ?? '',
      String(error),
      JSON.stringify(error),
      JSON.stringify({ ...error }),
      inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
      inspect(client, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    ]) {
      expect(view).not.toContain(apiKey);
    }
    // Where the key came back in what the error reports, it shows as blanked out.
    if (!['timeout', 'bad answer'].includes(name)) {
      expect(`${error.message} ${JSON.stringify(error)}`).toContain('[redacted]');
    }
  });

  test('not even a piece of it, when a body that is not JSON is cut inside the key', async () => {
    // The error quotes the first 60 characters of such a body: put the key across that cut.
    // (And where JSON.parse fails, as its own message quotes the text around that point.)
    const lead = '<pre>GET /v1/customers/list\nx-api-key: ';
    const bodies = Array.from({ length: apiKey.length - 1 }, (_, i) => {
      const shown = i + 1;
      return `${lead.padEnd(60 - shown, ' ')}${apiKey}\n</pre>`;
    });
    expect(bodies.map((body) => 60 - body.indexOf(apiKey))).toContain(apiKey.length - 1);
    bodies.push(`{"id": ${apiKey}}`);
    const prefixes = Array.from({ length: apiKey.length - 7 }, (_, i) => apiKey.slice(0, 8 + i));
    for (const body of bodies) {
      const { client } = clientAnswering(new Response(body, { status: 200 }));
      const error = await failure(client.customers.list());
      expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
      const views = [
        error.message,
        JSON.stringify(error),
        inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
      ].join('\n');
      for (const prefix of prefixes) expect(views).not.toContain(prefix);
    }
  });
});

describe('BillingError', () => {
  test('is an Error with its facts as fields, and JSON carries the message', () => {
    const error = new BillingError('billing-kit: x failed.', {
      kind: 'server',
      status: 500,
      messages: ['boom'],
      traceId: 't',
    });
    expect(error).toBeInstanceOf(Error);
    expect(isBillingError(error)).toBe(true);
    expect(isBillingError(new Error('x'))).toBe(false);
    expect(String(error)).toBe('BillingError: billing-kit: x failed.');
    expect(error.stack).toMatch(/^BillingError: billing-kit: x failed\./);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'BillingError',
      message: 'billing-kit: x failed.',
      kind: 'server',
      status: 500,
      messages: ['boom'],
      traceId: 't',
    });
    expect(Object.keys(error)).toEqual(['kind', 'status', 'messages', 'traceId']);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-01-01T00:00:00.000Z');
  test('reads delay-seconds and HTTP dates, never negative', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
