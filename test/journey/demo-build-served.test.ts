// The built storefront (`npm run build:demo`) behind a server as demo/README.md's "Build"
// section describes it, with only the proxy at /api/billing: no /__demo/* route, whose paths
// get index.html like any unknown path. The pages must say what they cannot do rather than
// break: the switch lists only a new buyer and says no demo server answered, and the return
// page says the link could not be checked (never that the payment went through).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoConfig } from '../../demo/config.js';
import { readAdmin, readSession } from '../../demo/server/session.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { createSandbox, demoCustomerIds } from '../../src/sandbox/index.js';
import { createBillingHandler, toNodeHandler } from '../../src/server/index.js';
import { STEP_MS, settle } from './support.js';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

describe('the demo build behind a server with only the proxy', { timeout: 180_000 }, () => {
  let outDir: string;
  let server: Server;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'billing-kit-demo-served-'));
    const config = demoConfig();
    await build({
      ...config,
      configFile: false,
      logLevel: 'silent',
      build: { ...config.build, outDir, emptyOutDir: true },
    });
    const sandbox = createSandbox();
    const known = new Set<string>(Object.values(demoCustomerIds));
    const billing = toNodeHandler(
      createBillingHandler({
        apiKey: sandbox.apiKey,
        baseUrl: sandbox.baseUrl,
        fetch: sandbox.fetch,
        products: ['prod_starter_monthly', 'prod_pro_monthly'],
        // The switch's cookies, as the README says the server must read them.
        getCustomer: (request) => {
          const choice = readSession(request, known);
          if (choice.kind === 'customer') return { id: choice.id };
          if (choice.kind === 'email') return { email: choice.email };
          return null;
        },
        isAdmin: readAdmin,
      }),
    );
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (path.startsWith('/api/billing/') || path === '/api/billing') {
        billing(req, res);
        return;
      }
      // A file of the build, else index.html (every other unknown path, /__demo/* included).
      const file = normalize(join(outDir, path));
      const found = file.startsWith(outDir) && statSync(file, { throwIfNoEntry: false })?.isFile();
      const served = found ? file : join(outDir, 'index.html');
      res.setHeader('content-type', types[extname(served)] ?? 'application/octet-stream');
      res.end(readFileSync(served));
    });
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    url = `http://localhost:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch(chromiumLaunchOptions());
  }, 180_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await new Promise((resolve) => server?.close(resolve));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  async function open(path: string, cookie?: string) {
    const context = await browser.newContext();
    if (cookie) {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url }]);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_MS);
    await page.goto(`${url}${path}`);
    return page;
  }

  it('sells through the proxy; the switch lists only a new buyer and says why', async () => {
    const page = await open('/');
    await settle(page);
    await page.getByText('No demo server answered: the switch only lists a new buyer.').waitFor();
    const options = await page.getByLabel('Signed in as').locator('option').allTextContents();
    expect(options).toEqual(['Signed out', 'New buyer (e-mail)…']);
    // The proxy answers: the pricing table shows the products the server sells.
    await page.getByRole('heading', { level: 3, name: 'Starter', exact: true }).waitFor();
    await page.context().close();
  });

  it('shows a customer the server signs in, through the proxy', async () => {
    const page = await open('/account', `bk_demo_as=${demoCustomerIds.ada}`);
    await settle(page);
    await page.getByRole('table', { name: 'Billing history' }).waitFor();
    await page.context().close();
  });

  it('says a return link could not be checked, and never that the payment went through', async () => {
    const page = await open('/return?checkout_id=ch_1&order_id=ord_1&signature=abc');
    await page.getByText('The link from the payment page could not be checked.').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('The link from the payment page could not be checked.').waitFor();
    expect(await page.getByText(/Thank you|payment went through/i).count()).toBe(0);
    await page.context().close();
  });
});
