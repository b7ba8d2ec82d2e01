// What every route of the proxy gets: the request, its checked inputs, the session's customer,
// the upstream client, the store, and the helpers that turn upstream failures into the proxy's
// own answers.
import type * as z from 'zod/mini';
import { type BillingClient, isBillingError } from '../client/index.js';
import type { ProxyRouteName } from '../contract/proxy.js';
import type { proxyRouteInputs } from '../contract/proxy-inputs.js';
import { isAllowedRedirect } from '../contract/redirects.js';
import { notFound, ProxyHttpError } from './errors.js';
import type { BillingCustomer, ProxyConfig } from './options.js';
import { remoteAddress } from './remote-address.js';

type Inputs = typeof proxyRouteInputs;
type InputsOf<N extends ProxyRouteName> = N extends keyof Inputs ? Inputs[N] : object;
type QueryOf<N extends ProxyRouteName> =
  InputsOf<N> extends { query: infer Q extends z.ZodMiniType } ? z.output<Q> : undefined;
type BodyOf<N extends ProxyRouteName> =
  InputsOf<N> extends { body: infer B extends z.ZodMiniType } ? z.output<B> : undefined;

/** A signed-in customer, as `getCustomer` answered (at least one of id and email). */
export type SessionCustomer = { id: string | undefined; email: string | undefined };

/** What the handler shares with every route for the life of one proxy. */
export type ProxyShared = {
  config: ProxyConfig;
  client: BillingClient;
  /**
   * Reports to `onError`, never with the key, never throwing, with the trace id the handler
   * made for `request` (the one of its error answer).
   */
  report(error: unknown, request: Request): void;
  /**
   * The service's time at `local` (a time of this machine's clock), from the `Date` of its
   * latest answer: what a route stamps on data it reports "as of".
   */
  serviceTime(local: number): Date;
  /** Work in flight in this process, by key, so concurrent requests share one upstream call. */
  inflight: Map<string, Promise<unknown>>;
  /** Whether `onError` has heard that unidentified visitors share one rate-limit bucket. */
  sharedBucketReported?: boolean;
};

/** One request to one route. */
export type BaseContext = {
  shared: ProxyShared;
  request: Request;
  url: URL;
  /** Path placeholders, decoded. */
  params: Record<string, string>;
  /** The origin the request is known to come from (its checked `Origin`, or its own). */
  origin: string;
  /**
   * The proxy's trace id of this request (`bk_…`), made before the route runs: the `trace_id`
   * and `x-trace-id` of its error answer and what `onError` is told.
   */
  traceId: string;
  /** The session's customer, or null when signed out (asks `getCustomer` once per request). */
  customer(): Promise<SessionCustomer | null>;
};

/** One request to the route `N`, its query and body checked by the route's schemas. */
export type RouteContext<N extends ProxyRouteName> = BaseContext & {
  query: QueryOf<N>;
  body: BodyOf<N>;
};

/** What a route answers on success. */
export type RouteResult = {
  body: unknown;
  /** Default: 200. */
  status?: number;
  /** `no-store` (default: customer data) or a private cache lifetime in seconds. */
  maxAgeSeconds?: number;
  headers?: Record<string, string>;
};

/** A route's implementation. */
export type RouteImpl<N extends ProxyRouteName> = (ctx: RouteContext<N>) => Promise<RouteResult>;

/** The session's customer or a 401 that names the field. */
export async function requireCustomer(ctx: BaseContext): Promise<SessionCustomer> {
  const customer = await ctx.customer();
  if (customer === null) {
    throw new ProxyHttpError(401, 'auth', 'customer must be signed in', {
      fields: [{ field: 'customer', message: 'must be signed in' }],
    });
  }
  return customer;
}

