// The options of `createBillingHandler`, checked once at creation so a mistake fails at start
// with the option's name instead of on a buyer's first click.
import { isBaseAddress } from '../client/client.js';
import type { BaseAddress, FetchLike } from '../client/index.js';
import { originOf } from '../contract/origin.js';
import type { JsonValue } from '../contract/schemas.js';
import { type BillingStore, createMemoryStore } from './store.js';

/** Who is signed in, as the seller's session knows them. */
export type BillingCustomer = {
  /** The service's customer id; absent before the first purchase (lists are then empty). */
  id?: string | undefined;
  /** The customer's email; a checkout without an `id` sends it instead. */
  email?: string | undefined;
};

/**
 * The metadata `checkoutMetadata` answers: the service's metadata (JSON values by key), where
 * a key answered `undefined` removes the browser's key of that name.
 */
export type ServerMetadata = { [key: string]: JsonValue | undefined };

/** How the discount preview, license validation and checkouts with a discount code are rate-limited. */
export type RateLimitOptions = {
  /** Requests allowed per client per window. Default: 20. */
  limit?: number;
  /** Window length in milliseconds (a fixed window). Default: 60000 (one minute). */
  windowMs?: number;
  /**
   * Identifies the client a request counts against; return null to fall back to the default.
   * Default: the signed-in customer (its id, else its email); for a signed-out visitor the
   * value of `clientIpHeader` when configured, else the socket address when the request came
   * through `toNodeHandler`, else one bucket shared by every unidentified visitor (`onError`
   * hears of this once: behind a route handler of Next.js, a Worker or a load balancer, set
   * `clientIpHeader`).
   */
  clientKey?: (request: Request) => string | null | undefined | Promise<string | null | undefined>;
  /**
   * A request header that your own reverse proxy or CDN sets to the visitor's address, such
   * as `cf-connecting-ip`, `fly-client-ip` or `x-real-ip`. Only name a header your
   * infrastructure overwrites on every request: any visitor can send any header, so a header
   * that passes through unchanged lets them pick a fresh bucket for every request. For
   * `x-forwarded-for` the last address is used (the one your nearest proxy appended).
   * Default: none; `x-forwarded-for` is never read unless named here.
   */
  clientIpHeader?: string;
};

/** What `onError` is told besides the error and the request. */
export type BillingErrorContext = {
  /**
   * The proxy's trace id of the request (`bk_…`), made once per request before any route
   * runs: the `trace_id` and `x-trace-id` of its error answer, if it gets one.
   */
  traceId: string;
};

