// Fuzzing the proxy with fast-check: 10,000 requests in all, across paths, methods, queries,
// bodies and headers, against the real sandbox. Whatever comes in, the answer is never a 5xx,
// always JSON (a HEAD: no body at all), an error always in the proxy's body naming
// a field, and no promise is left rejected. The seed is printed; rerun one with FUZZ_SEED=<seed>.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsWithKey, keyLeaks, ORIGIN, proxyHarness } from '../../test/support/proxy-harness.js';
import { proxyErrorSchema, proxyRoutes } from '../contract/proxy.js';

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason);
};
let cases = 0;
/** How many answers of each status, printed so a run shows how deep the requests reached. */
const statuses = new Map<number, number>();

beforeAll(() => {
  console.log(`billing-kit proxy fuzz: seed ${seed} (rerun with FUZZ_SEED=${seed})`);
  process.on('unhandledRejection', onUnhandled);
});

afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  const tally = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(`billing-kit proxy fuzz: ${cases} requests, seed ${seed}: ${tally.join(' ')}`);
  expect(unhandled).toEqual([]);
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
  expect(cases).toBeGreaterThanOrEqual(10_000);
});

const h = proxyHarness({ rateLimit: { limit: 50 } });
const inspection = h.sandbox.inspect();

/** Real ids of every kind (A's and B's), so fuzzed requests reach deep into the routes. */
const realIds = [
  ...inspection.products.map((p) => p.id),
  ...inspection.subscriptions.map((s) => s.id),
  ...inspection.customers.slice(0, 4).map((c) => c.id),
  ...inspection.credit_accounts.map((a) => a.id),
  ...inspection.credit_entries.slice(0, 10).map((e) => e.id),
  ...inspection.credit_entries.slice(0, 5).map((e) => e.transaction_id),
  ...inspection.discounts.map((d) => d.code),
  ...inspection.discounts.map((d) => d.id),
  ...inspection.licenses.map((l) => l.key),
  ...inspection.licenses.flatMap((l) => l.instances.map((i) => i.id)),
  ...inspection.transactions.slice(0, 5).flatMap((t) => [t.id, t.order ?? 'ord_x']),
];
const nobody = h.session({ id: 'cust_nobody' });
/** Session cookies: signed out, A, B, others, an email-only buyer, an id the service lacks. */
const sessions = [
  undefined,
  h.session({ id: 'cust_ada' }),
  h.session({ id: 'cust_grace' }),
  h.session({ id: 'cust_linus', email: 'linus@example.com' }),
  h.session({ email: 'new.buyer@example.com' }),
  nobody,
];

const printable = (max: number) => fc.string({ maxLength: max, unit: 'grapheme-ascii' });
const anyText = (max: number) =>
  fc.oneof(
    printable(max),
    fc.string({ maxLength: max, unit: 'grapheme' }),
    fc.string({ maxLength: max, unit: 'binary' }),
  );
const weird = fc.constantFrom(
  '',
  '.',
  '%00',
  '%2F',
  '%2e%2e',
  '%E0%A4%A',
  '%',
  '\u202e',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '0',
  '-1',
  'x'.repeat(300),
  '😀',
  '<script>',
);
/** One path segment, as it would appear in a URL (encoded, or raw oddities). */
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...realIds) },
  { weight: 2, arbitrary: weird },
  { weight: 2, arbitrary: anyText(24).map((s) => encodeURIComponent(s)) },
  { weight: 1, arbitrary: fc.webSegment() },
);
const templates = Object.values(proxyRoutes).map((r) => r.path);
/** Ids of the kind each placeholder takes (A's and B's alike), so requests reach the routes. */
const idsByPlaceholder: Record<string, string[]> = {
  subscription_id: inspection.subscriptions.map((s) => s.id),
  account_id: inspection.credit_accounts.map((a) => a.id),
  code: inspection.discounts.map((d) => d.code),
  discount_id: inspection.discounts.map((d) => d.id),
};
/** A value for one placeholder: mostly a real id of its kind, else any segment. */
const placeholder = (name: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(idsByPlaceholder[name] ?? realIds)) },
    { weight: 2, arbitrary: segment },
  );
