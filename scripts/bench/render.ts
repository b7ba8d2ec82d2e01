// Benchmark of CreditsHistory's rendering in Chromium: an account of 100,000 entries, the
// virtualised list against a plain list of the same entries (every entry a DOM row), in the
// same run and the same page. Figures: rows and elements in the DOM, the first render, and the
// time to append a page of 100 older entries (cache update → React commit → layout; median of
// ten appends, made while scrolled to the end, as reading down the history does).
//
// Run: `npx tsx scripts/bench/render.ts` (also `npm run bench:render`). It builds
// scripts/bench/render/ with Vite (production React), serves it on a free port, drives Debian's
// Chromium through playwright-core, prints a table and one `{"bench":"render",...}` line.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions, hasChromium } from '../chromium.mjs';
import type { Measurement } from './render/page.js';

const here = dirname(fileURLToPath(import.meta.url));
const pageRoot = resolve(here, 'render');

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves `dir` on 127.0.0.1 at a free port. */
async function serve(dir: string) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir) || !(await stat(file).catch(() => null))?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

if (!hasChromium()) {
  console.error(
    "bench render: no Chromium at /usr/bin/chromium; install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH",
  );
  process.exit(1);
}

const outDir = await mkdtemp(join(tmpdir(), 'bk-render-bench-'));
let closeServer = () => {};
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const built = performance.now();
  await build({
    configFile: false,
    root: pageRoot,
    base: './',
    logLevel: 'error',
    mode: 'production',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: true },
  });
  console.log(`built the page in ${(performance.now() - built).toFixed(0)} ms`);
  const server = await serve(outDir);
  closeServer = server.close;

  const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(server.url);
  await page.waitForFunction(() => document.title === 'render bench ready');
  const setup = await page.evaluate(() => window.renderBench.setUp());
  console.log(
    `sandbox account of ${setup.entries.toLocaleString('en-US')} entries, every page read through the proxy, in ${setup.setupMs.toFixed(0)} ms`,
  );

  // Interleaved rounds, so that warm-up and garbage collection fall on both alike.
  const runs: Record<'virtualised' | 'plain', Measurement[]> = { virtualised: [], plain: [] };
  for (let round = 0; round < 3; round++) {
    for (const mode of ['virtualised', 'plain'] as const) {
      runs[mode].push(await page.evaluate((m) => window.renderBench.measure(m), mode));
    }
  }

  const summary = (mode: 'virtualised' | 'plain') => {
    const list = runs[mode];
    const last = list.at(-1) as Measurement;
    return {
      entries: last.entries,
      rows: Math.max(...list.map((m) => m.rows)),
      elements: Math.max(...list.map((m) => m.elements)),
      mountMs: median(list.map((m) => m.mountMs)),
      appendMs: median(list.flatMap((m) => m.appendMs)),
      cacheMs: median(list.flatMap((m) => m.cacheMs)),
    };
  };
  const v = summary('virtualised');
  const p = summary('plain');
  if (v.entries !== setup.entries || p.entries !== setup.entries) {
    throw new Error(
      `bench render: lists hold ${v.entries} and ${p.entries} entries, not ${setup.entries}`,
    );
  }

  const figures = [
    { figure: 'rows in the DOM (100,000 entries)', value: v.rows, against: p.rows },
    { figure: 'elements in the DOM', value: v.elements, against: p.elements },
    {
      figure: 'append a page of 100, ms (median)',
      value: Number(v.appendMs.toFixed(2)),
      against: Number(p.appendMs.toFixed(2)),
    },
    {
      figure: 'first render of 99,000, ms (median)',
      value: Number(v.mountMs.toFixed(1)),
      against: Number(p.mountMs.toFixed(1)),
    },
  ];
  const width = Math.max(...figures.map((f) => f.figure.length));
  console.log(
    `\n${'figure'.padEnd(width)}  ${'CreditsHistory'.padStart(15)}  ${'plain list'.padStart(12)}  ${'ratio'.padStart(8)}`,
  );
  for (const f of figures) {
    const ratio = f.value === 0 ? '—' : `${(f.against / f.value).toFixed(1)}×`;
    console.log(
      `${f.figure.padEnd(width)}  ${String(f.value).padStart(15)}  ${String(f.against).padStart(12)}  ${ratio.padStart(8)}`,
    );
  }
  console.log(
    `(of each append, the setQueryData call itself took ${v.cacheMs.toFixed(2)} / ${p.cacheMs.toFixed(2)} ms; the rest is React Query's notification, the render, the commit and the layout)`,
  );
  console.log(
    JSON.stringify({
      bench: 'render',
      figures: figures.map((f) => ({ ...f, against: `plain list: ${f.against}` })),
    }),
  );
} finally {
  await browser.close();
  closeServer();
  await rm(outDir, { recursive: true, force: true });
}
