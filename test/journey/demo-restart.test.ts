// `npm run dev` loads demo/vite.config.ts, which imports the plugin and through it the library
// in src/; Vite restarts the dev server when one of those files changes, loading the config
// again (a new plugin). The buyer's purchases must survive that restart: the sandbox is kept
// in the process. A server closed for good leaves nothing behind: the next one starts clean.
// Here the server is `npm run dev`'s own (the config file), started in this process on a free
// port; `server.restart()` is what Vite runs on such a change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingDemoPlugin } from '../../demo/server/plugin.js';

const configFile = fileURLToPath(new URL('../../demo/vite.config.ts', import.meta.url));

type Dev = { server: ViteDevServer; url: string; port: number; close(): Promise<void> };

/** `npm run dev`'s server, with no `.env` and no watcher, on `port` (0: a free one). */
async function startDev(port = 0): Promise<Dev> {
  const scratch = mkdtempSync(join(tmpdir(), 'billing-kit-demo-restart-'));
  const server = await createServer({
    configFile,
    cacheDir: join(scratch, 'cache'),
    // An empty folder: a developer's demo/.env (a test key) must not switch the mode here.
    envDir: scratch,
    logLevel: 'silent',
    clearScreen: false,
    server: { port, strictPort: port !== 0, host: 'localhost', hmr: false, watch: null },
  });
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  const address = server.httpServer?.address();
  if (!address || typeof address !== 'object') throw new Error('the dev server has no port');
  return {
    server,
    url: `http://localhost:${address.port}`,
    port: address.port,
    async close() {
      await server.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The demo's plugin in the server's current config (a new one after each restart). */
function demoPlugin(server: ViteDevServer): BillingDemoPlugin {
  const plugin = server.config.plugins.find((p) => p.name === 'billing-kit:demo');
  if (!plugin) throw new Error('the config has no billing-kit:demo plugin');
  return plugin as BillingDemoPlugin;
}

/** Ada's subscriptions, as the storefront reads them through the proxy. */
async function adasSubscriptions(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/billing/subscriptions`, {
    headers: { cookie: 'bk_demo_as=cust_ada' },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: { id: string }[] };
  return body.items.map((s) => s.id);
}

describe('the demo across a dev-server restart', { timeout: 120_000 }, () => {
  const saved = { key: process.env.CREEM_API_KEY, ids: process.env.CREEM_PRODUCT_IDS };
  beforeAll(() => {
    // The process environment is read too: the sandbox mode is what is tested.
    delete process.env.CREEM_API_KEY;
    delete process.env.CREEM_PRODUCT_IDS;
  });
  afterAll(() => {
    if (saved.key !== undefined) process.env.CREEM_API_KEY = saved.key;
    if (saved.ids !== undefined) process.env.CREEM_PRODUCT_IDS = saved.ids;
  });

  it('keeps a purchase through a restart, and a new server after a close starts clean', async () => {
    const dev = await startDev();
    let second: Dev | null = null;
    try {
      // Ada buys a plan on the storefront: a checkout through the proxy, paid on the sandbox.
      const before = await adasSubscriptions(dev.url);
      const checkout = await fetch(`${dev.url}/api/billing/checkouts`, {
        method: 'POST',
        headers: {
          origin: dev.url,
          'content-type': 'application/json',
          cookie: 'bk_demo_as=cust_ada',
        },
        body: JSON.stringify({ product_id: 'prod_team_quarterly' }),
      });
      expect(checkout.status).toBe(200);
      const { id } = (await checkout.json()) as { id: string };
      const plugin = demoPlugin(dev.server);
      const sandbox = plugin.backend()?.sandbox;
      if (!sandbox) throw new Error('the demo runs no sandbox');
      const paid = sandbox.pay(id, { answers: { companyName: 'Analytical Engines Ltd' } });
      expect(paid.subscriptionId).toMatch(/^sub_/);
      const bought = await adasSubscriptions(dev.url);
      expect(bought).toEqual(expect.arrayContaining([...before, paid.subscriptionId]));

      // A library change restarts the server: the config (and the plugin) is loaded anew.
      await dev.server.restart();
      expect(demoPlugin(dev.server)).not.toBe(plugin);
      expect(await adasSubscriptions(dev.url)).toEqual(bought);
      // The checkout page of the paid checkout is still there, on the same port.
      const page = await fetch(`${dev.url}/__sandbox/checkout/${id}`);
      expect(page.status).toBe(200);

      // Closed for good: a new server on the same port has only the seeded subscriptions.
      await dev.close();
      second = await startDev(dev.port);
      const fresh = await adasSubscriptions(second.url);
      expect(fresh).not.toContain(paid.subscriptionId);
      expect(fresh).toHaveLength(before.length);
    } finally {
      await dev.close().catch(() => undefined);
      await second?.close();
    }
  });
});
