// Server rendering as an app does it: prefetch with the `*Options` factories through the proxy
// client into a fresh QueryClient, then `renderToString` inside the provider.
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createProxyClient, type ProxyClient } from '../../src/react/proxy-client.js';
import {
  type BillingHarness,
  BillingHarnessProvider,
  createBillingHarness,
  createTestQueryClient,
} from './billing-harness.js';

/** How to render on the server. */
export type ServerRenderOptions = {
  /** The harness to serve from. Default: a new one signed in as the default customer. */
  harness?: BillingHarness;
  /** Fills the QueryClient before rendering, e.g. `qc.prefetchQuery(productsOptions(client))`. */
  prefetch?: (queryClient: QueryClient, client: ProxyClient) => Promise<unknown>;
};

/** The HTML `ui` renders to on the server, inside `BillingHarnessProvider`. */
export async function renderToStringWithBilling(
  ui: ReactElement,
  { harness = createBillingHarness(), prefetch }: ServerRenderOptions = {},
): Promise<string> {
  const queryClient = createTestQueryClient();
  if (prefetch) {
    const { basePath, fetch } = harness.providerProps();
    await prefetch(queryClient, createProxyClient({ basePath, fetch }));
  }
  return renderToString(
    <BillingHarnessProvider harness={harness} queryClient={queryClient}>
      {ui}
    </BillingHarnessProvider>,
  );
}
