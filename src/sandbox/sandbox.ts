// createSandbox: the in-memory service. One store, one ledger, the API router, fault injection,
// the hosted pages and a lazy Node server.

import { type BaseAddress, isBaseAddress } from '../client/client.js';
import { issueMessages, parseOptions } from '../contract/issues.js';
import { DEFAULT_SANDBOX_BASE_URL } from '../contract/redirects.js';
import {
  type Checkout,
  type Customer,
  type Discount,
  type License,
  type LicenseInstance,
  type Order,
  type Product,
  productSchema,
  type Subscription,
  subscriptionSchema,
  type subscriptionStatuses,
  type Transaction,
} from '../contract/schemas.js';
import {
  escapeHtml,
  HOSTED_PAGE_HEADERS,
  handleCheckoutPage,
  renderHostedDocument,
  renderNoticePage,
} from './checkout-page.js';
import {
  type CheckoutView,
  checkoutView,
  type DeclineInput,
  type DeclineResult,
  declineCheckout,
  type PayInput,
  type PayResult,
  payCheckout,
} from './checkouts.js';
import { grantCreditsWith } from './credits.js';
import { errorCategory, SandboxError } from './errors.js';
import { createFaults, delay, hang, type SandboxFaults, truncate } from './faults.js';
import {
  createLedger,
  type GenerateOptions,
  type GenerateResult,
  type Ledger,
  type LedgerAccount,
  type LedgerEntry,
  type LedgerTransaction,
} from './ledger.js';
import type { Listening } from './listen.js';
import { presentDiscount, presentLicense, presentSubscription } from './present.js';
import { createRandom, type Seed } from './random.js';
import { type ApiAnswer, answerApi, errorAnswer, traceIdsFrom } from './router.js';
import { seedSandbox } from './seed.js';
import { type PendingProration, SandboxStore, type StoredSubscription } from './state.js';

export { DEFAULT_SANDBOX_BASE_URL };

/** The sandbox's clock when no `now` is given: a fixed instant, so every run is the same. */
export const SANDBOX_EPOCH = '2026-01-15T12:00:00.000Z';

/** Options of {@link createSandbox}. */
export type SandboxOptions = {
  /** Seeds ids, keys and generated data: the same seed gives the same sandbox. Default: 1. */
  seed?: Seed;
  /**
   * The current time: a Date, an ISO 8601 string or Unix milliseconds for a fixed clock, or a
   * function answering one of those for a moving one (`() => new Date()` for the real time).
   * Seeded data is laid out relative to it; years 2 to 9998. Every answer (of `fetch`,
   * `handle` and `listen`) carries it in its `Date` header, as a server sends its own time: the
   * proxy and the components follow it (an upgrade estimate, the metrics' range). Default: the
   * fixed instant `SANDBOX_EPOCH`.
   */
  now?: Date | string | number | (() => Date | string | number);
  /** Faults to inject into API requests (never into the hosted pages). Default: none. */
  faults?: SandboxFaults;
  /**
   * The address the sandbox answers at. Its host is ignored when routing (only the production
   * host `api.creem.io` refuses the test key, with 403); its path is a prefix
   * every request must carry (mount the sandbox under `/__sandbox` with
   * `http://localhost:5173/__sandbox`). Default: `https://sandbox.billing-kit.test`.
   */
  baseUrl?: string;
};

/** The seeded data in the service's own shapes, as `--fixtures` prints it. */
export type SandboxFixtures = {
  /** The catalog, in catalog order. */
  products: Product[];
  /** Customers, oldest first. */
  customers: Customer[];
  /** Subscriptions, oldest first, with product, customer and last transaction expanded. */
  subscriptions: Subscription[];
  /** Discounts, including deleted ones (status `deleted`). */
  discounts: Discount[];
  /** Licenses; `instance` is the latest active one, `instances` lists every instance. */
  licenses: (License & { instances: LicenseInstance[] })[];
  /** Customer credit accounts (system accounts are never listed). */
  credit_accounts: LedgerAccount[];
};

