import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, recordingFetch } from '../../test/support/recording-fetch.js';
import {
  account,
  checkout,
  creditsTransaction,
  customer,
  discount,
  entry,
  license,
  pagination,
  product,
  stats,
  subscription,
  transaction,
} from '../../test/support/wire-bodies.js';
import { endpoints, type OperationId } from '../contract/endpoints.js';
import { createSandbox } from '../sandbox/index.js';
import { type BillingClient, billingEnvironments, createBillingClient } from './client.js';
import { BillingError } from './error.js';

const apiKey = 'creem_test_4f8a9c2e7b1d';
const base = 'https://test-api.creem.io';

type Case = {
  operation: OperationId;
  call: (client: BillingClient) => Promise<unknown>;
  method: string;
  url: string;
  body?: unknown;
  status?: number;
  answer: unknown;
};

const cases: Case[] = [
  {
    operation: 'listCustomers',
    call: (c) => c.customers.list({ page_number: 2, page_size: 20 }),
    method: 'GET',
    url: `${base}/v1/customers/list?page_number=2&page_size=20`,
    answer: { items: [customer], pagination },
  },
  {
    operation: 'listCustomerSubscriptions',
    call: (c) =>
      c.customers.listSubscriptions({ customer_id: 'cust_1', page_number: 1, page_size: 10 }),
    method: 'GET',
    url: `${base}/v1/customers/cust_1/subscriptions?page_number=1&page_size=10`,
    answer: { items: [subscription], pagination },
  },
  {
    operation: 'createPortalLink',
    call: (c) => c.customers.createPortalLink({ customer_id: 'cust_1' }),
    method: 'POST',
    url: `${base}/v1/customers/billing`,
    body: { customer_id: 'cust_1' },
    answer: { customer_portal_link: 'https://creem.io/my-orders/login/xyz' },
  },
  {
    operation: 'retrieveSubscription',
    call: (c) => c.subscriptions.retrieve({ subscription_id: 'sub_1' }),
    method: 'GET',
    url: `${base}/v1/subscriptions?subscription_id=sub_1`,
    answer: subscription,
  },
  {
    operation: 'upgradeSubscription',
    call: (c) =>
      c.subscriptions.upgrade({
        subscription_id: 'sub_1',
        product_id: 'prod_2',
        update_behavior: 'proration-charge',
      }),
    method: 'POST',
    url: `${base}/v1/subscriptions/sub_1/upgrade`,
    body: { product_id: 'prod_2', update_behavior: 'proration-charge' },
    answer: { ...subscription, product: 'prod_2' },
  },
  {
    operation: 'createCheckout',
    call: (c) =>
      c.checkouts.create({
        product_id: 'prod_1',
        request_id: 'req_12345678',
        units: 2,
        discount_code: 'LAUNCH',
        customer: { email: 'ada@example.com' },
        custom_fields: [{ type: 'text', key: 'company', label: 'Company', optional: true }],
        success_url: 'https://shop.example/thanks',
        metadata: { plan: 'pro', seats: 2 },
      }),
    method: 'POST',
    url: `${base}/v1/checkouts`,
    body: {
      product_id: 'prod_1',
      request_id: 'req_12345678',
      units: 2,
      discount_code: 'LAUNCH',
      customer: { email: 'ada@example.com' },
      custom_fields: [{ type: 'text', key: 'company', label: 'Company', optional: true }],
      success_url: 'https://shop.example/thanks',
      metadata: { plan: 'pro', seats: 2 },
    },
    answer: checkout,
  },
  {
    operation: 'searchTransactions',
    call: (c) =>
      c.transactions.search({
        page_size: 10,
        product_id: 'prod_1',
        customer_id: 'cust_1',
        page_number: 1,
      }),
    method: 'GET',
    // In the query schema's order, whatever the input's order.
    url: `${base}/v1/transactions/search?customer_id=cust_1&product_id=prod_1&page_number=1&page_size=10`,
    answer: { items: [transaction], pagination },
  },
  {
    operation: 'retrieveDiscount',
    call: (c) => c.discounts.retrieve({ discount_code: 'LAUNCH' }),
    method: 'GET',
    url: `${base}/v1/discounts?discount_code=LAUNCH`,
    answer: discount,
  },
  {
    operation: 'deleteDiscount',
    call: (c) => c.discounts.delete({ discount_id: 'dis_1' }),
    method: 'DELETE',
    url: `${base}/v1/discounts/dis_1/delete`,
    answer: { ...discount, status: 'deleted' },
  },
  {
    operation: 'validateLicense',
    call: (c) => c.licenses.validate({ key: 'ABC-123', instance_id: 'ins_1' }),
    method: 'POST',
    url: `${base}/v1/licenses/validate`,
    body: { key: 'ABC-123', instance_id: 'ins_1' },
    answer: license,
  },
  {
    operation: 'getStatsSummary',
    call: (c) =>
      c.stats.summary({
        currency: 'EUR',
        startDate: 1767225600000,
        endDate: 1769904000000,
        interval: 'month',
      }),
    method: 'GET',
    url: `${base}/v1/stats/summary?currency=EUR&startDate=1767225600000&endDate=1769904000000&interval=month`,
    answer: stats,
  },
  {
    operation: 'listCreditAccounts',
    call: (c) =>
      c.credits.listAccounts({ customer_id: 'cust_1', limit: 5, starting_after: 'ca_0' }),
    method: 'GET',
    url: `${base}/v1/customer-credits/accounts?customer_id=cust_1&limit=5&starting_after=ca_0`,
    answer: { object: 'list', data: [account], has_more: false },
  },
  {
    operation: 'retrieveCreditAccount',
    call: (c) => c.credits.retrieveAccount({ account_id: 'ca_1' }),
    method: 'GET',
    url: `${base}/v1/customer-credits/accounts/ca_1`,
    answer: account,
  },
  {
    operation: 'listCreditEntries',
    call: (c) => c.credits.listEntries({ account_id: 'ca_1', limit: 2, ending_before: 'ce_9' }),
    method: 'GET',
    url: `${base}/v1/customer-credits/accounts/ca_1/entries?limit=2&ending_before=ce_9`,
    answer: { object: 'list', data: [entry], has_more: true },
  },
  {
    operation: 'creditAccount',
    call: (c) =>
      c.credits.credit({
        account_id: 'ca_1',
        amount: '100000000000000000000.5',
        reference: 'order_1',
        idempotency_key: 'idem_1',
      }),
    method: 'POST',
    url: `${base}/v1/customer-credits/accounts/ca_1/credit`,
    body: { amount: '100000000000000000000.5', reference: 'order_1', idempotency_key: 'idem_1' },
    status: 201,
    answer: creditsTransaction,
  },
  {
    operation: 'reverseCreditTransaction',
    call: (c) => c.credits.reverse({ account_id: 'ca_1', transaction_id: 'ct_1' }),
    method: 'POST',
    url: `${base}/v1/customer-credits/accounts/ca_1/reverse`,
    body: { transaction_id: 'ct_1' },
    status: 201,
    answer: { ...creditsTransaction, id: 'ct_2', idempotency_key: null, reversal_of: 'ct_1' },
  },
  {
    operation: 'retrieveProduct',
    call: (c) => c.products.retrieve({ product_id: 'prod_1' }),
    method: 'GET',
    url: `${base}/v1/products?product_id=prod_1`,
    answer: product,
  },
];

