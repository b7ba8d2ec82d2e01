// The sandbox runs in a browser page as Storybook runs it: no Node module is loaded, the
// client talks to it in process, and the hosted checkout page is served from memory.
import { expect, test } from 'vitest';
import { createBillingClient } from '../client/index.js';
import { createSandbox } from './index.js';

test('the sandbox answers the client in a real browser', async () => {
  expect(navigator.userAgent).toMatch(/Chrome/);
  const sandbox = createSandbox({ seed: 5 });
  const client = createBillingClient({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: sandbox.fetch,
    allowBrowser: true,
    retries: 0,
  });
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
