// The typed client of the service: one method per operation of the endpoint table, every input
// checked and every answer parsed by the contract, retries only where a repeat cannot act twice.
// Meant for the seller's server: the API key travels in `x-api-key` and nowhere else, and it is
// blanked out of everything the client throws.
import {
  type Endpoint,
  endpoints,
  type OperationId,
  type OperationInput,
  type OperationOutput,
  schemaKeys,
} from '../contract/endpoints.js';
import {
  type FieldIssue,
  fieldIssues,
  issueMessages,
  issuePath,
  leafIssues,
  parseOptions,
} from '../contract/issues.js';
import { fillPath } from '../contract/paths.js';
import type { Known } from '../contract/schemas.js';
import {
  BillingError,
  type BillingErrorDetails,
  type BillingErrorKind,
  parseRetryAfter,
  readErrorBody,
  responseErrorMessage,
  sentence,
} from './error.js';
import { withoutKey } from './redact.js';
import { type BackoffOptions, backoffDelay, resolveBackoff, retryableKinds } from './retry.js';

/** The two environments of the service, each with its own base address and its own keys. */
export const billingEnvironments = {
  test: 'https://test-api.creem.io',
  production: 'https://api.creem.io',
} as const;

/** `test` or `production`. */
export type BillingEnvironment = keyof typeof billingEnvironments;

/** An absolute http(s) address, such as the sandbox's `baseUrl`. */
export type BaseAddress = `http://${string}` | `https://${string}`;

/** The `fetch` the client calls: the global one, the sandbox's, or any other. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Options of `createBillingClient`. */
export type BillingClientOptions = {
  /** The store's API key, sent as `x-api-key`. Keep it on the server. Required. */
  apiKey: string;
  /**
   * Which service to call: `test` (https://test-api.creem.io), `production`
   * (https://api.creem.io), or a base address of its own such as the sandbox's `baseUrl` (the
   * same as the `baseUrl` option). A key of the other environment is refused: a `creem_test_…`
   * key with `production`, another `creem_…` key with `test`; a key of any other shape is taken.
   * Default: `test` when the key starts with `creem_test_`, else `production`.
   */
  environment?: BillingEnvironment | BaseAddress;
  /**
   * Base address that overrides `environment`, such as the sandbox's `baseUrl`. At either
   * service's own address a key must not be the other environment's, as with its name.
   * Default: none.
   */
  baseUrl?: string;
  /** The `fetch` to call, such as the sandbox's. Default: `globalThis.fetch`. */
  fetch?: FetchLike;
  /** Time allowed for each attempt (answer and body), in ms. Default: 15000. */
  timeoutMs?: number;
  /** Further attempts after a failure that may pass (network, timeout, 429, 5xx). Default: 2. */
  retries?: number;
  /** How to wait between attempts. Default: 500 ms base, 8 s ceiling, full jitter. */
  backoff?: BackoffOptions;
  /** Sent as the `user-agent` header (server runtimes only). Default: none. */
  userAgent?: string;
  /**
   * Lets the client be built in a browser page. Only for code that runs in a page yet holds no
   * real key (the sandbox in Storybook, a demo). A DOM emulated in a Node test runner (jsdom,
   * happy-dom) needs none of it. Default: false.
   */
  allowBrowser?: boolean;
};

/** Options of one call. */
export type RequestOptions = {
  /** Aborts the call: it rejects at once with the signal's reason and is not retried. */
  signal?: AbortSignal;
  /** Time allowed for each attempt of this call, in ms. Default: the client's `timeoutMs`. */
  timeoutMs?: number;
};

/** The arguments of an operation's method: the input may be left out when nothing is required. */
export type OperationArgs<O extends OperationId> =
  Partial<OperationInput<O>> extends OperationInput<O>
    ? [input?: OperationInput<O>, options?: RequestOptions]
    : [input: OperationInput<O>, options?: RequestOptions];