describe('every operation', () => {
  test('the cases cover all 17 operations of the table', () => {
    expect(cases.map((c) => c.operation).sort()).toEqual(Object.keys(endpoints).sort());
  });

  test.each(cases)(
    '$operation sends exactly what the service expects and parses the answer',
    async (c) => {
      const wire = recordingFetch(json(c.status ?? 200, c.answer));
      const client = createBillingClient({ apiKey, fetch: wire.fetch });

      const result = await c.call(client);

      expect(wire.requests).toHaveLength(1);
      const [sent] = wire.requests;
      expect(sent?.method).toBe(c.method);
      expect(sent?.url).toBe(c.url);
      expect(sent?.headers).toEqual(
        c.body === undefined
          ? { accept: 'application/json', 'x-api-key': apiKey }
          : { accept: 'application/json', 'x-api-key': apiKey, 'content-type': 'application/json' },
      );
      expect(sent?.body).toEqual(c.body);
      expect(result).toEqual(c.answer);
    },
  );

  test('request(operationId, input) is the same call underneath', async () => {
    const wire = recordingFetch(json(200, product));
    const client = createBillingClient({ apiKey, fetch: wire.fetch });
    await expect(client.request('retrieveProduct', { product_id: 'prod_1' })).resolves.toEqual(
      product,
    );
    expect(wire.requests[0]?.url).toBe(`${base}/v1/products?product_id=prod_1`);
  });

  test('an operation with nothing required can be called without input', async () => {
    const wire = recordingFetch(json(200, { items: [], pagination }));
    const client = createBillingClient({ apiKey, fetch: wire.fetch });
    await client.customers.list();
    expect(wire.requests[0]?.url).toBe(`${base}/v1/customers/list`);
  });

  test('path values are URL-encoded and undefined query values are left out', async () => {
    const wire = recordingFetch(json(200, { object: 'list', data: [], has_more: false }));
    const client = createBillingClient({ apiKey, fetch: wire.fetch });
    await client.credits.listEntries({
      account_id: 'ca 1/x',
      limit: undefined,
      starting_after: 'ce_1',
    });
    expect(wire.requests[0]?.url).toBe(
      `${base}/v1/customer-credits/accounts/ca%201%2Fx/entries?starting_after=ce_1`,
    );
  });

  test('unknown fields and unknown enum values in an answer pass through', async () => {
    const answer = { ...subscription, status: 'expired', brand_new: { nested: true } };
    const wire = recordingFetch(json(200, answer));
    const client = createBillingClient({ apiKey, fetch: wire.fetch });
    const result = await client.subscriptions.retrieve({ subscription_id: 'sub_1' });
    expect(result.status).toBe('expired');
    expect(result).toMatchObject({ brand_new: { nested: true } });
  });

  test('userAgent is sent as the user-agent header', async () => {
    const wire = recordingFetch(json(200, product));
    const client = createBillingClient({ apiKey, fetch: wire.fetch, userAgent: 'shop/1.2' });
    await client.products.retrieve({ product_id: 'prod_1' });
    expect(wire.requests[0]?.headers['user-agent']).toBe('shop/1.2');
  });
});

