// The demo's Vite plugin: mounts the billing proxy at `/api/billing` and, without a key in the
// environment, an in-memory sandbox at `/__sandbox` (its API and hosted checkout page), plus
// `/__demo/session`, which tells the storefront's "signed in as" switch whom it may offer.
// Server side only (`apply: 'serve'`): nothing here reaches the browser bundle, and the API
// key is read from the environment here and nowhere else. The sandbox outlives Vite's restart
// of the dev server on a code change (see keptSandboxes), unless the sandbox's own code changed.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadEnv, type Plugin, type ViteDevServer } from 'vite';
import { createBillingClient, type FetchLike } from '../../src/client/index.js';
import type { Customer } from '../../src/contract/schemas.js';
import {
  catalogProductIds,
  createSandbox,
  demoCustomerIds,
  type Sandbox,
  type SandboxOptions,
} from '../../src/sandbox/index.js';
import {
  type BillingCustomer,
  type BillingHandler,
  type BillingHandlerOptions,
  createBillingHandler,
  toNodeHandler,
  verifyReturnUrl,
} from '../../src/server/index.js';
import { readAdmin, readSession } from './session.js';

/** Where the sandbox is mounted in the dev server. */
export const SANDBOX_PATH = '/__sandbox';
/** Where the proxy is mounted in the dev server. */
export const PROXY_PATH = '/api/billing';
/** The demo's own endpoint: the switch's choices and the checkout origins. */
export const SESSION_PATH = '/__demo/session';
/**
 * The demo's check of a return link: `GET /__demo/return?<the return page's query>` answers
 * `{ verified }`, whether the payment page signed that query with the store's key.
 */
export const RETURN_PATH = '/__demo/return';
/** Who the proxy takes the visitor for: `GET /__demo/visitor` answers a {@link DemoVisitor}. */
export const VISITOR_PATH = '/__demo/visitor';

/** Options of {@link billingDemo}. */
export type BillingDemoOptions = {
  /**
   * Options of the embedded sandbox (seed, faults, clock). `baseUrl` is always
   * `http://localhost:<port>/__sandbox`, the proxy's upstream; the hosted pages it links to are
   * handed to the browser on the origin each request came in on. Default:
   * `{ now: () => new Date() }` (real time).
   */
  sandbox?: Omit<SandboxOptions, 'baseUrl'>;
  /**
   * Further options of the proxy (`timeoutMs`, `retries`, …). Against the real service, its
   * `fetch` also serves the switch's customer lookups. Default: none.
   */
  handler?: Partial<Omit<BillingHandlerOptions, 'getCustomer' | 'isAdmin'>>;
  /**
   * Where `CREEM_API_KEY` and `CREEM_PRODUCT_IDS` are read from. Default: the process
   * environment and the `.env` files of the demo folder (only `CREEM_*` names are read).
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** Whether proxy failures are logged to the dev server's console. Default: `true`. */
  logErrors?: boolean;
  /**
   * Wraps the `fetch` the proxy calls the sandbox with, such as to count what the sandbox
   * answered in a test. Sandbox mode only. Default: none.
   */
  wrapSandboxFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
};

/** One customer the "signed in as" switch may offer. */
export type DemoCustomer = { id: string; name: string | null; email: string };

/** What `/__demo/session` answers. */
export type DemoSession = {
  /** `sandbox`: the in-memory sandbox; `test`: the service's real test environment. */
  mode: 'sandbox' | 'test';
  /** The customers the switch offers. */
  customers: DemoCustomer[];
  /** Origins the checkout and portal links may lead to besides the service's own. */
  checkoutOrigins: string[];
};

/** What `/__demo/return` answers. */
export type DemoReturnCheck = {
  /** Whether the query's `signature` was made with the store's API key (`verifyReturnUrl`). */
  verified: boolean;
};

/** What `/__demo/visitor` answers: the proxy's `getCustomer` for this visitor, in short. */
export type DemoVisitor = {
  /** Whether the proxy takes the visitor as signed in (a customer, or an e-mail). */
  signedIn: boolean;
  /**
   * Whether the service has a customer for them: false for a new buyer known by e-mail only,
   * who has no billing account (nor portal) until the first payment.
   */
  billingAccount: boolean;
};

