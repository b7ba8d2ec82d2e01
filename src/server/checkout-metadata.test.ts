// `checkoutMetadata`: the checkout's metadata the seller's server sets (the app's user id),
// merged over the browser's, which is the buyer's untrusted input. The server's keys win; a
// replay of a request_id still answers its first checkout without asking the hook again, and a
// retry after a lost answer sends the service the hook's first answer again; a hook that throws
// or answers something that is not JSON is the seller's bug: a 500, told to onError, nothing
// reaches the service, and a retry asks the hook again.
import { afterAll, describe, expect, it } from 'vitest';
import { errorsWithKey, keyLeaks, proxyHarness } from '../../test/support/proxy-harness.js';
import { proxyErrorSchema } from '../contract/proxy.js';
import type { BillingCustomer } from './index.js';

const ADA = 'cust_ada';
const PRODUCT = 'prod_pro_monthly';

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

type Upstream = { method: string; url: string; body: string | undefined }[];

function checkoutPosts(upstream: Upstream) {
  return upstream.filter((u) => u.method === 'POST' && u.url.includes('/v1/checkouts'));
}

describe('POST /checkouts with checkoutMetadata', () => {
  it("sends the server's keys over the browser's: a browser key the server sets is replaced", async () => {
    const heard: { path: string; customer: BillingCustomer | null }[] = [];
    const h = proxyHarness({
      checkoutMetadata: (request, customer) => {
        heard.push({ path: new URL(request.url).pathname, customer });
        // `role` answered undefined: the browser's `role` is dropped, not kept.
        return { userId: `user_of_${customer?.id}`, plan: 'team', role: undefined };
      },
    });
    const answer = await h.call('POST', '/checkouts', {
      as: ADA,
      body: {
        product_id: PRODUCT,
        metadata: { userId: 'user_someone_else', role: 'admin', company: 'Acme' },
      },
    });
    expect(answer.status).toBe(200);
    const expected = { company: 'Acme', userId: `user_of_${ADA}`, plan: 'team' };
    const stored = h.sandbox.inspect().checkouts.find((c) => c.id === answer.body.id);
    expect(stored?.metadata).toEqual(expected);
    const sent = checkoutPosts(h.upstream).map((u) => JSON.parse(u.body ?? '{}').metadata);
    expect(sent).toEqual([expected]);
    expect(heard).toEqual([{ path: '/api/billing/checkouts', customer: { id: ADA } }]);
    expect(h.errors).toEqual([]);

    // Without browser metadata, the server's alone.
    const plain = await h.call('POST', '/checkouts', { as: ADA, body: { product_id: PRODUCT } });
    expect(plain.status).toBe(200);
    const plainStored = h.sandbox.inspect().checkouts.find((c) => c.id === plain.body.id);
    expect(plainStored?.metadata).toEqual({ userId: `user_of_${ADA}`, plan: 'team' });
  });

  it('answers a replay with its first checkout, asking the hook once even when it would answer otherwise', async () => {
    let calls = 0;
    const h = proxyHarness({
      checkoutMetadata: () => {
        calls += 1;
        return { userId: 'user_1', attempt: calls };
      },
    });
    const body = { product_id: PRODUCT, request_id: 'attempt-1', metadata: { note: 'hi' } };
    const first = await h.call('POST', '/checkouts', { as: ADA, body });
    const again = await h.call('POST', '/checkouts', { as: ADA, body });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(calls).toBe(1);
    expect(checkoutPosts(h.upstream)).toHaveLength(1);
    expect(h.sandbox.inspect().checkouts.map((c) => [c.id, c.metadata])).toEqual([
      [first.body.id, { note: 'hi', userId: 'user_1', attempt: 1 }],
    ]);
    // The same request_id with other browser metadata is still another checkout: a 409.
    const other = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { ...body, metadata: { note: 'bye' } },
    });
    expect(other.status).toBe(409);
    expect(proxyErrorSchema.parse(other.json).fields?.map((f) => f.field)).toEqual(['request_id']);
    expect(calls).toBe(1);
  });

  it("answers a retry after a lost answer with the service's one checkout, asking the hook once", async () => {
    // The service makes the checkout, but its answer is lost on the way back (a truncated body),
    // so the browser sees a 502 and retries with the same request_id, as useCheckout does.
    let lose = true;
    let n = 0;
    const heard: (string | undefined)[] = [];
    const h = proxyHarness({
      retries: 0,
      tamper: (url, text) =>
        lose && new URL(url).pathname.endsWith('/v1/checkouts') ? text.slice(0, 12) : text,
      checkoutMetadata: (_request, customer) => {
        heard.push(customer?.id);
        n += 1;
        return { userId: `user_of_${customer?.id}`, at: `t${n}`, role: undefined };
      },
    });
    const body = { product_id: PRODUCT, request_id: 'chk_same', metadata: { role: 'admin' } };
    const lost = await h.call('POST', '/checkouts', { as: ADA, body });
    expect(lost.status).toBe(502);
    expect(h.sandbox.inspect().checkouts).toHaveLength(1);

    lose = false;
    const retry = await h.call('POST', '/checkouts', { as: ADA, body });
    expect(retry.status).toBe(200);
    expect(retry.body.request_id).toBe('chk_same');
    const made = { userId: `user_of_${ADA}`, at: 't1' };
    expect(h.sandbox.inspect().checkouts.map((c) => [c.id, c.metadata])).toEqual([
      [retry.body.id, made],
    ]);
    expect(heard).toEqual([ADA]);
    // Both attempts sent the service the same body under the same upstream request id.
    const sent = checkoutPosts(h.upstream).map((u) => u.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    expect(JSON.parse(sent[0] ?? '{}').metadata).toEqual(made);

    // Kept per customer: another customer's same request_id is their own checkout, with the
    // hook's answer for them.
    const grace = await h.call('POST', '/checkouts', { as: 'cust_grace', body });
    expect(grace.status).toBe(200);
    expect(grace.body.id).not.toBe(retry.body.id);
    expect(heard).toEqual([ADA, 'cust_grace']);
    const graceStored = h.sandbox.inspect().checkouts.find((c) => c.id === grace.body.id);
    expect(graceStored?.metadata).toEqual({ userId: 'user_of_cust_grace', at: 't2' });
  });

  it('asks the hook again on a retry after it threw, and makes one checkout', async () => {
    let calls = 0;
    const h = proxyHarness({
      checkoutMetadata: () => {
        calls += 1;
        if (calls === 1) throw new Error('users table unreachable');
        return { userId: 'user_1', attempt: calls };
      },
    });
    const body = { product_id: PRODUCT, request_id: 'chk_throws', metadata: { note: 'hi' } };
    const failed = await h.call('POST', '/checkouts', { as: ADA, body });
    expect(failed.status).toBe(500);
    const retry = await h.call('POST', '/checkouts', { as: ADA, body });
    expect(retry.status).toBe(200);
    expect(calls).toBe(2);
    expect(h.sandbox.inspect().checkouts.map((c) => [c.id, c.metadata])).toEqual([
      [retry.body.id, { note: 'hi', userId: 'user_1', attempt: 2 }],
    ]);
    expect(checkoutPosts(h.upstream)).toHaveLength(1);
  });

  it('answers 500 and tells onError when the hook throws; nothing reaches the service, and a retry may pass', async () => {
    let broken = true;
    const h = proxyHarness({
      checkoutMetadata: () => {
        if (broken) throw new Error('users table unreachable');
        return { userId: 'user_1' };
      },
    });
    const body = { product_id: PRODUCT, request_id: 'attempt-2', metadata: { note: 'hi' } };
    const answer = await h.call('POST', '/checkouts', { as: ADA, body });
    expect(answer.status).toBe(500);
    const error = proxyErrorSchema.parse(answer.json);
    expect(error.kind).toBe('server');
    expect(error.fields).toBeUndefined();
    expect(h.errors).toHaveLength(1);
    const reported = h.errors[0] as Error;
    expect(reported.message).toMatch(/^billing-kit: the checkoutMetadata option threw/);
    expect((reported.cause as Error).message).toBe('users table unreachable');
    expect(checkoutPosts(h.upstream)).toEqual([]);
    expect(h.sandbox.inspect().checkouts).toEqual([]);

    broken = false;
    const retry = await h.call('POST', '/checkouts', { as: ADA, body });
    expect(retry.status).toBe(200);
    const stored = h.sandbox.inspect().checkouts.find((c) => c.id === retry.body.id);
    expect(stored?.metadata).toEqual({ note: 'hi', userId: 'user_1' });
  });

  it('answers 500 and tells onError, naming the value, when the hook answers what is not JSON', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const answers: [unknown, RegExp][] = [
      ['user_1', /answered a string/],
      [['user_1'], /answered an array/],
      [{ signedUpAt: new Date(0) }, /metadata\.signedUpAt is a Date/],
      [{ userId: 1n }, /metadata\.userId is a bigint/],
      [{ score: Number.NaN }, /metadata\.score is NaN/],
      [{ tags: ['a', () => 'b'] }, /metadata\.tags\[1\] is a function/],
      [circular, /metadata\.self refers back/],
    ];
    for (const [value, message] of answers) {
      const h = proxyHarness({ checkoutMetadata: () => value as Record<string, never> });
      const answer = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: PRODUCT, metadata: { note: 'hi' } },
      });
      expect(answer.status, String(message)).toBe(500);
      expect(proxyErrorSchema.parse(answer.json).kind).toBe('server');
      expect(h.errors.map((e) => (e as Error).message)).toEqual([expect.stringMatching(message)]);
      expect(checkoutPosts(h.upstream)).toEqual([]);
      expect(h.sandbox.inspect().checkouts).toEqual([]);
    }
  });

  it('hands a signed-out buyer as null when anonymous checkout is on', async () => {
    const heard: (BillingCustomer | null)[] = [];
    const h = proxyHarness({
      allowAnonymousCheckout: true,
      checkoutMetadata: (_request, customer) => {
        heard.push(customer);
        return { source: 'pricing-page' };
      },
    });
    const answer = await h.call('POST', '/checkouts', { body: { product_id: PRODUCT } });
    expect(answer.status).toBe(200);
    expect(heard).toEqual([null]);
    const stored = h.sandbox.inspect().checkouts.find((c) => c.id === answer.body.id);
    expect(stored?.metadata).toEqual({ source: 'pricing-page' });
  });

  it('refuses a checkoutMetadata that is not a function, naming the option', () => {
    expect(() =>
      proxyHarness({ checkoutMetadata: { userId: 'user_1' } as unknown as () => undefined }),
    ).toThrow(/`checkoutMetadata` must be a function/);
  });
});

