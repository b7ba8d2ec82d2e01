// The error a call that must fail rejects with, checked to be a BillingError.
import { expect } from 'vitest';
import { BillingError } from '../../src/client/error.js';

/** Awaits `promise`, which must reject with a `BillingError`, and returns that error. */
export async function failure(promise: Promise<unknown>): Promise<BillingError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BillingError);
  return error as BillingError;
}
