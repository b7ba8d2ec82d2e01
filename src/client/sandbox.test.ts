// The client against the real sandbox, in process: the same wire as the service, one layer down.
import { describe, expect, test } from 'vitest';
import { failure } from '../../test/support/failure.js';
import { createSandbox, type SandboxOptions } from '../sandbox/index.js';
import { type BillingClientOptions, createBillingClient } from './client.js';

function setup(
  sandboxOptions: SandboxOptions = {},
  clientOptions: Partial<BillingClientOptions> = {},
) {
  const sandbox = createSandbox(sandboxOptions);
  let sent = 0;
  const client = createBillingClient({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: (input, init) => {
      sent += 1;
      return sandbox.fetch(input, init);
    },
    backoff: { sleep: async () => {} },
    ...clientOptions,
  });
  return { sandbox, client, sent: () => sent };
}

describe('the client against the sandbox', () => {
  test('reads the catalog and a customer’s subscriptions as the sandbox holds them', async () => {
    const { sandbox, client } = setup();
    const fixtures = sandbox.fixtures();
    const first = fixtures.products[0];
    if (!first) throw new Error('the sandbox seeds a catalog');
    await expect(client.products.retrieve({ product_id: first.id })).resolves.toEqual(first);

    const subscription = fixtures.subscriptions[0];
    if (!subscription) throw new Error('the sandbox seeds subscriptions');
    const customerId =
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const page = await client.customers.listSubscriptions({
      customer_id: customerId,
      page_size: 50,
    });
    expect(page.items.map((s) => s.id)).toContain(subscription.id);
    expect(page.pagination.current_page).toBe(1);
  });

  test('creates a checkout the sandbox then holds', async () => {
    const { sandbox, client } = setup();
    const product = sandbox.fixtures().products[0];
    if (!product) throw new Error('the sandbox seeds a catalog');
    const checkout = await client.checkouts.create({
      product_id: product.id,
      request_id: 'req_sandbox_1',
      success_url: 'https://shop.example/thanks',
    });
    expect(checkout.status).toBe('pending');
    expect(sandbox.inspect().checkouts.map((c) => c.id)).toContain(checkout.id);
  });

  test('credits an account, finds the entry, and a replay gives the same transaction', async () => {
    const { sandbox, client } = setup();
    const account = sandbox.fixtures().credit_accounts[0];
    if (!account) throw new Error('the sandbox seeds credit accounts');
    const input = {
      account_id: account.id,
      amount: '100000000000000000000',
      reference: 'order_42',
      idempotency_key: 'idem_sandbox_1',
    };
    const credited = await client.credits.credit(input);
    expect(credited.entries.find((e) => e.account_id === account.id)).toMatchObject({
      side: 'credit',
      amount: '100000000000000000000',
    });
    const replay = await client.credits.credit(input);
    expect(replay.id).toBe(credited.id);

    const entries = await client.credits.listEntries({ account_id: account.id, limit: 100 });
    expect(entries.data.map((e) => e.transaction_id)).toContain(credited.id);
  });

  test('its error answers become BillingErrors of the right kind', async () => {
    const { client, sandbox } = setup();
    const missing = await failure(client.subscriptions.retrieve({ subscription_id: 'sub_nope' }));
    expect(missing).toMatchObject({ kind: 'not_found', status: 404 });
    expect(missing.traceId).toEqual(expect.any(String));

    const stranger = createBillingClient({
      apiKey: 'creem_test_not_the_sandbox_key',
      baseUrl: sandbox.baseUrl,
      fetch: sandbox.fetch,
    });
    const refused = await failure(stranger.customers.list());
    expect(refused.kind).toBe('auth');
    expect(refused.message).not.toContain('creem_test_not_the_sandbox_key');
  });

  test('injected 5xx are retried for a GET and then reported', async () => {
    const { client, sent } = setup({ faults: { errorRate: 1 } });
    const error = await failure(client.customers.list());
    expect(sent()).toBe(3);
    expect(error.kind).toBe('server');
    expect(error.message).toMatch(
      /^billing-kit: listCustomers failed \(50[03] [A-Za-z ]+\) after 3 attempts: /,
    );
  });

  test('an injected malformed body is invalid_response; an injected hang is a timeout', async () => {
    const malformed = setup({ faults: { malformedRate: 1 } });
    const bad = await failure(malformed.client.customers.list());
    expect(bad).toMatchObject({ kind: 'invalid_response', status: 200 });
    expect(malformed.sent()).toBe(1);

    const hanging = setup({ faults: { timeoutRate: 1 } }, { timeoutMs: 20, retries: 0 });
    const late = await failure(hanging.client.customers.list());
    expect(late).toMatchObject({ kind: 'timeout', status: 0 });
  });
});
