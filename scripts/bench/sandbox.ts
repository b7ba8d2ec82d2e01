// `npm run bench:sandbox`: what one page costs through the sandbox's API as the data grows.
// Two sandboxes, one with 1,000 and one with 1,000,000 rows, for a cursor list (credit
// entries) and a numbered list (transactions); the median latency of a 50-row page at the
// start and deep in each list, and the ratio 1M / 1k, all in one run. O(page size) ≈ 1.
import { createBillingClient } from '../../src/client/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

const SMALL = 1_000;
const LARGE = 1_000_000;
const PAGE = 50;
const ROUNDS = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Median µs of each call, sampled alternately so that load on the machine hits both alike. */
async function timePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number, number]> {
  for (let i = 0; i < 200; i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let start = performance.now();
    await a();
    sa.push(performance.now() - start);
    start = performance.now();
    await b();
    sb.push(performance.now() - start);
  }
  return [median(sa) * 1000, median(sb) * 1000];
}

async function world(rows: number) {
  const sandbox = createSandbox({ seed: 7 });
  const client = createBillingClient({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: sandbox.fetch,
    retries: 0,
  });
  const { customers, credit_accounts } = sandbox.fixtures();
  const customer = customers.find((c) => c.id === 'cust_ada')!.id;
  const account = credit_accounts.find((a) => a.customer_id === customer && a.status === 'active')!;
  const generated = sandbox.generateCreditEntries(account.id, rows);
  const transactions = sandbox.generateTransactions(customer, rows);
  // A cursor deep in the list: an entry half-way down.
  const half = await client.credits.listEntries({ account_id: account.id, limit: 100 });
  let cursor = half.data.at(-1)!.id;
  for (let i = 0; i < 5; i++) {
    const page = await client.credits.listEntries({
      account_id: account.id,
      limit: 100,
      starting_after: cursor,
    });
    cursor = page.data.at(-1)!.id;
  }
  const deepPage = Math.max(1, Math.floor(transactions.length / PAGE / 2));
  return {
    generated: generated.total,
    cursorFirst: () => client.credits.listEntries({ account_id: account.id, limit: PAGE }),
    cursorDeep: () =>
      client.credits.listEntries({ account_id: account.id, limit: PAGE, starting_after: cursor }),
    numberedFirst: () =>
      client.transactions.search({ customer_id: customer, page_number: 1, page_size: PAGE }),
    numberedDeep: () =>
      client.transactions.search({ customer_id: customer, page_number: deepPage, page_size: PAGE }),
  };
}

const small = await world(SMALL);
const large = await world(LARGE);
const figures = [];
for (const name of ['cursorFirst', 'cursorDeep', 'numberedFirst', 'numberedDeep'] as const) {
  const [a, b] = await timePair(small[name], large[name]);
  figures.push({
    figure: `${name} page of ${PAGE}: 1M / 1k latency`,
    value: b / a,
    against: `${a.toFixed(1)} µs at 1k vs ${b.toFixed(1)} µs at 1M`,
  });
  console.log(
    `${name.padEnd(14)} 1k ${a.toFixed(1).padStart(8)} µs   1M ${b.toFixed(1).padStart(8)} µs   ratio ${(b / a).toFixed(2)}`,
  );
}
console.log(JSON.stringify({ bench: 'sandbox', figures }));
