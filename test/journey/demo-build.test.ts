// `npm run build:demo` builds the storefront's client bundle only: the proxy, the sandbox and
// the API key stay on the server. The build is made here (into a temporary folder, with a
// test key in the environment as `npm run dev` would have it) and every file it writes is
// scanned for a key of the service, the sandbox's key prefix and the key's header name.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoConfig } from '../../demo/config.js';

const FAKE_KEY = 'creem_test_DemoBuildMustNotCarryThis1';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the demo build', { timeout: 120_000 }, () => {
  let outDir: string;
  let files: { path: string; text: string }[];
  const saved = {
    key: process.env.CREEM_API_KEY,
    ids: process.env.CREEM_PRODUCT_IDS,
    nodeEnv: process.env.NODE_ENV,
  };
  const restore = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'billing-kit-demo-build-'));
    process.env.CREEM_API_KEY = FAKE_KEY;
    process.env.CREEM_PRODUCT_IDS = 'prod_a,prod_b';
    // As `npm run build:demo` runs it (Vitest sets NODE_ENV=test, which would bundle React's
    // development build).
    process.env.NODE_ENV = 'production';
    try {
      const config = demoConfig();
      await build({
        ...config,
        configFile: false,
        logLevel: 'silent',
        build: { ...config.build, outDir, emptyOutDir: true },
      });
    } finally {
      restore('CREEM_API_KEY', saved.key);
      restore('CREEM_PRODUCT_IDS', saved.ids);
      restore('NODE_ENV', saved.nodeEnv);
    }
    files = filesUnder(outDir).map((path) => ({
      path: relative(outDir, path),
      text: readFileSync(path, 'latin1'),
    }));
  }, 120_000);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('is the storefront: an index.html with its script and styles', () => {
    const names = files.map((f) => f.path);
    expect(names).toContain('index.html');
    expect(names.some((n) => n.endsWith('.js'))).toBe(true);
    expect(names.some((n) => n.endsWith('.css'))).toBe(true);
    const html = files.find((f) => f.path === 'index.html')?.text ?? '';
    expect(html).toContain('<title>Lumen Notes');
  });

  it('holds no API key, no key prefix of the service and no x-api-key anywhere', () => {
    const patterns = [
      /creem_test_/i,
      /creem_[A-Za-z0-9_]{6,}/,
      /x-api-key/i,
      new RegExp(FAKE_KEY.slice('creem_test_'.length)),
    ];
    const found = files.flatMap(({ path, text }) =>
      patterns.flatMap((pattern) => {
        const match = pattern.exec(text);
        return match ? [`${path}: ${match[0]}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('carries neither the sandbox nor the proxy', () => {
    const js = files
      .filter((f) => f.path.endsWith('.js'))
      .map((f) => f.text)
      .join('\n');
    // Strings only the sandbox's hosted page and the proxy's handler hold.
    const serverOnly = ['Served by the billing-kit sandbox', 'the getCustomer option threw'];
    expect(serverOnly.filter((text) => js.includes(text))).toEqual([]);
    // A production build: React's development warnings are not in it.
    expect(js.includes('is deprecated in plain JavaScript React classes')).toBe(false);
  });
});
