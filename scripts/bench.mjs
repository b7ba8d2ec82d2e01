#!/usr/bin/env node
// `npm run bench`: every benchmark of the project in one run, then one table of its figures.
// Each benchmark prints, besides its own human lines, one JSON line
// `{"bench": name, "figures": [{ figure, value, against }]}`, `against` saying what the figure
// was compared against; this collects those lines. A figure without `against`, or a bench
// line without figures, fails the run. Pass names to run only some: `npm run bench -- proxy size`.
import { spawnSync } from 'node:child_process';

const benches = {
  sandbox: ['npx', ['tsx', 'scripts/bench/sandbox.ts']],
  ledger: ['npx', ['tsx', 'scripts/bench/sandbox-ledger.ts']],
  proxy: ['npx', ['tsx', 'scripts/bench/proxy.ts']],
  render: ['npx', ['tsx', 'scripts/bench/render.ts']],
  size: ['node', ['scripts/bench/size.mjs']],
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in benches)) {
    console.error(
      `bench: unknown benchmark "${name}"; choose from ${Object.keys(benches).join(', ')}`,
    );
    process.exit(2);
  }
}

const rows = [];
let failed = 0;
for (const [name, [cmd, args]] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n── ${name}: ${cmd} ${args.join(' ')}`);
  const run = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(run.stdout ?? '');
  if (run.status !== 0) {
    failed += 1;
    rows.push({ bench: name, figure: 'FAILED', value: `exit ${run.status}`, against: '' });
    continue;
  }
  for (const line of (run.stdout ?? '').split('\n')) {
    if (!line.startsWith('{"bench"')) continue;
    const { bench, figures } = JSON.parse(line);
    if (!Array.isArray(figures) || figures.length === 0) {
      failed += 1;
      rows.push({ bench, figure: 'FAILED', value: 'no figures', against: 'none printed' });
      continue;
    }
    for (const f of figures) {
      if (typeof f.against === 'string' && f.against !== '') rows.push({ bench, ...f });
      else {
        failed += 1;
        rows.push({ bench, ...f, against: 'FAILED: the bench says nothing it was compared to' });
      }
    }
  }
}

const cols = ['bench', 'figure', 'value', 'against'];
const text = (r, c) => {
  const v = r[c];
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(3);
  return v === undefined ? '' : String(v);
};
const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => text(r, c).length)));
const line = (cells) => cells.map((s, i) => s.padEnd(widths[i])).join('  ');
console.log(`\n${line(cols)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
for (const r of rows) console.log(line(cols.map((c) => text(r, c))));
process.exit(failed ? 1 : 0);
