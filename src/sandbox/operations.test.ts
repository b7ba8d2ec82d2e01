// Customers, subscriptions (upgrade and proration), transactions, discounts, licenses,
// products and stats, driven through the real client: every answer is parsed by the
// contract's response schema on the way in (the client fails with `invalid_response` if not).
import { describe, expect, test } from 'vitest';
import { sandboxClient } from '../../test/support/sandbox-client.js';
import { endpoints } from '../contract/endpoints.js';
import { prorateUpgrade } from '../contract/proration.js';
import type { Subscription } from '../contract/schemas.js';
import type { Sandbox } from './index.js';

const DAY = 86_400_000;

const setup = sandboxClient;

/** Creates and pays a checkout for a new customer (with `code`); answers the ids Pay created. */
async function buy(
  sandbox: Sandbox,
  client: ReturnType<typeof setup>['client'],
  productId: string,
  email = 'new.buyer@example.com',
  code?: string,
) {
  const checkout = await client.checkouts.create({
    product_id: productId,
    customer: { email },
    ...(code ? { discount_code: code } : {}),
  });
  const view = sandbox.checkout(checkout.id);
  const answers: Record<string, string | boolean> = {};
  for (const field of view.fields)
    answers[field.key] = field.type === 'checkbox' ? true : 'Acme Ltd';
  return sandbox.pay(checkout.id, { answers, country: 'DE', name: 'New Buyer' });
}

/** What `prorateUpgrade` takes of a subscription's current period, at `now`. */
function periodAt(subscription: Subscription, now: number) {
  return {
    periodStart: subscription.current_period_start_date ?? '',
    periodEnd: subscription.current_period_end_date ?? '',
    now,
  };
}