/** Reads `getCustomer`'s answer; a throw or a malformed answer is the seller's bug (500). */
export async function readSessionCustomer(
  shared: ProxyShared,
  request: Request,
): Promise<SessionCustomer | null> {
  let value: BillingCustomer | null | undefined;
  try {
    value = await shared.config.getCustomer(request);
  } catch (error) {
    shared.report(
      new Error('billing-kit: the getCustomer option threw; it must answer { id, email } or null', {
        cause: error,
      }),
      request,
    );
    throw serverError();
  }
  if (value === null || value === undefined) return null;
  // null, undefined and '' all mean "not known" (a user row with no billing id yet). A list (a
  // query's rows) has neither, yet is no signed-out visitor: it is refused with the other shapes.
  const id = (value as { id?: unknown }).id || undefined;
  const email = (value as { email?: unknown }).email || undefined;
  if (
    typeof value !== 'object' ||
    Array.isArray(value) ||
    (id !== undefined && typeof id !== 'string') ||
    (email !== undefined && typeof email !== 'string')
  ) {
    shared.report(
      new TypeError(
        'billing-kit: the getCustomer option must answer null or { id?: string, email?: string }',
      ),
      request,
    );
    throw serverError();
  }
  if (id === undefined && email === undefined) return null;
  return { id: id as string | undefined, email: email as string | undefined };
}

/** The answer to a bug or a broken seller hook: nothing about what went wrong. */
export function serverError(): ProxyHttpError {
  return new ProxyHttpError(500, 'server', 'the billing proxy had an internal error');
}

/**
 * Turns a failed upstream call into the proxy's answer. A 404 becomes `notFound(field)` (the
 * same answer as someone else's resource); a 400 or 409 names the fields the service refused,
 * in the proxy's words (only names among `sentFields`, the fields the proxy sent, when the
 * service's body names none; `refusedField` when none is known, by default `(body)` on a POST
 * and `query` on a read, which has no body); everything else is reported to `onError` and
 * answered without upstream detail.
 */
export function upstreamError(
  ctx: Pick<BaseContext, 'shared' | 'request'>,
  error: unknown,
  notFoundField: string,
  sentFields: readonly string[] = [],
  refusedField = ['GET', 'HEAD'].includes(ctx.request.method.toUpperCase()) ? 'query' : '(body)',
): ProxyHttpError {
  if (error instanceof ProxyHttpError) return error;
  if (!isBillingError(error)) {
    ctx.shared.report(error, ctx.request);
    return serverError();
  }
  switch (error.kind) {
    case 'not_found':
      return notFound(notFoundField);
    case 'invalid_request':
    case 'conflict': {
      // The service's own wording can quote what was sent or name its internals (another
      // customer's ids among them): keep only which fields it refused, in the proxy's words.
      const status = error.kind === 'conflict' ? 409 : 400;
      const message =
        error.kind === 'conflict'
          ? 'conflicts with the current state in the billing service'
          : 'was refused by the billing service';
      let names = (error.fields ?? []).map((f) => f.field.replace(/[^\w.]/g, ''));
      if (names.length === 0) {
        // The general error body names no field, but its lines start with one ("discount_code
        // … does not exist", "metadata.company must …"): keep a name only when it is one the
        // proxy sent, with the path below it.
        names = error.messages.flatMap((line) => {
          for (const sent of sentFields) {
            const path = new RegExp(`^${sent}(?:\\.\\w+)*\\b`).exec(line)?.[0];
            if (path !== undefined) return [path];
          }
          return [];
        });
      }
      names = [...new Set(names)].filter((name) => name !== '').slice(0, 10);
      const fields = (names.length > 0 ? names : [refusedField]).map((field) => ({
        field,
        message,
      }));
      return new ProxyHttpError(
        status,
        error.kind,
        fields.map((f) => `${f.field} ${f.message}`),
        { fields },
      );
    }
    case 'rate_limited': {
      ctx.shared.report(error, ctx.request);
      const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 1000) / 1000));
      return new ProxyHttpError(429, 'rate_limited', 'the billing service is busy; try again', {
        headers: { 'retry-after': String(seconds) },
        fields: [
          {
            field: 'request',
            message: `was refused by the billing service as too many; try again in ${seconds} s`,
          },
        ],
      });
    }
    case 'timeout':
      ctx.shared.report(error, ctx.request);
      return new ProxyHttpError(504, 'timeout', 'the billing service did not answer in time');
    case 'network':
      ctx.shared.report(error, ctx.request);
      return new ProxyHttpError(502, 'network', 'the billing service could not be reached');
    case 'invalid_response':
      ctx.shared.report(error, ctx.request);
      return new ProxyHttpError(502, 'invalid_response', 'the billing service answered strangely');
    default:
      // auth (the seller's key is wrong: not the buyer's business), server, unknown kinds.
      ctx.shared.report(error, ctx.request);
      return new ProxyHttpError(502, 'server', 'the billing service is unavailable; try again');
  }
}