/** Options of `createBillingHandler`. */
export type BillingHandlerOptions = {
  /** The service's API key (`creem_…`). It stays on the server: never echoed, logged or sent to the browser. Required. */
  apiKey: string;
  /**
   * Which environment of the service to call, or a base address of its own such as the
   * sandbox's `baseUrl` (the same as the `baseUrl` option). Default: `'test'` for a key that
   * begins `creem_test_`, else `'production'`. With `baseUrl` also given, a name here is not
   * used (the address and the key's check come from `baseUrl`), though it must still be
   * `'test'` or `'production'`; an address here throws (give the address once).
   */
  environment?: 'test' | 'production' | BaseAddress;
  /** The service's base address (the sandbox's `baseUrl`, for example). Default: from `environment`. */
  baseUrl?: string;
  /** The `fetch` the proxy calls the service with (the sandbox's `fetch`, for example). Default: `globalThis.fetch`. */
  fetch?: FetchLike;
  /** Timeout of each call to the service, in milliseconds. Default: the client's (15000). */
  timeoutMs?: number;
  /**
   * Further attempts after a failed call to the service that may pass (network, timeout, 429,
   * 5xx); only reads and idempotent writes are repeated. Default: the client's (2).
   */
  retries?: number;
  /**
   * Who is signed in, from your own session (cookie, token). The customer id is never taken
   * from the browser. Return null when nobody is signed in; `{ email }` without `id` for a
   * customer who has not bought yet. Required.
   */
  getCustomer: (
    request: Request,
  ) => BillingCustomer | null | undefined | Promise<BillingCustomer | null | undefined>;
  /**
   * The catalog: the product ids you sell here, in display order. `GET /products` serves them;
   * checkout and upgrade accept only these. Required.
   */
  products: readonly string[];
  /**
   * Whether the request comes from a seller allowed to use the `/admin/…` routes. When absent,
   * or when it answers false (or throws), those routes answer 404 exactly like an unknown
   * route. Default: none (no admin routes).
   */
  isAdmin?: (request: Request) => boolean | Promise<boolean>;
  /** The path the routes are mounted under. Default: `'/api/billing'`. */
  basePath?: string;
  /**
   * Origins (`https://shop.example`) allowed to send state-changing requests and to be
   * redirected to (`success_url`). A state-changing request (POST, DELETE) must carry an
   * `Origin` among them, or, without `Origin`, `Sec-Fetch-Site: same-origin`, as browsers send;
   * anything else answers 403 naming `origin`, a request with neither header too (a server or
   * script calling the proxy sends the `Origin` of the page it acts for). Set it when the proxy
   * sits behind a reverse proxy that changes the host or protocol the server sees, or when pages
   * on another origin of yours change billing state. Default: the request's own origin.
   */
  allowedOrigins?: readonly string[];
  /** How long the resolved catalog is cached, in milliseconds. Default: 60000. */
  catalogTtlMs?: number;
  /** Whether a signed-out visitor may start a checkout (the service then asks for the email). Default: false. */
  allowAnonymousCheckout?: boolean;
  /** Whether the browser may set `custom_price` on a checkout (pay-what-you-want products). Default: false. */
  allowCustomPrice?: boolean;
  /**
   * The checkout's metadata that your server sets, such as `{ userId: user.id }`: the way to
   * link a payment to your app's user (the checkout carries it as its `metadata`). Called
   * with the request and the session's customer (as `getCustomer` answered; null for a
   * signed-out visitor when `allowAnonymousCheckout` is on); answer an object of JSON values
   * (strings, numbers, booleans, null, arrays, objects), or undefined (or null) for none.
   *
   * The browser may send `metadata` of its own on `POST /checkouts` (the `CheckoutForm`'s
   * answers, for one): that is the buyer's input, untrusted, and anyone can send any key with
   * any value. Never read identity or entitlements from it; set them here. Your keys are merged
   * over the browser's and win: a browser key you also set is replaced by your value, never
   * kept (a key you answer as `undefined` removes the browser's key of that name); the
   * browser's other keys pass through, so give yours names a buyer's form does not use. The
   * checkout, its metadata included, is the answer the browser gets: put no secret in it.
   *
   * It is called once per `request_id` of a customer, not for a replay or a retry: its answer
   * is kept in the `store` for `idempotencyTtlMs`. The same `request_id` with the same body
   * answers the checkout made the first time, with the metadata of that first call, and a
   * retry after a failure (the service's answer lost on the way back, a 5xx the browser
   * retries) sends the service the first answer again, without calling this again; so a value
   * that changes between calls, such as a timestamp, never makes a second checkout or turns a
   * retry into a 409. A throw, or an answer that is not an object of JSON values, is a bug of
   * the server's: the buyer gets a 500, `onError` is told, no checkout is created, and nothing
   * is kept (a retry calls this again). Default: none (only the browser's metadata is sent).
   */
  checkoutMetadata?: (
    request: Request,
    customer: BillingCustomer | null,
  ) => ServerMetadata | null | undefined | Promise<ServerMetadata | null | undefined>;
  /**
   * Where the proxy keeps its state: checkout idempotency, rate-limit buckets, the balance
   * cache and the catalog cache. Use a shared store (Redis) when several server processes
   * serve the proxy. Default: `createMemoryStore()`, this process only.
   */
  store?: BillingStore;
  /** How long a checkout `request_id` is remembered, in milliseconds. Default: 3600000 (one hour). */
  idempotencyTtlMs?: number;
  /**
   * Rate limit of the routes that answer whether a guessable secret exists (discount preview,
   * license validation, and a checkout that carries a `discount_code`, counted in the discount
   * preview's bucket); `false` turns it off. Default: 20 requests per minute per client.
   */
  rateLimit?: RateLimitOptions | false;
  /** Largest request body accepted, in bytes; larger answers 413. Default: 65536 (64 KB). */
  bodyLimit?: number;
  /**
   * Called with every failure worth a seller's attention (an upstream failure, a catalog
   * product that is unknown or archived, a session customer id the service does not know, a
   * bug, a throwing `getCustomer`), for logging. The error never holds the API key. Default:
   * none; then only the catalog's mistakes are logged, with `console.error`, once per product
   * id for the life of the handler (a `CatalogProductError`, without the key), and the rest
   * goes unreported.
   *
   * The third argument (always passed; a `(error, request)` function may ignore it) holds the
   * request's `traceId`: the `trace_id` of the proxy's error body and its `x-trace-id` header
   * when the request is answered with an error, so a buyer's trace id can be found in your
   * log. The upstream's own trace id stays on the error (a `BillingError`'s `traceId`).
   */
  onError?: (error: unknown, request: Request, context: BillingErrorContext) => void;
  /**
   * Lets the proxy run in a browser page (Storybook, a demo on the sandbox). Only with a
   * sandbox or test key: a key in a page is public. Default: false.
   */
  allowBrowser?: boolean;
};

