// The sandbox as a whole: keys, error bodies, routing, validation, determinism, the clock and
// what the seed covers. Driven through the real client where the client would send the
// request, and through raw requests where only a raw request can show the rule (a missing key,
// malformed JSON, an input the client refuses before sending).
import { describe, expect, test } from 'vitest';
import { sandboxClient } from '../../test/support/sandbox-client.js';
import { createBillingClient } from '../client/index.js';
import { endpoints } from '../contract/endpoints.js';
import { billingPeriods } from '../contract/period.js';
import {
  creditsAccountStatuses,
  creditsErrorSchema,
  discountDurations,
  discountStatuses,
  featureTypes,
  licenseStatuses,
  productSchema,
  serviceErrorSchema,
  subscriptionSchema,
  subscriptionStatuses,
} from '../contract/schemas.js';
import {
  createSandbox,
  DEFAULT_SANDBOX_BASE_URL,
  SANDBOX_EPOCH,
  type SandboxOptions,
} from './index.js';

function setup(options: Parameters<typeof createSandbox>[0] = {}) {
  const { sandbox, client } = sandboxClient(options);
  /** A raw request with the sandbox's key unless `key` says otherwise. */
  async function raw(
    method: string,
    path: string,
    init: { body?: string; key?: string | null; url?: string; contentType?: string | null } = {},
  ) {
    const headers: Record<string, string> = {};
    // null sends no content-type of ours (fetch then labels a string body text/plain).
    const contentType = init.contentType === undefined ? 'application/json' : init.contentType;
    if (contentType !== null) headers['content-type'] = contentType;
    const key = init.key === undefined ? sandbox.apiKey : init.key;
    if (key !== null) headers['x-api-key'] = key;
    const response = await sandbox.fetch(init.url ?? `${sandbox.baseUrl}${path}`, {
      method,
      headers,
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
  }
  return { sandbox, client, raw };
}

/** A general error body, checked by the contract and with every field the sandbox promises. */
function expectGeneralError(json: unknown, status: number) {
  const parsed = serviceErrorSchema.parse(json);
  expect(parsed.status).toBe(status);
  expect(typeof parsed.trace_id).toBe('string');
  expect(typeof parsed.error).toBe('string');
  expect(typeof parsed.timestamp).toBe('number');
  expect(Array.isArray(parsed.message)).toBe(true);
  return parsed as typeof parsed & { message: string[] };
}

describe('options', () => {
  test('a now that is no time, or outside the years 0002 to 9998, is refused by name', () => {
    for (const now of [
      'soon',
      Number.NaN,
      8_640_000_000_000_000,
      '9999-01-01T00:00:00Z',
      '0001-12-31T23:59:59.999Z',
      new Date(Number.NaN),
    ]) {
      expect(() => createSandbox({ now })).toThrow(/^billing-kit: now ".*" is not a valid time/);
    }
    expect(
      createSandbox({ now: '9998-12-31T23:59:59.999Z' }).fixtures().products.length,
    ).toBeGreaterThan(0);
  });
});

describe('keys', () => {
  test('the sandbox hands out a test key and answers it', async () => {
    const { sandbox, client } = setup();
    expect(sandbox.apiKey).toMatch(/^creem_test_[A-Za-z0-9]+$/);
    const product = await client.products.retrieve({ product_id: 'prod_pro_monthly' });
    expect(product.name).toBe('Pro');
  });

  test('a missing key is 401 with the general body', async () => {
    const { raw } = setup();
    const answer = await raw('GET', '/v1/customers/list', { key: null });
    expect(answer.status).toBe(401);
    const body = expectGeneralError(answer.json, 401);
    expect(body.error).toBe('Unauthorized');
    expect(body.message.join(' ')).toMatch(/x-api-key/);
  });

  test('an unknown test key is 401, a production-format key 403', async () => {
    const { raw } = setup();
    expect((await raw('GET', '/v1/customers/list', { key: 'creem_test_nope' })).status).toBe(401);
    expect((await raw('GET', '/v1/customers/list', { key: 'whatever' })).status).toBe(401);
    const prod = await raw('GET', '/v1/customers/list', { key: 'creem_4Lg9aQx7' });
    expect(prod.status).toBe(403);
    expect(expectGeneralError(prod.json, 403).error).toBe('Forbidden');
  });

  test('the test key on the production host is 403, as a production key on the test host, in each body form', async () => {
    const { sandbox, raw } = setup();
    const onTestHost = await raw('GET', '/v1/customers/list', { key: 'creem_4Lg9aQx7' });
    const general = await raw('GET', '', { url: 'https://api.creem.io/v1/customers/list' });
    expect(general.status).toBe(403);
    const body = expectGeneralError(general.json, 403);
    expect(body.error).toBe('Forbidden');
    expect(body.message.join(' ')).toMatch(/test API key .*production environment.*test-api/);
    expect(Object.keys(general.json).sort()).toEqual(Object.keys(onTestHost.json).sort());
    // Upper case and a port change nothing; a POST writes nothing.
    expect(
      (await raw('GET', '', { url: 'https://API.creem.io:443/v1/products?product_id=prod_ebook' }))
        .status,
    ).toBe(403);
    const before = sandbox.inspect().checkouts.length;
    const post = await raw('POST', '', {
      url: 'https://api.creem.io/v1/checkouts',
      body: JSON.stringify({ product_id: 'prod_ebook' }),
    });
    expect(post.status).toBe(403);
    expect(sandbox.inspect().checkouts).toHaveLength(before);

    const credits = await raw('GET', '', {
      url: 'https://api.creem.io/v1/customer-credits/accounts',
    });
    expect(credits.status).toBe(403);
    const creditsBody = creditsErrorSchema.parse(credits.json);
    expect(creditsBody.error.type).toBe('authentication_error');
    expect(credits.headers.get('x-request-id')).toBe(creditsBody.error.request_id);
    const prodOnTestHost = await raw('GET', '/v1/customer-credits/accounts', {
      key: 'creem_4Lg9aQx7',
    });
    expect(creditsErrorSchema.parse(prodOnTestHost.json).error.type).toBe('authentication_error');

    // The test host and any other host still answer the test key.
    for (const url of [
      'https://test-api.creem.io/v1/customers/list',
      'https://elsewhere.test/v1/customers/list',
      'https://api.creem.io.example/v1/customers/list',
    ]) {
      expect({ url, status: (await raw('GET', '', { url })).status }).toEqual({ url, status: 200 });
    }
  });

  test('the client reports a wrong key as an auth error', async () => {
    const { sandbox } = setup();
    const client = createBillingClient({
      apiKey: 'creem_test_wrong',
      baseUrl: sandbox.baseUrl,
      fetch: sandbox.fetch,
    });
    await expect(client.customers.list()).rejects.toMatchObject({ kind: 'auth', status: 401 });
  });

  test('credits operations answer key errors in the credits body', async () => {
    const { raw } = setup();
    const answer = await raw('GET', '/v1/customer-credits/accounts', { key: null });
    expect(answer.status).toBe(401);
    const body = creditsErrorSchema.parse(answer.json);
    expect(body.error.type).toBe('authentication_error');
    expect(body.error.request_id).toMatch(/^req_/);
    expect(answer.headers.get('x-request-id')).toBe(body.error.request_id);
  });
});

describe('input validation', () => {
  test('a 400 lists every failing field by its path', async () => {
    const { raw } = setup();
    const answer = await raw('POST', '/v1/checkouts', {
      body: JSON.stringify({
        units: 0,
        custom_fields: [{ type: 'select', key: 'has space', label: '' }],
        success_url: 'ftp://example.com',
      }),
    });
    expect(answer.status).toBe(400);
    const { message, error } = expectGeneralError(answer.json, 400);
    expect(error).toBe('Bad Request');
    const fields = message.map((line) => line.split(' ')[0]);
    expect(fields).toEqual(
      expect.arrayContaining([
        'product_id',
        'units',
        'custom_fields.0.type',
        'custom_fields.0.key',
        'custom_fields.0.label',
        'success_url',
      ]),
    );
  });

  test('malformed JSON is 400', async () => {
    const { raw } = setup();
    const answer = await raw('POST', '/v1/checkouts', { body: '{"product_id": ' });
    expect(answer.status).toBe(400);
    expect(expectGeneralError(answer.json, 400).message[0]).toMatch(/not valid JSON/);
  });

  test('a body that is not an object is 400', async () => {
    const { raw } = setup();
    const answer = await raw('POST', '/v1/licenses/validate', { body: '[1, 2]' });
    expect(answer.status).toBe(400);
    expectGeneralError(answer.json, 400);
  });

  test('a JSON body not labelled application/json is not read, as the service reads only JSON bodies: 400 naming content-type', async () => {
    const { raw } = setup();
    const body = JSON.stringify({ customer_id: 'cust_ada' });
    // fetch labels a string body text/plain;charset=UTF-8 when the caller sets no content-type.
    for (const contentType of [null, 'text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await raw('POST', '/v1/customers/billing', { body, contentType });
      expect(answer.status, String(contentType)).toBe(400);
      expect(expectGeneralError(answer.json, 400).message[0]).toMatch(/^content-type /);
    }
    const credits = await raw('POST', '/v1/customer-credits/accounts/cca_any/credit', {
      body: JSON.stringify({ amount: '1', reference: 'r', idempotency_key: 'k' }),
      contentType: 'text/plain',
    });
    expect(credits.status).toBe(400);
    expect(creditsErrorSchema.parse(credits.json).error.param).toBe('content-type');
    // JSON with its charset, in any case, is read; no body needs no content-type.
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON']) {
      const answer = await raw('POST', '/v1/customers/billing', { body, contentType });
      expect(answer.status, contentType).toBe(200);
    }
    const empty = await raw('POST', '/v1/customers/billing', { contentType: null });
    expect(expectGeneralError(empty.json, 400).message).toEqual(['customer_id is required']);
  });

  test('query numbers are checked: page_number 0 and page_size "ten" both fail', async () => {
    const { raw } = setup();
    const answer = await raw('GET', '/v1/customers/list?page_number=0&page_size=ten');
    expect(answer.status).toBe(400);
    const fields = expectGeneralError(answer.json, 400).message.map((m) => m.split(' ')[0]);
    expect(fields).toEqual(['page_number', 'page_size']);
  });

  test('a query parameter given twice is 400 naming it, as the service reads it as a list, not its one value', async () => {
    const { raw } = setup();
    const twice = await raw('GET', '/v1/customers/list?page_size=2&page_size=5');
    expect(twice.status).toBe(400);
    expect(expectGeneralError(twice.json, 400).message).toEqual([
      'page_size must be given once, not 2 times',
    ]);
    const filter = await raw(
      'GET',
      '/v1/transactions/search?customer_id=cust_ada&customer_id=cust_grace',
    );
    expect(filter.status).toBe(400);
    const credits = await raw('GET', '/v1/customer-credits/accounts?limit=1&limit=1');
    expect(credits.status).toBe(400);
    expect(creditsErrorSchema.parse(credits.json).error.param).toBe('limit');
    // A parameter the operation does not take is ignored, repeated or not.
    expect((await raw('GET', '/v1/customers/list?utm=a&utm=b')).status).toBe(200);
    expect((await raw('GET', '/v1/products?product_id=prod_ebook&product_id=x')).status).toBe(400);
    const pathForm = await raw('GET', '/v1/products/prod_ebook?product_id=a&product_id=b');
    expect(pathForm.status).toBe(200);
  });

  test('credits operations answer a 400 in the credits body, naming the field', async () => {
    const { raw } = setup();
    const answer = await raw('GET', '/v1/customer-credits/accounts?limit=101');
    expect(answer.status).toBe(400);
    const body = creditsErrorSchema.parse(answer.json);
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.param).toBe('limit');
  });
});

describe('routing', () => {
  test('an unknown path is 404 in the general body', async () => {
    const { raw } = setup();
    const answer = await raw('GET', '/v1/nothing-here');
    expect(answer.status).toBe(404);
    expectGeneralError(answer.json, 404);
  });

  test('a known path under another method is 404 and says so', async () => {
    const { raw } = setup();
    const answer = await raw('DELETE', '/v1/customers/list');
    expect(answer.status).toBe(404);
    expect(expectGeneralError(answer.json, 404).message[0]).toMatch(/another method/);
  });

  test('a missing resource is 404 with the category "Bad Request", as the service answers', async () => {
    const { raw, client } = setup();
    const answer = await raw('GET', '/v1/subscriptions?subscription_id=sub_missing');
    expect(answer.status).toBe(404);
    const body = expectGeneralError(answer.json, 404);
    expect(body.error).toBe('Bad Request');
    expect(body.message[0]).toMatch(/sub_missing/);
    await expect(
      client.subscriptions.retrieve({ subscription_id: 'sub_missing' }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      status: 404,
    });
  });

  test('a baseUrl that is not an absolute http(s) URL is refused, naming the option', () => {
    for (const baseUrl of ['localhost:4010', 'ftp://127.0.0.1/x', '/__sandbox']) {
      expect(() => createSandbox({ baseUrl })).toThrow(
        `billing-kit: baseUrl "${baseUrl}" is not an absolute http(s) URL; pass one such as https://sandbox.billing-kit.test`,
      );
    }
  });

  test('a misspelt option or a seed that is no seed is refused, naming it', () => {
    const cases: [unknown, string][] = [
      [{ sed: 1 }, '`sed` is not an option; the options are seed, now, faults, baseUrl'],
      [{ seed: {} }, '`seed` must be a number or a string, such as 42'],
      [{ seed: Number.NaN }, '`seed` must be a number or a string, such as 42'],
      [{ faults: { errorrate: 0.5 } }, '`faults.errorrate` is not an option'],
      [{ faults: { seed: [1] } }, '`faults.seed` must be a number or a string'],
      [{ faults: 0.5 }, '`faults` must be an object such as { errorRate: 0.1 }'],
      [{ baseUrl: new URL('http://localhost:4010') }, '`baseUrl` must be a URL string'],
    ];
    for (const [options, message] of cases) {
      expect(() => createSandbox(options as SandboxOptions), JSON.stringify(options)).toThrow(
        `billing-kit: createSandbox's ${message}`,
      );
    }
    expect(() => createSandbox(null as unknown as SandboxOptions)).toThrow(
      /^billing-kit: createSandbox takes an options object/,
    );
    expect(createSandbox({ seed: 'shop', faults: { seed: 7 } }).apiKey).toMatch(/^creem_test_/);
  });

  test('listen refuses a port or host it cannot bind, saying what to pass', async () => {
    const sandbox = createSandbox();
    for (const port of [-1, 65_536, 1.5, Number.NaN]) {
      await expect(sandbox.listen(port)).rejects.toThrow(
        `billing-kit: listen's port must be a whole number from 0 to 65535 (0 picks a free one), got ${port}`,
      );
    }
    await expect(sandbox.listen(0, '')).rejects.toThrow(/^billing-kit: listen's host must be/);
  });

  test('the host is ignored and the base path is a prefix every request carries', async () => {
    const sandbox = createSandbox({ baseUrl: 'http://localhost:5173/__sandbox/' });
    expect(sandbox.baseUrl).toBe('http://localhost:5173/__sandbox');
    const headers = { 'x-api-key': sandbox.apiKey };
    const other = await sandbox.fetch(
      'https://elsewhere.test/__sandbox/v1/products?product_id=prod_ebook',
      {
        headers,
      },
    );
    expect(other.status).toBe(200);
    expect(productSchema.parse(await other.json()).id).toBe('prod_ebook');
    const outside = await sandbox.fetch('http://localhost:5173/v1/products?product_id=prod_ebook', {
      headers,
    });
    expect(outside.status).toBe(404);
    const relative = await sandbox.fetch('/v1/products?product_id=prod_ebook', { headers });
    expect(relative.status).toBe(200);
  });

  test('through fetch (in process, no server behind it), links point at the configured baseUrl', async () => {
    const sandbox = createSandbox({ baseUrl: 'http://localhost:5173/__sandbox' });
    const response = await sandbox.fetch('http://127.0.0.1:9999/__sandbox/v1/checkouts', {
      method: 'POST',
      headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: 'prod_pro_monthly' }),
    });
    const checkout = (await response.json()) as { id: string; checkout_url: string };
    expect(checkout.checkout_url).toBe(`http://localhost:5173/__sandbox/checkout/${checkout.id}`);
    // The page at that link answers through the same fetch, and its form posts stay there.
    const page = await sandbox.fetch(checkout.checkout_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      `action="http://localhost:5173/__sandbox/checkout/${checkout.id}/pay"`,
    );
  });

  test('a client of the service’s test environment (or none) on sandbox.fetch gets links to the sandbox', async () => {
    for (const environment of [undefined, 'test'] as const) {
      const sandbox = createSandbox();
      const client = createBillingClient({
        apiKey: sandbox.apiKey,
        fetch: sandbox.fetch,
        ...(environment ? { environment } : {}),
      });
      expect(client.baseUrl).not.toBe(sandbox.baseUrl);
      const checkout = await client.checkouts.create({ product_id: 'prod_pro_monthly' });
      expect(checkout.checkout_url).toBe(`${DEFAULT_SANDBOX_BASE_URL}/checkout/${checkout.id}`);
      const page = await sandbox.fetch(checkout.checkout_url ?? '');
      expect(page.status).toBe(200);
      const { customer_portal_link: link } = await client.customers.createPortalLink({
        customer_id: 'cust_grace',
      });
      expect(link.startsWith(`${DEFAULT_SANDBOX_BASE_URL}/portal/cust_grace?session=`)).toBe(true);
      expect((await sandbox.fetch(link)).status).toBe(200);
    }
  });

  test('through handle (a server of ours behind it), links point at the address the request came in on', async () => {
    const sandbox = createSandbox({ baseUrl: 'http://localhost:5173/__sandbox' });
    const response = await sandbox.handle(
      new Request('http://127.0.0.1:9999/__sandbox/v1/checkouts', {
        method: 'POST',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: 'prod_pro_monthly' }),
      }),
    );
    const checkout = (await response.json()) as { id: string; checkout_url: string };
    expect(checkout.checkout_url).toBe(`http://127.0.0.1:9999/__sandbox/checkout/${checkout.id}`);
    const page = await sandbox.handle(new Request(checkout.checkout_url));
    expect(await page.text()).toContain(
      `action="http://127.0.0.1:9999/__sandbox/checkout/${checkout.id}/pay"`,
    );
  });

  test('the default base URL and the product retrieve in both forms', async () => {
    const { sandbox, raw } = setup();
    expect(sandbox.baseUrl).toBe(DEFAULT_SANDBOX_BASE_URL);
    const byQuery = await raw('GET', '/v1/products?product_id=prod_lifetime');
    const byPath = await raw('GET', '/v1/products/prod_lifetime');
    expect(byPath.status).toBe(200);
    expect(byPath.json).toEqual(byQuery.json);
    expect(endpoints.retrieveProduct.response.safeParse(byPath.json).success).toBe(true);
    expect((await raw('GET', '/v1/products/prod_nope')).status).toBe(404);
  });

  test('fetch takes a Request too, and rejects at once when its signal is already aborted', async () => {
    const { sandbox } = setup();
    const request = new Request(`${sandbox.baseUrl}/v1/products?product_id=prod_ebook`, {
      headers: { 'x-api-key': sandbox.apiKey },
    });
    expect((await sandbox.fetch(request)).status).toBe(200);
    expect((await sandbox.handle(request.clone())).status).toBe(200);
    const controller = new AbortController();
    controller.abort();
    await expect(
      sandbox.fetch(`${sandbox.baseUrl}/v1/customers/list`, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('a bad baseUrl or now is refused with a message that says what to pass', () => {
    expect(() => createSandbox({ baseUrl: 'not a url' })).toThrow(/billing-kit: baseUrl/);
    expect(() => createSandbox({ now: 'yesterday' })).toThrow(/billing-kit: now/);
  });
});

describe('determinism and the clock', () => {
  test('the same seed gives the same fixtures, key and ids; another seed differs', async () => {
    const a = createSandbox({ seed: 42 });
    const b = createSandbox({ seed: 42 });
    expect(b.fixtures()).toEqual(a.fixtures());
    expect(b.inspect()).toEqual(a.inspect());
    expect(b.apiKey).toBe(a.apiKey);
    const create = (s: typeof a) =>
      s
        .fetch('/v1/checkouts', {
          method: 'POST',
          headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ product_id: 'prod_ebook' }),
        })
        .then((r) => r.json());
    expect(await create(b)).toEqual(await create(a));
    const c = createSandbox({ seed: 43 });
    expect(c.fixtures()).not.toEqual(a.fixtures());
    // The demo's customers and the catalog keep their ids whatever the seed.
    expect(c.fixtures().customers.map((x) => x.id)).toEqual(
      expect.arrayContaining(['cust_ada', 'cust_grace', 'cust_linus']),
    );
    expect(c.fixtures().products.map((p) => p.id)).toEqual(a.fixtures().products.map((p) => p.id));
  });

  test('a string seed works as well as a number', () => {
    expect(createSandbox({ seed: 'demo' }).fixtures()).toEqual(
      createSandbox({ seed: 'demo' }).fixtures(),
    );
  });

  test('now is a fixed instant by default and may be a Date, ISO string, number or function', async () => {
    const { client } = setup();
    const stats = await client.request('getStatsSummary', { currency: 'USD' });
    expect(stats.totals.totalProducts).toBe(10);
    const errorTime = async (s: ReturnType<typeof createSandbox>) => {
      const r = await s.fetch('/v1/customers/list');
      return ((await r.json()) as { timestamp: number }).timestamp;
    };
    expect(await errorTime(createSandbox())).toBe(Date.parse(SANDBOX_EPOCH));
    const at = Date.parse('2027-03-01T00:00:00Z');
    expect(await errorTime(createSandbox({ now: new Date(at) }))).toBe(at);
    expect(await errorTime(createSandbox({ now: '2027-03-01T00:00:00Z' }))).toBe(at);
    expect(await errorTime(createSandbox({ now: at }))).toBe(at);
    let t = at;
    const moving = createSandbox({ now: () => t });
    t += 5000;
    expect(await errorTime(moving)).toBe(at + 5000);
  });

  test('fixtures show discount and license statuses as the API answers them at the clock', async () => {
    let t = Date.parse(SANDBOX_EPOCH);
    const sandbox = createSandbox({ now: () => t });
    const headers = { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' };
    /** Each live discount's and each license's status: [fixtures, API answer]. */
    const statuses = async () => {
      const fixtures = sandbox.fixtures();
      const pairs: Record<string, [string, string]> = {};
      for (const d of fixtures.discounts.filter((d) => d.status !== 'deleted')) {
        const r = await sandbox.fetch(`/v1/discounts?discount_code=${d.code}`, { headers });
        expect(r.status, d.code).toBe(200);
        pairs[d.code] = [d.status, ((await r.json()) as { status: string }).status];
      }
      for (const l of fixtures.licenses) {
        const r = await sandbox.fetch('/v1/licenses/validate', {
          method: 'POST',
          headers,
          body: JSON.stringify({ key: l.key, instance_id: l.instances[0]?.id }),
        });
        expect(r.status, l.id).toBe(200);
        pairs[l.id] = [l.status, ((await r.json()) as { status: string }).status];
      }
      return pairs;
    };
    const agree = (pairs: Record<string, [string, string]>) => {
      for (const [name, [fixture, api]] of Object.entries(pairs)) expect(fixture, name).toBe(api);
    };
    const now = await statuses();
    agree(now);
    // Seeded `active` with an expiry_date ten days before the clock.
    expect(now.BLACKFRIDAY).toEqual(['expired', 'expired']);
    const active = Object.keys(now).filter((k) => k.startsWith('lic') && now[k]?.[0] === 'active');
    // Past every seeded expiry: the launch offer (90 days), Grace's yearly license (165 days).
    t += 200 * 86_400_000;
    const later = await statuses();
    agree(later);
    expect(later.LAUNCH20).toEqual(['expired', 'expired']);
    expect(active.some((id) => later[id]?.[0] === 'expired')).toBe(true);
  });

  test('seeded data is laid out relative to now', () => {
    const at = Date.parse('2030-06-01T00:00:00Z');
    const sandbox = createSandbox({ now: at });
    const ada = sandbox
      .fixtures()
      .subscriptions.find(
        (s) => s.status === 'active' && (s.customer as { id: string }).id === 'cust_ada',
      );
    expect(ada).toBeDefined();
    const start = Date.parse(ada?.current_period_start_date ?? '');
    const end = Date.parse(ada?.current_period_end_date ?? '');
    expect(start).toBeLessThanOrEqual(at);
    expect(end).toBeGreaterThan(at);
  });
});

describe('the seed', () => {
  const sandbox = createSandbox();
  const fixtures = sandbox.fixtures();
  const inspection = sandbox.inspect();

  test('fixtures are the service shapes, each parsing with its contract schema', () => {
    expect(Object.keys(fixtures).sort()).toEqual(
      ['credit_accounts', 'customers', 'discounts', 'licenses', 'products', 'subscriptions'].sort(),
    );
    for (const product of fixtures.products) productSchema.parse(product);
    for (const subscription of fixtures.subscriptions) subscriptionSchema.parse(subscription);
  });

  test('a field the contract does not mark nullable is left out when empty, never null', async () => {
    const { client } = setup();
    const nulls = (record: object, keys: readonly string[]) =>
      keys.filter((key) => (record as Record<string, unknown>)[key] === null);
    const subscriptionKeys = [
      'last_transaction_id',
      'last_transaction_date',
      'next_transaction_date',
      'current_period_start_date',
      'current_period_end_date',
      'metadata',
    ];
    // Canceled subscriptions have no next charge, some none paid yet: both occur in the seed.
    expect(fixtures.subscriptions.some((s) => s.next_transaction_date === undefined)).toBe(true);
    for (const s of fixtures.subscriptions) expect(nulls(s, subscriptionKeys), s.id).toEqual([]);
    const listed = await client.customers.listSubscriptions({ customer_id: 'cust_linus' });
    for (const s of listed.items) expect(nulls(s, subscriptionKeys), s.id).toEqual([]);
    expect(fixtures.discounts.some((d) => d.expiry_date === undefined)).toBe(true);
    for (const d of fixtures.discounts) {
      expect(nulls(d, ['expiry_date', 'max_redemptions']), d.code).toEqual([]);
      // A deleted discount is a 404; every other one is read back.
      if (d.status === 'deleted') continue;
      const read = await client.discounts.retrieve({ discount_id: d.id });
      expect(nulls(read, ['expiry_date', 'max_redemptions']), d.code).toEqual([]);
    }
  });

  test('the catalog covers both billing types, every period, both tax modes and statuses', () => {
    const { products } = fixtures;
    const values = (key: 'billing_type' | 'billing_period' | 'tax_mode' | 'status') =>
      new Set(products.map((p) => p[key]));
    expect(values('billing_type')).toEqual(new Set(['recurring', 'onetime']));
    expect(values('billing_period')).toEqual(new Set(billingPeriods));
    expect(values('tax_mode')).toEqual(new Set(['inclusive', 'exclusive']));
    expect(values('status')).toEqual(new Set(['active', 'archived']));
    expect(new Set(products.flatMap((p) => (p.features ?? []).map((f) => f.type)))).toEqual(
      new Set(featureTypes),
    );
    const fields = products.flatMap((p) => p.custom_fields ?? []);
    expect(new Set(fields.map((f) => f.type))).toEqual(new Set(['text', 'checkbox']));
    expect(
      fields.some((f) =>
        f.checkbox?.label?.includes('<a href="https://example.com/terms">terms</a>'),
      ),
    ).toBe(true);
  });

  test('demo customers with friendly names, and subscriptions in every status', () => {
    const byId = new Map(fixtures.customers.map((c) => [c.id, c]));
    expect(byId.get('cust_ada')).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(byId.get('cust_grace')).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
    expect(byId.get('cust_linus')).toMatchObject({
      name: 'Linus Torvalds',
      email: 'linus@example.com',
    });
    expect(fixtures.customers.length).toBeGreaterThanOrEqual(3);
    expect(new Set(fixtures.subscriptions.map((s) => s.status))).toEqual(
      new Set(subscriptionStatuses),
    );
    const demo = fixtures.subscriptions.filter((s) =>
      ['cust_ada', 'cust_grace', 'cust_linus'].includes((s.customer as { id: string }).id),
    );
    expect(new Set(demo.map((s) => s.status))).toEqual(new Set(subscriptionStatuses));
  });

  test('discounts in every status, both types and every duration', () => {
    const { discounts } = fixtures;
    expect(new Set(discounts.map((d) => d.status))).toEqual(new Set(discountStatuses));
    expect(new Set(discounts.map((d) => d.type))).toEqual(new Set(['percentage', 'fixed']));
    expect(new Set(discounts.map((d) => d.duration))).toEqual(new Set(discountDurations));
  });

  test('licenses in every status, each with instances', () => {
    expect(new Set(fixtures.licenses.map((l) => l.status))).toEqual(new Set(licenseStatuses));
    for (const license of fixtures.licenses) expect(license.instances.length).toBeGreaterThan(0);
  });

  test('credit accounts in every status; one with more than a thousand entries', () => {
    expect(new Set(fixtures.credit_accounts.map((a) => a.status))).toEqual(
      new Set(creditsAccountStatuses),
    );
    const counts = new Map<string, number>();
    for (const entry of inspection.credit_entries) {
      counts.set(entry.account_id, (counts.get(entry.account_id) ?? 0) + 1);
    }
    const ada = fixtures.credit_accounts.find((a) => a.customer_id === 'cust_ada');
    expect(counts.get(ada?.id ?? '')).toBeGreaterThan(1000);
  });

  test("Ada's history mixes grants, usage and reversals, and never runs below zero", () => {
    const ada = fixtures.credit_accounts.find((a) => a.customer_id === 'cust_ada');
    const entries = inspection.credit_entries.filter((e) => e.account_id === ada?.id);
    let running = 0n;
    for (const entry of entries) {
      running += (entry.side === 'credit' ? 1n : -1n) * BigInt(entry.amount);
      expect(running >= 0n).toBe(true);
    }
    expect(String(running)).toBe(inspection.credit_balances[ada?.id ?? '']);
    expect(new Set(entries.map((e) => e.side))).toEqual(new Set(['credit', 'debit']));
    const touched = inspection.credit_transactions.filter((t) =>
      t.entries.some((e) => e.account_id === ada?.id),
    );
    expect(touched.filter((t) => t.reversal_of).length).toBeGreaterThan(0);
    const times = entries.map((e) => Date.parse(e.created_at));
    expect(times.every((t, i) => i === 0 || t >= (times[i - 1] as number))).toBe(true);
  });

  test('transactions of several statuses, and inspect holds every collection', () => {
    expect(new Set(inspection.transactions.map((t) => t.status)).size).toBeGreaterThanOrEqual(6);
    for (const key of [
      'checkouts',
      'orders',
      'transactions',
      'credit_transactions',
      'credit_entries',
      'credit_system_accounts',
    ] as const) {
      expect(Array.isArray(inspection[key])).toBe(true);
    }
    expect(inspection.orders.length).toBeGreaterThan(0);
  });
});

describe('generateTransactions', () => {
  test('appends paid transactions that the numbered search pages through, newest first', async () => {
    const sandbox = createSandbox({ seed: 3 });
    const before = (await searchOf(sandbox, 'cust_ada', 1, 1)).pagination.total_records;
    const ids = sandbox.generateTransactions('cust_ada', 250);
    const first = await searchOf(sandbox, 'cust_ada', 1, 100);
    expect(first.pagination.total_records).toBe(before + 250);
    expect(first.items[0]?.id).toBe(ids.at(-1));
    const third = await searchOf(sandbox, 'cust_ada', 3, 100);
    // Newest first: the 201st newest is the 50th generated.
    expect(third.items[0]?.id).toBe(ids[49]);
    expect(() => sandbox.generateTransactions('cust_nobody', 1)).toThrow(/known customer/);
  });
});

async function searchOf(
  sandbox: ReturnType<typeof createSandbox>,
  customer: string,
  page: number,
  size: number,
) {
  const response = await sandbox.fetch(
    `/v1/transactions/search?customer_id=${customer}&page_number=${page}&page_size=${size}`,
    { headers: { 'x-api-key': sandbox.apiKey } },
  );
  return (await response.json()) as {
    items: { id: string }[];
    pagination: { total_records: number };
  };
}
