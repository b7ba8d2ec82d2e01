// `npm run sandbox -- --port 4010 [--host H] [--seed N] [--now T] [--fixtures]` and
// `billing-kit sandbox …`:
// serves the sandbox on 127.0.0.1 and prints its base URL and test key, or prints the seeded
// data as JSON and exits. Node only; the sandbox module itself stays browser-safe.

import {
  createSandbox,
  MAX_CLOCK_MS,
  MIN_CLOCK_MS,
  SANDBOX_EPOCH,
  type SandboxOptions,
} from './sandbox.js';

/** The usage line printed for `--help` and, on stderr, for a bad flag. */
export const SANDBOX_USAGE =
  'usage: billing-kit sandbox [--port <0-65535>] [--host <address>] [--seed <seed>] [--now <ISO date | ms | live>] [--fixtures] [--help]';

/** What `--help` prints: the usage line, then each flag with its default. */
export const SANDBOX_HELP = [
  SANDBOX_USAGE,
  '',
  '  --port <0-65535>  the port to serve on, 0 for any free one (default 4010)',
  '  --host <address>  the address to listen on (default 127.0.0.1)',
  '  --seed <seed>     what the ids, the API key and the data are drawn from; the same seed gives',
  '                    the same sandbox (default 1). A whole number from -9007199254740991 to',
  '                    9007199254740991 is read as that number; anything else is read as text,',
  '                    longer runs of digits too, so --seed 9007199254740993 and',
  '                    --seed 9007199254740992 give different data',
  '  --now <ISO date | ms | live>',
  '                    the clock the data is laid out around: an ISO 8601 date or date-time',
  '                    (a time without an offset is local), Unix milliseconds from 2000-01-01,',
  '                    or live for the machine’s moving clock; between 0002-01-01 and',
  `                    9998-12-31 UTC (default ${SANDBOX_EPOCH}, fixed)`,
  '  --fixtures        print the seeded data as JSON and exit instead of serving',
  '  --help, -h        print this help',
].join('\n');

/** Where the CLI writes and what stops it. */
export type SandboxCliIo = {
  /** Writes a line to standard output. */
  out(line: string): void;
  /** Writes a line to standard error. */
  err(line: string): void;
  /**
   * Resolves when the server should stop (SIGINT or SIGTERM by default) with the signal's name.
   */
  stopped?: Promise<string>;
};

type Flags = {
  port: number;
  host: string;
  seed: number | string;
  now?: string | number;
  fixtures: boolean;
  help: boolean;
};

/** Parses the flags; answers a problem message for a bad one. */
export function parseSandboxFlags(argv: readonly string[]): Flags | string {
  const flags: Flags = { port: 4010, host: '127.0.0.1', seed: 1, fixtures: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    const name = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    const inline = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : undefined;
    const value = (): string | undefined => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) return undefined;
      i++;
      return next;
    };
    switch (name) {
      case '--fixtures':
        if (inline !== undefined) return '--fixtures takes no value';
        flags.fixtures = true;
        break;
      case '--help':
      case '-h':
        flags.help = true;
        break;
      case '--port': {
        const v = value();
        const port = v === undefined || !/^\d+$/.test(v) ? Number.NaN : Number(v);
        if (!(port >= 0 && port <= 65535))
          return `--port needs a whole number from 0 to 65535${v === undefined ? '' : `, got "${v}"`}`;
        flags.port = port;
        break;
      }
      case '--host': {
        const v = value();
        if (!v) return '--host needs an address such as 127.0.0.1';
        flags.host = v;
        break;
      }
      case '--seed': {
        const v = value();
        if (v === undefined || v === '') return '--seed needs a value such as 42';
        // Digits past 2^53 - 1 would round to a neighbour's number (…992 and …993 alike): a
        // whole number only while it is exact, text otherwise, which the sandbox seeds from too.
        flags.seed = /^-?\d+$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : v;
        break;
      }
      case '--now': {
        const v = value();
        // `live`: the machine's clock, moving, instead of one fixed instant (the default).
        if (v === 'live') {
          flags.now = 'live';
          break;
        }
        const now = parseNow(v);
        if (typeof now === 'object') return now.problem;
        flags.now = now;
        break;
      }
      default:
        return `unknown flag "${arg}"`;
    }
  }
  return flags;
}

/** The earliest and latest instants `--now` takes as a bare number: 2000-01-01, 9999-12-31. */
const EARLIEST_MS = Date.UTC(2000, 0, 1);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// `YYYY-MM-DD`, optionally `THH:MM`, `:SS`, `.fraction` and `Z` or `±HH:MM` (a space for the T
// as RFC 3339 allows). Each part is checked against the calendar below: `Date.parse` rolls a
// day that does not exist into the next month (2026-02-30 is March 2) instead of refusing it.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/i;

/**
 * `--now`'s value: an ISO 8601 date or date-time (kept as written, for the sandbox to read) or
 * Unix milliseconds (a number). A bare number before 2000 is refused as a likely mistake (a year
 * or Unix seconds read as milliseconds lands in 1970); an earlier instant can still be given as
 * an ISO date. Answers `{ problem }` for a value that is neither, a day that does not exist, or
 * an instant outside the sandbox's years 0002 to 9998 (UTC).
 */