/** The checked and defaulted options. */
export type ProxyConfig = {
  apiKey: string;
  environment: 'test' | 'production' | undefined;
  baseUrl: string | undefined;
  fetch: FetchLike | undefined;
  timeoutMs: number | undefined;
  retries: number | undefined;
  getCustomer: BillingHandlerOptions['getCustomer'];
  products: readonly string[];
  isAdmin: BillingHandlerOptions['isAdmin'];
  basePath: string;
  allowedOrigins: readonly string[] | undefined;
  catalogTtlMs: number;
  allowAnonymousCheckout: boolean;
  allowCustomPrice: boolean;
  checkoutMetadata: BillingHandlerOptions['checkoutMetadata'];
  store: BillingStore;
  idempotencyTtlMs: number;
  rateLimit:
    | {
        limit: number;
        windowMs: number;
        clientKey: RateLimitOptions['clientKey'];
        clientIpHeader: string | undefined;
      }
    | false;
  bodyLimit: number;
  onError: BillingHandlerOptions['onError'];
  allowBrowser: boolean;
};

const known = new Set<string>([
  'apiKey',
  'environment',
  'baseUrl',
  'fetch',
  'timeoutMs',
  'retries',
  'getCustomer',
  'products',
  'isAdmin',
  'basePath',
  'allowedOrigins',
  'catalogTtlMs',
  'allowAnonymousCheckout',
  'allowCustomPrice',
  'checkoutMetadata',
  'store',
  'idempotencyTtlMs',
  'rateLimit',
  'bodyLimit',
  'onError',
  'allowBrowser',
]);

function fail(option: string, problem: string): never {
  throw new TypeError(`billing-kit: createBillingHandler option \`${option}\` ${problem}`);
}

function optionalFunction(value: unknown, option: string): void {
  if (value !== undefined && typeof value !== 'function') fail(option, 'must be a function');
}

function optionalBoolean(value: unknown, option: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') fail(option, 'must be true or false');
  return value;
}

function duration(value: unknown, option: string, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    fail(option, `must be a number of milliseconds of at least ${min}, such as ${fallback}`);
  }
  return value;
}

