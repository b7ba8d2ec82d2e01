// Benchmark of the sandbox ledger's cursor pages: a 50-entry page of an account with 1,000
// entries against one with 1,000,000, at the start of the list and deep in it (both cursor
// directions). A page should cost O(limit), so the 1M / 1k ratio should be about 1.
// Run: `npx tsx scripts/bench/sandbox-ledger.ts` (also part of `npm run bench`). Prints a table
// and one `{"bench":"sandbox-ledger","figures":[{figure,value,against}]}` line for the aggregator.
import { type CursorQuery, createLedger, type Ledger } from '../../src/sandbox/ledger.js';

const LIMIT = 50;
const SIZES = [1_000, 1_000_000] as const;
const ROUNDS = 400; // timed batches per (size, case)
const BATCH = 20; // pages per timed batch: one page is a few microseconds

type Built = { size: number; ledger: Ledger; accountId: string; middle: string; buildMs: number };

/** An account with `size` entries: generated halves around one ordinary credit in the middle. */
function build(size: number): Built {
  const ledger = createLedger({ storeId: 'sto_bench', now: () => new Date(Date.UTC(2026, 0, 1)) });
  const { id } = ledger.createAccount({ customer_id: 'cus_bench' });
  const started = performance.now();
  const half = Math.floor((size - 1) / 2);
  ledger.generateEntries(id, half, { seed: `${size}-a` });
  const middle = ledger.credit(id, { amount: '1', idempotency_key: 'middle' }).transaction;
  ledger.generateEntries(id, size - 1 - half, { seed: `${size}-b` });
  const buildMs = performance.now() - started;
  const entry = middle.entries.find((e) => e.account_id === id);
  if (!entry) throw new Error('bench: the middle credit has no entry on the account');
  return { size, ledger, accountId: id, middle: entry.id, buildMs };
}

const cases: Record<string, (b: Built) => CursorQuery> = {
  start: () => ({ limit: LIMIT }),
  deep_starting_after: (b) => ({ limit: LIMIT, starting_after: b.middle }),
  deep_ending_before: (b) => ({ limit: LIMIT, ending_before: b.middle }),
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const built = SIZES.map(build);
for (const b of built) {
  const count = b.ledger.listEntries(b.accountId, { limit: 1 }).data.length;
  if (count !== 1) throw new Error(`bench: account of size ${b.size} lists nothing`);
  console.log(`built ${b.size.toLocaleString('en-US')} entries in ${b.buildMs.toFixed(0)} ms`);
}

// Rounds interleave sizes and cases so JIT warm-up and GC pauses fall on all of them alike.
const samples = new Map<string, number[]>();
let sink = 0;
for (let round = -50; round < ROUNDS; round++) {
  for (const [name, query] of Object.entries(cases)) {
    for (const b of built) {
      const q = query(b);
      const t0 = performance.now();
      for (let i = 0; i < BATCH; i++) sink += b.ledger.listEntries(b.accountId, q).data.length;
      const perPage = ((performance.now() - t0) * 1000) / BATCH;
      if (round < 0) continue; // warm-up
      const key = `${name}@${b.size}`;
      const list = samples.get(key) ?? [];
      list.push(perPage);
      samples.set(key, list);
    }
  }
}
if (sink !== (ROUNDS + 50) * BATCH * LIMIT * Object.keys(cases).length * SIZES.length) {
  throw new Error('bench: a page came back short');
}

const figures: { figure: string; value: number; against: string }[] = [];
console.log(`\nmedian time of one ${LIMIT}-entry page (µs)`);
console.log(`${'case'.padEnd(22)}${'1k'.padStart(10)}${'1M'.padStart(10)}${'1M/1k'.padStart(10)}`);
for (const name of Object.keys(cases)) {
  const small = median(samples.get(`${name}@${SIZES[0]}`) ?? []);
  const large = median(samples.get(`${name}@${SIZES[1]}`) ?? []);
  const ratio = large / small;
  console.log(
    `${name.padEnd(22)}${small.toFixed(2).padStart(10)}${large.toFixed(2).padStart(10)}${ratio.toFixed(2).padStart(10)}`,
  );
  figures.push({
    figure: `${name} page of ${LIMIT}: 1M / 1k latency`,
    value: Number(ratio.toFixed(3)),
    against: `1M vs 1k entries: ${large.toFixed(2)} µs vs ${small.toFixed(2)} µs`,
  });
}
const generateSmallMs = built[0]?.buildMs ?? 0;
const generateMs = built[1]?.buildMs ?? 0;
console.log(`\ngenerate 1,000,000 entries: ${generateMs.toFixed(0)} ms`);
figures.push({
  figure: 'generate 1M entries (ms)',
  value: Math.round(generateMs),
  against: `1k entries in ${generateSmallMs.toFixed(1)} ms`,
});
console.log(JSON.stringify({ bench: 'sandbox-ledger', figures }));
