// The reversal marks of the credits entries route: the proxy remembers, in its store, the
// reversals made through its admin route, and marks their entries for the customer; a reversal
// made elsewhere is not known. Real handler over a real sandbox; the store is the real memory
// store, wrapped only to record which keys were read.
import { describe, expect, it } from 'vitest';
import { proxyHarness } from '../../test/support/proxy-harness.js';
import { createBillingHandler } from './handler.js';
import { type BillingStore, createMemoryStore } from './store.js';

const GRACE = 'cust_grace';

type Entry = { id: string; transaction_id: string; side: string; amount: string } & Record<
  string,
  unknown
>;

/** Grace's "Support minutes" account and its newest entry (a credit of 30.5). */
function minutesOf(h: ReturnType<typeof proxyHarness>) {
  const account = h.fixtures.credit_accounts.find(
    (a) => a.customer_id === GRACE && a.name === 'Support minutes',
  );
  if (!account) throw new Error('seed changed: Grace has no "Support minutes"');
  const newest = h.sandbox
    .inspect()
    .credit_entries.filter((e) => e.account_id === account.id)
    .at(-1);
  if (!newest) throw new Error('seed changed: no entry on Support minutes');
  return { account, newest };
}

async function entriesOf(h: ReturnType<typeof proxyHarness>, accountId: string) {
  const answer = await h.call('GET', `/credits/accounts/${accountId}/entries`, { as: GRACE });
  expect(answer.status).toBe(200);
  return (answer.body as { data: Entry[] }).data;
}

/** Grace's entries through a second handler over the same sandbox, with `store`. */
async function entriesThrough(
  h: ReturnType<typeof proxyHarness>,
  store: BillingStore,
  accountId: string,
) {
  const handler = createBillingHandler({
    apiKey: h.sandbox.apiKey,
    baseUrl: h.sandbox.baseUrl,
    fetch: h.sandbox.fetch,
    products: [],
    getCustomer: () => ({ id: GRACE }),
    store,
  });
  const answer = await handler(
    new Request(`https://shop.test${handler.basePath}/credits/accounts/${accountId}/entries`),
  );
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: Entry[] }).data;
}

