// Starts the demo's dev server in this process, on a free port, for the browser journeys: the
// same config as `npm run dev`, with a handle on the sandbox behind it so that a test can
// compare what the page shows with what the sandbox holds. Nothing here is served over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import type { Sandbox } from '../../src/sandbox/index.js';
import { demoConfig } from '../config.js';
import { type BillingDemoOptions, billingDemo } from './plugin.js';

/** Options of {@link createDemoServer}. */
export type DemoServerOptions = BillingDemoOptions & {
  /** The port to listen on. Default: 0 (a free port). */
  port?: number;
};

/** A running demo server. */
export type DemoServer = {
  /** The storefront's address, such as `http://localhost:41234` (no trailing slash). */
  url: string;
  /** `sandbox` (the embedded sandbox) or `test` (the service's test environment). */
  mode: 'sandbox' | 'test';
  /**
   * The sandbox behind the proxy (read `inspect()` to check what it holds). Throws in `test`
   * mode, where there is none.
   */
  readonly sandbox: Sandbox;
  server: ViteDevServer;
  close(): Promise<void>;
};

/**
 * Starts the demo on the embedded sandbox (the real service only when `env` names a key: the
 * process environment is not read) with no file watching or hot reload, so that edits elsewhere in the tree cannot
 * reload a page under a test. Each server has its own dependency cache.
 */
export async function createDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const { port = 0, ...demo } = options;
  const plugin = billingDemo({ env: {}, ...demo });
  const cacheDir = mkdtempSync(join(tmpdir(), 'billing-kit-demo-'));
  const config = demoConfig({ plugin });
  let server: ViteDevServer;
  try {
    server = await createServer({
      ...config,
      configFile: false,
      cacheDir,
      logLevel: 'warn',
      clearScreen: false,
      server: {
        ...config.server,
        port,
        strictPort: false,
        host: 'localhost',
        hmr: false,
        watch: null,
      },
    });
  } catch (error) {
    rmSync(cacheDir, { recursive: true, force: true });
    throw error;
  }
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    rmSync(cacheDir, { recursive: true, force: true });
    throw error;
  }
  const backend = plugin.backend();
  const address = server.httpServer?.address();
  if (!backend || !address || typeof address !== 'object') {
    await server.close();
    rmSync(cacheDir, { recursive: true, force: true });
    throw new Error('billing-kit demo: the dev server did not start its backend');
  }
  return {
    url: `http://localhost:${address.port}`,
    mode: backend.mode,
    get sandbox() {
      if (!backend.sandbox) {
        throw new Error('billing-kit demo: no sandbox runs in test mode (CREEM_API_KEY is set)');
      }
      return backend.sandbox;
    },
    server,
    async close() {
      await server.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