/** What runs behind the dev server once it listens. */
export type DemoBackend = {
  mode: 'sandbox' | 'test';
  /** The sandbox, in sandbox mode. */
  sandbox: Sandbox | null;
  /** The proxy, for Node's http. */
  proxy: ReturnType<typeof toNodeHandler>;
  /** The sandbox, for Node's http, in sandbox mode. */
  sandboxHandler: ReturnType<typeof toNodeHandler> | null;
  session(): Promise<DemoSession>;
  /** Whether a return URL was signed with the store's key (the sandbox's, or CREEM_API_KEY). */
  verifyReturn(url: string): Promise<boolean>;
  /** Who the proxy takes the sender of `request` for. */
  visitor(request: Request): Promise<DemoVisitor>;
};

/** The plugin, with a handle on its backend for tests that start the server themselves. */
export type BillingDemoPlugin = Plugin & {
  /** The running backend; null before the dev server listens. */
  backend(): DemoBackend | null;
};

/** Where the demo finds its customers: in the sandbox, or in the service's test environment. */
export type CustomerDirectory = {
  /** The customers the switch offers. */
  offered(): Promise<DemoCustomer[]>;
  /** The service's customer with this e-mail, if any. */
  byEmail(email: string): Promise<Customer | undefined>;
  /** A checkout has completed: an e-mail not found before may have a customer now. */
  checkoutCompleted(): void;
};

/** The sandbox's catalog as the demo sells it: every product that is still on sale. */
const sandboxCatalog = Object.values(catalogProductIds).filter(
  (id) => id !== catalogProductIds.legacyMonthly,
);

function sandboxDirectory(sandbox: Sandbox): CustomerDirectory {
  const demoIds: string[] = Object.values(demoCustomerIds);
  return {
    async offered() {
      const customers = sandbox.fixtures().customers;
      return demoIds.flatMap((id) => {
        const c = customers.find((customer) => customer.id === id);
        return c ? [{ id: c.id, name: c.name ?? null, email: c.email }] : [];
      });
    },
    async byEmail(email) {
      return sandbox.fixtures().customers.find((c) => c.email.toLowerCase() === email);
    },
    checkoutCompleted() {
      // Nothing is cached: the sandbox is asked each time.
    },
  };
}

/** How long an e-mail the service had no customer for is taken as still unknown: 30 s. */
export const EMAIL_MISS_MS = 30_000;

/** Options of {@link serviceDirectory}. */
export type ServiceDirectoryOptions = {
  /** The store's test key. */
  apiKey: string;
  /** The `fetch` the service is called with. Default: the global `fetch`. */
  fetch?: FetchLike;
  /** The clock, in milliseconds. Default: `Date.now`. */
  now?: () => number;
};

/**
 * The service's customers, as the switch and `getCustomer` need them (test-environment mode).
 * The service cannot search customers by e-mail, so `byEmail` reads up to 5 pages of 100 of
 * the list; what it finds is kept, and an e-mail it does not find is taken as unknown for
 * {@link EMAIL_MISS_MS} (every page load asks several times) unless a later read finds it or
 * `checkoutCompleted()` is called. The switch's list is kept for 60 s.
 */
export function serviceDirectory(options: ServiceDirectoryOptions): CustomerDirectory {
  const { apiKey, fetch, now = Date.now } = options;
  const client = createBillingClient({ apiKey, environment: 'test', ...(fetch ? { fetch } : {}) });
  let offered: { at: number; list: DemoCustomer[] } | null = null;
  const emails = new Map<string, Customer>();
  /** E-mails no read found, with when that read started. */
  const misses = new Map<string, number>();
  return {
    async offered() {
      if (offered && now() - offered.at < 60_000) return offered.list;
      const page = await client.customers.list({ page_number: 1, page_size: 10 });
      const list = page.items.map((c) => ({ id: c.id, name: c.name ?? null, email: c.email }));
      offered = { at: now(), list };
      return list;
    },
    async byEmail(email) {
      const known = emails.get(email);
      if (known) return known;
      const missed = misses.get(email);
      if (missed !== undefined && now() - missed < EMAIL_MISS_MS) return undefined;
      const started = now();
      // The service cannot search customers by e-mail: read a few pages of the list.
      for (let page = 1; page <= 5; page++) {
        const answer = await client.customers.list({ page_number: page, page_size: 100 });
        for (const c of answer.items) {
          const address = c.email.toLowerCase();
          emails.set(address, c);
          misses.delete(address);
        }
        if (emails.has(email) || answer.items.length < 100) break;
      }
      const found = emails.get(email);
      if (!found) misses.set(email, started);
      return found;
    },
    checkoutCompleted() {
      misses.clear();
    },
  };
}

