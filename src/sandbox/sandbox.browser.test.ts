// The sandbox runs in a browser page as Storybook runs it: no Node module is loaded, the
// client talks to it in process, and the hosted checkout page is served from memory.
import { expect, test } from 'vitest';
import { createBillingClient } from '../client/index.js';
import { createSandbox } from './index.js';

/** A seeded sandbox and a client that talks to it in the page. */
function browserSandbox() {
  const sandbox = createSandbox({ seed: 5 });
  const client = createBillingClient({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: sandbox.fetch,
    allowBrowser: true,
    retries: 0,
  });
  return { sandbox, client };
}

test('the sandbox answers the client in a real browser', async () => {
  expect(navigator.userAgent).toMatch(/Chrome/);
  const { sandbox, client } = browserSandbox();
  const subscriptions = await client.customers.listSubscriptions({ customer_id: 'cust_ada' });
  expect(subscriptions.items.length).toBeGreaterThan(0);
  const checkout = await client.checkouts.create({ product_id: 'prod_pro_monthly' });
  const page = await sandbox.fetch(checkout.checkout_url ?? '');
  expect(page.status).toBe(200);
  const paid = sandbox.pay(checkout.id, { email: 'browser@example.com' });
  const mine = await client.customers.listSubscriptions({ customer_id: paid.customerId });
  expect(mine.items.map((s) => s.id)).toEqual([paid.subscriptionId]);
  await expect(sandbox.listen(0)).rejects.toThrow(/billing-kit: sandbox.listen needs Node/);
});

test('the hosted checkout page lays each term out beside its value', async () => {
  const { sandbox, client } = browserSandbox();
  const checkout = await client.checkouts.create({
    product_id: 'prod_pro_monthly',
    metadata: { company: 'Analytical Engines' },
  });
  const html = await (await sandbox.fetch(checkout.checkout_url ?? '')).text();
  const frame = document.createElement('iframe');
  frame.style.width = '800px';
  frame.style.height = '1200px';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
  frame.srcdoc = html;
  document.body.append(frame);
  await loaded;
  const terms = Array.from(frame.contentDocument?.querySelectorAll('dt') ?? []);
  expect(terms.length).toBeGreaterThan(4);
  for (const term of terms) {
    const value = term.nextElementSibling as HTMLElement;
    const [t, v] = [term.getBoundingClientRect(), value.getBoundingClientRect()];
    // One row per term: its value on the same line, to its right (not under it, two per row).
    expect(value.tagName).toBe('DD');
    expect(Math.abs(t.top - v.top)).toBeLessThan(2);
    expect(v.left).toBeGreaterThanOrEqual(t.right);
  }
  frame.remove();
});