/** Everything the sandbox holds, for tests that check what the service keeps. */
export type SandboxInspection = SandboxFixtures & {
  checkouts: Checkout[];
  orders: Order[];
  transactions: Transaction[];
  /**
   * Prorations kept for a subscription's next charge (`proration-charge`). Only recorded: the
   * sandbox makes no periodic charge, so none is ever billed.
   */
  pending_prorations: PendingProration[];
  /** The ledger's system accounts (one per unit label). */
  credit_system_accounts: LedgerAccount[];
  credit_transactions: LedgerTransaction[];
  credit_entries: LedgerEntry[];
  /** Every credit account's balance (Σcredit − Σdebit), by account id. */
  credit_balances: Record<string, string>;
};

/** What {@link Sandbox.customize} hands its function: copies of the sandbox's data, to change. */
export type SandboxData = {
  /**
   * The catalog in catalog order, in the service's shape. Change a product, push new ones (each
   * must pass the service's product schema, with an id of its own), reorder them. Removing one is
   * refused: set its `status` to `'archived'` to take it off sale, as the service does.
   */
  products: Product[];
  /**
   * Every subscription, oldest first, as the sandbox keeps it: `product` and `customer` are ids.
   * Change its fields (status, dates, product: one of the catalog); adding, removing, reordering
   * one or moving it to another customer is refused.
   */
  subscriptions: StoredSubscription[];
};

/** A running in-memory service. */
export type Sandbox = {
  /**
   * A drop-in `fetch` that answers from the sandbox in process (relative paths resolve against
   * `baseUrl`; the host of an absolute URL is ignored, so a client of the service's test
   * environment works too, except the production host `api.creem.io`, where the test key is
   * refused with 403 as the service refuses a key of the other environment). The links it hands
   * out (`checkout_url`, the portal link, the hosted pages' own) are on `baseUrl`, where this
   * same `fetch` answers them.
   */
  fetch: typeof fetch;
  /**
   * Answers one request: the API under `/v1`, the hosted checkout page under `/checkout`. For a
   * server that serves the sandbox (`listen`, a dev server's mount): the links it hands out are
   * on the request's own origin (plus the base path), where that server answers them.
   */
  handle(request: Request): Promise<Response>;
  /** The address the sandbox answers at (no trailing slash); a client's `environment`. */
  baseUrl: BaseAddress;
  /** The sandbox's test API key (`creem_test_…`), for the `x-api-key` header. */
  apiKey: string;
  /**
   * Serves the sandbox over HTTP on 127.0.0.1 (Node only). Answers `{ url, port, close() }`;
   * `url` is the base URL to give clients, hosted-page links follow it; `port` is the bound
   * port (the free one picked for port 0).
   * @param port Default: 0 (a free port).
   * @param host Default: `127.0.0.1`.
   */
  listen(port?: number, host?: string): Promise<Listening>;
  /** The seeded resources, as they stand now, in the service's shapes. */
  fixtures(): SandboxFixtures;
  /** Every collection the sandbox holds (O(size): for tests, not for hot paths). */
  inspect(): SandboxInspection;
  /** What the hosted checkout page shows for a checkout; throws for an unknown id. */
  checkout(checkoutId: string): CheckoutView;
  /** Pays a pending checkout as the hosted page's Pay button does (see `payCheckout`). */
  pay(checkoutId: string, input?: PayInput): PayResult;
  /**
   * Declines a pending checkout as the hosted page's Decline button does (see
   * `declineCheckout`): the transaction is for the checkout's own customer, else for no one;
   * `input.country` is recorded as `tax_country` when the checkout has no customer and the
   * hosted page lists the country (any other, such as `ZZ`, is dropped).
   * @param input Default: `{}` (`tax_country` from the checkout's own customer, else null).
   */
  decline(checkoutId: string, input?: DeclineInput): DeclineResult;
  /**
   * Appends `count` generated credit transactions to a customer account through the ledger's
   * bulk generator (a million in about a second), for large-data tests, stories and benchmarks.
   * Each is a `credit` on the account (amounts 1 to 1000, drawn from `options.seed`; default:
   * the sandbox's seed) and a matching `debit` on its system account.
   */
  generateCreditEntries(
    accountId: string,
    count: number,
    options?: Partial<GenerateOptions>,
  ): GenerateResult;
  /**
   * Appends `count` paid payment transactions for a customer (one a minute, the newest now), on
   * a product of the catalog, for large-data tests and benchmarks of the numbered lists.
   * Ids are `<base>_<n>`. Answers the ids, oldest first.
   * @param options.productId Default: the catalog's first product.
   */
  generateTransactions(
    customerId: string,
    count: number,
    options?: { productId?: string },
  ): string[];
  /**
   * Changes the sandbox's data, for tests and stories that need what the seed does not hold: a
   * long catalog, a product asking three custom fields, a subscription in a status the service
   * may add later, a product taken off sale while a page shows it. `change` edits copies of the
   * catalog and the subscriptions ({@link SandboxData}); they are checked against the service's
   * product and subscription schemas and applied whole, or not at all when a check fails (it
   * throws a `billing-kit:` error saying what to fix). Every request after it is answered from
   * the changed data. Lists keep their order: a changed `created_at` moves nothing.
   *
   * @example
   * sandbox.customize(({ subscriptions }) => {
   *   const sub = subscriptions.find((s) => s.customer === 'cust_ada' && s.status === 'active');
   *   if (sub) sub.status = 'incomplete'; // a status this version does not know
   * });
   */
  customize(change: (data: SandboxData) => void): void;
};