/**
 * Runs an upstream call; a failure becomes the proxy's answer (see `upstreamError`).
 * `notFoundField` names the field a 404 is about; `sentFields` the input fields sent.
 */
export async function upstream<T>(
  ctx: Pick<BaseContext, 'shared' | 'request'>,
  notFoundField: string,
  call: () => Promise<T>,
  sentFields: readonly string[] = [],
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw upstreamError(ctx, error, notFoundField, sentFields);
  }
}

/** Whether an upstream failure is a 404. */
export function isNotFound(error: unknown): boolean {
  return isBillingError(error) && error.kind === 'not_found';
}

/** Runs `work` once per key in this process: concurrent callers share the one promise. */
export function once<T>(shared: ProxyShared, key: string, work: () => Promise<T>): Promise<T> {
  const running = shared.inflight.get(key);
  if (running) return running as Promise<T>;
  const promise = work().finally(() => shared.inflight.delete(key));
  shared.inflight.set(key, promise);
  return promise;
}

/**
 * Who a rate limit counts a request against. See `RateLimitOptions.clientKey` for the order;
 * `x-forwarded-for` is read only when the seller names it, because any visitor can send it.
 */
export async function clientKey(ctx: BaseContext): Promise<string> {
  const limit = ctx.shared.config.rateLimit;
  if (limit !== false && limit.clientKey) {
    let key: string | null | undefined;
    try {
      key = await limit.clientKey(ctx.request);
    } catch (error) {
      ctx.shared.report(error, ctx.request);
      throw serverError();
    }
    if (typeof key === 'string' && key !== '') return `custom:${key}`;
  }
  const customer = await ctx.customer();
  if (customer?.id) return `customer:${customer.id}`;
  if (customer?.email) return `email:${customer.email.toLowerCase()}`;
  if (limit !== false && limit.clientIpHeader) {
    const value = ctx.request.headers.get(limit.clientIpHeader);
    const last = value?.split(',').at(-1)?.trim();
    if (last) return `ip:${last.slice(0, 100)}`;
  }
  const socket = remoteAddress(ctx.request);
  if (socket) return `ip:${socket}`;
  if (limit !== false && !ctx.shared.sharedBucketReported) {
    ctx.shared.sharedBucketReported = true;
    const fix = limit.clientIpHeader
      ? `Check that your host sets the ${limit.clientIpHeader} header on every request`
      : 'Set rateLimit.clientIpHeader to the header your host or CDN sets (such as x-real-ip or cf-connecting-ip), or rateLimit.clientKey';
    ctx.shared.report(
      new Error(
        `billing-kit: rateLimit: a signed-out visitor's request carries no address the proxy can trust, so every such visitor shares one bucket and one visitor can use it up for all. ${fix}`,
      ),
      ctx.request,
    );
  }
  return 'anonymous';
}

/**
 * The rate-limit bucket of the requests that answer whether a guessed discount code exists:
 * `GET /discounts/{code}`, and a `POST /checkouts` whose `discount_code` the service refuses
 * (a checkout with a valid code, or a replay of a stored one, does not count).
 */