/**
 * What an operation's method resolves to: the parsed answer, typed as the contract's named types
 * (`Subscription`, `Checkout`, …): unknown fields are kept at run time but not typed.
 */
export type OperationResult<O extends OperationId> = Known<OperationOutput<O>>;

/** One operation as a method. */
export type OperationMethod<O extends OperationId> = (
  ...args: OperationArgs<O>
) => Promise<OperationResult<O>>;

/** The client: one method per operation of the service, grouped by resource. */
export type BillingClient = {
  /** The base address every path is appended to. */
  readonly baseUrl: string;
  /** The environment the key belongs to (from the option, or read off the key). */
  readonly environment: BillingEnvironment;
  /** Calls any operation of the endpoint table by its id; the methods below all go through it. */
  request<O extends OperationId>(
    operation: O,
    ...args: OperationArgs<O>
  ): Promise<OperationResult<O>>;
  customers: {
    /** `GET /v1/customers/list`: a page of customers (`page_number`, `page_size`). */
    list: OperationMethod<'listCustomers'>;
    /** `GET /v1/customers/{customer_id}/subscriptions`: a page of one customer's subscriptions. */
    listSubscriptions: OperationMethod<'listCustomerSubscriptions'>;
    /** `POST /v1/customers/billing`: a link to the customer's billing portal. */
    createPortalLink: OperationMethod<'createPortalLink'>;
  };
  subscriptions: {
    /** `GET /v1/subscriptions?subscription_id=`: one subscription. */
    retrieve: OperationMethod<'retrieveSubscription'>;
    /** `POST /v1/subscriptions/{subscription_id}/upgrade`: moves it to another product. Never retried. */
    upgrade: OperationMethod<'upgradeSubscription'>;
  };
  checkouts: {
    /** `POST /v1/checkouts`: a checkout session. Retried only when `request_id` is given. */
    create: OperationMethod<'createCheckout'>;
  };
  transactions: {
    /** `GET /v1/transactions/search`: a page of transactions, filtered by customer, order, product. */
    search: OperationMethod<'searchTransactions'>;
  };
  discounts: {
    /** `GET /v1/discounts`: one discount by `discount_id` or `discount_code`. */
    retrieve: OperationMethod<'retrieveDiscount'>;
    /** `DELETE /v1/discounts/{discount_id}/delete`: deletes it for good. Never retried. */
    delete: OperationMethod<'deleteDiscount'>;
  };
  licenses: {
    /** `POST /v1/licenses/validate`: the license with its instance. */
    validate: OperationMethod<'validateLicense'>;
  };
  stats: {
    /** `GET /v1/stats/summary`: store totals, and periods when an interval is given. */
    summary: OperationMethod<'getStatsSummary'>;
  };
  credits: {
    /** `GET /v1/customer-credits/accounts`: a cursor page of credits accounts. */
    listAccounts: OperationMethod<'listCreditAccounts'>;
    /** `GET /v1/customer-credits/accounts/{account_id}`: one credits account. */
    retrieveAccount: OperationMethod<'retrieveCreditAccount'>;
    /** `GET /v1/customer-credits/accounts/{account_id}/entries`: a cursor page of its entries. */
    listEntries: OperationMethod<'listCreditEntries'>;
    /**
     * `POST …/{account_id}/credit`: adds `amount` credits (a positive decimal string) to the
     * account. Both `reference` (your id linking the transaction to an event in your system,
     * such as an order id) and `idempotency_key` are required, as the service's API requires
     * them; a call without either is refused before anything is sent.
     *
     * The key is what makes a repeat safe: the service books one transaction per key and
     * answers a repeat with the same body with that transaction again (a different body under
     * the same key is a 409 `conflict`). So the client retries this call after a network error,
     * a timeout, a 429 or a 5xx, and after a failure you may call it again yourself with the
     * same key. Use a key derived from the event (`order_123:signup_bonus`), not a fresh random
     * one per attempt, or a repeat books the credits twice.
     *
     * ```ts
     * await billing.credits.credit({
     *   account_id: account.id,
     *   amount: '100',
     *   reference: 'order_123',
     *   idempotency_key: 'order_123:credits',
     * });
     * ```
     */
    credit: OperationMethod<'creditAccount'>;
    /**
     * `POST …/{account_id}/reverse`: writes a new transaction that undoes `transaction_id`
     * (its `reversal_of` names the original). The service's API takes no idempotency key
     * here, so the client never retries it; a transaction can be reversed only once, so after
     * a network error or a timeout read the account's entries to see whether it went through
     * before calling again.
     */
    reverse: OperationMethod<'reverseCreditTransaction'>;
  };
  products: {
    /** `GET /v1/products?product_id=`: one product. */
    retrieve: OperationMethod<'retrieveProduct'>;
  };
};

