// Benchmark of the proxy (createBillingHandler), in one run:
//  1. p50 latency of a customer route (GET /subscriptions for a signed-in customer) through the
//     proxy, divided by the p50 of the same call made straight to the sandbox with the service
//     client (what a server would do without the proxy). Rounds interleave the two.
//  2. Upstream requests for a balance refresh: an account with 100,000 entries is counted once
//     (cold), then gets 10 new entries; the refresh should fetch only those (one request).
// Run: `npx tsx scripts/bench/proxy.ts` (also `npm run bench -- proxy`). Prints human lines and
// one `{"bench":"proxy","figures":[{figure,value,against}]}` JSON line for the aggregator.
import { createBillingClient, type FetchLike } from '../../src/client/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { createBillingHandler } from '../../src/server/index.js';

const ORIGIN = 'https://shop.bench';
const CUSTOMER = 'cust_ada';
const ROUNDS = 2000;
const WARMUP = 200;
const ENTRIES = 100_000;
const NEW_ENTRIES = 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

// -- 1. latency ---------------------------------------------------------------------------------
async function latency(): Promise<{
  p50Proxy: number;
  p50Direct: number;
  p95Proxy: number;
  p95Direct: number;
  ratio: number;
}> {
  const sandbox = createSandbox({ seed: 1 });
  const fetch: FetchLike = (input, init) => sandbox.fetch(input, init);
  const client = createBillingClient({ apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl, fetch });
  const handler = createBillingHandler({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch,
    products: sandbox.fixtures().products.map((p) => p.id),
    getCustomer: () => ({ id: CUSTOMER }),
    allowedOrigins: [ORIGIN],
  });
  const viaProxy = async () => {
    const response = await handler(new Request(`${ORIGIN}/api/billing/subscriptions`));
    if (response.status !== 200) throw new Error(`bench: the proxy answered ${response.status}`);
    await response.json();
  };
  const direct = async () => {
    await client.customers.listSubscriptions({ customer_id: CUSTOMER });
  };
  const proxyMs: number[] = [];
  const directMs: number[] = [];
  for (let round = -WARMUP; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always runs on a warmer cache.
    const order = round % 2 === 0 ? [viaProxy, direct] : [direct, viaProxy];
    for (const run of order) {
      const t0 = performance.now();
      await run();
      const ms = performance.now() - t0;
      if (round >= 0) (run === viaProxy ? proxyMs : directMs).push(ms);
    }
  }
  const p50Proxy = percentile(proxyMs, 50);
  const p50Direct = percentile(directMs, 50);
  const p95Proxy = percentile(proxyMs, 95);
  const p95Direct = percentile(directMs, 95);
  const ratio = p50Proxy / p50Direct;
  console.log(
    `GET /subscriptions p50: through the proxy ${p50Proxy.toFixed(3)} ms, straight to the sandbox ${p50Direct.toFixed(3)} ms: ratio ${ratio.toFixed(2)} (p95 ${p95Proxy.toFixed(3)} vs ${p95Direct.toFixed(3)} ms, ${ROUNDS} rounds)`,
  );
  return { p50Proxy, p50Direct, p95Proxy, p95Direct, ratio };
}
const measured = await latency();

// -- 2. balance refresh -------------------------------------------------------------------------
const sandbox = createSandbox({ seed: 1 });
const account = sandbox.fixtures().credit_accounts.find((a) => a.customer_id === CUSTOMER);
if (!account) throw new Error('bench: the sandbox has no credit account for the customer');
const counted: string[] = [];
const fetch: FetchLike = (input, init) => {
  counted.push(`${init.method ?? 'GET'} ${input}`);
  return sandbox.fetch(input, init);
};
const handler = createBillingHandler({
  apiKey: sandbox.apiKey,
  baseUrl: sandbox.baseUrl,
  fetch,
  products: ['prod_pro_monthly'],
  getCustomer: () => ({ id: CUSTOMER }),
  allowedOrigins: [ORIGIN],
});

/** Credits the account `count` times straight through the sandbox's API (one entry each). */
async function addEntries(count: number, tag: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await sandbox.fetch(
      `${sandbox.baseUrl}/v1/customer-credits/accounts/${account?.id}/credit`,
      {
        method: 'POST',
        headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: `${(i % 997) + 1}.${String(i % 100).padStart(2, '0')}`,
          reference: 'bench',
          idempotency_key: `${tag}-${i}`,
        }),
      },
    );
    if (response.status !== 201) throw new Error(`bench: credit answered ${response.status}`);
    await response.arrayBuffer();
  }
}

/** Entries on the account now (walks its pages straight through the sandbox). */
async function countEntries(): Promise<number> {
  const client = createBillingClient({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: (i, n) => sandbox.fetch(i, n),
  });
  let total = 0;
  let after: string | undefined;
  for (;;) {
    const page = await client.credits.listEntries({
      account_id: account?.id as string,
      limit: 100,
      starting_after: after,
    });
    total += page.data.length;
    if (!page.has_more) return total;
    after = page.data.at(-1)?.id;
  }
}

async function balance(): Promise<{ balance: string; ms: number; requests: number }> {
  const before = counted.length;
  const t0 = performance.now();
  const response = await handler(
    new Request(`${ORIGIN}/api/billing/credits/accounts/${account?.id}/balance`),
  );
  const ms = performance.now() - t0;
  const body = (await response.json()) as { balance: string };
  if (response.status !== 200) throw new Error(`bench: balance answered ${response.status}`);
  return { balance: body.balance, ms, requests: counted.length - before };
}

const existing = await countEntries();
const t0 = performance.now();
// The bulk of the account from the ledger's generator; the 10 new ones below go through the API.
sandbox.generateCreditEntries(account.id, ENTRIES - existing);
const fillMs = performance.now() - t0;
const entries = await countEntries();
if (entries !== ENTRIES)
  throw new Error(`bench: the account has ${entries} entries, not ${ENTRIES}`);
console.log(
  `built an account of ${entries.toLocaleString('en-US')} entries in ${(fillMs / 1000).toFixed(1)} s`,
);

const cold = await balance();
await addEntries(NEW_ENTRIES, 'new');
const warm = await balance();
const expected = sandbox.inspect().credit_balances[account.id];
if (cold.balance === warm.balance || warm.balance !== expected) {
  throw new Error(`bench: balance ${warm.balance}, the sandbox says ${expected}`);
}
console.log(
  `balance of ${ENTRIES.toLocaleString('en-US')} entries: cold count ${cold.requests} upstream requests (${cold.ms.toFixed(0)} ms); refresh after ${NEW_ENTRIES} new entries: ${warm.requests} upstream request${warm.requests === 1 ? '' : 's'} (${warm.ms.toFixed(2)} ms); exact: ${warm.balance}`,
);

const figures = [
  {
    figure: 'GET /subscriptions p50: proxy / direct',
    value: Number(measured.ratio.toFixed(3)),
    against: `${measured.p50Proxy.toFixed(3)} ms via proxy vs ${measured.p50Direct.toFixed(3)} ms direct (p95 ${measured.p95Proxy.toFixed(3)} vs ${measured.p95Direct.toFixed(3)} ms, ${ROUNDS} rounds)`,
  },
  {
    figure: `balance refresh after ${NEW_ENTRIES} new entries: upstream requests`,
    value: warm.requests,
    against: `${cold.requests.toLocaleString('en-US')} cold on ${ENTRIES.toLocaleString('en-US')} entries (refresh ${warm.ms.toFixed(2)} ms vs cold ${cold.ms.toFixed(0)} ms)`,
  },
];
console.log(JSON.stringify({ bench: 'proxy', figures }));
