// The proxy: one `(Request) => Promise<Response>` that serves `proxyRoutes` under `basePath`.
// Every request passes the same gates in the same order (route, method, admin, CSRF, body
// size, JSON, schema) before a route runs, and every answer, refusal or bug leaves as JSON
// with the proxy's own error body (a HEAD, the same answer without it). The handler never
// throws.
import * as z from 'zod/mini';
import { createBillingClient } from '../client/index.js';
import { withoutKey } from '../client/redact.js';
import { schemaKeys } from '../contract/endpoints.js';
import { type FieldIssue, fieldIssues, parseOptions } from '../contract/issues.js';
import { isJsonMediaType } from '../contract/media-type.js';
import { matchPath } from '../contract/paths.js';
import { type ProxyRoute, type ProxyRouteName, proxyRoutes } from '../contract/proxy.js';
import { type ProxyInputSchemas, proxyRouteInputs } from '../contract/proxy-inputs.js';
import {
  type BaseContext,
  type ProxyShared,
  type RouteResult,
  readSessionCustomer,
  type SessionCustomer,
  serverError,
} from './context.js';
import { errorBody, invalidField, invalidFields, notFound, ProxyHttpError } from './errors.js';
import { type BillingHandlerOptions, resolveOptions } from './options.js';
import { requestMethod } from './request-method.js';
import { CatalogProductError } from './routes/catalog.js';
import { routeImpls } from './routes/index.js';
import { createServiceClock } from './service-clock.js';

/** The proxy: a fetch-style handler, plus the path it serves under (read by `toNodeHandler`). */
export type BillingHandler = ((request: Request) => Promise<Response>) & {
  /** The path the routes are mounted under, without a trailing slash. */
  readonly basePath: string;
};

