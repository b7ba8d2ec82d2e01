// Property tests of the ledger: random sequences of credits, replays, reversals, transfers,
// freezes and bulk generation, checked against a small model and against the ledger's own
// entries recomputed with an exact oracle that shares no code with the engine.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { walkBackward, walkForward } from '../../test/support/ledger-walk.js';
import { createLedger, type Ledger, LedgerError } from './ledger.js';

const SCALE = 40;
/** An amount as an integer count of 10^-40 units: exact, and independent of the engine. */
function units(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const value = BigInt(whole + fraction.padEnd(SCALE, '0'));
  return sign ? -value : value;
}

/** A positive decimal string, sometimes with leading zeros or trailing fractional zeros. */
const amountArb = fc
  .record({
    value: fc.oneof(
      fc.bigInt({ min: 1n, max: 1000n }),
      fc.bigInt({ min: 2n ** 53n - 5n, max: 2n ** 53n + 5n }),
      fc.bigInt({ min: 1n, max: 10n ** 36n }),
    ),
    scale: fc.integer({ min: 0, max: 6 }),
    leading: fc.integer({ min: 0, max: 2 }),
    trailing: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ value, scale, leading, trailing }) => {
    const digits = value.toString().padStart(scale + 1, '0');
    const whole = '0'.repeat(leading) + digits.slice(0, digits.length - scale);
    const fraction = digits.slice(digits.length - scale) + (scale ? '0'.repeat(trailing) : '');
    return fraction ? `${whole}.${fraction}` : whole;
  });

// Accounts 0–2 count "credits" (0 and 2 belong to one customer), account 3 counts "minutes".
const ACCOUNTS = [
  { customer_id: 'cus_a', unit_label: 'credits' },
  { customer_id: 'cus_b', unit_label: 'credits' },
  { customer_id: 'cus_a', unit_label: 'credits' },
  { customer_id: 'cus_c', unit_label: 'minutes' },
] as const;
const account = fc.integer({ min: 0, max: ACCOUNTS.length - 1 });

type Op =
  | { kind: 'credit'; account: number; amount: string; key: number; reference: number | null }
  | { kind: 'replay'; pick: number }
  | { kind: 'reverse'; account: number; pick: number }
  | { kind: 'toggle'; account: number }
  | { kind: 'transfer'; from: number; to: number; amount: string; skew: boolean }
  | { kind: 'generate'; account: number; count: number; seed: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      account,
      amount: amountArb,
      key: fc.integer({ min: 0, max: 9 }),
      reference: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('reverse' as const), account, pick: fc.nat() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('toggle' as const), account }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: account,
      to: account,
      amount: amountArb,
      skew: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('generate' as const),
      account,
      count: fc.integer({ min: 0, max: 30 }),
      seed: fc.nat(),
    }),
  },
);

