// The service's clock at the proxy: learnt from the `Date` of the service's answers, and sent on
// in the `Date` of the proxy's own answers when it is not this machine's, so that the page
// estimates with the clock that charges (a sandbox's fixed instant, or a server whose clock is
// wrong). Within the tolerance the proxy leaves `Date` to its server.
import type { FetchLike } from '../client/client.js';
import { clockOffset } from '../contract/clock.js';

/** What the handler keeps of the service's clock. */
export type ServiceClock = {
  /**
   * `fetch` (default: the global one, looked up at call time) reading the `Date` of each
   * answer; undefined when there is no fetch at all, so the client says so itself.
   */
  watch(fetch: FetchLike | undefined): FetchLike | undefined;
  /** Sets `Date` to the service's time on an answer, when it differs from this machine's. */
  stamp(response: Response): Response;
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
    stamp(response) {
      if (offset !== 0) response.headers.set('date', new Date(Date.now() + offset).toUTCString());
      return response;
    },
  };
}