const routeNames = Object.keys(proxyRoutes) as ProxyRouteName[];
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The body of a POST route that takes nothing but its path: `{}` or none at all. */
const emptyBody = z.strictObject({});
/** Query parameters that would name a customer: the proxy takes the customer from the session. */
const customerParams = ['customer_id', 'customer'] as const;
/** Path placeholders are ids and codes: never empty, huge or holding control characters. */
function plausibleParam(value: string): boolean {
  if (value.length === 0 || value.length > 200) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/**
 * The billing proxy: serves the browser-facing routes of billing-kit under `basePath`, calling
 * the service with your API key on behalf of the customer your session names.
 *
 * ```ts
 * const billing = createBillingHandler({
 *   apiKey: process.env.CREEM_API_KEY!,
 *   products: ['prod_basic', 'prod_pro'],
 *   getCustomer: async (request) => {
 *     const user = await sessionUser(request);
 *     return user ? { id: user.billingCustomerId, email: user.email } : null;
 *   },
 * });
 * ```
 *
 * The options are checked here: a mistake throws a TypeError naming the option.
 */
export function createBillingHandler(options: BillingHandlerOptions): BillingHandler {
  const config = resolveOptions(options);
  // The service's clock, from its answers' Date: every answer of the proxy carries it as its Date
  // when it is more than a minute from ours, else our own time.
  const clock = createServiceClock();
  const watchedFetch = clock.watch(config.fetch);
  const client = createBillingClient({
    apiKey: config.apiKey,
    ...(config.baseUrl !== undefined ? { baseUrl: config.baseUrl } : {}),
    ...(config.environment !== undefined ? { environment: config.environment } : {}),
    ...(watchedFetch !== undefined ? { fetch: watchedFetch } : {}),
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
    ...(config.retries !== undefined ? { retries: config.retries } : {}),
    allowBrowser: config.allowBrowser,
  });
  // The last guard: whatever a route built, the key cannot leave in a body.
  const redact = (text: string) =>
    text.includes(config.apiKey) ? text.split(config.apiKey).join('[redacted]') : text;
  // Without onError, the catalog's mistakes still reach the seller: in the server's log, once
  // per product id for the life of this handler (the catalog is resolved again every TTL).
  const logged = new Set<string>();
  // The trace id of each request being handled, so a report made anywhere while it runs (a
  // route, getCustomer, the catalog it loads) carries the id its error answer shows.
  const traceIds = new WeakMap<Request, string>();
  const shared: ProxyShared = {
    config,
    client,
    serviceTime: (local) => clock.time(local),
    inflight: new Map(),
    report(error, request) {
      if (!config.onError) {
        if (error instanceof CatalogProductError && !logged.has(error.productId)) {
          logged.add(error.productId);
          console.error(withoutKey(error, config.apiKey));
        }
        return;
      }
      try {
        config.onError(withoutKey(error, config.apiKey), request, {
          traceId: traceIds.get(request) ?? UNAVAILABLE_TRACE_ID,
        });
      } catch {
        // A logger that throws must not turn an answer into a failure.
      }
    },
  };

  async function handle(request: Request, traceId: string): Promise<Response> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return errorResponse(notFound('path', 'does not exist'), traceId);
    }
    try {
      const result = await dispatch(shared, request, url, traceId);
      return jsonResponse(result.status ?? 200, result.body, {
        'cache-control':
          result.maxAgeSeconds !== undefined && result.maxAgeSeconds > 0
            ? `private, max-age=${result.maxAgeSeconds}`
            : 'no-store',
        ...result.headers,
      });
    } catch (error) {
      if (error instanceof ProxyHttpError) return errorResponse(error, traceId);
      shared.report(error, request);
      return errorResponse(serverError(), traceId);
    }
  }

  /**
   * Never throws, never answers with the key, whatever happens inside. The trace id is made
   * once, before anything else, so the error body, the `x-trace-id` header and `onError` all
   * carry the same one.
   */
  const handler = async (request: Request): Promise<Response> => {
    let response: Response;
    let traceId = UNAVAILABLE_TRACE_ID;
    try {
      traceId = newTraceId();
      traceIds.set(request, traceId);
      response = await handle(request, traceId);
    } catch (error) {
      shared.report(error, request);
      try {
        response = errorResponse(serverError(), traceId);
      } catch {
        response = new Response(lastResortBody(), {
          status: 500,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'cache-control': 'no-store',
            'x-trace-id': UNAVAILABLE_TRACE_ID,
          },
        });
      }
    }
    // HEAD is GET without the body: the status and headers it would have had.
    if (request.method.toUpperCase() === 'HEAD') {
      response = new Response(null, { status: response.status, headers: response.headers });
    }
    return clock.stamp(response);
  };

  function jsonResponse(status: number, body: unknown, headers: Record<string, string>) {
    return new Response(redact(JSON.stringify(body)), {
      status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-content-type-options': 'nosniff',
        ...headers,
      },
    });
  }

  /** An error answer: the error body, and its trace id again in `x-trace-id`. */
  function errorResponse(error: ProxyHttpError, traceId: string): Response {
    return jsonResponse(error.status, errorBody(error, traceId), {
      'cache-control': 'no-store',
      ...error.headers,
      'x-trace-id': traceId,
    });
  }

  return Object.assign(handler, { basePath: config.basePath });
}

/** The trace id of a request when none could be made (no crypto). */
const UNAVAILABLE_TRACE_ID = 'bk_unavailable';

/** The error body when even building one failed: nothing but constants. */
function lastResortBody(): string {
  return JSON.stringify({
    trace_id: UNAVAILABLE_TRACE_ID,
    status: 500,
    error: 'Internal Server Error',
    message: ['the billing proxy had an internal error'],
    timestamp: Date.now(),
    kind: 'server',
  });
}

function newTraceId(): string {
  return `bk_${globalThis.crypto.randomUUID()}`;
}

