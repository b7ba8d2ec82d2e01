// The customer-credits operations as the sandbox serves them over the ledger: listings without
// system accounts, cursor walks over Ada's thousand-plus entries, credit (201, replay header,
// 409 on a reused key), frozen and closed accounts, reversal once, and the credits error body.
import { describe, expect, test } from 'vitest';
import { sandboxClient } from '../../test/support/sandbox-client.js';
import { endpoints } from '../contract/endpoints.js';
import { creditsErrorSchema, creditsTransactionSchema } from '../contract/schemas.js';

function setup() {
  const { sandbox, client, raw } = sandboxClient();
  const accounts = sandbox.fixtures().credit_accounts;
  const accountOf = (customer: string, status: string) => {
    const account = accounts.find((a) => a.customer_id === customer && a.status === status);
    if (!account) throw new Error(`no ${status} account for ${customer}`);
    return account;
  };
  return { sandbox, client, raw, accountOf };
}

describe('accounts', () => {
  test('listing: customer accounts only, newest first, cursor pages with exact has_more', async () => {
    const { sandbox, client } = setup();
    const inspection = sandbox.inspect();
    const systemIds = new Set(inspection.credit_system_accounts.map((a) => a.id));
    expect(systemIds.size).toBeGreaterThan(0);
    const all = await client.credits.listAccounts({ limit: 100 });
    expect(all.object).toBe('list');
    expect(all.has_more).toBe(false);
    expect(all.data.map((a) => a.id)).toEqual(
      inspection.credit_accounts.map((a) => a.id).reverse(),
    );
    for (const account of all.data) expect(systemIds.has(account.id)).toBe(false);

    const first = await client.credits.listAccounts({ limit: 2 });
    expect(first.has_more).toBe(true);
    const next = await client.credits.listAccounts({
      limit: 2,
      starting_after: first.data[1]?.id ?? '',
    });
    expect([...first.data, ...next.data].map((a) => a.id)).toEqual(
      all.data.slice(0, 4).map((a) => a.id),
    );
    const back = await client.credits.listAccounts({
      limit: 2,
      ending_before: next.data[0]?.id ?? '',
    });
    expect(back.data.map((a) => a.id)).toEqual(first.data.map((a) => a.id));
    const grace = await client.credits.listAccounts({ customer_id: 'cust_grace' });
    expect(new Set(grace.data.map((a) => a.customer_id))).toEqual(new Set(['cust_grace']));
    expect(grace.data.map((a) => a.status).sort()).toEqual(['active', 'frozen']);
  });

  test('limit is 1 to 100; an unknown cursor is 400; unknown account 404 — all in the credits body', async () => {
    const { raw } = setup();
    const notDigits = ['limit=', 'limit=1e1', 'limit=0x2', 'limit=1.0'];
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      ...notDigits,
      'starting_after=cca_nope',
    ]) {
      const answer = await raw('GET', `/v1/customer-credits/accounts?${query}`);
      expect(answer.status).toBe(400);
      creditsErrorSchema.parse(answer.json);
    }
    const missing = await raw('GET', '/v1/customer-credits/accounts/cca_nope');
    expect(missing.status).toBe(404);
    const body = creditsErrorSchema.parse(missing.json);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    expect(body.error.request_id).toMatch(/^req_/);
  });

  test('retrieve an account', async () => {
    const { client, accountOf } = setup();
    const frozen = accountOf('cust_grace', 'frozen');
    expect(await client.credits.retrieveAccount({ account_id: frozen.id })).toEqual(frozen);
  });
});

