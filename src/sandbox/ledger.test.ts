import { describe, expect, test } from 'vitest';
import { walkBackward, walkForward } from '../../test/support/ledger-walk.js';
import {
  creditsAccountSchema,
  creditsEntrySchema,
  creditsErrorSchema,
  creditsTransactionSchema,
  cursorListSchema,
} from '../contract/schemas.js';
import {
  type CursorQuery,
  createLedger,
  type Ledger,
  LedgerError,
  type LedgerList,
} from './ledger.js';

// ---------------------------------------------------------------------------------------------
// Helpers: a ticking clock, an error catcher, and an exact oracle for decimal sums that shares
// no code with the engine (it scales every amount to 40 fractional digits as a BigInt).
// ---------------------------------------------------------------------------------------------

function clock(start = Date.UTC(2026, 0, 1)) {
  let t = start;
  return () => {
    t += 1000;
    return new Date(t);
  };
}

function ledger(): Ledger {
  return createLedger({ storeId: 'sto_test', now: clock() });
}

function refusal(run: () => unknown): LedgerError {
  try {
    run();
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
  throw new Error('expected a LedgerError, but the call succeeded');
}

const SCALE = 40;
function units(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const value = BigInt(whole + fraction.padEnd(SCALE, '0'));
  return sign ? -value : value;
}

/** Σcredit − Σdebit of an account, recomputed from the entries the ledger holds. */
function recomputed(l: Ledger, accountId: string): bigint {
  let total = 0n;
  for (const e of l.inspect().entries) {
    if (e.account_id !== accountId) continue;
    total += e.side === 'credit' ? units(e.amount) : -units(e.amount);
  }
  return total;
}

const entryList = cursorListSchema(creditsEntrySchema);
const accountList = cursorListSchema(creditsAccountSchema);

// ---------------------------------------------------------------------------------------------

describe('accounts', () => {
  test('an account has the service shape, with defaults for name and unit label', () => {
    const l = ledger();
    const account = l.createAccount({ customer_id: 'cus_1' });
    expect(creditsAccountSchema.parse(account)).toEqual(account);
    expect(account).toEqual({
      id: 'cca_000001',
      store_id: 'sto_test',
      customer_id: 'cus_1',
      name: 'default',
      unit_label: 'credits',
      status: 'active',
      created_at: '2026-01-01T00:00:01.000Z',
      updated_at: '2026-01-01T00:00:01.000Z',
    });
    expect(l.getAccount(account.id)).toEqual(account);
    expect(l.balance(account.id)).toBe('0');
  });

  test('uses the injected id maker', () => {
    let n = 0;
    const l = createLedger({ storeId: 's', ids: (prefix) => `${prefix}-x${++n}` });
    const a = l.createAccount({ customer_id: 'c' });
    const { transaction } = l.credit(a.id, { amount: '1', idempotency_key: 'k' });
    expect(a.id).toBe('cca-x1');
    expect(transaction.id).toBe('cct-x3'); // cca-x2 is the system account
    expect(transaction.entries.map((e) => e.id)).toEqual(['cce-x4', 'cce-x5']);
  });

  test('an id maker that repeats itself is reported', () => {
    const l = createLedger({ storeId: 's', ids: (prefix) => `${prefix}_same` });
    l.createAccount({ customer_id: 'c' });
    expect(() => l.createAccount({ customer_id: 'c' })).toThrow(
      /billing-kit: the ledger's ids\("cca"\) returned "cca_same", which is already in use/,
    );
  });

  test('initial_balance seeds the account with a credit transaction', () => {
    const l = ledger();
    const account = l.createAccount({
      customer_id: 'cus_1',
      name: 'minutes',
      unit_label: 'minutes',
      initial_balance: '300',
    });
    expect(l.balance(account.id)).toBe('300');
    const [entry] = l.listEntries(account.id).data;
    expect(entry).toMatchObject({ side: 'credit', amount: '300' });
    expect(l.getTransaction(entry?.transaction_id as string).reference).toBe('initial_balance');
  });

  test('create refuses a missing owner and a bad initial balance', () => {
    const l = ledger();
    expect(refusal(() => l.createAccount({ customer_id: '' }))).toMatchObject({
      status: 400,
      param: 'customer_id',
    });
    expect(
      refusal(() => l.createAccount({ customer_id: 'c', initial_balance: '-3' })),
    ).toMatchObject({ status: 400, param: 'initial_balance' });
    expect(l.listAccounts().data).toEqual([]);
  });

  test('an unknown account is 404', () => {
    const l = ledger();
    for (const run of [
      () => l.getAccount('cca_nope'),
      () => l.balance('cca_nope'),
      () => l.listEntries('cca_nope'),
      () => l.credit('cca_nope', { amount: '1', idempotency_key: 'k' }),
      () => l.setStatus('cca_nope', 'frozen'),
    ]) {
      expect(refusal(run)).toMatchObject({ status: 404, code: 'resource_missing' });
    }
  });

  test('status moves as freeze, unfreeze and close do; closing is permanent', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const frozen = l.setStatus(a.id, 'frozen');
    expect(frozen.status).toBe('frozen');
    expect(frozen.updated_at > a.updated_at).toBe(true);
    expect(refusal(() => l.setStatus(a.id, 'frozen'))).toMatchObject({
      status: 409,
      code: 'account_frozen',
    });
    expect(l.setStatus(a.id, 'active').status).toBe('active');
    expect(refusal(() => l.setStatus(a.id, 'active'))).toMatchObject({
      status: 409,
      code: 'account_not_frozen',
    });
    expect(l.setStatus(a.id, 'closed').status).toBe('closed');
    for (const status of ['active', 'frozen', 'closed'] as const) {
      expect(refusal(() => l.setStatus(a.id, status))).toMatchObject({
        status: 409,
        code: 'account_closed',
      });
    }
    expect(l.getAccount(a.id).status).toBe('closed');
  });
});