/** Finds the route, checks everything about the request, and runs the route. */
async function dispatch(
  shared: ProxyShared,
  request: Request,
  url: URL,
  traceId: string,
): Promise<RouteResult> {
  const { config } = shared;
  // The client's method, even one a Request cannot hold (TRACE through `toNodeHandler`).
  const method = requestMethod(request);
  const path = url.pathname;
  if (path !== config.basePath && !path.startsWith(`${config.basePath}/`)) {
    throw notFound('path', 'does not exist');
  }
  const sub = path.slice(config.basePath.length) || '/';

  // Every route whose path matches; the admin ones only for an admin.
  let matches: { name: ProxyRouteName; route: ProxyRoute; params: Record<string, string> }[] = [];
  for (const name of routeNames) {
    const route: ProxyRoute = proxyRoutes[name];
    const params = matchPath(route.path, sub);
    if (params !== null) matches.push({ name, route, params });
  }
  if (matches.some((m) => m.route.admin) && !(await isAdmin(shared, request))) {
    matches = matches.filter((m) => !m.route.admin);
  }
  if (matches.length === 0) throw notFound('path', 'does not exist');
  const match = matches.find((m) => m.route.method === (method === 'HEAD' ? 'GET' : method));
  if (!match) {
    const methods = matches.flatMap((m) =>
      m.route.method === 'GET' ? ['GET', 'HEAD'] : [m.route.method],
    );
    const allow = [...new Set(methods)].join(', ');
    throw new ProxyHttpError(405, 'invalid_request', `method ${method} is not allowed here`, {
      fields: [{ field: 'method', message: `must be ${allow}` }],
      headers: { allow },
    });
  }
  for (const value of Object.values(match.params)) {
    if (!plausibleParam(value)) throw notFound(Object.keys(match.params)[0] ?? 'path');
  }

  let origin = config.allowedOrigins?.[0] ?? url.origin;
  if (bodyMethods.has(method)) origin = checkOrigin(request, url, config.allowedOrigins);

  let customer: Promise<SessionCustomer | null> | undefined;
  const base: BaseContext = {
    shared,
    request,
    url,
    params: match.params,
    origin,
    traceId,
    customer: () => {
      customer ??= readSessionCustomer(shared, request);
      return customer;
    },
  };

  // A customer named in the query, on any route but the seller's own, is answered as the one
  // 404 of a missing resource, whoever it names (another's, a random one, the session's own):
  // the answer tells nothing about which customers exist.
  if (!match.route.admin) {
    for (const key of customerParams) {
      if (url.searchParams.has(key)) throw notFound(key);
    }
  }

  const inputs: ProxyInputSchemas =
    proxyRouteInputs[match.name as keyof typeof proxyRouteInputs] ?? {};
  let query: unknown;
  if (inputs.query) {
    query = parseInput(
      inputs.query,
      Object.fromEntries(url.searchParams),
      repeatedParams(inputs.query, url.searchParams),
    );
  }

  // Every POST passes the same gates (JSON, size, schema), whether its route takes fields or
  // only `{}` (the portal): what it does not take is refused by name, never dropped.
  let body: unknown;
  if (method === 'POST') {
    const json = await readJsonBody(request, config.bodyLimit);
    body = parseInput(inputs.body ?? emptyBody, json, match.route.admin ? [] : sessionKeys(json));
  }

  const impl = routeImpls[match.name] as (ctx: unknown) => Promise<RouteResult>;
  return impl({ ...base, query, body });
}

/** `isAdmin`; absent, false or throwing all mean no (a throw is reported). */
async function isAdmin(shared: ProxyShared, request: Request): Promise<boolean> {
  if (!shared.config.isAdmin) return false;
  try {
    return (await shared.config.isAdmin(request)) === true;
  } catch (error) {
    shared.report(error, request);
    return false;
  }
}

/**
 * CSRF: a state-changing request must say where it comes from, as every browser does with a
 * POST, and come from an allowed origin: an `Origin` among `allowedOrigins` (by default the
 * request's own), or, without `Origin`, `Sec-Fetch-Site: same-origin`. Anything else is refused,
 * a request with neither header too (a server or script calling the proxy sends the `Origin` of
 * the page it acts for). Answers the origin to build links on.
 */