describe('input is checked before anything is sent', () => {
  async function refused(call: (client: BillingClient) => Promise<unknown>) {
    const wire = recordingFetch(json(200, {}));
    const client = createBillingClient({ apiKey, fetch: wire.fetch });
    const error = await call(client).then(
      () => {
        throw new Error('expected the call to be refused');
      },
      (e: unknown) => e,
    );
    expect(wire.requests).toHaveLength(0);
    expect(error).toBeInstanceOf(BillingError);
    return error as BillingError;
  }

  test('a missing required field is named, with kind invalid_request and status 0', async () => {
    // @ts-expect-error product_id is required
    const error = await refused((c) => c.checkouts.create({ units: 1 }));
    expect(error.kind).toBe('invalid_request');
    expect(error.status).toBe(0);
    expect(error.operation).toBe('createCheckout');
    expect(error.fields).toEqual([{ field: 'product_id', message: 'is required' }]);
    expect(error.messages).toEqual(['product_id is required']);
    expect(error.message).toBe(
      'billing-kit: createCheckout was not sent: product_id is required. Fix the input and call again.',
    );
  });

  test('every failing field is listed, nested ones by their dotted path', async () => {
    const error = await refused((c) =>
      c.checkouts.create({
        product_id: 'prod_1',
        units: 0,
        success_url: 'ftp://shop.example',
        custom_fields: [{ type: 'text', key: 'company name', label: 'Company' }],
      }),
    );
    expect(error.fields).toEqual([
      { field: 'units', message: 'must be at least 1' },
      { field: 'custom_fields.0.key', message: 'must be letters and digits only' },
      { field: 'success_url', message: 'must be an http(s) URL' },
    ]);
  });

  test("a rule across fields uses the schema's own words", async () => {
    const error = await refused((c) => c.discounts.retrieve({}));
    expect(error.fields).toEqual([
      { field: 'discount_id', message: 'is needed, or discount_code instead, but not both' },
    ]);
    const stats = await refused((c) => c.stats.summary({ currency: 'USD', interval: 'day' }));
    expect(stats.fields).toEqual([
      { field: 'interval', message: 'needs both startDate and endDate' },
    ]);
  });

  test('a credit amount must be a positive decimal string', async () => {
    const error = await refused((c) =>
      c.credits.credit({ account_id: 'ca_1', amount: '-5', reference: 'r', idempotency_key: 'k' }),
    );
    expect(error.fields).toEqual([
      { field: 'amount', message: 'must be a decimal string such as "100" or "12.5"' },
    ]);
  });

  test('a credit without its reference and idempotency_key is refused before it is sent', async () => {
    // @ts-expect-error reference and idempotency_key are required
    const error = await refused((c) => c.credits.credit({ account_id: 'ca_1', amount: '5' }));
    expect(error).toMatchObject({ kind: 'invalid_request', status: 0 });
    expect(error.fields?.map((f) => f.field)).toEqual(['reference', 'idempotency_key']);
  });

  test('a field no part of the operation takes is refused, not silently dropped', async () => {
    const error = await refused((c) =>
      // @ts-expect-error customer_ids is not an input
      c.customers.listSubscriptions({ customer_id: 'cust_1', customer_ids: ['x'] }),
    );
    expect(error.fields).toEqual([
      { field: 'customer_ids', message: 'is not an input of listCustomerSubscriptions' },
    ]);
  });

  test('an id of "." or "..", which URL parsing would resolve to another path, is refused', async () => {
    for (const id of ['.', '..']) {
      const list = await refused((c) => c.customers.listSubscriptions({ customer_id: id }));
      expect(list.fields).toEqual([
        { field: 'customer_id', message: `must be an id, not "${id}"` },
      ]);
      const entries = await refused((c) => c.credits.listEntries({ account_id: id }));
      expect(entries.fields).toEqual([
        { field: 'account_id', message: `must be an id, not "${id}"` },
      ]);
    }
  });

  test('input that is not an object is refused', async () => {
    // @ts-expect-error input must be an object
    const error = await refused((c) => c.products.retrieve('prod_1'));
    expect(error.fields).toEqual([{ field: '(input)', message: 'must be an object' }]);
  });

  test('an unknown operation id is refused', async () => {
    // @ts-expect-error not an operation
    const error = await refused((c) => c.request('refundEverything', {}));
    expect(error.kind).toBe('invalid_request');
    expect(error.message).toMatch(
      /^billing-kit: unknown operation "refundEverything"; use one of /,
    );
  });
});