/** Which operation each method calls. */
const methodTable = {
  customers: {
    list: 'listCustomers',
    listSubscriptions: 'listCustomerSubscriptions',
    createPortalLink: 'createPortalLink',
  },
  subscriptions: { retrieve: 'retrieveSubscription', upgrade: 'upgradeSubscription' },
  checkouts: { create: 'createCheckout' },
  transactions: { search: 'searchTransactions' },
  discounts: { retrieve: 'retrieveDiscount', delete: 'deleteDiscount' },
  licenses: { validate: 'validateLicense' },
  stats: { summary: 'getStatsSummary' },
  credits: {
    listAccounts: 'listCreditAccounts',
    retrieveAccount: 'retrieveCreditAccount',
    listEntries: 'listCreditEntries',
    credit: 'creditAccount',
    reverse: 'reverseCreditTransaction',
  },
  products: { retrieve: 'retrieveProduct' },
} as const satisfies Record<string, Record<string, OperationId>>;

/** Every key of the service starts with `creem_`; test keys with `creem_test_`. */
const KEY_PREFIX = 'creem_';
const TEST_KEY_PREFIX = 'creem_test_';
const MAX_TIMER_MS = 2_147_483_647;
const MAX_RETRIES = 10;

/** Sentences that say how to fix a failure of each kind, added to the message. */
const hints: Partial<Record<BillingErrorKind, string>> = {
  auth:
    'Check the apiKey option: test keys (creem_test_…) work only against the test environment, ' +
    'production keys only against production.',
  not_found: 'Check the id, and that it was made in this environment (test or production).',
};

/**
 * The client of the service, for the seller's server.
 *
 * ```ts
 * const billing = createBillingClient({ apiKey: process.env.CREEM_API_KEY! });
 * const { items } = await billing.customers.listSubscriptions({ customer_id: 'cust_1' });
 * ```
 *
 * Throws where `window` and `document` exist unless `allowBrowser` is set: a browser must go
 * through the proxy (`createBillingHandler` + `BillingProvider`) so the key stays secret.
 */
