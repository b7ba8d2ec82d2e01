import { describe, expect, test } from 'vitest';
import { fillPath, matchPath } from './paths.js';

describe('paths', () => {
  test('fillPath encodes each value', () => {
    expect(
      fillPath('/v1/customer-credits/accounts/{account_id}/entries', { account_id: 'a/b c' }),
    ).toBe('/v1/customer-credits/accounts/a%2Fb%20c/entries');
  });

  test('matchPath reads placeholders back and refuses other paths', () => {
    expect(
      matchPath('/v1/customers/{customer_id}/subscriptions', '/v1/customers/cus%201/subscriptions'),
    ).toEqual({
      customer_id: 'cus 1',
    });
    expect(
      matchPath('/v1/customers/{customer_id}/subscriptions', '/v1/customers//subscriptions'),
    ).toBeNull();
    expect(
      matchPath('/v1/customers/{customer_id}/subscriptions', '/v1/customers/x/orders'),
    ).toBeNull();
    expect(matchPath('/credits/accounts/{account_id}', '/credits/accounts/acc_1/')).toEqual({
      account_id: 'acc_1',
    });
    expect(matchPath('/discounts/{code}', '/discounts/%E0%A4%A')).toEqual({ code: '%E0%A4%A' });
  });
});
