import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

const external = [/^node:/, /^react($|\/)/, /^react-dom($|\/)/, /^@tanstack\//, /^zod($|\/)/];

/**
 * `billing-kit/styles.css`: the stylesheet joins the library build's own output, so it lands in
 * whatever `--outDir` the build writes to (the package test builds into a temporary folder).
 * Other builds that load this config (Storybook) leave it out.
 */
function libraryStyles(): Plugin {
  let library = false;
  return {
    name: 'billing-kit:styles',
    apply: 'build',
    configResolved(config) {
      library = Boolean(config.build.lib);
    },
    generateBundle() {
      if (!library) return;
      const source = readFileSync(resolve('src/styles.css'), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'styles.css', source });
      // Its types: an app type-checked without a bundler's CSS declarations (TypeScript 6+
      // checks side-effect imports) would otherwise fail on `import 'billing-kit/styles.css'`.
      this.emitFile({
        type: 'asset',
        fileName: 'styles.css.d.ts',
        source: '// billing-kit/styles.css: the stylesheet, imported for its effect.\nexport {};\n',
      });
    },
  };
}

/** Library build of the five entries, plus the browser, jsdom and Node test projects. */
export default defineConfig({
  plugins: [react(), libraryStyles()],
  // Pre-bundled up front, so the browser test runs never reload half-way to add one.
  optimizeDeps: {
    include: [
      'zod/mini',
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      '@tanstack/react-query',
      '@tanstack/react-virtual',
      '@testing-library/react',
      '@testing-library/user-event',
      '@testing-library/dom',
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    minify: false,
    emptyOutDir: true,
    lib: {
      formats: ['es'],
      entry: {
        index: resolve('src/index.ts'),
        'server/index': resolve('src/server/index.ts'),
        'react/index': resolve('src/react/index.ts'),
        'sandbox/index': resolve('src/sandbox/index.ts'),
        cli: resolve('src/cli.ts'),
      },
    },
    rolldownOptions: {
      external,
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
    },
  },
  test: {
    // A ceiling, not a measure: axe over six pages or a whole journey takes seconds, and more
    // on a busy two-core machine than Vitest's 5 s default allows.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.browser.test.*', '**/node_modules/**'],
          typecheck: {
            enabled: true,
            include: ['src/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
            // Type errors in source fail `npm run typecheck`; here only the type tests count.
            ignoreSourceErrors: true,
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'test/**/*.test.tsx'],
          exclude: ['**/*.browser.test.*', '**/node_modules/**'],
          setupFiles: ['./test/support/setup-async.ts', './test/support/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.{ts,tsx}', 'test/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['./test/support/setup-async.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        // Every story is a test: it renders, runs its play function and passes axe
        // (`parameters.a11y.test = 'error'` in .storybook/preview.tsx).
        extends: true,
        plugins: [storybookTest({ configDir: resolve('.storybook') })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
