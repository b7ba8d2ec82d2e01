// The page of the render benchmark (scripts/bench/render.ts builds it with Vite and drives it in
// Chromium). Everything runs in the page: a sandbox whose account holds 100,000 entries made by
// the ledger's generator, the real proxy handler over it, and the real CreditsHistory on a
// QueryClient that already holds every page. The same entries also go to a plain list (every
// entry a DOM row), the baseline the virtualised list is measured against.
import '../../../src/styles.css';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { CreditsHistory } from '../../../src/components/CreditsHistory/index.js';
import { useMessages } from '../../../src/components/messages/index.js';
import { commonMessages } from '../../../src/components/messages/sections/common.js';
import { creditsHistoryMessages } from '../../../src/components/messages/sections/creditsHistory.js';
import { useFormat } from '../../../src/components/shared/format.js';
import { negateAmount } from '../../../src/contract/amount.js';
import type { CreditsAccount } from '../../../src/contract/schemas.js';
import { billingKeys } from '../../../src/react/keys.js';
import {
  type CreditsBalance,
  type CreditsCursor,
  type CreditsEntriesPage,
  creditsHistoryOptions,
} from '../../../src/react/options.js';
import { BillingProvider } from '../../../src/react/provider.js';
import { createProxyClient } from '../../../src/react/proxy-client.js';
import { useCreditsHistory } from '../../../src/react/queries.js';
import { createSandbox } from '../../../src/sandbox/index.js';
import { createBillingHandler } from '../../../src/server/index.js';

/** Entries in the account. */
export const TOTAL = 100_000;
/** Entries per page (the proxy's largest page). */
export const PAGE = 100;
/** Pages appended one by one during the measurement, after the first `TOTAL / PAGE - APPENDS`. */
export const APPENDS = 10;

type Data = InfiniteData<CreditsEntriesPage, CreditsCursor>;
export type Mode = 'virtualised' | 'plain';

/** What one mode measured. */
export type Measurement = {
  mode: Mode;
  /** Entries in the list after the appends. */
  entries: number;
  /** Rows in the DOM after the appends, scrolled to the end. */
  rows: number;
  /** Elements in the component's DOM at the end. */
  elements: number;
  /** Mount of the list with `TOTAL - APPENDS * PAGE` entries: render, commit and layout, ms. */
  mountMs: number;
  /** Each append of one page: from the cache update to the commit and layout, ms. */
  appendMs: number[];
  /** Of each append, the `setQueryData` call alone, ms (the same work for both lists). */
  cacheMs: number[];
};

const basePath = '/api/billing';
let accountId = '';
let all: Data | null = null;
let account: CreditsAccount | null = null;
let balance: CreditsBalance | null = null;

/** Builds the sandbox's big account and reads every page through the proxy. */
async function setUp(): Promise<{ setupMs: number; entries: number }> {
  const started = performance.now();
  const sandbox = createSandbox();
  const found = sandbox
    .fixtures()
    .credit_accounts.find((a) => a.customer_id === 'cust_grace' && a.name === 'Support minutes');
  if (!found) throw new Error('bench: the seed has no "Support minutes" account for Grace');
  account = found;
  accountId = found.id;
  const seeded = sandbox.inspect().credit_entries.filter((e) => e.account_id === accountId).length;
  const generated = sandbox.generateCreditEntries(accountId, TOTAL - seeded, {
    seed: 'render-bench',
  });
  balance = {
    balance: generated.balance,
    unit_label: found.unit_label,
    as_of: new Date().toISOString(),
  };
  const handler = createBillingHandler({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: sandbox.fetch,
    products: [],
    basePath,
    allowBrowser: true,
    getCustomer: () => ({ id: 'cust_grace' }),
  });
  const fetchProxy = (input: string, init: RequestInit) =>
    handler(new Request(new URL(input, location.origin), init));
  const client = createProxyClient({ basePath, fetch: fetchProxy });
  const queryClient = new QueryClient();
  all = await queryClient.fetchInfiniteQuery({
    ...creditsHistoryOptions(client, { accountId, limit: PAGE }),
    pages: TOTAL / PAGE,
  });
  const entries = all.pages.reduce((n, page) => n + page.data.length, 0);
  return { setupMs: performance.now() - started, entries };
}

function firstPages(data: Data, count: number): Data {
  return { pages: data.pages.slice(0, count), pageParams: data.pageParams.slice(0, count) };
}

