// sandbox.customize: what a test or story changes is what the API answers from the next request
// on, checked against the service's shapes and applied whole or not at all. Driven through the
// real client over the sandbox's fetch.
import { describe, expect, test } from 'vitest';
import { sandboxClient } from '../../test/support/sandbox-client.js';
import type { Product } from '../contract/schemas.js';
import type { createSandbox } from './index.js';
import type { SandboxData } from './sandbox.js';

const setup = () => sandboxClient();

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

function adaActive(sandbox: ReturnType<typeof createSandbox>) {
  const found = sandbox
    .fixtures()
    .subscriptions.find((s) => idOf(s.customer) === 'cust_ada' && s.status === 'active');
  if (!found) throw new Error('seed changed: Ada has no active subscription');
  return found;
}

describe('sandbox.customize', () => {
  test('a product pushed onto the catalog is answered by the API, after the seeded ones', async () => {
    const { sandbox, client } = setup();
    const before = sandbox.fixtures().products.map((p) => p.id);
    sandbox.customize(({ products }) => {
      const pro = products.find((p) => p.id === 'prod_pro_monthly') as Product;
      products.push({ ...pro, id: 'prod_pro_5_seats', name: 'Pro 5', price: pro.price * 5 });
    });
    const answered = await client.products.retrieve({ product_id: 'prod_pro_5_seats' });
    expect(answered).toMatchObject({ id: 'prod_pro_5_seats', name: 'Pro 5', price: 14_500 });
    expect(sandbox.fixtures().products.map((p) => p.id)).toEqual([...before, 'prod_pro_5_seats']);
  });

  test('a changed product is answered changed; an archived one can no longer be chosen', async () => {
    const { sandbox, client } = setup();
    const subscription = adaActive(sandbox);
    sandbox.customize(({ products }) => {
      const team = products.find((p) => p.id === 'prod_team_quarterly') as Product;
      team.status = 'archived';
    });
    await expect(
      client.products.retrieve({ product_id: 'prod_team_quarterly' }),
    ).resolves.toMatchObject({ status: 'archived' });
    await expect(
      client.subscriptions.upgrade({
        subscription_id: subscription.id,
        product_id: 'prod_team_quarterly',
      }),
    ).rejects.toMatchObject({ status: 400, messages: [expect.stringMatching(/archived/)] });
  });

  test('a subscription in a status the contract does not list is answered as set', async () => {
    const { sandbox, client } = setup();
    const { id } = adaActive(sandbox);
    sandbox.customize(({ subscriptions }) => {
      const found = subscriptions.find((s) => s.id === id);
      if (found) found.status = 'incomplete';
    });
    await expect(client.subscriptions.retrieve({ subscription_id: id })).resolves.toMatchObject({
      id,
      status: 'incomplete',
      product: expect.objectContaining({ id: 'prod_pro_monthly' }),
    });
    const listed = await client.customers.listSubscriptions({ customer_id: 'cust_ada' });
    expect(listed.items.find((s) => s.id === id)?.status).toBe('incomplete');
  });

  test('a product not in the service shape is refused, and nothing of that change is applied', async () => {
    const { sandbox } = setup();
    const before = sandbox.inspect();
    expect(() =>
      sandbox.customize(({ products, subscriptions }) => {
        (products[0] as Product).name = 'Renamed';
        const sub = subscriptions[0];
        if (sub) sub.status = 'paused';
        const { price: _price, ...priceless } = products[1] as Product;
        products.push({ ...priceless, id: 'prod_priceless' } as Product);
      }),
    ).toThrow(/^billing-kit: sandbox\.customize: products\[10\] is not a product: price /);
    expect(sandbox.inspect()).toEqual(before);
  });

  test.each([
    [
      'a removed product',
      (data: SandboxData) => {
        data.products.splice(0, 1);
      },
      /product "prod_starter_monthly" was removed; set its status to 'archived'/,
    ],
    [
      'a repeated product id',
      (data: SandboxData) => {
        data.products.push({ ...(data.products[0] as Product) });
      },
      /repeats the id "prod_starter_monthly"/,
    ],
    [
      'a subscription moved to another customer',
      (data: SandboxData) => {
        const sub = data.subscriptions[0];
        if (sub) sub.customer = sub.customer === 'cust_ada' ? 'cust_grace' : 'cust_ada';
      },
      /keep each subscription's id, customer and place/,
    ],
    [
      'a removed subscription',
      (data: SandboxData) => {
        data.subscriptions.pop();
      },
      /subscriptions were added or removed/,
    ],
    [
      'a subscription on a product not in the catalog',
      (data: SandboxData) => {
        const sub = data.subscriptions[0];
        if (sub) sub.product = 'prod_nowhere';
      },
      /product "prod_nowhere" is not in the catalog/,
    ],
  ])('%s is refused with what to do instead', (_name, change, message) => {
    const { sandbox } = setup();
    const before = sandbox.inspect();
    expect(() => sandbox.customize(change)).toThrow(message);
    expect(sandbox.inspect()).toEqual(before);
  });
});
