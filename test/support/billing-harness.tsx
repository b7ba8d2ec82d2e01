// The shared test harness of the React layer: a seeded sandbox, the real proxy handler over it
// (signed in as a chosen seeded customer, admin optional), a `fetch` that hands `basePath`
// requests to the handler in-process and counts them per route, and `renderWithBilling` /
// `renderHookWithBilling` that wrap UI in <BillingProvider> with a fresh QueryClient.
//
// Runs in jsdom, in Node and in a real browser (Storybook, Vitest browser mode): no `node:`
// imports here or below.
import { QueryClient } from '@tanstack/react-query';
import {
  act,
  type RenderHookOptions,
  type RenderHookResult,
  type RenderOptions,
  type RenderResult,
  render,
  renderHook,
} from '@testing-library/react';
import type { ReactNode } from 'react';
import { createBillingClient } from '../../src/client/client.js';
import { kindForStatus } from '../../src/client/error.js';
import { matchPath } from '../../src/contract/paths.js';
import { type ProxyRouteName, proxyRoutes } from '../../src/contract/proxy.js';
import { BillingProvider, type BillingProviderProps } from '../../src/react/provider.js';
import { createSandbox, type SandboxData } from '../../src/sandbox/index.js';
import { errorBody, ProxyHttpError } from '../../src/server/errors.js';
import { type BillingHandler, createBillingHandler } from '../../src/server/handler.js';
import type { BillingCustomer, BillingHandlerOptions } from '../../src/server/options.js';

/** The sandbox the harness runs. */
export type HarnessSandbox = ReturnType<typeof createSandbox>;
type SandboxOptions = NonNullable<Parameters<typeof createSandbox>[0]>;

/** Who is signed in: a seeded customer's id, a session identity, or `null` (signed out). */
export type HarnessCustomer = string | BillingCustomer | null;

/** The seeded customer the harness signs in by default: Ada, who has subscriptions and credits. */
export const DEFAULT_CUSTOMER = 'cust_ada';

/** Options of `createBillingHarness`. */
export type BillingHarnessOptions = {
  /** Who is signed in. Default: `cust_ada` (Ada: subscriptions, licenses, 1,000+ credit entries). */
  customer?: HarnessCustomer;
  /** Whether the session may use the seller's `/admin` routes. Default: false. */
  admin?: boolean;
  /** The sandbox's seed. Default: the sandbox's own default. */
  seed?: SandboxOptions['seed'];
  /** Faults the sandbox injects into API requests (upstream of the proxy). Default: none. */
  faults?: SandboxOptions['faults'];
  /**
   * The sandbox's clock; its seeded data is laid out around it. `() => Date.now()` follows the
   * page's clock (a story whose UI computes with the time, such as an upgrade estimate).
   * Default: the sandbox's fixed `SANDBOX_EPOCH`.
   */
  now?: SandboxOptions['now'];
  /** The proxy's catalog. Default: every active product of the seeded catalog, in its order. */
  products?: readonly string[];
  /** Where the proxy is mounted. Default: `/api/billing`. */
  basePath?: string;
  /** Any further `createBillingHandler` options (rate limit, timeouts…). Default: none. */
  handler?: Partial<BillingHandlerOptions>;
  /**
   * Edits the service's successful JSON answers on their way to the proxy, for data the sandbox
   * does not hold (a status the service may add, a currency Intl cannot format): called with
   * the request's path (`/v1/…`) and the parsed body, which it changes in place. Default: none.
   */
  editAnswer?: (path: string, body: never) => void;
};

/** One request that reached the harness's `fetch`. */
export type HarnessRequest = {
  method: string;
  /** Path under `basePath`, such as `/credits/accounts/ca_1/entries`. */
  path: string;
  /** The query, parsed. */
  query: Record<string, string>;
  /** The proxy route it matched; null for an unknown path (it still reaches the handler). */
  route: ProxyRouteName | null;
  /** The JSON body sent, parsed; undefined without one. */
  body: unknown;
};

