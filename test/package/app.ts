// The seller's app that test/package/installed.test.ts installs the packed billing-kit into, as
// the README's quick start writes it: a Vite + React client, a Node server mounting the proxy on
// the sandbox, a server render, and a server-component page. Kept as text here (not as files
// under test/) so that the repository's own type-check and lint never see `billing-kit/...`
// imports, which only resolve once the package is installed.

/** A test key a seller would have in the environment while building; it must not ship. */
export const SELLER_KEY = 'creem_test_SellerKeyMustStayOnTheServer1';

const tsconfig = (module: string, moduleResolution: string) =>
  `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module,
        moduleResolution,
        jsx: 'react-jsx',
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        verbatimModuleSyntax: true,
        // Our .d.ts files are checked too, as a seller's strictest setting would.
        skipLibCheck: false,
        allowJs: true,
        checkJs: true,
        noEmit: true,
        types: ['node'],
      },
      include: ['src', 'server', 'rsc/page.mjs'],
    },
    null,
    2,
  )}\n`;

/** File path (relative to the app) → contents. */
export const appFiles: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'seller-app', private: true, type: 'module' }, null, 2)}\n`,
  'tsconfig.json': tsconfig('ESNext', 'bundler'),
  'tsconfig.nodenext.json': tsconfig('NodeNext', 'NodeNext'),
  'tsconfig.node16.json': tsconfig('Node16', 'Node16'),
  // A Workers/Deno-style project: no @types/node, our .d.ts checked all the same.
  'tsconfig.edge.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        exactOptionalPropertyTypes: true,
        skipLibCheck: false,
        noEmit: true,
        types: [],
      },
      include: ['edge'],
    },
    null,
    2,
  )}\n`,
  'edge/worker.ts': `import { createBillingHandler } from 'billing-kit/server';

const billing = createBillingHandler({
  apiKey: 'creem_test_key',
  environment: 'test',
  products: ['prod_pro_monthly'],
  getCustomer: () => ({ id: 'cust_ada' }),
});

export default { fetch: (request: Request): Promise<Response> => billing(request) };
`,
  'vite.config.ts': `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// minify off: the test reads which modules the bundle holds from its region comments.
export default defineConfig({ plugins: [react()], build: { minify: false } });
`,
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Seller app</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`,
  'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);
`,
  'src/App.tsx': `import {
  BillingProvider,
  CheckoutForm,
  CreditsHistory,
  PricingTable,
  useCheckout,
  useProducts,
} from 'billing-kit/react';
import 'billing-kit/styles.css';

function PlanCount() {
  const products = useProducts();
  const names: string[] = products.data?.map((product) => product.name) ?? [];
  // @ts-expect-error a price is a number of cents: this line errs unless the hook's data is typed
  const price: string | undefined = products.data?.[0]?.price;
  return <p>{names.length} plans {price}</p>;
}

function BuyPro() {
  const { state, checkout, error } = useCheckout();
  // @ts-expect-error the checkout body needs product_id
  const missingProduct: Parameters<typeof checkout>[0] = {};
  return (
    <button type="button" title={String(missingProduct)} disabled={state === 'submitting'} onClick={() => checkout({ product_id: 'prod_pro_monthly' })}>
      {error ? error.messages.join(' ') : 'Buy Pro'}
    </button>
  );
}

export function App() {
  return (
    <BillingProvider basePath="/api/billing" locale="en-US" theme={{ appearance: 'light' }}>
      <PlanCount />
      <BuyPro />
      <PricingTable />
      <CheckoutForm productId="prod_pro_monthly" />
      <CreditsHistory />
    </BillingProvider>
  );
}
`,
  // Type-level checks: no public hook's result, data, error or options is \`any\`, and metadata
  // (a recursive JSON type) is named, not spelt out until the compiler cuts it off with \`any\`.
  'src/types.ts': `import type { BillingError, JsonValue } from 'billing-kit';
import type * as react from 'billing-kit/react';
import type { createBillingHandler, toNodeHandler } from 'billing-kit/server';
import type { createSandbox } from 'billing-kit/sandbox';

type IsAny<T> = 0 extends 1 & T ? true : false;
type AnyKeys<T> = { [K in keyof T]-?: IsAny<T[K]> extends true ? K : never }[keyof T];
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

type Hooks = { [K in keyof typeof react as K extends \`use\${string}\` ? K : never]: (typeof react)[K] };
type Results = { [K in keyof Hooks]: Hooks[K] extends (...args: never[]) => infer R ? R : never };
type Data = { [K in keyof Results]: Results[K] extends { data: infer D } ? D : never };
type Errors = { [K in keyof Results]: Results[K] extends { error: infer E } ? E : never };
type Options = { [K in keyof Hooks]: Hooks[K] extends (...args: infer P) => unknown ? P : never };
type Subscription = NonNullable<ReturnType<typeof react.useSubscription>['data']>;

export type Checks = [
  Expect<Equal<AnyKeys<Hooks>, never>>,
  Expect<Equal<AnyKeys<Results>, never>>,
  Expect<Equal<AnyKeys<Data>, never>>,
  Expect<Equal<AnyKeys<Errors>, never>>,
  Expect<Equal<AnyKeys<Options>, never>>,
  Expect<Equal<Errors['useProducts'], BillingError | null>>,
  Expect<Equal<NonNullable<Subscription['metadata']>, Record<string, JsonValue>>>,
  Expect<Equal<IsAny<ReturnType<typeof createBillingHandler>>, false>>,
  Expect<Equal<IsAny<ReturnType<typeof toNodeHandler>>, false>>,
  Expect<Equal<IsAny<ReturnType<typeof createSandbox>>, false>>,
];
`,
  // The server, plain Node ESM (type-checked as JS by the tsconfigs above).
  'server/server.mjs': `import { createServer } from 'node:http';
import { createBillingHandler, toNodeHandler } from 'billing-kit/server';
import { createSandbox } from 'billing-kit/sandbox';

const sandbox = createSandbox({ seed: 1 });
const [customer] = sandbox.fixtures().customers;
if (!customer) throw new Error('the sandbox has no customer');
const billing = createBillingHandler({
  apiKey: sandbox.apiKey,
  baseUrl: sandbox.baseUrl,
  fetch: sandbox.fetch,
  products: sandbox.fixtures().products.map((product) => product.id),
  getCustomer: () => ({ id: customer.id }),
});
const api = toNodeHandler(billing);
const server = createServer((request, response) => {
  if (request.url?.startsWith('/api/billing')) return void api(request, response);
  response.statusCode = 404;
  response.end();
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(\`listening http://127.0.0.1:\${address.port}\`);
});
`,
  // Server rendering under plain Node (no window, no document): the provider with hooks and
  // components, once empty and once with the catalog prefetched through the proxy.
  'server/ssr.mjs': `import { QueryClient } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import {
  allCustomerSubscriptionsOptions,
  BillingProvider,
  CheckoutForm,
  CreditsHistory,
  createProxyClient,
  PricingTable,
  productsOptions,
  useProducts,
} from 'billing-kit/react';
import { createBillingHandler } from 'billing-kit/server';
import { createSandbox } from 'billing-kit/sandbox';

function Status() {
  return h('output', { id: 'status' }, useProducts().status);
}

const empty = renderToString(
  h(BillingProvider, { basePath: '/api/billing', locale: 'en-US' }, h(Status), h(PricingTable), h(CheckoutForm, { productId: 'prod_pro_monthly' }), h(CreditsHistory)),
);

const sandbox = createSandbox({ seed: 1 });
const billing = createBillingHandler({
  apiKey: sandbox.apiKey,
  baseUrl: sandbox.baseUrl,
  fetch: sandbox.fetch,
  products: sandbox.fixtures().products.map((product) => product.id),
  getCustomer: (request) => (request.headers.get('cookie') === 'session=ada' ? { id: 'cust_ada' } : null),
});
const client = createProxyClient({
  basePath: '/api/billing',
  fetch: (input, init) => billing(new Request(new URL(String(input), 'http://shop.test'), init)),
});
const queryClient = new QueryClient();
await queryClient.prefetchQuery(productsOptions(client));
const prefetched = renderToString(
  h(BillingProvider, { basePath: '/api/billing', queryClient }, h(Status), h(PricingTable, { signedIn: false })),
);

// A signed-in page, as the README's "Server rendering" writes it: the page request's cookie
// goes with each call to the proxy, which answers in process.
const pageRequest = new Request('http://shop.test/pricing', { headers: { cookie: 'session=ada' } });
const asBuyer = createProxyClient({
  basePath: new URL('/api/billing', pageRequest.url).href,
  fetch: (input, init) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', pageRequest.headers.get('cookie') ?? '');
    return billing(new Request(input, { ...init, headers }));
  },
});
const signedIn = new QueryClient();
await Promise.all([
  signedIn.prefetchQuery(productsOptions(asBuyer)),
  signedIn.prefetchQuery(allCustomerSubscriptionsOptions(asBuyer)),
]);
const current = renderToString(
  h(BillingProvider, { basePath: '/api/billing', queryClient: signedIn }, h(PricingTable)),
);

console.log(JSON.stringify({ window: typeof window, document: typeof document, empty, prefetched, current }));
`,
  // A Next.js-style server component: run with --conditions=react-server and the loader below,
  // which treats every 'use client' module as an RSC bundler does (not run; its exports become
  // client references), so anything else that needs client-only React fails to load.
  'rsc/page.mjs': `import * as React from 'react';
import * as billingReact from 'billing-kit/react';

const clientReference = Symbol.for('react.client.reference');
/** @type {Record<string, string>} */
const kinds = {};
for (const name of ['BillingProvider', 'PricingTable', 'CheckoutForm', 'CreditsHistory', 'useProducts', 'productsOptions', 'billingKeys', 'createProxyClient', 'storeMetricsOptions', 'metricsRangeDates', 'themeVariables']) {
  /** @type {unknown} */
  const value = Reflect.get(billingReact, name);
  kinds[name] = typeof value === 'function' && Reflect.get(value, '$$typeof') === clientReference ? 'client reference' : typeof value;
}
console.log(JSON.stringify({ reactServer: !('createContext' in React), kinds }));
`,
  'rsc/register.mjs': `import { register } from 'node:module';

globalThis.__clientReference = (url, name) =>
  Object.defineProperties(
    () => {
      throw new Error(\`\${name} is a client reference: it cannot be called on the server\`);
    },
    { $$typeof: { value: Symbol.for('react.client.reference') }, $$id: { value: \`\${url}#\${name}\` } },
  );
register('./hooks.mjs', import.meta.url);
`,
  'rsc/hooks.mjs': `const useClient = /^(?:\\s|\\/\\/[^\\n]*\\n|\\/\\*[\\s\\S]*?\\*\\/)*(['"])use client\\1/;

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (result.format !== 'module' || result.source == null) return result;
  const source = String(result.source);
  if (!useClient.test(source)) return result;
  const names = new Set();
  for (const [, list] of source.matchAll(/export\\s*\\{([^}]*)\\}/g))
    for (const part of list.split(',')) if (part.trim()) names.add(part.trim().split(/\\s+as\\s+/).pop());
  for (const [, name] of source.matchAll(/export\\s+(?:async\\s+)?(?:function\\*?|const|let|var|class)\\s+([\\w$]+)/g))
    names.add(name);
  const stub = [...names]
    .map((name) => {
      const ref = \`globalThis.__clientReference(\${JSON.stringify(url)}, \${JSON.stringify(name)})\`;
      return name === 'default' ? \`export default \${ref};\` : \`export const \${name} = \${ref};\`;
    })
    .join('\\n');
  return { format: 'module', source: stub, shortCircuit: true };
}
`,
  // A CommonJS user: require() of the ESM-only entry.
  'cjs/require.cjs': `try {
  const billing = require('billing-kit/react');
  console.log(JSON.stringify({ loaded: typeof billing.BillingProvider }));
} catch (error) {
  console.log(JSON.stringify({ code: error.code }));
}
`,
};
