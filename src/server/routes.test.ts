// Every route of the proxy, through the real handler against the real sandbox.
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  errorsWithKey,
  inOneRateLimitWindow,
  keyLeaks,
  ORIGIN,
  proxyHarness,
} from '../../test/support/proxy-harness.js';
import { addAmounts } from '../contract/amount.js';
import {
  creditsBalanceSchema,
  discountPreviewSchema,
  proxyErrorSchema,
} from '../contract/proxy.js';
import { generalErrorBody } from '../sandbox/errors.js';
import { createBillingHandler } from './handler.js';
import { CatalogProductError } from './index.js';

/**
 * Makes the service answer `status` with its general error body to each request whose URL
 * `when` picks, as a busy or refusing service would; the rest go to the sandbox.
 */
function serviceRefuses(
  h: ReturnType<typeof proxyHarness>,
  when: (url: string) => boolean,
  status: number,
  messages: string[],
  headers: Record<string, string> = {},
): void {
  const sandboxFetch = h.sandbox.fetch;
  h.sandbox.fetch = async (input, init) => {
    if (!when(String(input))) return sandboxFetch(input, init);
    return new Response(JSON.stringify(generalErrorBody(status, messages, 't', 0)), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  };
}

const ADA = 'cust_ada';
const GRACE = 'cust_grace';

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

/** Asserts the proxy error body and that it names at least one field. */
function expectError(answer: { status: number; json: unknown }, status: number, field?: string) {
  expect(answer.status).toBe(status);
  const parsed = proxyErrorSchema.parse(answer.json);
  expect(parsed.status).toBe(status);
  expect(parsed.trace_id).toMatch(/^bk_/);
  if (status < 500) {
    expect(parsed.fields?.length).toBeGreaterThan(0);
    if (field !== undefined) expect(parsed.fields?.map((f) => f.field)).toContain(field);
  }
  return parsed;
}

describe('GET /products', () => {
  it('serves the catalog in configured order, resolved once and then from the cache', async () => {
    const h = proxyHarness({ products: ['prod_pro_yearly', 'prod_starter_monthly'] });
    const first = await h.call('GET', '/products');
    expect(first.status).toBe(200);
    expect((first.body.items as { id: string }[]).map((p) => p.id)).toEqual([
      'prod_pro_yearly',
      'prod_starter_monthly',
    ]);
    expect(first.headers.get('cache-control')).toBe('private, max-age=60');
    const calls = h.upstream.length;
    expect(calls).toBe(2);
    await h.call('GET', '/products');
    expect(h.upstream.length).toBe(calls);
  });

  it('leaves out an unknown or archived product, tells the seller, and serves the rest', async () => {
    const h = proxyHarness({
      products: ['prod_starter_monthly', 'prod_nope', 'prod_legacy_monthly', 'prod_pro_monthly'],
    });
    const answer = await h.call('GET', '/products');
    expect(answer.status).toBe(200);
    expect((answer.body.items as { id: string }[]).map((p) => p.id)).toEqual([
      'prod_starter_monthly',
      'prod_pro_monthly',
    ]);
    const reported = h.errors.filter((e) => e instanceof CatalogProductError);
    expect(reported.map((e) => [e.productId, e.reason])).toEqual([
      ['prod_nope', 'unknown'],
      ['prod_legacy_monthly', 'archived'],
    ]);
    expect(reported[0]?.message).toMatch(/products\[1\] "prod_nope" does not exist/);
  });

  it('without onError, logs each catalog mistake once per handler to console.error', async () => {
    const logged: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
    try {
      const products = ['prod_starter_monthly', 'prod_nope', 'prod_legacy_monthly'];
      // No cache, so every request resolves the catalog again and meets both mistakes.
      const h = proxyHarness({ products, catalogTtlMs: 0, onError: undefined });
      for (let i = 0; i < 3; i++) {
        const answer = await h.call('GET', '/products');
        expect((answer.body.items as { id: string }[]).map((p) => p.id)).toEqual([
          'prod_starter_monthly',
        ]);
      }
      expect(logged.map((args) => args.map(String).join(' '))).toEqual([
        expect.stringMatching(
          /^CatalogProductError: billing-kit: products\[1\] "prod_nope" does not exist/,
        ),
        expect.stringMatching(
          /^CatalogProductError: billing-kit: products\[2\] "prod_legacy_monthly" is archived/,
        ),
      ]);
      for (const args of logged) {
        expect(args[0]).toBeInstanceOf(CatalogProductError);
        expect(JSON.stringify(args) + String(args[0]) + (args[0] as Error).stack).not.toContain(
          h.sandbox.apiKey,
        );
      }
      // Another handler is another server's log: it says so again, once.
      const other = proxyHarness({ products, catalogTtlMs: 0, onError: undefined });
      await other.call('GET', '/products');
      await other.call('GET', '/products');
      expect(logged).toHaveLength(4);
      // With onError, it alone hears of it.
      const heard = proxyHarness({ products });
      await heard.call('GET', '/products');
      expect(logged).toHaveLength(4);
      expect(heard.errors).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('shows what each feature is, never what a buyer gets only by paying', async () => {
    const h = proxyHarness({ products: ['prod_starter_monthly', 'prod_ebook'] });
    const answer = await h.call('GET', '/products');
    expect(answer.status).toBe(200);
    // The service's products carry these (the sandbox's as well): a note and download links.
    const upstream = h.fixtures.products.find((p) => p.id === 'prod_ebook');
    expect(JSON.stringify(upstream)).toContain('billing-handbook.pdf');
    expect(answer.text).not.toMatch(/Welcome aboard|billing-handbook|private_note|"file":/);
    const items = answer.body.items as { id: string; features: unknown[] }[];
    expect(items.find((p) => p.id === 'prod_ebook')?.features).toEqual([
      { id: 'feat_ebook_files', type: 'file', description: 'The book as PDF and EPUB' },
    ]);
  });

  it('a product the service could not be asked about is a 503 to retry, not a 400', async () => {
    let down = true;
    const h = proxyHarness({
      products: ['prod_starter_monthly', 'prod_pro_monthly'],
      retries: 0,
      unreachable: (url) => down && url.includes('prod_pro_monthly'),
    });
    const catalog = await h.call('GET', '/products');
    expect((catalog.body.items as { id: string }[]).map((p) => p.id)).toEqual([
      'prod_starter_monthly',
    ]);
    // Incomplete: no browser may keep it.
    expect(catalog.headers.get('cache-control')).toBe('no-store');

    const checkout = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly' },
    });
    expect(expectError(checkout, 503).kind).toBe('server');
    expect(checkout.headers.get('retry-after')).toBe('1');
    // A product the seller does not sell is still the buyer's mistake.
    expectError(
      await h.call('POST', '/checkouts', { as: ADA, body: { product_id: 'prod_ebook' } }),
      400,
      'product_id',
    );

    down = false;
    const retried = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly' },
    });
    expect(retried.status).toBe(200);
  });

  it('answers 502 without upstream detail when the service fails for every product', async () => {
    const h = proxyHarness({ faults: { errorRate: 1 }, retries: 0 });
    const answer = await h.call('GET', '/products');
    const error = expectError(answer, 502);
    expect(error.kind).toBe('server');
    expect(answer.text).not.toMatch(/sandbox|injected|fault/i);
    // Not cached: the next request asks again.
    const calls = h.upstream.length;
    await h.call('GET', '/products');
    expect(h.upstream.length).toBeGreaterThan(calls);
  });
});

