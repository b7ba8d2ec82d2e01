// The proxy passes the service's clock on: it reads the Date of the service's answers and, when
// that clock is more than a minute from its own, its answers carry the service's time as their
// Date (through toNodeHandler too, as Node's one Date). Within the minute they carry its own
// time: in-process (no HTTP server to add one) the page still hears that the clocks agree again.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { adaProxyOver } from '../../test/support/proxy-harness.js';
import { parseHttpDate } from '../contract/clock.js';
import { SANDBOX_EPOCH, type SandboxOptions } from '../sandbox/index.js';
import { toNodeHandler } from './index.js';
import { createServiceClock } from './service-clock.js';

const EPOCH = Date.parse(SANDBOX_EPOCH);
const MINUTE = 60_000;

/** The proxy over a sandbox with this clock; Ada signed in. */
function proxyOver(now?: SandboxOptions['now']) {
  const { sandbox, handler } = adaProxyOver(now);
  const get = (path: string, method = 'GET') =>
    handler(new Request(`https://shop.test/api/billing${path}`, { method }));
  return { sandbox, handler, get };
}

/** How far a Date header is from `expected` (ms): the header has whole seconds. */
function distance(date: string | null, expected: number): number {
  return Math.abs(Date.parse(date ?? '') - expected);
}

describe("the proxy's Date follows the service's clock", () => {
  test("a service more than a minute off: every answer after its first carries the service's time", async () => {
    const { get } = proxyOver();
    // Nothing heard from the service yet: the proxy's own clock.
    const before = await get('/nowhere');
    expect(before.status).toBe(404);
    expect(distance(before.headers.get('date'), Date.now())).toBeLessThan(5_000);

    // The answer that asked the service already carries its clock (the sandbox's fixed one).
    const products = await get('/products');
    expect(products.status).toBe(200);
    expect(distance(products.headers.get('date'), EPOCH)).toBeLessThan(5_000);
    // So do later answers that do not ask it: a refusal, a HEAD, a route answered from cache.
    for (const [path, method, status] of [
      ['/nowhere', 'GET', 404],
      ['/products', 'HEAD', 200],
      ['/subscriptions', 'DELETE', 405],
    ] as const) {
      const answer = await get(path, method);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(distance(answer.headers.get('date'), EPOCH), `${method} ${path}`).toBeLessThan(5_000);
    }
  });

  test("a service ahead by minutes or behind by days: the proxy's Date moves with it", async () => {
    const ahead = proxyOver(() => Date.now() + 5 * MINUTE);
    const answer = await ahead.get('/products');
    expect(distance(answer.headers.get('date'), Date.now() + 5 * MINUTE)).toBeLessThan(5_000);
    const behind = proxyOver(() => Date.now() - 3 * 86_400_000);
    const late = await behind.get('/subscriptions');
    expect(late.status).toBe(200);
    expect(distance(late.headers.get('date'), Date.now() - 3 * 86_400_000)).toBeLessThan(5_000);
  });

  test('a service in years 0002 and 0050: the Date the proxy sends is that year, written 0002', async () => {
    for (const [at, year] of [
      ['0002-01-01T00:00:00.000Z', ' 0002 '],
      ['0050-06-01T00:00:00.000Z', ' 0050 '],
    ] as const) {
      const { get } = proxyOver(at);
      const answer = await get('/subscriptions');
      expect(answer.status, at).toBe(200);
      const date = answer.headers.get('date') ?? '';
      expect(date, at).toContain(year);
      expect(Math.abs((parseHttpDate(date) ?? 0) - Date.parse(at)), at).toBeLessThan(5_000);
    }
  });

  test("a service within a minute of the proxy: every answer's Date is the proxy's own time", async () => {
    for (const skew of [0, 30_000, -45_000]) {
      const { get } = proxyOver(() => Date.now() + skew);
      for (const [path, method] of [
        ['/products', 'GET'],
        ['/subscriptions', 'GET'],
        ['/products', 'HEAD'],
        ['/nowhere', 'GET'],
      ] as const) {
        const answer = await get(path, method);
        expect(answer.status).toBeLessThan(500);
        expect(distance(answer.headers.get('date'), Date.now()), `${skew} ${path}`).toBeLessThan(
          5_000,
        );
      }
    }
  });

  test("the service clock coming back within the minute: the proxy's Date is its own time again", async () => {
    let skew = 10 * MINUTE;
    const { get } = proxyOver(() => Date.now() + skew);
    const ahead = (await get('/subscriptions')).headers.get('date');
    expect(distance(ahead, Date.now() + 10 * MINUTE)).toBeLessThan(5_000);
    skew = 2_000;
    const back = (await get('/subscriptions')).headers.get('date');
    expect(distance(back, Date.now())).toBeLessThan(5_000);
  });

  test('an answer whose headers cannot change (a redirect) is dated all the same', () => {
    const dated = createServiceClock().stamp(Response.redirect('https://shop.test/account', 303));
    expect(dated.status).toBe(303);
    expect(dated.headers.get('location')).toBe('https://shop.test/account');
    expect(distance(dated.headers.get('date'), Date.now())).toBeLessThan(5_000);
  });
});

describe("what the proxy reports 'as of' is the service's time", () => {
  test("a credits balance's as_of agrees with its answer's Date, counted afresh or from the cache", async () => {
    const { sandbox, get } = proxyOver();
    const account = sandbox.inspect().credit_accounts.find((a) => a.customer_id === 'cust_ada')!;
    for (const read of ['counted from the start', 'only newer entries']) {
      const answer = await get(`/credits/accounts/${account.id}/balance`);
      expect(answer.status, read).toBe(200);
      const { as_of } = (await answer.json()) as { as_of: string };
      expect(distance(answer.headers.get('date'), EPOCH), read).toBeLessThan(5_000);
      expect(Math.abs(Date.parse(as_of) - EPOCH), `${read}: ${as_of}`).toBeLessThan(5_000);
    }
  });
});

describe('toNodeHandler sends the one Date', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
  });

  async function serve(now?: SandboxOptions['now']): Promise<string> {
    const server = createServer(toNodeHandler(proxyOver(now).handler));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  /** Every Date header line of the answer, as the socket carried them. */
  function rawDates(url: string): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, (res) => {
        const dates: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]?.toLowerCase() === 'date') dates.push(res.rawHeaders[i + 1] ?? '');
        }
        res.resume();
        res.on('end', () => resolve(dates));
      });
      req.on('error', reject);
      req.end();
    });
  }

  test("the service's Date replaces Node's own, once; a close clock sends the proxy's, once", async () => {
    const fixed = await serve();
    const dates = await rawDates(`${fixed}/api/billing/products`);
    expect(dates).toHaveLength(1);
    expect(distance(dates[0] ?? null, EPOCH)).toBeLessThan(5_000);

    const close = await serve(() => Date.now() + 20_000);
    const own = await rawDates(`${close}/api/billing/products`);
    expect(own).toHaveLength(1);
    expect(distance(own[0] ?? null, Date.now())).toBeLessThan(5_000);
  });
});
