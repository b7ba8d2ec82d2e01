// The service's official TypeScript SDK (npm `creem`, 1.13.0, generated from the real
// service's OpenAPI) as a real client of the sandbox over HTTP. The SDK checks every answer
// with its own schemas and throws on a mismatch, so each of the contract's 16 operations
// passing here means an outside program written against the real service reads the sandbox's
// answers as it would the service's. Values are checked against the sandbox's own data
// (`fixtures()`, `inspect()`), errors against the SDK's error classes.
import { Creem, HTTPClient } from 'creem';
import { APIError, CustomerCreditsErrorResponseDto } from 'creem/models/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  catalogProductIds,
  createSandbox,
  demoCustomerIds,
  type Listening,
  type Sandbox,
  type SandboxFixtures,
} from '../../src/sandbox/index.js';

/** One exchange as it crossed the wire. */
type Exchange = {
  method: string;
  path: string;
  query: URLSearchParams;
  status: number;
  replay: string | null;
};

/** The general error body (service-interface.md, "General error body"). */
type ServiceErrorBody = {
  trace_id: string;
  status: number;
  error: string;
  message?: string[];
  timestamp: number;
};

/** The customer-credits error body (service-interface.md, "Customer-credits error body"). */
type CreditsErrorBody = {
  error: { type: string; code: string | null; message: string; param: string | null };
};

let sandbox: Sandbox;
let listening: Listening;
let creem: Creem;
let seeded: SandboxFixtures;
const wire: Exchange[] = [];

// A fresh sandbox for every test: each one stands alone, in any order, run alone or shuffled.
beforeEach(async () => {
  wire.length = 0;
  sandbox = createSandbox();
  listening = await sandbox.listen(0);
  seeded = sandbox.fixtures();
  const httpClient = new HTTPClient();
  httpClient.addHook('response', (response, request) => {
    const url = new URL(request.url);
    wire.push({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      status: response.status,
      replay: response.headers.get('x-idempotent-replay'),
    });
  });
  creem = new Creem({ apiKey: sandbox.apiKey, serverURL: listening.url, httpClient });
});

afterEach(async () => {
  await listening.close();
});

