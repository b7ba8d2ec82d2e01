// Server rendering, in Node (no `window`, no `document`): the entry imports, the provider and
// the hooks render to a string without touching the browser, without fetching, and with the
// data a server prefetched through the `*Options` factories.
import { readFileSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createBillingHarness, seededCreditAccount } from '../../test/support/billing-harness.js';
// Imported at the top of a Node module: an entry that read `window` at import would throw here.
import {
  BillingProvider,
  createProxyClient,
  productsOptions,
  useCheckout,
  useCreditsHistory,
  useProducts,
} from './index.js';

function Page(): ReactNode {
  const products = useProducts();
  const history = useCreditsHistory({ accountId: seededCreditAccount('cust_ada') });
  const { state } = useCheckout();
  return createElement('p', null, `${products.status} ${history.status} checkout:${state}`);
}

function Plans(): ReactNode {
  const { data } = useProducts();
  return createElement(
    'ul',
    null,
    data?.slice(0, 2).map((p) => createElement('li', { key: p.id }, p.name)),
  );
}

describe('server rendering', () => {
  it('runs where there is no window or document, with the entry imported', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(typeof BillingProvider).toBe('function');
  });

  it('renders a provider with query and mutation hooks: loading, no request', () => {
    const harness = createBillingHarness();
    const html = renderToString(
      createElement(
        BillingProvider,
        {
          basePath: '/api/billing',
          fetch: (input: string, init: RequestInit) => harness.fetch(input, init),
        },
        createElement(Page),
      ),
    );
    expect(html).toBe('<p>pending pending checkout:idle</p>');
    expect(harness.count()).toBe(0);
  });

  it('renders what the server prefetched with the *Options factories', async () => {
    const harness = createBillingHarness();
    // On a server, basePath must be absolute: there is no page to resolve it against.
    const client = createProxyClient({
      basePath: `${harness.origin}/api/billing`,
      fetch: (input, init) => harness.fetch(input, init),
    });
    const queryClient = new QueryClient();
    await queryClient.prefetchQuery(productsOptions(client));
    const html = renderToString(
      createElement(BillingProvider, { queryClient }, createElement(Plans)),
    );
    expect(html).toBe('<ul><li>Starter</li><li>Pro</li></ul>');
    expect(harness.count('products')).toBe(1);
  });

  it('a prefetch that fails asks once, as React Query does on a server: the browser asks again', async () => {
    const harness = createBillingHarness();
    harness.failNext({ route: 'products', with: 503, times: 10 });
    const client = createProxyClient({
      basePath: `${harness.origin}/api/billing`,
      fetch: (input, init) => harness.fetch(input, init),
    });
    // No wait between attempts here, so a test that retried would still end quickly.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    await queryClient.prefetchQuery(productsOptions(client));
    expect(harness.count('products')).toBe(1);
    expect(queryClient.getQueryState(productsOptions(client).queryKey)?.status).toBe('error');

    // Retries asked for by name are still made.
    const patient = createProxyClient({
      basePath: `${harness.origin}/api/billing`,
      fetch: (input, init) => harness.fetch(input, init),
      retries: 2,
    });
    await new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } }).prefetchQuery(
      productsOptions(patient),
    );
    expect(harness.count('products')).toBe(4);
  });

  it('marks the modules that need it with "use client", and only those', () => {
    const first = (file: string) =>
      readFileSync(new URL(file, import.meta.url), 'utf8').split('\n')[0];
    for (const file of ['./provider.tsx', './context.ts', './queries.ts', './mutations.ts']) {
      expect(first(file), file).toBe("'use client';");
    }
    // Keys, factories and the proxy client stay callable from server code (prefetching).
    for (const file of ['./keys.ts', './options.ts', './proxy-client.ts']) {
      expect(first(file), file).not.toBe("'use client';");
    }
  });
});
