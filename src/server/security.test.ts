// Signed in as customer A, ask for customer B's resources and for random ids: every answer is
// the same 404 (status and body shape, no hint which it was), nothing of B's changes, and no
// byte of B's data reaches A.
import { afterAll, describe, expect, it } from 'vitest';
import { errorsWithKey, keyLeaks, proxyHarness } from '../../test/support/proxy-harness.js';
import { proxyErrorSchema } from '../contract/proxy.js';

const A = 'cust_ada';
const B = 'cust_grace';

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

const idOf = (value: unknown) => (typeof value === 'string' ? value : (value as { id: string }).id);

describe("customer A asking for customer B's resources", () => {
  const h = proxyHarness();
  const inspection = h.sandbox.inspect();
  const customerB = inspection.customers.find((c) => c.id === B)!;
  const subsB = inspection.subscriptions.filter((s) => idOf(s.customer) === B);
  const accountsB = inspection.credit_accounts.filter((a) => a.customer_id === B);
  const accountA = inspection.credit_accounts.find((a) => a.customer_id === A)!;
  const entriesB = inspection.credit_entries.filter((e) =>
    accountsB.some((a) => a.id === e.account_id),
  );
  const transactionsB = inspection.transactions.filter((t) => t.customer === B);
  const secretsB = [
    B,
    customerB.email,
    ...(customerB.name ? [customerB.name] : []),
    ...subsB.map((s) => s.id),
    ...accountsB.map((a) => a.id),
    ...entriesB.map((e) => e.id),
    ...entriesB.map((e) => e.transaction_id),
    ...transactionsB.map((t) => t.id),
    ...transactionsB.flatMap((t) => (t.order ? [t.order] : [])),
  ];
  /** Every answer A received, to scan for B's data at the end. */
  const seenByA: string[] = [];
  const asA = async (method: string, path: string, body?: unknown) => {
    const answer = await h.call(method, path, { as: A, body });
    seenByA.push(answer.text);
    answer.headers.forEach((value, name) => {
      seenByA.push(`${name}: ${value}`);
    });
    return answer;
  };
  const randomId = (prefix: string) =>
    `${prefix}_${Array.from({ length: 22 }, (_, i) => 'abcdefghijklmnopqrstuvwxyzABCDEF0123456789'[(i * 7 + prefix.length * 13) % 42]).join('')}`;

  it('B has data to steal (the test would prove nothing otherwise)', () => {
    expect(subsB.length).toBeGreaterThan(0);
    expect(accountsB.length).toBeGreaterThan(0);
    expect(entriesB.length).toBeGreaterThan(0);
    expect(transactionsB.length).toBeGreaterThan(0);
  });

  /** The route's answer for B's id and for a random id: the same 404 body. */
  async function sameNotFound(
    method: string,
    path: (id: string) => string,
    idsB: string[],
    prefix: string,
    body?: unknown,
  ) {
    const bodies = new Set<string>();
    const fields = new Set<string>();
    for (const id of [
      ...idsB,
      randomId(prefix),
      `${prefix}_`,
      'x'.repeat(201),
      '%2F..%2Fcustomers',
      // (A bare `..` is no id: the URL parser resolves it to another path before any route.)
    ]) {
      const answer = await asA(method, path(encodeURIComponent(id)), body);
      expect(answer.status, `${method} ${path(id)}`).toBe(404);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const error = proxyErrorSchema.parse(answer.json);
      bodies.add(JSON.stringify({ ...error, trace_id: '', timestamp: 0 }));
      for (const f of error.fields ?? []) fields.add(f.field);
    }
    expect([...bodies], [...bodies].join('\n')).toHaveLength(1);
    return [...fields];
  }

  it("B's subscriptions read as missing, one by one", async () => {
    const fields = await sameNotFound(
      'GET',
      (id) => `/subscriptions/${id}`,
      subsB.map((s) => s.id),
      'sub',
    );
    expect(fields).toEqual(['subscription_id']);
  });

  it("upgrading B's subscription reads as missing and changes nothing", async () => {
    const before = JSON.stringify(
      h.sandbox.inspect().subscriptions.filter((s) => idOf(s.customer) === B),
    );
    await sameNotFound(
      'POST',
      (id) => `/subscriptions/${id}/upgrade`,
      subsB.map((s) => s.id),
      'sub',
      { product_id: 'prod_pro_yearly', update_behavior: 'proration-charge-immediately' },
    );
    const after = JSON.stringify(
      h.sandbox.inspect().subscriptions.filter((s) => idOf(s.customer) === B),
    );
    expect(after).toBe(before);
    expect(h.upstream.filter((u) => u.url.includes('/upgrade'))).toEqual([]);
  });

  it("B's credit accounts, their entries and balances read as missing", async () => {
    const ids = accountsB.map((a) => a.id);
    expect(await sameNotFound('GET', (id) => `/credits/accounts/${id}`, ids, 'cca')).toEqual([
      'account_id',
    ]);
    await sameNotFound('GET', (id) => `/credits/accounts/${id}/entries`, ids, 'cca');
    await sameNotFound('GET', (id) => `/credits/accounts/${id}/balance`, ids, 'cca');
  });

  it("B's account costs the service the same requests as a missing one, however often A asks", async () => {
    const missing = randomId('cca');
    for (const route of ['entries', 'balance']) {
      for (const id of [accountsB[0]!.id, missing]) {
        const counts: number[] = [];
        for (let ask = 0; ask < 3; ask++) {
          const before = h.upstream.length;
          expect((await asA('GET', `/credits/accounts/${id}/${route}`)).status).toBe(404);
          counts.push(h.upstream.length - before);
        }
        // One lookup each time: a remembered "exists, not yours" would answer with none.
        expect(counts, `${route} of ${id === missing ? 'a missing account' : "B's"}`).toEqual([
          1, 1, 1,
        ]);
      }
    }
  });

  it("the lists show A's rows only, whatever filters and cursors A sends", async () => {
    const subs = await asA('GET', '/subscriptions?page_size=100');
    expect((subs.body.items as { customer: unknown }[]).every((s) => idOf(s.customer) === A)).toBe(
      true,
    );
    const accounts = await asA('GET', '/credits/accounts');
    expect((accounts.body.data as { customer_id: string }[]).map((a) => a.customer_id)).toEqual([
      A,
    ]);
    for (const t of transactionsB) {
      const byOrder = await asA('GET', `/transactions?order_id=${t.order}`);
      expect(byOrder.status).toBe(200);
      expect(byOrder.body.items).toEqual([]);
    }
    for (const product of ['prod_team_quarterly', 'prod_pro_yearly']) {
      const byProduct = await asA('GET', `/transactions?product_id=${product}`);
      expect((byProduct.body.items as { customer: string }[]).every((t) => t.customer === A)).toBe(
        true,
      );
    }
    for (const entry of entriesB.slice(0, 3)) {
      for (const cursor of ['starting_after', 'ending_before']) {
        const answer = await asA(
          'GET',
          `/credits/accounts/${accountA.id}/entries?${cursor}=${entry.id}`,
        );
        expect(answer.status).toBeLessThan(500);
      }
    }
    for (const account of accountsB) {
      const answer = await asA('GET', `/credits/accounts?starting_after=${account.id}`);
      expect(answer.status).toBeLessThan(500);
    }
  });

  it('a customer id sent by the browser reads as missing, whatever it names', async () => {
    const subA = inspection.subscriptions.find((s) => idOf(s.customer) === A)!;
    const bodies = new Set<string>();
    for (const path of [
      '/subscriptions',
      '/transactions',
      '/credits/accounts',
      `/subscriptions/${subA.id}`,
      `/credits/accounts/${accountA.id}`,
      `/credits/accounts/${accountA.id}/entries`,
      `/credits/accounts/${accountA.id}/balance`,
    ]) {
      for (const param of ['customer_id', 'customer']) {
        // B's id, a random one, A's own and none at all: one answer, so nothing is learnt.
        for (const value of [B, randomId('cust'), A, '']) {
          const answer = await asA('GET', `${path}?${param}=${encodeURIComponent(value)}`);
          expect(answer.status, `${path}?${param}=${value}`).toBe(404);
          expect(answer.headers.get('cache-control')).toBe('no-store');
          const error = proxyErrorSchema.parse(answer.json);
          expect(error.fields).toEqual([{ field: param, message: 'was not found' }]);
          bodies.add(JSON.stringify({ ...error, trace_id: '', timestamp: 0, fields: [] }));
        }
      }
    }
    // The same body as any other missing resource, the field aside.
    const missing = proxyErrorSchema.parse(
      (await asA('GET', `/subscriptions/${subsB[0]!.id}`)).json,
    );
    bodies.add(JSON.stringify({ ...missing, trace_id: '', timestamp: 0, fields: [] }));
    const shapes = [...bodies].map((b) => b.replace(/"message":\["\w+ /, '"message":["'));
    expect(new Set(shapes).size, [...bodies].join('\n')).toBe(1);

    // In a body, the customer is still a key the route does not take: named, as any other.
    const checkout = await asA('POST', '/checkouts', {
      product_id: 'prod_pro_monthly',
      customer: { id: B },
    });
    expect(checkout.status).toBe(400);
    const sneaky = await asA('POST', '/checkouts', {
      product_id: 'prod_pro_monthly',
      customer_id: B,
    });
    expect(sneaky.status).toBe(400);
    expect(h.sandbox.inspect().checkouts).toHaveLength(0);
  });

  it("a cursor naming B's account or entry reads exactly as a random one: missing", async () => {
    const accountsA = inspection.credit_accounts.filter((a) => a.customer_id === A);
    const otherEntriesOfA = inspection.credit_entries.filter(
      (e) => e.account_id !== accountA.id && accountsA.some((a) => a.id === e.account_id),
    );
    for (const cursor of ['starting_after', 'ending_before']) {
      const bodies = new Set<string>();
      const check = async (path: string) => {
        const answer = await asA('GET', path);
        expect(answer.status, path).toBe(404);
        const error = proxyErrorSchema.parse(answer.json);
        expect(error.fields).toEqual([{ field: cursor, message: 'was not found' }]);
        bodies.add(JSON.stringify({ ...error, trace_id: '', timestamp: 0 }));
      };
      for (const id of [...accountsB.map((a) => a.id), randomId('cca'), 'cca_']) {
        await check(`/credits/accounts?${cursor}=${encodeURIComponent(id)}`);
      }
      for (const id of [
        ...entriesB.slice(0, 3).map((e) => e.id),
        ...otherEntriesOfA.slice(0, 1).map((e) => e.id),
        randomId('cce'),
        accountA.id,
      ]) {
        await check(`/credits/accounts/${accountA.id}/entries?${cursor}=${encodeURIComponent(id)}`);
      }
      expect([...bodies], [...bodies].join('\n')).toHaveLength(1);
    }
    // A's own cursors still page.
    const first = await asA('GET', `/credits/accounts/${accountA.id}/entries?limit=2`);
    const last = (first.body.data as { id: string }[]).at(-1)!.id;
    const next = await asA(
      'GET',
      `/credits/accounts/${accountA.id}/entries?limit=2&starting_after=${last}`,
    );
    expect(next.status).toBe(200);
    const own = await asA('GET', `/credits/accounts?starting_after=${accountA.id}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([]);
  });

  it("an email-only session, even with B's email, sees no one's lists", async () => {
    for (const path of ['/subscriptions', '/transactions', '/credits/accounts']) {
      const answer = await h.call('GET', path, { asEmail: customerB.email });
      seenByA.push(answer.text);
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body.items ?? answer.body.data)).toBe('[]');
    }
  });

  it('admin routes answer 404 to A', async () => {
    for (const path of [
      '/admin/customers',
      `/admin/transactions?customer_id=${B}`,
      '/admin/stats?currency=USD',
    ]) {
      expect((await asA('GET', path)).status).toBe(404);
    }
  });

  it("no byte of B's data reached A", () => {
    expect(seenByA.length).toBeGreaterThan(40);
    const all = seenByA.join('\n');
    for (const secret of secretsB) {
      expect(all.includes(secret), `B's ${secret} in a response to A`).toBe(false);
    }
  });
});