describe('createBillingClient options', () => {
  test('the environment follows the key unless given', async () => {
    for (const [key, environment, origin] of [
      ['creem_test_abc', 'test', 'https://test-api.creem.io'],
      ['creem_live_abc', 'production', 'https://api.creem.io'],
    ] as const) {
      const wire = recordingFetch(json(200, product));
      const client = createBillingClient({ apiKey: key, fetch: wire.fetch });
      expect(client.environment).toBe(environment);
      expect(client.baseUrl).toBe(origin);
      await client.products.retrieve({ product_id: 'prod_1' });
      expect(wire.requests[0]?.url).toBe(`${origin}/v1/products?product_id=prod_1`);
    }
  });

  test('baseUrl overrides the environment and may carry a path prefix', async () => {
    const wire = recordingFetch(json(200, product));
    const client = createBillingClient({
      apiKey,
      fetch: wire.fetch,
      baseUrl: 'http://localhost:5173/__sandbox/',
    });
    await client.products.retrieve({ product_id: 'prod_1' });
    expect(wire.requests[0]?.url).toBe(
      'http://localhost:5173/__sandbox/v1/products?product_id=prod_1',
    );
  });

  test('a missing key names the option', () => {
    // @ts-expect-error apiKey is required
    expect(() => createBillingClient({})).toThrow(
      /^billing-kit: createBillingClient needs the apiKey option/,
    );
    expect(() => createBillingClient({ apiKey: '' })).toThrow(/apiKey option/);
  });

  test('bad options are refused with a message that names them and never the key', () => {
    const secret = 'creem_test_s3cr3t';
    const attempts: Array<() => unknown> = [
      () => createBillingClient({ apiKey: `${secret}\n` }),
      () => createBillingClient({ apiKey: secret, environment: 'production' }),
      () => createBillingClient({ apiKey: 'creem_live_s3cr3t', environment: 'test' }),
      // @ts-expect-error not an environment
      () => createBillingClient({ apiKey: secret, environment: 'staging' }),
      () => createBillingClient({ apiKey: secret, baseUrl: 'test-api.creem.io' }),
      () => createBillingClient({ apiKey: secret, timeoutMs: 0 }),
      () => createBillingClient({ apiKey: secret, retries: -1 }),
      () => createBillingClient({ apiKey: secret, retries: 1.5 }),
    ];
    const messages = attempts.map((attempt) => {
      try {
        attempt();
      } catch (error) {
        expect(String(error)).not.toContain('s3cr3t');
        return (error as Error).message;
      }
      throw new Error('expected the options to be refused');
    });
    expect(messages).toEqual([
      expect.stringMatching(/^billing-kit: the apiKey option holds spaces, line breaks/),
      expect.stringMatching(/^billing-kit: environment is 'production' but apiKey is a test key/),
      expect.stringMatching(/^billing-kit: environment is 'test' but apiKey is not a test key/),
      expect.stringMatching(
        /^billing-kit: the environment option must be 'test', 'production' or an http\(s\) base address/,
      ),
      expect.stringMatching(
        /^billing-kit: the baseUrl option must be an absolute http\(s\) address/,
      ),
      expect.stringMatching(/^billing-kit: the timeoutMs option must be a number of ms above 0/),
      expect.stringMatching(/^billing-kit: the retries option must be a whole number from 0 to 10/),
      expect.stringMatching(/^billing-kit: the retries option/),
    ]);
  });

  test("a key for the other environment is refused at either service's own address too", async () => {
    const refusals = [
      [{ apiKey: 'creem_test_abc', environment: 'https://api.creem.io' }, 'production'],
      [{ apiKey: 'creem_test_abc', baseUrl: 'https://API.creem.io/' }, 'production'],
      [{ apiKey: 'creem_abc', environment: 'https://test-api.creem.io' }, 'test'],
      [{ apiKey: 'creem_abc', baseUrl: 'https://test-api.creem.io' }, 'test'],
      [
        { apiKey: 'creem_abc', environment: 'production', baseUrl: 'https://test-api.creem.io' },
        'test',
      ],
    ] as const;
    for (const [options, environment] of refusals) {
      expect(() => createBillingClient(options)).toThrow(TypeError);
      expect(() => createBillingClient(options)).toThrow(
        environment === 'test'
          ? /^billing-kit: environment is 'test' \(the base address https:\/\/test-api\.creem\.io\) but apiKey is not a test key/
          : /^billing-kit: environment is 'production' \(the base address https:\/\/api\.creem\.io\) but apiKey is a test key/,
      );
    }
    // The right key at its own address is taken, and says which environment it calls.
    for (const [apiKey, address, environment] of [
      ['creem_test_abc', 'https://test-api.creem.io', 'test'],
      ['creem_abc', 'https://api.creem.io/', 'production'],
    ] as const) {
      const wire = recordingFetch(json(200, product));
      const client = createBillingClient({ apiKey, baseUrl: address, fetch: wire.fetch });
      expect(client.environment).toBe(environment);
      await client.products.retrieve({ product_id: 'prod_1' });
      expect(wire.requests[0]?.url).toBe(
        `${billingEnvironments[environment]}/v1/products?product_id=prod_1`,
      );
    }
    // Any other address (the sandbox, a proxy of one's own) is not checked.
    expect(
      createBillingClient({ apiKey: 'creem_abc', baseUrl: 'http://localhost:5173/__sandbox' })
        .baseUrl,
    ).toBe('http://localhost:5173/__sandbox');
  });

  test('a key of any other shape is taken by either environment, by name or at its address', async () => {
    for (const [options, environment] of [
      [{ apiKey: 'test_key', environment: 'test' }, 'test'],
      [{ apiKey: 'sk_test_123', environment: 'test' }, 'test'],
      [{ apiKey: 'k', baseUrl: 'https://test-api.creem.io' }, 'test'],
      [{ apiKey: 'creem', environment: 'https://test-api.creem.io' }, 'test'],
      [{ apiKey: 'test_key', environment: 'production' }, 'production'],
      [{ apiKey: 'sk_live_123', baseUrl: 'https://api.creem.io' }, 'production'],
    ] as const) {
      const wire = recordingFetch(json(200, product));
      const client = createBillingClient({ ...options, fetch: wire.fetch });
      expect(client.environment).toBe(environment);
      await client.products.retrieve({ product_id: 'prod_1' });
      expect(wire.requests[0]?.url).toBe(
        `${billingEnvironments[environment]}/v1/products?product_id=prod_1`,
      );
      expect(wire.requests[0]?.headers['x-api-key']).toBe(options.apiKey);
    }
  });

  test('environment may be a base address, as design.md writes it: the same as baseUrl', async () => {
    const sandbox = createSandbox();
    const client = createBillingClient({
      apiKey: sandbox.apiKey,
      environment: sandbox.baseUrl as `https://${string}`,
      fetch: sandbox.fetch,
    });
    expect(client.baseUrl).toBe(sandbox.baseUrl);
    const page = await client.customers.list();
    expect(page.items.length).toBeGreaterThan(0);
    expect(() =>
      createBillingClient({
        apiKey: sandbox.apiKey,
        environment: sandbox.baseUrl as `https://${string}`,
        baseUrl: sandbox.baseUrl,
      }),
    ).toThrow(/give the base address once/);
  });

  describe('in a browser', () => {
    const scope = globalThis as { window?: unknown; document?: unknown };
    afterEach(() => {
      delete scope.window;
      delete scope.document;
    });

    test('it refuses to be built, and says to use the proxy', () => {
      scope.window = {};
      scope.document = {};
      expect(() => createBillingClient({ apiKey })).toThrow(
        new Error(
          'billing-kit: createBillingClient runs on your server; in the browser use the proxy ' +
            '(createBillingHandler + BillingProvider) so your API key stays secret. The proxy is ' +
            'built on this client too: to run either in a page with the sandbox or a test key ' +
            '(Storybook, a demo), pass allowBrowser: true',
        ),
      );
    });

    test('a DOM emulated in a Node test runner (jsdom, happy-dom) is not a page: it is built', () => {
      const agents = [
        'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/26.1.0',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HappyDOM/17.0.0',
      ];
      scope.window = {};
      scope.document = {};
      for (const userAgent of agents) {
        vi.stubGlobal('navigator', { userAgent });
        try {
          expect(createBillingClient({ apiKey }).baseUrl).toBe(base);
        } finally {
          vi.unstubAllGlobals();
        }
      }
      vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' });
      try {
        expect(() => createBillingClient({ apiKey })).toThrow(/allowBrowser: true/);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    test('allowBrowser lets it be built', () => {
      scope.window = {};
      scope.document = {};
      expect(createBillingClient({ apiKey, allowBrowser: true }).baseUrl).toBe(base);
    });
  });
});