/**
 * 0002-01-01T00:00:00.000Z, the earliest `now` the sandbox takes: seeded data reaches about 14
 * months before it, and every date it answers must keep RFC 3339's four-digit year.
 */
export const MIN_CLOCK_MS = -62_104_060_800_000;
/**
 * 9998-12-31T23:59:59.999Z, the latest `now` the sandbox takes: periods, expiries and upgrades
 * reach up to a year after it, still inside year 9999.
 */
export const MAX_CLOCK_MS = 253_370_764_799_999;

function clockOf(now: SandboxOptions['now']): () => number {
  const read = (value: Date | string | number): number => {
    const ms =
      value instanceof Date
        ? value.getTime()
        : typeof value === 'number'
          ? value
          : Date.parse(value);
    // Finite is not enough: seeded dates lie around the clock, a Date ends at ±8.64e15 ms (a bare
    // RangeError while seeding), and a date outside years 0000-9999 is written "+010000-…", which
    // is no RFC 3339 date-time; years 2 to 9998 leave them room.
    if (!(ms >= MIN_CLOCK_MS && ms <= MAX_CLOCK_MS)) {
      throw new TypeError(
        `billing-kit: now "${String(value)}" is not a valid time; pass a Date, an ISO 8601 string, Unix milliseconds or a function answering one`,
      );
    }
    return ms;
  };
  if (typeof now === 'function') return () => read(now());
  const fixed = read(now ?? SANDBOX_EPOCH);
  return () => fixed;
}

const OPTION_NAMES = ['seed', 'now', 'faults', 'baseUrl'];
const FAULT_NAMES = ['latencyMs', 'errorRate', 'timeoutRate', 'malformedRate', 'seed'];

