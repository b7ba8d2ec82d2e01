// The browser's side of the proxy: one typed call per route of `proxyRoutes`, every success
// parsed by the route's response schema and every failure a `BillingError`. Nothing here reads
// `window` or `document`, so it can be imported (and called, with an absolute basePath) on a
// server to prefetch.
import type * as z from 'zod/mini';
import {
  BillingError,
  type BillingErrorKind,
  billingErrorFromResponse,
  isBillingError,
  responseErrorMessage,
} from '../client/error.js';
import { clockOffset } from '../contract/clock.js';
import { issueMessages, issuePath, leafIssues, parseOptions } from '../contract/issues.js';
import { fillPath } from '../contract/paths.js';
import {
  type ProxyRoute,
  type ProxyRouteName,
  proxyErrorSchema,
  proxyRoutes,
} from '../contract/proxy.js';
import type { proxyRouteInputs } from '../contract/proxy-inputs.js';
import type { Known } from '../contract/schemas.js';

/** The `fetch` the proxy client calls. */
export type ProxyFetch = (input: string, init: RequestInit) => Promise<Response>;

/** Options of `createProxyClient`. */
export type ProxyClientOptions = {
  /**
   * Where the proxy handler is mounted: a path on the page's own origin, or an absolute URL
   * (needed when calling from a server). Default: `/api/billing`.
   */
  basePath?: string;
  /** The `fetch` to call. Default: the global `fetch`, looked up at call time. */
  fetch?: ProxyFetch;
  /**
   * How many times a query (or an idempotent mutation) is tried again after a network error or
   * a 5xx, with React Query's backoff. 4xx answers are never retried. Default: 3 in a browser;
   * 0 on a server (no `window`), as React Query's own default there: a server render that
   * prefetches should not wait out the backoff; the query is not sent to the browser, which
   * asks again with its own retries.
   */
  retries?: number;
};

type Routes = typeof proxyRoutes;
type Inputs = typeof proxyRouteInputs;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParamNames<Rest>
  : never;
type SchemaOf<K extends ProxyRouteName, F extends 'query' | 'body'> = (
  K extends keyof Inputs
    ? Inputs[K]
    : object
) extends { [P in F]: infer S }
  ? S extends z.ZodMiniType
    ? Known<z.output<S>>
    : unknown
  : unknown;

/** What a route takes: its path placeholders, its query and its body, in one object. */
export type ProxyRouteInput<K extends ProxyRouteName> = Simplify<
  { [N in PathParamNames<Routes[K]['path']>]: string } & SchemaOf<K, 'query'> & SchemaOf<K, 'body'>
>;

/** What a route answers with, parsed. */
export type ProxyRouteOutput<K extends ProxyRouteName> = Known<z.output<Routes[K]['response']>>;

/** Options of one call. */
export type ProxyCallOptions = {
  /** Aborts the call: it rejects with the signal's reason. */
  signal?: AbortSignal;
};

/** One route's call; the input may be left out when nothing in it is required. */
export type ProxyCall<K extends ProxyRouteName> =
  Partial<ProxyRouteInput<K>> extends ProxyRouteInput<K>
    ? (input?: ProxyRouteInput<K>, options?: ProxyCallOptions) => Promise<ProxyRouteOutput<K>>
    : (input: ProxyRouteInput<K>, options?: ProxyCallOptions) => Promise<ProxyRouteOutput<K>>;