function parseNow(v: string | undefined): string | number | { problem: string } {
  const example = 'such as 2026-01-15T12:00:00Z';
  if (v !== undefined && /^-?\d+$/.test(v)) {
    const ms = Number(v);
    if (ms >= EARLIEST_MS && ms <= MAX_CLOCK_MS) return ms;
    // A Date holds ±8.64e15 ms; past that there is no instant to show.
    const when =
      ms > MAX_CLOCK_MS
        ? 'after 9998-12-31'
        : `${ms < -8.64e15 ? 'long' : `${new Date(ms).toISOString()},`} before 2000, likely a mistake`;
    const seconds =
      ms > 0 && ms * 1000 >= EARLIEST_MS && ms * 1000 <= MAX_CLOCK_MS
        ? ' For Unix seconds, multiply by 1000.'
        : '';
    return {
      problem: `--now reads a bare number as Unix milliseconds: ${v} is ${when}.${seconds} Give an ISO 8601 date such as 2026-01-15 or 2026-01-15T12:00:00Z, or Unix milliseconds from ${EARLIEST_MS} (2000-01-01) to ${MAX_CLOCK_MS} (9998-12-31)`,
    };
  }
  const parts = v === undefined ? null : ISO_DATE.exec(v);
  if (v === undefined || !parts) {
    return {
      problem: `--now needs an ISO 8601 date ${example}, Unix milliseconds or live, got ${JSON.stringify(v ?? '')}`,
    };
  }
  // Absent parts (no time, no offset) read as 0, which every check below lets through.
  const [year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  const wrong = (why: string) => ({
    problem: `--now ${JSON.stringify(v)} is not a date: ${why}; give an ISO 8601 date ${example}`,
  });
  if (month === undefined || month < 1 || month > 12) return wrong('months run from 01 to 12');
  const y = year ?? 0;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (day === undefined || day < 1 || day > days) {
    return wrong(`${MONTHS[month - 1]} ${parts[1]} has ${days} days`);
  }
  if ((hour ?? 0) > 23) return wrong('hours run from 00 to 23');
  if ((minute ?? 0) > 59) return wrong('minutes run from 00 to 59');
  if ((second ?? 0) > 59) return wrong('seconds run from 00 to 59');
  if ((offsetHours ?? 0) > 23 || (offsetMinutes ?? 0) > 59) {
    return wrong('a time zone offset runs from -23:59 to +23:59');
  }
  const ms = Date.parse(v);
  if (!Number.isFinite(ms)) return wrong('it cannot be read as a time');
  // The written fields can all be fine and the instant still out of the sandbox's years: year
  // 0001, or an offset carrying 9998-12-31 into year 9999 (a time without an offset is local).
  if (ms < MIN_CLOCK_MS || ms > MAX_CLOCK_MS) {
    return {
      problem: `--now ${JSON.stringify(v)} is ${new Date(ms).toISOString()} (UTC), out of range: --now must fall between 0002-01-01 and 9998-12-31; give an ISO 8601 date ${example}`,
    };
  }
  return v;
}

function stopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

/**
 * Runs the sandbox command with `argv` (the flags after `sandbox`). Resolves with the exit
 * code: 0 after `--fixtures`, `--help` or a clean stop, 1 when the port cannot be bound, 2 for
 * a bad flag (the usage line goes to stderr).
 */
export async function runSandboxCli(argv: readonly string[], io?: SandboxCliIo): Promise<number> {
  const out = io?.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = io?.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (!io) {
    // `--fixtures | head` closes the pipe early: that is not an error.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  const flags = parseSandboxFlags(argv);
  if (typeof flags === 'string') {
    err(`billing-kit sandbox: ${flags}`);
    err(SANDBOX_USAGE);
    return 2;
  }
  if (flags.help) {
    out(SANDBOX_HELP);
    return 0;
  }
  const options: SandboxOptions = { seed: flags.seed };
  if (flags.now === 'live') options.now = () => Date.now();
  else if (flags.now !== undefined) options.now = flags.now;
  // The flags were checked by the sandbox's own limits above: it takes every value they let by.
  const sandbox = createSandbox(options);
  if (flags.fixtures) {
    out(JSON.stringify(sandbox.fixtures(), null, 2));
    return 0;
  }
  // Listen for the stop signal before binding, so a signal right after start is not missed.
  const stopped = io?.stopped ?? stopSignal();
  let server: Awaited<ReturnType<typeof sandbox.listen>>;
  try {
    server = await sandbox.listen(flags.port, flags.host);
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    // An address that does not resolve or is not this machine's is the host's fault, not the port's.
    const fix =
      code === 'ENOTFOUND' || code === 'EADDRNOTAVAIL' || code === 'EAI_AGAIN'
        ? 'pick another --host, such as 127.0.0.1'
        : 'pick another --port';
    err(
      `billing-kit sandbox: cannot listen on ${flags.host}:${flags.port}: ${error instanceof Error ? error.message : String(error)}; ${fix}`,
    );
    return 1;
  }
  out(`billing-kit sandbox listening on ${server.url}`);
  out(`  base URL  ${server.url}`);
  out(`  API key   ${sandbox.apiKey}`);
  out(`  seed      ${String(flags.seed)}`);
  out('Stop with Ctrl+C.');
  const signal = await stopped;
  await server.close();
  out(`billing-kit sandbox stopped (${signal})`);
  return 0;
}

// Run directly (`tsx src/sandbox/cli.ts`, as `npm run sandbox` does).
const entry = process.argv[1];
if (entry) {
  const { pathToFileURL } = await import('node:url');
  if (import.meta.url === pathToFileURL(entry).href) {
    process.exitCode = await runSandboxCli(process.argv.slice(2));
  }
}