/** Checks the options and fills in the defaults; throws a TypeError that names the option. */
export function resolveOptions(input: BillingHandlerOptions): ProxyConfig {
  if (typeof input !== 'object' || input === null) {
    throw new TypeError(
      'billing-kit: createBillingHandler needs an options object: { apiKey, products, getCustomer }',
    );
  }
  for (const key of Object.keys(input)) {
    if (!known.has(key)) {
      fail(key, `is not an option; the options are ${[...known].join(', ')}`);
    }
  }
  let o = input as Record<string, unknown>;

  if (typeof o.apiKey !== 'string' || o.apiKey.trim() === '') {
    fail('apiKey', "is required: the service's API key, read from your server's environment");
  }
  if (isBaseAddress(o.environment)) {
    if (o.baseUrl !== undefined)
      fail('environment', 'and baseUrl both give a base address: keep one');
    o = { ...o, baseUrl: o.environment, environment: undefined };
  }
  if (o.environment !== undefined && o.environment !== 'test' && o.environment !== 'production') {
    fail('environment', "must be 'test', 'production' or an http(s) base address");
  }
  if (o.baseUrl !== undefined && (typeof o.baseUrl !== 'string' || originOf(o.baseUrl) === null)) {
    fail('baseUrl', 'must be an http(s) URL such as https://test-api.creem.io');
  }
  optionalFunction(o.fetch, 'fetch');
  if (o.timeoutMs !== undefined) duration(o.timeoutMs, 'timeoutMs', 15_000, 1);
  if (
    o.retries !== undefined &&
    (!Number.isInteger(o.retries) || (o.retries as number) < 0 || (o.retries as number) > 10)
  ) {
    fail('retries', 'must be a whole number from 0 to 10, such as 2');
  }
  if (typeof o.getCustomer !== 'function') {
    fail(
      'getCustomer',
      'is required: a function (request) => ({ id, email }) | null that reads your session, so the proxy never takes a customer id from the browser',
    );
  }
  if (!Array.isArray(o.products)) {
    fail(
      'products',
      "is required: the product ids of your catalog, in display order, e.g. ['prod_123']",
    );
  }
  const seen = new Set<string>();
  (o.products as unknown[]).forEach((id, i) => {
    if (typeof id !== 'string' || id.trim() === '') {
      fail(`products[${i}]`, 'must be a product id string');
    }
    if (seen.has(id)) fail(`products[${i}]`, `repeats the product id ${JSON.stringify(id)}`);
    seen.add(id);
  });
  optionalFunction(o.isAdmin, 'isAdmin');
  optionalFunction(o.checkoutMetadata, 'checkoutMetadata');

  let basePath = '/api/billing';
  if (o.basePath !== undefined) {
    if (typeof o.basePath !== 'string' || !/^\/[A-Za-z0-9\-._~/]*$/.test(o.basePath)) {
      fail('basePath', "must be a path that starts with '/', such as '/api/billing'");
    }
    // A request's URL has its dot segments resolved before the handler reads it, so a base path
    // that holds one would match no request at all.
    if (o.basePath.split('/').some((segment) => segment === '.' || segment === '..')) {
      fail(
        'basePath',
        "must not hold `.` or `..` segments, which no request's path keeps (they are resolved before it arrives): write the path resolved, such as '/api/billing' for '/api/x/../billing'",
      );
    }
    basePath = o.basePath.replace(/\/+$/, '');
  }

  let allowedOrigins: string[] | undefined;
  if (o.allowedOrigins !== undefined) {
    if (!Array.isArray(o.allowedOrigins)) {
      fail('allowedOrigins', "must be an array of origins such as ['https://shop.example']");
    }
    allowedOrigins = (o.allowedOrigins as unknown[]).map((value, i) => {
      const origin = typeof value === 'string' ? originOf(value) : null;
      // Any spelling of an origin is one (`https://Shop.example:443/` is https://shop.example);
      // a path, query, fragment or user name would be dropped without a word, so it is refused.
      if (origin === null || new URL(value as string).href !== `${origin}/`) {
        fail(
          `allowedOrigins[${i}]`,
          `must be an origin: scheme, host and port only, such as ${origin === null ? 'https://shop.example' : `"${origin}"`}`,
        );
      }
      return origin;
    });
  }

  let store: BillingStore;
  if (o.store === undefined) {
    store = createMemoryStore();
  } else {
    const s = o.store as Record<string, unknown> | null;
    for (const method of ['get', 'set', 'add', 'increment', 'delete']) {
      if (typeof s?.[method] !== 'function') {
        fail('store', `must implement get, set, add, increment and delete (missing ${method})`);
      }
    }
    store = o.store as BillingStore;
  }

  let rateLimit: ProxyConfig['rateLimit'] = {
    limit: 20,
    windowMs: 60_000,
    clientKey: undefined,
    clientIpHeader: undefined,
  };
  if (o.rateLimit === false) {
    rateLimit = false;
  } else if (o.rateLimit !== undefined) {
    if (typeof o.rateLimit !== 'object' || o.rateLimit === null) {
      fail('rateLimit', 'must be { limit, windowMs, clientKey?, clientIpHeader? } or false');
    }
    const r = o.rateLimit as Record<string, unknown>;
    for (const key of Object.keys(r)) {
      if (!['limit', 'windowMs', 'clientKey', 'clientIpHeader'].includes(key)) {
        fail(
          `rateLimit.${key}`,
          'is not an option; use limit, windowMs, clientKey, clientIpHeader',
        );
      }
    }
    if (r.limit !== undefined && (!Number.isInteger(r.limit) || (r.limit as number) < 1)) {
      fail('rateLimit.limit', 'must be a whole number of requests of at least 1, such as 20');
    }
    optionalFunction(r.clientKey, 'rateLimit.clientKey');
    if (
      r.clientIpHeader !== undefined &&
      (typeof r.clientIpHeader !== 'string' || !/^[A-Za-z0-9-]+$/.test(r.clientIpHeader))
    ) {
      fail('rateLimit.clientIpHeader', "must be a header name such as 'cf-connecting-ip'");
    }
    rateLimit = {
      limit: (r.limit as number | undefined) ?? 20,
      windowMs: duration(r.windowMs, 'rateLimit.windowMs', 60_000, 1),
      clientKey: r.clientKey as RateLimitOptions['clientKey'],
      clientIpHeader: (r.clientIpHeader as string | undefined)?.toLowerCase(),
    };
  }

  let bodyLimit = 64 * 1024;
  if (o.bodyLimit !== undefined) {
    if (!Number.isInteger(o.bodyLimit) || (o.bodyLimit as number) < 1) {
      fail('bodyLimit', 'must be a whole number of bytes, such as 65536');
    }
    bodyLimit = o.bodyLimit as number;
  }
  optionalFunction(o.onError, 'onError');

  return {
    apiKey: o.apiKey as string,
    environment: o.environment as ProxyConfig['environment'],
    baseUrl: o.baseUrl as string | undefined,
    fetch: o.fetch as ProxyConfig['fetch'],
    timeoutMs: o.timeoutMs as number | undefined,
    retries: o.retries as number | undefined,
    getCustomer: o.getCustomer as ProxyConfig['getCustomer'],
    products: [...(o.products as string[])],
    isAdmin: o.isAdmin as ProxyConfig['isAdmin'],
    basePath,
    allowedOrigins,
    catalogTtlMs: duration(o.catalogTtlMs, 'catalogTtlMs', 60_000),
    allowAnonymousCheckout: optionalBoolean(o.allowAnonymousCheckout, 'allowAnonymousCheckout'),
    allowCustomPrice: optionalBoolean(o.allowCustomPrice, 'allowCustomPrice'),
    checkoutMetadata: o.checkoutMetadata as ProxyConfig['checkoutMetadata'],
    store,
    idempotencyTtlMs: duration(o.idempotencyTtlMs, 'idempotencyTtlMs', 3_600_000, 1000),
    rateLimit,
    bodyLimit,
    onError: o.onError as ProxyConfig['onError'],
    allowBrowser: optionalBoolean(o.allowBrowser, 'allowBrowser'),
  };
}