/** A failure the harness answers instead of the proxy, for the next matching request(s). */
export type HarnessFailure = {
  /** Which route fails. Default: any. */
  route?: ProxyRouteName;
  /**
   * `network`: fetch rejects before the proxy sees the request (offline). `lost`: the proxy
   * acts, then the answer is lost and fetch rejects (a dropped connection). A number: that
   * HTTP status with the proxy's error body, without the proxy acting.
   */
  with: 'network' | 'lost' | number;
  /** How many matching requests fail. Default: 1. */
  times?: number;
};

/** What `createBillingHarness` returns. */
export type BillingHarness = {
  sandbox: HarnessSandbox;
  /** The real proxy handler, over the sandbox. */
  handler: BillingHandler;
  basePath: string;
  /** The page's origin, which the proxy trusts for state-changing requests. */
  origin: string;
  /** The fetch to give `<BillingProvider fetch>`: basePath → handler, sandbox URLs → sandbox. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Every request seen, in order. */
  requests: HarnessRequest[];
  /** How many requests hit a route (every route when left out). */
  count: (route?: ProxyRouteName) => number;
  /** Forgets the recorded requests. */
  resetRequests: () => void;
  /** Makes the next matching request(s) fail before reaching the proxy. */
  failNext: (failure: HarnessFailure) => void;
  /**
   * Holds every request to a route (after counting it) until the returned `release()` is
   * called, so a test can look at loading and optimistic states as long as it likes.
   */
  hold: (route: ProxyRouteName) => () => void;
  /** Every URL the provider's `navigate` was called with (checkout and portal redirects). */
  navigations: string[];
  /** The `navigate` to give `<BillingProvider navigate>`; records into `navigations`. */
  navigate: (url: string) => void;
  /** Signs another customer in (or out with null); admin access follows `admin`. */
  signIn: (customer: HarnessCustomer, options?: { admin?: boolean }) => void;
  /** The provider props that wire a `<BillingProvider>` to this harness. */
  providerProps: () => Omit<BillingProviderProps, 'children'>;
};

/** The page's origin (jsdom's or the browser's), else a stand-in for Node. */
const fixturesBySeed = new Map<string, ReturnType<HarnessSandbox['fixtures']>>();

/**
 * The seeded data of a fresh sandbox with this seed (read once per seed), for tests that need
 * an id before they render: ids change when the seed data changes, so never hard-code them.
 */
export function seededFixtures(
  seed?: SandboxOptions['seed'],
): ReturnType<HarnessSandbox['fixtures']> {
  const key = String(seed ?? '');
  let fixtures = fixturesBySeed.get(key);
  if (!fixtures) {
    fixtures = createSandbox(seed === undefined ? {} : { seed }).fixtures();
    fixturesBySeed.set(key, fixtures);
  }
  return fixtures;
}

/**
 * A monthly plan pricier than Pro (Scale, $49) for a harness's sandbox, which the seed lacks:
 * `products` is the proxy's catalog with it, `customize` stages it (`sandbox.customize`).
 */
export function scalePlan(): { products: string[]; customize: (data: SandboxData) => void } {
  const active = seededFixtures()
    .products.filter((p) => p.status === 'active')
    .map((p) => p.id);
  return {
    products: [...active, 'prod_scale_monthly'],
    customize: ({ products }) => {
      const pro = products.find((p) => p.id === 'prod_pro_monthly');
      if (!pro) throw new Error('seed changed: no prod_pro_monthly');
      products.push({ ...pro, id: 'prod_scale_monthly', name: 'Scale', price: 4900 });
    },
  };
}

/**
 * The id of a seeded customer's credit account: the one with `name`, else the first.
 * `seededCreditAccount('cust_ada', 'AI credits')` is the account with 1,000+ entries.
 */
export function seededCreditAccount(
  customerId: string,
  name?: string,
  seed?: SandboxOptions['seed'],
): string {
  const account = seededFixtures(seed).credit_accounts.find(
    (a) => a.customer_id === customerId && (name === undefined || a.name === name),
  );
  if (!account) {
    throw new TypeError(
      `billing harness: ${customerId} has no seeded credit account${name ? ` named "${name}"` : ''}`,
    );
  }
  return account.id;
}

function pageOrigin(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : 'http://localhost:3000';
}

