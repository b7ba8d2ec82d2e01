// Checkouts: what `POST /v1/checkouts` accepts and refuses (through the client and, for input
// the client refuses before sending, raw), and what Pay and Decline leave in the service.
import { describe, expect, test } from 'vitest';
import { sandboxClient } from '../../test/support/sandbox-client.js';
import { endpoints } from '../contract/endpoints.js';
import { checkoutSchema, creditsEntrySchema } from '../contract/schemas.js';
import type { SandboxOptions } from './index.js';

function setup(options: SandboxOptions = {}) {
  const { sandbox, client, raw } = sandboxClient(options);
  async function post(body: unknown) {
    const { status, json } = await raw('POST', '/v1/checkouts', body);
    return { status, json, messages: (json.message as string[] | undefined) ?? [] };
  }
  return { sandbox, client, post };
}

const field = (key: string, extra: Record<string, unknown> = {}) => ({
  type: 'text' as const,
  key,
  label: `Field ${key}`,
  ...extra,
});

describe('create', () => {
  test('a pending checkout with its checkout_url, echoing request_id, units, price and metadata', async () => {
    const { sandbox, client } = setup();
    const checkout = await client.checkouts.create({
      product_id: 'prod_pro_monthly',
      request_id: 'order-7781',
      units: 3,
      custom_price: 2500,
      metadata: { userId: 'user_123', visitCount: 42, cart: { items: ['a', 'b'] } },
      success_url: 'https://shop.example/thanks',
    });
    expect(checkout).toMatchObject({
      object: 'checkout',
      mode: 'test',
      status: 'pending',
      product: 'prod_pro_monthly',
      request_id: 'order-7781',
      units: 3,
      custom_price: 2500,
      // Any JSON value, as the OpenAPI document allows, nested ones too.
      metadata: { userId: 'user_123', visitCount: 42, cart: { items: ['a', 'b'] } },
      success_url: 'https://shop.example/thanks',
      checkout_url: `${sandbox.baseUrl}/checkout/${checkout.id}`,
    });
    expect(checkout.id).toMatch(/^ch_/);
    const page = await sandbox.fetch(checkout.checkout_url ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(sandbox.checkout(checkout.id).charge.sub_total).toBe(7500);
  });

  test("the product's custom fields and default success URL when the request gives none", async () => {
    const { client } = setup();
    const checkout = await client.checkouts.create({ product_id: 'prod_ebook' });
    expect(checkout.success_url).toBe('https://example.com/thanks');
    expect(checkout.custom_fields?.map((f) => [f.type, f.key])).toEqual([
      ['text', 'dedication'],
      ['checkbox', 'terms'],
    ]);
    expect(checkout.custom_fields?.[1]?.checkbox?.label).toContain(
      '<a href="https://example.com/terms">',
    );
  });

  test('the same request_id and body answers the same pending checkout; another body, or after paying, a new one', async () => {
    const { client, sandbox } = setup();
    const body = { product_id: 'prod_ebook', request_id: 'r-1', metadata: { a: 1 } };
    const first = await client.checkouts.create(body);
    const again = await client.checkouts.create({
      metadata: { a: 1 },
      request_id: 'r-1',
      product_id: 'prod_ebook',
    });
    expect(again.id).toBe(first.id);
    const other = await client.checkouts.create({ ...body, units: 2 });
    expect(other.id).not.toBe(first.id);
    expect(sandbox.inspect().checkouts).toHaveLength(2);

    // Paid, the reference is the caller's again: the same body makes a new, pending checkout.
    sandbox.pay(first.id, { email: 'reader@example.com', answers: { terms: true } });
    const next = await client.checkouts.create(body);
    expect(next.id).not.toBe(first.id);
    expect(next.status).toBe('pending');
  });

  test('the product must exist (404) and be active (400)', async () => {
    const { client } = setup();
    await expect(client.checkouts.create({ product_id: 'prod_nope' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    const error = await client.checkouts
      .create({ product_id: 'prod_legacy_monthly' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400 });
    expect((error as { messages: string[] }).messages[0]).toMatch(/archived/);
  });

  test('a customer by id must exist; a known email links to its customer', async () => {
    const { client } = setup();
    const byId = await client.checkouts.create({
      product_id: 'prod_ebook',
      customer: { id: 'cust_ada' },
    });
    expect(byId.customer).toBe('cust_ada');
    const byEmail = await client.checkouts.create({
      product_id: 'prod_ebook',
      customer: { email: 'grace@example.com' },
    });
    expect(byEmail.customer).toBe('cust_grace');
    const stranger = await client.checkouts.create({
      product_id: 'prod_ebook',
      customer: { email: 'someone@example.com' },
    });
    expect(stranger.customer).toBeUndefined();
    await expect(
      client.checkouts.create({ product_id: 'prod_ebook', customer: { id: 'cust_nope' } }),
    ).rejects.toMatchObject({ status: 404 });
  });

  test('a customer by id or by email, not both: a pair is a 400 naming customer, even a matching one', async () => {
    const { sandbox, post } = setup();
    const checkoutsBefore = sandbox.inspect().checkouts.length;
    for (const email of ['ada@example.com', 'ADA@example.com', 'grace@example.com']) {
      const { status, json, messages } = await post({
        product_id: 'prod_ebook',
        customer: { id: 'cust_ada', email },
      });
      expect({ email, status }).toEqual({ email, status: 400 });
      // The general error body, as the other refusals of a checkout.
      expect(json).toMatchObject({ status: 400, error: 'Bad Request' });
      expect(json.trace_id).toEqual(expect.any(String));
      expect(messages).toEqual([
        'customer takes only one of id or email: send only one of id or email (the id when you know it)',
      ]);
    }
    // An unknown id beside an email is the same 400, not a 404 for the id.
    expect(
      (await post({ product_id: 'prod_ebook', customer: { id: 'cust_nope', email: 'a@b.co' } }))
        .status,
    ).toBe(400);
    expect(sandbox.inspect().checkouts).toHaveLength(checkoutsBefore);
  });

  test('a customer email as the service takes it: any script, a real top-level domain', async () => {
    const { post } = setup();
    for (const email of ['josé@example.com', 'ada@müller.de', 'o.brien+shop@mail.example.co.uk']) {
      const { status, json } = await post({ product_id: 'prod_ebook', customer: { email } });
      expect({ email, status }).toEqual({ email, status: 200 });
      expect(json.status).toBe('pending');
    }
    for (const email of [
      'bob@localhost',
      'ada.example.com',
      'a b@example.com',
      '.ada@example.com',
      'ada.@example.com',
      'ada@example..com',
    ]) {
      const { status, messages } = await post({ product_id: 'prod_ebook', customer: { email } });
      expect({ email, status }).toEqual({ email, status: 400 });
      expect(messages.join(' ')).toMatch(/customer\.email/);
    }
  });

  describe('discount codes', () => {
    test('an active code that applies is embedded', async () => {
      const { client } = setup();
      const checkout = await client.checkouts.create({
        product_id: 'prod_pro_monthly',
        discount_code: 'LAUNCH20',
      });
      expect(checkout.discount).toMatchObject({
        discountCode: 'LAUNCH20',
        type: 'percentage',
        amount: 20,
        duration: 'repeating',
        durationInMonths: 3,
      });
      // A code with no product list applies to every product.
      const everywhere = await client.checkouts.create({
        product_id: 'prod_ebook',
        discount_code: 'FRIENDS10',
      });
      expect(everywhere.discount?.discountCode).toBe('FRIENDS10');
    });

    test.each([
      ['SUMMER15', 'prod_pro_monthly', /expired/],
      ['BLACKFRIDAY', 'prod_pro_monthly', /expired on/],
      ['PARTNER25', 'prod_pro_monthly', /draft/],
      ['SPRING10', 'prod_pro_monthly', /scheduled/],
      ['PRESS50', 'prod_pro_monthly', /limit of 5 redemptions/],
      ['READER3', 'prod_pro_monthly', /does not apply/],
      ['BETA', 'prod_pro_monthly', /does not exist/],
      ['NOSUCHCODE', 'prod_pro_monthly', /does not exist/],
    ])('%s on %s is refused', async (code, product, reason) => {
      const { post } = setup();
      const answer = await post({ product_id: product, discount_code: code });
      expect(answer.status).toBe(400);
      expect(answer.messages[0]).toMatch(/^discount_code /);
      expect(answer.messages[0]).toMatch(reason);
    });
  });

  test('metadata is taken as deep as a real body goes; past 256 levels a 400 naming it, not a crash', async () => {
    const { sandbox, post } = setup();
    const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);
    // 3,000 levels are 6 KB of body: deep enough to overflow a recursive walk.
    for (const levels of [3000, 256]) {
      const deep = await post({ product_id: 'prod_pro_monthly', metadata: { a: nested(levels) } });
      expect(deep.status, `${levels} levels`).toBe(400);
      expect(deep.messages).toEqual([
        'metadata must nest at most 256 levels of objects and arrays in the sandbox; flatten it',
      ]);
    }
    // The proxy's 32 levels are its own: the service, and so the sandbox, takes more.
    const kept = await post({ product_id: 'prod_pro_monthly', metadata: { a: nested(255) } });
    expect(kept.status).toBe(200);
    const stored = sandbox.inspect().checkouts.find((c) => c.id === kept.json.id);
    expect(JSON.stringify(stored?.metadata)).toBe(`{"a":${'['.repeat(255)}${']'.repeat(255)}}`);
  });

  describe('custom fields', () => {
    test('optional: null is the default (false), as the interface makes the field nullable', async () => {
      const { client, post } = setup();
      const created = await client.checkouts.create({
        product_id: 'prod_pro_monthly',
        custom_fields: [field('company', { optional: null })],
      });
      expect(created.custom_fields?.[0]?.optional).toBe(false);
      const raw = await post({
        product_id: 'prod_pro_monthly',
        custom_fields: [{ type: 'checkbox', key: 'terms', label: 'Terms', optional: null }],
      });
      expect(raw.status).toBe(200);
      expect(checkoutSchema.parse(raw.json).custom_fields?.[0]?.optional).toBe(false);
    });

    test('up to three, as custom_fields or the deprecated custom_field', async () => {
      const { client, post } = setup();
      const three = [
        field('company', { text: { max_length: 50, min_length: 2 } }),
        {
          type: 'checkbox',
          key: 'terms',
          label: 'Terms',
          checkbox: { label: 'I accept the [terms](https://example.com/terms)' },
        },
        field('vat', { optional: true }),
      ] as const;
      const created = await client.checkouts.create({
        product_id: 'prod_pro_monthly',
        custom_fields: [...three],
      });
      expect(created.custom_fields).toEqual([
        {
          type: 'text',
          key: 'company',
          label: 'Field company',
          optional: false,
          text: { max_length: 50, minimum_length: 2, value: null },
        },
        {
          type: 'checkbox',
          key: 'terms',
          label: 'Terms',
          optional: false,
          checkbox: { label: 'I accept the [terms](https://example.com/terms)', value: null },
        },
        {
          type: 'text',
          key: 'vat',
          label: 'Field vat',
          optional: true,
          text: { max_length: null, minimum_length: null, value: null },
        },
      ]);
      const alias = await post({
        product_id: 'prod_pro_monthly',
        custom_field: [field('company')],
      });
      expect(alias.status).toBe(200);
      expect(checkoutSchema.parse(alias.json).custom_fields?.map((f) => f.key)).toEqual([
        'company',
      ]);
    });

    test('both names: the same fields are taken once; different ones are a 400 naming both', async () => {
      const { post } = setup();
      const company = field('company', { text: { max_length: 50, min_length: 2 } });
      // The same fields, their keys in another order: equal as JSON values.
      const reordered = {
        text: { min_length: 2, max_length: 50 },
        label: 'Field company',
        key: 'company',
        type: 'text',
      };
      const same = await post({
        product_id: 'prod_pro_monthly',
        custom_fields: [company, field('vat', { optional: true })],
        custom_field: [reordered, field('vat', { optional: true })],
      });
      expect(same.status).toBe(200);
      expect(checkoutSchema.parse(same.json).custom_fields).toEqual([
        {
          type: 'text',
          key: 'company',
          label: 'Field company',
          optional: false,
          text: { max_length: 50, minimum_length: 2, value: null },
        },
        {
          type: 'text',
          key: 'vat',
          label: 'Field vat',
          optional: true,
          text: { max_length: null, minimum_length: null, value: null },
        },
      ]);
      for (const custom_field of [[field('vat')], [company, field('vat')], []]) {
        const differ = await post({
          product_id: 'prod_pro_monthly',
          custom_fields: [company],
          custom_field,
        });
        expect(differ.status).toBe(400);
        expect(differ.messages).toHaveLength(1);
        expect(differ.messages[0]).toMatch(/\bcustom_fields\b.*\bcustom_field\b/);
        expect(differ.messages[0]).toMatch(/send only custom_fields/);
        expect(endpoints.createCheckout.response.safeParse(differ.json).success).toBe(false);
      }
    });

    test('the rules: count, key, label, lengths, unique keys', async () => {
      const { post } = setup();
      const refuse = async (body: Record<string, unknown>, pattern: RegExp) => {
        const answer = await post({ product_id: 'prod_pro_monthly', ...body });
        expect(answer.status).toBe(400);
        expect(answer.messages.join('\n')).toMatch(pattern);
        expect(endpoints.createCheckout.response.safeParse(answer.json).success).toBe(false);
      };
      await refuse(
        { custom_fields: [field('a'), field('b'), field('c'), field('d')] },
        /^custom_fields /m,
      );
      await refuse({ custom_fields: [field('has-dash')] }, /^custom_fields\.0\.key /m);
      await refuse({ custom_fields: [field('k'.repeat(201))] }, /^custom_fields\.0\.key /m);
      await refuse(
        { custom_fields: [field('ok', { label: 'l'.repeat(201) })] },
        /^custom_fields\.0\.label /m,
      );
      await refuse(
        { custom_fields: [field('ok', { text: { min_length: 9, max_length: 3 } })] },
        /min_length/,
      );
      await refuse(
        { custom_fields: [field('same'), field('same')] },
        /custom_fields\.1\.key "same"/,
      );
      await refuse(
        { custom_field: [field('a'), field('b'), field('c'), field('d')] },
        /^custom_field /m,
      );
      const longest = await post({
        product_id: 'prod_pro_monthly',
        custom_fields: [field('k'.repeat(200), { label: 'l'.repeat(200) })],
      });
      expect(longest.status).toBe(200);
    });
  });
});

describe('pay and decline', () => {
  test("without a success_url, the payment returns the buyer to the product's default_success_url, signed", async () => {
    const { sandbox, client } = setup();
    const checkout = await client.checkouts.create({ product_id: 'prod_ebook' });
    const paid = sandbox.pay(checkout.id, { email: 'ada@example.com', answers: { terms: true } });
    const redirect = new URL(paid.redirectUrl ?? '');
    expect(redirect.origin + redirect.pathname).toBe('https://example.com/thanks');
    expect(redirect.searchParams.get('checkout_id')).toBe(checkout.id);
    expect(redirect.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  test('pay a recurring product: customer, order, transaction, subscription, license, credits', async () => {
    const { sandbox, client } = setup();
    const checkout = await client.checkouts.create({
      product_id: 'prod_pro_monthly',
      request_id: 'req-42',
      discount_code: 'LAUNCH20',
      customer: { email: 'marie@example.com' },
      success_url: 'https://shop.example/done?from=sandbox',
      metadata: { plan: 'pro' },
    });
    const launchBefore = await client.discounts.retrieve({ discount_code: 'LAUNCH20' });
    const paid = sandbox.pay(checkout.id, { name: 'Marie Curie', country: 'FR' });

    const redirect = new URL(paid.redirectUrl ?? '');
    expect(redirect.origin + redirect.pathname).toBe('https://shop.example/done');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      from: 'sandbox',
      checkout_id: checkout.id,
      order_id: paid.orderId,
      customer_id: paid.customerId,
      subscription_id: paid.subscriptionId,
      product_id: 'prod_pro_monthly',
      request_id: 'req-42',
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const inspection = sandbox.inspect();
    const customer = inspection.customers.find((c) => c.id === paid.customerId);
    expect(customer).toMatchObject({
      email: 'marie@example.com',
      name: 'Marie Curie',
      country: 'FR',
    });
    // 2900 less 20% is 2320; exclusive tax of 20% on top is 464.
    const transaction = inspection.transactions.find((t) => t.id === paid.transactionId);
    expect(transaction).toMatchObject({
      amount: 2900,
      discount_amount: 580,
      tax_amount: 464,
      amount_paid: 2784,
      status: 'paid',
      type: 'payment',
      currency: 'USD',
      tax_country: 'FR',
      order: paid.orderId,
      subscription: paid.subscriptionId,
      customer: paid.customerId,
    });
    expect(inspection.orders.find((o) => o.id === paid.orderId)).toMatchObject({
      status: 'paid',
      type: 'recurring',
      amount_due: 2784,
      amount_paid: 2784,
      transaction: paid.transactionId,
    });

    const subscription = await client.subscriptions.retrieve({
      subscription_id: paid.subscriptionId ?? '',
    });
    expect(subscription).toMatchObject({
      status: 'active',
      current_period_start_date: '2026-01-15T12:00:00.000Z',
      current_period_end_date: '2026-02-15T12:00:00.000Z',
      next_transaction_date: '2026-02-15T12:00:00.000Z',
      last_transaction_id: paid.transactionId,
      discount: { discountCode: 'LAUNCH20' },
      metadata: { plan: 'pro' },
    });
    const mine = await client.customers.listSubscriptions({ customer_id: paid.customerId });
    expect(mine.items.map((s) => s.id)).toEqual([paid.subscriptionId]);

    // The licenseKey feature issued a license; the customerCredits feature granted 1000 credits.
    expect(paid.licenseIds).toHaveLength(1);
    const completed = paid.checkout;
    expect(completed).toMatchObject({
      status: 'completed',
      customer: paid.customerId,
      subscription: paid.subscriptionId,
    });
    expect(completed.order?.id).toBe(paid.orderId);
    expect(completed.license_keys?.[0]).toMatchObject({
      status: 'active',
      activation: 0,
      activation_limit: 3,
    });
    expect(completed.feature?.map((f) => f.type)).toEqual([
      'licenseKey',
      'customerCredits',
      'custom',
    ]);
    // The license under both names the document lists: license_key, and the older license.
    const licensed = completed.feature?.[0];
    expect(licensed?.license_key?.key).toBe(completed.license_keys?.[0]?.key);
    expect(licensed?.license).toEqual(licensed?.license_key);
    checkoutSchema.parse(completed);
    const [accountId] = paid.creditAccountIds;
    const account = await client.credits.retrieveAccount({ account_id: accountId ?? '' });
    expect(account).toMatchObject({
      customer_id: paid.customerId,
      unit_label: 'credits',
      status: 'active',
    });
    const entries = await client.credits.listEntries({ account_id: account.id });
    expect(entries.data.map((e) => creditsEntrySchema.parse(e))).toMatchObject([
      { side: 'credit', amount: '1000' },
    ]);

    const launchAfter = await client.discounts.retrieve({ discount_code: 'LAUNCH20' });
    expect(launchAfter.redeem_count).toBe((launchBefore.redeem_count ?? 0) + 1);
    // Paying again is refused: nothing is charged twice.
    expect(() => sandbox.pay(checkout.id)).toThrow(/409/);
  });

  test('pay a one-time product with inclusive tax and answers to its custom fields', async () => {
    const { sandbox, client } = setup();
    const checkout = await client.checkouts.create({
      product_id: 'prod_ebook',
      customer: { id: 'cust_ada' },
    });
    expect(() => sandbox.pay(checkout.id, { answers: { dedication: 'x' } })).toThrow(
      /dedication.*at least 2 characters.*terms.*must be checked/,
    );
    const paid = sandbox.pay(checkout.id, { answers: { dedication: 'For Charles', terms: true } });
    expect(paid.subscriptionId).toBeNull();
    expect(paid.customerId).toBe('cust_ada');
    const transaction = sandbox.inspect().transactions.find((t) => t.id === paid.transactionId);
    // Inclusive: the price holds the tax, 1900 × 20/120 = 317.
    expect(transaction).toMatchObject({
      amount: 1900,
      amount_paid: 1900,
      tax_amount: 317,
      currency: 'EUR',
    });
    expect(paid.checkout.custom_fields).toMatchObject([
      { key: 'dedication', text: { value: 'For Charles' } },
      { key: 'terms', checkbox: { value: true } },
    ]);
    expect(paid.checkout.feature?.[0]?.file?.files).toHaveLength(2);
    // The product's default success URL, with the ids but no subscription.
    const redirect = new URL(paid.redirectUrl ?? '');
    expect(redirect.searchParams.get('subscription_id')).toBeNull();
    expect(redirect.searchParams.get('customer_id')).toBe('cust_ada');
  });

  test('pay without a known customer needs an email', async () => {
    const { sandbox, client } = setup();
    const checkout = await client.checkouts.create({ product_id: 'prod_starter_monthly' });
    expect(() => sandbox.pay(checkout.id)).toThrow(/email/);
    const paid = sandbox.pay(checkout.id, { email: 'ADA@example.com' });
    expect(paid.customerId).toBe('cust_ada');
  });

  test('decline leaves a declined transaction and the checkout pending; paying after works', async () => {
    const { sandbox, client } = setup();
    const checkout = await client.checkouts.create({
      product_id: 'prod_lifetime',
      customer: { id: 'cust_grace' },
    });
    const declined = sandbox.decline(checkout.id);
    expect(declined.checkout.status).toBe('pending');
    const search = await client.transactions.search({
      customer_id: 'cust_grace',
      product_id: 'prod_lifetime',
    });
    expect(search.items[0]).toMatchObject({
      id: declined.transactionId,
      status: 'declined',
      amount_paid: 0,
    });
    const paid = sandbox.pay(checkout.id, { answers: { terms: true } });
    expect(paid.checkout.status).toBe('completed');
    expect(() => sandbox.decline(checkout.id)).toThrow(/409/);
    expect(() => sandbox.pay('ch_nope')).toThrow(/404/);
  });
});
