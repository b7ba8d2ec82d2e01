// estimateChange against the sandbox: for the same moment, the estimate is what the sandbox's
// upgrade then charges now (the invoice's amount after its discount, before tax) or keeps for
// the next bill. Driven through the real client over the sandbox's fetch and its test key.
import { describe, expect, test } from 'vitest';
import { sandboxClient } from '../../../test/support/sandbox-client.js';
import type { Product, Subscription, UpdateBehavior } from '../../contract/schemas.js';
import type { Sandbox } from '../../sandbox/index.js';
import { estimateChange } from './estimate.js';

const DAY = 86_400_000;

type Client = ReturnType<typeof sandboxClient>['client'];

/** Buys `productId` on a checkout (with `code`, when given) for a new customer; its subscription. */
async function subscribe(
  sandbox: Sandbox,
  client: Client,
  productId: string,
  email: string,
  code?: string,
): Promise<string> {
  const checkout = await client.checkouts.create({
    product_id: productId,
    customer: { email },
    ...(code ? { discount_code: code } : {}),
  });
  const answers: Record<string, string | boolean> = {};
  for (const field of sandbox.checkout(checkout.id).fields) {
    answers[field.key] = field.type === 'checkbox' ? true : 'Acme Ltd';
  }
  const paid = sandbox.pay(checkout.id, { answers, country: 'DE' });
  if (!paid.subscriptionId) throw new Error(`${productId} made no subscription`);
  return paid.subscriptionId;
}

/**
 * The estimate of moving subscription `id` to `targetId` at the sandbox's `now`, then the same
 * change made on the sandbox; expects the estimate's `now` and `carried` to be what the sandbox
 * charged now (before tax, after the discount) and kept, and answers both sides.
 */
async function estimateThenUpgrade(
  sandbox: Sandbox,
  client: Client,
  id: string,
  targetId: string,
  behavior: UpdateBehavior,
  now: number,
) {
  const subscription: Subscription = await client.subscriptions.retrieve({ subscription_id: id });
  const productId =
    typeof subscription.product === 'string' ? subscription.product : subscription.product.id;
  const current: Product = await client.products.retrieve({ product_id: productId });
  const target: Product = await client.products.retrieve({ product_id: targetId });
  const estimate = estimateChange({ subscription, current, target, behavior, now });
  const pendingBefore = sandbox.inspect().pending_prorations.length;
  const upgraded = await client.subscriptions.upgrade({
    subscription_id: id,
    product_id: targetId,
    update_behavior: behavior,
  });
  const invoice =
    upgraded.last_transaction_id !== subscription.last_transaction_id
      ? upgraded.last_transaction
      : null;
  const kept = sandbox.inspect().pending_prorations.slice(pendingBefore);
  const charged = {
    now: invoice ? invoice.amount - (invoice.discount_amount ?? 0) : 0,
    carried: kept.reduce((sum, p) => sum + p.amount, 0),
  };
  // The change named beside the figures, so a failure says which one differs.
  expect({ targetId, behavior, now: estimate.now, carried: estimate.carried }).toEqual({
    targetId,
    behavior,
    ...charged,
  });
  return { estimate, invoice };
}

/** {@link estimateThenUpgrade} for each subscription of `ids`, to its `[target, behavior]`. */
async function estimateEach(
  sandbox: Sandbox,
  client: Client,
  ids: readonly string[],
  changes: readonly (readonly [string, UpdateBehavior])[],
  now: number,
) {
  const seen = [];
  for (const [i, [to, behavior]] of changes.entries()) {
    seen.push(await estimateThenUpgrade(sandbox, client, ids[i] as string, to, behavior, now));
  }
  return seen;
}

