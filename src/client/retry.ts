// When and how long to wait before trying a call again: exponential backoff with full jitter,
// or the service's own `Retry-After`.
import type { BillingErrorKind } from './error.js';

/** How the client waits between attempts. Every field has a default; tests inject the last two. */
export type BackoffOptions = {
  /** First backoff ceiling in ms; it doubles with each retry. Default: 500. */
  baseDelayMs?: number;
  /** Largest backoff ceiling in ms. Default: 8000. */
  maxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits out, in ms. A longer one is not waited for: the
   * call fails at once with `retryAfterMs` set, so the caller can tell the user when to come
   * back. Default: 20000.
   */
  maxRetryAfterMs?: number;
  /** A number in [0, 1): the jitter. Default: `Math.random`. */
  random?: () => number;
  /** Waits `ms`, or rejects with the signal's reason when it aborts. Default: a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/** The backoff options with every default filled in. */
export type Backoff = Required<BackoffOptions>;

/** Fills in the defaults. */
export function resolveBackoff(options: BackoffOptions = {}): Backoff {
  return {
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 8000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 20_000,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? sleep,
  };
}

/**
 * Full jitter: a random wait between 0 and `min(maxDelayMs, baseDelayMs · 2^retry)`, so that
 * many clients failing together do not come back together. `retry` counts from 0.
 */
export function backoffDelay(retry: number, backoff: Backoff): number {
  const ceiling = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** retry);
  const r = Math.min(Math.max(backoff.random(), 0), 1);
  return Math.floor(r * ceiling);
}

/** The failures that another attempt may cure. */
export const retryableKinds: ReadonlySet<BillingErrorKind> = new Set([
  'network',
  'timeout',
  'rate_limited',
  'server',
]);

/** Waits `ms`; rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