describe('POST /checkouts', () => {
  it("creates a checkout for the session's customer, echoing the browser's request_id", async () => {
    const h = proxyHarness();
    const answer = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_yearly', request_id: 'attempt-0001', units: 2 },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.request_id).toBe('attempt-0001');
    expect(answer.body.checkout_url).toMatch(/^https:\/\/sandbox\.billing-kit\.test\/checkout\//);
    const stored = h.sandbox.inspect().checkouts.find((c) => c.id === answer.body.id);
    expect(stored?.customer).toBe(ADA);
    expect(stored?.units).toBe(2);
    expect(stored?.success_url).toBe(`${ORIGIN}/`);
  });

  it("defaults success_url to the product's own on an allowed origin, else to the store", async () => {
    // prod_ebook's default_success_url is https://example.com/thanks.
    const h = proxyHarness();
    const ebook = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_ebook' },
    });
    expect(ebook.status).toBe(200);
    expect(ebook.body.success_url).toBe(`${ORIGIN}/`);
    expect(h.upstream.at(-1)?.body).toContain(`"success_url":"${ORIGIN}/"`);
    expect(String(h.errors.at(-1))).toMatch(
      /prod_ebook's default_success_url is not on an allowed origin/,
    );
    const own = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_ebook', success_url: `${ORIGIN}/thanks?plan=ebook` },
    });
    expect(own.status).toBe(200);
    expect(own.body.success_url).toBe(`${ORIGIN}/thanks?plan=ebook`);

    const trusting = proxyHarness({ allowedOrigins: [ORIGIN, 'https://example.com'] });
    const allowed = await trusting.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_ebook' },
    });
    expect(allowed.body.success_url).toBe('https://example.com/thanks');
    expect(trusting.errors).toEqual([]);
  });

  it('sends only the email for a customer who has not bought yet', async () => {
    const h = proxyHarness();
    const answer = await h.call('POST', '/checkouts', {
      asEmail: 'new.buyer@example.com',
      body: { product_id: 'prod_starter_monthly' },
    });
    expect(answer.status).toBe(200);
    expect(h.sandbox.checkout(answer.body.id as string).email).toBe('new.buyer@example.com');
  });

  it('a session email the service would refuse: no unbound checkout for a signed-in customer', async () => {
    // The buyer cannot fix it; an unbound checkout could land on whoever's address is typed.
    const closed = proxyHarness();
    const refused = await closed.call('POST', '/checkouts', {
      asEmail: 'bob@localhost',
      body: { product_id: 'prod_starter_monthly' },
    });
    expectError(refused, 500);
    expect(closed.upstream.filter((u) => u.method === 'POST')).toEqual([]);
    expect(String(closed.errors.at(-1))).toMatch(
      /getCustomer answered an email the billing service refuses; no checkout was created/,
    );
    // Where anyone may buy, the checkout goes without it and the service's page asks.
    const open = proxyHarness({ allowAnonymousCheckout: true });
    const answer = await open.call('POST', '/checkouts', {
      asEmail: 'bob@localhost',
      body: { product_id: 'prod_starter_monthly' },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(open.upstream.at(-1)?.body ?? '{}')).not.toHaveProperty('customer');
    expect(open.sandbox.checkout(answer.body.id as string).email).toBeNull();
    expect(String(open.errors.at(-1))).toMatch(/the checkout was created without it/);
  });

  it('refuses a signed-out visitor (401) unless anonymous checkout is enabled', async () => {
    const closed = proxyHarness();
    expectError(
      await closed.call('POST', '/checkouts', { body: { product_id: 'prod_pro_yearly' } }),
      401,
      'customer',
    );
    expect(closed.sandbox.inspect().checkouts).toHaveLength(0);
    const open = proxyHarness({ allowAnonymousCheckout: true });
    const answer = await open.call('POST', '/checkouts', {
      body: { product_id: 'prod_pro_yearly' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.customer ?? null).toBeNull();
  });

  it('accepts only catalog products, and custom_price only when enabled', async () => {
    const h = proxyHarness({ products: ['prod_starter_monthly', 'prod_legacy_monthly'] });
    expectError(
      await h.call('POST', '/checkouts', { as: ADA, body: { product_id: 'prod_pro_yearly' } }),
      400,
      'product_id',
    );
    expectError(
      await h.call('POST', '/checkouts', { as: ADA, body: { product_id: 'prod_legacy_monthly' } }),
      400,
      'product_id',
    );
    expectError(
      await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_starter_monthly', custom_price: 100 },
      }),
      400,
      'custom_price',
    );
    const open = proxyHarness({ allowCustomPrice: true });
    const priced = await open.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_starter_monthly', custom_price: 1234 },
    });
    expect(priced.status).toBe(200);
    expect(priced.body.custom_price).toBe(1234);
  });

  it('never takes the customer from the browser, and names each invalid field', async () => {
    const h = proxyHarness();
    expectError(
      await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_starter_monthly', customer: { id: GRACE } },
      }),
      400,
      'customer',
    );
    const invalid = expectError(
      await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: '', units: 0, request_id: '' },
      }),
      400,
    );
    expect(invalid.fields?.map((f) => f.field).sort()).toEqual([
      'product_id',
      'request_id',
      'units',
    ]);
    expect(h.sandbox.inspect().checkouts).toHaveLength(0);
  });

  it('takes any non-empty request_id up to 128 characters', async () => {
    const h = proxyHarness();
    for (const request_id of ['a', '1234567', 'x'.repeat(128)]) {
      const answer = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_pro_monthly', request_id },
      });
      expect(answer.status, request_id).toBe(200);
      expect(answer.body.request_id).toBe(request_id);
    }
    for (const request_id of ['', 'x'.repeat(129)]) {
      expectError(
        await h.call('POST', '/checkouts', {
          as: ADA,
          body: { product_id: 'prod_pro_monthly', request_id },
        }),
        400,
        'request_id',
      );
    }
  });

  it("a session customer the service does not know is the seller's to fix, not the product's", async () => {
    // Say, a customer id of the other environment: the product was checked against the catalog.
    const h = proxyHarness();
    const answer = await h.call('POST', '/checkouts', {
      as: 'cust_from_production',
      body: { product_id: 'prod_pro_monthly' },
    });
    const error = expectError(answer, 404);
    expect(error.kind).toBe('not_found');
    expect(error.message).toEqual(['customer is unknown to the billing service']);
    expect(error.fields).toEqual([
      { field: 'customer', message: 'is unknown to the billing service' },
    ]);
    expect(answer.text).not.toContain('cust_from_production');
    expect(answer.text).not.toContain('product_id');
    expect(h.errors.map(String)).toEqual([
      expect.stringMatching(
        /billing-kit: the billing service does not know the customer id "cust_from_production" that getCustomer answered/,
      ),
    ]);
    expect(h.sandbox.inspect().checkouts).toHaveLength(0);
  });

  it('a product removed upstream while the catalog cache lists it is the product, whoever the customer', async () => {
    // The service no longer has the product the proxy's catalog cache still shows: on the wire,
    // the checkout names an id the sandbox never had, and the sandbox answers its own 404.
    const h = proxyHarness();
    const errors: unknown[] = [];
    const handler = createBillingHandler({
      apiKey: h.sandbox.apiKey,
      baseUrl: h.sandbox.baseUrl,
      fetch: (input, init) => {
        const removed =
          init?.method === 'POST' &&
          String(input).endsWith('/v1/checkouts') &&
          typeof init.body === 'string';
        if (!removed) return h.sandbox.fetch(String(input), init ?? {});
        const body = (init.body as string).replace('"prod_pro_monthly"', '"prod_gone_upstream"');
        return h.sandbox.fetch(String(input), { ...init, body });
      },
      products: ['prod_pro_monthly'],
      getCustomer: (request) => ({ id: request.headers.get('x-test-customer') ?? ADA }),
      onError: (error) => errors.push(error),
    });
    for (const customer of [ADA, 'cust_from_production']) {
      const answer = await handler(
        new Request(`https://shop.test${handler.basePath}/checkouts`, {
          method: 'POST',
          headers: {
            origin: 'https://shop.test',
            'content-type': 'application/json',
            'x-test-customer': customer,
          },
          body: JSON.stringify({ product_id: 'prod_pro_monthly' }),
        }),
      );
      expect(answer.status, customer).toBe(404);
      const error = proxyErrorSchema.parse(await answer.json());
      expect(
        error.fields?.map((f) => f.field),
        customer,
      ).toEqual(['product_id']);
    }
    expect(errors.map(String).filter((e) => /customer id/.test(e))).toEqual([]);
    expect(h.sandbox.inspect().checkouts).toHaveLength(0);
  });

  it('a 404 that names neither the customer nor the product is the product, and the seller hears it may be either', async () => {
    // The real service's 404 wording is not specified: strip the sandbox's ("customer … was not
    // found") so the answer names nothing, as a terse service might.
    const h = proxyHarness({
      tamper: (url, body) => {
        if (!url.endsWith('/v1/checkouts')) return body;
        const parsed = JSON.parse(body) as { status?: unknown };
        return parsed.status === 404 ? JSON.stringify({ ...parsed, message: ['Not Found'] }) : body;
      },
    });
    const answer = await h.call('POST', '/checkouts', {
      as: 'cust_from_production',
      body: { product_id: 'prod_pro_monthly' },
    });
    const error = expectError(answer, 404, 'product_id');
    expect(error.kind).toBe('not_found');
    expect(answer.text).not.toContain('cust_from_production');
    expect(h.errors.map(String)).toEqual([
      'Error: billing-kit: the billing service answered 404 to a checkout for product "prod_pro_monthly" and the session\'s customer id "cust_from_production"; one of them is unknown to it (a customer id of the other environment, or a product removed since the catalog was read)',
    ]);
    expect(h.sandbox.inspect().checkouts).toHaveLength(0);
  });

  it('passes discount codes, custom fields and metadata through', async () => {
    const h = proxyHarness();
    const answer = await h.call('POST', '/checkouts', {
      as: ADA,
      body: {
        product_id: 'prod_pro_monthly',
        discount_code: 'WELCOME5',
        metadata: { company: 'Analytical Engines' },
        custom_fields: [{ type: 'text', key: 'company', label: 'Company' }],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.metadata).toEqual({ company: 'Analytical Engines' });
    expect((answer.body.custom_fields as { key: string }[])[0]?.key).toBe('company');
  });

  it('answers a refused discount code with the field, in its own words', async () => {
    const h = proxyHarness();
    const answer = expectError(
      await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_pro_monthly', discount_code: 'NOPE-NOT-A-CODE' },
      }),
      400,
      'discount_code',
    );
    expect(answer.message.join(' ')).not.toContain('NOPE-NOT-A-CODE');
  });
});

