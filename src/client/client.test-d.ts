import { describe, expectTypeOf, test } from 'vitest';
import type { Checkout, CreditsTransaction, Subscription } from '../contract/schemas.js';
import { createSandbox } from '../sandbox/index.js';
import { createBillingHandler } from '../server/index.js';
import { type BaseAddress, type BillingClient, createBillingClient } from './client.js';

const client: BillingClient = createBillingClient({ apiKey: 'creem_test_x' });

describe('method types come from the operation table', () => {
  test('outputs are the parsed response types', () => {
    expectTypeOf(client.subscriptions.retrieve).returns.resolves.toEqualTypeOf<Subscription>();
    expectTypeOf(client.checkouts.create).returns.resolves.toEqualTypeOf<Checkout>();
    expectTypeOf(client.credits.credit).returns.resolves.toEqualTypeOf<CreditsTransaction>();
    expectTypeOf(
      client.request<'retrieveSubscription'>,
    ).returns.resolves.toEqualTypeOf<Subscription>();
  });

  test('input is one object of params, query and body; optional only when nothing is required', () => {
    client.customers.list();
    client.customers.list({ page_number: 1 });
    client.subscriptions.upgrade({ subscription_id: 'sub_1', product_id: 'prod_2' });
    client.products.retrieve({ product_id: 'prod_1' }, { signal: AbortSignal.timeout(1000) });
    // @ts-expect-error subscription_id is required
    client.subscriptions.retrieve();
    // @ts-expect-error the path parameter is part of the input
    client.subscriptions.upgrade({ product_id: 'prod_2' });
    // @ts-expect-error update_behavior is an enum
    client.subscriptions.upgrade({ subscription_id: 's', product_id: 'p', update_behavior: 'x' });
  });
});

describe('the sandbox plugs in as an environment', () => {
  test('its baseUrl and a listening server’s url are base addresses', async () => {
    const sandbox = createSandbox();
    createBillingClient({ apiKey: sandbox.apiKey, environment: sandbox.baseUrl });
    createBillingHandler({
      apiKey: sandbox.apiKey,
      environment: sandbox.baseUrl,
      getCustomer: () => null,
      products: ['prod_pro_monthly'],
    });
    const listening = await sandbox.listen();
    createBillingClient({ apiKey: sandbox.apiKey, environment: listening.url });
    expectTypeOf(listening.url).toEqualTypeOf<BaseAddress>();
    await listening.close();
  });
});