export function createBillingClient(options: BillingClientOptions): BillingClient {
  const config = resolveOptions(options);
  const { apiKey, baseUrl, timeoutMs, retries, backoff, userAgent } = config;
  const callFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const redact = (text: string) => text.split(apiKey).join('[redacted]');

  /** Every error leaves through here, so the key cannot ride out on any of its strings. */
  function fail(message: string, details: BillingErrorDetails, cause?: unknown): BillingError {
    const clean: BillingErrorDetails = {
      ...details,
      messages: details.messages.map(redact),
    };
    for (const key of ['traceId', 'requestId', 'code', 'param', 'path'] as const) {
      const value = details[key];
      if (value !== undefined) clean[key] = redact(value);
    }
    if (details.fields) {
      clean.fields = details.fields.map((f) => ({
        field: redact(f.field),
        message: redact(f.message),
      }));
    }
    return new BillingError(redact(message), clean, { cause: withoutKey(cause, apiKey) });
  }

  async function request(
    operation: OperationId,
    input?: unknown,
    callOptions: RequestOptions = {},
  ): Promise<unknown> {
    const endpoint: Endpoint | undefined = Object.hasOwn(endpoints, operation)
      ? endpoints[operation]
      : undefined;
    if (!endpoint) {
      throw fail(
        `billing-kit: unknown operation "${String(operation)}"; use one of ${Object.keys(endpoints).join(', ')}.`,
        {
          kind: 'invalid_request',
          status: 0,
          messages: [`unknown operation ${String(operation)}`],
          operation: String(operation),
        },
      );
    }
    const { signal } = callOptions;
    const attemptTimeout = callOptions.timeoutMs ?? timeoutMs;
    if (callOptions.timeoutMs !== undefined) checkTimeout(callOptions.timeoutMs, 'timeoutMs');
    if (signal?.aborted) throw signal.reason;

    const prepared = prepare(operation, endpoint, input);
    if (Array.isArray(prepared)) {
      const lines = prepared.map(({ field, message }) => `${field} ${message}`);
      throw fail(
        `billing-kit: ${operation} was not sent: ${sentence(lines)} Fix the input and call again.`,
        { kind: 'invalid_request', status: 0, messages: lines, fields: prepared, operation },
      );
    }
    const url = baseUrl + prepared.path + prepared.search;
    const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': apiKey };
    if (prepared.body !== undefined) headers['content-type'] = 'application/json';
    if (userAgent !== undefined) headers['user-agent'] = userAgent;
    // A redirect is not followed: fetch would carry x-api-key along to wherever it points.
    const init: RequestInit = { method: endpoint.method, headers, redirect: 'manual' };
    if (prepared.body !== undefined) init.body = JSON.stringify(prepared.body);

    const key = endpoint.idempotencyKey;
    const safeToRepeat =
      endpoint.method === 'GET' ||
      (endpoint.method === 'POST' &&
        key !== undefined &&
        typeof prepared.body?.[key] === 'string' &&
        prepared.body[key] !== '');
    const attempts = safeToRepeat ? retries + 1 : 1;

    for (let attempt = 1; ; attempt++) {
      const outcome = await attemptOnce(operation, endpoint, url, init, attemptTimeout, signal);
      if (outcome.ok) return outcome.value;
      const failure = outcome.failure;
      const retryAfterMs = failure.details.retryAfterMs;
      const again =
        attempt < attempts &&
        (failure.retryable ?? retryableKinds.has(failure.details.kind)) &&
        (retryAfterMs === undefined || retryAfterMs <= backoff.maxRetryAfterMs);
      if (!again) throw fail(failure.describe(attempt), failure.details, failure.cause);
      const wait = retryAfterMs ?? backoffDelay(attempt - 1, backoff);
      await backoff.sleep(wait, signal);
      if (signal?.aborted) throw signal.reason;
    }
  }

  /** One try: fetch, read the body, parse it. A caller abort rejects with its reason. */
  async function attemptOnce(
    operation: OperationId,
    endpoint: Endpoint,
    url: string,
    init: RequestInit,
    limitMs: number,
    signal: AbortSignal | undefined,
  ): Promise<{ ok: true; value: unknown } | { ok: false; failure: Failure }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      limitMs <= MAX_TIMER_MS
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, limitMs)
        : undefined;
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    let response: Response | undefined;
    let text: string;
    try {
      response = await untilAborted(
        callFetch(url, { ...init, signal: controller.signal }),
        controller.signal,
      );
      text = await untilAborted(response.text(), controller.signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (response === undefined) {
        if (timedOut) return { ok: false, failure: timeoutFailure(operation, limitMs) };
        return { ok: false, failure: networkFailure(operation, baseUrl, error) };
      }
      // The status came but its body did not (a broken stream, a body already read): the status
      // still decides, so a 503 stays a 503 and is retried as one.
      if (!isSuccess(response.status)) {
        return {
          ok: false,
          failure: { ...responseFailure(operation, response, ''), cause: error },
        };
      }
      const failure = timedOut
        ? bodyTimeoutFailure(operation, response.status, limitMs)
        : unreadableFailure(operation, response.status, error);
      return { ok: false, failure };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }

    if (!isSuccess(response.status)) {
      return { ok: false, failure: responseFailure(operation, response, text) };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // Blanked out before badJsonFailure quotes its start: a cut would leave a piece of the key.
      return { ok: false, failure: badJsonFailure(operation, response.status, redact(text)) };
    }
    const parsed = endpoint.response.safeParse(json, parseOptions);
    if (!parsed.success) {
      const first = leafIssues(parsed.error)[0];
      const lines = issueMessages(parsed.error);
      const details: BillingErrorDetails = {
        kind: 'invalid_response',
        status: response.status,
        messages: lines,
        path: first ? issuePath(first.path) : '',
        operation,
      };
      return {
        ok: false,
        failure: {
          details,
          describe: () =>
            `billing-kit: ${operation} answered ${response.status} with a body that does not match ` +
            `the contract: ${sentence(lines)} The service may have changed its API; upgrade ` +
            'billing-kit, or report it with this message.',
        },
      };
    }
    return { ok: true, value: parsed.data };
  }

  const client = {
    baseUrl,
    environment: config.environment,
    request: request as BillingClient['request'],
  } as BillingClient;
  const groups = client as unknown as Record<string, Record<string, unknown>>;
  for (const [group, methods] of Object.entries(methodTable)) {
    groups[group] = Object.fromEntries(
      Object.entries(methods).map(([name, operation]) => [
        name,
        (input?: unknown, callOptions?: RequestOptions) => request(operation, input, callOptions),
      ]),
    );
  }
  return client;
}

