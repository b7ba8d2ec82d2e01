#!/usr/bin/env node
// The billing-kit command line: `billing-kit sandbox [flags]`.

import { runSandboxCli, SANDBOX_USAGE as USAGE } from './sandbox/cli.js';

/** Runs the command line with `argv` (after the program name); resolves with the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'sandbox') return runSandboxCli(rest);
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  process.stderr.write(
    `billing-kit: ${command === undefined ? 'no command given' : `unknown command "${command}"`}\n${USAGE}\n`,
  );
  return 2;
}

const entry = process.argv[1];
if (entry) {
  const { realpathSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  // npm links the bin, so compare real paths.
  let real = entry;
  try {
    real = realpathSync(entry);
  } catch {}
  if (import.meta.url === pathToFileURL(real).href) {
    process.exitCode = await runCli(process.argv.slice(2));
  }
}