/** The proxy client: one method per route of `proxyRoutes`, named after it. */
export type ProxyClient = { [K in ProxyRouteName]: ProxyCall<K> } & {
  /** The `basePath` the client calls. */
  readonly basePath: string;
  /** How many retries a transient failure gets (see `ProxyClientOptions.retries`). */
  readonly retries: number;
  /**
   * The service's clock, as the `Date` of the proxy's answers tells it (the proxy passes the
   * service's on): the page's clock plus the offset of the latest answer whose `Date` was more
   * than a minute from it, else the page's clock (offset 0). An answer the browser may have
   * cached (a positive `max-age`) is not read.
   */
  readonly clock: {
    /** The service's time now, in Unix ms. */
    now(): number;
    /** How far the service's clock is ahead of the page's, in ms (negative: behind). */
    offset(): number;
    /** Calls `listener` whenever the offset changes; answers the unsubscribe. */
    subscribe(listener: () => void): () => void;
  };
  /**
   * React Query's `retry` for reads and idempotent writes: true while `failureCount` is below
   * `retries` and the error is a network error, a timeout or a 5xx.
   */
  readonly retry: (failureCount: number, error: unknown) => boolean;
  /** Calls a route by name. */
  request<K extends ProxyRouteName>(
    route: K,
    input: ProxyRouteInput<K> | undefined,
    options?: ProxyCallOptions,
  ): Promise<ProxyRouteOutput<K>>;
};

/** The default mount point of the proxy handler. */
export const DEFAULT_BASE_PATH = '/api/billing';

const transientKinds: ReadonlySet<BillingErrorKind> = new Set(['network', 'timeout', 'server']);