/** Refuses a misspelt option or a seed that is no seed, naming it: none is dropped silently. */
function checkOptions(options: SandboxOptions): void {
  const fail = (name: string, problem: string): never => {
    throw new TypeError(`billing-kit: createSandbox's \`${name}\` ${problem}`);
  };
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      'billing-kit: createSandbox takes an options object ({ seed, now, faults, baseUrl }) or nothing',
    );
  }
  const unknown = (names: string[], of: object, prefix: string) => {
    for (const key of Object.keys(of)) {
      if (!names.includes(key)) {
        fail(`${prefix}${key}`, `is not an option; the options are ${names.join(', ')}`);
      }
    }
  };
  unknown(OPTION_NAMES, options, '');
  const seeds: [string, unknown][] = [['seed', options.seed]];
  if (options.faults !== undefined) {
    if (typeof options.faults !== 'object' || options.faults === null) {
      fail('faults', 'must be an object such as { errorRate: 0.1 }');
    }
    unknown(FAULT_NAMES, options.faults, 'faults.');
    seeds.push(['faults.seed', options.faults.seed]);
  }
  for (const [name, value] of seeds) {
    const isSeed =
      typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
    if (value !== undefined && !isSeed) fail(name, 'must be a number or a string, such as 42');
  }
  if (options.baseUrl !== undefined && typeof options.baseUrl !== 'string') {
    fail('baseUrl', `must be a URL string, such as ${DEFAULT_SANDBOX_BASE_URL}`);
  }
}

function baseOf(baseUrl: string): { baseUrl: BaseAddress; basePath: string } {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {}
  const origin = url?.origin;
  if (!url || !isBaseAddress(origin)) {
    throw new TypeError(
      `billing-kit: baseUrl "${baseUrl}" is not an absolute http(s) URL; pass one such as ${DEFAULT_SANDBOX_BASE_URL}`,
    );
  }
  const basePath = url.pathname.replace(/\/+$/, '');
  return { baseUrl: `${origin}${basePath}`, basePath };
}

function json(answer: ApiAnswer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...answer.headers },
  });
}