/** Runs `call`; returns its result, or the LedgerError it threw (anything else fails). */
function attempt<T>(call: () => T): T | LedgerError {
  try {
    return call();
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
}

function refused(result: unknown): LedgerError {
  expect(result).toBeInstanceOf(LedgerError);
  return result as LedgerError;
}

type ModelTx = { id: string; accounts: Set<number>; reversal: boolean; reversed: boolean };

/** Runs the ops against a ledger and a model, checking each answer as it comes. */
function run(ops: Op[]): { ledger: Ledger; ids: string[]; expected: bigint[] } {
  let tick = Date.UTC(2026, 0, 1);
  const ledger = createLedger({
    storeId: 'sto_prop',
    now: () => {
      tick += 1000;
      return new Date(tick);
    },
  });
  const ids = ACCOUNTS.map((a) => ledger.createAccount(a).id);
  const accountIndex = new Map(ids.map((id, i) => [id, i]));
  const frozen = ACCOUNTS.map(() => false);
  const expected = ACCOUNTS.map(() => 0n);
  const keys = new Map<
    string,
    { account: number; units: bigint; reference: string | null; tx: unknown }
  >();
  const credits: { account: number; amount: string; reference: string | null; key: string }[] = [];
  const txs: ModelTx[] = [];

  for (const op of ops) {
    switch (op.kind) {
      case 'credit': {
        const key = `key_${op.key}`;
        const reference = op.reference === null ? null : `ref_${op.reference}`;
        const result = attempt(() =>
          ledger.credit(ids[op.account] as string, {
            amount: op.amount,
            reference,
            idempotency_key: key,
          }),
        );
        const earlier = keys.get(key);
        if (earlier) {
          const same =
            earlier.account === op.account &&
            earlier.units === units(op.amount) &&
            earlier.reference === reference;
          if (same) expect(result).toEqual({ transaction: earlier.tx, replayed: true });
          else
            expect(refused(result)).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
        } else if (frozen[op.account]) {
          expect(refused(result)).toMatchObject({ status: 409, code: 'account_frozen' });
        } else {
          if (result instanceof LedgerError) throw result;
          expect(result.replayed).toBe(false);
          keys.set(key, {
            account: op.account,
            units: units(op.amount),
            reference,
            tx: result.transaction,
          });
          credits.push({ account: op.account, amount: op.amount, reference, key });
          txs.push({
            id: result.transaction.id,
            accounts: new Set([op.account]),
            reversal: false,
            reversed: false,
          });
          expected[op.account] = (expected[op.account] as bigint) + units(op.amount);
        }
        break;
      }
      case 'replay': {
        const call = credits[op.pick % Math.max(credits.length, 1)];
        if (!call) break;
        const result = ledger.credit(ids[call.account] as string, {
          amount: call.amount,
          reference: call.reference,
          idempotency_key: call.key,
        });
        expect(result).toEqual({ transaction: keys.get(call.key)?.tx, replayed: true });
        break;
      }
      case 'reverse': {
        const target = txs[op.pick % Math.max(txs.length, 1)];
        if (!target) break;
        const result = attempt(() =>
          ledger.reverse(ids[op.account] as string, { transaction_id: target.id }),
        );
        if (!target.accounts.has(op.account)) {
          expect(refused(result)).toMatchObject({ status: 404, code: 'resource_missing' });
        } else if (target.reversal) {
          expect(refused(result)).toMatchObject({ status: 400, code: 'transaction_is_reversal' });
        } else if (target.reversed) {
          expect(refused(result)).toMatchObject({
            status: 400,
            code: 'transaction_already_reversed',
          });
        } else if ([...target.accounts].some((a) => frozen[a])) {
          expect(refused(result)).toMatchObject({ status: 409, code: 'account_frozen' });
        } else {
          if (result instanceof LedgerError) throw result;
          expect(result.transaction.reversal_of).toBe(target.id);
          target.reversed = true;
          txs.push({
            id: result.transaction.id,
            accounts: target.accounts,
            reversal: true,
            reversed: false,
          });
          for (const entry of result.transaction.entries) {
            const a = accountIndex.get(entry.account_id);
            if (a === undefined) continue; // the system account
            const delta = units(entry.amount);
            expected[a] = (expected[a] as bigint) + (entry.side === 'credit' ? delta : -delta);
          }
        }
        break;
      }
      case 'toggle': {
        const id = ids[op.account] as string;
        const status = frozen[op.account] ? 'active' : 'frozen';
        expect(ledger.setStatus(id, status).status).toBe(status);
        frozen[op.account] = !frozen[op.account];
        break;
      }
      case 'transfer': {
        const to = op.skew ? `${op.amount}1` : op.amount; // "x1" ≠ "x" in value, always
        const result = attempt(() =>
          ledger.post({
            entries: [
              { account_id: ids[op.from] as string, side: 'debit', amount: op.amount },
              { account_id: ids[op.to] as string, side: 'credit', amount: to },
            ],
          }),
        );
        if (ACCOUNTS[op.from]?.unit_label !== ACCOUNTS[op.to]?.unit_label) {
          expect(refused(result)).toMatchObject({ status: 400, code: 'unit_label_mismatch' });
        } else if (op.skew) {
          expect(refused(result)).toMatchObject({ status: 422, code: 'unbalanced_transaction' });
        } else if (frozen[op.from] || frozen[op.to]) {
          expect(refused(result)).toMatchObject({ status: 409, code: 'account_frozen' });
        } else {
          if (result instanceof LedgerError) throw result;
          txs.push({
            id: result.transaction.id,
            accounts: new Set([op.from, op.to]),
            reversal: false,
            reversed: false,
          });
          expected[op.from] = (expected[op.from] as bigint) - units(op.amount);
          expected[op.to] = (expected[op.to] as bigint) + units(op.amount);
        }
        break;
      }
      case 'generate': {
        const result = attempt(() =>
          ledger.generateEntries(ids[op.account] as string, op.count, { seed: op.seed }),
        );
        if (frozen[op.account]) {
          expect(refused(result)).toMatchObject({ status: 409 });
          break;
        }
        if (result instanceof LedgerError) throw result;
        expected[op.account] = (expected[op.account] as bigint) + units(result.total);
        // The generated transactions join the pool that reversals pick from.
        const page = ledger.listEntries(ids[op.account] as string, { limit: 100 });
        for (const entry of page.data.slice(0, op.count).reverse()) {
          txs.push({
            id: entry.transaction_id,
            accounts: new Set([op.account]),
            reversal: false,
            reversed: false,
          });
        }
        break;
      }
    }
  }
  return { ledger, ids, expected };
}

test('ledger invariants hold over random sequences of operations', () => {
  fc.assert(
    fc.property(
      fc.array(opArb, { minLength: 1, maxLength: 80 }),
      fc.integer({ min: 1, max: 7 }),
      (ops, limit) => {
        const { ledger, ids, expected } = run(ops);
        const snapshot = ledger.inspect();

        // Every transaction balances, and reverses at most once, and never a reversal.
        const reversed = new Set<string>();
        const byId = new Map(snapshot.transactions.map((t) => [t.id, t]));
        for (const tx of snapshot.transactions) {
          let sum = 0n;
          for (const e of tx.entries)
            sum += e.side === 'credit' ? units(e.amount) : -units(e.amount);
          expect(sum).toBe(0n);
          expect(tx.entries.length).toBeGreaterThanOrEqual(2);
          if (tx.reversal_of !== undefined) {
            expect(reversed.has(tx.reversal_of)).toBe(false);
            reversed.add(tx.reversal_of);
            expect(byId.get(tx.reversal_of)?.reversal_of).toBeUndefined();
          }
        }

        // Each balance (system accounts too) is Σcredit − Σdebit of its entries, exactly;
        // customer balances also match the model; all balances together sum to zero.
        const recomputed = new Map<string, bigint>();
        for (const e of snapshot.entries) {
          const delta = e.side === 'credit' ? units(e.amount) : -units(e.amount);
          recomputed.set(e.account_id, (recomputed.get(e.account_id) ?? 0n) + delta);
        }
        let total = 0n;
        for (const [id, balance] of Object.entries(snapshot.balances)) {
          expect(units(balance)).toBe(recomputed.get(id) ?? 0n);
          total += units(balance);
        }
        expect(total).toBe(0n);
        ids.forEach((id, i) => {
          expect(units(ledger.balance(id))).toBe(recomputed.get(id) ?? 0n);
          expect(units(ledger.balance(id))).toBe(expected[i]);
        });

        // Full forward and backward cursor walks each return every entry exactly once.
        for (const id of ids) {
          const newestFirst = snapshot.entries
            .filter((e) => e.account_id === id)
            .map((e) => e.id)
            .reverse();
          const forward = walkForward(ledger, id, limit);
          expect(forward).toEqual(newestFirst);
          const oldest = newestFirst.at(-1);
          if (oldest !== undefined) {
            expect(walkBackward(ledger, id, oldest, limit)).toEqual(newestFirst);
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});
