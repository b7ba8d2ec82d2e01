import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCheckout,
  followPage,
  openPage,
  pageOf,
} from '../../test/support/hosted-checkout.js';
import {
  type Discount,
  discountSchema,
  type Feature,
  transactionSchema,
} from '../contract/schemas.js';
import { handleCheckoutPage } from './checkout-page.js';
import { payOnPage } from './checkout-pay.js';
import { createCheckout as createCheckoutIn, payCheckout } from './checkouts.js';
import { grantCreditsWith } from './credits.js';
import { createLedger } from './ledger.js';
import { createRandom } from './random.js';
import { createSandbox, type Sandbox } from './sandbox.js';
import { catalogProductIds as ids } from './seed.js';
import { SandboxStore } from './state.js';

/**
 * Checks a redirect's `signature` as the service's documentation tells a seller to: the
 * service's parameters that carry a value, in the order they arrive, as `key=value`, then
 * `salt=<API key>`, joined with `|`, hashed with SHA-256 (hex).
 */
function signatureHolds(location: string, apiKey: string): boolean {
  const params = new URL(location).searchParams;
  const keys = [
    'checkout_id',
    'order_id',
    'customer_id',
    'subscription_id',
    'product_id',
    'request_id',
  ];
  const signed = [...params].filter(([key, value]) => keys.includes(key) && value !== '');
  const data = [...signed.map(([key, value]) => `${key}=${value}`), `salt=${apiKey}`].join('|');
  return params.get('signature') === createHash('sha256').update(data).digest('hex');
}

/** The redirect's query as a plain object. */
function queryOf(response: Response): Record<string, string> {
  expect(response.status).toBe(303);
  return Object.fromEntries(new URL(response.headers.get('location') ?? '').searchParams);
}

async function discount(sandbox: Sandbox, code: string): Promise<Discount> {
  const response = await sandbox.fetch(`/v1/discounts?discount_code=${code}`, {
    headers: { 'x-api-key': sandbox.apiKey },
  });
  return discountSchema.parse(await response.json()) as Discount;
}

/** Pays a checkout on its page as a known customer, ticking every checkbox. */
async function payAsKnown(sandbox: Sandbox, checkoutUrl: string): Promise<Response> {
  const page = await openPage(sandbox, checkoutUrl);
  for (const box of page.screen.queryAllByRole('checkbox'))
    (box as HTMLInputElement).checked = true;
  return page.press(/^Pay/);
}