/**
 * Creates an in-memory emulator of the subscription-billing service: every operation of the
 * interface document plus the product retrieve, with its keys, validation, error bodies,
 * pagination, ledger, discounts, licenses, proration and metrics, on seeded data.
 *
 * Its own rules, where it departs from the service:
 * - No periodic charges: no subscription is ever charged again when its
 *   `next_transaction_date` passes, not even with a moving `now`. `proration-charge` records
 *   the amount it would add to (or, negative, take off) the next charge, visible in
 *   `inspect().pending_prorations`, and nothing ever bills it.
 * - A subscription's status changes only through what is done to the sandbox, never at a date:
 *   the hosted page's Pay creates one `active`, and `customize` sets one (no operation of the
 *   interface changes a status; an upgrade keeps it). `trialing` stays trialing past its
 *   trial's end and `scheduled_cancel` is not canceled at its period's end. (A discount or
 *   license past its expiry does read `expired`: those are read against the clock.)
 * - A plan change across billing periods with `proration-charge` prorates nothing (see
 *   `upgradeSubscription`).
 * - Tax is a flat `SANDBOX_TAX_RATE_PERCENT` for every country.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  checkOptions(options);
  const seed = options.seed ?? 1;
  const now = clockOf(options.now);
  const { baseUrl, basePath } = baseOf(options.baseUrl ?? DEFAULT_SANDBOX_BASE_URL);
  const root = createRandom(seed);
  const idRandom = root.fork('ids');
  const apiKey = `creem_test_${root.fork('key').chars(24)}`;
  const storeId = `sto_${root.fork('store').chars(16)}`;
  const id = (prefix: string) => `${prefix}_${idRandom.chars(22)}`;
  const store = new SandboxStore({ storeId, now, id, random: root.fork('values'), apiKey });

  let ledgerTime: number | null = null;
  const ledger: Ledger = createLedger({
    storeId,
    ids: id,
    now: () => new Date(ledgerTime ?? now()),
  });
  seedSandbox({
    store,
    ledger,
    random: root.fork('seed'),
    atTime: (at, write) => {
      ledgerTime = at;
      try {
        return write();
      } finally {
        ledgerTime = null;
      }
    },
  });

  const grantCredits = grantCreditsWith(ledger);
  const ids = traceIdsFrom(root.fork('trace'));
  const drawFault = createFaults(options.faults, seed);

  async function api(
    request: Request,
    path: string,
    url: URL,
    publicBase: string,
  ): Promise<Response> {
    const signal = request.signal;
    const fault = drawFault?.();
    if (fault) {
      await delay(fault.delayMs, signal);
      if (fault.error) {
        const kind = path.startsWith('/v1/customer-credits/') ? 'credits' : 'general';
        const message =
          fault.error === 503
            ? 'the sandbox is unavailable (an injected fault): retry later'
            : 'the sandbox failed (an injected fault): retry the request';
        return json(errorAnswer(kind, fault.error, [message], ids, now()));
      }
    }
    const answer = await answerApi(request, path, url, { store, ledger, publicBase }, apiKey, ids);
    if (fault?.timeout) return hang(signal);
    if (fault?.malformed) {
      return new Response(truncate(JSON.stringify(answer.body)), {
        status: answer.status,
        headers: { 'content-type': 'application/json; charset=utf-8', ...answer.headers },
      });
    }
    return json(answer);
  }

  // -- the customer portal page --------------------------------------------------------------
  // `POST /v1/customers/billing` hands out `{base}/portal/{customer_id}?session=…`. The page
  // shows that customer's subscriptions only with a session the sandbox handed out for them:
  // the session is the proof of the link, as the signature is of a return URL. The store keeps
  // each session `createPortalLink` hands out (`portalSessions`) for as long as the sandbox.

  /**
   * Where "Back to the store" leads: the origin of the page the portal was opened from, when the
   * browser said (Referer) and it is an http(s) page that is not the sandbox's own. Only the
   * origin: the referring path and query may hold what is not ours to repeat.
   */
  function storeOrigin(request: Request, publicBase: string): URL | null {
    let from: URL;
    try {
      from = new URL(request.headers.get('referer') ?? '');
    } catch {
      return null;
    }
    if (from.protocol !== 'https:' && from.protocol !== 'http:') return null;
    const ownPage =
      from.origin === new URL(publicBase).origin &&
      (basePath === '' || from.pathname === basePath || from.pathname.startsWith(`${basePath}/`));
    return ownPage ? null : new URL(from.origin);
  }

  function portalAnswer(request: Request, status: number, document: string): Response {
    const body = request.method.toUpperCase() === 'HEAD' ? null : document;
    return new Response(body, { status, headers: HOSTED_PAGE_HEADERS });
  }

  function portal(request: Request, url: URL, rawId: string, publicBase: string): Response {
    let customerId: string | null;
    try {
      customerId = decodeURIComponent(rawId);
    } catch {
      customerId = null;
    }
    const session = url.searchParams.get('session');
    const customer =
      customerId !== null && session && store.portalSessions.get(session) === customerId
        ? store.customers.get(customerId)
        : undefined;
    // One answer for every failure, so a guess learns nothing (not even which customers exist).
    if (!customer) {
      return portalAnswer(
        request,
        404,
        renderNoticePage(
          'This portal link does not work',
          'The link is incomplete, or it was not made by this sandbox. Open the billing portal from the store again: each link comes from POST /v1/customers/billing.',
        ),
      );
    }
    const rows = store.subscriptionsByCustomer
      .get(customer.id)
      .map((sid) => {
        const sub = store.subscriptions.get(sid);
        const product = sub ? store.products.get(sub.product) : undefined;
        const status = sub ? portalStatusWords(sub.status) : '';
        return `<div><dt>${escapeHtml(product?.name ?? sub?.product ?? sid)}</dt><dd>${escapeHtml(status)}</dd></div>`;
      })
      .join('\n');
    const shop = storeOrigin(request, publicBase);
    const back = shop
      ? `<p><a class="button primary" href="${escapeHtml(shop.href)}">Back to ${escapeHtml(shop.host)}</a></p>`
      : '<p class="note">To return to the store, use your browser’s Back button.</p>';
    const who = customer.name
      ? `<strong>${escapeHtml(customer.name)}</strong> (${escapeHtml(customer.email)})`
      : `<strong>${escapeHtml(customer.email)}</strong>`;
    return portalAnswer(
      request,
      200,
      renderHostedDocument(
        'Customer portal',
        `<h1>Customer portal</h1>
<p>Signed in as ${who}. The sandbox’s stand-in for the service’s portal: it shows your subscriptions and changes nothing.</p>
<section aria-labelledby="subscriptions-title">
<h2 id="subscriptions-title">Subscriptions</h2>
${rows ? `<dl>\n${rows}\n</dl>` : '<p>You have no subscriptions.</p>'}
</section>
${back}`,
      ),
    );
  }

  /**
   * Answers one request. `publicBase` is the base of the links handed out (checkout, portal,
   * the hosted pages' own): the configured `baseUrl` for `fetch`, which has no server of ours
   * behind it (the request's host may be the service's, as a client of its test environment
   * sends); the request's origin and the base path for `handle`, which a server serves (`listen`,
   * a dev server's mount), so links lead back to where the pages are served.
   */
  async function answer(request: Request, fixedBase?: string): Promise<Response> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return json(errorAnswer('general', 400, ['the request URL is not valid'], ids, now()));
    }
    const method = request.method.toUpperCase();
    const full = url.pathname;
    if (basePath && full !== basePath && !full.startsWith(`${basePath}/`)) {
      return json(
        errorAnswer(
          'general',
          404,
          [`Cannot ${method} ${full}: the sandbox answers under ${basePath}`],
          ids,
          now(),
        ),
      );
    }
    const path = full.slice(basePath.length) || '/';
    const publicBase = fixedBase ?? `${url.origin}${basePath}`;
    try {
      if (path.startsWith('/v1/')) return await api(request, path, url, publicBase);
      const page = /^\/portal\/([^/]+)\/?$/.exec(path);
      if (page && (method === 'GET' || method === 'HEAD'))
        return portal(request, url, page[1] ?? '', publicBase);
      if (path.startsWith('/checkout/')) {
        const hosted = await handleCheckoutPage(
          { store, ledger, ...(fixedBase === undefined ? {} : { pageBase: fixedBase }) },
          request,
          path,
        );
        if (hosted) return hosted;
      }
      return json(errorAnswer('general', 404, [`Cannot ${method} ${path}`], ids, now()));
    } catch (error) {
      if (signalAborted(request, error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return json(
        errorAnswer('general', 500, [`billing-kit: the sandbox failed: ${message}`], ids, now()),
      );
    }
  }

  const sandboxFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    let request: Request;
    if (input instanceof Request) {
      request = init === undefined ? input : new Request(input, init);
    } else {
      const text = String(input);
      const absolute = /^[a-z][a-z0-9+.-]*:/i.test(text);
      request = new Request(
        absolute ? text : `${baseUrl}${text.startsWith('/') ? '' : '/'}${text}`,
        init,
      );
    }
    if (request.signal.aborted) throw request.signal.reason;
    return dated(await answer(request, baseUrl));
  }) as typeof fetch;

  const handle = async (request: Request): Promise<Response> => dated(await answer(request));

  /** Every answer carries the sandbox's clock as its `Date`, as a server sends its own. */
  function dated(response: Response): Response {
    response.headers.set('date', new Date(now()).toUTCString());
    return response;
  }

  function fixtures(): SandboxFixtures {
    return {
      products: store.productOrder.map((pid) =>
        structuredClone(store.products.get(pid) as Product),
      ),
      customers: store.customerOrder.map((cid) =>
        structuredClone(store.customers.get(cid) as Customer),
      ),
      subscriptions: store.subscriptionOrder.map((sid) =>
        presentSubscription(store, store.subscriptions.get(sid)!),
      ),
      discounts: [...store.discounts.values()].map((d) => presentDiscount(d, store.now())),
      licenses: [...store.licenses.values()].map((record) => presentLicense(record, store.now())),
      credit_accounts: allAccounts(ledger),
    };
  }

  return {
    fetch: sandboxFetch,
    handle,
    baseUrl,
    apiKey,
    async listen(port = 0, host = '127.0.0.1') {
      if (!Number.isInteger(port) || port < 0 || port > 65_535) {
        throw new TypeError(
          `billing-kit: listen's port must be a whole number from 0 to 65535 (0 picks a free one), got ${String(port)}`,
        );
      }
      if (typeof host !== 'string' || host === '') {
        throw new TypeError(
          `billing-kit: listen's host must be a host name or address such as '127.0.0.1', got ${String(host)}`,
        );
      }
      const { listenOn } = await import('./listen.js');
      return listenOn(handle, port, host, basePath);
    },
    fixtures,
    inspect() {
      const snapshot = ledger.inspect();
      return {
        ...fixtures(),
        checkouts: [...store.checkouts.values()].map((r) => structuredClone(r.checkout)),
        orders: [...store.orders.values()].map((o) => structuredClone(o)),
        transactions: store.transactionIndex
          .get('all')
          .map((tid) => structuredClone(store.transactions.get(tid) as Transaction)),
        pending_prorations: store.pendingProrations.map((p) => ({ ...p })),
        credit_accounts: snapshot.accounts,
        credit_system_accounts: snapshot.system_accounts,
        credit_transactions: snapshot.transactions,
        credit_entries: snapshot.entries,
        credit_balances: snapshot.balances,
      };
    },
    checkout: (checkoutId) => guard(() => checkoutView(store, checkoutId)),
    pay: (checkoutId, input = {}) =>
      guard(() => payCheckout(store, checkoutId, input, grantCredits)),
    decline: (checkoutId, input = {}) => guard(() => declineCheckout(store, checkoutId, input)),
    generateCreditEntries: (accountId, count, generate = {}) =>
      ledger.generateEntries(accountId, count, { seed, ...generate }),
    generateTransactions: (customerId, count, generate = {}) =>
      generateTransactions(store, customerId, count, generate.productId),
    customize: (change) => customizeStore(store, change),
  };
}