function routeOf(method: string, path: string): ProxyRouteName | null {
  for (const [name, route] of Object.entries(proxyRoutes)) {
    if (route.method === method && matchPath(route.path, path) !== null) {
      return name as ProxyRouteName;
    }
  }
  return null;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * A sandbox, the proxy over it, and a fetch that reaches the proxy in-process.
 *
 * @example
 * const harness = createBillingHarness({ customer: 'cust_grace' });
 * render(<BillingProvider {...harness.providerProps()}><App /></BillingProvider>);
 * expect(harness.count('products')).toBe(1);
 */
export function createBillingHarness(options: BillingHarnessOptions = {}): BillingHarness {
  const sandbox = createSandbox({
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.faults !== undefined ? { faults: options.faults } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  const fixtures = sandbox.fixtures();
  const basePath = (options.basePath ?? '/api/billing').replace(/\/+$/, '');
  const origin = pageOrigin();
  let session: { customer: HarnessCustomer; admin: boolean } = {
    customer: options.customer === undefined ? DEFAULT_CUSTOMER : options.customer,
    admin: options.admin ?? false,
  };

  const { editAnswer } = options;
  const upstreamFetch: typeof sandbox.fetch = !editAnswer
    ? sandbox.fetch
    : async (input, init) => {
        const response = await sandbox.fetch(input, init);
        if (!response.ok) return response;
        const body = await response.json();
        editAnswer(new URL(String(input), sandbox.baseUrl).pathname, body as never);
        return Response.json(body, { status: response.status, headers: response.headers });
      };
  const handler = createBillingHandler({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: upstreamFetch,
    products:
      options.products ?? fixtures.products.filter((p) => p.status === 'active').map((p) => p.id),
    basePath,
    allowBrowser: true,
    getCustomer: () => {
      const { customer } = session;
      if (customer === null) return null;
      if (typeof customer !== 'string') return customer;
      const seeded = fixtures.customers.find((c) => c.id === customer);
      if (!seeded) {
        throw new TypeError(
          `billing harness: no seeded customer "${customer}"; use one of ${fixtures.customers
            .map((c) => c.id)
            .join(', ')}`,
        );
      }
      return { id: seeded.id, email: seeded.email };
    },
    isAdmin: () => session.admin,
    ...options.handler,
  });

  const requests: HarnessRequest[] = [];
  const failures: Array<Required<Pick<HarnessFailure, 'with' | 'times'>> & HarnessFailure> = [];
  const navigations: string[] = [];
  const holds = new Map<ProxyRouteName, Promise<void>>();

  const harnessFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const given = input instanceof Request ? input : undefined;
    const url = new URL(given ? given.url : String(input), origin);
    if (url.href.startsWith(sandbox.baseUrl)) {
      return sandbox.fetch(url.href, init);
    }
    if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) {
      throw new TypeError(
        `billing harness: no network in tests: ${url.href} is neither under ${basePath} nor the sandbox`,
      );
    }
    const method = (init.method ?? given?.method ?? 'GET').toUpperCase();
    const path = url.pathname.slice(basePath.length) || '/';
    const route = routeOf(method, path);
    const text = typeof init.body === 'string' ? init.body : undefined;
    requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      route,
      body: text === undefined ? undefined : safeJson(text),
    });

    const signal = init.signal ?? given?.signal ?? undefined;
    const answer = answerRequest(url, method, route, text, init.headers ?? given?.headers);
    if (!signal) return answer;
    // The signal is not passed to the Request (jsdom's AbortSignal is not the one Node's
    // Request accepts): abort is raced here instead, as `fetch` rejects at once on abort.
    if (signal.aborted) throw abortError(signal);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      answer.then(
        (response) => {
          signal.removeEventListener('abort', onAbort);
          resolve(response);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  };

  async function answerRequest(
    url: URL,
    method: string,
    route: ProxyRouteName | null,
    text: string | undefined,
    givenHeaders: HeadersInit | undefined,
  ): Promise<Response> {
    const held = route ? holds.get(route) : undefined;
    if (held) await held;
    const failure = failures.find((f) => f.route === undefined || f.route === route);
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
    }
    if (failure?.with === 'network') throw new TypeError('Failed to fetch');
    if (typeof failure?.with === 'number') {
      const status = failure.with;
      const kind = kindForStatus(status);
      const error = new ProxyHttpError(
        status,
        kind === 'invalid_response' ? 'server' : kind,
        `injected ${status} by the billing harness`,
      );
      return new Response(JSON.stringify(errorBody(error, 'bk_harness')), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }

    // What a browser adds on its own: the page's origin on state-changing requests.
    const headers = new Headers(givenHeaders);
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) {
      headers.set('origin', origin);
    }
    const request = new Request(url.href, {
      method,
      headers,
      ...(text !== undefined ? { body: text } : {}),
    });
    if (request.headers.get('origin') !== headers.get('origin')) {
      // A browser drops `Origin` from a constructed Request (a forbidden header); the proxy
      // must still see what the browser itself would have sent.
      Object.defineProperty(request, 'headers', { value: headers });
    }
    const response = await handler(request);
    if (failure?.with === 'lost') throw new TypeError('Failed to fetch');
    return response;
  }

  const harness: BillingHarness = {
    sandbox,
    handler,
    basePath,
    origin,
    fetch: harnessFetch,
    requests,
    count: (route) =>
      route === undefined ? requests.length : requests.filter((r) => r.route === route).length,
    resetRequests: () => {
      requests.length = 0;
    },
    failNext: (failure) => {
      failures.push({ ...failure, times: failure.times ?? 1 });
    },
    hold: (route) => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = () => {
          if (holds.get(route) === gate) holds.delete(route);
          resolve();
        };
      });
      holds.set(route, gate);
      return release;
    },
    navigations,
    navigate: (url) => {
      navigations.push(url);
    },
    signIn: (customer, signInOptions = {}) => {
      session = { customer, admin: signInOptions.admin ?? false };
    },
    providerProps: () => ({
      basePath,
      fetch: (input: string, init: RequestInit) => harnessFetch(input, init),
      navigate: harness.navigate,
      checkoutOrigins: [new URL(sandbox.baseUrl).origin],
      retries: 0,
    }),
  };
  return harness;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Options of `createTestQueryClient`. */
