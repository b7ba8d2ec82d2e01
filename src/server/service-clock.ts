// The service's clock at the proxy: learnt from the `Date` of the service's answers, and sent on
// in the `Date` of every answer of the proxy, so that the page estimates with the clock that
// charges (a sandbox's fixed instant, or a server whose clock is wrong). The proxy sets `Date`
// itself even when the service's clock is within the tolerance of its own: run in-process (a
// story, a test harness, a static demo) no HTTP server adds one, and an answer without `Date`
// would leave the page on an offset it learnt before.
import type { FetchLike } from '../client/client.js';
import { clockOffset } from '../contract/clock.js';

/** What the handler keeps of the service's clock. */
export type ServiceClock = {
  /**
   * `fetch` (default: the global one, looked up at call time) reading the `Date` of each
   * answer; undefined when there is no fetch at all, so the client says so itself.
   */
  watch(fetch: FetchLike | undefined): FetchLike | undefined;
  /**
   * Sets `Date` on an answer: the service's time when it differs from this machine's by more
   * than the tolerance (replacing any `Date` there), else this machine's when it has none.
   */
  stamp(response: Response): Response;
  /** The service's time at `local`, a time of this machine's clock (default: now). */
  time(local?: number): Date;
};

/** A clock that keeps the offset of the service's latest answer (0 within the tolerance). */
export function createServiceClock(): ServiceClock {
  let offset = 0;
  return {
    watch(fetch) {
      if (fetch === undefined && typeof globalThis.fetch !== 'function') return undefined;
      return async (input, init) => {
        const response = await (fetch ?? globalThis.fetch)(input, init);
        offset = clockOffset(response.headers.get('date'), Date.now()) ?? offset;
        return response;
      };
    },
    time(local = Date.now()) {
      return new Date(local + offset);
    },
    stamp(response) {
      if (offset === 0 && response.headers.has('date')) return response;
      const date = this.time().toUTCString();
      try {
        response.headers.set('date', date);
        return response;
      } catch {
        // Immutable headers (a Response.redirect or a fetched answer): the same answer, dated.
        const headers = new Headers(response.headers);
        headers.set('date', date);
        return new Response(response.body, {
          status: response.status,
          statusText: response.statusText,
          headers,
        });
      }
    },
  };
}