/** The baseline: the same entries, the same row content, every one of them in the DOM. */
function PlainList({ id }: { id: string }) {
  const history = useCreditsHistory({ accountId: id, limit: PAGE });
  const fmt = useFormat();
  const t = useMessages(commonMessages, creditsHistoryMessages);
  const entries = history.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section data-slot="plain-list" data-bk-theme="light">
      <div style={{ overflowY: 'auto', maxHeight: '24rem' }} data-bench-viewport="">
        <ol aria-label="Entries" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {entries.map((entry, index) => (
            <li
              key={entry.id}
              data-state={entry.side}
              aria-posinset={index + 1}
              style={{ height: 56 }}
            >
              <span>
                {entry.side === 'credit' ? t('creditsHistory.credit') : t('creditsHistory.debit')}
              </span>
              <time dateTime={entry.created_at}>{fmt.dateTime(entry.created_at)}</time>
              <span>
                {fmt.amount(entry.side === 'debit' ? negateAmount(entry.amount) : entry.amount, {
                  signDisplay: 'always',
                })}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** Resolves once `done()` holds after a DOM change under `root` (checked at each mutation). */
function whenDom(root: Element, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done()) return resolve();
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { childList: true, subtree: true, attributes: true });
  });
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
}

function listHeight(container: Element, mode: Mode): number {
  const list = container.querySelector('ol');
  return mode === 'virtualised'
    ? Number.parseFloat(list?.style.height ?? '0')
    : (list?.children.length ?? 0);
}

/** Mounts one mode, appends `APPENDS` pages one at a time, and measures each step. */
async function measure(mode: Mode): Promise<Measurement> {
  if (!all) throw new Error('bench: call setUp() first');
  const data = all;
  const start = data.pages.length - APPENDS;
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const key = billingKeys.credits.entries(accountId, PAGE);
  queryClient.setQueryData<Data>(key, firstPages(data, start));
  // The account and its balance are known too: nothing is fetched while measuring.
  queryClient.setQueryData(billingKeys.credits.accounts(), [account]);
  queryClient.setQueryData(billingKeys.credits.balance(accountId), balance);
  const expected = (pages: number) => {
    const entries = firstPages(data, pages).pages.reduce((n, p) => n + p.data.length, 0);
    return mode === 'virtualised' ? entries * 56 : entries;
  };

  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const t0 = performance.now();
  root.render(
    <BillingProvider
      basePath={basePath}
      fetch={() => Promise.reject(new Error('bench: nothing is fetched while measuring'))}
      queryClient={queryClient}
      retries={0}
    >
      {mode === 'virtualised' ? (
        <CreditsHistory accountId={accountId} pageSize={PAGE} autoLoadThreshold={0} />
      ) : (
        <PlainList id={accountId} />
      )}
    </BillingProvider>,
  );
  await whenDom(container, () => listHeight(container, mode) === expected(start));
  container.getBoundingClientRect();
  const mountMs = performance.now() - t0;
  await nextFrame();

  // Scrolled to the end, where older pages are appended as the reader goes.
  const viewport = container.querySelector<HTMLElement>(
    mode === 'virtualised' ? '[data-slot="credits-history-viewport"]' : '[data-bench-viewport]',
  );
  if (!viewport) throw new Error(`bench: no scrolling box in the ${mode} list`);
  viewport.scrollTop = viewport.scrollHeight;
  await nextFrame();

  const appendMs: number[] = [];
  const cacheMs: number[] = [];
  for (let pages = start + 1; pages <= data.pages.length; pages++) {
    // Out of the frame callback first: a timer queued from one waits for the frame to end.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const t = performance.now();
    queryClient.setQueryData<Data>(key, firstPages(data, pages));
    cacheMs.push(performance.now() - t);
    await whenDom(container, () => listHeight(container, mode) === expected(pages));
    container.getBoundingClientRect();
    appendMs.push(performance.now() - t);
    viewport.scrollTop = viewport.scrollHeight;
    await nextFrame();
  }

  const rows = container.querySelectorAll('li').length;
  const elements = container.querySelectorAll('*').length;
  const entries = expected(data.pages.length) / (mode === 'virtualised' ? 56 : 1);
  root.unmount();
  container.remove();
  queryClient.clear();
  return { mode, entries, rows, elements, mountMs, appendMs, cacheMs };
}

declare global {
  interface Window {
    renderBench: { setUp: typeof setUp; measure: typeof measure };
  }
}

window.renderBench = { setUp, measure };
document.title = 'render bench ready';