/** Whether an error answer's text is the proxy's own error body (`proxyErrorSchema`). */
function isProxyErrorBody(text: string): boolean {
  try {
    return proxyErrorSchema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/**
 * True for a failure that another attempt may cure: no answer, a timeout or any 5xx (the
 * proxy's 502 for a malformed answer of the service too). A 4xx (including 429, which the
 * proxy answers for the seller's own limit) is never one.
 */
export function isTransientError(error: unknown): boolean {
  return isBillingError(error) && (transientKinds.has(error.kind) || error.status >= 500);
}

/** Where React Query sees a server (and retries nothing by default): no `window`, or Deno. */
function onServer(): boolean {
  return typeof window === 'undefined' || 'Deno' in globalThis;
}

/**
 * A client of the proxy's routes for the browser (or a server that prefetches).
 *
 * @example
 * const client = createProxyClient({ basePath: '/api/billing' });
 * const { items } = await client.products();
 */
export function createProxyClient(options: ProxyClientOptions = {}): ProxyClient {
  const basePath = (options.basePath ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
  const retries = options.retries ?? (onServer() ? 0 : 3);
  const callFetch: ProxyFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let offset = 0;
  const listeners = new Set<() => void>();
  const clock: ProxyClient['clock'] = {
    now: () => Date.now() + offset,
    offset: () => offset,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  /** Learns the service's clock from an answer's `Date`, unless a cache may have kept it. */
  function learnClock(headers: Headers): void {
    if (/max-age=[1-9]/.test(headers.get('cache-control') ?? '')) return;
    const next = clockOffset(headers.get('date'), Date.now()) ?? offset;
    if (next === offset) return;
    offset = next;
    for (const listener of listeners) listener();
  }

  async function request<K extends ProxyRouteName>(
    name: K,
    input: ProxyRouteInput<K> | undefined,
    callOptions: ProxyCallOptions = {},
  ): Promise<ProxyRouteOutput<K>> {
    const route: ProxyRoute = proxyRoutes[name];
    const values: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) };
    const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    for (const placeholder of placeholders) {
      const value = values[placeholder];
      // `.` and `..` would be resolved away by URL parsing (even percent-encoded): another route.
      const dots = value === '.' || value === '..';
      if (typeof value !== 'string' || value === '' || dots) {
        const message = dots ? `must be an id, not "${value}"` : 'must not be empty';
        throw new BillingError(
          `billing-kit: ${name} needs \`${placeholder}\` (a non-empty id); pass it in the input.`,
          {
            kind: 'invalid_request',
            status: 0,
            messages: [`${placeholder} ${message}`],
            fields: [{ field: placeholder, message }],
            operation: name,
          },
        );
      }
    }
    const path = fillPath(route.path, values);
    for (const placeholder of placeholders) delete values[placeholder];

    const init: RequestInit = {
      method: route.method,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    };
    if (callOptions.signal) init.signal = callOptions.signal;
    let url = `${basePath}${path}`;
    if (route.method === 'POST') {
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
      init.body = JSON.stringify(values);
    } else {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(values)) {
        if (value !== undefined && value !== null) search.set(key, String(value));
      }
      const query = search.toString();
      if (query) url += `?${query}`;
    }

    let response: Response;
    let text: string;
    try {
      response = await callFetch(url, init);
      text = await response.text();
    } catch (error) {
      if (callOptions.signal?.aborted) throw callOptions.signal.reason;
      const reason = error instanceof Error ? error.message : String(error);
      // Off a page (a server rendering, a test) a path has nothing to resolve against: said
      // when that is what failed (a fetch that takes paths may fail for the network instead).
      const pathOnly =
        typeof location === 'undefined' &&
        !/^[a-z][a-z\d+.-]*:/i.test(basePath) &&
        /\bURL\b/.test(reason);
      throw new BillingError(
        `billing-kit: ${name} could not reach the billing proxy at ${basePath}${reason ? ` (${reason})` : ''}. ` +
          (pathOnly
            ? `Off a page there is no origin to resolve a path against: pass an absolute basePath, such as new URL('${basePath}', request.url).href, or a fetch that takes paths.`
            : 'Check the network, and that the proxy handler is mounted at the provider\u2019s basePath.'),
        {
          kind: 'network',
          status: 0,
          messages: [`could not reach ${basePath}${reason ? `: ${reason}` : ''}`],
          operation: name,
        },
        { cause: error },
      );
    }

    learnClock(response.headers);
    if (response.status < 200 || response.status > 299) {
      const error = billingErrorFromResponse(response, text, { operation: name });
      if (isProxyErrorBody(text)) throw error;
      // Every error of the proxy carries its body: this answer came from something else (the
      // app's own 404 page at a wrong basePath, its sign-in wall, a gateway), and the words
      // meant for the service's answers (an API key, "the resource") would mislead.
      const messages = [
        'the answer is not the billing-kit proxy\u2019s (every answer of createBillingHandler carries its JSON error body)',
      ];
      throw new BillingError(
        responseErrorMessage(
          { status: response.status, messages, operation: name },
          {
            statusText: response.statusText,
            hint: `Check that createBillingHandler is mounted at basePath (${basePath}), and what answers there in front of it.`,
          },
        ),
        {
          kind: error.kind,
          status: error.status,
          messages,
          operation: name,
          ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
        },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new BillingError(
        `billing-kit: ${name} answered ${response.status} with a body that is not JSON. Check that ` +
          `basePath (${basePath}) points at the billing-kit proxy handler and not at a web page.`,
        {
          kind: 'invalid_response',
          status: response.status,
          messages: [
            text.trim() === '' ? 'the response body is empty' : 'the response body is not JSON',
          ],
          operation: name,
        },
        { cause: error },
      );
    }
    const parsed = route.response.safeParse(json, parseOptions);
    if (!parsed.success) {
      const lines = issueMessages(parsed.error);
      const first = leafIssues(parsed.error)[0];
      throw new BillingError(
        `billing-kit: ${name} answered ${response.status} with a body that does not match the ` +
          `contract: ${lines.join('; ')}. Keep the proxy handler and billing-kit/react on the same version.`,
        {
          kind: 'invalid_response',
          status: response.status,
          messages: lines,
          path: first ? issuePath(first.path) : '',
          operation: name,
        },
      );
    }
    return parsed.data as ProxyRouteOutput<K>;
  }

  const client = {
    basePath,
    retries,
    clock,
    retry: (failureCount: number, error: unknown) =>
      failureCount < retries && isTransientError(error),
    request,
  } as Record<string, unknown>;
  for (const name of Object.keys(proxyRoutes) as ProxyRouteName[]) {
    client[name] = (input?: ProxyRouteInput<typeof name>, callOptions?: ProxyCallOptions) =>
      request(name, input, callOptions);
  }
  return client as ProxyClient;
}
