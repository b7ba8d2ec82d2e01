// With CREEM_API_KEY (a test key) and CREEM_PRODUCT_IDS set, the same demo proxies to the
// service's test environment instead of its embedded sandbox. Here the "service" is a sandbox
// reached through the `fetch` the proxy is given, so the test sees every upstream request:
// each goes to https://test-api.creem.io with the key, and no byte the browser receives holds it.
import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../../demo/server/create.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { journeyForSuite, newPage, settle, signInAs } from './support.js';

const service = createSandbox();
const upstream: { origin: string; key: string | null; path: string }[] = [];

describe('the demo against the service’s test environment', { timeout: 120_000 }, () => {
  const current = journeyForSuite({
    env: {
      CREEM_API_KEY: service.apiKey,
      CREEM_PRODUCT_IDS: 'prod_starter_monthly, prod_pro_yearly',
    },
    handler: {
      fetch: (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        upstream.push({
          origin: url.origin,
          key: request.headers.get('x-api-key'),
          path: url.pathname,
        });
        return service.handle(request);
      },
    },
  });

  it('sells the products named in the environment, keeping the key on the server', async () => {
    const journey = current();
    const { demo } = journey;
    expect(demo.mode).toBe('test');
    const page = await newPage(journey);
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      bodies.push(response.text().catch(() => ''));
    });
    await page.goto(`${demo.url}/`);
    await settle(page);
    await page.getByText('Running against the service’s test environment.').waitFor();
    // The catalog is CREEM_PRODUCT_IDS, in that order (Starter monthly, Pro yearly).
    await page.getByRole('radio', { name: /Monthly/ }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Starter', exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 3, name: 'Pro', exact: true }).count()).toBe(0);

    // The switch lists the service's customers; Ada's account comes through the proxy.
    await signInAs(page, 'Ada Lovelace');
    await page.getByRole('link', { name: 'Account' }).click();
    await settle(page);
    await page.getByRole('table', { name: 'Billing history' }).waitFor();

    expect(upstream.length).toBeGreaterThan(0);
    expect(new Set(upstream.map((u) => u.origin))).toEqual(new Set(['https://test-api.creem.io']));
    expect(upstream.every((u) => u.key === service.apiKey)).toBe(true);
    expect(upstream.some((u) => u.path === '/v1/customers/list')).toBe(true);

    const received = await Promise.all(bodies);
    expect(received.length).toBeGreaterThan(5);
    expect(received.filter((body) => body.includes(service.apiKey))).toEqual([]);
    expect(received.filter((body) => /x-api-key/i.test(body))).toEqual([]);
    await page.context().close();
  });

  it('refuses a live key and a key without products, saying what to set', async () => {
    await expect(
      createDemoServer({ env: { CREEM_API_KEY: 'creem_live_abc', CREEM_PRODUCT_IDS: 'prod_a' } }),
    ).rejects.toThrow(/CREEM_API_KEY must be a test key/);
    await expect(createDemoServer({ env: { CREEM_API_KEY: 'creem_test_abc' } })).rejects.toThrow(
      /set CREEM_PRODUCT_IDS/,
    );
  });
});
