import { expect, test } from 'vitest';
import * as z from 'zod/mini';

test('zod/mini parses', () => {
  expect(z.string().safeParse(1).success).toBe(false);
});
