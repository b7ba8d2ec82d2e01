// verifyReturnUrl against the redirect the sandbox makes when a checkout is paid.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { createSandbox } from '../sandbox/index.js';
import { verifyReturnUrl } from './index.js';

async function paidReturnUrl() {
  const sandbox = createSandbox();
  const created = await sandbox.fetch('/v1/checkouts', {
    method: 'POST',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      product_id: 'prod_pro_monthly',
      request_id: 'req-7',
      customer: { id: 'cust_ada' },
      success_url: 'https://shop.test/thanks?from=checkout',
    }),
  });
  const { id } = (await created.json()) as { id: string };
  const { redirectUrl } = sandbox.pay(id);
  if (!redirectUrl) throw new Error('the sandbox gave no redirect');
  return { sandbox, url: redirectUrl };
}

describe('verifyReturnUrl', () => {
  test('holds for the service’s own redirect, and only with its key', async () => {
    const { sandbox, url } = await paidReturnUrl();
    expect(new URL(url).searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyReturnUrl(url, sandbox.apiKey)).toBe(true);
    expect(await verifyReturnUrl(new URL(url), sandbox.apiKey)).toBe(true);
    expect(await verifyReturnUrl(url, 'creem_test_another_store')).toBe(false);
  });

  test('fails for a changed id, a missing signature or something that is not a URL', async () => {
    const { sandbox, url } = await paidReturnUrl();
    const changed = new URL(url);
    changed.searchParams.set('product_id', 'prod_pro_yearly');
    expect(await verifyReturnUrl(changed, sandbox.apiKey)).toBe(false);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('signature');
    expect(await verifyReturnUrl(unsigned, sandbox.apiKey)).toBe(false);
    expect(await verifyReturnUrl('not a url', sandbox.apiKey)).toBe(false);
    // The seller's own parameters are not signed: changing them changes nothing.
    const own = new URL(url);
    own.searchParams.set('from', 'elsewhere');
    expect(await verifyReturnUrl(own, sandbox.apiKey)).toBe(true);
  });

  test('fails when a signed parameter is folded into the one before it, which hashes the same', async () => {
    const { sandbox, url } = await paidReturnUrl();
    const signed = new URL(url);
    const params = [...signed.searchParams];
    // `order_id=ord_1|customer_id=cust_ada` is the text the service signed for the two
    // parameters: moved into one value, `customer_id` reads as absent, yet the hash is the same.
    const folded = new URLSearchParams();
    for (const [key, value] of params) {
      if (key === 'customer_id') continue;
      folded.append(
        key,
        key === 'order_id'
          ? `${value}|customer_id=${signed.searchParams.get('customer_id')}`
          : value,
      );
    }
    const tampered = new URL(`${signed.origin}${signed.pathname}?${folded}`);
    expect(tampered.searchParams.get('customer_id')).toBeNull();
    expect(await verifyReturnUrl(tampered, sandbox.apiKey)).toBe(false);
  });

  test("holds for Node's req.url, which is the path and query only", async () => {
    const { sandbox, url } = await paidReturnUrl();
    const heard: { url: string | undefined; valid: boolean }[] = [];
    const server = createServer(async (req, res) => {
      heard.push({ url: req.url, valid: await verifyReturnUrl(req.url ?? '', sandbox.apiKey) });
      res.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const { pathname, search } = new URL(url);
      const tampered = search.replace('prod_pro_monthly', 'prod_pro_yearly');
      for (const query of [search, tampered]) {
        await fetch(`http://127.0.0.1:${port}${pathname}${query}`);
      }
    } finally {
      server.close();
    }
    expect(heard.map((h) => h.url?.startsWith('/thanks?from=checkout&'))).toEqual([true, true]);
    expect(heard.map((h) => h.valid)).toEqual([true, false]);
  });
});