describe('Pay on the hosted page', () => {
  it('buys a one-time product: new customer, paid order and transaction, license, redirect', async () => {
    const sandbox = createSandbox();
    const before = sandbox.inspect();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.lifetime,
      request_id: 'req_42',
      success_url: 'https://shop.example/thanks?ref=abc&order_id=stale',
      metadata: { company: 'Acme' },
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    page.fill('Email', 'new.buyer@example.com');
    page.fill('Name', 'New Buyer');
    (page.screen.getByLabelText('Country') as HTMLSelectElement).value = 'DE';
    page.fill('Company (for the invoice)', 'Acme GmbH');
    page.check(/I accept the terms/);
    const response = await page.press(/^Pay/);

    const after = sandbox.inspect();
    const customer = after.customers.find((c) => c.email === 'new.buyer@example.com');
    const order = after.orders.find((o) => o.customer === customer?.id);
    const query = queryOf(response);
    const url = new URL(response.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example/thanks');
    expect(query).toEqual({
      ref: 'abc',
      checkout_id: checkout.id,
      order_id: order?.id,
      customer_id: customer?.id,
      product_id: ids.lifetime,
      request_id: 'req_42',
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(signatureHolds(url.href, sandbox.apiKey)).toBe(true);
    expect(signatureHolds(url.href.replace(ids.lifetime, 'prod_other'), sandbox.apiKey)).toBe(
      false,
    );
    expect(signatureHolds(url.href, 'creem_test_someone_else')).toBe(false);

    expect(customer).toMatchObject({ name: 'New Buyer', country: 'DE' });
    expect(after.customers).toHaveLength(before.customers.length + 1);
    // $199.00 with 20% tax on top: $39.80 tax, $238.80 paid.
    expect(order).toMatchObject({
      product: ids.lifetime,
      status: 'paid',
      type: 'onetime',
      sub_total: 19900,
      discount_amount: 0,
      tax_amount: 3980,
      amount_due: 23880,
      amount_paid: 23880,
      currency: 'USD',
    });
    const transaction = after.transactions.find((t) => t.order === order?.id);
    expect(transactionSchema.safeParse(transaction).success).toBe(true);
    expect(transaction).toMatchObject({
      status: 'paid',
      type: 'payment',
      amount: 19900,
      amount_paid: 23880,
      tax_amount: 3980,
      tax_country: 'DE',
      customer: customer?.id,
      subscription: null,
    });
    expect(after.subscriptions).toHaveLength(before.subscriptions.length);

    const license = after.licenses.find((l) => !before.licenses.some((b) => b.id === l.id));
    expect(license).toMatchObject({
      product_id: ids.lifetime,
      status: 'active',
      activation: 0,
      activation_limit: 5,
    });
    const completed = after.checkouts.find((c) => c.id === checkout.id);
    expect(completed).toMatchObject({
      status: 'completed',
      customer: customer?.id,
      order: { id: order?.id },
      license_keys: [{ id: license?.id, key: license?.key }],
      metadata: { company: 'Acme' },
    });
    expect(completed?.subscription ?? null).toBeNull();
  });

  it('links a buyer whose email is known to that customer', async () => {
    const sandbox = createSandbox();
    const customers = sandbox.inspect().customers.length;
    const checkout = await createCheckout(sandbox, { product_id: ids.starterMonthly });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    page.fill('Email', 'ADA@example.com');
    const response = await page.press(/^Pay/);
    expect(queryOf(response).customer_id).toBe('cust_ada');
    expect(sandbox.inspect().customers).toHaveLength(customers);
  });

  it('creates the new customer of a prefilled email with the name and country given on the page', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.proMonthly,
      customer: { email: 'hans@example.de' },
      success_url: 'https://shop.example/thanks',
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    page.fill('Name', 'Hans Meier');
    (page.screen.getByLabelText('Country') as HTMLSelectElement).value = 'DE';
    const response = await page.press(/^Pay/);

    const after = sandbox.inspect();
    const customer = after.customers.find((c) => c.email === 'hans@example.de');
    expect(queryOf(response).customer_id).toBe(customer?.id);
    expect(customer).toMatchObject({ name: 'Hans Meier', country: 'DE' });
    const transaction = after.transactions.find((t) => t.customer === customer?.id);
    expect(transaction).toMatchObject({ status: 'paid', tax_country: 'DE' });
  });

  it('starts a monthly subscription on Jan 31 that renews on Feb 28, units and discount kept', async () => {
    const sandbox = createSandbox({ now: '2026-01-31T09:30:00.000Z' });
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { id: 'cust_grace' },
      units: 3,
      discount_code: 'LAUNCH20',
      success_url: 'https://shop.example/thanks',
    });
    const query = queryOf(await payAsKnown(sandbox, checkout.checkout_url as string));
    const after = sandbox.inspect();
    const subscription = after.subscriptions.find((s) => s.id === query.subscription_id);
    expect(subscription).toMatchObject({
      status: 'active',
      current_period_start_date: '2026-01-31T09:30:00.000Z',
      current_period_end_date: '2026-02-28T09:30:00.000Z',
      next_transaction_date: '2026-02-28T09:30:00.000Z',
      items: [{ product_id: ids.starterMonthly, units: 3 }],
      discount: { discountCode: 'LAUNCH20', type: 'percentage', amount: 20, duration: 'repeating' },
    });
    expect(typeof subscription?.customer === 'object' && subscription.customer.id).toBe(
      'cust_grace',
    );
    // $9.00 × 3 = $27.00, 20% off = $21.60, 20% tax on top = $4.32 → $25.92.
    const transaction = after.transactions.find((t) => t.subscription === subscription?.id);
    expect(transaction).toMatchObject({
      amount: 2700,
      discount_amount: 540,
      tax_amount: 432,
      amount_paid: 2592,
      period_start: Date.parse('2026-01-31T09:30:00.000Z'),
      period_end: Date.parse('2026-02-28T09:30:00.000Z'),
    });
    expect(subscription?.last_transaction_id).toBe(transaction?.id);
    expect(after.checkouts.find((c) => c.id === checkout.id)?.subscription).toBe(subscription?.id);
  });

  it('starts a yearly subscription on Feb 29 that renews on Feb 28 of the next year', async () => {
    const sandbox = createSandbox({ now: '2028-02-29T12:00:00.000Z' });
    const checkout = await createCheckout(sandbox, {
      product_id: ids.proYearly,
      customer: { id: 'cust_linus' },
    });
    const query = queryOf(await payAsKnown(sandbox, checkout.checkout_url as string));
    const subscription = sandbox
      .inspect()
      .subscriptions.find((s) => s.id === query.subscription_id);
    expect(subscription).toMatchObject({
      current_period_start_date: '2028-02-29T12:00:00.000Z',
      current_period_end_date: '2029-02-28T12:00:00.000Z',
      next_transaction_date: '2029-02-28T12:00:00.000Z',
    });
  });

  it('grants credits through the ledger once, however often Pay is pressed', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.proMonthly,
      customer: { id: 'cust_ada' },
      units: 2,
      success_url: 'https://shop.example/thanks',
    });
    const account = sandbox
      .inspect()
      .credit_accounts.find(
        (a) => a.customer_id === 'cust_ada' && a.unit_label === 'credits' && a.status === 'active',
      );
    const balanceBefore = sandbox.inspect().credit_balances[account?.id ?? ''];

    const page = await openPage(sandbox, checkout.checkout_url as string);
    const first = await page.press(/^Pay/);
    const afterFirst = sandbox.inspect();
    // Pro grants 1000 credits a unit: two units, 2000.
    expect(BigInt(afterFirst.credit_balances[account?.id ?? ''] ?? '0')).toBe(
      BigInt(balanceBefore ?? '0') + 2000n,
    );
    const grant = afterFirst.credit_transactions.at(-1);
    expect(grant?.idempotency_key).toContain(checkout.id);
    expect(afterFirst.checkouts.find((c) => c.id === checkout.id)?.feature).toContainEqual(
      expect.objectContaining({ customer_credits: { amount: '2000', unit_label: 'credits' } }),
    );

    // The same form posted again (a double click, the back button): nothing new.
    const second = await page.press(/^Pay/);
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    const afterSecond = sandbox.inspect();
    expect(afterSecond.credit_balances).toEqual(afterFirst.credit_balances);
    expect(afterSecond.credit_transactions).toHaveLength(afterFirst.credit_transactions.length);
    expect(afterSecond.orders).toHaveLength(afterFirst.orders.length);
    expect(afterSecond.transactions).toHaveLength(afterFirst.transactions.length);
    expect(afterSecond.subscriptions).toHaveLength(afterFirst.subscriptions.length);
    expect(afterSecond.licenses).toHaveLength(afterFirst.licenses.length);
  });

  it('issues a license per licenseKey feature with the feature’s activation limit', async () => {
    const sandbox = createSandbox();
    const before = sandbox.inspect().licenses.length;
    const checkout = await createCheckout(sandbox, {
      product_id: ids.businessHalfYear,
      customer: { id: 'cust_ada' },
    });
    await payAsKnown(sandbox, checkout.checkout_url as string);
    const after = sandbox.inspect();
    expect(after.licenses).toHaveLength(before + 1);
    expect(after.licenses.at(-1)).toMatchObject({
      product_id: ids.businessHalfYear,
      status: 'active',
      activation_limit: null,
    });
    expect(after.checkouts.find((c) => c.id === checkout.id)?.license_keys).toHaveLength(1);
  });

  it('counts the discount redemption once', async () => {
    const sandbox = createSandbox();
    const before = (await discount(sandbox, 'WELCOME5')).redeem_count ?? 0;
    const checkout = await createCheckout(sandbox, {
      product_id: ids.lifetime,
      customer: { id: 'cust_ada' },
      discount_code: 'WELCOME5',
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    page.check(/I accept the terms/);
    await page.press(/^Pay/);
    expect((await discount(sandbox, 'WELCOME5')).redeem_count).toBe(before + 1);
    await page.press(/^Pay/);
    expect((await discount(sandbox, 'WELCOME5')).redeem_count).toBe(before + 1);
    // $199.00 − $5.00 = $194.00, tax on top $38.80.
    const order = sandbox.inspect().orders.at(-1);
    expect(order).toMatchObject({ discount_amount: 500, tax_amount: 3880, amount_paid: 23280 });
  });

  it('puts tax inside an inclusive price and on top of an exclusive one', async () => {
    const sandbox = createSandbox();
    const inclusive = await createCheckout(sandbox, {
      product_id: ids.teamQuarterly,
      customer: { id: 'cust_ada' },
      units: 2,
    });
    const page = await openPage(sandbox, inclusive.checkout_url as string);
    page.fill('Company name', 'Analytical Engines');
    await page.press(/^Pay/);
    // $75.00 × 2 = $150.00 including 20% tax: $25.00 of it is tax.
    expect(sandbox.inspect().orders.at(-1)).toMatchObject({
      sub_total: 15000,
      tax_amount: 2500,
      amount_paid: 15000,
    });

    const exclusive = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { id: 'cust_ada' },
      units: 2,
    });
    await payAsKnown(sandbox, exclusive.checkout_url as string);
    // $9.00 × 2 = $18.00 and 20% tax on top: $3.60 → $21.60.
    expect(sandbox.inspect().orders.at(-1)).toMatchObject({
      sub_total: 1800,
      tax_amount: 360,
      amount_paid: 2160,
    });
  });

  it('redirects to the product’s default success URL, else to the sandbox’s thank-you page', async () => {
    const sandbox = createSandbox({ baseUrl: 'http://localhost:5173/__sandbox' });
    const ebook = await createCheckout(sandbox, {
      product_id: ids.ebook,
      customer: { id: 'cust_ada' },
    });
    const toDefault = await payAsKnown(sandbox, ebook.checkout_url as string);
    expect(toDefault.headers.get('location')).toMatch(
      /^https:\/\/example\.com\/thanks\?checkout_id=/,
    );

    const starter = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { id: 'cust_ada' },
    });
    expect(starter.checkout_url).toBe(`http://localhost:5173/__sandbox/checkout/${starter.id}`);
    const toSandbox = await payAsKnown(sandbox, starter.checkout_url as string);
    const location = new URL(toSandbox.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${starter.checkout_url}/thank-you`);
    expect(Object.keys(queryOf(toSandbox))).toEqual([
      'checkout_id',
      'order_id',
      'customer_id',
      'subscription_id',
      'product_id',
      'signature',
    ]);
    expect(signatureHolds(location.href, sandbox.apiKey)).toBe(true);
  });
});

describe('Decline on the hosted page', () => {
  it('leaves a declined transaction, keeps the checkout open and offers a way back', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { id: 'cust_grace' },
    });
    const before = sandbox.inspect();
    const page = await openPage(sandbox, checkout.checkout_url as string);
    const response = await page.press('Decline payment');
    expect(response.headers.get('location')).toBe(`${checkout.checkout_url}/declined`);

    const declined = await followPage(sandbox, response);
    expect(declined.status).toBe(200);
    expect(declined.screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment declined');
    const back = declined.screen.getByRole('link', { name: 'Back to checkout' });
    expect(back.getAttribute('href')).toBe(checkout.checkout_url);

    const after = sandbox.inspect();
    expect(after.transactions).toHaveLength(before.transactions.length + 1);
    expect(after.transactions.at(-1)).toMatchObject({
      status: 'declined',
      customer: 'cust_grace',
      amount_paid: 0,
      order: null,
    });
    expect(after.orders).toHaveLength(before.orders.length);
    expect(after.subscriptions).toHaveLength(before.subscriptions.length);
    expect(after.checkouts.find((c) => c.id === checkout.id)?.status).toBe('pending');

    // Back on the page, Pay still works.
    const again = await openPage(sandbox, back.getAttribute('href') as string);
    expect((await again.press(/^Pay/)).status).toBe(303);
    expect(sandbox.inspect().checkouts.find((c) => c.id === checkout.id)?.status).toBe('completed');
  });

  /**
   * Opens a checkout that knows no customer, fills the page's details and presses Decline; a
   * country the list lacks is posted as a hand-made form would (the select cannot hold it).
   * Answers the sandbox and the declined transaction.
   */
  async function declineAs(details: { email: string; country: string }) {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, { product_id: ids.starterMonthly });
    const url = checkout.checkout_url as string;
    const page = await openPage(sandbox, url);
    const customers = sandbox.inspect().customers.length;
    page.fill('Email', details.email);
    const select = page.screen.getByLabelText('Country') as HTMLSelectElement;
    const listed = [...select.options].some((option) => option.value === details.country);
    select.value = details.country;
    const response = listed
      ? await page.press('Decline payment')
      : await sandbox.fetch(`${url}/decline`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(details),
        });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${checkout.checkout_url}/declined`);
    const after = sandbox.inspect();
    // A decline never creates a customer, and the checkout stays open.
    expect(after.customers).toHaveLength(customers);
    expect(after.checkouts.find((c) => c.id === checkout.id)?.status).toBe('pending');
    return { sandbox, transaction: after.transactions.at(-1) };
  }

  /** The ids in a customer's transaction history, as the service lists it. */
  async function historyOf(sandbox: Sandbox, customerId: string): Promise<string[]> {
    const response = await sandbox.fetch(
      `/v1/transactions/search?customer_id=${customerId}&page_size=100`,
      { headers: { 'x-api-key': sandbox.apiKey } },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { id: string }[] };
    return body.items.map((item) => item.id);
  }

  it("never links a typed known customer's email: the decline is not in her history", async () => {
    // Ada is known (country GB). Anyone holding the link can type her email: the declined
    // transaction is for no one, and the posted country (not Ada's) is recorded.
    for (const typed of ['ada@example.com', 'ADA@example.com']) {
      const { sandbox, transaction } = await declineAs({ email: typed, country: 'DE' });
      expect(transaction).toMatchObject({
        status: 'declined',
        customer: null,
        tax_country: 'DE',
        amount_paid: 0,
        order: null,
      });
      const history = await historyOf(sandbox, 'cust_ada');
      expect(history.length).toBeGreaterThan(0);
      expect(history).not.toContain(transaction?.id);
    }
  });

  it('records the posted country for an email no customer has, and links no one', async () => {
    const { transaction } = await declineAs({ email: 'new.buyer@example.com', country: 'DE' });
    expect(transaction).toMatchObject({ status: 'declined', customer: null, tax_country: 'DE' });
  });

  it('records the country chosen on the page of a checkout that came with a new email', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { email: 'hans@example.de' },
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    (page.screen.getByLabelText('Country') as HTMLSelectElement).value = 'DE';
    const response = await page.press('Decline payment');
    expect(response.headers.get('location')).toBe(`${checkout.checkout_url}/declined`);
    expect(sandbox.inspect().transactions.at(-1)).toMatchObject({
      status: 'declined',
      customer: null,
      tax_country: 'DE',
    });
  });

  it('declines without an unknown country instead of refusing; a malformed email is no matter', async () => {
    const zz = await declineAs({ email: 'grace@example.com', country: 'ZZ' });
    expect(zz.transaction).toMatchObject({ status: 'declined', customer: null, tax_country: null });
    const lower = await declineAs({ email: 'ada@localhost', country: 'zz' });
    expect(lower.transaction).toMatchObject({ customer: null, tax_country: null });
    const fr = await declineAs({ email: 'not an email', country: 'FR' });
    expect(fr.transaction).toMatchObject({ customer: null, tax_country: 'FR' });
  });

  it('sandbox.decline takes only a listed country, and links only the checkout’s own customer', async () => {
    const sandbox = createSandbox();
    const open = async () => (await createCheckout(sandbox, { product_id: ids.starterMonthly })).id;
    const taxCountryOf = (transactionId: string) =>
      sandbox.inspect().transactions.find((t) => t.id === transactionId)?.tax_country;

    expect(taxCountryOf(sandbox.decline(await open(), { country: 'ZZ' }).transactionId)).toBeNull();
    expect(taxCountryOf(sandbox.decline(await open(), { country: 'XY' }).transactionId)).toBeNull();
    expect(taxCountryOf(sandbox.decline(await open(), { country: ' se ' }).transactionId)).toBe(
      'SE',
    );
    expect(taxCountryOf(sandbox.decline(await open(), {}).transactionId)).toBeNull();

    // A checkout made for Grace (country US) records her, and her country over the posted one.
    const graces = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { id: 'cust_grace' },
    });
    const declined = sandbox.decline(graces.id, { country: 'DE' });
    expect(
      sandbox.inspect().transactions.find((t) => t.id === declined.transactionId),
    ).toMatchObject({ status: 'declined', customer: 'cust_grace', tax_country: 'US' });
    expect(await historyOf(sandbox, 'cust_grace')).toContain(declined.transactionId);
  });

  it('declines nothing once the checkout is paid', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { id: 'cust_grace' },
      success_url: 'https://shop.example/thanks',
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    const paid = await page.press(/^Pay/);
    const count = sandbox.inspect().transactions.length;
    const declined = await page.press('Decline payment');
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(paid.headers.get('location'));
    expect(sandbox.inspect().transactions).toHaveLength(count);
    // And the declined page is not shown for a checkout that was not declined.
    const direct = await sandbox.fetch(`${checkout.checkout_url}/declined`);
    expect(direct.status).toBe(303);
  });
});