describe('customers', () => {
  test('list: newest first, page_size 50 by default, exact pagination', async () => {
    const { sandbox, client } = setup();
    const all = sandbox.fixtures().customers;
    const page = await client.customers.list();
    expect(page.items.map((c) => c.id)).toEqual(all.map((c) => c.id).reverse());
    expect(page.pagination).toEqual({
      total_records: all.length,
      total_pages: 1,
      current_page: 1,
      next_page: null,
      prev_page: null,
    });
  });

  test('list: page_number and page_size, and a page past the end', async () => {
    const { sandbox, client } = setup();
    const ids = sandbox
      .fixtures()
      .customers.map((c) => c.id)
      .reverse();
    const second = await client.customers.list({ page_number: 2, page_size: 5 });
    expect(second.items.map((c) => c.id)).toEqual(ids.slice(5, 10));
    expect(second.pagination).toEqual({
      total_records: 12,
      total_pages: 3,
      current_page: 2,
      next_page: 3,
      prev_page: 1,
    });
    const last = await client.customers.list({ page_number: 3, page_size: 5 });
    expect(last.items).toHaveLength(2);
    expect(last.pagination.next_page).toBeNull();
    const past = await client.customers.list({ page_number: 9, page_size: 5 });
    expect(past.items).toEqual([]);
    // Past the end, the previous page is the last one there is, not page 8 of 3.
    expect(past.pagination).toEqual({
      total_records: 12,
      total_pages: 3,
      current_page: 9,
      next_page: null,
      prev_page: 3,
    });
    const justPast = await client.customers.list({ page_number: 4, page_size: 5 });
    expect(justPast.pagination).toMatchObject({ next_page: null, prev_page: 3 });
    // No items at all: there is no previous page to go to.
    const none = await client.transactions.search({ order_id: 'ord_none', page_number: 3 });
    expect(none.items).toEqual([]);
    expect(none.pagination).toEqual({
      total_records: 0,
      total_pages: 0,
      current_page: 3,
      next_page: null,
      prev_page: null,
    });
  });

  test('subscriptions of a customer: page_size 10 by default, product and customer expanded', async () => {
    const { sandbox, client } = setup();
    const linus = sandbox
      .fixtures()
      .subscriptions.filter((s) => (s.customer as { id: string }).id === 'cust_linus');
    const page = await client.customers.listSubscriptions({ customer_id: 'cust_linus' });
    expect(page.items.map((s) => s.id)).toEqual(linus.map((s) => s.id).reverse());
    expect(page.pagination).toEqual({
      total_records: linus.length,
      total_pages: 1,
      current_page: 1,
      next_page: null,
      prev_page: null,
    });
    for (const subscription of page.items) {
      expect(subscription.customer).toMatchObject({ id: 'cust_linus', name: 'Linus Torvalds' });
      expect(typeof subscription.product === 'object' && subscription.product.name).toBeTruthy();
    }
    const small = await client.customers.listSubscriptions({
      customer_id: 'cust_linus',
      page_size: 1,
      page_number: 2,
    });
    expect(small.items.map((s) => s.id)).toEqual([page.items[1]?.id]);
    expect(small.pagination).toMatchObject({
      total_pages: linus.length,
      next_page: 3,
      prev_page: 1,
    });
  });

  test('subscriptions of an unknown customer: 404', async () => {
    const { client } = setup();
    await expect(
      client.customers.listSubscriptions({ customer_id: 'cust_nobody' }),
    ).rejects.toMatchObject({ kind: 'not_found', status: 404 });
  });

  test('portal link: a URL under the sandbox that serves a page; unknown customer 404', async () => {
    const { sandbox, client } = setup();
    const { customer_portal_link: link } = await client.customers.createPortalLink({
      customer_id: 'cust_ada',
    });
    expect(link.startsWith(`${sandbox.baseUrl}/portal/cust_ada?session=`)).toBe(true);
    const page = await sandbox.fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Ada Lovelace');
    await expect(
      client.customers.createPortalLink({ customer_id: 'cust_nobody' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('subscriptions', () => {
  test('retrieve by subscription_id', async () => {
    const { sandbox, client } = setup();
    const seeded = sandbox.fixtures().subscriptions[0];
    const subscription = await client.subscriptions.retrieve({ subscription_id: seeded?.id ?? '' });
    expect(subscription).toEqual(seeded);
    expect(subscription.collection_method).toBe('charge_automatically');
  });

  test('upgrade charging immediately: a paid proration transaction now, product changed', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = setup({ now: () => now });
    const paid = await buy(sandbox, client, 'prod_starter_monthly');
    const before = await client.subscriptions.retrieve({
      subscription_id: paid.subscriptionId ?? '',
    });
    now += 10 * DAY;
    const upgraded = await client.subscriptions.upgrade({
      subscription_id: before.id,
      product_id: 'prod_pro_monthly',
      update_behavior: 'proration-charge-immediately',
    });
    const expected = prorateUpgrade({
      currentPrice: 900,
      targetPrice: 2900,
      ...periodAt(before, now),
    });
    expect(expected.net).toBeGreaterThan(0);
    expect(upgraded.product).toMatchObject({ id: 'prod_pro_monthly' });
    expect(upgraded.items?.[0]?.product_id).toBe('prod_pro_monthly');
    expect(upgraded.current_period_end_date).toBe(before.current_period_end_date);
    expect(upgraded.last_transaction_id).not.toBe(before.last_transaction_id);
    expect(upgraded.last_transaction).toMatchObject({
      id: upgraded.last_transaction_id,
      amount: expected.net,
      amount_paid: expected.net + Math.round(expected.net * 0.2),
      status: 'paid',
      type: 'invoice',
      subscription: before.id,
      created_at: now,
    });
    const search = await client.transactions.search({ customer_id: paid.customerId });
    expect(search.items[0]?.id).toBe(upgraded.last_transaction_id);
  });

  test('upgrade with proration-charge: nothing charged now, the proration kept for the next charge', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = setup({ now: () => now });
    const paid = await buy(sandbox, client, 'prod_starter_monthly');
    const before = await client.subscriptions.retrieve({
      subscription_id: paid.subscriptionId ?? '',
    });
    now += 20 * DAY;
    const count = sandbox.inspect().transactions.length;
    const upgraded = await client.subscriptions.upgrade({
      subscription_id: before.id,
      product_id: 'prod_pro_monthly',
      update_behavior: 'proration-charge',
    });
    expect(upgraded.product).toMatchObject({ id: 'prod_pro_monthly' });
    expect(upgraded.last_transaction_id).toBe(before.last_transaction_id);
    const inspection = sandbox.inspect();
    expect(inspection.transactions).toHaveLength(count);
    const { net } = prorateUpgrade({
      currentPrice: 900,
      targetPrice: 2900,
      ...periodAt(before, now),
    });
    expect(inspection.pending_prorations).toEqual([
      { subscription: before.id, amount: net, created_at: new Date(now).toISOString() },
    ]);

    // The documented departure: no periodic charge. Well past the next charge date nothing is
    // billed, the proration stays recorded only, and the subscription is as it was.
    now = Date.parse(before.next_transaction_date ?? '') + 40 * DAY;
    const later = await client.subscriptions.retrieve({ subscription_id: before.id });
    expect(later).toMatchObject({
      status: 'active',
      last_transaction_id: before.last_transaction_id,
      next_transaction_date: before.next_transaction_date,
    });
    expect(sandbox.inspect().transactions).toHaveLength(count);
    expect(sandbox.inspect().pending_prorations).toEqual(inspection.pending_prorations);
  });

  test('upgrade with proration-none: nothing charged, nothing kept; the default charges now', async () => {
    const { sandbox, client } = setup();
    const paid = await buy(sandbox, client, 'prod_starter_monthly');
    const count = sandbox.inspect().transactions.length;
    await client.subscriptions.upgrade({
      subscription_id: paid.subscriptionId ?? '',
      product_id: 'prod_pro_monthly',
      update_behavior: 'proration-none',
    });
    expect(sandbox.inspect().transactions).toHaveLength(count);
    expect(sandbox.inspect().pending_prorations).toEqual([]);
    // Default behaviour: charged immediately (Pro → Team is a whole period at once here).
    const other = await buy(sandbox, client, 'prod_starter_monthly', 'other@example.com');
    const upgraded = await client.subscriptions.upgrade({
      subscription_id: other.subscriptionId ?? '',
      product_id: 'prod_pro_monthly',
    });
    expect(upgraded.last_transaction).toMatchObject({ amount: 2000, status: 'paid' });
  });

  test('upgrade to another billing period paid now starts a new period now and charges the rest', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = setup({ now: () => now });
    const paid = await buy(sandbox, client, 'prod_pro_monthly');
    const before = await client.subscriptions.retrieve({
      subscription_id: paid.subscriptionId ?? '',
    });
    now += 14 * DAY;
    const upgraded = await client.subscriptions.upgrade({
      subscription_id: before.id,
      product_id: 'prod_pro_yearly',
    });
    const { credit } = prorateUpgrade({
      currentPrice: 2900,
      targetPrice: 29000,
      ...periodAt(before, now),
    });
    expect(upgraded.current_period_start_date).toBe(new Date(now).toISOString());
    expect(upgraded.current_period_end_date).toBe('2027-02-15T09:00:00.000Z');
    expect(upgraded.next_transaction_date).toBe('2027-02-15T09:00:00.000Z');
    expect(upgraded.last_transaction?.amount).toBe(29000 - credit);
  });

  test('to another billing period without paying now: the paid period runs out, nothing prorated', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = setup({ now: () => now });
    for (const behavior of ['proration-none', 'proration-charge'] as const) {
      const paid = await buy(sandbox, client, 'prod_pro_monthly', `${behavior}@example.com`);
      const before = await client.subscriptions.retrieve({
        subscription_id: paid.subscriptionId ?? '',
      });
      now += 14 * DAY;
      const count = sandbox.inspect().transactions.length;
      const upgraded = await client.subscriptions.upgrade({
        subscription_id: before.id,
        product_id: 'prod_pro_yearly',
        update_behavior: behavior,
      });
      // A month paid does not buy a year: the year is charged when the month ends.
      expect(upgraded.product).toMatchObject({ id: 'prod_pro_yearly' });
      expect(upgraded.current_period_start_date).toBe(before.current_period_start_date);
      expect(upgraded.current_period_end_date).toBe(before.current_period_end_date);
      expect(upgraded.next_transaction_date).toBe(before.next_transaction_date);
      expect(sandbox.inspect().transactions).toHaveLength(count);
      expect(sandbox.inspect().pending_prorations).toEqual([]);
    }
  });

  test('a trialing subscription is credited nothing for its current plan: a trial paid nothing (past_due keeps its credit)', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = setup({ now: () => now });
    const trial = await buy(sandbox, client, 'prod_starter_monthly', 'trial@example.com');
    const trialYear = await buy(sandbox, client, 'prod_pro_monthly', 'trial.year@example.com');
    const late = await buy(sandbox, client, 'prod_starter_monthly', 'late@example.com');
    const statuses = new Map([
      [trial.subscriptionId, 'trialing'],
      [trialYear.subscriptionId, 'trialing'],
      [late.subscriptionId, 'past_due'],
    ]);
    sandbox.customize(({ subscriptions }) => {
      for (const s of subscriptions) s.status = statuses.get(s.id) ?? s.status;
    });
    const before = await client.subscriptions.retrieve({
      subscription_id: trial.subscriptionId ?? '',
    });
    now += 10 * DAY;
    const expected = prorateUpgrade({
      currentPrice: 900,
      targetPrice: 2900,
      ...periodAt(before, now),
    });
    expect(expected.credit).toBeGreaterThan(0);

    // Same period: the target's price for the rest of the period, nothing taken off.
    const upgraded = await client.subscriptions.upgrade({
      subscription_id: trial.subscriptionId ?? '',
      product_id: 'prod_pro_monthly',
    });
    expect(upgraded.status).toBe('trialing');
    expect(upgraded.last_transaction).toMatchObject({
      amount: expected.charge,
      amount_paid: expected.charge + Math.round(expected.charge * 0.2),
      type: 'invoice',
    });
    // Another period, a new one starting now: the target's whole price.
    const yearly = await client.subscriptions.upgrade({
      subscription_id: trialYear.subscriptionId ?? '',
      product_id: 'prod_pro_yearly',
    });
    expect(yearly.last_transaction?.amount).toBe(29000);
    // Kept for the next bill: the same figure, no credit in it.
    const kept = await buy(sandbox, client, 'prod_starter_monthly', 'trial.kept@example.com');
    sandbox.customize(({ subscriptions }) => {
      for (const s of subscriptions) if (s.id === kept.subscriptionId) s.status = 'trialing';
    });
    const keptBefore = await client.subscriptions.retrieve({
      subscription_id: kept.subscriptionId ?? '',
    });
    now += DAY;
    await client.subscriptions.upgrade({
      subscription_id: kept.subscriptionId ?? '',
      product_id: 'prod_pro_monthly',
      update_behavior: 'proration-charge',
    });
    const { charge } = prorateUpgrade({
      currentPrice: 900,
      targetPrice: 2900,
      ...periodAt(keptBefore, now),
    });
    expect(sandbox.inspect().pending_prorations).toEqual([
      {
        subscription: kept.subscriptionId,
        amount: charge,
        created_at: new Date(now).toISOString(),
      },
    ]);

    // past_due paid its period: its unused part is still credited.
    const pastDue = await client.subscriptions.upgrade({
      subscription_id: late.subscriptionId ?? '',
      product_id: 'prod_pro_monthly',
    });
    const latePeriod = prorateUpgrade({
      currentPrice: 900,
      targetPrice: 2900,
      ...periodAt(before, now),
    });
    expect(pastDue.last_transaction?.amount).toBe(latePeriod.net);
  });

  test("a subscription's discount that still applies prices both plans; the invoice says what it took off", async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = setup({ now: () => now });
    const friends = await buy(
      sandbox,
      client,
      'prod_starter_monthly',
      'f@example.com',
      'FRIENDS10',
    );
    const welcome = await buy(sandbox, client, 'prod_starter_monthly', 'w@example.com', 'WELCOME5');
    const fixedOff = await buy(sandbox, client, 'prod_starter_monthly', 'x@example.com');
    const kept = await buy(sandbox, client, 'prod_starter_monthly', 'k@example.com', 'FRIENDS10');
    // A fixed discount for every charge, larger than Starter's price: Starter costs this one 0.
    sandbox.customize(({ subscriptions }) => {
      const found = subscriptions.find((s) => s.id === fixedOff.subscriptionId);
      if (found) found.discount = { type: 'fixed', amount: 1000, duration: 'forever' };
    });
    const first = await client.subscriptions.retrieve({
      subscription_id: friends.subscriptionId ?? '',
    });
    expect(first.last_transaction).toMatchObject({ amount: 900, discount_amount: 90 });
    now += 10 * DAY;
    const period = periodAt(first, now);
    const list = prorateUpgrade({ currentPrice: 900, targetPrice: 2900, ...period });
    const upgrade = (id: string | null, update_behavior?: 'proration-charge') =>
      client.subscriptions.upgrade({
        subscription_id: id ?? '',
        product_id: 'prod_pro_monthly',
        ...(update_behavior ? { update_behavior } : {}),
      });

    // 10% forever: Starter credited at 810, Pro charged at 2610.
    const upgraded = await upgrade(friends.subscriptionId);
    const paid = prorateUpgrade({ currentPrice: 810, targetPrice: 2610, ...period });
    expect(upgraded.discount).toMatchObject({ discountCode: 'FRIENDS10', duration: 'forever' });
    expect(upgraded.last_transaction).toMatchObject({
      type: 'invoice',
      amount: list.net,
      discount_amount: list.net - paid.net,
      amount_paid: paid.net + Math.round(paid.net * 0.2),
      tax_amount: Math.round(paid.net * 0.2),
    });
    expect(list.net - paid.net).toBeGreaterThan(0);

    // $10.00 off every charge: Starter at 0 (nothing to credit), Pro at 1900.
    const fixed = await upgrade(fixedOff.subscriptionId);
    const fixedPaid = prorateUpgrade({ currentPrice: 0, targetPrice: 1900, ...period });
    expect(fixed.last_transaction).toMatchObject({
      amount: list.net,
      discount_amount: list.net - fixedPaid.net,
      amount_paid: fixedPaid.net + Math.round(fixedPaid.net * 0.2),
    });

    // A discount for the first payment only: the change is at list prices.
    const once = await upgrade(welcome.subscriptionId);
    expect(once.last_transaction).toMatchObject({
      amount: list.net,
      discount_amount: 0,
      amount_paid: list.net + Math.round(list.net * 0.2),
    });

    // Kept for the next bill: the discounted difference.
    await upgrade(kept.subscriptionId, 'proration-charge');
    expect(sandbox.inspect().pending_prorations).toEqual([
      {
        subscription: kept.subscriptionId,
        amount: paid.net,
        created_at: new Date(now).toISOString(),
      },
    ]);
  });

  test('a repeating discount prices the change within its months, not after them', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = setup({ now: () => now });
    // LAUNCH20: 20% off for 3 months.
    const early = await buy(sandbox, client, 'prod_pro_monthly', 'early@example.com', 'LAUNCH20');
    const late = await buy(sandbox, client, 'prod_pro_monthly', 'late@example.com', 'LAUNCH20');
    const before = await client.subscriptions.retrieve({
      subscription_id: early.subscriptionId ?? '',
    });
    now += 14 * DAY;
    // Monthly → yearly, paid now: a new year at 80% of 29000, less 80% of Pro's unused part.
    const within = await client.subscriptions.upgrade({
      subscription_id: early.subscriptionId ?? '',
      product_id: 'prod_pro_yearly',
    });
    const period = periodAt(before, now);
    const { credit } = prorateUpgrade({ currentPrice: 2320, targetPrice: 23200, ...period });
    const listCredit = prorateUpgrade({ currentPrice: 2900, targetPrice: 29000, ...period }).credit;
    expect(within.last_transaction).toMatchObject({
      amount: 29000 - listCredit,
      discount_amount: 29000 - listCredit - (23200 - credit),
      amount_paid: 23200 - credit + Math.round((23200 - credit) * 0.2),
    });

    // Three calendar months after the start (May 1, 09:00) it no longer applies.
    now = Date.parse('2026-05-01T09:00:00Z');
    const after = await client.subscriptions.upgrade({
      subscription_id: late.subscriptionId ?? '',
      product_id: 'prod_pro_yearly',
    });
    // The month paid has run out: nothing to credit, the year at its list price.
    expect(after.last_transaction).toMatchObject({
      amount: 29000,
      discount_amount: 0,
      amount_paid: 29000 + 5800,
    });
  });

  test('upgrade rules: another, active, recurring product in the same currency', async () => {
    const { sandbox, client } = setup();
    const paid = await buy(sandbox, client, 'prod_starter_monthly');
    const id = paid.subscriptionId ?? '';
    const refused = async (product_id: string) => {
      const error = await client.subscriptions
        .upgrade({ subscription_id: id, product_id })
        .catch((e: unknown) => e);
      return error as { status: number; messages: string[] };
    };
    expect(await refused('prod_starter_monthly')).toMatchObject({ status: 400 });
    expect((await refused('prod_lifetime')).messages.join()).toMatch(/not a recurring product/);
    expect((await refused('prod_pro_monthly_eur')).messages.join()).toMatch(/EUR/);
    expect((await refused('prod_legacy_monthly')).messages.join()).toMatch(/archived/);
    expect(await refused('prod_nope')).toMatchObject({ status: 404 });
    await expect(
      client.subscriptions.upgrade({ subscription_id: 'sub_nope', product_id: 'prod_pro_monthly' }),
    ).rejects.toMatchObject({ status: 404 });
    const canceled = sandbox.fixtures().subscriptions.find((s) => s.status === 'canceled');
    await expect(
      client.subscriptions.upgrade({
        subscription_id: canceled?.id ?? '',
        product_id: 'prod_team_quarterly',
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('transactions', () => {
  test('search by customer, product, both, order, or none: exact lists and pagination', async () => {
    const { sandbox, client } = setup();
    const all = sandbox.inspect().transactions.reverse();
    const order = sandbox.inspect().orders.find((o) => o.customer === 'cust_ada');
    const productOf = new Map(
      sandbox.inspect().orders.map((o) => [o.transaction, o.product] as const),
    );
    const cases: [
      Parameters<typeof client.transactions.search>[0],
      (t: (typeof all)[number]) => boolean,
    ][] = [
      [{}, () => true],
      [{ customer_id: 'cust_ada' }, (t) => t.customer === 'cust_ada'],
      [{ order_id: order?.id ?? '' }, (t) => t.order === order?.id],
      [{ customer_id: 'cust_nobody' }, () => false],
    ];
    for (const [query, keep] of cases) {
      const expected = all.filter(keep);
      const page = await client.transactions.search({ ...query, page_size: 100 });
      expect(page.items.map((t) => t.id)).toEqual(expected.map((t) => t.id));
      expect(page.pagination.total_records).toBe(expected.length);
    }
    const ebook = await client.transactions.search({ product_id: 'prod_ebook', page_size: 100 });
    expect(ebook.items.length).toBeGreaterThan(0);
    for (const t of ebook.items) {
      if (t.order && productOf.has(t.id)) expect(productOf.get(t.id)).toBe('prod_ebook');
    }
    const adaEbook = await client.transactions.search({
      customer_id: 'cust_ada',
      product_id: 'prod_ebook',
    });
    expect(adaEbook.items.map((t) => t.customer)).toEqual(['cust_ada']);
  });

  test('lists run newest first by time, seeded data included', async () => {
    const { client } = setup();
    const descending = (times: number[]) =>
      times.every((t, i) => i === 0 || t <= (times[i - 1] as number));
    const transactions = await client.transactions.search({ page_size: 500 });
    expect(descending(transactions.items.map((t) => t.created_at))).toBe(true);
    const ada = await client.transactions.search({ customer_id: 'cust_ada', page_size: 500 });
    expect(descending(ada.items.map((t) => t.created_at))).toBe(true);
    const customers = await client.customers.list();
    expect(descending(customers.items.map((c) => Date.parse(c.created_at)))).toBe(true);
    const subscriptions = await client.customers.listSubscriptions({ customer_id: 'cust_linus' });
    expect(descending(subscriptions.items.map((s) => Date.parse(s.created_at)))).toBe(true);
  });

  test('search pages: 10 by default, then page_number', async () => {
    const { sandbox, client } = setup();
    const total = sandbox.inspect().transactions.length;
    const first = await client.transactions.search();
    expect(first.items).toHaveLength(10);
    expect(first.pagination).toEqual({
      total_records: total,
      total_pages: Math.ceil(total / 10),
      current_page: 1,
      next_page: 2,
      prev_page: null,
    });
    const second = await client.transactions.search({ page_number: 2 });
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect(second.pagination.prev_page).toBe(1);
  });

  test('a paid checkout shows up under its customer, product and order', async () => {
    const { sandbox, client } = setup();
    const paid = await buy(sandbox, client, 'prod_lifetime');
    for (const query of [
      { customer_id: paid.customerId },
      { product_id: 'prod_lifetime' },
      { order_id: paid.orderId },
      { customer_id: paid.customerId, product_id: 'prod_lifetime' },
    ]) {
      const page = await client.transactions.search(query);
      expect(page.items[0]?.id).toBe(paid.transactionId);
    }
  });
});

describe('discounts', () => {
  test('retrieve by id or by code', async () => {
    const { sandbox, client } = setup();
    const launch = sandbox.fixtures().discounts.find((d) => d.code === 'LAUNCH20');
    expect(await client.discounts.retrieve({ discount_id: launch?.id ?? '' })).toEqual(launch);
    expect(await client.discounts.retrieve({ discount_code: 'LAUNCH20' })).toEqual(launch);
  });

  test('an active code past its expiry date reads expired', async () => {
    let t = Date.parse('2030-06-01T00:00:00Z');
    const { client } = setup({ now: () => t });
    // Seeded active, its expiry_date ten days before the clock.
    expect((await client.discounts.retrieve({ discount_code: 'BLACKFRIDAY' })).status).toBe(
      'expired',
    );
    // Seeded active, expiring in 90 days.
    const launch = await client.discounts.retrieve({ discount_code: 'LAUNCH20' });
    expect(launch.status).toBe('active');
    t = Date.parse(launch.expiry_date ?? '');
    expect((await client.discounts.retrieve({ discount_code: 'LAUNCH20' })).status).toBe('expired');
  });

  test('exactly one of discount_id and discount_code: 400 otherwise', async () => {
    const { raw } = setup();
    expect((await raw('GET', '/v1/discounts')).status).toBe(400);
    expect((await raw('GET', '/v1/discounts?discount_id=a&discount_code=b')).status).toBe(400);
  });

  test('delete answers it as deleted; a later retrieve (id or code) and delete are 404', async () => {
    const { sandbox, client } = setup();
    const welcome = sandbox.fixtures().discounts.find((d) => d.code === 'WELCOME5');
    const id = welcome?.id ?? '';
    const deleted = await client.discounts.delete({ discount_id: id });
    expect(deleted).toMatchObject({ id, code: 'WELCOME5', status: 'deleted' });
    await expect(client.discounts.retrieve({ discount_id: id })).rejects.toMatchObject({
      status: 404,
    });
    await expect(client.discounts.retrieve({ discount_code: 'WELCOME5' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(client.discounts.delete({ discount_id: id })).rejects.toMatchObject({
      status: 404,
    });
    // A deleted code no longer discounts a checkout.
    await expect(
      client.checkouts.create({ product_id: 'prod_pro_monthly', discount_code: 'WELCOME5' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  test('the seeded deleted discount and unknown ones are 404', async () => {
    const { client } = setup();
    await expect(client.discounts.retrieve({ discount_code: 'BETA' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(client.discounts.retrieve({ discount_id: 'dis_nope' })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('licenses', () => {
  test('validate answers each seeded license with the instance asked for, in its status', async () => {
    const { sandbox, client } = setup();
    for (const license of sandbox.fixtures().licenses) {
      for (const instance of license.instances) {
        const validated = await client.licenses.validate({
          key: license.key,
          instance_id: instance.id,
        });
        expect(validated.id).toBe(license.id);
        expect(validated.status).toBe(license.status);
        expect(validated.instance).toEqual(instance);
      }
    }
  });

  test('unknown key or an instance of another license: 404', async () => {
    const { sandbox, client } = setup();
    const [a, b] = sandbox.fixtures().licenses;
    await expect(
      client.licenses.validate({ key: 'NOPE-NOPE', instance_id: a?.instances[0]?.id ?? '' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      client.licenses.validate({ key: a?.key ?? '', instance_id: b?.instances[0]?.id ?? '' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  test('an active license past its expires_at reads expired', async () => {
    let now = Date.parse('2026-01-15T12:00:00Z');
    const { sandbox, client } = setup({ now: () => now });
    const license = sandbox
      .fixtures()
      .licenses.find(
        (l) => l.status === 'active' && l.expires_at !== null && l.expires_at !== undefined,
      );
    const instance_id = license?.instances[0]?.id ?? '';
    expect((await client.licenses.validate({ key: license?.key ?? '', instance_id })).status).toBe(
      'active',
    );
    now = Date.parse(license?.expires_at ?? '') + 1;
    expect((await client.licenses.validate({ key: license?.key ?? '', instance_id })).status).toBe(
      'expired',
    );
  });
});

describe('stats', () => {
  const REVENUE = ['paid', 'partialRefund', 'refunded'];

  test('totals count the data; a payment moves them', async () => {
    const { sandbox, client } = setup();
    const inspection = sandbox.inspect();
    const usd = inspection.transactions.filter(
      (t) => t.currency === 'USD' && REVENUE.includes(t.status),
    );
    const before = await client.stats.summary({ currency: 'USD' });
    expect(before.periods).toBeUndefined();
    expect(before.totals).toMatchObject({
      totalProducts: inspection.products.length,
      totalCustomers: inspection.customers.length,
      totalSubscriptions: inspection.subscriptions.length,
      totalPayments: usd.length,
      totalRevenue: usd.reduce((sum, t) => sum + (t.amount_paid ?? 0), 0),
      // "Number of currently active subscriptions": status active, not one ending at period close.
      activeSubscriptions: inspection.subscriptions.filter((s) => s.status === 'active').length,
    });
    expect(inspection.subscriptions.some((s) => s.status === 'scheduled_cancel')).toBe(true);
    expect(before.totals.totalNetRevenue).toBeLessThan(before.totals.totalRevenue);
    expect(before.totals.monthlyRecurringRevenue).toBeGreaterThan(0);
    expect(before.totals.netMonthlyRecurringRevenue).toBeLessThan(
      before.totals.monthlyRecurringRevenue,
    );

    const paid = await buy(sandbox, client, 'prod_pro_monthly');
    const after = await client.stats.summary({ currency: 'USD' });
    const payment = sandbox.inspect().transactions.find((t) => t.id === paid.transactionId);
    expect(after.totals.totalPayments).toBe(before.totals.totalPayments + 1);
    expect(after.totals.totalRevenue).toBe(
      before.totals.totalRevenue + (payment?.amount_paid ?? 0),
    );
    expect(after.totals.totalCustomers).toBe(before.totals.totalCustomers + 1);
    expect(after.totals.activeSubscriptions).toBe(before.totals.activeSubscriptions + 1);
    expect(after.totals.monthlyRecurringRevenue).toBe(before.totals.monthlyRecurringRevenue + 2900);
    // EUR is counted apart.
    const eur = await client.stats.summary({ currency: 'EUR' });
    expect(eur.totals.totalRevenue).toBeGreaterThan(0);
    expect(eur.totals.totalRevenue).not.toBe(after.totals.totalRevenue);
  });

  test('a subscription set to end at period close is no longer active, and still in the MRR', async () => {
    const { sandbox, client } = setup();
    const before = await client.stats.summary({ currency: 'USD' });
    const usd = new Set(
      sandbox
        .fixtures()
        .products.filter((p) => p.currency === 'USD')
        .map((p) => p.id),
    );
    sandbox.customize(({ subscriptions }) => {
      const sub = subscriptions.find((s) => s.status === 'active' && usd.has(s.product));
      if (!sub) throw new Error('the seed has an active USD subscription');
      sub.status = 'scheduled_cancel';
    });
    const after = await client.stats.summary({ currency: 'USD' });
    expect(after.totals.activeSubscriptions).toBe(before.totals.activeSubscriptions - 1);
    // Still paying until the period ends: the recurring revenue keeps it.
    expect(after.totals.monthlyRecurringRevenue).toBe(before.totals.monthlyRecurringRevenue);
    expect(after.totals.netMonthlyRecurringRevenue).toBe(before.totals.netMonthlyRecurringRevenue);
  });

  test('a refunded payment: revenue stays gross; net is the kept part less its tax, less the fee', async () => {
    const { sandbox, raw } = setup();
    const transactions = sandbox.inspect().transactions;
    /** The totals and the one day's period of a range holding only this payment. */
    const statsAt = async (status: string) => {
      const t = transactions.find((x) => x.status === status);
      const at = t?.created_at ?? 0;
      const answer = await raw(
        'GET',
        `/v1/stats/summary?currency=${t?.currency}&startDate=${at}&endDate=${at}&interval=day`,
      );
      expect(answer.status).toBe(200);
      const { totals, periods } = endpoints.getStatsSummary.response.parse(answer.json);
      expect(totals.totalPayments).toBe(1);
      expect(periods?.map((p) => [p.grossRevenue, p.netRevenue])).toEqual([
        [totals.totalRevenue, totals.totalNetRevenue],
      ]);
      return { t, totals };
    };
    // Paid 1900 (317 of it tax), all returned: the 3% fee (57) is not.
    const refunded = await statsAt('refunded');
    expect(refunded.t).toMatchObject({ amount_paid: 1900, tax_amount: 317, refunded_amount: 1900 });
    expect(refunded.totals).toMatchObject({ totalRevenue: 1900, totalNetRevenue: -57 });
    // Paid 23880 (3980 tax), half returned: kept 11940, less half the tax (1990), less 716 fee.
    const partial = await statsAt('partialRefund');
    expect(partial.t).toMatchObject({
      amount_paid: 23880,
      tax_amount: 3980,
      refunded_amount: 11940,
    });
    expect(partial.totals).toMatchObject({ totalRevenue: 23880, totalNetRevenue: 9234 });
  });

  test('periods per month and per week between startDate and endDate add up to the totals', async () => {
    const { client } = setup();
    const startDate = Date.parse('2025-07-01T00:00:00Z');
    const endDate = Date.parse('2026-01-15T12:00:00Z');
    const monthly = await client.stats.summary({
      currency: 'USD',
      startDate,
      endDate,
      interval: 'month',
    });
    const months = monthly.periods ?? [];
    expect(months.map((p) => new Date(p.timestamp).toISOString().slice(0, 10))).toEqual([
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
    ]);
    expect(months.reduce((s, p) => s + p.grossRevenue, 0)).toBe(monthly.totals.totalRevenue);
    expect(months.reduce((s, p) => s + p.netRevenue, 0)).toBe(monthly.totals.totalNetRevenue);
    const weekly = await client.stats.summary({
      currency: 'USD',
      startDate,
      endDate,
      interval: 'week',
    });
    for (const p of weekly.periods ?? []) expect(new Date(p.timestamp).getUTCDay()).toBe(1);
    expect((weekly.periods ?? []).reduce((s, p) => s + p.grossRevenue, 0)).toBe(
      weekly.totals.totalRevenue,
    );
    const all = await client.stats.summary({ currency: 'USD' });
    expect(monthly.totals.totalRevenue).toBeLessThan(all.totals.totalRevenue);
  });

  test('an empty, blank or non-numeric startDate or endDate is a 400 naming each, not the year 1970', async () => {
    const { raw } = setup();
    for (const [start, end] of [
      ['', ''],
      ['%20', '1768478400000'],
      ['1767225600000', 'tomorrow'],
      ['12.5', '1e3'],
    ]) {
      const answer = await raw(
        'GET',
        `/v1/stats/summary?currency=USD&startDate=${start}&endDate=${end}&interval=month`,
      );
      expect(answer.status, `${start}, ${end}`).toBe(400);
      const messages = answer.json.message as string[];
      const named = (field: string) => messages.filter((m) => m.startsWith(`${field} `));
      expect(named('startDate').length, `${start}, ${end}`).toBe(start.startsWith('17') ? 0 : 1);
      expect(named('endDate').length, `${start}, ${end}`).toBe(end.startsWith('17') ? 0 : 1);
      for (const m of [...named('startDate'), ...named('endDate')]) {
        expect(m).toMatch(/Unix milliseconds/);
      }
    }
    // 0 is a time like any other (1970-01-01), sent as digits.
    const epoch = await raw('GET', '/v1/stats/summary?currency=USD&startDate=0&endDate=86400000');
    expect(epoch.status).toBe(200);
    expect(endpoints.getStatsSummary.response.parse(epoch.json).totals.totalPayments).toBe(0);
  });

  test('currency is required; interval needs both dates; an absurd range is refused', async () => {
    const { raw } = setup();
    const noCurrency = await raw('GET', '/v1/stats/summary');
    expect(noCurrency.status).toBe(400);
    expect(String(noCurrency.json.message)).toMatch(/currency/);
    const noDates = await raw('GET', '/v1/stats/summary?currency=USD&interval=day&startDate=0');
    expect(noDates.status).toBe(400);
    expect(String(noDates.json.message)).toMatch(/interval/);
    const huge = await raw(
      'GET',
      `/v1/stats/summary?currency=USD&interval=day&startDate=0&endDate=${Date.parse('2100-01-01')}`,
    );
    expect(huge.status).toBe(400);
    const fine = await raw(
      'GET',
      '/v1/stats/summary?currency=EUR&interval=day&startDate=1767225600000&endDate=1768478400000',
    );
    expect(fine.status).toBe(200);
    expect(endpoints.getStatsSummary.response.safeParse(fine.json).success).toBe(true);
  });
});