/** A failure of one attempt, described once the number of attempts is known. */
type Failure = {
  details: BillingErrorDetails;
  describe: (attempts: number) => string;
  cause?: unknown;
  /** Whether another attempt may cure it, where the call is safe to repeat. Default: by kind. */
  retryable?: boolean;
};

function isSuccess(status: number): boolean {
  return status >= 200 && status <= 299;
}

function responseFailure(operation: OperationId, response: Response, text: string): Failure {
  const details = readErrorBody(response.status, text);
  details.operation = operation;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  if (retryAfterMs !== undefined) details.retryAfterMs = retryAfterMs;
  const redirected =
    response.type === 'opaqueredirect' || (response.status >= 300 && response.status <= 399);
  if (redirected) details.messages = ['the service answered with a redirect'];
  const location = response.headers.get('location');
  const hint = redirected
    ? `billing-kit does not follow redirects, so the API key is never sent elsewhere${location ? ` (this one pointed to ${location})` : ''}; check the baseUrl option.`
    : details.kind === 'rate_limited'
      ? retryAfterMs === undefined
        ? 'Slow down and try again later.'
        : `The service asks to wait ${Math.ceil(retryAfterMs / 1000)} s before trying again.`
      : hints[details.kind];
  return {
    details,
    describe: (attempts) =>
      responseErrorMessage(details, { statusText: response.statusText, hint, attempts }),
  };
}

function timeoutFailure(operation: OperationId, limitMs: number): Failure {
  return {
    details: {
      kind: 'timeout',
      status: 0,
      messages: [`no answer within ${limitMs} ms`],
      operation,
    },
    describe: (attempts) =>
      `billing-kit: ${operation} timed out: no answer within ${limitMs} ms` +
      `${attempts > 1 ? ` (${attempts} attempts)` : ''}. Raise timeoutMs (per call or on ` +
      'createBillingClient) or try again later.',
  };
}

