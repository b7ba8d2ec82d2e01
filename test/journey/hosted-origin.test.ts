// The sandbox's hosted pages (checkout, portal) are linked on the origin the storefront was
// reached at, not on the address the dev server was started with: a buyer on
// http://127.0.0.1:<port> pays on http://127.0.0.1:<port>/__sandbox/checkout/…, and the scheme
// is the one the request came in with (X-Forwarded-Proto, which the proxy's Node adapter
// reads); X-Forwarded-Host is not trusted.
import { describe, expect, it } from 'vitest';
import { buyPlan, journeyForSuite, newPage, settle, signInAsNewBuyer } from './support.js';

/** A state-changing request to the proxy at `base`, as a browser on `origin` sends it. */
async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/api/billing${path}`, {
    method: 'POST',
    headers: {
      origin: base,
      'content-type': 'application/json',
      cookie: 'bk_demo_as=cust_ada',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the sandbox’s hosted pages on the storefront’s own origin', { timeout: 120_000 }, () => {
  const current = journeyForSuite();

  it('answers checkout and portal links on the origin each request came in on', async () => {
    const { demo } = current();
    const port = new URL(demo.url).port;
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const checkout = await post(origin, '/checkouts', { product_id: 'prod_team_quarterly' });
      expect(checkout.status).toBe(200);
      const checkoutUrl = new URL(String(checkout.body.checkout_url));
      expect(checkoutUrl.origin).toBe(origin);
      expect(checkoutUrl.pathname).toBe(`/__sandbox/checkout/${String(checkout.body.id)}`);
      // The link opens the sandbox's payment page there.
      const hosted = await fetch(checkoutUrl);
      expect(hosted.status).toBe(200);
      expect(await hosted.text()).toContain('Pay for Team');

      const portal = await post(origin, '/portal', {});
      expect(portal.status).toBe(200);
      const portalUrl = new URL(String(portal.body.customer_portal_link));
      expect(portalUrl.origin).toBe(origin);
      expect((await fetch(portalUrl)).status).toBe(200);
    }

    // Behind a TLS-terminating proxy: the scheme it forwards; a forwarded host is ignored.
    const direct = `http://127.0.0.1:${port}`;
    const tls = await post(
      direct,
      '/checkouts',
      { product_id: 'prod_team_quarterly' },
      {
        origin: `https://127.0.0.1:${port}`,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'shop.example.com',
      },
    );
    expect(tls.status).toBe(200);
    expect(new URL(String(tls.body.checkout_url)).origin).toBe(`https://127.0.0.1:${port}`);
  });

  it('takes a buyer on 127.0.0.1 to the payment page and back without leaving that origin', async () => {
    const journey = current();
    const origin = `http://127.0.0.1:${new URL(journey.demo.url).port}`;
    const page = await newPage(journey);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(`${origin}/`);
    await settle(page);
    await signInAsNewBuyer(page, 'loopback.buyer@example.com');
    const purchase = await buyPlan(page, {
      plan: 'Starter',
      code: 'WELCOME5',
      company: 'Loopback',
    });
    expect(new URL(purchase.returnUrl).origin).toBe(origin);
    expect(visited.some((url) => new URL(url).pathname.startsWith('/__sandbox/checkout/'))).toBe(
      true,
    );
    expect(visited.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    await page.context().close();
  });
});