function lastExchange(): Exchange {
  const exchange = wire.at(-1);
  if (!exchange) throw new Error('no request crossed the wire');
  return exchange;
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

/** What `call` threw, checked to be an instance of `type`. */
async function thrown<T>(call: Promise<unknown>, type: abstract new (...args: never[]) => T) {
  const outcome = await call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error('expected the SDK to throw, it answered');
  expect(outcome.error).toBeInstanceOf(type);
  return outcome.error as T;
}

/** A general error answer through the SDK: its fallback `APIError` with the sandbox's body. */
async function serviceError(call: Promise<unknown>) {
  const error = await thrown(call, APIError);
  const body = JSON.parse(error.body) as ServiceErrorBody;
  expect(body.status).toBe(error.statusCode);
  expect(body.trace_id).toEqual(expect.any(String));
  expect(body.timestamp).toEqual(expect.any(Number));
  // The SDK's own message carries the sandbox's answer, so a developer sees why.
  expect(error.message).toContain(error.body);
  return { status: error.statusCode, body };
}

/** A customer-credits error answer the SDK does not model (all but a credit's 409). */
async function creditsError(call: Promise<unknown>) {
  const error = await thrown(call, APIError);
  const body = JSON.parse(error.body) as CreditsErrorBody;
  expect(error.message).toContain(error.body);
  return { status: error.statusCode, error: body.error };
}

const ada = demoCustomerIds.ada;
const linus = demoCustomerIds.linus;

describe('creem 1.13.0 against the sandbox: customers', () => {
  it('1. lists a customer subscriptions newest first, a page at a time', async () => {
    const expected = seeded.subscriptions
      .filter((subscription) => idOf(subscription.customer) === linus)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    expect(expected.length).toBeGreaterThan(2);

    const first = await creem.customers.listSubscriptions(linus, 1, 2);
    expect(lastExchange().query.get('page_number')).toBe('1');
    expect(first.items.map((s) => s.id)).toEqual(expected.slice(0, 2).map((s) => s.id));
    expect(first.pagination).toEqual({
      totalRecords: expected.length,
      totalPages: Math.ceil(expected.length / 2),
      currentPage: 1,
      nextPage: 2,
      prevPage: null,
    });
    const second = await creem.customers.listSubscriptions(linus, 2, 2);
    expect(second.items.map((s) => s.id)).toEqual(expected.slice(2, 4).map((s) => s.id));
    expect(second.pagination.prevPage).toBe(1);

    // The document's defaults: page 1 of 10.
    const all = await creem.customers.listSubscriptions(linus);
    expect(all.items).toHaveLength(expected.length);
    const [newest] = all.items;
    const [seededNewest] = expected;
    if (!newest || !seededNewest) throw new Error('the seed gives Linus subscriptions');
    expect(newest.status).toBe(seededNewest.status);
    expect(idOf(newest.product)).toBe(idOf(seededNewest.product));
    expect(idOf(newest.customer)).toBe(linus);
    expect(newest.collectionMethod).toBe('charge_automatically');
    expect(newest.createdAt).toEqual(new Date(seededNewest.created_at));
  });

  it('1. answers 404 for a customer it does not know', async () => {
    const { status, body } = await serviceError(creem.customers.listSubscriptions('cust_nobody'));
    expect(status).toBe(404);
    expect(body.message).toEqual(['customer cust_nobody was not found']);
  });

  it('2. lists every customer, 50 a page by default, and pages on with the SDK iterator', async () => {
    const byDefault = await creem.customers.list();
    expect(lastExchange().path).toBe('/v1/customers/list');
    expect(byDefault.result.items).toHaveLength(seeded.customers.length);
    expect(byDefault.result.pagination).toEqual({
      totalRecords: seeded.customers.length,
      totalPages: 1,
      currentPage: 1,
      nextPage: null,
      prevPage: null,
    });
    const seededAda = seeded.customers.find((customer) => customer.id === ada);
    const listedAda = byDefault.result.items.find((customer) => customer.id === ada);
    expect(listedAda).toMatchObject({
      email: seededAda?.email,
      name: seededAda?.name,
      country: seededAda?.country,
      createdAt: new Date(seededAda?.created_at ?? ''),
    });

    const pages = [];
    for await (const page of await creem.customers.list(1, 5)) pages.push(page.result);
    expect(pages.map((page) => page.pagination.currentPage)).toEqual([1, 2, 3]);
    expect(pages.at(-1)?.pagination.nextPage).toBeNull();
    const newestFirst = [...seeded.customers]
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
      .map((customer) => customer.id);
    expect(pages.flatMap((page) => page.items.map((customer) => customer.id))).toEqual(newestFirst);
  });

  it('3. hands out a portal link on the sandbox origin that serves the portal', async () => {
    const links = await creem.customers.generateBillingLinks({ customerId: ada });
    const link = new URL(links.customerPortalLink);
    expect(link.origin).toBe(new URL(listening.url).origin);
    expect(link.pathname).toBe(`/portal/${ada}`);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Customer portal</h1>');

    const { status, body } = await serviceError(
      creem.customers.generateBillingLinks({ customerId: 'cust_nobody' }),
    );
    expect(status).toBe(404);
    expect(body.message).toEqual(['customer cust_nobody was not found']);
  });
});

describe('creem 1.13.0 against the sandbox: subscriptions', () => {
  function adasActiveSubscription() {
    const subscription = seeded.subscriptions.find(
      (s) => idOf(s.customer) === ada && s.status === 'active',
    );
    if (!subscription) throw new Error('the seed gives Ada an active subscription');
    return subscription;
  }

  it('4. retrieves a subscription with its product, customer and period', async () => {
    const seededSubscription = adasActiveSubscription();
    const subscription = await creem.subscriptions.get(seededSubscription.id);
    expect(lastExchange().query.get('subscription_id')).toBe(seededSubscription.id);
    expect(subscription).toMatchObject({
      id: seededSubscription.id,
      mode: 'test',
      object: 'subscription',
      status: 'active',
      currentPeriodStartDate: new Date(seededSubscription.current_period_start_date ?? ''),
      currentPeriodEndDate: new Date(seededSubscription.current_period_end_date ?? ''),
      nextTransactionDate: new Date(seededSubscription.next_transaction_date ?? ''),
    });
    expect(idOf(subscription.customer)).toBe(ada);
    const product = subscription.product;
    if (typeof product === 'string') throw new Error('the sandbox expands the product');
    const seededProduct = seeded.products.find((p) => p.id === idOf(seededSubscription.product));
    expect(product).toMatchObject({
      id: seededProduct?.id,
      name: seededProduct?.name,
      price: seededProduct?.price,
      currency: seededProduct?.currency,
      billingPeriod: seededProduct?.billing_period,
    });
    // The documented Feature fields (id, type, description) read as seeded.
    expect(
      product.features?.map(({ id, type, description }) => ({ id, type, description })),
    ).toEqual(
      seededProduct?.features?.map(({ id, type, description }) => ({ id, type, description })),
    );
  });

  it('4. answers 404 for a subscription it does not know', async () => {
    const { status, body } = await serviceError(creem.subscriptions.get('sub_nothing'));
    expect(status).toBe(404);
    expect(body.message).toEqual(['subscription sub_nothing was not found']);
  });

  it('5. upgrades a subscription to the new product, and the change holds', async () => {
    const seededSubscription = adasActiveSubscription();
    expect(idOf(seededSubscription.product)).toBe(catalogProductIds.proMonthly);
    const upgraded = await creem.subscriptions.upgrade(seededSubscription.id, {
      productId: catalogProductIds.proYearly,
      updateBehavior: 'proration-charge-immediately',
    });
    expect(lastExchange()).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${seededSubscription.id}/upgrade`,
      status: 200,
    });
    expect(upgraded.id).toBe(seededSubscription.id);
    expect(upgraded.status).toBe('active');
    expect(idOf(upgraded.product)).toBe(catalogProductIds.proYearly);
    expect(upgraded.items?.map((item) => item.productId)).toEqual([catalogProductIds.proYearly]);

    const again = await creem.subscriptions.get(seededSubscription.id);
    expect(idOf(again.product)).toBe(catalogProductIds.proYearly);
  });

  it('5. refuses with 400 to upgrade a canceled subscription', async () => {
    const canceled = seeded.subscriptions.find((s) => s.status === 'canceled');
    if (!canceled) throw new Error('the seed has a canceled subscription');
    const { status, body } = await serviceError(
      creem.subscriptions.upgrade(canceled.id, { productId: catalogProductIds.proYearly }),
    );
    expect(status).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toEqual([
      `subscription_id ${canceled.id} is canceled and can no longer be upgraded`,
    ]);
  });
});

describe('creem 1.13.0 against the sandbox: checkouts', () => {
  it('6. creates a checkout for the product, with a checkout_url on the sandbox origin', async () => {
    const checkout = await creem.checkouts.create({
      productId: catalogProductIds.proMonthly,
      requestId: 'sdk-order-1',
      units: 2,
      discountCode: 'LAUNCH20',
      customer: { id: ada },
      customFields: [
        { type: 'text', key: 'company', label: 'Company', optional: true, text: { maxLength: 50 } },
      ],
      successUrl: 'https://shop.example.com/thanks',
      metadata: { plan: 'pro', seats: 2 },
    });
    expect(checkout).toMatchObject({
      mode: 'test',
      object: 'checkout',
      status: 'pending',
      product: catalogProductIds.proMonthly,
      requestId: 'sdk-order-1',
      units: 2,
      customer: ada,
      successUrl: 'https://shop.example.com/thanks',
      metadata: { plan: 'pro', seats: 2 },
      discount: { discountCode: 'LAUNCH20', type: 'percentage', amount: 20 },
    });
    expect(checkout.customFields).toEqual([
      {
        type: 'text',
        key: 'company',
        label: 'Company',
        optional: true,
        text: { maxLength: 50, minimumLength: null, value: null },
      },
    ]);
    const url = new URL(checkout.checkoutUrl ?? '');
    expect(url.origin).toBe(new URL(listening.url).origin);
    expect(url.pathname).toBe(`/checkout/${checkout.id}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Pay for Pro</h1>');
  });

  it('6. refuses with 400 a checkout without a product or for an archived one', async () => {
    const empty = await serviceError(creem.checkouts.create({ productId: '' }));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toEqual(['product_id must not be empty']);

    const archived = await serviceError(
      creem.checkouts.create({ productId: catalogProductIds.legacyMonthly }),
    );
    expect(archived.status).toBe(400);
    expect(archived.body.message).toEqual([
      `product_id ${catalogProductIds.legacyMonthly} is archived and cannot be bought`,
    ]);
  });
});

describe('creem 1.13.0 against the sandbox: transactions, discounts, licenses, stats', () => {
  it('7. searches a customer transactions newest first, numbers as Unix ms', async () => {
    const expected = sandbox
      .inspect()
      .transactions.filter((transaction) => transaction.customer === ada)
      .sort((a, b) => b.created_at - a.created_at);
    const { result } = await creem.transactions.search(ada, undefined, undefined, 1, 100);
    expect(lastExchange().query.get('customer_id')).toBe(ada);
    expect(result.items.map((transaction) => transaction.id)).toEqual(
      expected.map((transaction) => transaction.id),
    );
    expect(result.pagination.totalRecords).toBe(expected.length);
    const [newest] = result.items;
    const [seededNewest] = expected;
    expect(newest).toMatchObject({
      object: 'transaction',
      amount: seededNewest?.amount,
      currency: seededNewest?.currency,
      status: seededNewest?.status,
      type: seededNewest?.type,
      createdAt: seededNewest?.created_at,
      subscription: seededNewest?.subscription,
    });

    const byProduct = await creem.transactions.search(
      undefined,
      undefined,
      catalogProductIds.proMonthly,
    );
    expect(lastExchange().query.get('product_id')).toBe(catalogProductIds.proMonthly);
    expect(byProduct.result.items.length).toBeGreaterThan(0);
  });

  it('7. pages through every transaction with the SDK iterator', async () => {
    const total = sandbox.inspect().transactions.length;
    const ids: string[] = [];
    let pages = 0;
    for await (const page of await creem.transactions.search(
      undefined,
      undefined,
      undefined,
      1,
      10,
    )) {
      pages++;
      ids.push(...page.result.items.map((transaction) => transaction.id));
    }
    expect(pages).toBe(Math.ceil(total / 10));
    expect(new Set(ids).size).toBe(total);
  });

  it('8. retrieves a discount by id and by code', async () => {
    const seededDiscount = seeded.discounts.find((discount) => discount.code === 'LAUNCH20');
    if (!seededDiscount) throw new Error('the seed has LAUNCH20');
    const byId = await creem.discounts.get(seededDiscount.id);
    expect(lastExchange().query.get('discount_id')).toBe(seededDiscount.id);
    const byCode = await creem.discounts.get(undefined, 'LAUNCH20');
    expect(lastExchange().query.get('discount_code')).toBe('LAUNCH20');
    expect(byCode).toEqual(byId);
    expect(byId).toMatchObject({
      id: seededDiscount.id,
      object: 'discount',
      status: 'active',
      code: 'LAUNCH20',
      type: seededDiscount.type,
      percentage: seededDiscount.percentage,
      duration: seededDiscount.duration,
      durationInMonths: seededDiscount.duration_in_months,
      maxRedemptions: seededDiscount.max_redemptions,
      redeemCount: seededDiscount.redeem_count,
      appliesToProducts: seededDiscount.applies_to_products,
      expiryDate: new Date(seededDiscount.expiry_date ?? ''),
    });
  });

  it('9. deletes a discount, answering it deleted; then it is 404 by id and by code', async () => {
    const seededDiscount = seeded.discounts.find((discount) => discount.code === 'FRIENDS10');
    if (!seededDiscount) throw new Error('the seed has FRIENDS10');
    const deleted = await creem.discounts.delete(seededDiscount.id);
    expect(lastExchange()).toMatchObject({
      method: 'DELETE',
      path: `/v1/discounts/${seededDiscount.id}/delete`,
    });
    expect(deleted).toMatchObject({
      id: seededDiscount.id,
      code: 'FRIENDS10',
      status: 'deleted',
    });
    const byId = await serviceError(creem.discounts.get(seededDiscount.id));
    expect(byId.status).toBe(404);
    expect(byId.body.message).toEqual([`discount ${seededDiscount.id} was not found`]);
    const byCode = await serviceError(creem.discounts.get(undefined, 'FRIENDS10'));
    expect(byCode.status).toBe(404);
  });

  it('10. validates a seeded license key with its instance', async () => {
    const seededLicense = seeded.licenses.find((license) => license.status === 'active');
    const instance = seededLicense?.instance;
    if (!seededLicense || !instance) throw new Error('the seed has an active license');
    const license = await creem.licenses.validate({
      key: seededLicense.key,
      instanceId: instance.id,
    });
    expect(license).toMatchObject({
      id: seededLicense.id,
      object: 'license',
      status: 'active',
      key: seededLicense.key,
      productId: seededLicense.product_id,
      activation: seededLicense.activation,
      activationLimit: seededLicense.activation_limit,
      expiresAt: seededLicense.expires_at ? new Date(seededLicense.expires_at) : null,
      instance: { id: instance.id, object: 'license-instance', name: instance.name },
    });

    const unknown = await serviceError(
      creem.licenses.validate({ key: 'NOT-A-KEY', instanceId: instance.id }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toEqual(['license key NOT-A-KEY was not found']);
  });

  it('11. summarises the store: totals only, without an interval', async () => {
    const inspection = sandbox.inspect();
    const revenue = inspection.transactions.filter(
      (t) => t.currency === 'USD' && ['paid', 'partialRefund', 'refunded'].includes(t.status),
    );
    const summary = await creem.stats.getSummary('USD');
    expect(lastExchange().query.get('currency')).toBe('USD');
    expect(summary.totals).toMatchObject({
      totalProducts: inspection.products.length,
      totalCustomers: inspection.customers.length,
      totalSubscriptions: inspection.subscriptions.length,
      activeSubscriptions: inspection.subscriptions.filter((s) => s.status === 'active').length,
      totalPayments: revenue.length,
      totalRevenue: revenue.reduce((sum, t) => sum + (t.amount_paid ?? t.amount), 0),
    });
    expect(summary.totals.monthlyRecurringRevenue).toBeGreaterThan(0);
    expect(summary.totals.netMonthlyRecurringRevenue).toBeLessThan(
      summary.totals.monthlyRecurringRevenue,
    );
    // service-interface.md endpoint 11: "`periods` is present only when `interval`,
    // `startDate` and `endDate` are all given".
    expect(summary.periods).toBeUndefined();
  });

  it('11. gives monthly periods that add up to the range totals', async () => {
    const startDate = Date.UTC(2025, 0, 1);
    const endDate = Date.UTC(2025, 11, 31, 23, 59, 59, 999);
    const summary = await creem.stats.getSummary('USD', startDate, endDate, 'month');
    expect(lastExchange().query.get('interval')).toBe('month');
    const periods = summary.periods ?? [];
    expect(periods.length).toBeGreaterThan(0);
    for (const period of periods) {
      const start = new Date(period.timestamp);
      expect(start.getUTCDate()).toBe(1);
      expect(period.timestamp).toBeGreaterThanOrEqual(startDate);
      expect(period.timestamp).toBeLessThanOrEqual(endDate);
    }
    expect(periods.map((p) => p.timestamp)).toEqual(
      [...periods.map((p) => p.timestamp)].sort((a, b) => a - b),
    );
    expect(periods.reduce((sum, p) => sum + p.grossRevenue, 0)).toBe(summary.totals.totalRevenue);
    expect(periods.reduce((sum, p) => sum + p.netRevenue, 0)).toBe(summary.totals.totalNetRevenue);
  });

  it('11. refuses with 400 an interval without its dates', async () => {
    const { status, body } = await serviceError(
      creem.stats.getSummary('USD', undefined, undefined, 'day'),
    );
    expect(status).toBe(400);
    expect(body.message).toEqual(['interval needs both startDate and endDate']);
  });
});

describe('creem 1.13.0 against the sandbox: customer credits', () => {
  function account(customerId: string, status = 'active') {
    const found = seeded.credit_accounts.find(
      (a) => a.customer_id === customerId && a.status === status,
    );
    if (!found) throw new Error(`the seed has a ${status} credit account for ${customerId}`);
    return found;
  }

  function balanceOf(entries: { side: string; amount: string }[]): bigint {
    return entries.reduce(
      (sum, entry) => sum + (entry.side === 'credit' ? 1n : -1n) * BigInt(entry.amount),
      0n,
    );
  }

  async function allEntries(accountId: string) {
    const entries = [];
    for await (const page of await creem.customerCredits.listEntries(accountId, 100)) {
      entries.push(...page.result.data);
    }
    return entries;
  }

  it('12. lists the customer accounts newest first by cursor, no system account', async () => {
    const pages = [];
    for await (const page of await creem.customerCredits.listAccounts(2)) pages.push(page.result);
    expect(pages.map((page) => page.object)).toEqual(pages.map(() => 'list'));
    expect(pages.map((page) => page.hasMore)).toEqual([...pages.slice(1).map(() => true), false]);
    const listed = pages.flatMap((page) => page.data);
    expect(listed.map((a) => a.id)).toEqual(
      [...seeded.credit_accounts]
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
        .map((a) => a.id),
    );
    const systemIds = new Set(sandbox.inspect().credit_system_accounts.map((a) => a.id));
    expect(listed.some((a) => systemIds.has(a.id))).toBe(false);
    // The SDK pages on with the last id it was given, as `starting_after`.
    const secondPage = wire.filter((e) => e.path === '/v1/customer-credits/accounts').at(1);
    expect(secondPage?.query.get('starting_after')).toBe(pages[0]?.data.at(-1)?.id);
    expect(secondPage?.query.get('limit')).toBe('2');

    const graces = await creem.customerCredits.listAccounts(10, demoCustomerIds.grace);
    expect(lastExchange().query.get('customer_id')).toBe(demoCustomerIds.grace);
    expect(graces.result.data.map((a) => a.customerId)).toEqual(
      seeded.credit_accounts
        .filter((a) => a.customer_id === demoCustomerIds.grace)
        .map(() => demoCustomerIds.grace),
    );
  });

  it('13. retrieves an account; an unknown one is 404 in the credits error body', async () => {
    const seededAccount = account(ada);
    const retrieved = await creem.customerCredits.getAccount(seededAccount.id);
    expect(retrieved).toEqual({
      id: seededAccount.id,
      storeId: seededAccount.store_id,
      customerId: ada,
      name: seededAccount.name,
      unitLabel: seededAccount.unit_label,
      status: 'active',
      createdAt: seededAccount.created_at,
      updatedAt: seededAccount.updated_at,
    });

    const { status, error } = await creditsError(creem.customerCredits.getAccount('cca_nothing'));
    expect(status).toBe(404);
    expect(error.type).toBe('invalid_request_error');
  });

  it('14. lists an account entries newest first by cursor; they add up to its balance', async () => {
    const seededAccount = account(ada);
    const held = sandbox.inspect().credit_entries.filter((e) => e.account_id === seededAccount.id);
    const first = await creem.customerCredits.listEntries(seededAccount.id, 3);
    expect(first.result).toMatchObject({ object: 'list', hasMore: true });
    expect(first.result.data.map((e) => e.id)).toEqual(
      held
        .slice(-3)
        .reverse()
        .map((e) => e.id),
    );
    const second = await first.next();
    expect(lastExchange().query.get('starting_after')).toBe(first.result.data.at(-1)?.id);
    expect(second?.result.data.map((e) => e.id)).toEqual(
      held
        .slice(-6, -3)
        .reverse()
        .map((e) => e.id),
    );

    const entries = await allEntries(seededAccount.id);
    expect(entries).toHaveLength(held.length);
    expect(entries.every((e) => e.accountId === seededAccount.id)).toBe(true);
    expect(balanceOf(entries).toString()).toBe(sandbox.inspect().credit_balances[seededAccount.id]);
  });

  it('15. credits an account (201); the same key and body replay the same transaction', async () => {
    const seededAccount = account(ada);
    const before = balanceOf(await allEntries(seededAccount.id));
    // Amounts are decimal strings of any size (api-notes.md): this one is past 2^53.
    const amount = '123456789012345678901234567890';
    const body = { amount, reference: 'sdk-grant-1', idempotencyKey: 'sdk-credit-1' };
    const credited = await creem.customerCredits.creditAccount(seededAccount.id, body);
    expect(lastExchange()).toMatchObject({ status: 201, replay: null });
    expect(credited).toMatchObject({
      storeId: seededAccount.store_id,
      reference: 'sdk-grant-1',
      idempotencyKey: 'sdk-credit-1',
    });
    expect(credited.reversalOf).toBeUndefined();
    const onAccount = credited.entries.filter((e) => e.accountId === seededAccount.id);
    expect(onAccount.map(({ side, amount }) => ({ side, amount }))).toEqual([
      { side: 'credit', amount },
    ]);
    // The double entry's other side sits on a system account.
    expect(
      credited.entries
        .filter((e) => e.accountId !== seededAccount.id)
        .map(({ side, amount }) => ({ side, amount })),
    ).toEqual([{ side: 'debit', amount }]);
    expect(balanceOf(await allEntries(seededAccount.id))).toBe(before + BigInt(amount));

    const replayed = await creem.customerCredits.creditAccount(seededAccount.id, body);
    expect(lastExchange()).toMatchObject({ status: 201, replay: 'true' });
    expect(replayed).toEqual(credited);
    expect(balanceOf(await allEntries(seededAccount.id))).toBe(before + BigInt(amount));
  });

  it('15. a different body under a used key is 409, in the SDK credits error class', async () => {
    const seededAccount = account(ada);
    await creem.customerCredits.creditAccount(seededAccount.id, {
      amount: '10',
      reference: 'sdk-grant-1',
      idempotencyKey: 'sdk-credit-1',
    });
    const error = await thrown(
      creem.customerCredits.creditAccount(seededAccount.id, {
        amount: '5',
        reference: 'sdk-grant-1',
        idempotencyKey: 'sdk-credit-1',
      }),
      CustomerCreditsErrorResponseDto,
    );
    expect(error.statusCode).toBe(409);
    // The code is the sandbox's own: the interface leaves it "not shown" and api-notes.md
    // only says "409 with the credits error body".
    expect(error.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'idempotency_key_reused',
      param: 'idempotency_key',
    });
    expect(error.message).toContain('idempotency_key "sdk-credit-1" was already used');
  });

  it('15. a frozen account is 409, a malformed amount 400', async () => {
    const frozen = account(demoCustomerIds.grace, 'frozen');
    const refused = await thrown(
      creem.customerCredits.creditAccount(frozen.id, {
        amount: '1',
        reference: 'sdk-frozen',
        idempotencyKey: 'sdk-frozen-1',
      }),
      CustomerCreditsErrorResponseDto,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.error.message).toContain('frozen');

    const malformed = await creditsError(
      creem.customerCredits.creditAccount(account(ada).id, {
        amount: '-1',
        reference: 'sdk-bad',
        idempotencyKey: 'sdk-bad-1',
      }),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.error).toMatchObject({ type: 'invalid_request_error', param: 'amount' });
  });

  it('16. reverses a credit once (201, reversal_of), then refuses with 400', async () => {
    const seededAccount = account(ada);
    const before = balanceOf(await allEntries(seededAccount.id));
    const credited = await creem.customerCredits.creditAccount(seededAccount.id, {
      amount: '40',
      reference: 'sdk-grant-2',
      idempotencyKey: 'sdk-credit-2',
    });
    const reversal = await creem.customerCredits.reverseTransaction(seededAccount.id, {
      transactionId: credited.id,
    });
    expect(lastExchange()).toMatchObject({
      path: `/v1/customer-credits/accounts/${seededAccount.id}/reverse`,
      status: 201,
    });
    expect(reversal.id).not.toBe(credited.id);
    expect(reversal.reversalOf).toBe(credited.id);
    expect(
      reversal.entries
        .filter((e) => e.accountId === seededAccount.id)
        .map(({ side, amount }) => ({ side, amount })),
    ).toEqual([{ side: 'debit', amount: '40' }]);
    // The original stays in the history; the two cancel out.
    const entries = await allEntries(seededAccount.id);
    const ids = new Set(entries.map((e) => e.transactionId));
    expect(ids.has(credited.id) && ids.has(reversal.id)).toBe(true);
    expect(balanceOf(entries)).toBe(before);

    const again = await creditsError(
      creem.customerCredits.reverseTransaction(seededAccount.id, { transactionId: credited.id }),
    );
    expect(again.status).toBe(400);
    expect(again.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'transaction_already_reversed',
      param: 'transaction_id',
    });
  });
});

describe('creem 1.13.0 against the sandbox: keys', () => {
  function client(apiKey: string) {
    return new Creem({ apiKey, serverURL: listening.url });
  }

  it('a wrong test key is 401 on the general and the credits operations', async () => {
    const wrong = client('creem_test_wrong');
    const general = await serviceError(wrong.customers.listSubscriptions(ada));
    expect(general.status).toBe(401);
    expect(general.body.error).toBe('Unauthorized');
    expect(general.body.message).toEqual([
      'the API key is not valid for this sandbox: use sandbox.apiKey',
    ]);

    const credits = await creditsError(
      wrong.customerCredits.getAccount(seeded.credit_accounts[0]?.id ?? ''),
    );
    expect(credits.status).toBe(401);
    expect(credits.error.type).toBe('authentication_error');
  });

  it('no key is 401, a production key 403 (api-notes.md: wrong environment)', async () => {
    const missing = await serviceError(client('').customers.list());
    expect(missing.status).toBe(401);
    const production = await serviceError(client('creem_live_key').customers.list());
    expect(production.status).toBe(403);
    expect(production.body.error).toBe('Forbidden');
  });
});