describe('system accounts', () => {
  test('a credit writes a matching debit on the system account of its unit label', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c1' });
    const b = l.createAccount({ customer_id: 'c2', unit_label: 'minutes' });
    const ta = l.credit(a.id, { amount: '10', idempotency_key: 'ka' }).transaction;
    const tb = l.credit(b.id, { amount: '7', idempotency_key: 'kb' }).transaction;
    const credits = l.systemAccount('credits');
    const minutes = l.systemAccount('minutes');
    expect(credits.id).not.toBe(minutes.id);
    expect(credits.unit_label).toBe('credits');
    expect(ta.entries).toEqual([
      expect.objectContaining({ account_id: a.id, side: 'credit', amount: '10' }),
      expect.objectContaining({ account_id: credits.id, side: 'debit', amount: '10' }),
    ]);
    expect(tb.entries[1]).toMatchObject({ account_id: minutes.id, side: 'debit', amount: '7' });
    const { balances, system_accounts } = l.inspect();
    expect(system_accounts.map((s) => s.id)).toEqual([credits.id, minutes.id]);
    expect(balances[credits.id]).toBe('-10');
    expect(balances[minutes.id]).toBe('-7');
  });

  test('system accounts never appear in listings and are not reachable by id', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c1' });
    l.credit(a.id, { amount: '1', idempotency_key: 'k' });
    const system = l.systemAccount('credits');
    expect(l.listAccounts({ limit: 100 }).data.map((x) => x.id)).toEqual([a.id]);
    expect(l.listAccounts({ customer_id: system.customer_id }).data).toEqual([]);
    expect(refusal(() => l.getAccount(system.id)).status).toBe(404);
    expect(refusal(() => l.listEntries(system.id)).status).toBe(404);
    expect(refusal(() => l.credit(system.id, { amount: '1', idempotency_key: 'k2' })).status).toBe(
      404,
    );
    expect(refusal(() => l.listAccounts({ starting_after: system.id }))).toMatchObject({
      status: 400,
      param: 'starting_after',
    });
  });
});

