#!/usr/bin/env node
// Bundle sizes from size-limit (gzip, react/react-dom/react-query external, zod counted), each
// against its budget, as one `{"bench":"size"}` line for `npm run bench`. Builds first.
import { spawnSync } from 'node:child_process';

const build = spawnSync('npm', ['run', 'build', '--silent'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync('npx', ['size-limit', '--json'], { encoding: 'utf8' });
let results;
try {
  results = JSON.parse(run.stdout);
} catch {
  process.stderr.write(run.stdout + run.stderr);
  process.exit(1);
}
const figures = results.map((r) => ({
  figure: r.name,
  value: `${(r.size / 1000).toFixed(2)} kB`,
  against: `budget ${r.sizeLimit ? (r.sizeLimit / 1000).toFixed(0) : '?'} kB${r.passed ? '' : ' EXCEEDED'}`,
}));
for (const f of figures) console.log(`${f.figure}: ${f.value} (${f.against})`);
console.log(JSON.stringify({ bench: 'size', figures }));
process.exit(results.every((r) => r.passed) ? 0 : 1);
