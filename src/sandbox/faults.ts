// Fault injection for API requests: latency, 5xx answers, timeouts and malformed bodies, drawn
// per request from a seeded stream so that a run is replayable. Never applied to the hosted
// pages (checkout, portal).

import { createRandom, type Random, type Seed } from './random.js';

/** Faults to inject into API requests. Rates are probabilities from 0 to 1. */
export type SandboxFaults = {
  /**
   * Delay before each API answer, in milliseconds: a fixed number, or `[min, max]` for a
   * seeded delay in that range. Default: 0.
   */
  latencyMs?: number | readonly [number, number];
  /** Share of requests answered 500 or 503 (general or credits error body) without acting. Default: 0. */
  errorRate?: number;
  /**
   * Share of requests that act but never answer, until the request's `signal` aborts (then the
   * promise rejects with the abort reason, as `fetch` does). Default: 0.
   */
  timeoutRate?: number;
  /** Share of requests that act and answer with a truncated, invalid JSON body. Default: 0. */
  malformedRate?: number;
  /** Seed of the fault draws. Default: the sandbox's seed. */
  seed?: Seed;
};

/** What happens to one request. */
export type FaultDraw = {
  delayMs: number;
  error: 500 | 503 | null;
  timeout: boolean;
  malformed: boolean;
};

function rate(value: number | undefined, name: string): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new TypeError(
      `billing-kit: faults.${name} must be a number from 0 to 1, got ${String(value)}`,
    );
  }
  return value;
}

function latency(value: SandboxFaults['latencyMs']): [number, number] {
  if (value === undefined) return [0, 0];
  const [min, max] = typeof value === 'number' ? [value, value] : value;
  if (!(min >= 0) || !(max >= min) || !Number.isFinite(max)) {
    throw new TypeError(
      'billing-kit: faults.latencyMs must be a number of milliseconds ≥ 0 or a [min, max] pair with min ≤ max',
    );
  }
  return [min, max];
}

/** A per-request fault drawer, or null when no fault is configured. */
export function createFaults(
  faults: SandboxFaults | undefined,
  seed: Seed,
): (() => FaultDraw) | null {
  if (!faults) return null;
  const [min, max] = latency(faults.latencyMs);
  const errorRate = rate(faults.errorRate, 'errorRate');
  const timeoutRate = rate(faults.timeoutRate, 'timeoutRate');
  const malformedRate = rate(faults.malformedRate, 'malformedRate');
  const random: Random = createRandom(`faults:${String(faults.seed ?? seed)}`);
  return () => {
    // Always four draws, so one request's outcome never shifts the next one's.
    const a = random.next();
    const b = random.next();
    const c = random.next();
    const d = random.next();
    const error = a < errorRate ? (d < 0.5 ? 500 : 503) : null;
    return {
      delayMs: min === max ? min : Math.round(min + d * (max - min)),
      error,
      timeout: error === null && b < timeoutRate,
      malformed: error === null && c < malformedRate,
    };
  };
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Never settles until the signal aborts; then rejects with its reason. */
export function hang(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** A body cut short so that it is not valid JSON. */
export function truncate(text: string): string {
  const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  return cut.endsWith('}') || cut.endsWith(']') ? `${cut.slice(0, -1)},` : cut;
}