describe('listAccounts', () => {
  test('newest first, filtered by owner, cursor-paged both ways with exact has_more', () => {
    const l = ledger();
    const made = ['c1', 'c2', 'c1', 'c1', 'c2'].map((customer_id) =>
      l.createAccount({ customer_id }),
    );
    const ids = made.map((a) => a.id);
    const all = l.listAccounts({ limit: 100 });
    expect(accountList.parse(all)).toEqual(all);
    expect(all.data.map((a) => a.id)).toEqual([...ids].reverse());
    expect(all.has_more).toBe(false);

    const first = l.listAccounts({ limit: 2 });
    expect(first.data.map((a) => a.id)).toEqual([ids[4], ids[3]]);
    expect(first.has_more).toBe(true);
    const second = l.listAccounts({ limit: 3, starting_after: ids[3] });
    expect(second.data.map((a) => a.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(second.has_more).toBe(false);
    const back = l.listAccounts({ limit: 2, ending_before: ids[1] });
    expect(back.data.map((a) => a.id)).toEqual([ids[3], ids[2]]);
    expect(back.has_more).toBe(true);

    const c1 = l.listAccounts({ customer_id: 'c1', limit: 1, starting_after: ids[3] });
    expect(c1.data.map((a) => a.id)).toEqual([ids[2]]);
    expect(c1.has_more).toBe(true);
    expect(l.listAccounts({ customer_id: 'nobody' })).toEqual({
      object: 'list',
      data: [],
      has_more: false,
    });
    // A cursor from another owner's list is not in this list.
    expect(
      refusal(() => l.listAccounts({ customer_id: 'c1', starting_after: ids[1] })),
    ).toMatchObject({ status: 400, code: 'invalid_cursor', param: 'starting_after' });
  });

  test('the default page is 10 and limit must be 1..100', () => {
    const l = ledger();
    for (let i = 0; i < 12; i++) l.createAccount({ customer_id: `c${i}` });
    expect(l.listAccounts().data).toHaveLength(10);
    for (const limit of [0, 101, 2.5, -1, Number.NaN]) {
      expect(refusal(() => l.listAccounts({ limit }))).toMatchObject({
        status: 400,
        param: 'limit',
        type: 'invalid_request_error',
      });
    }
  });
});

describe('credit', () => {
  test('returns the transaction in the service shape and moves the balance', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const result = l.credit(a.id, {
      amount: '12.50',
      reference: 'order_1',
      idempotency_key: 'idem_1',
    });
    expect(result.replayed).toBe(false);
    const tx = result.transaction;
    expect(creditsTransactionSchema.parse(tx)).toEqual(tx);
    expect(tx).toEqual({
      id: expect.stringMatching(/^cct_/),
      store_id: 'sto_test',
      reference: 'order_1',
      idempotency_key: 'idem_1',
      // The clock ticks for the account, then for the system account made on first use.
      created_at: '2026-01-01T00:00:03.000Z',
      entries: [
        {
          id: expect.stringMatching(/^cce_/),
          transaction_id: tx.id,
          account_id: a.id,
          side: 'credit',
          amount: '12.5',
          created_at: tx.created_at,
        },
        {
          id: expect.stringMatching(/^cce_/),
          transaction_id: tx.id,
          account_id: l.systemAccount('credits').id,
          side: 'debit',
          amount: '12.5',
          created_at: tx.created_at,
        },
      ],
    });
    expect('reversal_of' in tx).toBe(false);
    expect(l.balance(a.id)).toBe('12.5');
    expect(l.getTransaction(tx.id)).toEqual(tx);
  });

  test('a reference is optional and reads null', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    expect(l.credit(a.id, { amount: '1', idempotency_key: 'k' }).transaction.reference).toBeNull();
  });

  test.each([['0'], ['0.000'], ['-5'], ['1e3'], ['1.'], [''], [' 1']])(
    'refuses the amount "%s" with 400 naming amount',
    (amount) => {
      const l = ledger();
      const a = l.createAccount({ customer_id: 'c' });
      const error = refusal(() => l.credit(a.id, { amount, idempotency_key: 'k' }));
      expect(error).toMatchObject({ status: 400, code: 'parameter_invalid', param: 'amount' });
      expect(error.message).toMatch(/^billing-kit: amount must be/);
      expect(l.listEntries(a.id).data).toEqual([]);
    },
  );

  test('refuses a number amount and a missing idempotency key', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const asNumber = { amount: 5, idempotency_key: 'k' } as unknown as {
      amount: string;
      idempotency_key: string;
    };
    expect(refusal(() => l.credit(a.id, asNumber)).param).toBe('amount');
    expect(refusal(() => l.credit(a.id, { amount: '5', idempotency_key: '' }))).toMatchObject({
      status: 400,
      code: 'parameter_missing',
      param: 'idempotency_key',
    });
  });

  test('amounts beyond 2^53 and decimal fractions are exact', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const big = '9007199254740993'; // 2^53 + 1: a JS number would read 9007199254740992
    l.credit(a.id, { amount: big, idempotency_key: 'k1' });
    l.credit(a.id, { amount: big, idempotency_key: 'k2' });
    expect(l.balance(a.id)).toBe('18014398509481986');
    l.credit(a.id, { amount: '0.1', idempotency_key: 'k3' });
    l.credit(a.id, { amount: '0.2', idempotency_key: 'k4' });
    expect(l.balance(a.id)).toBe('18014398509481986.3');
    const huge = '123456789012345678901234567890123456789.000000000000000000001';
    const { transaction } = l.credit(a.id, { amount: huge, idempotency_key: 'k5' });
    expect(transaction.entries[0]?.amount).toBe(huge);
    expect(l.balance(a.id)).toBe('123456789012345678901252582288632938775.300000000000000000001');
    expect(units(l.balance(a.id))).toBe(recomputed(l, a.id));
    expect(l.inspect().balances[l.systemAccount('credits').id]).toBe(
      '-123456789012345678901252582288632938775.300000000000000000001',
    );
  });

  test('the same key and body replays the original transaction', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const body = { amount: '25', reference: 'r', idempotency_key: 'same' };
    const first = l.credit(a.id, body);
    const again = l.credit(a.id, { ...body });
    expect(again).toEqual({ transaction: first.transaction, replayed: true });
    // "25.0" is the same amount, so the same body.
    expect(l.credit(a.id, { ...body, amount: '25.0' }).replayed).toBe(true);
    expect(l.listEntries(a.id).data).toHaveLength(1);
    expect(l.balance(a.id)).toBe('25');
    // A replay answers even after the account was frozen: the write happened before.
    l.setStatus(a.id, 'frozen');
    expect(l.credit(a.id, body).transaction).toEqual(first.transaction);
  });

  test('the same key with another body is 409 and writes nothing', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const b = l.createAccount({ customer_id: 'c' });
    l.credit(a.id, { amount: '25', reference: 'r', idempotency_key: 'same' });
    for (const run of [
      () => l.credit(a.id, { amount: '26', reference: 'r', idempotency_key: 'same' }),
      () => l.credit(a.id, { amount: '25', reference: 'other', idempotency_key: 'same' }),
      () => l.credit(a.id, { amount: '25', idempotency_key: 'same' }),
      () => l.credit(b.id, { amount: '25', reference: 'r', idempotency_key: 'same' }),
    ]) {
      expect(refusal(run)).toMatchObject({
        status: 409,
        code: 'idempotency_key_reused',
        param: 'idempotency_key',
      });
    }
    expect(l.inspect().transactions).toHaveLength(1);
  });

  test('a frozen or closed account refuses credits with 409', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    l.setStatus(a.id, 'frozen');
    expect(refusal(() => l.credit(a.id, { amount: '1', idempotency_key: 'k' }))).toMatchObject({
      status: 409,
      code: 'account_frozen',
    });
    l.setStatus(a.id, 'active');
    expect(l.credit(a.id, { amount: '1', idempotency_key: 'k' }).replayed).toBe(false);
    l.setStatus(a.id, 'closed');
    expect(refusal(() => l.credit(a.id, { amount: '1', idempotency_key: 'k2' }))).toMatchObject({
      status: 409,
      code: 'account_closed',
    });
    expect(l.balance(a.id)).toBe('1');
  });
});

