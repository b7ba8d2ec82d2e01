// The proxy handler over a real sandbox, for tests: sessions by cookie, an admin switch, a
// count of every upstream request, and a scanner that fails the suite when the API key shows
// in any byte of any response (status line aside: body and every header).
import { vi } from 'vitest';
import { createSandbox, type SandboxFaults, type SandboxOptions } from '../../src/sandbox/index.js';
import {
  type BillingHandler,
  type BillingHandlerOptions,
  createBillingHandler,
} from '../../src/server/index.js';

/**
 * Runs `body` with `Date` (only) held at 30 s into a minute (and 30 min into an hour): the
 * proxy's rate-limit windows are fixed and aligned to the clock, so on the real clock a test's
 * requests could straddle a window's end and find a fresh bucket. Timers run as usual.
 */
export async function inOneRateLimitWindow(body: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ now: new Date('2030-01-07T12:30:30Z'), toFake: ['Date'] });
  try {
    await body();
  } finally {
    vi.useRealTimers();
  }
}

/** Every leak the scanner found, across the whole test file. */
export const keyLeaks: string[] = [];

/** Every error any harness's handler gave `onError`, to check none carries the key. */
export const reportedErrors: { error: unknown; apiKey: string }[] = [];

/** The reported errors whose message, stack, cause or JSON form holds their key. */
export function errorsWithKey(): unknown[] {
  return reportedErrors
    .filter(({ error, apiKey }) => {
      let text = '';
      let current: unknown = error;
      for (let depth = 0; depth < 5 && current != null; depth++) {
        const e = current as { message?: unknown; stack?: unknown; cause?: unknown };
        text += ` ${String(current)} ${String(e.message)} ${String(e.stack)}`;
        try {
          text += JSON.stringify(current);
        } catch {
          // circular: the strings above still count
        }
        current = e.cause;
      }
      return text.includes(apiKey);
    })
    .map(({ error }) => error);
}

/** Wraps a handler: every response is read (a clone) and searched for `secret`. */
export function scanResponses(
  handler: (request: Request) => Promise<Response>,
  secret: string,
  leaks: string[] = keyLeaks,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await handler(request);
    const text = await response.clone().text();
    const where: string[] = [];
    if (text.includes(secret)) where.push('body');
    response.headers.forEach((value, name) => {
      if (value.includes(secret) || name.includes(secret)) where.push(`header ${name}`);
    });
    if (where.length > 0) {
      const leak = `${request.method} ${request.url}: the API key is in the ${where.join(', ')}`;
      leaks.push(leak);
      throw new Error(leak);
    }
    return response;
  };
}

export const ORIGIN = 'https://shop.test';

export type HarnessOptions = Partial<Omit<BillingHandlerOptions, 'apiKey' | 'fetch'>> & {
  seed?: number;
  /** Faults the sandbox injects into API requests. */
  faults?: SandboxFaults;
  /** Upstream requests to these URLs fail as a dropped connection would, while it returns true. */
  unreachable?: (url: string) => boolean;
  /** Rewrites the service's answer bodies, as a misbehaving upstream would. */
  tamper?: (url: string, body: string) => string;
};

/** What a test reads of an answer. */
export type Answer = {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
  /** The body as a loose record (for property checks in tests). */
  body: Record<string, unknown>;
};

/** Options of one call. */
export type CallOptions = {
  /** Signed in as this customer id (a session cookie the harness's getCustomer reads). */
  as?: string;
  /** A session with only an email (a customer who has not bought yet). */
  asEmail?: string;
  admin?: boolean;
  /** A JSON body (serialised), or raw text. */
  body?: unknown;
  raw?: BodyInit;
  headers?: Record<string, string>;
  /** The `Origin` header; default: the shop's own origin for POST and DELETE, none for GET. */
  origin?: string | null;
};

/** The sandbox, a handler over it (wrapped by the key scanner), and helpers to call it. */
export function proxyHarness(options: HarnessOptions = {}) {
  const { seed = 1, faults, unreachable, tamper, ...handlerOptions } = options;
  const sandbox = createSandbox({ seed, ...(faults ? { faults } : {}) });
  const fixtures = sandbox.fixtures();
  const upstream: { method: string; url: string; body: string | undefined }[] = [];
  const errors: unknown[] = [];
  const sessions = new Map<string, { id?: string; email?: string }>();
  const fetch = (input: string, init: RequestInit) => {
    upstream.push({
      method: init.method ?? 'GET',
      url: String(input),
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    if (unreachable?.(String(input))) return Promise.reject(new TypeError('fetch failed'));
    if (!tamper) return sandbox.fetch(input, init);
    return sandbox.fetch(input, init).then(async (answer) => {
      const body = tamper(String(input), await answer.text());
      return new Response(body, { status: answer.status, headers: answer.headers });
    });
  };

  const raw: BillingHandler = createBillingHandler({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch,
    products: fixtures.products.filter((p) => p.status === 'active').map((p) => p.id),
    getCustomer: (request) => {
      const cookie = request.headers.get('cookie') ?? '';
      const token = /(?:^|;\s*)session=([^;]+)/.exec(cookie)?.[1];
      return token === undefined ? null : (sessions.get(token) ?? null);
    },
    isAdmin: (request) => request.headers.get('cookie')?.includes('admin=yes') ?? false,
    allowedOrigins: [ORIGIN],
    onError: (error) => {
      errors.push(error);
      reportedErrors.push({ error, apiKey: sandbox.apiKey });
    },
    ...handlerOptions,
  });
  const handler = scanResponses(raw, sandbox.apiKey);

  /** A session cookie value for this customer (what the seller's login would set). */
  function session(customer: { id?: string; email?: string }): string {
    const token = `t${sessions.size}_${customer.id ?? customer.email}`;
    sessions.set(token, customer);
    return `session=${token}`;
  }

  /** Builds the Request a browser on the shop would send. */
  function request(method: string, path: string, call: CallOptions = {}): Request {
    const headers = new Headers(call.headers);
    const cookies: string[] = [];
    if (call.as !== undefined || call.asEmail !== undefined) {
      cookies.push(
        session({
          ...(call.as !== undefined ? { id: call.as } : {}),
          ...(call.asEmail !== undefined ? { email: call.asEmail } : {}),
        }),
      );
    }
    if (call.admin) cookies.push('admin=yes');
    if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
    const origin = call.origin === undefined ? (method === 'GET' ? null : ORIGIN) : call.origin;
    if (origin !== null && !headers.has('origin')) headers.set('origin', origin);
    let body: BodyInit | undefined = call.raw;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const url = path.startsWith('http') ? path : `${ORIGIN}${raw.basePath}${path}`;
    return new Request(url, { method, headers, body });
  }

  async function call(
    method: string,
    path: string,
    callOptions: CallOptions = {},
  ): Promise<Answer> {
    const response = await handler(request(method, path, callOptions));
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      headers: response.headers,
      text,
      json,
      body: (json ?? {}) as Record<string, unknown>,
    };
  }

  return { sandbox, fixtures, handler, raw, upstream, errors, session, request, call };
}

/**
 * The proxy over a sandbox whose clock is `now` (default: its fixed epoch), Ada always signed
 * in, and nothing else: for tests of the service's clock as it crosses the proxy.
 */
export function adaProxyOver(now?: SandboxOptions['now']) {
  const sandbox = createSandbox(now === undefined ? {} : { now });
  const handler = createBillingHandler({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: sandbox.fetch,
    products: ['prod_pro_monthly'],
    getCustomer: () => ({ id: 'cust_ada', email: 'ada@example.com' }),
  });
  return { sandbox, handler };
}