/** `sandbox.customize`: `change` edits copies; they are checked, then applied all at once. */
function customizeStore(store: SandboxStore, change: (data: SandboxData) => void): void {
  const data: SandboxData = {
    products: store.productOrder.map((pid) => structuredClone(store.products.get(pid) as Product)),
    subscriptions: store.subscriptionOrder.map((sid) =>
      structuredClone(store.subscriptions.get(sid) as StoredSubscription),
    ),
  };
  change(data);
  const refuse = (what: string): never => {
    throw new TypeError(`billing-kit: sandbox.customize: ${what}`);
  };

  const productIds = new Set<string>();
  data.products.forEach((product, i) => {
    const checked = productSchema.safeParse(product, parseOptions);
    if (!checked.success) {
      refuse(
        `products[${i}] is not a product: ${issueMessages(checked.error).join('; ')}; start from a copy of one of data.products`,
      );
    }
    if (productIds.has(product.id)) {
      refuse(`products[${i}] repeats the id "${product.id}"; give each product an id of its own`);
    }
    productIds.add(product.id);
  });
  for (const pid of store.productOrder) {
    if (!productIds.has(pid)) {
      refuse(`product "${pid}" was removed; set its status to 'archived' to take it off sale`);
    }
  }

  if (data.subscriptions.length !== store.subscriptionOrder.length) {
    refuse(
      `subscriptions were added or removed (${store.subscriptionOrder.length} → ${data.subscriptions.length}); change the fields of the ones there are`,
    );
  }
  data.subscriptions.forEach((subscription, i) => {
    const before = store.subscriptions.get(store.subscriptionOrder[i] as string);
    if (subscription?.id !== before?.id || subscription?.customer !== before?.customer) {
      refuse(
        `subscriptions[${i}] is not ${before?.id} of ${before?.customer}; keep each subscription's id, customer and place, and change its other fields`,
      );
    }
    const checked = subscriptionSchema.safeParse(subscription, parseOptions);
    if (!checked.success) {
      refuse(
        `subscriptions[${i}] is not a subscription: ${issueMessages(checked.error).join('; ')}`,
      );
    }
    if (!productIds.has(subscription.product)) {
      refuse(
        `subscriptions[${i}].product "${subscription.product}" is not in the catalog; use the id of one of data.products`,
      );
    }
  });

  for (const product of data.products) store.products.set(product.id, product);
  store.productOrder.splice(0, store.productOrder.length, ...data.products.map((p) => p.id));
  for (const subscription of data.subscriptions) {
    store.subscriptions.set(subscription.id, subscription);
  }
}

