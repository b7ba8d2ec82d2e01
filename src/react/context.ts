'use client';
// The provider's context, and the one way hooks and components read it. Not part of the public
// entry: components import `useBillingContext` from here so that their own name is the one an
// error shows.
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { ProxyClient } from './proxy-client.js';

/** Sends the browser to a URL. Default in the provider: `window.location.assign(url)`. */
export type Navigate = (url: string) => void;

/** The provider's default `navigate`: this tab leaves for the URL. */
export const assignLocation: Navigate = (url) => {
  window.location.assign(url);
};

/** What `<BillingProvider>` gives the hooks and components below it. */
export type BillingContextValue = {
  /** The proxy client, built from `basePath` and `fetch`. */
  client: ProxyClient;
  /** The QueryClient every billing hook uses. */
  queryClient: QueryClient;
  /** How checkout and portal redirects leave the page. */
  navigate: Navigate;
  /** Origins (beyond the service's own) that checkout and portal links may lead to. */
  checkoutOrigins: readonly string[];
  /** The provider's `session` now: a redirect asked for in another session is not followed. */
  session: { readonly current: string | null | undefined };
  /**
   * The service's time in Unix ms (`client.clock.now()`): the page's clock, moved by the
   * service's when the proxy's answers say it is more than a minute away. The components'
   * default `now`.
   */
  now: () => number;
};

/** The provider's context; `null` outside any `<BillingProvider>`. */
export const BillingContext = createContext<BillingContextValue | null>(null);
BillingContext.displayName = 'BillingContext';

/**
 * The provider's context, or an error naming the caller and the fix when there is none.
 *
 * @param caller The hook or component to name in the error, such as `useProducts` or
 *   `PricingTable`.
 */
export function useBillingContext(caller: string): BillingContextValue {
  const value = useContext(BillingContext);
  if (value === null) {
    throw new Error(
      `billing-kit: \`${caller}\` must be inside \`<BillingProvider>\`. Wrap your app (or the ` +
        'part that shows billing) in <BillingProvider basePath="/api/billing">, with basePath ' +
        'where your server mounts createBillingHandler.',
    );
  }
  return value;
}
