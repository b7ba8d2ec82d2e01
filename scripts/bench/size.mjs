#!/usr/bin/env node
// Bundle sizes from size-limit (gzip, react/react-dom/react-query external, zod counted), each
// against its budget, and where the whole billing-kit/react bundle's bytes go, as one
// `{"bench":"size"}` line for `npm run bench`. Builds first.
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

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

// The share of each part: the whole bundle gzipped, less the same bundle without that part's
// modules (minified and gzipped again), so each figure is what leaving the part out would save.
const external = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query'];
const bundled = await esbuild.build({
  stdin: { contents: "export * from './dist/react/index.js'", resolveDir: process.cwd() },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  external,
  logLevel: 'silent',
});
const text = bundled.outputFiles[0].text;
// esbuild heads each module's code with a `// path` comment when it does not minify.
const modules = [];
for (const line of text.split('\n')) {
  const path = /^\/\/ (\S+\.m?js)$/.exec(line)?.[1];
  if (path !== undefined || modules.length === 0) modules.push({ path: path ?? '', lines: [] });
  modules.at(-1).lines.push(line);
}
const parts = [
  ['zod (zod/mini)', (path) => path.includes('node_modules/zod/')],
  ['the virtualiser (@tanstack/react-virtual)', (path) => path.includes('node_modules/@tanstack/')],
  ['message catalogues (en + de)', (path) => path.includes('components/messages/')],
  ['the ten components', (path) => path.includes('dist/components/')],
  ['provider, hooks and proxy client', (path) => path.includes('dist/react/')],
  ['contract schemas and helpers, BillingError', (path) => /dist\/(contract|client)\//.test(path)],
];
const gzipped = async (code) => {
  // The export list names every module's bindings: left out, so a part can be removed alone.
  const body = code.replace(/\nexport \{[\s\S]*?\};\s*$/, '\n');
  const { code: minified } = await esbuild.transform(body, { minify: true, loader: 'js' });
  return gzipSync(minified, { level: 9 }).length;
};
const whole = await gzipped(text);
// Each module counts in the first part it belongs to (the catalogues are not components).
const partOf = (path) => parts.findIndex(([, inPart]) => inPart(path));
for (const [index, [name]] of parts.entries()) {
  const rest = modules.filter((m) => partOf(m.path) !== index);
  const saved = whole - (await gzipped(rest.flatMap((m) => m.lines).join('\n')));
  figures.push({
    figure: `whole bundle: ${name}`,
    value: `${(saved / 1000).toFixed(2)} kB`,
    against: `${Math.round((saved / whole) * 100)}% of the whole`,
  });
}

for (const f of figures) console.log(`${f.figure}: ${f.value} (${f.against})`);
console.log(JSON.stringify({ bench: 'size', figures }));
process.exit(results.every((r) => r.passed) ? 0 : 1);
