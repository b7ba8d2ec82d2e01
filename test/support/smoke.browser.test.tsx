import { expect, test } from 'vitest';

test('runs in a real Chromium', () => {
  expect(navigator.userAgent).toMatch(/Chrome/);
});