describe('estimateChange gives the sandbox’s figures', () => {
  test('a trialing subscription: nothing of the current plan is credited, as the sandbox', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = sandboxClient({ now: () => now });
    const cases = [
      ['prod_starter_monthly', 'prod_pro_monthly', 'proration-charge-immediately'],
      ['prod_starter_monthly', 'prod_pro_monthly', 'proration-charge'],
      ['prod_pro_monthly', 'prod_pro_yearly', 'proration-charge-immediately'],
    ] as const;
    const ids: string[] = [];
    for (const [from, , behavior] of cases) {
      ids.push(await subscribe(sandbox, client, from, `trial.${from}.${behavior}@example.com`));
    }
    sandbox.customize(({ subscriptions }) => {
      for (const s of subscriptions) if (ids.includes(s.id)) s.status = 'trialing';
    });
    now += 9 * DAY;
    const changes = cases.map(([, to, behavior]) => [to, behavior] as const);
    const results = (await estimateEach(sandbox, client, ids, changes, now)).map((s) => s.estimate);
    // Starter → Pro with 19 of 28 days left: Pro's price for them, no Starter credit.
    expect(results[0]?.now).toBe(Math.round((2900 * 19) / 28));
    expect(results[1]?.carried).toBe(Math.round((2900 * 19) / 28));
    // Monthly → yearly, a new period now: the whole yearly price.
    expect(results[2]?.now).toBe(29000);
    expect(results.map((r) => r.credit)).toEqual([0, 0, 0]);
  });

  test('the credit: the unused part of the current plan, where the sandbox puts the difference', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = sandboxClient({ now: () => now });
    const cases = [
      ['prod_pro_monthly', 'prod_starter_monthly', 'proration-charge-immediately'],
      ['prod_starter_monthly', 'prod_pro_monthly', 'proration-charge'],
      ['prod_starter_monthly', 'prod_pro_monthly', 'proration-none'],
      ['prod_pro_monthly', 'prod_pro_yearly', 'proration-charge'],
      ['prod_pro_monthly', 'prod_pro_yearly', 'proration-charge-immediately'],
    ] as const;
    const ids: string[] = [];
    for (const [i, [from]] of cases.entries()) {
      ids.push(await subscribe(sandbox, client, from, `credit.${i}@example.com`));
    }
    now += 11 * DAY;
    const changes = cases.map(([, to, behavior]) => [to, behavior] as const);
    const seen = (await estimateEach(sandbox, client, ids, changes, now)).map((s) => s.estimate);
    // 17 of 28 days left: Pro's unused part 1761, Starter's 546.
    const pro = Math.round((2900 * 17) / 28);
    const starter = Math.round((900 * 17) / 28);
    // A downgrade paid today: nothing now, the credit goes to the next bill with the difference;
    // the difference to the next bill; dropped; a yearly plan from the renewal: nothing credited;
    // a new yearly period now: the whole price less Pro's unused part.
    expect(seen.map((e) => e.credit)).toEqual([pro, starter, 0, 0, pro]);
    expect(seen[0]?.carried).toBe(starter - pro);
    expect((seen[1]?.carried ?? 0) + (seen[1]?.credit ?? 0)).toBe(pro);
    expect((seen[4]?.now ?? 0) + (seen[4]?.credit ?? 0)).toBe(29000);
  });

  test('the credit: nothing once the paid period is over', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = sandboxClient({ now: () => now });
    const id = await subscribe(sandbox, client, 'prod_pro_monthly', 'over@example.com');
    now += 40 * DAY;
    const { estimate } = await estimateThenUpgrade(
      sandbox,
      client,
      id,
      'prod_pro_yearly',
      'proration-charge-immediately',
      now,
    );
    expect(estimate).toMatchObject({ credit: 0, now: 29000 });
  });

  test('a discounted subscription: the estimate is what the sandbox charges after the discount', async () => {
    let now = Date.parse('2026-02-01T09:00:00Z');
    const { sandbox, client } = sandboxClient({ now: () => now });
    const cases = [
      // [from, code, to, behavior]: FRIENDS10 is 10% forever, LAUNCH20 20% for 3 months,
      // WELCOME5 $5.00 once; FIXED is $10.00 off every charge (set below).
      ['prod_starter_monthly', 'FRIENDS10', 'prod_pro_monthly', 'proration-charge-immediately'],
      ['prod_starter_monthly', 'FRIENDS10', 'prod_pro_monthly', 'proration-charge'],
      ['prod_pro_monthly', 'FRIENDS10', 'prod_starter_monthly', 'proration-charge'],
      ['prod_pro_monthly', 'LAUNCH20', 'prod_pro_yearly', 'proration-charge-immediately'],
      ['prod_pro_monthly', 'LAUNCH20', 'prod_team_quarterly', 'proration-charge-immediately'],
      ['prod_starter_monthly', 'WELCOME5', 'prod_pro_monthly', 'proration-charge-immediately'],
      ['prod_starter_monthly', 'FIXED', 'prod_pro_monthly', 'proration-charge-immediately'],
    ] as const;
    const ids: string[] = [];
    for (const [i, [from, code]] of cases.entries()) {
      const email = `discounted.${i}@example.com`;
      ids.push(await subscribe(sandbox, client, from, email, code === 'FIXED' ? undefined : code));
    }
    sandbox.customize(({ subscriptions }) => {
      const fixed = subscriptions.find((s) => s.id === ids[6]);
      if (fixed) fixed.discount = { type: 'fixed', amount: 1000, duration: 'forever' };
    });
    now += 11 * DAY;
    const changes = cases.map(([, , to, behavior]) => [to, behavior] as const);
    const seen = await estimateEach(sandbox, client, ids, changes, now);
    // Starter → Pro with 17 of 28 days left, 10% off both: 2610 × 17/28 − 810 × 17/28.
    expect(seen[0]?.estimate.now).toBe(Math.round((2610 * 17) / 28) - Math.round((810 * 17) / 28));
    expect(seen[0]?.invoice?.discount_amount).toBeGreaterThan(0);
    // The next bills: 10% off for good (Pro 2610, Starter 810); Pro yearly and Team quarterly
    // at list price, their new periods ending after the three months of 20% off (29000, 7500);
    // the once-only code at list (2900); $10.00 off every charge (1900).
    expect(seen.map((s) => s.estimate.regular)).toEqual([2610, 2610, 810, 29000, 7500, 2900, 1900]);
    expect(seen[1]?.estimate.nextBill).toBe(2610 + (seen[1]?.estimate.carried ?? 0));
    // The once-only code took nothing off the change.
    expect(seen[5]?.invoice?.discount_amount).toBe(0);
    // $10.00 off: Starter costs 0 (no credit), Pro 1900.
    expect(seen[6]?.estimate.now).toBe(Math.round((1900 * 17) / 28));
  });
});
