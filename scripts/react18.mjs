#!/usr/bin/env node
// `npm run test:react18`: the peer range promises React 18.3 as well as 19, and `npm test` runs
// on 19. This type-checks and runs the component and hook tests (jsdom, Node, Chromium and every
// story) on React 18.3 in a throwaway clone of the committed tree (commit first), so this
// checkout's node_modules stay on 19. Needs the npm registry (for React 18) and the Chromium
// that `npm test` uses. Extra arguments go to one Vitest run in place of the default two.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REACT_18 = [
  'react@18.3.1',
  'react-dom@18.3.1',
  '@types/react@18.3.31',
  '@types/react-dom@18.3.7',
];
// Each run is its own Vitest call: a path filter would apply to every project given with it.
const runs =
  process.argv.length > 2
    ? [process.argv.slice(2)]
    : [
        ['--project', 'dom', '--project', 'browser', '--project', 'storybook'],
        ['--project', 'node', 'src/react', 'src/components'],
      ];

function step(command, args, cwd) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const run = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`billing-kit: \`${command} ${args.join(' ')}\` failed in ${cwd}`);
    process.exit(run.status ?? 1);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'billing-kit-react18-'));
try {
  step('git', ['clone', '--quiet', process.cwd(), dir], process.cwd());
  step('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  step('npm', ['install', '--no-save', '--no-audit', '--no-fund', ...REACT_18], dir);
  step('node', ['-e', "console.log('React', require('react/package.json').version)"], dir);
  step('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], dir);
  for (const args of runs) step('npx', ['vitest', 'run', ...args], dir);
  console.log('\nbilling-kit: the tests above ran on React 18.3.1.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
