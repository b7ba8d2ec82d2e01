'use client';
// <BillingProvider>: the proxy client, the QueryClient and the redirect rules for every billing
// hook below it, and the theme, locale and messages for every component.
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { Fragment, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { originOf } from '../contract/origin.js';
import {
  assignLocation,
  BillingContext,
  type BillingContextValue,
  type Navigate,
} from './context.js';
import { billingKeys } from './keys.js';
import { createProxyClient, type ProxyFetch } from './proxy-client.js';
import { BillingUIProvider, type BillingUIProviderProps } from './ui-context.js';

/** Props of `<BillingProvider>`. */
export type BillingProviderProps = BillingUIProviderProps & {
  /**
   * Where the proxy handler (`createBillingHandler`) is mounted: a path on this origin, or an
   * absolute URL. Default: `/api/billing`.
   */
  basePath?: string;
  /** The `fetch` the hooks call the proxy with. Default: the global `fetch`. */
  fetch?: ProxyFetch;
  /**
   * The QueryClient for the billing hooks. Default: the app's (from its
   * `QueryClientProvider`), or, when the app has none, one the provider creates once and
   * provides. When the client changes (none → the app's, or one to another), everything below
   * the provider mounts afresh on the new one.
   */
  queryClient?: QueryClient;
  /**
   * Origins besides the service's own hosts (https://creem.io and its subdomains, such as
   * https://checkout.creem.io) that a checkout or portal link may send the buyer to, such as
   * a sandbox served on another origin (`npm run sandbox -- --port 4010`:
   * `'http://localhost:4010'`). The page's own origin (a sandbox mounted in your dev server)
   * and the in-memory sandbox's default address (https://sandbox.billing-kit.test) are always
   * allowed. A link to any other origin is refused. Default: `[]`.
   */
  checkoutOrigins?: readonly string[];
  /**
   * How checkout and portal redirects leave the page; tests and routers may replace it.
   * Default: `window.location.assign(url)`.
   */
  navigate?: Navigate;
  /**
   * Retries of a read (or an idempotent write) after a network error or a 5xx, with React
   * Query's backoff; a 4xx is never retried. Default: the QueryClient's own
   * `defaultOptions.queries.retry` when it is a number or `false` (a test client's
   * `retry: false` means none), else 3.
   */
  retries?: number;
  /**
   * Who is signed in, as your app knows them: a string that changes when the user does (their
   * id), or null when signed out. When it changes, every billing query cached for the one
   * before is dropped and everything below the provider mounts afresh, so no one sees
   * another's subscriptions or credits, not even for a moment, and a checkout or portal link
   * asked for before the change is not followed. Default: not followed; then remove
   * `billingKeys.all` from the cache and remount the billing parts yourself on sign-in and
   * sign-out, and a link that arrives after a sign-out is still followed.
   */
  session?: string | null;
  children?: ReactNode;
};

/**
 * Makes the billing hooks and components work below it. Uses the app's QueryClient when there
 * is one, so billing data shares the app's cache, devtools and SSR hydration.
 *
 * @example
 * <BillingProvider basePath="/api/billing" locale="de-DE">
 *   <PricingTable />
 * </BillingProvider>
 */
export function BillingProvider({
  basePath,
  fetch,
  queryClient: ownQueryClient,
  checkoutOrigins,
  navigate,
  retries,
  session,
  theme,
  locale,
  messages,
  timeZone,
  children,
}: BillingProviderProps) {
  const contextClient = useContext(QueryClientContext);
  const created = useRef<QueryClient | null>(null);
  if (!ownQueryClient && !contextClient && created.current === null) {
    created.current = new QueryClient();
  }
  const queryClient = ownQueryClient ?? contextClient ?? (created.current as QueryClient);
  // Dropped during render, before the hooks below read the cache: an effect would let them show
  // the last customer's data for one paint. The cache's listeners hear of it after the render.
  const sessionSeen = useRef(session);
  if (sessionSeen.current !== session) {
    sessionSeen.current = session;
    queryClient.removeQueries({ queryKey: billingKeys.all });
  }
  // Provide the client when the app has none in context; when the app's context holds another
  // client, leave the app's hooks on theirs and only mount ours (focus and online refetches).
  const provide = contextClient === undefined;
  const mountHere = !provide && queryClient !== contextClient;
  useEffect(() => {
    if (!mountHere) return;
    queryClient.mount();
    return () => queryClient.unmount();
  }, [mountHere, queryClient]);

  // The latest `fetch` is read at call time, so an inline function does not make a new client
  // (and a new context value for every hook) on each render.
  const latestFetch = useRef(fetch);
  latestFetch.current = fetch;
  const client = useMemo(
    () =>
      createProxyClient({
        basePath,
        retries: retries ?? defaultRetries(queryClient),
        fetch: (input, init) => (latestFetch.current ?? globalThis.fetch)(input, init),
      }),
    [basePath, retries, queryClient],
  );
  const originsKey = (checkoutOrigins ?? []).join('\n');
  const origins = useMemo(
    () => (originsKey === '' ? [] : originsKey.split('\n').map(toOrigin)),
    [originsKey],
  );
  const value = useMemo<BillingContextValue>(
    () => ({
      client,
      queryClient,
      navigate: navigate ?? assignLocation,
      checkoutOrigins: origins,
      session: sessionSeen,
      now: client.clock.now,
    }),
    [client, queryClient, navigate, origins],
  );

  const tree = (
    <BillingContext.Provider value={value}>
      <BillingUIProvider theme={theme} locale={locale} messages={messages} timeZone={timeZone}>
        {/* A new session remounts what is below: a hook that keeps its previous data while the
            next loads (a page list) must not keep the last customer's. So does another
            QueryClient: a mounted hook keeps observing the client it mounted with. */}
        <Fragment key={`${clientId(queryClient)}:${session ?? ''}`}>{children}</Fragment>
      </BillingUIProvider>
    </BillingContext.Provider>
  );
  return provide ? <QueryClientProvider client={queryClient}>{tree}</QueryClientProvider> : tree;
}

const clientIds = new WeakMap<QueryClient, number>();
let lastClientId = 0;

/** A number of its own for each QueryClient, for the key that remounts the children. */
function clientId(queryClient: QueryClient): number {
  let id = clientIds.get(queryClient);
  if (id === undefined) {
    lastClientId += 1;
    id = lastClientId;
    clientIds.set(queryClient, id);
  }
  return id;
}

/** A `checkoutOrigins` entry's origin; anything but an http(s) URL is refused. */
function toOrigin(value: string): string {
  const origin = originOf(value);
  if (origin === null) {
    throw new TypeError(
      `billing-kit: checkoutOrigins entry "${value}" is not an http(s) URL; pass an origin ` +
        'with its scheme, such as "https://sandbox.example.com" or "http://localhost:4010".',
    );
  }
  return origin;
}

/**
 * The retries the QueryClient's own defaults ask for, as a count: `false` is none, a number is
 * that many; `true` (for ever) and a function cannot be kept to transient failures, so they
 * get React Query's own default, 3.
 */
function defaultRetries(queryClient: QueryClient): number {
  const retry = queryClient.getDefaultOptions().queries?.retry;
  if (retry === false) return 0;
  return typeof retry === 'number' && retry >= 0 ? retry : 3;
}
