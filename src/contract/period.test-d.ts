import { expectTypeOf, test } from 'vitest';
import { type AnyBillingPeriod, billingPeriodLabel } from './period.js';

test('billingPeriodLabel takes the period only: its label is English whatever the locale', () => {
  expectTypeOf(billingPeriodLabel).parameters.toEqualTypeOf<[period: AnyBillingPeriod]>();
  expectTypeOf(billingPeriodLabel).returns.toEqualTypeOf<string>();
});