describe('entries', () => {
  test("a full forward and backward walk over Ada's 1000+ entries returns each exactly once", async () => {
    const { sandbox, client, accountOf } = setup();
    const ada = accountOf('cust_ada', 'active');
    const expected = sandbox
      .inspect()
      .credit_entries.filter((e) => e.account_id === ada.id)
      .map((e) => e.id)
      .reverse();
    expect(expected.length).toBeGreaterThan(1000);

    const forward: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await client.credits.listEntries({
        account_id: ada.id,
        limit: 100,
        ...(after ? { starting_after: after } : {}),
      });
      forward.push(...page.data.map((e) => e.id));
      if (!page.has_more) break;
      after = page.data[page.data.length - 1]?.id;
    }
    expect(forward).toEqual(expected);

    const backward: string[] = [];
    let before: string | undefined = expected[expected.length - 1];
    backward.unshift(before ?? '');
    for (;;) {
      const page = await client.credits.listEntries({
        account_id: ada.id,
        limit: 37,
        ending_before: before ?? '',
      });
      backward.unshift(...page.data.map((e) => e.id));
      if (!page.has_more) break;
      before = page.data[0]?.id;
    }
    expect(backward).toEqual(expected);
  });

  test('entries default to 10; a cursor from another account is 400', async () => {
    const { client, raw, accountOf } = setup();
    const ada = accountOf('cust_ada', 'active');
    const minutes = accountOf('cust_grace', 'active');
    const page = await client.credits.listEntries({ account_id: ada.id });
    expect(page.data).toHaveLength(10);
    expect(page.has_more).toBe(true);
    const other = await client.credits.listEntries({ account_id: minutes.id });
    const answer = await raw(
      'GET',
      `/v1/customer-credits/accounts/${ada.id}/entries?starting_after=${other.data[0]?.id}`,
    );
    expect(answer.status).toBe(400);
    expect(creditsErrorSchema.parse(answer.json).error.param).toBe('starting_after');
  });
});