describe("POST /checkouts with the browser's metadata", () => {
  it('refuses metadata nested deeper than 32 levels with a 400 naming it, before the service', async () => {
    const h = proxyHarness();
    const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);
    // 3,200 levels are 6.5 KB, far under the body limit, and overflow a recursive walk.
    for (const levels of [3200, 32]) {
      const answer = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: PRODUCT, metadata: { a: nested(levels) } },
      });
      expect(answer.status, `${levels} levels`).toBe(400);
      expect(proxyErrorSchema.parse(answer.json).fields).toEqual([
        {
          field: 'metadata',
          message: 'must nest at most 32 levels of objects and arrays; flatten it',
        },
      ]);
    }
    expect(checkoutPosts(h.upstream)).toEqual([]);
    expect(h.errors).toEqual([]);

    const kept = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: PRODUCT, metadata: { a: nested(31) } },
    });
    expect(kept.status).toBe(200);
    const stored = h.sandbox.inspect().checkouts.find((c) => c.id === kept.body.id);
    expect(JSON.stringify(stored?.metadata)).toBe(`{"a":${'['.repeat(31)}${']'.repeat(31)}}`);
  });

  it("sends the seller's own metadata as deep as it is: the limit is on the browser's", async () => {
    const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);
    const h = proxyHarness({ checkoutMetadata: () => ({ config: nested(40) }) });
    const answer = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: PRODUCT, metadata: { a: 1 } },
    });
    expect(answer.status).toBe(200);
    const stored = h.sandbox.inspect().checkouts.find((c) => c.id === answer.body.id);
    expect(JSON.stringify(stored?.metadata)).toBe(
      `{"a":1,"config":${'['.repeat(40)}${']'.repeat(40)}}`,
    );
    expect(h.errors).toEqual([]);
  });
});