describe('post', () => {
  test('writes a balanced transaction of many lines', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c', initial_balance: '100' });
    const b = l.createAccount({ customer_id: 'd' });
    const system = l.systemAccount('credits');
    const { transaction } = l.post({
      reference: 'transfer',
      idempotency_key: 'p1',
      entries: [
        { account_id: a.id, side: 'debit', amount: '30' },
        { account_id: b.id, side: 'credit', amount: '20.5' },
        { account_id: system.id, side: 'credit', amount: '9.5' },
      ],
    });
    expect(creditsTransactionSchema.parse(transaction)).toEqual(transaction);
    expect(transaction.entries.map((e) => [e.side, e.amount])).toEqual([
      ['debit', '30'],
      ['credit', '20.5'],
      ['credit', '9.5'],
    ]);
    expect(l.balance(a.id)).toBe('70');
    expect(l.balance(b.id)).toBe('20.5');
    expect(l.inspect().balances[system.id]).toBe('-90.5');
  });

  test('refuses an unbalanced transaction with 422 unbalanced_transaction and the credits body', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const system = l.systemAccount('credits');
    const error = refusal(() =>
      l.post({
        entries: [
          { account_id: a.id, side: 'credit', amount: '10' },
          { account_id: system.id, side: 'debit', amount: '9.99' },
        ],
      }),
    );
    expect(error).toMatchObject({
      status: 422,
      type: 'invalid_request_error',
      code: 'unbalanced_transaction',
      param: 'entries',
    });
    const body = error.toBody('req_1');
    expect(creditsErrorSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'unbalanced_transaction',
        message: expect.stringMatching(/^Total debits must equal total credits/),
        param: 'entries',
        request_id: 'req_1',
      },
    });
    expect(l.inspect().entries).toEqual([]);
    expect(l.balance(a.id)).toBe('0');
  });

  test('one line is unbalanced too; no lines and bad lines are 400', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const b = l.createAccount({ customer_id: 'c' });
    const credit = { account_id: a.id, side: 'credit' as const, amount: '1' };
    expect(refusal(() => l.post({ entries: [] }))).toMatchObject({ status: 400, param: 'entries' });
    expect(refusal(() => l.post({ entries: [credit] }))).toMatchObject({
      status: 422,
      code: 'unbalanced_transaction',
    });
    expect(refusal(() => l.post({ entries: [credit, credit] }))).toMatchObject({
      status: 422,
      code: 'unbalanced_transaction',
    });
    expect(
      refusal(() => l.post({ entries: [credit, { ...credit, side: 'sideways' as 'debit' }] })),
    ).toMatchObject({ status: 400, param: 'entries.1.side' });
    expect(
      refusal(() => l.post({ entries: [credit, { ...credit, side: 'debit', amount: '0' }] })),
    ).toMatchObject({ status: 400, param: 'entries.1.amount' });
    expect(
      refusal(() =>
        l.post({ entries: [credit, { account_id: 'cca_nope', side: 'debit', amount: '1' }] }),
      ),
    ).toMatchObject({ status: 404, param: 'entries.1.account_id' });
    // Balanced between two customer accounts is fine.
    expect(
      l.post({ entries: [credit, { account_id: b.id, side: 'debit', amount: '1.000' }] }).replayed,
    ).toBe(false);
  });

  test('refuses lines in different unit labels, and frozen accounts', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const m = l.createAccount({ customer_id: 'c', unit_label: 'minutes' });
    expect(
      refusal(() =>
        l.post({
          entries: [
            { account_id: a.id, side: 'credit', amount: '1' },
            { account_id: m.id, side: 'debit', amount: '1' },
          ],
        }),
      ),
    ).toMatchObject({ status: 400, code: 'unit_label_mismatch', param: 'entries' });
    l.setStatus(a.id, 'frozen');
    expect(
      refusal(() =>
        l.post({
          entries: [
            { account_id: a.id, side: 'credit', amount: '1' },
            { account_id: l.systemAccount('credits').id, side: 'debit', amount: '1' },
          ],
        }),
      ),
    ).toMatchObject({ status: 409, code: 'account_frozen' });
  });

  test('replays with the same key and body, 409 with another body', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const s = l.systemAccount('credits').id;
    const entries = [
      { account_id: a.id, side: 'credit' as const, amount: '3' },
      { account_id: s, side: 'debit' as const, amount: '3' },
    ];
    const first = l.post({ entries, idempotency_key: 'p' });
    expect(l.post({ entries, idempotency_key: 'p' })).toEqual({
      transaction: first.transaction,
      replayed: true,
    });
    expect(
      refusal(() => l.post({ entries: [...entries].reverse(), idempotency_key: 'p' })).status,
    ).toBe(409);
    // Without a key every post is a new transaction with a key of its own.
    const x = l.post({ entries }).transaction;
    const y = l.post({ entries }).transaction;
    expect(x.idempotency_key).not.toBe(y.idempotency_key);
    expect(l.balance(a.id)).toBe('9');
  });
});