function readServiceEnv(env: Readonly<Record<string, string | undefined>>) {
  const apiKey = env.CREEM_API_KEY?.trim();
  if (!apiKey) return null;
  if (!apiKey.startsWith('creem_test_')) {
    throw new Error(
      'billing-kit demo: CREEM_API_KEY must be a test key (creem_test_…). The demo lets anyone ' +
        'switch between customers, so it only runs against the test environment; unset ' +
        'CREEM_API_KEY to run it on the embedded sandbox instead.',
    );
  }
  const products = (env.CREEM_PRODUCT_IDS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (products.length === 0) {
    throw new Error(
      'billing-kit demo: with CREEM_API_KEY set, also set CREEM_PRODUCT_IDS to the comma-separated ' +
        'ids of the test products to sell, such as CREEM_PRODUCT_IDS=prod_abc,prod_def.',
    );
  }
  return { apiKey, products };
}

/**
 * The proxy, with the sandbox's hosted links (checkout, portal) moved onto the origin the
 * request came in on: this dev server mounts the sandbox at the same path under every name it
 * answers to (localhost, 127.0.0.1, a LAN address). That origin is the request's URL as
 * `toNodeHandler` builds it: the `Host` header and the socket's scheme, or `X-Forwarded-Proto`
 * (which the adapter already trusts); `X-Forwarded-Host` is not read.
 *
 * The proxy keeps one upstream, `sandboxBase`, and accepts a hosted link only on that
 * upstream's origin, so the link is moved after its check. The sandbox's hosted pages build
 * their own links (the payment form) from the origin they are served on.
 */
function sandboxLinksOnRequestOrigin(billing: BillingHandler, sandboxBase: string): BillingHandler {
  const upstream = new URL(sandboxBase);
  const prefix = `${upstream.origin}${upstream.pathname.replace(/\/$/, '')}/`;
  /** The answers that carry a hosted link, by path, with the link's field. */
  const linkFields = new Map([
    [`${billing.basePath}/checkouts`, 'checkout_url'],
    [`${billing.basePath}/portal`, 'customer_portal_link'],
  ]);
  const handler = async (request: Request): Promise<Response> => {
    const response = await billing(request);
    const url = new URL(request.url);
    const field = request.method === 'POST' ? linkFields.get(url.pathname) : undefined;
    if (!field || !response.ok || url.origin === upstream.origin) return response;
    const text = await response.text();
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: passed on as it came.
    }
    const link = body?.[field];
    const moved =
      body && typeof link === 'string' && link.startsWith(prefix)
        ? JSON.stringify({ ...body, [field]: `${url.origin}${link.slice(upstream.origin.length)}` })
        : text;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(moved, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
  return Object.assign(handler, { basePath: billing.basePath });
}

/** A sandbox kept for the dev server's next start in this process, with the code it runs. */
type KeptSandbox = { sandbox: Sandbox; code: string };

/**
 * The sandboxes of the dev servers started from a config file in this process, by config file
 * and port. Vite restarts the dev server whenever a file its config imports changes (the
 * plugin, and through it the library in src/): it loads the config again, which builds a new
 * plugin, and a sandbox in the plugin would start over, taking the buyer's purchases with it.
 * So the sandbox lives here, on `globalThis` (a new module instance of this file finds the
 * same map); a new process starts with none, and a server that closes for good drops its own.
 */
function keptSandboxes(): Map<string, KeptSandbox> {
  const holder = globalThis as unknown as Record<symbol, Map<string, KeptSandbox> | undefined>;
  const key = Symbol.for('billing-kit.demo.sandboxes');
  let kept = holder[key];
  if (!kept) {
    kept = new Map();
    holder[key] = kept;
  }
  return kept;
}

/** The folders of the code the sandbox runs: its own and the contract it shares. */
const sandboxSources = ['../../src/sandbox/', '../../src/contract/'].map((dir) =>
  fileURLToPath(new URL(dir, import.meta.url)),
);

/**
 * A fingerprint of the code the sandbox runs, among the files the config loaded, and of its
 * options: a sandbox kept across a restart runs the code it was made with, so it is kept only
 * while that code is the same. A change elsewhere (the proxy, the client, this plugin) keeps it.
 */
function sandboxCode(files: readonly string[], sandboxOptions: BillingDemoOptions['sandbox']) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(sandboxOptions ?? {}));
  for (const file of [...files].sort()) {
    if (!sandboxSources.some((dir) => file.startsWith(dir))) continue;
    hash.update(`\0${file}\0`);
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update('(gone)');
    }
  }
  return hash.digest('hex');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify(body));
}

