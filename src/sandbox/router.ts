// The API router: matches a request against the endpoint table (the single source of truth for
// methods, paths and input schemas), checks the key, validates params ∪ query ∪ body with the
// table's schemas, runs the operation and checks its answer against the table's response
// schema before it leaves.

import type * as z from 'zod/mini';
import { billingEnvironments } from '../client/client.js';
import { type Endpoint, endpoints, type OperationId, schemaKeys } from '../contract/endpoints.js';
import { issueMessages, parseOptions } from '../contract/issues.js';
import { isJsonMediaType } from '../contract/media-type.js';
import { matchPath } from '../contract/paths.js';
import { createCheckout } from './checkouts.js';
import {
  creditAccount,
  listCreditAccounts,
  listCreditEntries,
  type Reply,
  retrieveCreditAccount,
  reverseCreditTransaction,
} from './credits.js';
import {
  creditsErrorBody,
  defaultCreditsCode,
  type ErrorBodyKind,
  generalErrorBody,
  SandboxError,
} from './errors.js';
import { type Ledger, LedgerError } from './ledger.js';
import {
  createPortalLink,
  deleteDiscount,
  listCustomerSubscriptions,
  listCustomers,
  retrieveDiscount,
  retrieveProduct,
  retrieveSubscription,
  searchTransactions,
  upgradeSubscription,
  validateLicense,
} from './operations.js';
import type { Random } from './random.js';
import type { SandboxStore } from './state.js';
import { statsSummary } from './stats.js';

/** What an operation runs against. */
export type ApiContext = {
  store: SandboxStore;
  ledger: Ledger;
  /** Origin and base path the request came in on: links (checkout, portal) point there. */
  publicBase: string;
};

type Out<S> = S extends z.ZodMiniType ? z.output<S> : unknown;
type Ep<O extends OperationId> = (typeof endpoints)[O];
/** The validated input of an operation: params ∪ query ∪ body. */
type ParsedInput<O extends OperationId> = Out<Ep<O> extends { params: infer P } ? P : undefined> &
  Out<Ep<O> extends { query: infer Q } ? Q : undefined> &
  Out<Ep<O> extends { body: infer B } ? B : undefined>;

const ok = (body: unknown): Reply => ({ body });

/** One handler per operation of the table: a new operation without one fails the typecheck. */
const handlers: { [O in OperationId]: (ctx: ApiContext, input: ParsedInput<O>) => Reply } = {
  listCustomerSubscriptions: (c, i) => ok(listCustomerSubscriptions(c.store, i)),
  listCustomers: (c, i) => ok(listCustomers(c.store, i)),
  createPortalLink: (c, i) => ok(createPortalLink(c.store, i, c.publicBase)),
  retrieveSubscription: (c, i) => ok(retrieveSubscription(c.store, i)),
  upgradeSubscription: (c, i) => ok(upgradeSubscription(c.store, i)),
  createCheckout: (c, i) => ok(createCheckout(c.store, i, c.publicBase)),
  searchTransactions: (c, i) => ok(searchTransactions(c.store, i)),
  retrieveDiscount: (c, i) => ok(retrieveDiscount(c.store, i)),
  deleteDiscount: (c, i) => ok(deleteDiscount(c.store, i)),
  validateLicense: (c, i) => ok(validateLicense(c.store, i)),
  getStatsSummary: (c, i) => ok(statsSummary(c.store, i)),
  listCreditAccounts: (c, i) => ok(listCreditAccounts(c.ledger, i)),
  retrieveCreditAccount: (c, i) => ok(retrieveCreditAccount(c.ledger, i)),
  listCreditEntries: (c, i) => ok(listCreditEntries(c.ledger, i)),
  creditAccount: (c, i) => creditAccount(c.ledger, i),
  reverseCreditTransaction: (c, i) => reverseCreditTransaction(c.ledger, i),
  retrieveProduct: (c, i) => ok(retrieveProduct(c.store, i)),
};

/** A matched operation and its path parameters. */
export type RouteMatch = {
  operationId: OperationId;
  endpoint: Endpoint;
  params: Record<string, string>;
};

const table = Object.entries(endpoints) as [OperationId, Endpoint][];

/**
 * The operation for a method and path (below `/v1`), or null. `GET /v1/products/{id}` (the
 * newer SDK's form) is the product retrieve with `product_id` from the path.
 */
