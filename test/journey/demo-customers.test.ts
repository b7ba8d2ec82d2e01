// In test-environment mode the demo finds a new buyer's customer by e-mail, which the service
// cannot search: it reads up to 5 pages of the customer list. An e-mail that is not there
// (every new buyer, until the first payment) is taken as unknown for 30 s instead of reading
// the list on every request of every page, and is looked for again at once after a payment
// page's signed return. The "service" here is a sandbox reached through the `fetch` given to
// the demo, which counts the list reads.
import { describe, expect, it } from 'vitest';
import { createDemoServer } from '../../demo/server/create.js';
import { EMAIL_MISS_MS, serviceDirectory } from '../../demo/server/plugin.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';

/** A fake service (a sandbox) and the number of customer-list reads it answered. */
function countingService() {
  const service = createSandbox();
  const reads = { list: 0 };
  const fetch = (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === '/v1/customers/list') reads.list += 1;
    return service.handle(request);
  };
  return { service, reads, fetch };
}

/** Makes the service know `email`: a checkout for it, paid. */
async function buy(service: Sandbox, email: string): Promise<string | null> {
  const response = await service.handle(
    new Request(`${service.baseUrl}/v1/checkouts`, {
      method: 'POST',
      headers: { 'x-api-key': service.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        product_id: 'prod_ebook',
        customer: { email },
        success_url: 'https://shop.example/return',
      }),
    }),
  );
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  return service.pay(id, { email, answers: { terms: true } }).redirectUrl;
}

describe('the demo’s customer lookup by e-mail (test-environment mode)', () => {
  it('reads the list once for an unknown e-mail in 30 s, then again', async () => {
    const { service, reads, fetch } = countingService();
    let now = 1_000_000;
    const directory = serviceDirectory({ apiKey: service.apiKey, fetch, now: () => now });
    expect(await directory.byEmail('new@example.com')).toBeUndefined();
    expect(reads.list).toBe(1);
    for (let i = 0; i < 5; i++) {
      expect(await directory.byEmail('new@example.com')).toBeUndefined();
    }
    expect(reads.list).toBe(1);
    now += EMAIL_MISS_MS - 1;
    await directory.byEmail('new@example.com');
    expect(reads.list).toBe(1);
    now += 1;
    await directory.byEmail('new@example.com');
    expect(reads.list).toBe(2);
  });

  it('finds the customer at once after a completed checkout, or a read that saw them', async () => {
    const { service, reads, fetch } = countingService();
    const now = 1_000_000;
    const directory = serviceDirectory({ apiKey: service.apiKey, fetch, now: () => now });
    expect(await directory.byEmail('first@example.com')).toBeUndefined();
    expect(await directory.byEmail('second@example.com')).toBeUndefined();
    expect(reads.list).toBe(2);

    await buy(service, 'first@example.com');
    await buy(service, 'second@example.com');
    // Still within 30 s: taken as unknown, without asking.
    expect(await directory.byEmail('first@example.com')).toBeUndefined();
    expect(reads.list).toBe(2);

    directory.checkoutCompleted();
    expect((await directory.byEmail('first@example.com'))?.email).toBe('first@example.com');
    expect(reads.list).toBe(3);
    // That read saw the second buyer too: no read for them.
    expect((await directory.byEmail('second@example.com'))?.email).toBe('second@example.com');
    expect(reads.list).toBe(3);
    // A seeded customer is known from the reads: no read either.
    const ada = service.fixtures().customers.find((c) => c.id === 'cust_ada');
    expect((await directory.byEmail(ada?.email.toLowerCase() ?? ''))?.id).toBe('cust_ada');
    expect(reads.list).toBe(3);
  });

  it('in the demo: a new buyer is looked up again once the payment page’s return is checked', {
    timeout: 60_000,
  }, async () => {
    const { service, reads, fetch: upstream } = countingService();
    const demo = await createDemoServer({
      logErrors: false,
      env: { CREEM_API_KEY: service.apiKey, CREEM_PRODUCT_IDS: 'prod_ebook' },
      handler: { fetch: upstream },
    });
    try {
      const cookie = 'bk_demo_as=email%3Abuyer%40example.com';
      const visitor = async () => {
        const response = await fetch(`${demo.url}/__demo/visitor`, { headers: { cookie } });
        return (await response.json()) as { signedIn: boolean; billingAccount: boolean };
      };
      expect(await visitor()).toEqual({ signedIn: true, billingAccount: false });
      const afterFirst = reads.list;
      expect(await visitor()).toEqual({ signedIn: true, billingAccount: false });
      expect(reads.list).toBe(afterFirst);

      const redirect = await buy(service, 'buyer@example.com');
      if (!redirect) throw new Error('the payment made no return link');
      // Within 30 s and before the return: still the new buyer, and no read.
      expect(await visitor()).toEqual({ signedIn: true, billingAccount: false });
      expect(reads.list).toBe(afterFirst);

      const check = await fetch(`${demo.url}/__demo/return${new URL(redirect).search}`);
      expect(await check.json()).toEqual({ verified: true });
      expect(await visitor()).toEqual({ signedIn: true, billingAccount: true });
      expect(reads.list).toBe(afterFirst + 1);
    } finally {
      await demo.close();
    }
  });
});