export const DISCOUNT_BUCKET = 'discount';

/** A request counted against its client's bucket, until it is released. */
export type RateLimitHold = {
  /**
   * Takes the count back (the request turned out not to be what the bucket limits); once only,
   * in the window it was counted in.
   */
  release(): Promise<void>;
};

/**
 * Counts this request against its client's bucket for `bucket`; past the limit, a 429 with
 * `Retry-After` (seconds until the window ends), and the refused request is not counted.
 */
export async function rateLimit(ctx: BaseContext, bucket: string): Promise<void> {
  await holdRateLimit(ctx, bucket);
}

/**
 * Counts this request against its client's bucket for `bucket` and answers a hold whose
 * `release()` takes the count back, for a request that counts only by its outcome: counted
 * before it runs, so a burst of concurrent requests cannot pass an exhausted bucket, and
 * released when it turns out not to count. When the bucket was already used up, a 429 with
 * `Retry-After`, not counted. With `rateLimit: false`, a hold that does nothing.
 *
 * The store holds two counters per client and window, both with `increment`: the requests
 * counted (`bk:rl:…`) and those released (`bk:rlr:…`); what is used is the first less the
 * second, and the second is read (with `get`, which answers a counter's decimal value) only
 * once the first is past the limit.
 */
export async function holdRateLimit(ctx: BaseContext, bucket: string): Promise<RateLimitHold> {
  const limit = ctx.shared.config.rateLimit;
  if (limit === false) return { release: async () => undefined };
  const { store } = ctx.shared.config;
  const who = await clientKey(ctx);
  const now = Date.now();
  const window = Math.floor(now / limit.windowMs);
  const released = `bk:rlr:${bucket}:${window}:${who}`;
  let done = false;
  const release = async () => {
    if (done) return;
    done = true;
    await store.increment(released, limit.windowMs);
  };
  const count = await store.increment(`bk:rl:${bucket}:${window}:${who}`, limit.windowMs);
  if (count <= limit.limit) return { release };
  const returned = Number.parseInt((await store.get(released)) ?? '0', 10) || 0;
  if (count - returned <= limit.limit) return { release };
  await release();
  const seconds = Math.max(1, Math.ceil(((window + 1) * limit.windowMs - now) / 1000));
  throw new ProxyHttpError(429, 'rate_limited', `too many requests; try again in ${seconds} s`, {
    headers: { 'retry-after': String(seconds) },
    fields: [
      {
        field: 'request',
        message: `exceeds ${limit.limit} per ${Math.round(limit.windowMs / 1000)} s; try again in ${seconds} s`,
      },
    ],
  });
}

/** The id of a value that is an id or an object with one (`product`, `customer`). */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'string') return id;
  }
  return undefined;
}

/** SHA-256 of a text, as hex (Web Crypto: Node 20+, browsers, edge runtimes). */
export async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A checkout or portal link the service answered, checked before the browser is sent there: on
 * the service's own hosts or on the upstream's own origin (the sandbox's). Anything else is
 * reported and answered as a 502, so a misbehaving upstream cannot redirect buyers.
 */
export function serviceLink(
  ctx: BaseContext,
  url: string | null | undefined,
  what: string,
): string {
  const upstreamOrigin = new URL(ctx.shared.client.baseUrl).origin;
  if (url && isAllowedRedirect(url, [upstreamOrigin])) return url;
  throw answeredStrangely(ctx, `the service answered a ${what} that leads off its own hosts`);
}

/**
 * An answer of the service that the proxy cannot pass on: `onError` hears `what` (after the
 * library's prefix), and the buyer gets a 502 that says no more.
 */
export function answeredStrangely(ctx: BaseContext, what: string): ProxyHttpError {
  ctx.shared.report(new Error(`billing-kit: ${what}`), ctx.request);
  return new ProxyHttpError(502, 'invalid_response', 'the billing service answered strangely');
}

/** Whether a URL is http(s) (a redirect target the browser may follow). */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
