// The public surface of billing-kit/react: every runtime export is defined, the hooks and
// factories are all there, and nothing internal leaks.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createBillingHarness } from '../../test/support/billing-harness.js';
import { SANDBOX_EPOCH } from '../sandbox/index.js';
import * as entry from './index.js';

describe('billing-kit/react', () => {
  it('defines every export', () => {
    for (const [name, value] of Object.entries(entry)) {
      expect(value, name).toBeDefined();
    }
  });

  it('exports the provider, every hook and one *Options factory per query hook', () => {
    const names = Object.keys(entry);
    const queryHooks = {
      useProducts: 'productsOptions',
      useCustomerSubscriptions: 'customerSubscriptionsOptions',
      useAllCustomerSubscriptions: 'allCustomerSubscriptionsOptions',
      useSubscription: 'subscriptionOptions',
      useTransactions: 'transactionsOptions',
      useDiscount: 'discountOptions',
      useCreditsAccounts: 'creditsAccountsOptions',
      useCreditsBalance: 'creditsBalanceOptions',
      useCreditsHistory: 'creditsHistoryOptions',
      useCustomers: 'customersOptions',
      useStoreMetrics: 'storeMetricsOptions',
    };
    for (const [hook, factory] of Object.entries(queryHooks)) {
      expect(names).toContain(hook);
      expect(names).toContain(factory);
    }
    for (const name of [
      'BillingProvider',
      'billingKeys',
      'createProxyClient',
      'useCheckout',
      'useUpgradeSubscription',
      'usePortal',
      'useLicense',
      'useCreditAccount',
      'useReverseCreditTransaction',
      'useDeleteDiscount',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('keeps the internal context out of the public entry', () => {
    expect(Object.keys(entry)).not.toContain('useBillingContext');
    expect(Object.keys(entry)).not.toContain('BillingContext');
  });
});

// A React Server Component that imports billing-kit/react gets, for every export of a
// 'use client' module, a client reference it cannot call. The README has server components
// call the factories, the keys and helpers such as `metricsRangeDates`, so each export that is
// not a component or a hook must be defined in a module without the directive. Vite's library
// build keeps one output module per source module (`preserveModules`), directive and all, so
// the source modules decide what dist/react/*.js carries.

const src = fileURLToPath(new URL('..', import.meta.url));
/** The directive as an RSC bundler finds it: first in the module, after comments only. */
const useClient = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(['"])use client\1/;

/** The source file of a relative `.js` import: `x.ts`, `x.tsx` or `x/index.ts`. */
function sourceFile(specifier: string, from: string): string {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((file) =>
    existsSync(file),
  );
  if (!found) throw new Error(`no source for ${specifier} imported by ${from}`);
  return found;
}

/** `a, type B, c as d` → [['a', 'a'], ['c', 'd']]: runtime bindings as [local, exported]. */
function bindings(list: string): Array<[string, string]> {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [local = '', exported = local] = part.split(/\s+as\s+/);
      return [local, exported];
    });
}

/** The source module that declares the runtime export `name` of `file`, through re-exports. */
function definingModule(name: string, file: string): string {
  const text = readFileSync(file, 'utf8');
  const declared = new RegExp(
    `^export\\s+(?:async\\s+)?(?:function\\*?|const|let|var|class)\\s+${name}\\b`,
    'm',
  );
  if (declared.test(text)) return file;
  for (const [, list = '', from = ''] of text.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    const hit = bindings(list).find(([, exported]) => exported === name);
    if (hit) return definingModule(hit[0], sourceFile(from, file));
  }
  // `import { x } from './x.js'; … export { x };`
  for (const [, list = ''] of text.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    const hit = bindings(list).find(([, exported]) => exported === name);
    if (!hit) continue;
    for (const [, imported = '', from = ''] of text.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
    )) {
      const source = bindings(imported).find(([, local]) => local === hit[0]);
      if (source) return definingModule(source[0], sourceFile(from, file));
    }
  }
  throw new Error(`cannot tell which module of ${file} declares ${name}`);
}

/** Components (`PricingTable`) and hooks (`useProducts`): the rest may be called on a server. */
function isComponentOrHook(name: string, value: unknown): boolean {
  return typeof value === 'function' && (/^[A-Z][a-z]/.test(name) || /^use[A-Z]/.test(name));
}

describe('billing-kit/react in a server component', () => {
  const entryFile = join(src, 'react/index.ts');
  const where = (name: string) => relative(src, definingModule(name, entryFile));
  const isClientModule = (name: string) =>
    useClient.test(readFileSync(definingModule(name, entryFile), 'utf8'));

  it('defines every export that is not a component or hook outside any "use client" module', () => {
    const serverCallable = Object.entries(entry)
      .filter(([name, value]) => !isComponentOrHook(name, value))
      .map(([name]) => name);
    // The ones the README and docs have a server call, among the rest.
    expect(serverCallable).toEqual(
      expect.arrayContaining([
        'metricsRangeDates',
        'themeVariables',
        'storeMetricsOptions',
        'productsOptions',
        'billingKeys',
        'createProxyClient',
        'getMessages',
      ]),
    );
    expect(serverCallable.filter(isClientModule).map((name) => `${name} (${where(name)})`)).toEqual(
      [],
    );
  });

  it('keeps every component and hook in a "use client" module', () => {
    const clientOnly = Object.entries(entry)
      .filter(([name, value]) => isComponentOrHook(name, value))
      .map(([name]) => name);
    expect(clientOnly).toEqual(
      expect.arrayContaining(['MetricsSummary', 'BillingUIProvider', 'useStoreMetrics']),
    );
    expect(
      clientOnly.filter((name) => !isClientModule(name)).map((name) => `${name} (${where(name)})`),
    ).toEqual([]);
  });

  it("prefetches MetricsSummary's first stats as the README writes it, in Node without a DOM", async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const harness = createBillingHarness({ admin: true });
    const now = Date.parse(SANDBOX_EPOCH);
    const client = entry.createProxyClient({ basePath: harness.basePath, fetch: harness.fetch });
    const queryClient = new QueryClient();
    const dates = entry.metricsRangeDates('90d', now);
    expect(dates).toEqual({ startDate: now - 90 * 86_400_000, endDate: now });
    const params = { currency: 'USD', interval: 'week', ...dates } as const;
    const stats = await queryClient.fetchQuery(entry.storeMetricsOptions(client, params));
    expect(stats.periods?.length).toBeGreaterThan(0);
    expect(queryClient.getQueryData(entry.billingKeys.admin.metrics(params))).toBe(stats);
    expect(harness.count('adminStats')).toBe(1);
    expect(entry.themeVariables).toContain('colorPrimary');
    queryClient.clear();
  });
});
