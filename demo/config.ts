// The demo's Vite configuration, shared by `npm run dev` / `npm run build:demo` (through
// vite.config.ts) and by the browser journeys, which start the same server on a free port.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { type BillingDemoOptions, type BillingDemoPlugin, billingDemo } from './server/plugin.js';

/** The demo folder: Vite's root (index.html, src/). */
export const demoRoot = fileURLToPath(new URL('.', import.meta.url));

/** Options of {@link demoConfig}. */
export type DemoConfigOptions = {
  /** The server plugin to use (tests keep a handle on it). Default: `billingDemo(demo)`. */
  plugin?: BillingDemoPlugin;
  /** Options of the server plugin when `plugin` is not given. Default: none. */
  demo?: BillingDemoOptions;
};

/**
 * The demo's config: the storefront in `demo/`, React, the billing plugin (dev server only),
 * port 5173 (`--port` picks another), and a production build of the client bundle to
 * `demo/dist`.
 */
export function demoConfig(options: DemoConfigOptions = {}): UserConfig {
  return {
    root: demoRoot,
    envDir: demoRoot,
    plugins: [react(), options.plugin ?? billingDemo(options.demo)],
    server: { port: 5173 },
    preview: { port: 4173 },
    // Pre-bundled up front, so the first page load never reloads half-way to add one.
    optimizeDeps: {
      include: [
        'react',
        'react-dom',
        'react-dom/client',
        'react/jsx-runtime',
        'react/jsx-dev-runtime',
        '@tanstack/react-query',
        '@tanstack/react-virtual',
        'zod/mini',
      ],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
    },
  };
}