export type TestQueryClientOptions = {
  /** Retries after a transient failure (also set on the provider); each without delay. Default: 0. */
  retries?: number;
};

/**
 * The service's own client over the harness's sandbox, as the seller's server holds it: to read
 * what the service answers, or to act in it (a credit, a deleted code) while the page is open.
 * (jsdom is a browser to the client; this stands for the server.)
 */
export function sellerClient(harness: Pick<BillingHarness, 'sandbox'>) {
  return createBillingClient({
    apiKey: harness.sandbox.apiKey,
    baseUrl: harness.sandbox.baseUrl,
    fetch: harness.sandbox.fetch,
    allowBrowser: true,
  });
}

/**
 * A fresh QueryClient for one test: no retries unless asked (and then without waiting), and
 * no garbage-collection timers left behind.
 */
export function createTestQueryClient(options: TestQueryClientOptions = {}): QueryClient {
  const retry = options.retries ?? 0;
  return new QueryClient({
    defaultOptions: {
      queries: { retry, retryDelay: 0, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false, retryDelay: 0 },
    },
  });
}

/** Options of `renderWithBilling` and `renderHookWithBilling`. */
export type WithBillingOptions = BillingHarnessOptions & {
  /** Use this harness (and its sandbox) instead of creating one. Default: a new harness. */
  harness?: BillingHarness;
  /** Use this QueryClient. Default: `createTestQueryClient({ retries })`. */
  queryClient?: QueryClient;
  /**
   * Retries of transient failures (network, 5xx), without delay. Default: 0 (tests see the
   * first failure).
   */
  retries?: number;
  /** More `<BillingProvider>` props (theme, locale, messages…), over the harness's. */
  provider?: Partial<Omit<BillingProviderProps, 'children'>>;
};

/** Props of `BillingHarnessProvider`. */
export type BillingHarnessProviderProps = Pick<WithBillingOptions, 'retries' | 'provider'> & {
  harness: BillingHarness;
  queryClient: QueryClient;
  children?: ReactNode;
};