describe('links the service answers', () => {
  it('sends the buyer only to the service or the sandbox, whatever the upstream answers', async () => {
    const h = proxyHarness({
      tamper: (_url, body) =>
        body.replaceAll(new URL(h.sandbox.baseUrl).origin, 'https://evil.test'),
    });
    const checkout = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly' },
    });
    expect(expectError(checkout, 502).kind).toBe('invalid_response');
    expect(checkout.text).not.toContain('evil.test');
    const portal = await h.call('POST', '/portal', { as: ADA });
    expect(expectError(portal, 502).kind).toBe('invalid_response');
    expect(h.errors.map(String)).toEqual([
      expect.stringMatching(/checkout_url that leads off its own hosts/),
      expect.stringMatching(/portal link that leads off its own hosts/),
    ]);

    const honest = proxyHarness();
    const fine = await honest.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly' },
    });
    expect(fine.status).toBe(200);
    expect(String(fine.body.checkout_url)).toMatch(`${honest.sandbox.baseUrl}/checkout/`);
  });
});

describe('subscriptions', () => {
  it("lists only the session customer's subscriptions, a page at a time", async () => {
    const h = proxyHarness();
    const answer = await h.call('GET', '/subscriptions?page=1&page_size=1', { as: ADA });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const items = answer.body.items as { customer: { id: string } }[];
    expect(items).toHaveLength(1);
    expect(items[0]?.customer.id).toBe(ADA);
    expect(answer.body.pagination).toMatchObject({
      total_records: 2,
      current_page: 1,
      next_page: 2,
    });
  });

  it('answers an empty page for a customer with no id yet, and 401 when signed out', async () => {
    const h = proxyHarness();
    const empty = await h.call('GET', '/subscriptions', { asEmail: 'new@example.com' });
    expect(empty.body).toEqual({
      items: [],
      pagination: {
        total_records: 0,
        total_pages: 0,
        current_page: 1,
        next_page: null,
        prev_page: null,
      },
    });
    expectError(await h.call('GET', '/subscriptions'), 401, 'customer');
    expectError(await h.call('GET', '/subscriptions?page=0'), 400, 'page');
  });

  it('retrieves one of them', async () => {
    const h = proxyHarness();
    const own = h.fixtures.subscriptions.find((s) => idOf(s.customer) === ADA)!;
    const answer = await h.call('GET', `/subscriptions/${own.id}`, { as: ADA });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(own.id);
  });

  it('upgrades within the catalog only, to another product', async () => {
    const h = proxyHarness();
    const own = h.fixtures.subscriptions.find(
      (s) => idOf(s.customer) === ADA && s.status === 'active',
    )!;
    expectError(
      await h.call('POST', `/subscriptions/${own.id}/upgrade`, {
        as: ADA,
        body: { product_id: idOf(own.product) },
      }),
      400,
      'product_id',
    );
    expectError(
      await h.call('POST', `/subscriptions/${own.id}/upgrade`, {
        as: ADA,
        body: { product_id: 'prod_legacy_monthly' },
      }),
      400,
      'product_id',
    );
    expectError(
      await h.call('POST', `/subscriptions/${own.id}/upgrade`, {
        as: ADA,
        body: { product_id: 'prod_pro_yearly', update_behavior: 'free-upgrade' },
      }),
      400,
      'update_behavior',
    );
    const answer = await h.call('POST', `/subscriptions/${own.id}/upgrade`, {
      as: ADA,
      body: { product_id: 'prod_pro_yearly', update_behavior: 'proration-none' },
    });
    expect(answer.status).toBe(200);
    expect(idOf(answer.body.product)).toBe('prod_pro_yearly');
    const stored = h.sandbox.inspect().subscriptions.find((s) => s.id === own.id);
    expect(idOf(stored?.product)).toBe('prod_pro_yearly');
  });

  it('answers a double click on an upgrade with the one upgrade, asking the service once', async () => {
    const h = proxyHarness();
    const own = h.fixtures.subscriptions.find(
      (s) => idOf(s.customer) === ADA && s.status === 'active',
    )!;
    const payments = () => h.sandbox.inspect().transactions.length;
    const before = payments();
    const body = {
      product_id: 'prod_team_quarterly',
      update_behavior: 'proration-charge-immediately',
    };
    const [first, second] = await Promise.all([
      h.call('POST', `/subscriptions/${own.id}/upgrade`, { as: ADA, body }),
      h.call('POST', `/subscriptions/${own.id}/upgrade`, { as: ADA, body }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json).toEqual(first.json);
    expect(idOf(first.body.product)).toBe('prod_team_quarterly');
    expect(h.upstream.filter((u) => u.url.includes('/upgrade'))).toHaveLength(1);
    expect(payments()).toBe(before + 1);
  });

  it("shares a concurrent upgrade only with the same customer's same request", async () => {
    const h = proxyHarness();
    const own = h.fixtures.subscriptions.find(
      (s) => idOf(s.customer) === ADA && s.status === 'active',
    )!;
    const body = { product_id: 'prod_team_quarterly', update_behavior: 'proration-none' };
    const [ada, grace] = await Promise.all([
      h.call('POST', `/subscriptions/${own.id}/upgrade`, { as: ADA, body }),
      h.call('POST', `/subscriptions/${own.id}/upgrade`, { as: 'cust_grace', body }),
    ]);
    expect(ada.status).toBe(200);
    expectError(grace, 404, 'subscription_id');
    expect(grace.text).not.toContain(own.id);
  });
});

describe('upgrading a subscription that has ended', () => {
  it("names subscription_id with the service's reason", async () => {
    const h = proxyHarness();
    const ended = h.fixtures.subscriptions.find(
      (s) => idOf(s.customer) === ADA && s.status === 'canceled',
    )!;
    const answer = await h.call('POST', `/subscriptions/${ended.id}/upgrade`, {
      as: ADA,
      body: { product_id: 'prod_pro_yearly' },
    });
    const error = expectError(answer, 400);
    expect(error.fields).toEqual([
      {
        field: 'subscription_id',
        message: 'was refused by the billing service: the subscription is canceled',
      },
    ]);
    expect(h.upstream.filter((u) => u.url.includes('/upgrade'))).toHaveLength(1);
  });
});

describe('POST /portal', () => {
  it("answers the customer's portal link; 404 before a first purchase", async () => {
    const h = proxyHarness();
    const answer = await h.call('POST', '/portal', { as: ADA });
    expect(answer.status).toBe(200);
    expect(answer.body.customer_portal_link).toMatch(
      /^https:\/\/sandbox\.billing-kit\.test\/portal\/cust_ada/,
    );
    expectError(await h.call('POST', '/portal', { asEmail: 'new@example.com' }), 404, 'customer');
    expectError(await h.call('POST', '/portal'), 401, 'customer');
  });
});

describe('GET /transactions', () => {
  it("lists the customer's transactions, filtered by product and order", async () => {
    const h = proxyHarness();
    const all = h.sandbox.inspect().transactions.filter((t) => t.customer === ADA);
    expect(all.length).toBeGreaterThan(1);
    const answer = await h.call('GET', '/transactions?page_size=100', { as: ADA });
    expect(answer.status).toBe(200);
    const items = answer.body.items as { id: string; customer: string; order: string }[];
    expect(items.map((t) => t.id).sort()).toEqual(all.map((t) => t.id).sort());
    const order = items[0]!.order;
    const byOrder = await h.call('GET', `/transactions?order_id=${order}`, { as: ADA });
    expect((byOrder.body.items as { order: string }[]).every((t) => t.order === order)).toBe(true);
    const none = await h.call('GET', '/transactions?product_id=prod_lifetime', { as: ADA });
    expect(none.status).toBe(200);
    expect(none.body.items).toEqual([]);
    expectError(
      await h.call('GET', `/transactions?customer_id=${GRACE}`, { as: ADA }),
      404,
      'customer_id',
    );
  });
});

describe('GET /discounts/{code}', () => {
  it('shows an active code with only the fields a buyer may see', async () => {
    const h = proxyHarness();
    const answer = await h.call('GET', '/discounts/WELCOME5');
    expect(answer.status).toBe(200);
    const preview = discountPreviewSchema.parse(answer.json);
    expect(preview.code).toBe('WELCOME5');
    expect(Object.keys(answer.body).sort()).toEqual(
      expect.arrayContaining(['applies_to_products', 'code', 'name', 'type']),
    );
    for (const hidden of ['id', 'status', 'redeem_count', 'max_redemptions', 'mode', 'object']) {
      expect(answer.body).not.toHaveProperty(hidden);
    }
    expect(preview.applies_to_products).toEqual([
      'prod_starter_monthly',
      'prod_pro_monthly',
      'prod_pro_yearly',
      'prod_team_quarterly',
      'prod_lifetime',
    ]);
  });

  it('reads a code that names no product as applying to the whole catalog', async () => {
    const h = proxyHarness({ products: ['prod_pro_monthly', 'prod_ebook'] });
    const answer = await h.call('GET', '/discounts/FRIENDS10');
    expect(answer.body.applies_to_products).toEqual(['prod_pro_monthly', 'prod_ebook']);
  });

  it('answers the same 404 for unknown, inactive, used-up and off-catalog codes', async () => {
    const h = proxyHarness({ products: ['prod_pro_monthly'] });
    const off = proxyHarness({ products: ['prod_ebook'] });
    const bodies = [];
    // An expired code of another catalog is as unknown as any.
    const expired = expectError(await off.call('GET', '/discounts/SUMMER15'), 404, 'code');
    bodies.push({ ...expired, trace_id: '', timestamp: 0 });
    for (const code of ['NOPE', 'PARTNER25', 'SPRING10', 'BETA', 'PRESS50', 'READER3']) {
      const answer = await h.call('GET', `/discounts/${code}`);
      const error = expectError(answer, 404, 'code');
      bodies.push({ ...error, trace_id: '', timestamp: 0 });
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it('says when a code of this catalog has expired, by status or past its date (still a 404)', async () => {
    const h = proxyHarness({ products: ['prod_pro_monthly'] });
    for (const code of ['SUMMER15', 'BLACKFRIDAY']) {
      const error = expectError(await h.call('GET', `/discounts/${code}`), 404);
      expect(error.fields).toEqual([{ field: 'code', message: 'has expired' }]);
      expect(error.message).toEqual(['code has expired']);
    }
  });

  it('rate-limits each client: 429 with Retry-After past the limit', () =>
    inOneRateLimitWindow(async () => {
      const h = proxyHarness({ rateLimit: { limit: 3, windowMs: 60_000 } });
      for (let i = 0; i < 3; i++) {
        expect((await h.call('GET', '/discounts/WELCOME5', { as: ADA })).status).toBe(200);
      }
      const limited = await h.call('GET', '/discounts/WELCOME5', { as: ADA });
      expectError(limited, 429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const calls = h.upstream.length;
      await h.call('GET', '/discounts/WELCOME5', { as: ADA });
      expect(h.upstream.length).toBe(calls); // refused before the service is asked
      // Another customer has a bucket of their own.
      expect((await h.call('GET', '/discounts/WELCOME5', { as: GRACE })).status).toBe(200);
    }));

  it('does not let a visitor pick a fresh bucket with x-forwarded-for', () =>
    inOneRateLimitWindow(async () => {
      const h = proxyHarness({ rateLimit: { limit: 2 } });
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const answer = await h.call('GET', '/discounts/WELCOME5', {
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 429, 429]);
      // They share one bucket, and the seller is told once how to tell visitors apart.
      const told = h.errors.map(String).filter((e) => e.includes('shares one bucket'));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(/rateLimit\.clientIpHeader/);
      // A header named but absent says so; no rate limit at all, nothing to say.
      const absent = proxyHarness({ rateLimit: { clientIpHeader: 'x-real-ip' } });
      await absent.call('GET', '/discounts/WELCOME5');
      expect(absent.errors.map(String)).toEqual([
        expect.stringMatching(/Check that your host sets the x-real-ip header on every request/),
      ]);
      const off = proxyHarness({ rateLimit: false, allowAnonymousCheckout: true });
      await off.call('GET', '/discounts/WELCOME5');
      await off.call('POST', '/checkouts', { body: { product_id: 'prod_starter_monthly' } });
      expect(off.errors).toEqual([]);
    }));

  it("uses the seller's client header or clientKey when configured", () =>
    inOneRateLimitWindow(async () => {
      const byHeader = proxyHarness({
        rateLimit: { limit: 1, clientIpHeader: 'cf-connecting-ip' },
      });
      const ask = (ip: string) =>
        byHeader.call('GET', '/discounts/WELCOME5', { headers: { 'cf-connecting-ip': ip } });
      expect((await ask('198.51.100.1')).status).toBe(200);
      expect((await ask('198.51.100.1')).status).toBe(429);
      expect((await ask('198.51.100.2')).status).toBe(200);
      const byKey = proxyHarness({
        rateLimit: { limit: 1, clientKey: (request) => request.headers.get('x-tenant') },
      });
      const tenant = (t: string) =>
        byKey.call('GET', '/discounts/WELCOME5', { headers: { 'x-tenant': t } });
      expect((await tenant('a')).status).toBe(200);
      expect((await tenant('a')).status).toBe(429);
      expect((await tenant('b')).status).toBe(200);
    }));
});

describe('POST /licenses/validate', () => {
  it('validates a key for an instance; an unknown key is a 404', async () => {
    const h = proxyHarness();
    const license = h.fixtures.licenses.find((l) => l.status === 'active')!;
    const instance = license.instances[0]!;
    const answer = await h.call('POST', '/licenses/validate', {
      body: { key: license.key, instance_id: instance.id },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.key).toBe(license.key);
    expectError(
      await h.call('POST', '/licenses/validate', {
        body: { key: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', instance_id: instance.id },
      }),
      404,
      'key',
    );
    expectError(
      await h.call('POST', '/licenses/validate', { body: { key: license.key } }),
      400,
      'instance_id',
    );
  });

  it('a 404 names both key and instance_id, for a known key with an unknown instance too', async () => {
    // The service's 404 does not say which of the two it lacks (the sandbox's wording does,
    // the service's interface does not): the answer says so rather than blame the key.
    const h = proxyHarness();
    const license = h.fixtures.licenses.find((l) => l.status === 'active')!;
    const instance = license.instances[0]!;
    const wrongInstance = await h.call('POST', '/licenses/validate', {
      body: { key: license.key, instance_id: 'inst_x' },
    });
    const wrongKey = await h.call('POST', '/licenses/validate', {
      body: { key: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', instance_id: instance.id },
    });
    expect(h.upstream.map((r) => r.url)).toEqual([
      `${h.sandbox.baseUrl}/v1/licenses/validate`,
      `${h.sandbox.baseUrl}/v1/licenses/validate`,
    ]);
    for (const answer of [wrongInstance, wrongKey]) {
      const body = expectError(answer, 404);
      expect(body.kind).toBe('not_found');
      expect(body.message).toEqual([
        'no license has this key with this instance_id: either the key or the instance does not exist',
      ]);
      expect(body.fields).toEqual([
        { field: 'key', message: 'was not found, or has no instance with this instance_id' },
        { field: 'instance_id', message: 'was not found, or is not an instance of this key' },
      ]);
    }
  });
});

describe('credits', () => {
  it("lists the customer's accounts and reads one with its entries", async () => {
    const h = proxyHarness();
    const answer = await h.call('GET', '/credits/accounts', { as: GRACE });
    expect(answer.status).toBe(200);
    const accounts = answer.body.data as { id: string; customer_id: string }[];
    expect(accounts.length).toBe(2);
    expect(accounts.every((a) => a.customer_id === GRACE)).toBe(true);
    const one = await h.call('GET', `/credits/accounts/${accounts[0]!.id}`, { as: GRACE });
    expect(one.body.id).toBe(accounts[0]!.id);
    const page = await h.call('GET', `/credits/accounts/${accounts[0]!.id}/entries?limit=2`, {
      as: GRACE,
    });
    expect(page.status).toBe(200);
    expect((page.body.data as unknown[]).length).toBeLessThanOrEqual(2);
    expectError(
      await h.call('GET', `/credits/accounts/${accounts[0]!.id}/entries?limit=1000`, { as: GRACE }),
      400,
      'limit',
    );
    const none = await h.call('GET', '/credits/accounts', { asEmail: 'new@example.com' });
    expect(none.body).toEqual({ object: 'list', data: [], has_more: false });
  });

  it('pages through entries with the cursors', async () => {
    const h = proxyHarness();
    const account = h.fixtures.credit_accounts.find((a) => a.customer_id === ADA)!;
    const first = await h.call('GET', `/credits/accounts/${account.id}/entries?limit=3`, {
      as: ADA,
    });
    const ids = (first.body.data as { id: string }[]).map((e) => e.id);
    expect(first.body.has_more).toBe(true);
    const next = await h.call(
      'GET',
      `/credits/accounts/${account.id}/entries?limit=3&starting_after=${ids[2]}`,
      { as: ADA },
    );
    const nextIds = (next.body.data as { id: string }[]).map((e) => e.id);
    expect(nextIds).toHaveLength(3);
    expect(nextIds.some((id) => ids.includes(id))).toBe(false);
    const back = await h.call(
      'GET',
      `/credits/accounts/${account.id}/entries?limit=3&ending_before=${nextIds[0]}`,
      { as: ADA },
    );
    expect((back.body.data as { id: string }[]).map((e) => e.id)).toEqual(ids);
  });

  it('answers the exact balance, then refreshes it with only the newer entries', async () => {
    const h = proxyHarness();
    for (const account of h.fixtures.credit_accounts) {
      const answer = await h.call('GET', `/credits/accounts/${account.id}/balance`, {
        as: account.customer_id,
      });
      expect(answer.status).toBe(200);
      const balance = creditsBalanceSchema.parse(answer.json);
      expect(balance.balance).toBe(h.sandbox.inspect().credit_balances[account.id]);
      expect(balance.unit_label).toBe(account.unit_label);
      expect(Number.isNaN(Date.parse(balance.as_of))).toBe(false);
    }

    const ada = h.fixtures.credit_accounts.find((a) => a.customer_id === ADA)!;
    const start = h.sandbox.inspect().credit_balances[ada.id] as string;
    for (let i = 0; i < 3; i++) {
      const credit = await h.call('POST', `/admin/credits/accounts/${ada.id}/credit`, {
        admin: true,
        body: { amount: '0.000000000000000001', idempotency_key: `grant-${i}`, reference: 'test' },
      });
      expect(credit.status).toBe(201);
    }
    const before = h.upstream.length;
    const answer = await h.call('GET', `/credits/accounts/${ada.id}/balance`, { as: ADA });
    expect(answer.body.balance).toBe(h.sandbox.inspect().credit_balances[ada.id]);
    expect(answer.body.balance).toBe(addAmounts(start, '0.000000000000000003'));
    const refresh = h.upstream.slice(before);
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.url).toContain('ending_before=');
  });

  it('stops with a 502 when the service answers a page of entries it already gave, instead of asking forever', async () => {
    const h = proxyHarness({ retries: 0 });
    const ada = h.fixtures.credit_accounts.find((a) => a.customer_id === ADA)!;
    const entries = () => h.upstream.filter((u) => u.url.includes('/entries')).length;
    // A service whose cursor does not move: every page of entries is the one it gave first,
    // with more said to follow. Each answer waits a turn of the event loop, as a network does.
    const sandboxFetch = h.sandbox.fetch;
    let stuck: string | undefined;
    let broken = true;
    h.sandbox.fetch = async (input, init) => {
      const answer = await sandboxFetch(input, init);
      if (!broken || !String(input).includes('/entries')) return answer;
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (entries() > 50) return new Response('{}', { status: 500 }); // (the test's own brake)
      stuck ??= JSON.stringify({ ...(await answer.json()), has_more: true });
      return new Response(stuck, { status: 200, headers: { 'content-type': 'application/json' } });
    };

    const cold = await h.call('GET', `/credits/accounts/${ada.id}/balance`, { as: ADA });
    expect(expectError(cold, 502).kind).toBe('invalid_response');
    expect(entries()).toBe(2);
    expect(h.errors.some((e) => /led back to entries already read/.test(String(e)))).toBe(true);

    // The same for the refresh of a cached balance (newer entries, `ending_before`).
    broken = false;
    expect((await h.call('GET', `/credits/accounts/${ada.id}/balance`, { as: ADA })).status).toBe(
      200,
    );
    broken = true; // the newest entries again, where only newer ones may come
    const before = entries();
    const warm = await h.call('GET', `/credits/accounts/${ada.id}/balance`, { as: ADA });
    expect(expectError(warm, 502).kind).toBe('invalid_response');
    expect(entries() - before).toBe(1);
  });
});

describe('admin routes', () => {
  const adminPaths: [string, string, unknown?][] = [
    ['GET', '/admin/customers'],
    ['GET', '/admin/stats?currency=USD'],
    ['GET', '/admin/transactions'],
    ['GET', '/admin/discounts?discount_code=WELCOME5'],
    ['DELETE', '/admin/discounts/dis_x'],
    ['POST', '/admin/credits/accounts/cca_x/credit', { amount: '1', idempotency_key: 'k' }],
    ['POST', '/admin/credits/accounts/cca_x/reverse', { transaction_id: 'cct_x' }],
  ];

  it('answer exactly like an unknown route to everyone but an admin', async () => {
    const h = proxyHarness();
    const unknown = await h.call('GET', '/no-such-route', { as: ADA });
    const reference = { ...expectError(unknown, 404, 'path'), trace_id: '', timestamp: 0 };
    for (const [method, path, body] of adminPaths) {
      for (const wrong of [method, method === 'GET' ? 'POST' : 'GET']) {
        const answer = await h.call(wrong, path, {
          as: ADA,
          body: wrong === 'GET' ? undefined : body,
        });
        const error = expectError(answer, 404);
        expect({ ...error, trace_id: '', timestamp: 0 }).toEqual(reference);
        expect(answer.headers.get('allow')).toBeNull();
      }
    }
    const none = proxyHarness({ isAdmin: undefined });
    expect((await none.call('GET', '/admin/customers', { admin: true })).status).toBe(404);
  });

  it('serve an admin', async () => {
    const h = proxyHarness();
    const customers = await h.call('GET', '/admin/customers?page_size=2', { admin: true });
    expect((customers.body.items as unknown[]).length).toBe(2);
    const stats = await h.call('GET', '/admin/stats?currency=USD', { admin: true });
    expect(stats.body.totals).toBeDefined();
    expectError(await h.call('GET', '/admin/stats', { admin: true }), 400, 'currency');
    const transactions = await h.call('GET', `/admin/transactions?customer_id=${GRACE}`, {
      admin: true,
    });
    expect(
      (transactions.body.items as { customer: string }[]).every((t) => t.customer === GRACE),
    ).toBe(true);
    const discount = await h.call('GET', '/admin/discounts?discount_code=WELCOME5', {
      admin: true,
    });
    expect(discount.body.redeem_count).toBe(41);
    const deleted = await h.call('DELETE', `/admin/discounts/${discount.body.id}`, { admin: true });
    expect(deleted.status).toBe(200);
    expect((await h.call('GET', '/discounts/WELCOME5')).status).toBe(404);

    const account = h.fixtures.credit_accounts.find((a) => a.customer_id === ADA)!;
    const credit = await h.call('POST', `/admin/credits/accounts/${account.id}/credit`, {
      admin: true,
      body: { amount: '10', idempotency_key: 'gift-1' },
    });
    expect(credit.status).toBe(201);
    const reverse = await h.call('POST', `/admin/credits/accounts/${account.id}/reverse`, {
      admin: true,
      body: { transaction_id: credit.body.id },
    });
    expect(reverse.status).toBe(201);
    expect(reverse.body.reversal_of).toBe(credit.body.id);
    expectError(
      await h.call('POST', `/admin/credits/accounts/${account.id}/reverse`, {
        admin: true,
        body: { transaction_id: credit.body.id },
      }),
      400,
      'transaction_id',
    );
  });
});

describe('admin reads refused by the service', () => {
  const REFUSED = 'was refused by the billing service';

  it('name the query field the service names, not the whole query', async () => {
    const h = proxyHarness();
    // Millions of days: the sandbox refuses it in a message that starts with `interval`.
    const stats = expectError(
      await h.call(
        'GET',
        '/admin/stats?currency=USD&interval=day&startDate=0&endDate=9007199254740991',
        { admin: true },
      ),
      400,
    );
    expect(stats.fields).toEqual([{ field: 'interval', message: REFUSED }]);
    expect(stats.message).toEqual([`interval ${REFUSED}`]);
  });

  it('name it on each admin read, among the fields the admin sent', async () => {
    const h = proxyHarness();
    const refusals: [string, string, string, string][] = [
      [
        '/customers/list',
        '/admin/customers?page=2&page_size=40',
        'page_size must be at most 20',
        'page_size',
      ],
      [
        '/transactions/search',
        '/admin/transactions?customer_id=cust_grace&product_id=prod_gone',
        'product_id prod_gone is not a product of this store',
        'product_id',
      ],
      [
        '/v1/discounts',
        '/admin/discounts?discount_code=welcome5',
        'discount_code must be upper case',
        'discount_code',
      ],
      // The service's name for `page` is not one the admin sent: the whole query, as before.
      ['/customers/list', '/admin/customers?page=9', 'page_number must be at most 2', 'query'],
    ];
    for (const [upstreamPath, path, line, field] of refusals) {
      serviceRefuses(h, (url) => url.includes(upstreamPath), 400, [line]);
      const answer = expectError(await h.call('GET', path, { admin: true }), 400);
      expect([path, answer.fields]).toEqual([path, [{ field, message: REFUSED }]]);
    }
  });
});

describe('routing, errors and failures', () => {
  const NOT_AN_INPUT = 'is not an input of this route; remove it, or check its spelling';
  const DIGITS = 'must be a whole number written in digits, such as 2';

  it('answers 404 for an unknown route and 405 with Allow for a wrong method', async () => {
    const h = proxyHarness();
    expectError(await h.call('GET', '/nope'), 404, 'path');
    expectError(await h.call('GET', `${ORIGIN}/elsewhere`), 404, 'path');
    const wrong = await h.call('DELETE', '/products');
    expectError(wrong, 405, 'method');
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    const put = await h.call('PUT', '/subscriptions/sub_x', { as: ADA });
    expect(put.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses a body key it does not know, naming it, rather than drop what was sent', async () => {
    const h = proxyHarness();
    const fields = [{ type: 'text', key: 'company', label: 'Company' }];
    const alias = expectError(
      await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_pro_monthly', custom_field: fields },
      }),
      400,
    );
    expect(alias.fields).toEqual([{ field: 'custom_field', message: NOT_AN_INPUT }]);
    const typo = expectError(
      await h.call('POST', '/licenses/validate', {
        as: ADA,
        body: { key: 'K', instance_id: 'I', instanceId: 'I' },
      }),
      400,
    );
    expect(typo.fields).toEqual([{ field: 'instanceId', message: NOT_AN_INPUT }]);
    expect(h.upstream.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('names each unknown body key as a field of its own', async () => {
    const h = proxyHarness();
    const answer = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly', customer_email: 'x@y.z', foo: 1 },
    });
    const body = expectError(answer, 400);
    expect(body.fields).toEqual([
      { field: 'customer_email', message: NOT_AN_INPUT },
      { field: 'foo', message: NOT_AN_INPUT },
    ]);
    expect(body.message).toEqual([`customer_email ${NOT_AN_INPUT}`, `foo ${NOT_AN_INPUT}`]);
    expect(h.upstream.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('tells a wrong value from a missing one', async () => {
    const h = proxyHarness();
    const page = expectError(await h.call('GET', '/subscriptions?page=abc', { as: ADA }), 400);
    expect(page.fields).toEqual([{ field: 'page', message: DIGITS }]);
    const body = expectError(await h.call('POST', '/checkouts', { as: ADA, body: [1] }), 400);
    expect(body.fields).toEqual([{ field: '(body)', message: 'must be an object' }]);
    const missing = expectError(await h.call('POST', '/checkouts', { as: ADA, body: {} }), 400);
    expect(missing.fields).toEqual([{ field: 'product_id', message: 'is required' }]);
  });

  it('takes page numbers and limits in plain decimal digits only, naming the field otherwise', async () => {
    const h = proxyHarness();
    for (const page of ['1e1', '0x2', '', '%20', '+1', '1.0', '-1', '２']) {
      const answer = await h.call('GET', `/subscriptions?page=${page}`, { as: ADA });
      expect(expectError(answer, 400).fields, `page=${page}`).toEqual([
        { field: 'page', message: DIGITS },
      ]);
    }
    const size = expectError(await h.call('GET', '/transactions?page_size=1e1', { as: ADA }), 400);
    expect(size.fields).toEqual([{ field: 'page_size', message: DIGITS }]);
    const limit = expectError(await h.call('GET', '/credits/accounts?limit=1e1', { as: ADA }), 400);
    expect(limit.fields).toEqual([{ field: 'limit', message: DIGITS }]);
    expect(h.upstream).toEqual([]);
    const zero = expectError(await h.call('GET', '/subscriptions?page=0', { as: ADA }), 400);
    expect(zero.fields).toEqual([{ field: 'page', message: 'must be at least 1' }]);

    const fine = await h.call('GET', '/subscriptions?page=01&page_size=10', { as: ADA });
    expect(fine.status).toBe(200);
    expect(new URL(h.upstream.at(-1)!.url).searchParams.get('page_number')).toBe('1');
  });

  it('refuses a query parameter given twice, naming it, rather than picking one of its values', async () => {
    const h = proxyHarness();
    const twice = expectError(
      await h.call('GET', '/subscriptions?page=1&page=2&page_size=5&page_size=5', { as: ADA }),
      400,
    );
    expect(twice.fields).toEqual([
      { field: 'page', message: 'must be given once; send one value' },
      { field: 'page_size', message: 'must be given once; send one value' },
    ]);
    // Listed with the other failing fields, in one answer.
    const both = expectError(
      await h.call('GET', '/credits/accounts?limit=abc&starting_after=a&starting_after=b', {
        as: ADA,
      }),
      400,
    );
    expect(both.fields).toEqual([
      { field: 'starting_after', message: 'must be given once; send one value' },
      { field: 'limit', message: DIGITS },
    ]);
    expect(h.upstream).toEqual([]);
  });

  it('turns upstream failures into its own body, reported to onError without the key', async () => {
    for (const [faults, status, kind] of [
      [{ errorRate: 1 }, 502, 'server'],
      [{ malformedRate: 1 }, 502, 'invalid_response'],
    ] as const) {
      const h = proxyHarness({ faults, retries: 0 });
      const answer = await h.call('GET', '/subscriptions', { as: ADA });
      const error = expectError(answer, status);
      expect(error.kind).toBe(kind);
      expect(answer.text).not.toMatch(/sandbox|injected|cust_ada|upstream/i);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(h.errors.length).toBeGreaterThan(0);
      for (const reported of h.errors) {
        const text = `${String(reported)} ${(reported as Error).stack ?? ''} ${JSON.stringify(reported)}`;
        expect(text).not.toContain(h.sandbox.apiKey);
      }
    }
  });

  it('passes on an upstream 429 with Retry-After and the field, like its own', async () => {
    let busy = true;
    const h = proxyHarness({ retries: 0 });
    serviceRefuses(
      h,
      (url) => busy && /\/v1\/customers\/[^/]+\/subscriptions/.test(url),
      429,
      ['slow down'],
      { 'retry-after': '7' },
    );
    const answer = await h.call('GET', '/subscriptions', { as: ADA });
    const error = expectError(answer, 429);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(error.fields).toEqual([
      {
        field: 'request',
        message: 'was refused by the billing service as too many; try again in 7 s',
      },
    ]);
    busy = false;
    expect((await h.call('GET', '/subscriptions', { as: ADA })).status).toBe(200);
  });

  it('passes on a 429 met while loading the catalog, for the catalog and for a checkout', async () => {
    let busyFor: RegExp | undefined = /\/v1\/products/;
    const h = proxyHarness({
      products: ['prod_starter_monthly', 'prod_pro_monthly'],
      retries: 0,
      catalogTtlMs: 0,
    });
    serviceRefuses(h, (url) => busyFor?.test(url) === true, 429, ['slow down'], {
      'retry-after': '7',
    });
    const catalog = await h.call('GET', '/products');
    expect(expectError(catalog, 429).kind).toBe('rate_limited');
    expect(catalog.headers.get('retry-after')).toBe('7');
    const checkout = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly' },
    });
    expectError(checkout, 429);
    expect(checkout.headers.get('retry-after')).toBe('7');

    // Only one product refused: the catalog shows the other, a checkout of it is a 429.
    busyFor = /product_id=prod_pro_monthly/;
    const partial = await h.call('GET', '/products');
    expect((partial.body.items as { id: string }[]).map((p) => p.id)).toEqual([
      'prod_starter_monthly',
    ]);
    const refused = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly' },
    });
    expectError(refused, 429);
    expect(refused.headers.get('retry-after')).toBe('7');
    busyFor = undefined;
    expect(
      (await h.call('POST', '/checkouts', { as: ADA, body: { product_id: 'prod_pro_monthly' } }))
        .status,
    ).toBe(200);
  });

  it("names the query, not a body a GET has not, when the service refuses a read's input", async () => {
    const h = proxyHarness({ retries: 0 });
    serviceRefuses(h, (url) => url.includes('/v1/transactions/search'), 400, ['Invalid search']);
    const error = expectError(await h.call('GET', '/transactions', { as: ADA }), 400);
    expect(error.fields).toEqual([
      { field: 'query', message: 'was refused by the billing service' },
    ]);
  });

  it('answers HEAD on a read like GET, without the body', async () => {
    const h = proxyHarness();
    const head = await h.call('HEAD', '/products');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    expect(head.headers.get('cache-control')).toBe('private, max-age=60');
    const missing = await h.call('HEAD', '/subscriptions/sub_nope', { as: ADA });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('');
    const wrong = await h.call('HEAD', '/portal', { as: ADA });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('answers 504 when the service does not answer in time', async () => {
    const h = proxyHarness({ faults: { timeoutRate: 1 }, retries: 0, timeoutMs: 50 });
    expect(expectError(await h.call('GET', '/subscriptions', { as: ADA }), 504).kind).toBe(
      'timeout',
    );
  });

  it('answers 500 with its own body when getCustomer throws, and tells onError', async () => {
    const h = proxyHarness({
      getCustomer: () => {
        throw new Error('session store down');
      },
    });
    const answer = await h.call('GET', '/subscriptions');
    const error = expectError(answer, 500);
    expect(error.message.join(' ')).not.toContain('session store down');
    expect(h.errors).toHaveLength(1);
    expect(String((h.errors[0] as Error).message)).toMatch(/getCustomer/);
  });
});

describe('seller hooks that misbehave', () => {
  it("reads getCustomer's empty values as unknown, and a malformed answer as the seller's bug", async () => {
    const empty = proxyHarness({ getCustomer: () => ({ id: '', email: '' }) });
    expectError(await empty.call('GET', '/subscriptions'), 401, 'customer');
    const noId = proxyHarness({
      getCustomer: () => ({ id: null, email: 'x@example.com' }) as never,
    });
    expect((await noId.call('GET', '/subscriptions')).body.items).toEqual([]);
    const bad = proxyHarness({ getCustomer: () => ({ id: 42 }) as never });
    expectError(await bad.call('GET', '/subscriptions'), 500);
    expect(String(bad.errors[0])).toMatch(/getCustomer option must answer/);
  });

  it("takes getCustomer's answer of a list (a query's rows) as the seller's bug, not as signed out", async () => {
    const rows = proxyHarness({ getCustomer: () => [{ id: ADA }] as never });
    expectError(await rows.call('GET', '/subscriptions'), 500);
    expect(String(rows.errors[0])).toMatch(/getCustomer option must answer null or \{ id/);
  });

  it('treats an isAdmin that throws as no, and survives an onError that throws', async () => {
    const h = proxyHarness({
      isAdmin: () => {
        throw new Error('admin lookup failed');
      },
      onError: () => {
        throw new Error('logger down');
      },
    });
    expectError(await h.call('GET', '/admin/customers', { admin: true }), 404, 'path');
    expect((await h.call('GET', '/products')).status).toBe(200);
  });
});

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return (value as { id?: string } | undefined)?.id;
}