/** A route's path with its placeholders filled. */
const fill = (template: string) => {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  return fc.tuple(...names.map(placeholder)).map((values) => {
    let n = 0;
    return template.replace(/\{\w+\}/g, () => values[n++] as string);
  });
};
const routePath = fc.constantFrom(...templates).chain(fill);
const randomPath = fc.oneof(
  fc
    .array(fc.oneof(segment, fc.constantFrom(...templates.flatMap((t) => t.split('/')))), {
      maxLength: 7,
    })
    .map((parts) => `/${parts.join('/')}`),
  fc.webPath(),
);
const prefix = fc.oneof(
  { weight: 9, arbitrary: fc.constant('/api/billing') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '/api', '/api/billingx', '/API/billing', '//api/billing'),
  },
);
const queryKey = fc.oneof(
  fc.constantFrom(
    'page',
    'page_size',
    'limit',
    'starting_after',
    'ending_before',
    'order_id',
    'product_id',
    'customer_id',
    'currency',
    'startDate',
    'endDate',
    'interval',
    'discount_id',
    'discount_code',
  ),
  printable(8),
);
const queryValue = fc.oneof(
  fc.constantFrom(...realIds),
  fc.constantFrom(
    '-1',
    '0',
    '1',
    '2',
    '1e3',
    'NaN',
    'Infinity',
    '100',
    '101',
    '1.5',
    'USD',
    'EUR',
    'day',
    ' 1',
    '0x10',
  ),
  fc.integer().map(String),
  anyText(20),
);
const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 5 }).map((pairs) => {
  const search = new URLSearchParams();
  for (const [k, v] of pairs) search.append(k, v);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
});

const jsonish = fc.oneof(
  fc.constantFrom(...realIds),
  fc.jsonValue({ maxDepth: 2 }),
  anyText(30),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, -1, 0, 1, 2 ** 53, '1', '0.5', '-3', '1e3'),
);
const url = fc.oneof(
  fc.constantFrom(
    `${ORIGIN}/thanks`,
    'https://evil.test/',
    '//evil.test',
    'javascript:alert(1)',
    `${ORIGIN}.evil.test/`,
    `${ORIGIN}@evil.test/`,
  ),
  fc.webUrl(),
  anyText(30),
);
/** Bodies shaped like the routes' own, with every field fuzzed and any subset present. */
const routeBody = fc.record(
  {
    product_id: fc.oneof(fc.constantFrom(...inspection.products.map((p) => p.id)), jsonish),
    request_id: fc.oneof(printable(40), jsonish),
    units: fc.oneof(fc.integer({ min: -2, max: 1000 }), jsonish),
    custom_price: fc.oneof(fc.integer({ min: -1, max: 100000 }), jsonish),
    discount_code: fc.oneof(fc.constantFrom(...inspection.discounts.map((d) => d.code)), jsonish),
    custom_fields: fc.oneof(
      fc.array(
        fc.record(
          {
            type: fc.constantFrom('text', 'checkbox', 'radio'),
            key: fc.oneof(fc.stringMatching(/^[a-z0-9]{1,10}$/), printable(10)),
            label: printable(20),
            optional: fc.boolean(),
            text: fc.record(
              { max_length: fc.integer({ min: -1, max: 300 }) },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      ),
      jsonish,
    ),
    metadata: fc.oneof(fc.dictionary(printable(8), jsonish, { maxKeys: 4 }), jsonish),
    success_url: url,
    update_behavior: fc.oneof(
      fc.constantFrom('proration-charge-immediately', 'proration-charge', 'proration-none'),
      jsonish,
    ),
    key: fc.oneof(fc.constantFrom(...inspection.licenses.map((l) => l.key)), jsonish),
    instance_id: fc.oneof(fc.constantFrom(...realIds), jsonish),
    amount: fc.oneof(
      fc.constantFrom('1', '0', '-1', '0.0001', '1'.repeat(60), '1e3', 'NaN'),
      jsonish,
    ),
    reference: jsonish,
    idempotency_key: fc.oneof(printable(20), jsonish),
    transaction_id: fc.oneof(fc.constantFrom(...realIds), jsonish),
    customer: fc.record({ id: fc.constantFrom(...realIds) }),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  { weight: 2, arbitrary: fc.constant<BodyInit | undefined>(undefined) },
  { weight: 6, arbitrary: routeBody.map((b) => JSON.stringify(b) as BodyInit) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) as BodyInit) },
  { weight: 1, arbitrary: anyText(60).map((s) => s as BodyInit) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<BodyInit>(
      '{"__proto__":{"admin":true},"product_id":"prod_pro_monthly"}',
      '{"constructor":{"prototype":{"admin":true}},"key":"k","instance_id":"i"}',
      '{"product_id":"prod_pro_monthly","product_id":"prod_lifetime"}',
      '{"amount":"1","idempotency_key":"k","reference":null}',
      '\ufeff{"product_id":"prod_pro_monthly"}',
      'null',
      '{}',
    ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 80 }).map((b) => b as BodyInit) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 60_000, max: 70_000 }).map(
      (n) =>
        JSON.stringify({
          product_id: 'prod_pro_monthly',
          metadata: { pad: 'x'.repeat(n) },
        }) as BodyInit,
    ),
  },
);
const headerValue = fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,30}$/);
const headers = fc.record(
  {
    origin: fc.oneof(
      fc.constantFrom(
        ORIGIN,
        ORIGIN,
        'https://evil.test',
        'null',
        `${ORIGIN}/`,
        'http://shop.test',
      ),
      headerValue,
    ),
    'content-type': fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
      ),
      headerValue,
    ),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'same-site', 'none'),
    'x-forwarded-for': headerValue,
    accept: headerValue,
  },
  { requiredKeys: [] },
);
const method = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('PUT', 'PATCH', 'OPTIONS', 'HEAD', 'get', 'post', 'PROPFIND'),
  },
);
const who = fc.record({ as: fc.constantFrom(...sessions), admin: fc.boolean() });

