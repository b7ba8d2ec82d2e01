// In a real browser: BillingError and the error-body readers load and work (no Node built-ins),
// and the client itself refuses to be built there.
import { expect, test } from 'vitest';
import { createBillingClient } from './client.js';
import { BillingError, readBillingError } from './error.js';

test('a proxy error answer becomes a BillingError in the browser', async () => {
  const response = new Response(
    JSON.stringify({
      trace_id: 'tr_1',
      status: 400,
      error: 'Bad Request',
      message: ['units must be at least 1'],
      timestamp: 1767225600000,
      kind: 'invalid_request',
      fields: [{ field: 'units', message: 'must be at least 1' }],
    }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  );
  const error = await readBillingError(response, { operation: 'createCheckout' });
  expect(error).toBeInstanceOf(BillingError);
  expect(error.fields).toEqual([{ field: 'units', message: 'must be at least 1' }]);
  expect(error.message).toBe(
    'billing-kit: createCheckout failed (400 Bad Request): units must be at least 1.',
  );
});

test('createBillingClient refuses to run in the browser unless allowed', () => {
  expect(() => createBillingClient({ apiKey: 'creem_test_x' })).toThrow(
    /^billing-kit: createBillingClient runs on your server; in the browser use the proxy/,
  );
  expect(createBillingClient({ apiKey: 'creem_test_x', allowBrowser: true }).environment).toBe(
    'test',
  );
});