/** A 2xx whose body did not finish in time: a timeout, with the status that did come. */
function bodyTimeoutFailure(operation: OperationId, status: number, limitMs: number): Failure {
  return {
    details: {
      kind: 'timeout',
      status,
      messages: [`the body of the ${status} answer did not finish within ${limitMs} ms`],
      operation,
    },
    describe: (attempts) =>
      `billing-kit: ${operation} timed out: it answered ${status} but the body did not finish ` +
      `within ${limitMs} ms${attempts > 1 ? ` (${attempts} attempts)` : ''}. Raise timeoutMs ` +
      '(per call or on createBillingClient) or try again later.',
  };
}

/**
 * A 2xx whose body could not be read: the call went through but its answer is lost, so it is
 * `invalid_response` (callers do not repeat it on their own), with the status kept. The client
 * tries again only where a repeat cannot act twice (a GET, a POST with its idempotency key).
 */
function unreadableFailure(operation: OperationId, status: number, error: unknown): Failure {
  const reason = describeCause(error);
  return {
    details: {
      kind: 'invalid_response',
      status,
      messages: [
        `the body of the ${status} answer could not be read${reason ? `: ${reason}` : ''}`,
      ],
      operation,
    },
    describe: (attempts) =>
      `billing-kit: ${operation} answered ${status} but its body could not be read` +
      `${attempts > 1 ? ` after ${attempts} attempts` : ''}${reason ? ` (${reason})` : ''}. ` +
      'The call may have taken effect: check before repeating it, or try again later.',
    cause: error,
    retryable: true,
  };
}

function networkFailure(operation: OperationId, baseUrl: string, error: unknown): Failure {
  const origin = safeOrigin(baseUrl);
  const reason = describeCause(error);
  return {
    details: {
      kind: 'network',
      status: 0,
      messages: [`could not reach ${origin}${reason ? `: ${reason}` : ''}`],
      operation,
    },
    describe: (attempts) =>
      `billing-kit: ${operation} could not reach ${origin}` +
      `${attempts > 1 ? ` after ${attempts} attempts` : ''}${reason ? ` (${reason})` : ''}. ` +
      'Check the network and the baseUrl option.',
    cause: error,
  };
}

/** `text` comes with the key already blanked out, as the start of it is quoted. */
function badJsonFailure(operation: OperationId, status: number, text: string): Failure {
  const start = text.trim().slice(0, 60);
  // The cause is the parse error of that same text: V8 quotes the body around where it failed.
  let cause: unknown;
  try {
    JSON.parse(text);
  } catch (error) {
    cause = error;
  }
  const shown =
    start === '' ? 'an empty body' : `a body that is not JSON: ${JSON.stringify(start)}`;
  return {
    details: {
      kind: 'invalid_response',
      status,
      messages: [start === '' ? 'the response body is empty' : 'the response body is not JSON'],
      operation,
    },
    describe: () =>
      `billing-kit: ${operation} answered ${status} with ${shown}. Check that baseUrl points ` +
      'at the service and not at a web page or another proxy.',
    cause,
  };
}

function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : '';
  const inner = error.cause instanceof Error ? error.cause.message : '';
  return inner && inner !== error.message ? `${error.message}: ${inner}` : error.message;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Settles with `promise`, or rejects as soon as `signal` aborts (even if `fetch` ignores it). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      promise.catch(() => {});
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

type Prepared = { path: string; search: string; body?: Record<string, unknown> };

/**
 * Splits the one input object into path parameters, query and body by the operation's schemas,
 * and checks each. Returns the failing fields instead when anything is wrong.
 */