describe('a Pay the sandbox refuses', () => {
  function storeWith(features: Feature[], billing: { type: string; period: string }) {
    let n = 0;
    const now = Date.parse('2026-01-15T12:00:00.000Z');
    const store = new SandboxStore({
      storeId: 'sto_test',
      now: () => now,
      id: (prefix) => `${prefix}_${++n}`,
      random: createRandom(1),
      apiKey: 'creem_test_sandbox',
    });
    const ledger = createLedger({ storeId: 'sto_test', now: () => new Date(now) });
    store.addProduct({
      id: 'prod_broken',
      mode: 'test',
      object: 'product',
      name: 'Broken',
      description: 'A product the sandbox cannot sell as configured.',
      price: 1000,
      currency: 'USD',
      billing_type: billing.type,
      billing_period: billing.period,
      status: 'active',
      tax_mode: 'exclusive',
      tax_category: 'saas',
      features,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const checkout = createCheckoutIn(
      store,
      { product_id: 'prod_broken', customer: { email: 'someone@example.com' } },
      'https://sandbox.billing-kit.test',
    );
    return { store, ledger, checkout };
  }

  it('writes nothing when a credits feature has no amount', async () => {
    const { store, ledger, checkout } = storeWith(
      [{ id: 'feat_c', type: 'customerCredits', description: 'Credits' }],
      { type: 'onetime', period: 'once' },
    );
    const url = checkout.checkout_url as string;
    const response = await handleCheckoutPage(
      { store, ledger },
      // The page asks the new customer's country (the checkout came with the email only).
      new Request(`${url}/pay`, { method: 'POST', body: new URLSearchParams({ country: 'US' }) }),
      `/checkout/${checkout.id}/pay`,
    );
    expect(response?.status).toBe(422);
    const page = await pageOf(response as Response, fetch);
    expect(page.screen.getByRole('alert').textContent).toContain(
      'feature feat_c of product prod_broken grants customer credits without a positive customer_credits.amount',
    );
    expect(store.customers.size).toBe(0);
    expect(store.orders.size).toBe(0);
    expect(store.transactions.size).toBe(0);
    expect(ledger.inspect().transactions).toHaveLength(0);
    expect(store.checkouts.get(checkout.id)?.checkout.status).toBe('pending');
  });

  it('refuses a product archived after the checkout was made: a message on the page, nothing written', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.proMonthly,
      success_url: 'https://shop.example/thanks?plan=pro',
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    page.fill('Email', 'late.buyer@example.com');
    const before = sandbox.inspect();
    sandbox.customize(({ products }) => {
      const pro = products.find((p) => p.id === ids.proMonthly);
      if (pro) pro.status = 'archived';
    });
    const response = await page.press(/^Pay/);
    expect(response.status).toBe(409);
    const refused = await pageOf(response, sandbox.fetch);
    expect(refused.screen.getByRole('heading', { level: 1 }).textContent).toBe('No longer on sale');
    expect(
      refused.screen.getByText(
        /The payment was refused: .*Pro .* is no longer on sale .*nothing was charged/,
      ),
    ).toBeTruthy();
    // No Pay to press again: it could only be refused. The way back is to the store.
    expect(refused.screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(
      refused.screen.getByRole('link', { name: 'Back to the store' }).getAttribute('href'),
    ).toBe('https://shop.example/');
    const after = sandbox.inspect();
    expect(after.customers).toEqual(before.customers);
    expect(after.orders).toEqual(before.orders);
    expect(after.transactions).toEqual(before.transactions);
    // (Subscriptions expand their product, which is archived now: compare ids.)
    expect(after.subscriptions.map((sub) => sub.id)).toEqual(
      before.subscriptions.map((sub) => sub.id),
    );
    expect(after.checkouts.find((c) => c.id === checkout.id)?.status).toBe('pending');
    // sandbox.pay, the page's Pay for tests, refuses it alike.
    expect(() => sandbox.pay(checkout.id, { email: 'late.buyer@example.com' })).toThrow(
      /Conflict \(409\): Pro \(prod_pro_monthly\) is no longer on sale/,
    );
    expect(sandbox.inspect().transactions).toEqual(before.transactions);

    // A form left incomplete: the refusal, not a list of fields to fix for what cannot be sold.
    const ebook = await createCheckout(sandbox, { product_id: ids.ebook });
    const blank = await openPage(sandbox, ebook.checkout_url as string);
    sandbox.customize(({ products }) => {
      const book = products.find((p) => p.id === ids.ebook);
      if (book) book.status = 'archived';
    });
    const answer = await blank.press(/^Pay/);
    expect(answer.status).toBe(409);
    const notice = (await pageOf(answer, sandbox.fetch)).screen;
    expect(notice.getByText(/is no longer on sale/)).toBeTruthy();
    expect(notice.queryByRole('alert')).toBeNull();
    expect(sandbox.inspect().transactions).toEqual(before.transactions);

    // Opened again, the page says so instead of showing a form that can only be refused.
    const reopened = await sandbox.fetch(ebook.checkout_url as string);
    expect(reopened.status).toBe(409);
    const shown = await pageOf(reopened, sandbox.fetch);
    expect(shown.screen.getByRole('heading', { level: 1 }).textContent).toBe('No longer on sale');
    expect(shown.screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(shown.screen.getByText(/is no longer on sale .*nothing was charged/)).toBeTruthy();
  });

  it('payCheckout itself (what sandbox.pay calls) refuses before writing', () => {
    const { store, ledger, checkout } = storeWith(
      [{ id: 'feat_c', type: 'customerCredits', description: 'Credits' }],
      { type: 'onetime', period: 'once' },
    );
    expect(() => payCheckout(store, checkout.id, {}, grantCreditsWith(ledger))).toThrow(
      /grants customer credits without a positive customer_credits.amount/,
    );
    expect(store.customers.size).toBe(0);
    expect(store.orders.size).toBe(0);
    expect(ledger.inspect().transactions).toHaveLength(0);
  });

  it('writes nothing when a recurring product has no period length', () => {
    const { store, ledger, checkout } = storeWith([], { type: 'recurring', period: 'fortnightly' });
    expect(() =>
      payOnPage(
        store,
        checkout.id,
        {},
        grantCreditsWith(ledger),
        'https://sandbox.billing-kit.test',
      ),
    ).toThrow(/billing_period "fortnightly" has no period length/);
    expect(store.customers.size).toBe(0);
    expect(store.subscriptions.size).toBe(0);
  });
});