/** Reverses `transactionId` through the admin route; answers the reversal's id. */
async function reverseOn(
  h: ReturnType<typeof proxyHarness>,
  accountId: string,
  transactionId: string,
) {
  const answer = await h.call('POST', `/admin/credits/accounts/${accountId}/reverse`, {
    admin: true,
    body: { transaction_id: transactionId },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

/** Credits `amount` through the admin route; answers the transaction's id. */
async function creditOn(
  h: ReturnType<typeof proxyHarness>,
  accountId: string,
  amount: string,
  key: string,
) {
  const answer = await h.call('POST', `/admin/credits/accounts/${accountId}/credit`, {
    admin: true,
    body: { amount, idempotency_key: key },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

/** The memory store, recording every key read. */
function recordingStore(base: BillingStore = createMemoryStore()) {
  const reads: string[] = [];
  const store: BillingStore = {
    ...base,
    get: (key) => {
      reads.push(key);
      return base.get(key);
    },
  };
  return { store, reads };
}

describe('credits entries: reversals made through the proxy', () => {
  it('marks the reversing entry reversal_of and the reversed one reversed_by, for every later reader', async () => {
    const shared = createMemoryStore();
    const h = proxyHarness({ store: shared });
    const { account, newest } = minutesOf(h);
    expect((await entriesOf(h, account.id)).some((e) => 'reversal_of' in e)).toBe(false);

    const reverse = await h.call('POST', `/admin/credits/accounts/${account.id}/reverse`, {
      admin: true,
      body: { transaction_id: newest.transaction_id },
    });
    expect(reverse.status).toBe(201);
    const reversalId = reverse.body.id as string;

    const entries = await entriesOf(h, account.id);
    expect(entries).toHaveLength(3);
    const [reversal, original, older] = entries as [Entry, Entry, Entry];
    expect(reversal).toMatchObject({
      transaction_id: reversalId,
      side: 'debit',
      amount: newest.amount,
      reversal_of: newest.transaction_id,
    });
    expect(reversal).not.toHaveProperty('reversed_by');
    expect(original).toMatchObject({ id: newest.id, reversed_by: reversalId });
    expect(original).not.toHaveProperty('reversal_of');
    expect(older).not.toHaveProperty('reversal_of');
    expect(older).not.toHaveProperty('reversed_by');

    // A page read through a cursor is marked too.
    const page = await h.call(
      'GET',
      `/credits/accounts/${account.id}/entries?limit=1&starting_after=${reversal.id}`,
      { as: GRACE },
    );
    expect((page.body as { data: Entry[] }).data).toEqual([original]);

    // Another process over the same service with the same store (Redis, say) knows it too;
    // one with its own store does not: what it never saw it cannot mark.
    expect(await entriesThrough(h, shared, account.id)).toEqual(entries);
    const elsewhere = await entriesThrough(h, createMemoryStore(), account.id);
    expect(elsewhere).toHaveLength(3);
    expect(elsewhere.some((e) => 'reversal_of' in e || 'reversed_by' in e)).toBe(false);
  });

  it('does not mark a reversal made outside the proxy (the service itself)', async () => {
    const h = proxyHarness();
    const { account, newest } = minutesOf(h);
    const reversal = await h.sandbox.fetch(
      `${h.sandbox.baseUrl}/v1/customer-credits/accounts/${account.id}/reverse`,
      {
        method: 'POST',
        headers: { 'x-api-key': h.sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ transaction_id: newest.transaction_id }),
      },
    );
    expect(reversal.status).toBe(201);
    const entries = await entriesOf(h, account.id);
    expect(entries).toHaveLength(3);
    expect(entries.some((e) => 'reversal_of' in e || 'reversed_by' in e)).toBe(false);
  });

  it('reads one store key for an account without a known reversal, and none for its transactions', async () => {
    const { store, reads } = recordingStore();
    const h = proxyHarness({ store });
    const { account } = minutesOf(h);
    await entriesOf(h, account.id);
    expect(reads.filter((k) => k.startsWith('bk:reversal'))).toEqual([
      `bk:reversals:${account.id}`,
    ]);
  });

  it('reads one store key for a page of an account with reversals, whatever the page holds', async () => {
    const { store, reads } = recordingStore();
    const h = proxyHarness({ store });
    const { account, newest } = minutesOf(h);
    await reverseOn(h, account.id, newest.transaction_id);
    const other = await creditOn(h, account.id, '2', 'one-read');
    await reverseOn(h, account.id, other);
    reads.length = 0;
    const entries = await entriesOf(h, account.id);
    expect(entries).toHaveLength(5);
    expect(entries.filter((e) => 'reversal_of' in e || 'reversed_by' in e)).toHaveLength(4);
    expect(reads.filter((k) => k.startsWith('bk:reversal'))).toEqual([
      `bk:reversals:${account.id}`,
    ]);
  });

  it('loses no marks to two reversals on one account at once in one process', async () => {
    const h = proxyHarness();
    const { account } = minutesOf(h);
    const a = await creditOn(h, account.id, '2', 'together-a');
    const b = await creditOn(h, account.id, '3', 'together-b');
    const [ra, rb] = await Promise.all([reverseOn(h, account.id, a), reverseOn(h, account.id, b)]);
    const entries = await entriesOf(h, account.id);
    const marks = Object.fromEntries(
      entries.map((e) => [e.transaction_id, e.reversal_of ?? e.reversed_by]),
    );
    expect(marks).toMatchObject({ [a]: ra, [ra]: a, [b]: rb, [rb]: b });
  });

  it("keeps an account's marks as young as its latest reversal in a full memory store", async () => {
    // The memory store evicts by the age of a key's last write. Each reversal re-writes its
    // account's one key, so the first reversal's marks outlive flood keys that would evict a
    // key written only once (the control below).
    async function run(secondReversal: boolean) {
      const store = createMemoryStore({ maxEntries: 10 });
      const h = proxyHarness({ store });
      const { account, newest } = minutesOf(h);
      const first = await reverseOn(h, account.id, newest.transaction_id);
      for (let i = 0; i < 6; i++) await store.increment(`bk:rl:flood:a${i}`, 60_000);
      const other = await creditOn(h, account.id, '2', 'young');
      if (secondReversal) await reverseOn(h, account.id, other);
      for (let i = 0; i < 6; i++) await store.increment(`bk:rl:flood:b${i}`, 60_000);
      const entries = await entriesOf(h, account.id);
      return { entries, first, original: newest.transaction_id };
    }
    const kept = await run(true);
    expect(kept.entries.find((e) => e.transaction_id === kept.first)).toMatchObject({
      reversal_of: kept.original,
    });
    expect(kept.entries.find((e) => e.transaction_id === kept.original)).toMatchObject({
      reversed_by: kept.first,
    });
    const control = await run(false);
    expect(control.entries.some((e) => 'reversal_of' in e || 'reversed_by' in e)).toBe(false);
  });

  it("keeps an account's newest 500 transactions' marks, with a 30-day lifetime", async () => {
    let now = Date.now();
    const store = createMemoryStore({ now: () => now });
    const h = proxyHarness({ store });
    const { account, newest } = minutesOf(h);
    const key = `bk:reversals:${account.id}`;
    const old = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`cct_old${i}`, { reversed_by: `cct_oldr${i}` }]),
    );
    await store.set(key, JSON.stringify(old));
    const reversal = await reverseOn(h, account.id, newest.transaction_id);
    const kept = JSON.parse((await store.get(key)) as string) as Record<string, unknown>;
    expect(Object.keys(kept)).toHaveLength(500);
    expect(kept).not.toHaveProperty('cct_old0');
    expect(kept).not.toHaveProperty('cct_old1');
    expect(kept).toHaveProperty('cct_old2');
    expect(kept[reversal]).toEqual({ reversal_of: newest.transaction_id });
    expect(kept[newest.transaction_id]).toEqual({ reversed_by: reversal });
    now += 30 * 24 * 60 * 60_000 - 1;
    expect(await store.get(key)).not.toBeNull();
    now += 1;
    expect(await store.get(key)).toBeNull();
  });

  it('a store that fails to keep the reversal: still 201, and onError is told how to fix it', async () => {
    const base = createMemoryStore();
    const failing: BillingStore = {
      ...base,
      set: async (key, value, ttlMs) => {
        if (key.startsWith('bk:reversal')) throw new Error('store is down');
        return base.set(key, value, ttlMs);
      },
    };
    const h = proxyHarness({ store: failing });
    const { account, newest } = minutesOf(h);
    const reverse = await h.call('POST', `/admin/credits/accounts/${account.id}/reverse`, {
      admin: true,
      body: { transaction_id: newest.transaction_id },
    });
    expect(reverse.status).toBe(201);
    expect(reverse.body.reversal_of).toBe(newest.transaction_id);
    const told = h.errors.map((e) => String((e as Error).message));
    expect(told).toEqual([expect.stringMatching(/^billing-kit: the store did not keep reversal/)]);
    expect((h.errors[0] as Error).cause).toEqual(new Error('store is down'));
    // The entries are served, unmarked.
    const entries = await entriesOf(h, account.id);
    expect(entries).toHaveLength(3);
    expect(entries.some((e) => 'reversal_of' in e || 'reversed_by' in e)).toBe(false);
  });
});
