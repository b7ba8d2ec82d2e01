// A checkout that carries a discount code answers whether the code exists (a 400 naming
// `discount_code`, or a checkout), so it counts against the discount preview's bucket.
import { afterAll, describe, expect, it } from 'vitest';
import { errorsWithKey, keyLeaks, proxyHarness } from '../../test/support/proxy-harness.js';
import { proxyErrorSchema } from '../contract/proxy.js';

const ADA = 'cust_ada';
const GRACE = 'cust_grace';
const LIMIT = 3;
// An hour-long window, so the test does not cross a window's end while it runs.
const rateLimit = { limit: LIMIT, windowMs: 3_600_000 };

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

function checkoutCalls(upstream: { method: string; url: string }[]): number {
  return upstream.filter((u) => u.method === 'POST' && u.url.includes('/v1/checkouts')).length;
}

describe('POST /checkouts with a discount_code', () => {
  it('answers 429 with Retry-After once guessed codes pass the limit, before asking the service', async () => {
    const h = proxyHarness({ rateLimit });
    for (let i = 0; i < LIMIT; i++) {
      const guess = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_pro_monthly', discount_code: `GUESS-${i}` },
      });
      expect(guess.status).toBe(400);
      expect(proxyErrorSchema.parse(guess.json).fields?.map((f) => f.field)).toEqual([
        'discount_code',
      ]);
    }
    const sent = checkoutCalls(h.upstream);
    expect(sent).toBe(LIMIT);

    const limited = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly', discount_code: `GUESS-${LIMIT}` },
    });
    expect(limited.status).toBe(429);
    const error = proxyErrorSchema.parse(limited.json);
    expect(error.kind).toBe('rate_limited');
    expect(error.fields?.map((f) => f.field)).toEqual(['request']);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(checkoutCalls(h.upstream)).toBe(sent);

    // A real code is refused alike: the answer must not tell it apart from a guess.
    const real = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly', discount_code: 'WELCOME5' },
    });
    expect(real.status).toBe(429);

    // A checkout without a code is not counted in that bucket.
    for (let i = 0; i < LIMIT + 1; i++) {
      const plain = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_pro_monthly' },
      });
      expect(plain.status).toBe(200);
    }
    // Another customer has a bucket of their own.
    const other = await h.call('POST', '/checkouts', {
      as: GRACE,
      body: { product_id: 'prod_pro_monthly', discount_code: 'WELCOME5' },
    });
    expect(other.status).toBe(200);
  });

  it('shares its bucket with GET /discounts/{code}, both ways', async () => {
    const h = proxyHarness({ rateLimit });
    expect((await h.call('GET', '/discounts/WELCOME5', { as: ADA })).status).toBe(200);
    expect((await h.call('GET', '/discounts/GUESS-1', { as: ADA })).status).toBe(404);
    const checkout = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly', discount_code: 'GUESS-2' },
    });
    expect(checkout.status).toBe(400);
    // The limit is used up by previews and a checkout together: both are now refused.
    expect((await h.call('GET', '/discounts/WELCOME5', { as: ADA })).status).toBe(429);
    const refused = await h.call('POST', '/checkouts', {
      as: ADA,
      body: { product_id: 'prod_pro_monthly', discount_code: 'WELCOME5' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();

    // Checkouts alone use up the preview too.
    const other = proxyHarness({ rateLimit });
    for (let i = 0; i < LIMIT; i++) {
      await other.call('POST', '/checkouts', {
        as: GRACE,
        body: { product_id: 'prod_pro_monthly', discount_code: `GUESS-${i}` },
      });
    }
    expect((await other.call('GET', '/discounts/WELCOME5', { as: GRACE })).status).toBe(429);
  });

  it('is not limited when rateLimit is false', async () => {
    const h = proxyHarness({ rateLimit: false });
    for (let i = 0; i < 25; i++) {
      const guess = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_pro_monthly', discount_code: `GUESS-${i}` },
      });
      expect(guess.status).toBe(400);
    }
  });
});