function generateTransactions(
  store: SandboxStore,
  customerId: string,
  count: number,
  productId = store.productOrder[0],
): string[] {
  const product = productId === undefined ? undefined : store.products.get(productId);
  if (!store.customers.has(customerId) || !product) {
    throw new TypeError(
      `billing-kit: generateTransactions needs a known customer and product (got ${customerId}, ${String(productId)}); take ids from sandbox.fixtures()`,
    );
  }
  if (!Number.isInteger(count) || count < 0) {
    throw new TypeError(
      `billing-kit: generateTransactions count must be a whole number ≥ 0, got ${count}`,
    );
  }
  const base = store.id('tran');
  const end = store.now();
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const id = `${base}_${n}`;
    const createdAt = end - (count - 1 - n) * 60_000;
    store.addTransaction(
      {
        id,
        mode: 'test',
        object: 'transaction',
        amount: product.price,
        amount_paid: product.price,
        discount_amount: 0,
        currency: product.currency,
        type: 'payment',
        tax_country: null,
        tax_amount: 0,
        status: 'paid',
        refunded_amount: null,
        order: null,
        subscription: null,
        customer: customerId,
        description: `Generated payment ${n + 1}`,
        created_at: createdAt,
      },
      product.id,
    );
    ids.push(id);
  }
  return ids;
}

