// The sandbox's clock travels as every real server's does: in the `Date` header of each answer,
// of its in-process fetch and of its HTTP server (one Date, the sandbox's, not Node's own).
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { createSandbox, type Listening, SANDBOX_EPOCH } from './index.js';

const EPOCH_DATE = new Date(SANDBOX_EPOCH).toUTCString();
const servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Every `Date` header line of a raw HTTP answer, as the socket carried it. */
function rawDates(url: string, method = 'GET'): Promise<{ status: number; dates: string[] }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method }, (res) => {
      const dates: string[] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        if (res.rawHeaders[i]?.toLowerCase() === 'date') dates.push(res.rawHeaders[i + 1] ?? '');
      }
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, dates }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe("the sandbox's clock in the Date header", () => {
  test('fetch: API answers, refusals, hosted pages and unknown paths carry the fixed clock', async () => {
    const sandbox = createSandbox();
    const key = { 'x-api-key': sandbox.apiKey };
    const list = await sandbox.fetch('/v1/customers/list', { headers: key });
    expect(list.status).toBe(200);
    expect(list.headers.get('date')).toBe(EPOCH_DATE);
    const refused = await sandbox.fetch('/v1/customers/list');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('date')).toBe(EPOCH_DATE);
    const checkout = await sandbox.fetch('/v1/checkouts', {
      method: 'POST',
      headers: { ...key, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: 'prod_ebook' }),
    });
    const { checkout_url: page } = (await checkout.json()) as { checkout_url: string };
    expect(checkout.headers.get('date')).toBe(EPOCH_DATE);
    const hosted = await sandbox.fetch(page);
    expect(hosted.status).toBe(200);
    expect(hosted.headers.get('date')).toBe(EPOCH_DATE);
    expect((await sandbox.fetch('/portal/cust_ada')).headers.get('date')).toBe(EPOCH_DATE);
    expect((await sandbox.fetch('/nowhere')).headers.get('date')).toBe(EPOCH_DATE);
  });

  test('a moving clock is read at each answer', async () => {
    let now = Date.parse('2030-06-01T08:30:00Z');
    const sandbox = createSandbox({ now: () => now });
    expect((await sandbox.fetch('/nowhere')).headers.get('date')).toBe(
      'Sat, 01 Jun 2030 08:30:00 GMT',
    );
    now += 90_500;
    expect((await sandbox.fetch('/nowhere')).headers.get('date')).toBe(
      'Sat, 01 Jun 2030 08:31:30 GMT',
    );
  });

  test('listen: each answer has one Date, the sandbox’s, not the machine’s', async () => {
    const sandbox = createSandbox({ baseUrl: 'https://sandbox.billing-kit.test/__sandbox' });
    const server = await sandbox.listen(0);
    servers.push(server);
    for (const [path, method, status] of [
      ['/v1/customers/list', 'GET', 401],
      ['/portal/cust_ada', 'HEAD', 404],
      ['/nowhere', 'GET', 404],
    ] as const) {
      expect(await rawDates(`${server.url}${path}`, method)).toEqual({
        status,
        dates: [EPOCH_DATE],
      });
    }
    // Outside the base path too.
    expect((await rawDates(`http://127.0.0.1:${server.port}/v1/customers/list`)).dates).toEqual([
      EPOCH_DATE,
    ]);
  });
});