describe('credit and reverse', () => {
  test('credit answers 201 with a balanced transaction; a replay answers the same with the header', async () => {
    const { raw, accountOf, client } = setup();
    const ada = accountOf('cust_ada', 'active');
    const body = {
      amount: '123456789012345678901234.5',
      reference: 'order-9',
      idempotency_key: 'key-1',
    };
    const first = await raw('POST', `/v1/customer-credits/accounts/${ada.id}/credit`, body);
    expect(first.status).toBe(201);
    expect(first.headers.get('x-idempotent-replay')).toBeNull();
    const transaction = creditsTransactionSchema.parse(first.json);
    expect(endpoints.creditAccount.response.safeParse(first.json).success).toBe(true);
    expect(transaction.entries.map((e) => [e.side, e.amount]).sort()).toEqual([
      ['credit', '123456789012345678901234.5'],
      ['debit', '123456789012345678901234.5'],
    ]);
    expect(transaction.entries.find((e) => e.side === 'credit')?.account_id).toBe(ada.id);
    const replay = await raw('POST', `/v1/customer-credits/accounts/${ada.id}/credit`, body);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('x-idempotent-replay')).toBe('true');
    expect(replay.json).toEqual(first.json);
    const reused = await raw('POST', `/v1/customer-credits/accounts/${ada.id}/credit`, {
      ...body,
      amount: '1',
    });
    expect(reused.status).toBe(409);
    expect(creditsErrorSchema.parse(reused.json).error.param).toBe('idempotency_key');
    // The client retries a credit safely because of the key.
    const viaClient = await client.credits.credit({ account_id: ada.id, ...body });
    expect(viaClient.id).toBe(transaction.id);
  });

  test('frozen and closed accounts refuse a credit with 409', async () => {
    const { client, accountOf } = setup();
    for (const [customer, status] of [
      ['cust_grace', 'frozen'],
      ['cust_linus', 'closed'],
    ] as const) {
      const account = accountOf(customer, status);
      await expect(
        client.credits.credit({
          account_id: account.id,
          amount: '5',
          reference: 'x',
          idempotency_key: `k-${status}`,
        }),
      ).rejects.toMatchObject({ kind: 'conflict', status: 409 });
    }
  });

  test('the credits body says what the service would: no library prefix, param only for a field', async () => {
    const { raw, sandbox, accountOf } = setup();
    const frozen = accountOf('cust_grace', 'frozen');
    const refused = await raw('POST', `/v1/customer-credits/accounts/${frozen.id}/credit`, {
      amount: '5',
      reference: 'r',
      idempotency_key: 'k-frozen',
    });
    expect(refused.status).toBe(409);
    const { error } = creditsErrorSchema.parse(refused.json);
    expect(error.message).toMatch(/frozen/);
    expect(error.message).not.toMatch(/billing-kit/);

    const missing = await raw('GET', '/v1/customer-credits/accounts/cca_nope');
    expect(missing.status).toBe(404);
    expect(creditsErrorSchema.parse(missing.json).error.param ?? null).toBeNull();

    for (const key of [undefined, 'creem_test_wrong', 'creem_live_x']) {
      const answer = await sandbox.fetch('/v1/customer-credits/accounts', {
        headers: key === undefined ? {} : { 'x-api-key': key },
      });
      expect(answer.status).toBe(key === 'creem_live_x' ? 403 : 401);
      expect(creditsErrorSchema.parse(await answer.json()).error.param).toBe('x-api-key');
    }
  });

  test('a bad amount is 400 in the credits body, naming amount', async () => {
    const { raw, accountOf } = setup();
    const ada = accountOf('cust_ada', 'active');
    for (const amount of ['0', '-5', '1e3', 12]) {
      const answer = await raw('POST', `/v1/customer-credits/accounts/${ada.id}/credit`, {
        amount,
        reference: 'r',
        idempotency_key: `k${String(amount)}`,
      });
      expect(answer.status).toBe(400);
      expect(creditsErrorSchema.parse(answer.json).error.param).toBe('amount');
    }
    const malformed = await raw('POST', `/v1/customer-credits/accounts/${ada.id}/credit`, '{');
    expect(malformed.status).toBe(400);
    creditsErrorSchema.parse(malformed.json);
  });

  test('reverse once: a new transaction with reversal_of, the original kept; twice is refused', async () => {
    const { client, accountOf, sandbox } = setup();
    const ada = accountOf('cust_ada', 'active');
    const credited = await client.credits.credit({
      account_id: ada.id,
      amount: '40',
      reference: 'gift',
      idempotency_key: 'gift-1',
    });
    const reversal = await client.credits.reverse({
      account_id: ada.id,
      transaction_id: credited.id,
    });
    expect(reversal.reversal_of).toBe(credited.id);
    expect(reversal.id).not.toBe(credited.id);
    expect(reversal.entries.find((e) => e.account_id === ada.id)?.side).toBe('debit');
    const held = sandbox.inspect().credit_transactions.map((t) => t.id);
    expect(held).toEqual(expect.arrayContaining([credited.id, reversal.id]));
    await expect(
      client.credits.reverse({ account_id: ada.id, transaction_id: credited.id }),
    ).rejects.toMatchObject({ status: 400, code: 'transaction_already_reversed' });
    await expect(
      client.credits.reverse({ account_id: ada.id, transaction_id: 'cct_nope' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  test('a caller’s key that reads reversal_<id> still replays after that reversal (201, then the replay)', async () => {
    const { raw, accountOf } = setup();
    const ada = accountOf('cust_ada', 'active');
    const path = `/v1/customer-credits/accounts/${ada.id}/credit`;
    const original = await raw('POST', path, {
      amount: '9',
      reference: 'r',
      idempotency_key: 'o-1',
    });
    const id = creditsTransactionSchema.parse(original.json).id;
    const body = { amount: '2', reference: 'mine', idempotency_key: `reversal_${id}` };
    const mine = await raw('POST', path, body);
    expect(mine.status).toBe(201);
    const reversed = await raw('POST', `/v1/customer-credits/accounts/${ada.id}/reverse`, {
      transaction_id: id,
    });
    expect(reversed.status).toBe(201);
    const replay = await raw('POST', path, body);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('x-idempotent-replay')).toBe('true');
    expect(replay.json).toEqual(mine.json);
  });
});