function checkOrigin(request: Request, url: URL, allowedOrigins: readonly string[] | undefined) {
  const allowed = allowedOrigins ?? [url.origin];
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (!allowed.includes(origin)) {
      throw new ProxyHttpError(403, 'auth', 'origin is not allowed to change billing state', {
        fields: [
          {
            field: 'origin',
            message:
              "must be one of the allowed origins: the proxy's own, or one listed in its allowedOrigins option",
          },
        ],
      });
    }
    return origin;
  }
  const site = request.headers.get('sec-fetch-site');
  if (site === 'same-origin') return allowed[0] ?? url.origin;
  throw new ProxyHttpError(
    403,
    'auth',
    site === null
      ? 'a request without an Origin may not change billing state'
      : `a request with Sec-Fetch-Site: ${site} and no Origin may not change billing state`,
    {
      fields: [
        {
          field: 'origin',
          message:
            "is required: send the Origin header of the page (a browser does), naming the proxy's own origin or one listed in its allowedOrigins option",
        },
      ],
    },
  );
}

/**
 * A body must be declared JSON: a form or `text/plain` post is how CSRF gets in, since a
 * browser sends those cross-site without asking. 415, so a developer's wrong header reads as
 * such and not as a refused origin.
 */
function notJson(): ProxyHttpError {
  return new ProxyHttpError(415, 'invalid_request', 'content-type must be application/json', {
    fields: [{ field: 'content-type', message: 'must be application/json' }],
  });
}

/**
 * A POST's body as JSON. A body declared anything but JSON is refused before it is read; one
 * with no content type is read (within the limit) and must be empty, since a POST with no body
 * at all (`fetch(url, { method: 'POST' })`) has nothing to declare: it reads as `{}`, as does a
 * blank body declared JSON.
 */
async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const header = request.headers.get('content-type');
  if (header !== null && !isJsonMediaType(header)) throw notJson();
  const bytes = await readBytes(request, limit);
  if (header === null) {
    if (bytes.byteLength > 0) throw notJson();
    return {};
  }
  return parseJson(bytes);
}

function tooLarge(limit: number): ProxyHttpError {
  return new ProxyHttpError(413, 'invalid_request', `body must be at most ${limit} bytes`, {
    fields: [{ field: '(body)', message: `must be at most ${limit} bytes` }],
  });
}

/**
 * Reads the body, at most `limit` bytes. `content-length` only refuses early: the stream
 * itself is counted, since the header can lie or be absent (chunked).
 */
async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        throw new ProxyHttpError(400, 'invalid_request', 'the body could not be read', {
          fields: [{ field: '(body)', message: 'could not be read' }],
        });
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limit) {
        reader.cancel().catch(() => undefined);
        throw tooLarge(limit);
      }
      chunks.push(next.value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A body declared JSON: UTF-8, then JSON. A blank one (empty or whitespace) reads as `{}`, as a
 * body with no content type does: the portal answers, and a route with fields names each
 * missing one. `null` stays a value, refused as not an object.
 */
function parseJson(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidField('(body)', 'must be UTF-8 text');
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalidField('(body)', 'must be valid JSON');
  }
}

/** Checks a query or body with its schema; a 400 names each failing field. */
function parseInput(schema: z.ZodMiniType, value: unknown, refused: FieldIssue[] = []): unknown {
  const result = schema.safeParse(value, parseOptions);
  if (result.success && refused.length === 0) return result.data;
  const named = new Set(refused.map((issue) => issue.field));
  const issues = result.success ? [] : fieldIssues(result.error);
  throw invalidFields([...refused, ...issues.filter((issue) => !named.has(issue.field))]);
}

/**
 * The query parameters of the route's schema that the URL gives more than once, each refused by
 * name: `?page=1&page=2` has no one meaning (servers and caches differ on which value wins), so
 * the proxy takes neither rather than pick the last in silence.
 */
function repeatedParams(schema: z.ZodMiniType, search: URLSearchParams): FieldIssue[] {
  return schemaKeys(schema)
    .filter((key) => search.getAll(key).length > 1)
    .map((field) => ({ field, message: 'must be given once; send one value' }));
}

/**
 * The customer keys a browser's body carries, each refused in words of its own: the customer
 * is the session's. Listed with the body's other failing fields, so one answer names them all.
 */
function sessionKeys(json: unknown): FieldIssue[] {
  if (typeof json !== 'object' || json === null) return [];
  return (['customer', 'customer_id'] as const)
    .filter((key) => key in json)
    .map((field) => ({ field, message: 'is taken from the session; do not send it' }));
}