export function matchRoute(method: string, path: string): RouteMatch | null {
  for (const [operationId, endpoint] of table) {
    if (endpoint.method !== method) continue;
    const params = matchPath(endpoint.path, path);
    if (params) return { operationId, endpoint, params };
  }
  if (method === 'GET') {
    const params = matchPath('/v1/products/{product_id}', path);
    if (params)
      return { operationId: 'retrieveProduct', endpoint: endpoints.retrieveProduct, params };
  }
  return null;
}

/** Whether any operation has this path under another method (for the 404 wording). */
function knownPath(path: string): boolean {
  return table.some(([, e]) => matchPath(e.path, path) !== null);
}

/** The pieces of an API answer before it becomes a Response. */
export type ApiAnswer = { status: number; body: unknown; headers: Record<string, string> };

/** Ids for error bodies: `trace_id` (general) and `request_id` (credits). */
export type TraceIds = { trace(): string; request(): string };

/** Makes trace and request ids from their own random stream, so resource ids do not shift. */
export function traceIdsFrom(random: Random): TraceIds {
  const hex = '0123456789abcdef';
  return {
    trace: () =>
      `${random.chars(8, hex)}-${random.chars(4, hex)}-4${random.chars(3, hex)}-${random.pick(['8', '9', 'a', 'b'])}${random.chars(3, hex)}-${random.chars(12, hex)}`,
    request: () => `req_${random.chars(24)}`,
  };
}

/** An error answer in the operation's body form. */
export function errorAnswer(
  kind: ErrorBodyKind,
  status: number,
  messages: string[],
  ids: TraceIds,
  now: number,
  extra: { code?: string | null; param?: string | null; headers?: Record<string, string> } = {},
): ApiAnswer {
  const headers = { ...(extra.headers ?? {}) };
  if (kind === 'credits') {
    const requestId = ids.request();
    headers['x-request-id'] = requestId;
    const code = extra.code === undefined ? defaultCreditsCode(status) : extra.code;
    return {
      status,
      headers,
      body: creditsErrorBody(status, messages.join('; '), requestId, code, extra.param ?? null),
    };
  }
  return { status, headers, body: generalErrorBody(status, messages, ids.trace(), now) };
}

/**
 * The host of the service's production environment. Any other host is taken as the test
 * environment's (the sandbox ignores hosts, so that it can be mounted anywhere); this one is
 * not, since no test key works there.
 */
const PRODUCTION_HOST = new URL(billingEnvironments.production).hostname;

/**
 * The key rules: missing → 401; a key of the other environment → 403 (a production-format key
 * on any host, a test key sent to the production host {@link PRODUCTION_HOST}, as the service
 * refuses a key used against the wrong environment); unknown → 401.
 */
function checkKey(key: string | null, apiKey: string, host: string): SandboxError | null {
  if (key === null || key === '') {
    return new SandboxError(
      401,
      'x-api-key header is missing: send your test API key in x-api-key',
      { code: 'missing_api_key', param: 'x-api-key' },
    );
  }
  if (key.startsWith('creem_test_') && host.toLowerCase() === PRODUCTION_HOST) {
    return new SandboxError(
      403,
      `a test API key cannot be used in the production environment (${PRODUCTION_HOST}): send it to the test base URL (${billingEnvironments.test}, or the sandbox's baseUrl)`,
      { code: 'invalid_api_key', param: 'x-api-key' },
    );
  }
  if (key.startsWith('creem_') && !key.startsWith('creem_test_')) {
    return new SandboxError(
      403,
      'a production API key cannot be used in the test environment: use a test key (creem_test_…)',
      { code: 'invalid_api_key', param: 'x-api-key' },
    );
  }
  if (key !== apiKey) {
    return new SandboxError(401, 'the API key is not valid for this sandbox: use sandbox.apiKey', {
      code: 'invalid_api_key',
      param: 'x-api-key',
    });
  }
  return null;
}

function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in query)) query[key] = value;
  return query;
}

/** The first `field` of `"field message"` lines, for the credits body's `param`. */
function firstField(messages: string[]): string | undefined {
  return messages[0]?.split(' ')[0];
}

/**
 * Answers one API request (its path already below the base path). Never throws: every failure
 * is an error answer in the operation's body form.
 */
