// The proxy client learns the service's clock from the Date of the proxy's answers (the real
// proxy over a sandbox): more than a minute away, its `clock.now()` follows the service's; within
// it, the page's. A cacheable answer's Date is not read (it may be as old as the cache).
import { createServer } from 'node:http';
import { describe, expect, test } from 'vitest';
import { adaProxyOver } from '../../test/support/proxy-harness.js';
import { SANDBOX_EPOCH, type SandboxOptions } from '../sandbox/index.js';
import { toNodeHandler } from '../server/index.js';
import { createProxyClient } from './proxy-client.js';

const EPOCH = Date.parse(SANDBOX_EPOCH);
const MINUTE = 60_000;

function clientOver(now?: SandboxOptions['now']) {
  const { handler } = adaProxyOver(now);
  const client = createProxyClient({
    basePath: 'https://shop.test/api/billing',
    fetch: (input, init) => handler(new Request(input, init)),
  });
  const changes: number[] = [];
  client.clock.subscribe(() => changes.push(client.clock.offset()));
  return { client, changes, handler };
}

describe('createProxyClient: the service’s clock', () => {
  test('starts at the page’s clock, and follows a service more than a minute away', async () => {
    expect(Math.abs(Date.now() - EPOCH)).toBeGreaterThan(MINUTE); // the sandbox's fixed clock
    const { client, changes } = clientOver();
    expect(client.clock.offset()).toBe(0);
    expect(Math.abs(client.clock.now() - Date.now())).toBeLessThan(1_000);

    await client.subscriptions();
    expect(Math.abs(client.clock.now() - EPOCH)).toBeLessThan(5_000);
    expect(changes).toHaveLength(1);
    expect(Math.abs((changes[0] ?? 0) - (EPOCH - Date.now()))).toBeLessThan(5_000);
  });

  test('a sandbox in years 0002 and 0050: the page’s clock is the sandbox’s, not 2002 or 1950', async () => {
    for (const at of ['0002-01-01T00:00:00.000Z', '0050-06-01T00:00:00.000Z']) {
      const { client, changes } = clientOver(at);
      await client.subscriptions();
      expect(changes, at).toHaveLength(1);
      expect(new Date(client.clock.now()).getUTCFullYear(), at).toBe(new Date(at).getUTCFullYear());
      expect(Math.abs(client.clock.now() - Date.parse(at)), at).toBeLessThan(MINUTE);
    }
  });

  test('a refusal teaches it too; a cacheable answer (the catalog) does not', async () => {
    const { client, changes } = clientOver(() => Date.now() - 2 * 86_400_000);
    await client.products();
    expect(changes).toEqual([]);
    await expect(client.subscription({ subscription_id: 'sub_nope' })).rejects.toMatchObject({
      status: 404,
    });
    expect(changes).toHaveLength(1);
    expect(Math.abs(client.clock.now() - (Date.now() - 2 * 86_400_000))).toBeLessThan(5_000);
  });

  test('within a minute: the page’s clock, no change heard', async () => {
    for (const skew of [0, 40_000, -50_000]) {
      const { client, changes } = clientOver(() => Date.now() + skew);
      await client.subscriptions();
      await client.subscriptions();
      expect([skew, client.clock.offset(), changes]).toEqual([skew, 0, []]);
    }
  });

  test('in-process (no HTTP server to date the answer), a service clock set right again: back to the page’s clock', async () => {
    let skew = 10 * MINUTE;
    const { client, changes } = clientOver(() => Date.now() + skew);
    await client.subscriptions();
    expect(Math.abs(client.clock.offset() - 10 * MINUTE)).toBeLessThan(5_000);
    skew = 0;
    // The proxy hears the service's clock on this very request; its answer says so in its Date.
    await client.subscriptions();
    expect(client.clock.offset()).toBe(0);
    expect(Math.abs(client.clock.now() - Date.now())).toBeLessThan(1_000);
    expect(changes).toHaveLength(2);
    // And again when the service's clock goes wrong once more, on an answer that is a refusal.
    skew = -3 * 86_400_000;
    await expect(client.subscription({ subscription_id: 'sub_nope' })).rejects.toMatchObject({
      status: 404,
    });
    expect(Math.abs(client.clock.offset() + 3 * 86_400_000)).toBeLessThan(5_000);
  });

  test('over HTTP, a service clock set right again: back to the page’s clock (the server’s Date)', async () => {
    let skew = 3 * MINUTE;
    const { handler } = clientOver(() => Date.now() + skew);
    const server = createServer(toNodeHandler(handler));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const client = createProxyClient({ basePath: `http://127.0.0.1:${port}/api/billing` });
      const changes: number[] = [];
      client.clock.subscribe(() => changes.push(client.clock.offset()));
      await client.subscriptions();
      expect(client.clock.offset()).toBeGreaterThan(2 * MINUTE);
      skew = 0;
      // The proxy hears the service's clock on this very request and leaves Date to Node.
      await client.subscriptions();
      expect(client.clock.offset()).toBe(0);
      expect(changes).toHaveLength(2);
      expect(changes[1]).toBe(0);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });
});
