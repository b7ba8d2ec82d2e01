// billing-kit as a seller gets it: the library is built and packed as `npm publish` would
// (into a temporary folder, never ./dist), the tarball is unpacked into a fresh app's
// node_modules, and its dependencies and peers are linked from this repository's node_modules
// (so the test runs offline; only packages the packed package.json declares are linked, so an
// undeclared import fails here as it would for a seller). The app (./app.ts) is the README's
// quick start: a Vite + React client, a Node server mounting the proxy on the sandbox, a server
// render, a server component, the CLI, and a CommonJS require.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { appFiles, SELLER_KEY } from './app.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const repoModules = join(repo, 'node_modules');
/** What the seller installs beside billing-kit to build and type-check the app. */
const TOOLS = [
  'vite',
  '@vitejs/plugin-react',
  'typescript',
  '@types/react',
  '@types/react-dom',
  '@types/node',
];
/** Peers an app that imports them is sure to have already; any other peer must be required. */
const MAY_BE_OPTIONAL = ['react', 'react-dom'];

type Run = { code: number | null; stdout: string; stderr: string };
type PackageJson = {
  name: string;
  files?: string[];
  bin?: Record<string, string>;
  exports: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

/** The environment of a seller's shell: none of Vitest's (it sets NODE_ENV=test). */
function sellerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITEST') || name === 'NODE_ENV' || name === 'NODE_OPTIONS')
      delete env[name];
  }
  return { ...env, ...extra };
}

/** Runs a command to its end; never rejects, so a failure shows its output in the assertion. */
function run(command: string, args: string[], cwd: string, env = sellerEnv()): Promise<Run> {
  return new Promise((done) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      done({ code, stdout, stderr });
    });
  });
}

/** Fails with the command's output unless it exited with 0. */
function expectSuccess(result: Run, what: string) {
  const report = `${what} exited with ${result.code}\n${result.stderr}\n${result.stdout}`;
  expect(result.code === 0 ? `${what} exited with 0` : report).toBe(`${what} exited with 0`);
}

/** Starts a long-running command and resolves once its output matches `ready`. */
function start(command: string, args: string[], cwd: string, ready: RegExp) {
  const child = spawn(command, args, { cwd, env: sellerEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let output = '';
  const match = new Promise<RegExpMatchArray>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.match(ready);
      if (found) resolve(found);
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) =>
      reject(new Error(`exited with ${code} before ${ready}:\n${output}`)),
    );
  });
  return { child, match, output: () => output };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

const running = new Set<ChildProcess>();

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file path an `exports` value names, through its conditions. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value !== null && typeof value === 'object')
    return Object.values(value).flatMap(exportTargets);
  return [];
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or null for a relative or builtin one. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/**
 * The compiler's errors in the app's files and in billing-kit's, one string each; those of other
 * packages' declarations (checked too, as skipLibCheck is off) are theirs to fix.
 */
function ownErrors(output: string): string[] {
  const blocks = output.split(/\n(?=\S)/).filter((block) => block.trim() !== '');
  return blocks.filter((block) => {
    const file = block.match(/^(.+?)\(\d+,\d+\): error/)?.[1];
    return (
      file === undefined ||
      !file.includes('node_modules/') ||
      file.includes('node_modules/billing-kit/')
    );
  });
}

function link(appModules: string, name: string) {
  const target = join(repoModules, name);
  if (!existsSync(target))
    throw new Error(`test/package: ${name} is not in node_modules; run npm ci`);
  mkdirSync(dirname(join(appModules, name)), { recursive: true });
  symlinkSync(target, join(appModules, name), 'dir');
}