function prepare(
  operation: OperationId,
  endpoint: Endpoint,
  input: unknown,
): Prepared | FieldIssue[] {
  const issues: FieldIssue[] = [];
  const source = input ?? {};
  if (typeof source !== 'object' || Array.isArray(source)) {
    return [{ field: '(input)', message: 'must be an object' }];
  }
  const values = source as Record<string, unknown>;
  const known = new Set<string>();
  const parts: {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: Record<string, unknown>;
  } = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = endpoint[part];
    if (!schema) continue;
    const keys = schemaKeys(schema);
    const slice: Record<string, unknown> = {};
    for (const key of keys) {
      known.add(key);
      if (values[key] !== undefined) slice[key] = values[key];
    }
    const result = schema.safeParse(slice, parseOptions);
    if (result.success) parts[part] = result.data;
    else issues.push(...fieldIssues(result.error));
  }
  // A path segment of `.` or `..` is resolved away by URL parsing, even percent-encoded, so
  // `/v1/customers/../subscriptions` would reach another operation.
  for (const [key, value] of Object.entries(parts.params ?? {})) {
    if (value === '.' || value === '..') {
      issues.push({ field: key, message: `must be an id, not "${value}"` });
    }
  }
  for (const key of Object.keys(values)) {
    if (!known.has(key) && values[key] !== undefined) {
      issues.push({ field: key, message: `is not an input of ${operation}` });
    }
  }
  if (issues.length > 0) return issues;

  const search = new URLSearchParams();
  if (endpoint.query && parts.query) {
    for (const key of schemaKeys(endpoint.query)) {
      const value = parts.query[key];
      if (value !== undefined && value !== null) search.append(key, String(value));
    }
  }
  const query = search.toString();
  const prepared: Prepared = {
    path: fillPath(endpoint.path, parts.params ?? {}),
    search: query === '' ? '' : `?${query}`,
  };
  if (endpoint.body) prepared.body = parts.body ?? {};
  return prepared;
}

type ResolvedOptions = {
  apiKey: string;
  environment: BillingEnvironment;
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  backoff: ReturnType<typeof resolveBackoff>;
  userAgent?: string;
};

