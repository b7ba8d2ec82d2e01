// Journey 2: the buyer's journey with the sandbox failing under it: seeded latency, 5xx
// answers and requests that act but never answer. The proxy's retries, the hooks' retries and
// the idempotent request_id carry the buyer through, and afterwards the sandbox holds exactly
// one checkout for the one click and one credit grant for the one purchase.
import { describe, expect, it } from 'vitest';
import { walkBuyerJourney } from './buyer-journey.js';
import { holdings, journeyForSuite, newPage } from './support.js';

/** What the sandbox answered the proxy, by outcome. */
const seen = { failed: 0, hung: 0 };
const log: string[] = [];

describe('the buyer journey with faults in the sandbox', { timeout: 240_000 }, () => {
  const current = journeyForSuite({
    wrapSandboxFetch: (fetch) => async (input, init) => {
      const request = new Request(input, init);
      const what = `${request.method} ${new URL(request.url).pathname}`;
      let response: Response;
      try {
        response = await fetch(input, init);
      } catch (error) {
        seen.hung += 1;
        log.push(`${what} hung`);
        throw error;
      }
      if (response.status >= 500) {
        seen.failed += 1;
        log.push(`${what} ${response.status}`);
      } else if (
        response.ok &&
        what.endsWith(' /__sandbox/v1/checkouts') &&
        !log.includes(`${what} lost`)
      ) {
        // Whatever the seeded draws hit, the first checkout is created and its answer lost,
        // as a timeout does: only its request_id keeps the retry from making a second one.
        log.push(`${what} lost`);
        await response.body?.cancel();
        throw new TypeError('fetch failed: the connection was reset');
      }
      return response;
    },
    sandbox: {
      faults: { latencyMs: [20, 200], errorRate: 0.15, timeoutRate: 0.1, seed: 'journey' },
    },
    // A hung request is given up on after 1.5 s (and retried), not the default 15 s.
    handler: { timeoutMs: 1_500 },
  });

  it('still completes, with one checkout per click and one credit grant per purchase', async () => {
    const journey = current();
    const { demo } = journey;
    const before = demo.sandbox.inspect();
    const page = await newPage(journey, 45_000);
    const purchase = await walkBuyerJourney(journey, page, 'patient.buyer@example.com');
    await page.context().close();

    const held = demo.sandbox.inspect();
    const mine = holdings(held, purchase.customerId);
    // The faults did happen, and were ridden out.
    expect(seen.failed, log.join('\n')).toBeGreaterThan(0);
    expect(seen.hung, log.join('\n')).toBeGreaterThan(0);
    expect(log).toContain('POST /__sandbox/v1/checkouts lost');
    // One click on "Continue to payment": one checkout, however often it was retried.
    expect(held.checkouts.length - before.checkouts.length).toBe(1);
    expect(
      held.checkouts.filter((c) => c.request_id === held.checkouts.at(-1)?.request_id),
    ).toHaveLength(1);
    // One purchase: one order, one payment, one credit grant.
    expect(mine.orders.map((o) => o.id)).toEqual([purchase.orderId]);
    expect(mine.transactions.filter((t) => t.order === purchase.orderId)).toHaveLength(1);
    const grants = held.credit_transactions.filter(
      (t) => t.reference === `order:${purchase.orderId}`,
    );
    expect(grants).toHaveLength(1);
    expect(held.credit_transactions.length - before.credit_transactions.length).toBe(1);
    // One plan change: one proration charge.
    expect(mine.transactions.filter((t) => t.description?.startsWith('Proration'))).toHaveLength(1);
  });
});