describe('billing-kit installed from its tarball into a fresh app', { timeout: 60_000 }, () => {
  let work: string;
  let app: string;
  let installed: string;
  let pkg: PackageJson;
  const node = process.execPath;
  const products = createSandbox({ seed: 1 }).fixtures().products;
  const catalog = products.map((product) => product.id);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'billing-kit-package-'));
    // `npm run build`, into a folder of the test's own (`vite build && tsc -p tsconfig.build.json`).
    const stage = join(work, 'stage');
    const vite = await run(
      node,
      [
        join(repoModules, 'vite/bin/vite.js'),
        'build',
        '--outDir',
        join(stage, 'dist'),
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      repo,
    );
    expectSuccess(vite, 'vite build of the library');
    const tsc = await run(
      node,
      [
        join(repoModules, 'typescript/bin/tsc'),
        '-p',
        'tsconfig.build.json',
        '--outDir',
        join(stage, 'dist'),
      ],
      repo,
    );
    expectSuccess(tsc, 'declarations of the library');
    // What npm packs besides the build: package.json, the `files` it lists, README and LICENSE.
    const own = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as PackageJson;
    const extras = [
      'package.json',
      ...(own.files ?? []).filter((entry) => entry !== 'dist'),
      ...readdirSync(repo).filter((name) => /^(readme|license|licence)/i.test(name)),
    ];
    for (const entry of new Set(extras)) {
      if (existsSync(join(repo, entry)))
        cpSync(join(repo, entry), join(stage, entry), { recursive: true });
    }
    const pack = await run(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', work],
      stage,
    );
    expectSuccess(pack, 'npm pack');
    const [{ filename }] = JSON.parse(pack.stdout) as [{ filename: string }];

    // Install: unpack into node_modules, link the bin as npm does, link deps, peers and tools.
    app = join(work, 'app');
    installed = join(app, 'node_modules', 'billing-kit');
    mkdirSync(installed, { recursive: true });
    const untar = await run(
      'tar',
      ['-xzf', join(work, filename), '-C', installed, '--strip-components=1'],
      work,
    );
    expectSuccess(untar, 'tar');
    pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as PackageJson;
    for (const [name, path] of Object.entries(pkg.bin ?? {})) {
      mkdirSync(join(app, 'node_modules/.bin'), { recursive: true });
      chmodSync(join(installed, path), 0o755);
      symlinkSync(
        relative(join(app, 'node_modules/.bin'), join(installed, path)),
        join(app, 'node_modules/.bin', name),
      );
    }
    const declared = [
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ];
    for (const name of new Set([...declared, ...TOOLS])) link(join(app, 'node_modules'), name);
    for (const [path, text] of Object.entries(appFiles)) {
      mkdirSync(dirname(join(app, path)), { recursive: true });
      writeFileSync(join(app, path), text);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...running].map(stop));
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds every file its package.json names and declares every package its code imports', () => {
    const targets = [...exportTargets(pkg.exports), ...Object.values(pkg.bin ?? {})];
    expect(targets.filter((path) => !existsSync(join(installed, path)))).toEqual([]);
    expect(targets).toContain('./dist/styles.css');

    const code = filesUnder(join(installed, 'dist')).filter((path) => path.endsWith('.js'));
    const imported = new Set<string>();
    for (const file of code) {
      // Statements only: JSDoc and comments quote imports too.
      const lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line));
      for (const line of lines) {
        for (const [, specifier] of line.matchAll(
          /(?:\bfrom\s*|^import\s*|\bimport\(\s*)["']([^"']+)["']/g,
        )) {
          const name = specifier === undefined ? null : packageOf(specifier);
          if (name) imported.add(name);
        }
      }
    }
    const declared = new Set([
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ]);
    expect([...imported].filter((name) => !declared.has(name))).toEqual([]);
    expect([...imported]).toEqual(
      expect.arrayContaining(['react', '@tanstack/react-query', 'zod']),
    );

    // npm and pnpm install a required peer by themselves, never an optional one.
    const optional = Object.entries(pkg.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([name]) => name);
    expect(optional.filter((name) => !MAY_BE_OPTIONAL.includes(name))).toEqual([]);

    // A recursive type spelt out in a .d.ts ends in `/*elided*/ any` where the compiler gave up.
    const elided = filesUnder(join(installed, 'dist')).filter(
      (path) => path.endsWith('.d.ts') && readFileSync(path, 'utf8').includes('/*elided*/'),
    );
    expect(elided.map((path) => relative(installed, path))).toEqual([]);
  });

  it.each([
    ['bundler', 'tsconfig.json'],
    ['nodenext', 'tsconfig.nodenext.json'],
    ['node16', 'tsconfig.node16.json'],
    ['bundler (no @types/node: an edge runtime)', 'tsconfig.edge.json'],
  ])(
    'type-checks under %s resolution, our .d.ts included, with no any in the hooks',
    async (_, config) => {
      const tsc = await run(
        node,
        [join(app, 'node_modules/typescript/bin/tsc'), '-p', config],
        app,
      );
      expect(ownErrors(tsc.stdout)).toEqual([]);
    },
  );

  it('builds a client bundle with the components and styles but no server code, sandbox or key', async () => {
    const build = await run(
      node,
      [join(app, 'node_modules/vite/bin/vite.js'), 'build'],
      app,
      sellerEnv({ CREEM_API_KEY: SELLER_KEY, NODE_ENV: 'production' }),
    );
    expectSuccess(build, 'vite build of the app');
    const assets = filesUnder(join(app, 'dist'));
    const js = assets
      .filter((path) => path.endsWith('.js'))
      .map((path) => readFileSync(path, 'utf8'));
    const css = assets
      .filter((path) => path.endsWith('.css'))
      .map((path) => readFileSync(path, 'utf8'));
    expect(js).toHaveLength(1);
    const bundle = js.join('\n');
    // Unminified, the bundle marks each module it took in with a comment naming its file.
    const modules = [...bundle.matchAll(/^\/\/ node_modules\/billing-kit\/dist\/(\S+)$/gm)].map(
      ([, path]) => path,
    );
    expect(modules).toEqual(
      expect.arrayContaining([
        'react/provider.js',
        'components/PricingTable/PricingTable.js',
        'react/queries.js',
      ]),
    );
    expect(
      modules.filter((path) =>
        /^(server|sandbox)\/|^client\/client\.js$|^cli\.js$/.test(path ?? ''),
      ),
    ).toEqual([]);
    expect(bundle).toContain('Loading plans');
    expect(bundle).not.toContain(SELLER_KEY);
    expect(bundle).not.toContain('creem_test_');
    expect(bundle).not.toContain('x-api-key');
    expect(bundle).not.toMatch(/["']node:/);
    expect(css.join('\n')).toContain('--bk-color-primary');
  });

  it('answers GET /api/billing/products from a plain Node server (ESM)', async () => {
    const server = start(node, ['server/server.mjs'], app, /listening (http:\/\/\S+)/);
    const [, origin] = await server.match;
    const answer = await fetch(`${origin}/api/billing/products`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await answer.json()) as { items: { id: string }[] };
    // The catalog in the order the server gave it, less what the service has archived.
    const shown = products.filter((product) => product.status !== 'archived');
    expect(shown.length).toBeGreaterThan(0);
    expect(body.items.map((product) => product.id)).toEqual(shown.map((product) => product.id));
    await stop(server.child);
  });

  it('renders the provider, hooks and components to a string under plain Node', async () => {
    const ssr = await run(node, ['server/ssr.mjs'], app);
    expectSuccess(ssr, 'node server/ssr.mjs');
    const page = JSON.parse(ssr.stdout) as Record<string, string>;
    expect(page.window).toBe('undefined');
    expect(page.document).toBe('undefined');
    expect(page.empty).toContain('<output id="status">pending</output>');
    for (const part of ['pricing-table', 'checkout-form', 'credits-history']) {
      expect(page.empty).toContain(`data-slot="${part}"`);
    }
    expect(page.empty).toContain('Loading plans…');
    expect(page.prefetched).toContain('<output id="status">success</output>');
    expect(page.prefetched).toMatch(/data-state="ready"[^>]*data-slot="pricing-table"/);
    expect(page.prefetched).toContain('Starter');
    // Signed in, with the README's prefetch for PricingTable: Ada's plan is marked at once.
    expect(page.current).toMatch(/data-state="ready"[^>]*data-slot="pricing-table"/);
    expect(page.current).toMatch(/data-state="current"[^>]*>.*Current plan/);
    expect(page.current).not.toContain('aria-busy="true"');
  });

  it('loads in a server component (react-server), its client parts as client references', async () => {
    const rsc = await run(
      node,
      ['--conditions=react-server', '--import', './rsc/register.mjs', 'rsc/page.mjs'],
      app,
    );
    expectSuccess(rsc, 'node --conditions=react-server rsc/page.mjs');
    expect(JSON.parse(rsc.stdout)).toEqual({
      reactServer: true,
      kinds: {
        BillingProvider: 'client reference',
        PricingTable: 'client reference',
        CheckoutForm: 'client reference',
        CreditsHistory: 'client reference',
        useProducts: 'client reference',
        productsOptions: 'function',
        billingKeys: 'object',
        createProxyClient: 'function',
        // What the README has a server component call to prefetch and theme.
        storeMetricsOptions: 'function',
        metricsRangeDates: 'function',
        themeVariables: 'object',
      },
    });
  });

  it('runs the sandbox CLI: base URL and key on start, JSON with --fixtures', async () => {
    const bin = join(app, 'node_modules/.bin/billing-kit');
    const cli = start(
      bin,
      ['sandbox', '--port', '0'],
      app,
      /base URL\s+(\S+)[\s\S]*API key\s+(\S+)/,
    );
    const [, baseUrl, apiKey] = await cli.match;
    expect(apiKey).toMatch(/^creem_test_/);
    const product = await fetch(`${baseUrl}/v1/products?product_id=${catalog[0]}`, {
      headers: { 'x-api-key': apiKey ?? '' },
    });
    expect(product.status).toBe(200);
    expect(((await product.json()) as { id: string }).id).toBe(catalog[0]);
    await stop(cli.child);

    const fixtures = await run(bin, ['sandbox', '--fixtures'], app);
    expectSuccess(fixtures, 'billing-kit sandbox --fixtures');
    const data = JSON.parse(fixtures.stdout) as { products: { id: string }[] };
    expect(data.products.map((p) => p.id)).toEqual(catalog);
  });

  it("gives a CommonJS require() the module (Node's require(esm)) or the usual ERR_REQUIRE_ESM", async () => {
    const cjs = await run(node, ['cjs/require.cjs'], app);
    expectSuccess(cjs, 'node cjs/require.cjs');
    expect([{ loaded: 'function' }, { code: 'ERR_REQUIRE_ESM' }]).toContainEqual(
      JSON.parse(cjs.stdout),
    );
  });
});
