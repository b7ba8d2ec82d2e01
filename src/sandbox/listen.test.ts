// The sandbox over real HTTP (listen on a free port): the client with the global fetch, links
// that follow the listening address, a base path prefix, a hung answer ended by the client, and
// a clean close.
import { afterEach, describe, expect, test } from 'vitest';
import { createBillingClient } from '../client/index.js';
import { serviceErrorSchema } from '../contract/schemas.js';
import { createSandbox, type Listening, type SandboxOptions } from './index.js';

const servers: Listening[] = [];

async function serve(options: SandboxOptions = {}) {
  const sandbox = createSandbox(options);
  const server = await sandbox.listen(0);
  servers.push(server);
  const client = createBillingClient({ apiKey: sandbox.apiKey, baseUrl: server.url, retries: 0 });
  return { sandbox, server, client };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('listen', () => {
  test('binds 127.0.0.1 on a free port and serves the API to the client', async () => {
    const { server, client } = await serve();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // listen(0) says which port it bound, the one in the URL.
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const customers = await client.customers.list({ page_size: 3 });
    expect(customers.items).toHaveLength(3);
    const subscriptions = await client.customers.listSubscriptions({ customer_id: 'cust_ada' });
    expect(subscriptions.items.length).toBeGreaterThan(0);
    const credited = await client.credits.listAccounts({ customer_id: 'cust_ada' });
    expect(credited.data[0]?.name).toBe('AI credits');
  });

  test('errors travel as the service sends them', async () => {
    const { server } = await serve();
    const response = await fetch(`${server.url}/v1/customers/list`);
    expect(response.status).toBe(401);
    expect(serviceErrorSchema.parse(await response.json()).error).toBe('Unauthorized');
    const bad = await fetch(`${server.url}/v1/checkouts`, { method: 'POST', body: '{oops' });
    expect(bad.status).toBe(401);
  });

  test('checkout_url and the portal link point at the listening address, and the page answers', async () => {
    const { server, client } = await serve();
    const checkout = await client.checkouts.create({ product_id: 'prod_ebook' });
    expect(checkout.checkout_url).toBe(`${server.url}/checkout/${checkout.id}`);
    const page = await fetch(checkout.checkout_url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('The Billing Handbook');
    const { customer_portal_link: link } = await client.customers.createPortalLink({
      customer_id: 'cust_grace',
    });
    expect(link.startsWith(`${server.url}/portal/cust_grace`)).toBe(true);
    expect((await fetch(link)).status).toBe(200);
  });

  test('a base path is kept in the URL and required on every request', async () => {
    const { server, client } = await serve({ baseUrl: 'http://localhost:5173/__sandbox' });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/__sandbox`);
    expect((await client.products.retrieve({ product_id: 'prod_day_pass' })).billing_period).toBe(
      'every-day',
    );
    const outside = await fetch(`${server.url.replace('/__sandbox', '')}/v1/products?product_id=x`);
    expect(outside.status).toBe(404);
  });

  test('a POST body arrives whole, and an idempotent credit replays over the wire', async () => {
    const { sandbox, server } = await serve();
    const ada = sandbox.fixtures().credit_accounts.find((a) => a.customer_id === 'cust_ada');
    const send = () =>
      fetch(`${server.url}/v1/customer-credits/accounts/${ada?.id}/credit`, {
        method: 'POST',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '10', reference: 'http', idempotency_key: 'http-1' }),
      });
    const first = await send();
    expect(first.status).toBe(201);
    const second = await send();
    expect(second.headers.get('x-idempotent-replay')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
  });

  test('a hung answer (timeout fault) ends when the client gives up, and the server stays up', async () => {
    const { sandbox, server } = await serve({ faults: { timeoutRate: 1 } });
    const client = createBillingClient({
      apiKey: sandbox.apiKey,
      baseUrl: server.url,
      retries: 0,
      timeoutMs: 50,
    });
    await expect(client.customers.list()).rejects.toMatchObject({ kind: 'timeout' });
    // The hosted page is not faulted and still answers on the same server.
    const page = await fetch(`${server.url}/checkout/ch_nope`);
    expect(page.status).toBe(404);
  });

  test('close stops the server', async () => {
    const sandbox = createSandbox();
    const server = await sandbox.listen(0);
    await server.close();
    await expect(fetch(`${server.url}/v1/customers/list`)).rejects.toThrow();
  });
});
