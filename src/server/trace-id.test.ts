// The proxy's trace id: one per request, in the error body, in `x-trace-id`, and told to
// `onError`, so the id a buyer quotes can be found in the seller's log.
import { afterAll, describe, expect, it } from 'vitest';
import { errorsWithKey, keyLeaks, proxyHarness } from '../../test/support/proxy-harness.js';
import { isBillingError } from '../client/index.js';
import { proxyErrorSchema } from '../contract/proxy.js';
import type { BillingErrorContext } from './index.js';

const ADA = 'cust_ada';

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

/** A harness whose `onError` keeps all three arguments. */
function tracing(options: Parameters<typeof proxyHarness>[0] = {}) {
  const told: { error: unknown; request: Request; context: BillingErrorContext }[] = [];
  const h = proxyHarness({
    ...options,
    onError: (error, request, context) => told.push({ error, request, context }),
  });
  return { ...h, told };
}

describe('the trace id of an error answer', () => {
  it('is the same in the 502 body, the x-trace-id header and what onError got for an upstream 500', async () => {
    const h = tracing({ faults: { errorRate: 1 }, retries: 0 });
    const answer = await h.call('GET', '/subscriptions', { as: ADA });
    expect(answer.status).toBe(502);
    const body = proxyErrorSchema.parse(answer.json);
    expect(body.trace_id).toMatch(/^bk_[0-9a-f-]{36}$/);
    expect(answer.headers.get('x-trace-id')).toBe(body.trace_id);

    expect(h.told).toHaveLength(1);
    const told = h.told[0] as (typeof h.told)[number];
    expect(told.context).toEqual({ traceId: body.trace_id });
    expect(new URL(told.request.url).pathname).toBe('/api/billing/subscriptions');
    // The error is still the upstream's, with the upstream's own trace id, not the proxy's.
    expect(isBillingError(told.error)).toBe(true);
    expect((told.error as { status?: number }).status).toBeGreaterThanOrEqual(500);
    expect((told.error as { traceId?: string }).traceId).not.toBe(body.trace_id);
  });

  it('is new for every request', async () => {
    const h = tracing({ faults: { errorRate: 1 }, retries: 0 });
    const first = await h.call('GET', '/subscriptions', { as: ADA });
    const second = await h.call('GET', '/subscriptions', { as: ADA });
    const ids = [first, second].map((a) => proxyErrorSchema.parse(a.json).trace_id);
    expect(ids[0]).not.toBe(ids[1]);
    expect(h.told.map((t) => t.context.traceId)).toEqual(ids);
  });

  it('is in the header of a refusal the proxy makes itself, and of a HEAD', async () => {
    const h = tracing();
    for (const method of ['GET', 'HEAD']) {
      const answer = await h.call(method, '/nowhere');
      expect(answer.status).toBe(404);
      expect(answer.headers.get('x-trace-id')).toMatch(/^bk_/);
      if (method === 'GET') {
        expect(answer.headers.get('x-trace-id')).toBe(proxyErrorSchema.parse(answer.json).trace_id);
      }
    }
    const signedOut = await h.call('GET', '/subscriptions');
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('x-trace-id')).toBe(
      proxyErrorSchema.parse(signedOut.json).trace_id,
    );
  });

  it('is the one of the 500 when getCustomer throws', async () => {
    const h = tracing({
      getCustomer: () => {
        throw new Error('session store down');
      },
    });
    const answer = await h.call('GET', '/subscriptions');
    expect(answer.status).toBe(500);
    expect(h.told.map((t) => t.context.traceId)).toEqual([
      proxyErrorSchema.parse(answer.json).trace_id,
    ]);
    expect(answer.headers.get('x-trace-id')).toBe(h.told[0]?.context.traceId);
  });

  it('is not sent on a successful answer', async () => {
    const h = tracing();
    const answer = await h.call('GET', '/products');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-trace-id')).toBeNull();
  });

  it('leaves an onError of two parameters working', async () => {
    const seen: unknown[] = [];
    const h = proxyHarness({
      faults: { errorRate: 1 },
      retries: 0,
      onError: (error: unknown, request: Request) => seen.push([error, request.method]),
    });
    expect((await h.call('GET', '/subscriptions', { as: ADA })).status).toBe(502);
    expect(seen).toHaveLength(1);
  });
});
