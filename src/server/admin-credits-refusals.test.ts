// The service's refusals of an admin credit or reversal name the field they are about: the
// account in the path (frozen, closed, unknown) or the transaction in the body (already
// reversed, itself a reversal, not on the account). Real handler over a real sandbox.
import { afterAll, describe, expect, it } from 'vitest';
import { errorsWithKey, keyLeaks, proxyHarness } from '../../test/support/proxy-harness.js';
import { proxyErrorSchema } from '../contract/proxy.js';

const GRACE = 'cust_grace';
const LINUS = 'cust_linus';

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

type Harness = ReturnType<typeof proxyHarness>;

/** A seeded account of `customer` by name, checked to be in `status`. */
function accountOf(h: Harness, customer: string, name: string, status: string) {
  const account = h.fixtures.credit_accounts.find(
    (a) => a.customer_id === customer && a.name === name,
  );
  if (!account) throw new Error(`seed changed: ${customer} has no "${name}"`);
  expect(account.status).toBe(status);
  return account;
}

/** The id of a transaction with an entry on the account. */
function transactionOn(h: Harness, accountId: string): string {
  const entry = h.sandbox
    .inspect()
    .credit_entries.filter((e) => e.account_id === accountId)
    .at(-1);
  if (!entry) throw new Error(`seed changed: no entry on ${accountId}`);
  return entry.transaction_id;
}

async function credit(h: Harness, accountId: string, key: string) {
  return h.call('POST', `/admin/credits/accounts/${accountId}/credit`, {
    admin: true,
    body: { amount: '5', idempotency_key: key },
  });
}

async function reverse(h: Harness, accountId: string, transactionId: string) {
  return h.call('POST', `/admin/credits/accounts/${accountId}/reverse`, {
    admin: true,
    body: { transaction_id: transactionId },
  });
}

/** The answer's status and the fields it names. */
function refusal(answer: { status: number; json: unknown }) {
  const body = proxyErrorSchema.parse(answer.json);
  expect(body.status).toBe(answer.status);
  return { status: answer.status, fields: body.fields?.map((f) => f.field) };
}

describe('POST /admin/credits/accounts/{id}/credit refused', () => {
  it('names account_id when the account is frozen or closed (409)', async () => {
    const h = proxyHarness();
    const frozen = accountOf(h, GRACE, 'Promo credits', 'frozen');
    const closed = accountOf(h, LINUS, 'Legacy credits', 'closed');
    for (const account of [frozen, closed]) {
      const answer = await credit(h, account.id, `gift-${account.id}`);
      expect(refusal(answer)).toEqual({ status: 409, fields: ['account_id'] });
      expect(proxyErrorSchema.parse(answer.json).kind).toBe('conflict');
    }
    expect(h.errors).toEqual([]);
  });

  it('names account_id for an account that does not exist (404)', async () => {
    const h = proxyHarness();
    expect(refusal(await credit(h, 'cca_nope', 'gift-1'))).toEqual({
      status: 404,
      fields: ['account_id'],
    });
  });

  it('still names idempotency_key when the key was used with another body', async () => {
    const h = proxyHarness();
    const minutes = accountOf(h, GRACE, 'Support minutes', 'active');
    expect((await credit(h, minutes.id, 'gift-1')).status).toBe(201);
    const reused = await h.call('POST', `/admin/credits/accounts/${minutes.id}/credit`, {
      admin: true,
      body: { amount: '6', idempotency_key: 'gift-1' },
    });
    expect(refusal(reused)).toEqual({ status: 409, fields: ['idempotency_key'] });
  });
});

describe('POST /admin/credits/accounts/{id}/reverse refused', () => {
  it('names account_id when the account is frozen or closed (409)', async () => {
    const h = proxyHarness();
    const frozen = accountOf(h, GRACE, 'Promo credits', 'frozen');
    const closed = accountOf(h, LINUS, 'Legacy credits', 'closed');
    for (const account of [frozen, closed]) {
      const answer = await reverse(h, account.id, transactionOn(h, account.id));
      expect(refusal(answer)).toEqual({ status: 409, fields: ['account_id'] });
    }
  });

  it('names account_id for an account that does not exist (404)', async () => {
    const h = proxyHarness();
    const minutes = accountOf(h, GRACE, 'Support minutes', 'active');
    expect(refusal(await reverse(h, 'cca_nope', transactionOn(h, minutes.id)))).toEqual({
      status: 404,
      fields: ['account_id'],
    });
  });

  it('names transaction_id for an unknown transaction, one already reversed, and a reversal', async () => {
    const h = proxyHarness();
    const minutes = accountOf(h, GRACE, 'Support minutes', 'active');
    expect(refusal(await reverse(h, minutes.id, 'cct_nope'))).toEqual({
      status: 404,
      fields: ['transaction_id'],
    });
    // A transaction of another account is not this one's.
    const promo = accountOf(h, GRACE, 'Promo credits', 'frozen');
    expect(refusal(await reverse(h, minutes.id, transactionOn(h, promo.id)))).toEqual({
      status: 404,
      fields: ['transaction_id'],
    });

    const original = transactionOn(h, minutes.id);
    const reversal = await reverse(h, minutes.id, original);
    expect(reversal.status).toBe(201);
    expect(refusal(await reverse(h, minutes.id, original))).toEqual({
      status: 400,
      fields: ['transaction_id'],
    });
    expect(refusal(await reverse(h, minutes.id, reversal.body.id as string))).toEqual({
      status: 400,
      fields: ['transaction_id'],
    });
    expect(h.errors).toEqual([]);
  });
});
