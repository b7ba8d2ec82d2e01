// The proxy's safety rules: CSRF, body limits, open redirects, one checkout per request_id,
// and the key in no response (every response of every test here goes through the scanner).
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  errorsWithKey,
  keyLeaks,
  ORIGIN,
  proxyHarness,
  scanResponses,
} from '../../test/support/proxy-harness.js';
import { proxyErrorSchema, proxyRoutes } from '../contract/proxy.js';
import { createSandbox } from '../sandbox/index.js';
import { createBillingHandler, createMemoryStore } from './index.js';

const ADA = 'cust_ada';

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

function refusal(answer: { status: number; json: unknown }, status: number, field: string) {
  expect(answer.status).toBe(status);
  const body = proxyErrorSchema.parse(answer.json);
  expect(body.fields?.map((f) => f.field)).toContain(field);
  return body;
}

const checkout = { product_id: 'prod_pro_monthly' };

async function answerOf(response: Response) {
  return { status: response.status, json: (await response.json()) as unknown };
}

describe('CSRF', () => {
  it('refuses a state-changing request from another origin, or from another site without an Origin', async () => {
    const h = proxyHarness();
    for (const origin of [
      'https://evil.test',
      'null',
      'https://shop.test.evil.test',
      'http://shop.test',
    ]) {
      const body = refusal(
        await h.call('POST', '/checkouts', { as: ADA, body: checkout, origin }),
        403,
        'origin',
      );
      expect(body.fields).toEqual([
        {
          field: 'origin',
          message:
            "must be one of the allowed origins: the proxy's own, or one listed in its allowedOrigins option",
        },
      ]);
    }
    for (const site of ['cross-site', 'same-site']) {
      refusal(
        await h.call('POST', '/checkouts', {
          as: ADA,
          body: checkout,
          origin: null,
          headers: { 'sec-fetch-site': site },
        }),
        403,
        'origin',
      );
    }
    refusal(
      await h.call('POST', '/portal', { as: ADA, origin: 'https://evil.test' }),
      403,
      'origin',
    );
    refusal(
      await h.call('DELETE', '/admin/discounts/dis_x', {
        admin: true,
        origin: 'https://evil.test',
      }),
      403,
      'origin',
    );
    expect(h.sandbox.inspect().checkouts).toHaveLength(0);
    expect(h.upstream.filter((u) => u.method !== 'GET')).toEqual([]);
  });

  it('accepts its own origin, or Sec-Fetch-Site: same-origin when a browser sends no Origin', async () => {
    const h = proxyHarness();
    expect((await h.call('POST', '/checkouts', { as: ADA, body: checkout })).status).toBe(200);
    const sameOrigin = await h.call('POST', '/checkouts', {
      as: ADA,
      body: checkout,
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('refuses a state-changing request with neither Origin nor Sec-Fetch-Site: same-origin, the portal too, and says what to send', async () => {
    const h = proxyHarness();
    const ada = h.sandbox.fixtures().subscriptions.find((sub) => sub.customer === ADA);
    const account = h.sandbox.fixtures().credit_accounts[0];
    const ids: Record<string, string | undefined> = {
      subscription_id: ada?.id,
      account_id: account?.id,
      discount_id: 'dis_x',
    };
    const before = h.sandbox.inspect();
    const writes = Object.values(proxyRoutes).filter((r) => r.method !== 'GET');
    expect(writes.map((r) => r.path)).toContain('/portal');
    for (const route of writes) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? 'x');
      // A server's or a script's request: no browser headers, a JSON body, a session.
      const answer = await h.call(route.method, path, {
        as: ADA,
        admin: true,
        origin: null,
        ...(route.method === 'POST' ? { body: {} } : {}),
      });
      const body = refusal(answer, 403, 'origin');
      expect([`${route.method} ${path}`, body.kind, body.fields]).toEqual([
        `${route.method} ${path}`,
        'auth',
        [
          {
            field: 'origin',
            message:
              "is required: send the Origin header of the page (a browser does), naming the proxy's own origin or one listed in its allowedOrigins option",
          },
        ],
      ]);
      expect(body.message).toEqual(['a request without an Origin may not change billing state']);
    }
    // A checkout with a full body, and a signed-out one, are refused the same way.
    refusal(
      await h.call('POST', '/checkouts', { as: ADA, body: checkout, origin: null }),
      403,
      'origin',
    );
    refusal(await h.call('POST', '/checkouts', { body: checkout, origin: null }), 403, 'origin');
    // `Sec-Fetch-Site: none` (a page the user typed) with no Origin is no browser's POST either.
    const typed = refusal(
      await h.call('POST', '/portal', {
        as: ADA,
        origin: null,
        headers: { 'sec-fetch-site': 'none' },
      }),
      403,
      'origin',
    );
    expect(typed.message).toEqual([
      'a request with Sec-Fetch-Site: none and no Origin may not change billing state',
    ]);
    expect(h.upstream.filter((u) => u.method !== 'GET')).toEqual([]);
    expect(h.sandbox.inspect()).toEqual(before);
  });

  it("defaults the allowed origin to the request's own", async () => {
    const h = proxyHarness({ allowedOrigins: undefined });
    const own = await h.call('POST', '/checkouts', {
      as: ADA,
      body: checkout,
      origin: ORIGIN,
    });
    expect(own.status).toBe(200);
    refusal(
      await h.call('POST', '/checkouts', { as: ADA, body: checkout, origin: 'https://other.test' }),
      403,
      'origin',
    );
  });

  it('reads an allowed origin however it is spelt: capitals, its default port, a final slash', async () => {
    for (const spelt of ['https://Shop.TEST', 'https://shop.test:443', 'HTTPS://shop.test/']) {
      const h = proxyHarness({ allowedOrigins: [spelt] });
      const own = await h.call('POST', '/checkouts', { as: ADA, body: checkout, origin: ORIGIN });
      expect(own.status, spelt).toBe(200);
      refusal(
        await h.call('POST', '/checkouts', {
          as: ADA,
          body: checkout,
          origin: 'https://other.test',
        }),
        403,
        'origin',
      );
    }
  });

  it('requires a JSON content type on a body: a form or text/plain post is refused', async () => {
    const h = proxyHarness();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
    ]) {
      refusal(
        await h.call('POST', '/checkouts', {
          as: ADA,
          raw: JSON.stringify(checkout),
          headers: { 'content-type': type },
        }),
        415,
        'content-type',
      );
    }
    refusal(
      await h.call('POST', '/checkouts', { as: ADA, raw: JSON.stringify(checkout) }),
      415,
      'content-type',
    );
    const charset = await h.call('POST', '/checkouts', {
      as: ADA,
      raw: JSON.stringify(checkout),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(charset.status).toBe(200);
    expect(h.sandbox.inspect().checkouts).toHaveLength(1);
  });
});

describe('body limits and malformed bodies', () => {
  const big = (bytes: number) =>
    JSON.stringify({ ...checkout, metadata: { pad: 'x'.repeat(bytes) } });

  it('answers 413 past 64 KB, whether content-length says so or not', async () => {
    const h = proxyHarness();
    const body = big(64 * 1024);
    refusal(
      await h.call('POST', '/checkouts', {
        as: ADA,
        raw: body,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      '(body)',
    );
    // A stream with no content-length (chunked): counted as it is read.
    const bytes = new TextEncoder().encode(big(1024 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(sent, sent + 4096));
        sent += 4096;
      },
    });
    const request = new Request(`${ORIGIN}/api/billing/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: 'session=x' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const answer = await h.handler(request);
    expect(answer.status).toBe(413);
    expect(sent).toBeLessThan(128 * 1024); // stopped reading soon after the limit
    expect(h.upstream.filter((u) => u.method === 'POST')).toEqual([]);
  });

  it('does not trust a content-length that understates the body', async () => {
    const h = proxyHarness({ bodyLimit: 1024 });
    const body = new TextEncoder().encode(big(4096));
    const request = new Request(`${ORIGIN}/api/billing/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'content-length': '10' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(body);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect((await h.handler(request)).status).toBe(413);
  });

  it('takes a body of exactly the limit', async () => {
    const h = proxyHarness({ bodyLimit: 2048 });
    const padded = JSON.stringify(checkout).padEnd(2048, ' ');
    const answer = await h.call('POST', '/checkouts', {
      as: ADA,
      raw: padded,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    const over = await h.call('POST', '/checkouts', {
      as: ADA,
      raw: `${padded} `,
      headers: { 'content-type': 'application/json' },
    });
    expect(over.status).toBe(413);
  });

  it('answers 400 naming the body for bad JSON, bad UTF-8 and a non-object', async () => {
    const h = proxyHarness();
    const json = { 'content-type': 'application/json' };
    refusal(
      await h.call('POST', '/checkouts', { as: ADA, raw: '{"product_id":', headers: json }),
      400,
      '(body)',
    );
    refusal(
      await h.call('POST', '/checkouts', {
        as: ADA,
        raw: new Uint8Array([0x7b, 0xff, 0x7d]),
        headers: json,
      }),
      400,
      '(body)',
    );
    refusal(
      await h.call('POST', '/checkouts', { as: ADA, raw: '[1,2]', headers: json }),
      400,
      '(body)',
    );
    refusal(
      await h.call('POST', '/checkouts', { as: ADA, raw: 'null', headers: json }),
      400,
      '(body)',
    );
  });

  it('reads a blank body declared JSON as {}, so a route names each missing field', async () => {
    const h = proxyHarness();
    const json = { 'content-type': 'application/json' };
    for (const raw of ['', ' \n\t']) {
      const answer = refusal(
        await h.call('POST', '/checkouts', { as: ADA, raw, headers: json }),
        400,
        'product_id',
      );
      expect(answer.fields).toEqual([{ field: 'product_id', message: 'is required' }]);
    }
    expect(h.upstream).toEqual([]);
  });
});

describe('every POST, the portal too', () => {
  const NOT_AN_INPUT = 'is not an input of this route; remove it, or check its spelling';

  it('answers 413 past the limit on the portal, however the body arrives', async () => {
    const h = proxyHarness({ bodyLimit: 1024 });
    const big = JSON.stringify({ pad: 'x'.repeat(4096) });
    refusal(
      await h.call('POST', '/portal', {
        as: ADA,
        raw: big,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      '(body)',
    );
    const bytes = new TextEncoder().encode(JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }));
    let sent = 0;
    const request = h.request('POST', '/portal', {
      as: ADA,
      headers: { 'content-type': 'application/json' },
    });
    const streamed = new Request(request, {
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= bytes.length) return controller.close();
          controller.enqueue(bytes.slice(sent, sent + 4096));
          sent += 4096;
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect((await h.handler(streamed)).status).toBe(413);
    expect(sent).toBeLessThan(64 * 1024);
    expect(h.upstream).toEqual([]);
  });

  it('refuses a body that is not declared JSON on the portal, as on every POST', async () => {
    const h = proxyHarness();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      refusal(
        await h.call('POST', '/portal', { as: ADA, raw: '{}', headers: { 'content-type': type } }),
        415,
        'content-type',
      );
    }
    // A body without any content type: a browser sends none only when there is no body.
    const request = h.request('POST', '/portal', { as: ADA });
    const untyped = new Request(request, {
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('customer_id=cust_grace'));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(untyped.headers.get('content-type')).toBeNull();
    refusal(await h.handler(untyped).then(answerOf), 415, 'content-type');
    expect(h.upstream).toEqual([]);
  });

  it('names each body key the portal does not take, the customer among them', async () => {
    const h = proxyHarness();
    const customer = refusal(
      await h.call('POST', '/portal', { as: ADA, body: { customer_id: 'cust_grace' } }),
      400,
      'customer_id',
    );
    expect(customer.fields).toHaveLength(1);
    const unknown = refusal(
      await h.call('POST', '/portal', { as: ADA, body: { return_url: 'x', foo: 1 } }),
      400,
      'foo',
    );
    expect(unknown.fields).toEqual([
      { field: 'return_url', message: NOT_AN_INPUT },
      { field: 'foo', message: NOT_AN_INPUT },
    ]);
    refusal(await h.call('POST', '/portal', { as: ADA, body: [] }), 400, '(body)');
    expect(h.upstream).toEqual([]);
  });

  it('lists a customer sent in the body with every other failing field, in one 400', async () => {
    const h = proxyHarness();
    const SESSION = 'is taken from the session; do not send it';
    const bad = refusal(
      await h.call('POST', '/checkouts', {
        as: ADA,
        body: {
          customer_id: 'cust_grace',
          customer: { id: 'cust_grace' },
          product_id: 5,
          units: 0,
        },
      }),
      400,
      'customer_id',
    );
    expect(bad.fields?.map((f) => f.field)).toEqual([
      'customer',
      'customer_id',
      'product_id',
      'units',
    ]);
    expect(bad.fields?.slice(0, 2).map((f) => f.message)).toEqual([SESSION, SESSION]);
    const upgrade = refusal(
      await h.call('POST', '/subscriptions/sub_x/upgrade', {
        as: ADA,
        body: { customer_id: 'x', product_id: 1, update_behavior: 'nope' },
      }),
      400,
      'customer_id',
    );
    expect(upgrade.fields?.map((f) => f.field)).toEqual([
      'customer_id',
      'product_id',
      'update_behavior',
    ]);
    expect(h.upstream).toEqual([]);
  });

  it('still answers a portal POST with no body at all, or with {} as JSON', async () => {
    const h = proxyHarness();
    const bare = h.request('POST', '/portal', { as: ADA });
    expect(bare.body).toBeNull();
    expect(bare.headers.get('content-type')).toBeNull();
    expect((await h.handler(bare)).status).toBe(200);
    expect((await h.call('POST', '/portal', { as: ADA, body: {} })).status).toBe(200);
    const json = { 'content-type': 'application/json' };
    const declared = h.request('POST', '/portal', { as: ADA, headers: json });
    expect(declared.body).toBeNull();
    expect((await h.handler(declared)).status).toBe(200);
    for (const raw of ['', '  \n']) {
      expect((await h.call('POST', '/portal', { as: ADA, raw, headers: json })).status).toBe(200);
    }
  });
});

describe('open redirects', () => {
  it('refuses a success_url off the allowed origins', async () => {
    const h = proxyHarness();
    for (const success_url of [
      'https://evil.test/thanks',
      '//evil.test/thanks',
      'https://shop.test.evil.test/',
      'https://shop.test@evil.test/',
      'http://shop.test/thanks',
      'https://shop.test:8443/thanks',
      'javascript:alert(document.cookie)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/\\evil.test',
      'https:\\\\evil.test',
      ' https://evil.test',
    ]) {
      const answer = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { ...checkout, success_url },
      });
      refusal(answer, 400, 'success_url');
      expect(answer.text).not.toContain('evil.test');
    }
    expect(h.sandbox.inspect().checkouts).toHaveLength(0);
  });
});

describe('one checkout per request_id', () => {
  it('answers a double click with the same checkout, calling the service once', async () => {
    const h = proxyHarness();
    const body = { ...checkout, request_id: 'double-click-1' };
    const [first, second] = await Promise.all([
      h.call('POST', '/checkouts', { as: ADA, body }),
      h.call('POST', '/checkouts', { as: ADA, body }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.request_id).toBe('double-click-1');
    const retry = await h.call('POST', '/checkouts', { as: ADA, body });
    expect(retry.body.id).toBe(first.body.id);
    expect(h.sandbox.inspect().checkouts).toHaveLength(1);
    expect(h.upstream.filter((u) => u.url.endsWith('/v1/checkouts'))).toHaveLength(1);
  });

  it('keeps request ids per customer, and refuses one reused for a different checkout', async () => {
    const h = proxyHarness();
    const body = { ...checkout, request_id: 'shared-id-123' };
    const ada = await h.call('POST', '/checkouts', { as: ADA, body });
    const grace = await h.call('POST', '/checkouts', { as: 'cust_grace', body });
    expect(grace.status).toBe(200);
    expect(grace.body.id).not.toBe(ada.body.id);
    refusal(
      await h.call('POST', '/checkouts', {
        as: ADA,
        body: { ...body, product_id: 'prod_pro_yearly' },
      }),
      409,
      'request_id',
    );
    expect(h.sandbox.inspect().checkouts).toHaveLength(2);
  });

  it('makes a fresh checkout per click when the browser sends no request_id', async () => {
    const h = proxyHarness();
    const a = await h.call('POST', '/checkouts', { as: ADA, body: checkout });
    const b = await h.call('POST', '/checkouts', { as: ADA, body: checkout });
    expect(a.body.id).not.toBe(b.body.id);
    expect(a.body.request_id).not.toBe(b.body.request_id);
  });

  it('holds across two proxy processes that share a store', async () => {
    const sandbox = createSandbox({ seed: 2 });
    const store = createMemoryStore();
    let posts = 0;
    const make = () =>
      scanResponses(
        createBillingHandler({
          apiKey: sandbox.apiKey,
          baseUrl: sandbox.baseUrl,
          fetch: (input, init) => {
            if (init.method === 'POST') posts++;
            return sandbox.fetch(input, init);
          },
          products: ['prod_pro_monthly'],
          getCustomer: () => ({ id: ADA }),
          store,
          allowedOrigins: [ORIGIN],
        }),
        sandbox.apiKey,
      );
    const [one, two] = [make(), make()];
    const send = (handler: (r: Request) => Promise<Response>) =>
      handler(
        new Request(`${ORIGIN}/api/billing/checkouts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({ ...checkout, request_id: 'two-processes' }),
        }),
      ).then((r) => r.json() as Promise<{ id: string }>);
    const [a, b] = await Promise.all([send(one), send(two)]);
    expect(a.id).toBe(b.id);
    expect(posts).toBe(1);
    expect(sandbox.inspect().checkouts).toHaveLength(1);
  });

  it('gives up with a 409 to retry, and tells onError, when the store will not take the request_id, instead of spinning', async () => {
    // A store whose `add` refuses a key its `get` does not find (a bug, or reads from a replica
    // that lags): the proxy used to ask again at once, for ever, never yielding to the event loop.
    const memory = createMemoryStore();
    let adds = 0;
    const store = {
      ...memory,
      add: async () => {
        adds++;
        return adds > 5000; // (the test's own brake, so the old loop ends)
      },
    };
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const h = proxyHarness({ store });
      const pending = h.call('POST', '/checkouts', {
        as: ADA,
        body: { ...checkout, request_id: 'store-refuses' },
      });
      let settled = false;
      void pending.finally(() => {
        settled = true;
      });
      // The clock moves only between turns that let the real work (hashing, on libuv's pool)
      // finish. Bounded by real time, not by a count of turns: a pool still busy with an earlier
      // test's work made 3000 quick turns run out before the request reached the store.
      const started = performance.now();
      while (!settled && performance.now() - started < 20_000) {
        await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(100);
      }
      const answer = await pending;
      refusal(answer, 409, 'request_id');
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(h.sandbox.inspect().checkouts).toHaveLength(0);
      expect(h.errors.some((e) => /store's add answered false/.test(String(e)))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('frees the request_id when the service refuses, so a corrected retry can pass', async () => {
    const h = proxyHarness();
    const bad = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { ...checkout, request_id: 'retry-after-fix', discount_code: 'NOT-A-CODE' },
    });
    expect(bad.status).toBe(400);
    const fixed = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { ...checkout, request_id: 'retry-after-fix-2' },
    });
    expect(fixed.status).toBe(200);
  });
});

describe('the key scanner', () => {
  it('catches a key in a body or a header', async () => {
    const found: string[] = [];
    const leaky = scanResponses(
      async () => new Response('{}', { headers: { 'x-debug': 'key=creem_test_SECRET' } }),
      'creem_test_SECRET',
      found,
    );
    await expect(leaky(new Request('https://x.test/'))).rejects.toThrow(
      /API key is in the header x-debug/,
    );
    const leakyBody = scanResponses(
      async () => new Response('{"k":"creem_test_SECRET"}'),
      'creem_test_SECRET',
      found,
    );
    await expect(leakyBody(new Request('https://x.test/'))).rejects.toThrow(/in the body/);
    expect(found).toHaveLength(2);
  });

  it('never finds the key, even when the service puts it in an error', async () => {
    const sandbox = createSandbox({ seed: 3 });
    const reported: unknown[] = [];
    const handler = scanResponses(
      createBillingHandler({
        apiKey: sandbox.apiKey,
        baseUrl: sandbox.baseUrl,
        retries: 0,
        // An upstream (or a gateway in front of it) that echoes the request's key everywhere.
        fetch: async (_input, init) => {
          const key = new Headers(init.headers).get('x-api-key') ?? '';
          return new Response(
            JSON.stringify({ trace_id: key, status: 400, error: key, message: [`bad key ${key}`] }),
            { status: 400, headers: { 'x-echo': key, 'content-type': 'application/json' } },
          );
        },
        products: ['prod_pro_monthly'],
        getCustomer: () => ({ id: ADA }),
        onError: (error) => reported.push(error),
      }),
      sandbox.apiKey,
    );
    const statuses: number[] = [];
    for (const path of ['/products', '/subscriptions', '/credits/accounts', '/transactions']) {
      statuses.push((await handler(new Request(`${ORIGIN}/api/billing${path}`))).status);
    }
    expect(statuses).toEqual([502, 400, 400, 400]);
    expect(reported.length).toBeGreaterThan(0);
    for (const error of reported) {
      expect(`${String(error)} ${(error as Error).stack} ${JSON.stringify(error)}`).not.toContain(
        sandbox.apiKey,
      );
    }
  });

  it('nor a piece of it in what onError gets, when a page that is not JSON shows the key', async () => {
    const h = proxyHarness({
      retries: 0,
      tamper: () => `<pre>GET /v1/products\nx-api-key: ${h.sandbox.apiKey}\n</pre>`,
    });
    const answer = await h.call('GET', '/products', { as: ADA });
    expect(answer.status).toBe(502);
    expect(h.errors).toHaveLength(1);
    const reported = h.errors.map((e) => `${String(e)} ${JSON.stringify(e)}`).join('\n');
    expect(reported).toContain('[redacted]');
    const key = h.sandbox.apiKey;
    for (let length = 8; length <= key.length; length++) {
      expect(`${reported}\n${answer.text}`).not.toContain(key.slice(0, length));
    }
  });
});