/**
 * `<BillingProvider>` wired to a harness: its fetch, navigate and checkout origin, the given
 * QueryClient, no retries unless asked. For Storybook decorators and custom test wrappers.
 */
export function BillingHarnessProvider({
  harness,
  queryClient,
  retries,
  provider,
  children,
}: BillingHarnessProviderProps) {
  return (
    <BillingProvider
      {...harness.providerProps()}
      retries={retries ?? 0}
      queryClient={queryClient}
      {...provider}
    >
      {children}
    </BillingProvider>
  );
}

/** A `wrapper` for Testing Library's `render` / `renderHook`, over `BillingHarnessProvider`. */
export function billingWrapper(
  harness: BillingHarness,
  queryClient: QueryClient,
  options: Pick<WithBillingOptions, 'retries' | 'provider'> = {},
) {
  // biome-ignore lint/correctness/noComponentHookFactories: one wrapper per render, by design.
  return function BillingTestWrapper({ children }: { children?: ReactNode }) {
    return (
      <BillingHarnessProvider
        harness={harness}
        queryClient={queryClient}
        retries={options.retries}
        provider={options.provider}
      >
        {children}
      </BillingHarnessProvider>
    );
  };
}

function setUp(options: WithBillingOptions) {
  const harness = options.harness ?? createBillingHarness(options);
  if (options.harness && (options.customer !== undefined || options.admin !== undefined)) {
    harness.signIn(options.customer === undefined ? DEFAULT_CUSTOMER : options.customer, {
      admin: options.admin ?? false,
    });
  }
  const queryClient =
    options.queryClient ??
    createTestQueryClient(options.retries !== undefined ? { retries: options.retries } : {});
  return { harness, queryClient, wrapper: billingWrapper(harness, queryClient, options) };
}

/**
 * What a background refetch that fails does: each of `routes` answers its next request with a
 * 503, every query is fetched again, and the components have heard the outcome (React Query
 * tells them on a later task) when this resolves.
 */
export async function refetchFailing(
  harness: BillingHarness,
  queryClient: QueryClient,
  routes: readonly ProxyRouteName[],
): Promise<void> {
  for (const route of routes) harness.failNext({ route, with: 503 });
  await act(async () => {
    await queryClient.refetchQueries();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/**
 * Renders UI inside `<BillingProvider>` wired to a harness (a new one unless given), with a
 * fresh QueryClient.
 *
 * @example
 * const { harness } = renderWithBilling(<PricingTable />, { customer: 'cust_grace' });
 * expect(await screen.findByRole('heading', { name: 'Pro' })).toBeVisible();
 * expect(harness.count('products')).toBe(1);
 */
export function renderWithBilling(
  ui: ReactNode,
  options: WithBillingOptions & Omit<RenderOptions, 'wrapper' | 'queries'> = {},
): RenderResult & { harness: BillingHarness; queryClient: QueryClient } {
  const { harness, queryClient, wrapper } = setUp(options);
  const {
    harness: _h,
    queryClient: _q,
    retries: _r,
    provider: _p,
    customer: _c,
    admin: _a,
    seed: _s,
    faults: _f,
    now: _n,
    products: _pr,
    basePath: _b,
    handler: _hd,
    editAnswer: _ea,
    ...renderOptions
  } = options;
  const result: RenderResult = render(ui, { ...renderOptions, wrapper });
  return Object.assign(result, { harness, queryClient });
}

/** Renders a hook inside a harness-wired `<BillingProvider>`; see `renderWithBilling`. */
export function renderHookWithBilling<Result, Props>(
  hook: (props: Props) => Result,
  options: WithBillingOptions & Pick<RenderHookOptions<Props>, 'initialProps'> = {},
): RenderHookResult<Result, Props> & { harness: BillingHarness; queryClient: QueryClient } {
  const { harness, queryClient, wrapper } = setUp(options);
  const hookOptions: RenderHookOptions<Props> = { wrapper };
  if (options.initialProps !== undefined) hookOptions.initialProps = options.initialProps;
  return Object.assign(renderHook(hook, hookOptions), { harness, queryClient });
}
