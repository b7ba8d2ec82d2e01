// A checkout that carries a discount code answers whether the code exists (a 400 naming
// `discount_code`, or a checkout), so one whose code the service refuses counts against the
// discount preview's bucket; a valid code and a replay of a stored checkout never count.
import { afterAll, describe, expect, it } from 'vitest';
import {
  errorsWithKey,
  inOneRateLimitWindow,
  keyLeaks,
  proxyHarness,
} from '../../test/support/proxy-harness.js';
import { proxyErrorSchema } from '../contract/proxy.js';

const ADA = 'cust_ada';
const GRACE = 'cust_grace';
const LIMIT = 3;
const rateLimit = { limit: LIMIT, windowMs: 3_600_000 };
// Windows are aligned to the clock: each test runs with `Date` held mid-window, so a run that
// straddles a window's end cannot find a fresh bucket.
const inWindow = (body: () => Promise<void>) => () => inOneRateLimitWindow(body);

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

function checkoutCalls(upstream: { method: string; url: string }[]): number {
  return upstream.filter((u) => u.method === 'POST' && u.url.includes('/v1/checkouts')).length;
}

describe('POST /checkouts with a discount_code', () => {
  it(
    'answers 429 with Retry-After once guessed codes pass the limit, before asking the service',
    inWindow(async () => {
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
    }),
  );

  it(
    'shares its bucket with GET /discounts/{code}, both ways',
    inWindow(async () => {
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
    }),
  );

  it(
    'never counts a valid code, so the limit stops guesses only',
    inWindow(async () => {
      const h = proxyHarness({ rateLimit });
      for (let i = 0; i < LIMIT * 3; i++) {
        const valid = await h.call('POST', '/checkouts', {
          as: ADA,
          body: { product_id: 'prod_pro_monthly', discount_code: 'WELCOME5' },
        });
        expect(valid.status).toBe(200);
      }
      // The bucket is whole: the previews and the guesses still get the full limit.
      expect((await h.call('GET', '/discounts/WELCOME5', { as: ADA })).status).toBe(200);
      for (let i = 1; i < LIMIT; i++) {
        const guess = await h.call('POST', '/checkouts', {
          as: ADA,
          body: { product_id: 'prod_pro_monthly', discount_code: `GUESS-${i}` },
        });
        expect(guess.status).toBe(400);
      }
      const limited = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { product_id: 'prod_pro_monthly', discount_code: 'GUESS-X' },
      });
      expect(limited.status).toBe(429);
    }),
  );

  it(
    'lets many signed-out buyers who share one bucket check out with a valid code',
    inWindow(async () => {
      // No session and no trusted address: every buyer is in the one anonymous bucket.
      const h = proxyHarness({ rateLimit, allowAnonymousCheckout: true });
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT * 3; i++) {
        const answer = await h.call('POST', '/checkouts', {
          body: { product_id: 'prod_pro_monthly', discount_code: 'WELCOME5' },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual(Array(LIMIT * 3).fill(200));
      expect(h.sandbox.inspect().checkouts).toHaveLength(LIMIT * 3);
      // Guessing in that bucket is still stopped.
      const guesses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const answer = await h.call('POST', '/checkouts', {
          body: { product_id: 'prod_pro_monthly', discount_code: `GUESS-${i}` },
        });
        guesses.push(answer.status);
      }
      expect(guesses).toEqual([...Array(LIMIT).fill(400), 429]);
    }),
  );

  it(
    'answers a replay of a stored checkout with that checkout, even once the bucket is used up',
    inWindow(async () => {
      const h = proxyHarness({ rateLimit });
      const body = {
        product_id: 'prod_pro_monthly',
        discount_code: 'WELCOME5',
        request_id: 'click-1',
      };
      const first = await h.call('POST', '/checkouts', { as: ADA, body });
      expect(first.status).toBe(200);
      for (let i = 0; i < LIMIT; i++) {
        const guess = await h.call('POST', '/checkouts', {
          as: ADA,
          body: { product_id: 'prod_pro_monthly', discount_code: `GUESS-${i}` },
        });
        expect(guess.status).toBe(400);
      }
      const sent = checkoutCalls(h.upstream);
      const replay = await h.call('POST', '/checkouts', { as: ADA, body });
      expect(replay.status).toBe(200);
      expect(replay.body.id).toBe(first.body.id);
      expect(replay.body.request_id).toBe('click-1');
      expect(checkoutCalls(h.upstream)).toBe(sent);
      // A new checkout with the same code is not a replay: the bucket is used up.
      const fresh = await h.call('POST', '/checkouts', {
        as: ADA,
        body: { ...body, request_id: 'click-2' },
      });
      expect(fresh.status).toBe(429);
      expect(checkoutCalls(h.upstream)).toBe(sent);
    }),
  );

  it(
    'lets at most the limit of a burst of concurrent guesses reach the service',
    inWindow(async () => {
      const h = proxyHarness({ rateLimit });
      const answers = await Promise.all(
        Array.from({ length: LIMIT * 4 }, (_, i) =>
          h.call('POST', '/checkouts', {
            as: ADA,
            body: { product_id: 'prod_pro_monthly', discount_code: `BURST-${i}` },
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 400)).toHaveLength(LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT * 3);
      expect(checkoutCalls(h.upstream)).toBe(LIMIT);
    }),
  );

  it(
    'is not limited when rateLimit is false',
    inWindow(async () => {
      const h = proxyHarness({ rateLimit: false });
      for (let i = 0; i < 25; i++) {
        const guess = await h.call('POST', '/checkouts', {
          as: ADA,
          body: { product_id: 'prod_pro_monthly', discount_code: `GUESS-${i}` },
        });
        expect(guess.status).toBe(400);
      }
    }),
  );
});