export async function answerApi(
  request: Request,
  path: string,
  url: URL,
  context: ApiContext,
  apiKey: string,
  ids: TraceIds,
): Promise<ApiAnswer> {
  const now = context.store.now();
  const method = request.method.toUpperCase();
  const match = matchRoute(method, path);
  if (!match) {
    const message = knownPath(path)
      ? `Cannot ${method} ${path}: this path takes another method`
      : `Cannot ${method} ${path}`;
    return errorAnswer('general', 404, [message], ids, now);
  }
  const { operationId, endpoint } = match;
  const kind = endpoint.errorBody;
  const fail = (error: SandboxError) =>
    errorAnswer(kind, error.status, error.messages, ids, now, {
      ...(error.code === undefined ? {} : { code: error.code }),
      param: error.param ?? null,
      headers: error.headers,
    });

  const keyError = checkKey(request.headers.get('x-api-key'), apiKey, url.hostname);
  if (keyError) return fail(keyError);

  // Input: params ∪ query ∪ body, each checked by the table's schema; every failing field listed.
  const problems: string[] = [];
  const input: Record<string, unknown> = {};
  const check = (schema: z.ZodMiniType | undefined, value: unknown) => {
    if (!schema) return;
    const result = schema.safeParse(value, parseOptions);
    if (result.success) Object.assign(input, result.data);
    else problems.push(...issueMessages(result.error));
  };
  const query = queryObject(url);
  // A parameter given twice reaches the service as a list, which is not the one string or
  // number each parameter is (service-interface.md: "400 … invalid parameters"); only the
  // operation's own parameters, as the service ignores those it does not take (the product
  // retrieve's path form, `GET /v1/products/{id}`, takes no query).
  const pathProduct = operationId === 'retrieveProduct' && match.params.product_id !== undefined;
  for (const name of pathProduct ? [] : schemaKeys(endpoint.query)) {
    const count = url.searchParams.getAll(name).length;
    if (count > 1) problems.push(`${name} must be given once, not ${count} times`);
  }
  if (pathProduct) {
    query.product_id = match.params.product_id as string;
  } else {
    check(endpoint.params, match.params);
  }
  check(endpoint.query, query);
  if (endpoint.body) {
    const text = await request.text();
    let body: unknown = {};
    if (text.trim() !== '') {
      // The service reads a body only as `application/json` (service-interface.md: "Request
      // bodies are application/json"); any other body it does not read, and its required
      // fields then fail. fetch labels a bare string body text/plain, so this is the mistake
      // that would pass here and fail there.
      const contentType = request.headers.get('content-type');
      if (!isJsonMediaType(contentType)) {
        return fail(
          new SandboxError(
            400,
            `content-type must be application/json, got ${contentType === null ? 'none' : `"${contentType}"`}: the service does not read the body otherwise; send the header content-type: application/json`,
            { code: 'parameter_invalid', param: 'content-type' },
          ),
        );
      }
      try {
        body = JSON.parse(text);
      } catch {
        return fail(
          new SandboxError(400, 'body is not valid JSON: send a JSON object', {
            code: 'invalid_json',
            param: 'body',
          }),
        );
      }
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return fail(new SandboxError(400, 'body must be a JSON object', { param: 'body' }));
    }
    check(endpoint.body, body);
  }
  if (problems.length > 0) {
    return fail(
      new SandboxError(400, problems, { code: 'parameter_invalid', param: firstField(problems) }),
    );
  }

  let reply: Reply;
  try {
    const handler = handlers[operationId] as (ctx: ApiContext, input: unknown) => Reply;
    reply = handler(context, input);
  } catch (error) {
    if (error instanceof SandboxError) return fail(error);
    if (error instanceof LedgerError) {
      const requestId = ids.request();
      return {
        status: error.status,
        headers: { 'x-request-id': requestId },
        body: error.toBody(requestId),
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return errorAnswer(
      kind,
      500,
      [`billing-kit: the sandbox failed on ${operationId}: ${message}`],
      ids,
      now,
    );
  }

  // What leaves must be what the contract says the service answers.
  const checked = endpoint.response.safeParse(reply.body, parseOptions);
  if (!checked.success) {
    return errorAnswer(
      kind,
      500,
      [
        `billing-kit: the sandbox answered ${operationId} with a body its schema refuses (a sandbox bug)`,
        ...issueMessages(checked.error),
      ],
      ids,
      now,
    );
  }
  return {
    status: reply.status ?? endpoint.status,
    body: reply.body,
    headers: reply.headers ?? {},
  };
}