/** Every customer account of the ledger, oldest first (walks the cursor list). */
function allAccounts(ledger: Ledger): LedgerAccount[] {
  const out: LedgerAccount[] = [];
  let after: string | undefined;
  for (;;) {
    const page = ledger.listAccounts({ limit: 100, ...(after ? { starting_after: after } : {}) });
    out.push(...page.data);
    if (!page.has_more || page.data.length === 0) break;
    after = page.data[page.data.length - 1]?.id;
  }
  return out.reverse();
}

/** Runs a hosted-page action; a SandboxError becomes an Error whose message says what to fix. */
function guard<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof SandboxError) {
      const wrapped = new Error(
        `billing-kit: ${errorCategory(error.status)} (${error.status}): ${error.messages.join('; ')}`,
      );
      Object.assign(wrapped, { status: error.status, messages: error.messages });
      throw wrapped;
    }
    throw error;
  }
}

/** A subscription's status as the portal says it. */
const PORTAL_STATUS_WORDS = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  paused: 'Paused',
  canceled: 'Canceled',
  scheduled_cancel: 'Ends at period close',
} satisfies Record<(typeof subscriptionStatuses)[number], string>;

/** The portal's words for `status`; a status this version does not know is shown as sent. */
function portalStatusWords(status: string): string {
  return Object.hasOwn(PORTAL_STATUS_WORDS, status)
    ? PORTAL_STATUS_WORDS[status as keyof typeof PORTAL_STATUS_WORDS]
    : status;
}

function signalAborted(request: Request, error: unknown): boolean {
  return request.signal.aborted && error === request.signal.reason;
}
