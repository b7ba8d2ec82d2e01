import { expectTypeOf, test } from 'vitest';
import type { Checkout, JsonValue, Metadata, Subscription } from './schemas.js';

test('resource types name their fields and drop looseObject index signature', () => {
  expectTypeOf<Subscription>().toHaveProperty('status');
  expectTypeOf<Omit<Subscription, 'status'>>().toHaveProperty('customer');
  expectTypeOf<keyof Subscription>().not.toEqualTypeOf<string>();
});

test('records keep their index signature', () => {
  expectTypeOf<Metadata>().toEqualTypeOf<Record<string, JsonValue>>();
  expectTypeOf<NonNullable<Checkout['metadata']>>().toEqualTypeOf<Record<string, JsonValue>>();
});