function resolveOptions(options: BillingClientOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      'billing-kit: createBillingClient needs an options object: createBillingClient({ apiKey }).',
    );
  }
  if (!options.allowBrowser && isBrowser()) {
    throw new Error(
      'billing-kit: createBillingClient runs on your server; in the browser use the proxy ' +
        '(createBillingHandler + BillingProvider) so your API key stays secret. The proxy is ' +
        'built on this client too: to run either in a page with the sandbox or a test key ' +
        '(Storybook, a demo), pass allowBrowser: true',
    );
  }
  const { apiKey } = options;
  if (typeof apiKey !== 'string' || apiKey === '') {
    throw new TypeError(
      'billing-kit: createBillingClient needs the apiKey option: your store API key from the ' +
        "dashboard's developer settings, read from an environment variable on your server.",
    );
  }
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new TypeError(
      'billing-kit: the apiKey option holds spaces, line breaks or other characters a header ' +
        'cannot carry; copy the key again (and trim what your environment file added).',
    );
  }
  const isTestKey = apiKey.startsWith(TEST_KEY_PREFIX);
  // The environment a key of the service's own shape belongs to; a key of any other shape (one
  // made up for a test, a proxy's own) is not checked against the environment.
  const keyEnvironment: BillingEnvironment | undefined = isTestKey
    ? 'test'
    : apiKey.startsWith(KEY_PREFIX)
      ? 'production'
      : undefined;
  // `environment` may itself be a base address: then it is the `baseUrl` option.
  const address = isBaseAddress(options.environment) ? options.environment : undefined;
  if (address !== undefined && options.baseUrl !== undefined) {
    throw new TypeError(
      'billing-kit: give the base address once, as the environment option or as baseUrl, not both.',
    );
  }
  const environment = address === undefined ? options.environment : undefined;
  const baseUrlOption = address ?? options.baseUrl;
  if (environment !== undefined && !Object.hasOwn(billingEnvironments, environment)) {
    throw new TypeError(
      `billing-kit: the environment option must be 'test', 'production' or an http(s) base address such as the sandbox's baseUrl (got ${JSON.stringify(String(environment))}).`,
    );
  }
  const named = environment as BillingEnvironment | undefined;
  // The environment whose keys the address takes: by name, or at either service's own address.
  let checked = baseUrlOption === undefined ? named : undefined;
  let baseUrl: string = billingEnvironments[named ?? (isTestKey ? 'test' : 'production')];
  if (baseUrlOption !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(String(baseUrlOption));
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
      throw new TypeError(
        'billing-kit: the baseUrl option must be an absolute http(s) address without query or ' +
          "hash, such as 'https://test-api.creem.io' or the sandbox's baseUrl.",
      );
    }
    baseUrl = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    // Any other address (the sandbox, a proxy) is not checked.
    checked = (Object.keys(billingEnvironments) as BillingEnvironment[]).find(
      (name) => new URL(billingEnvironments[name]).host === url.host,
    );
  }
  if (checked !== undefined && keyEnvironment !== undefined && checked !== keyEnvironment) {
    const at = baseUrlOption === undefined ? '' : ` (the base address ${baseUrl})`;
    const instead = baseUrlOption === undefined ? '' : ' in place of this address';
    throw new TypeError(
      checked === 'test'
        ? `billing-kit: environment is 'test'${at} but apiKey is not a test key (those start ` +
            `with creem_test_); use a test key, or environment: 'production'${instead}.`
        : `billing-kit: environment is 'production'${at} but apiKey is a test key ` +
            `(creem_test_…); use a production key, or environment: 'test'${instead}.`,
    );
  }
  const resolvedEnvironment: BillingEnvironment =
    checked ?? named ?? (isTestKey ? 'test' : 'production');

  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new TypeError('billing-kit: the fetch option must be a function like globalThis.fetch.');
  }
  if (options.fetch === undefined && typeof globalThis.fetch !== 'function') {
    throw new TypeError(
      'billing-kit: this runtime has no global fetch; pass one as the fetch option (Node 20+ has it built in).',
    );
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  checkTimeout(timeoutMs, 'timeoutMs');
  const retries = options.retries ?? 2;
  if (!Number.isInteger(retries) || retries < 0 || retries > MAX_RETRIES) {
    throw new TypeError(
      `billing-kit: the retries option must be a whole number from 0 to ${MAX_RETRIES} (default 2).`,
    );
  }
  if (options.userAgent !== undefined && !/^[\x20-\x7e]+$/.test(options.userAgent)) {
    throw new TypeError('billing-kit: the userAgent option must be printable ASCII text.');
  }
  const backoff = resolveBackoff(options.backoff);
  for (const key of ['baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    if (!(backoff[key] >= 0)) {
      throw new TypeError(`billing-kit: backoff.${key} must be a number of ms, 0 or more.`);
    }
  }

  const resolved: ResolvedOptions = {
    apiKey,
    environment: resolvedEnvironment,
    baseUrl,
    timeoutMs,
    retries,
    backoff,
  };
  if (options.userAgent !== undefined) resolved.userAgent = options.userAgent;
  return resolved;
}

/** Whether an `environment` option is a base address rather than an environment's name. */
export function isBaseAddress(value: unknown): value is BaseAddress {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

function checkTimeout(value: number, name: string): void {
  if (typeof value !== 'number' || !(value > 0)) {
    throw new TypeError(
      `billing-kit: the ${name} option must be a number of ms above 0 (default 15000; Infinity for none).`,
    );
  }
}

/**
 * A page a key would be shown to: `window` and `document`, and not a DOM emulated in a Node
 * test runner (jsdom, happy-dom), where nothing leaves the process.
 */
function isBrowser(): boolean {
  const scope = globalThis as {
    window?: unknown;
    document?: unknown;
    navigator?: { userAgent?: unknown };
  };
  if (typeof scope.window === 'undefined' || typeof scope.document === 'undefined') return false;
  const agent = scope.navigator?.userAgent;
  return !(typeof agent === 'string' && /\b(jsdom|HappyDOM)\//i.test(agent));
}