describe('reverse', () => {
  test('writes the opposite entries with reversal_of and keeps the original', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const original = l.credit(a.id, {
      amount: '40',
      reference: 'r',
      idempotency_key: 'k',
    }).transaction;
    const result = l.reverse(a.id, { transaction_id: original.id });
    expect(result.replayed).toBe(false);
    const reversal = result.transaction;
    expect(creditsTransactionSchema.parse(reversal)).toEqual(reversal);
    expect(reversal.reversal_of).toBe(original.id);
    expect(reversal.id).not.toBe(original.id);
    expect(reversal.entries.map((e) => [e.account_id, e.side, e.amount])).toEqual(
      original.entries.map((e) => [
        e.account_id,
        e.side === 'credit' ? 'debit' : 'credit',
        e.amount,
      ]),
    );
    expect(l.balance(a.id)).toBe('0');
    expect(l.getTransaction(original.id)).toEqual(original);
    expect(l.listEntries(a.id).data.map((e) => e.transaction_id)).toEqual([
      reversal.id,
      original.id,
    ]);
  });

  test('a transaction reverses once; a reversal does not reverse', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const original = l.credit(a.id, { amount: '5', idempotency_key: 'k' }).transaction;
    const reversal = l.reverse(a.id, { transaction_id: original.id }).transaction;
    expect(refusal(() => l.reverse(a.id, { transaction_id: original.id }))).toMatchObject({
      status: 400,
      code: 'transaction_already_reversed',
      param: 'transaction_id',
    });
    expect(refusal(() => l.reverse(a.id, { transaction_id: reversal.id }))).toMatchObject({
      status: 400,
      code: 'transaction_is_reversal',
    });
    expect(l.inspect().transactions).toHaveLength(2);
    expect(l.balance(a.id)).toBe('0');
  });

  test('a transaction that does not touch the account, or an unknown one, is 404', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const b = l.createAccount({ customer_id: 'd' });
    const onB = l.credit(b.id, { amount: '5', idempotency_key: 'k' }).transaction;
    expect(refusal(() => l.reverse(a.id, { transaction_id: onB.id }))).toMatchObject({
      status: 404,
      code: 'resource_missing',
      param: 'transaction_id',
    });
    expect(refusal(() => l.reverse(a.id, { transaction_id: 'cct_nope' })).status).toBe(404);
    expect(refusal(() => l.reverse(a.id, { transaction_id: '' })).status).toBe(400);
    expect(l.balance(b.id)).toBe('5');
  });

  test('a reversal’s key never clashes with a caller’s, whichever comes first', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const first = l.credit(a.id, { amount: '5', idempotency_key: 'k1' }).transaction;
    const second = l.credit(a.id, { amount: '7', idempotency_key: 'k2' }).transaction;
    // The caller picks the key a reversal of `first` would be named by, before that reversal.
    const before = { amount: '3', reference: 'mine', idempotency_key: `reversal_${first.id}` };
    const mine = l.credit(a.id, before).transaction;
    l.reverse(a.id, { transaction_id: first.id });
    const replay = l.credit(a.id, before);
    expect(replay.replayed).toBe(true);
    expect(replay.transaction).toEqual(mine);
    // And after: a reversal first, then a caller’s credit under the same-looking key.
    l.reverse(a.id, { transaction_id: second.id });
    const after = { amount: '4', idempotency_key: `reversal_${second.id}` };
    const theirs = l.credit(a.id, after);
    expect(theirs.replayed).toBe(false);
    expect(theirs.transaction.reversal_of).toBeUndefined();
    expect(l.credit(a.id, after)).toEqual({ transaction: theirs.transaction, replayed: true });
    expect(l.balance(a.id)).toBe('7');
  });

  test('a frozen account refuses a reversal with 409', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const tx = l.credit(a.id, { amount: '5', idempotency_key: 'k' }).transaction;
    l.setStatus(a.id, 'frozen');
    expect(refusal(() => l.reverse(a.id, { transaction_id: tx.id })).status).toBe(409);
    l.setStatus(a.id, 'active');
    expect(l.reverse(a.id, { transaction_id: tx.id }).transaction.reversal_of).toBe(tx.id);
  });
});