/**
 * The demo's dev-server plugin: the proxy at `/api/billing`, the sandbox at `/__sandbox` (or
 * the real test environment when `CREEM_API_KEY` is set) and `/__demo/session`.
 */
export function billingDemo(options: BillingDemoOptions = {}): BillingDemoPlugin {
  let backend: DemoBackend | null = null;
  let env: Readonly<Record<string, string | undefined>> = options.env ?? {};
  let server: ViteDevServer | null = null;
  /** The config file the plugin came from: null for a config given inline (the tests'). */
  let configFile: string | null = null;
  let code = '';
  /** Where this plugin's sandbox is kept across restarts, once it runs one. */
  let keptAs: string | null = null;

  /**
   * The sandbox for a server on `port`: the one kept from before a restart of the same config
   * file's server on the same port, if it runs the same code, else a new one.
   */
  function sandboxFor(port: number): Sandbox {
    const baseUrl = `http://localhost:${port}${SANDBOX_PATH}`;
    const fresh = () => createSandbox({ now: () => new Date(), ...options.sandbox, baseUrl });
    // A config given inline keeps this plugin object across a restart, and so its backend.
    if (!configFile) return fresh();
    const kept = keptSandboxes();
    keptAs = `${configFile}|${port}`;
    const before = kept.get(keptAs);
    let sandbox: Sandbox;
    if (before && before.code === code) {
      sandbox = before.sandbox;
      server?.config.logger.info(
        '  billing-kit demo: the sandbox of before the restart is kept, with its purchases',
        { timestamp: true },
      );
    } else {
      sandbox = fresh();
      if (before) {
        server?.config.logger.info(
          '  billing-kit demo: the sandbox’s code changed, so it starts over from its seed',
          { timestamp: true },
        );
      }
    }
    kept.set(keptAs, { sandbox, code });
    return sandbox;
  }

  function start(port: number): DemoBackend {
    if (backend) return backend;
    const service = readServiceEnv(env);
    const logErrors = options.logErrors ?? true;
    const onError = (error: unknown, request: Request) => {
      if (!logErrors) return;
      const message = error instanceof Error ? error.message : String(error);
      const path = new URL(request.url).pathname;
      server?.config.logger.warn(`billing-kit demo: ${request.method} ${path}: ${message}`, {
        timestamp: true,
      });
    };
    let sandbox: Sandbox | null = null;
    let directory: CustomerDirectory;
    let upstream: Pick<BillingHandlerOptions, 'apiKey' | 'baseUrl' | 'fetch' | 'environment'>;
    let products: readonly string[];
    let checkoutOrigins: string[];
    if (service) {
      // A sandbox kept from before this restart is not wanted any more (the key was set).
      if (configFile) keptSandboxes().delete(`${configFile}|${port}`);
      directory = serviceDirectory({
        apiKey: service.apiKey,
        ...(options.handler?.fetch ? { fetch: options.handler.fetch } : {}),
      });
      upstream = { apiKey: service.apiKey, environment: 'test' };
      products = service.products;
      checkoutOrigins = [];
    } else {
      sandbox = sandboxFor(port);
      directory = sandboxDirectory(sandbox);
      const fetch = options.wrapSandboxFetch?.(sandbox.fetch) ?? sandbox.fetch;
      upstream = { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl, fetch };
      products = sandboxCatalog;
      // The hosted links reach the browser on the page's own origin, which is always allowed.
      checkoutOrigins = [];
    }

    let knownIds = new Set<string>();
    const offered = async () => {
      const list = await directory.offered();
      knownIds = new Set(list.map((c) => c.id));
      return list;
    };
    const getCustomer = async (request: Request): Promise<BillingCustomer | null> => {
      if (knownIds.size === 0) await offered();
      const choice = readSession(request, knownIds);
      if (choice.kind === 'customer') return { id: choice.id };
      if (choice.kind === 'email') {
        // A new buyer is known by e-mail until the first purchase creates their customer.
        const customer = await directory.byEmail(choice.email);
        return customer ? { id: customer.id, email: customer.email } : { email: choice.email };
      }
      return null;
    };
    const billing = createBillingHandler({
      ...upstream,
      products,
      getCustomer,
      isAdmin: readAdmin,
      basePath: PROXY_PATH,
      allowAnonymousCheckout: true,
      onError,
      ...options.handler,
    });
    backend = {
      mode: service ? 'test' : 'sandbox',
      sandbox,
      proxy: toNodeHandler(
        sandbox ? sandboxLinksOnRequestOrigin(billing, sandbox.baseUrl) : billing,
      ),
      sandboxHandler: sandbox
        ? toNodeHandler((request) => (sandbox as Sandbox).handle(request))
        : null,
      async session() {
        return { mode: backend?.mode ?? 'sandbox', customers: await offered(), checkoutOrigins };
      },
      async verifyReturn(url) {
        const verified = await verifyReturnUrl(url, upstream.apiKey);
        // A payment page's signed return: that buyer's e-mail may have a customer now.
        if (verified) directory.checkoutCompleted();
        return verified;
      },
      async visitor(request) {
        const customer = await getCustomer(request);
        return { signedIn: customer !== null, billingAccount: Boolean(customer?.id) };
      },
    };
    const where = sandbox
      ? `the embedded sandbox at ${sandbox.baseUrl} (no key needed)`
      : 'the service’s test environment (CREEM_API_KEY, read on the server only)';
    server?.config.logger.info(`  billing-kit demo: proxy at ${PROXY_PATH}, backed by ${where}`);
    return backend;
  }

  const portOf = (req: IncomingMessage): number => req.socket.localPort ?? 5173;

  return {
    name: 'billing-kit:demo',
    apply: 'serve',
    configResolved(config) {
      if (!options.env) {
        env = { ...loadEnv(config.mode, config.envDir || config.root, 'CREEM_') };
      }
      configFile = config.configFile ?? null;
      code = configFile ? sandboxCode(config.configFileDependencies, options.sandbox) : '';
    },
    configureServer(devServer) {
      server = devServer;
      // Check the environment at start, so a wrong key fails before the first page loads.
      readServiceEnv(env);
      devServer.httpServer?.once('listening', () => {
        const address = devServer.httpServer?.address() as AddressInfo | null;
        if (address && typeof address === 'object') start(address.port);
      });
      devServer.middlewares.use(SANDBOX_PATH, (req, res, next) => {
        const handler = start(portOf(req)).sandboxHandler;
        if (handler) handler(req, res, next);
        else next();
      });
      devServer.middlewares.use(SESSION_PATH, (req, res) => {
        if (req.method !== 'GET') {
          sendJson(res, 405, { message: 'billing-kit demo: use GET' });
          return;
        }
        start(portOf(req))
          .session()
          .then(
            (session) => sendJson(res, 200, session),
            (error: unknown) =>
              sendJson(res, 502, {
                message: `billing-kit demo: could not list customers: ${error instanceof Error ? error.message : String(error)}`,
              }),
          );
      });
      devServer.middlewares.use(RETURN_PATH, (req, res) => {
        if (req.method !== 'GET') {
          sendJson(res, 405, { message: 'billing-kit demo: use GET' });
          return;
        }
        // The query as the return page received it; the host plays no part in the signature.
        const url = new URL(req.originalUrl ?? req.url ?? '/', 'http://localhost');
        start(portOf(req))
          .verifyReturn(url.href)
          .then(
            (verified) => sendJson(res, 200, { verified } satisfies DemoReturnCheck),
            (error: unknown) =>
              sendJson(res, 500, {
                message: `billing-kit demo: could not check the return link: ${error instanceof Error ? error.message : String(error)}`,
              }),
          );
      });
      devServer.middlewares.use(VISITOR_PATH, (req, res) => {
        if (req.method !== 'GET') {
          sendJson(res, 405, { message: 'billing-kit demo: use GET' });
          return;
        }
        // Only the cookies matter: the switch's session is all getCustomer reads.
        const request = new Request('http://localhost/', {
          headers: { cookie: req.headers.cookie ?? '' },
        });
        start(portOf(req))
          .visitor(request)
          .then(
            (visitor) => sendJson(res, 200, visitor),
            (error: unknown) =>
              sendJson(res, 502, {
                message: `billing-kit demo: could not look the visitor up: ${error instanceof Error ? error.message : String(error)}`,
              }),
          );
      });
      devServer.middlewares.use((req, res, next) => start(portOf(req)).proxy(req, res, next));
    },
    closeServer({ reason }) {
      // Closed for good (not restarted): the next server on this port starts clean.
      if (reason !== 'close' || !keptAs) return;
      const kept = keptSandboxes();
      if (kept.get(keptAs)?.sandbox === backend?.sandbox) kept.delete(keptAs);
    },
    backend: () => backend,
  };
}