type Case = {
  method: string;
  path: string;
  body: BodyInit | undefined;
  headers: Record<string, string>;
  as: string | undefined;
  admin: boolean;
};

/** Sends one fuzzed request and checks the answer. */
async function check(c: Case): Promise<void> {
  cases++;
  const headersInit = new Headers(c.headers);
  const cookies = [];
  if (c.as) cookies.push(c.as);
  if (c.admin) cookies.push('admin=yes');
  if (cookies.length) headersInit.set('cookie', cookies.join('; '));
  const m = c.method.toUpperCase();
  const request = new Request(`${ORIGIN}${c.path}`, {
    method: c.method,
    headers: headersInit,
    body: m === 'GET' || m === 'HEAD' ? undefined : c.body,
  });
  const response = await h.handler(request);
  const text = await response.text();
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  if (m === 'HEAD') {
    expect(response.status, `${c.method} ${c.path}`).toBeLessThan(500);
    expect(text).toBe('');
    return;
  }
  const json: unknown = JSON.parse(text);
  expect(response.status, `${c.method} ${c.path} → ${text.slice(0, 200)}`).toBeLessThan(500);
  if (response.status >= 400) {
    const error = proxyErrorSchema.parse(json);
    expect(error.status).toBe(response.status);
    expect(error.fields?.length ?? 0, `${c.method} ${c.path} → ${text}`).toBeGreaterThan(0);
    expect(response.headers.get('cache-control')).toBe('no-store');
  }
}

describe('the proxy under fuzzing', () => {
  const run = (numRuns: number, offset: number) => ({
    numRuns,
    seed: seed + offset,
    endOnFailure: true,
  });

  it('answers any path and method (3,000 requests)', async () => {
    await fc.assert(
      fc.asyncProperty(
        method,
        prefix,
        fc.oneof(randomPath, routePath),
        query,
        who,
        async (m, p, path, q, w) => {
          await check({
            method: m,
            path: `${p}${path}${q}`,
            body: undefined,
            headers: {},
            as: w.as,
            admin: w.admin,
          });
        },
      ),
      run(3000, 0),
    );
  }, 300_000);

  it('answers any query on every read route (3,000 requests)', async () => {
    await fc.assert(
      fc.asyncProperty(routePath, query, who, headers, async (path, q, w, hs) => {
        await check({
          method: 'GET',
          path: `/api/billing${path}${q}`,
          body: undefined,
          headers: hs,
          as: w.as,
          admin: w.admin,
        });
      }),
      run(3000, 1),
    );
  }, 300_000);

  it('answers any body and headers on every write route (3,000 requests)', async () => {
    const writes = Object.values(proxyRoutes).filter((r) => r.method !== 'GET');
    const write = fc
      .constantFrom(...writes)
      .chain((r) =>
        fc.tuple(
          fill(r.path),
          fc.oneof(
            { weight: 9, arbitrary: fc.constant(r.method as string) },
            { weight: 1, arbitrary: fc.constantFrom('POST', 'DELETE') },
          ),
        ),
      );
    // Mostly what the shop's own page sends, so bodies get past the CSRF gate and are read.
    const writeHeaders = fc.oneof(
      {
        weight: 7,
        arbitrary: fc.constantFrom<Record<string, string>>(
          { origin: ORIGIN, 'content-type': 'application/json' },
          { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json; charset=utf-8' },
        ),
      },
      { weight: 3, arbitrary: headers },
    );
    await fc.assert(
      fc.asyncProperty(write, body, writeHeaders, who, async ([path, m], b, hs, w) => {
        await check({
          method: m,
          path: `/api/billing${path}`,
          body: b,
          headers: hs,
          as: w.as,
          admin: w.admin,
        });
      }),
      run(3000, 2),
    );
  }, 300_000);

  it('answers anything at all (1,000 requests)', async () => {
    await fc.assert(
      fc.asyncProperty(
        method,
        prefix,
        fc.oneof(routePath, randomPath),
        query,
        body,
        headers,
        who,
        async (m, p, path, q, b, hs, w) => {
          await check({
            method: m,
            path: `${p}${path}${q}`,
            body: b,
            headers: hs,
            as: w.as,
            admin: w.admin,
          });
        },
      ),
      run(1000, 3),
    );
  }, 300_000);
});