describe('listEntries', () => {
  function tenEntries() {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    const other = l.createAccount({ customer_id: 'd', initial_balance: '1' });
    for (let i = 1; i <= 10; i++) l.credit(a.id, { amount: String(i), idempotency_key: `k${i}` });
    // Oldest first, as written.
    const written = l.inspect().entries.filter((e) => e.account_id === a.id);
    return { l, a, other, ids: written.map((e) => e.id) };
  }

  test('newest first, in the wire shape, default 10', () => {
    const { l, a, ids } = tenEntries();
    l.credit(a.id, { amount: '11', idempotency_key: 'k11' });
    const page = l.listEntries(a.id);
    expect(entryList.parse(page)).toEqual(page);
    expect(page.data.map((e) => e.amount)).toEqual([
      '11',
      '10',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
    ]);
    expect(page.data[1]?.id).toBe(ids[9]);
    expect(page.has_more).toBe(true);
  });

  test('a forward walk with starting_after returns every entry once, has_more exact', () => {
    const { l, a, ids } = tenEntries();
    const pages: LedgerList<unknown>[] = [];
    let query: CursorQuery = { limit: 5 };
    for (;;) {
      const page = l.listEntries(a.id, query);
      pages.push(page);
      if (!page.has_more) break;
      query = { limit: 5, starting_after: (page.data.at(-1) as { id: string }).id };
    }
    // 10 entries, pages of 5: the second page is the last, so it says has_more false.
    expect(pages.map((p) => [p.data.length, p.has_more])).toEqual([
      [5, true],
      [5, false],
    ]);
    for (const limit of [1, 3, 4, 10, 11, 100]) {
      expect(walkForward(l, a.id, limit)).toEqual([...ids].reverse());
    }
    expect(l.listEntries(a.id, { starting_after: ids[0] })).toEqual({
      object: 'list',
      data: [],
      has_more: false,
    });
  });

  test('ending_before returns the page just newer than the cursor, newest first', () => {
    const { l, a, ids } = tenEntries();
    const page = l.listEntries(a.id, { limit: 3, ending_before: ids[2] });
    expect(page.data.map((e) => e.id)).toEqual([ids[5], ids[4], ids[3]]);
    expect(page.has_more).toBe(true);
    const top = l.listEntries(a.id, { limit: 3, ending_before: ids[6] });
    expect(top.data.map((e) => e.id)).toEqual([ids[9], ids[8], ids[7]]);
    expect(top.has_more).toBe(false);
    expect(l.listEntries(a.id, { ending_before: ids[9] })).toEqual({
      object: 'list',
      data: [],
      has_more: false,
    });
    for (const limit of [1, 2, 3, 9, 100]) {
      expect(walkBackward(l, a.id, ids[0] as string, limit)).toEqual([...ids].reverse());
    }
  });

  test('limit must be an integer from 1 to 100', () => {
    const { l, a } = tenEntries();
    expect(l.listEntries(a.id, { limit: 1 }).data).toHaveLength(1);
    expect(l.listEntries(a.id, { limit: 100 }).data).toHaveLength(10);
    for (const limit of [0, 101, 1.5, -3, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(refusal(() => l.listEntries(a.id, { limit }))).toMatchObject({
        status: 400,
        code: 'parameter_invalid',
        param: 'limit',
      });
    }
    const asString = { limit: '5' } as unknown as CursorQuery;
    expect(refusal(() => l.listEntries(a.id, asString)).param).toBe('limit');
  });

  test('an unknown cursor, another account’s entry, or both cursors are 400', () => {
    const { l, a, other, ids } = tenEntries();
    const foreign = l.listEntries(other.id).data[0]?.id;
    expect(refusal(() => l.listEntries(a.id, { starting_after: 'cce_nope' }))).toMatchObject({
      status: 400,
      code: 'invalid_cursor',
      param: 'starting_after',
    });
    expect(refusal(() => l.listEntries(a.id, { ending_before: foreign }))).toMatchObject({
      status: 400,
      code: 'invalid_cursor',
      param: 'ending_before',
    });
    expect(
      refusal(() => l.listEntries(a.id, { starting_after: ids[5], ending_before: ids[2] })),
    ).toMatchObject({ status: 400, param: 'ending_before' });
  });
});

describe('generateEntries', () => {
  test('appends balanced credit transactions that list, page and sum like any other', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c', initial_balance: '1.5' });
    const result = l.generateEntries(a.id, 5000, { seed: 7 });
    l.credit(a.id, { amount: '2', idempotency_key: 'after' });
    expect(result.transactions).toBe(5000);
    expect(result.balance).toBe(`${BigInt(result.total) + 1n}.5`);
    expect(units(l.balance(a.id))).toBe(recomputed(l, a.id));
    const snapshot = l.inspect();
    expect(snapshot.transactions).toHaveLength(5002);
    for (const tx of snapshot.transactions) {
      expect(creditsTransactionSchema.parse(tx)).toEqual(tx);
      const debit = tx.entries
        .filter((e) => e.side === 'debit')
        .reduce((s, e) => s + units(e.amount), 0n);
      const credit = tx.entries
        .filter((e) => e.side === 'credit')
        .reduce((s, e) => s + units(e.amount), 0n);
      expect(debit).toBe(credit);
    }
    const system = l.systemAccount('credits').id;
    expect(units(snapshot.balances[system] as string)).toBe(recomputed(l, system));
    // Every entry of the account, once, in both directions, across the generated block.
    const expected = snapshot.entries
      .filter((e) => e.account_id === a.id)
      .map((e) => e.id)
      .reverse();
    expect(new Set(expected).size).toBe(5002);
    expect(walkForward(l, a.id, 100)).toEqual(expected);
    expect(walkBackward(l, a.id, expected.at(-1) as string, 100)).toEqual(expected);
  });

  test('the same seed gives the same amounts; another seed does not', () => {
    const amounts = (seed: number) => {
      const l = ledger();
      const a = l.createAccount({ customer_id: 'c' });
      l.generateEntries(a.id, 50, { seed });
      return l.listEntries(a.id, { limit: 50 }).data.map((e) => e.amount);
    };
    expect(amounts(1)).toEqual(amounts(1));
    expect(amounts(1)).not.toEqual(amounts(2));
    expect(amounts(1).every((x) => /^[1-9]\d{0,2}$|^1000$/.test(x))).toBe(true);
  });

  test('generated transactions can be read, reversed once and their keys replayed', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    l.generateEntries(a.id, 100, { seed: 'x', reference: 'load' });
    const entry = l.listEntries(a.id, {
      limit: 1,
      starting_after: l.listEntries(a.id, { limit: 50 }).data[49]?.id,
    }).data[0];
    const tx = l.getTransaction(entry?.transaction_id as string);
    expect(tx.reference).toBe('load');
    expect(tx.entries[0]).toEqual(entry);
    const before = l.balance(a.id);
    const reversal = l.reverse(a.id, { transaction_id: tx.id }).transaction;
    expect(reversal.reversal_of).toBe(tx.id);
    expect(units(l.balance(a.id))).toBe(units(before) - units(entry?.amount as string));
    expect(refusal(() => l.reverse(a.id, { transaction_id: tx.id })).code).toBe(
      'transaction_already_reversed',
    );
    const body = {
      amount: entry?.amount as string,
      reference: 'load',
      idempotency_key: tx.idempotency_key,
    };
    expect(l.credit(a.id, body)).toEqual({ transaction: tx, replayed: true });
    expect(refusal(() => l.credit(a.id, { ...body, amount: '1001' })).status).toBe(409);
  });

  test('refuses a frozen account and a bad count', () => {
    const l = ledger();
    const a = l.createAccount({ customer_id: 'c' });
    expect(refusal(() => l.generateEntries(a.id, -1, { seed: 1 })).param).toBe('count');
    expect(l.generateEntries(a.id, 0, { seed: 1 })).toEqual({
      transactions: 0,
      total: '0',
      balance: '0',
    });
    l.setStatus(a.id, 'frozen');
    expect(refusal(() => l.generateEntries(a.id, 10, { seed: 1 })).status).toBe(409);
    expect(l.inspect().entries).toEqual([]);
  });
});
