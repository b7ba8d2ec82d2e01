// The sandbox command line: in process for its flags and output, and as a real process (the
// package bin through tsx, and `npm run sandbox`) for serving, signals and exit codes.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { createBillingClient } from '../client/index.js';
import { parseSandboxFlags, runSandboxCli, SANDBOX_HELP, SANDBOX_USAGE } from './cli.js';
import { createSandbox } from './index.js';

function io(stop?: Promise<string>) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
      ...(stop ? { stopped: stop } : {}),
    },
  };
}

describe('flags', () => {
  test('defaults, values in both forms, string and number seeds', () => {
    expect(parseSandboxFlags([])).toEqual({
      port: 4010,
      host: '127.0.0.1',
      seed: 1,
      fixtures: false,
      help: false,
    });
    expect(parseSandboxFlags(['--port', '0', '--seed=42', '--fixtures'])).toMatchObject({
      port: 0,
      seed: 42,
      fixtures: true,
    });
    expect(parseSandboxFlags(['--now', 'live'])).toMatchObject({ now: 'live' });
    expect(parseSandboxFlags(['--seed', 'demo', '--now', '2026-03-01T00:00:00Z'])).toMatchObject({
      seed: 'demo',
      now: '2026-03-01T00:00:00Z',
    });
  });

  test.each([
    [['--bogus'], /unknown flag "--bogus"/],
    [['--port'], /--port needs/],
    [['--port', '70000'], /--port needs/],
    [['--port', 'abc'], /--port needs/],
    [['--seed'], /--seed needs/],
    [['--now', 'soon'], /--now needs an ISO 8601 date .* got "soon"/],
    [['--fixtures=yes'], /takes no value/],
  ])('%j is refused with a usage line on stderr and exit code 2', async (argv, problem) => {
    const run = io();
    expect(await runSandboxCli(argv, run.io)).toBe(2);
    expect(run.err[0]).toMatch(problem);
    expect(run.err[1]).toBe(SANDBOX_USAGE);
    expect(run.out).toEqual([]);
  });

  test.each([
    // Past what a Date can hold: refused, not a RangeError from deep inside the seed.
    [
      ['--fixtures', '--now', '8640000000000000'],
      /--now reads a bare number as Unix milliseconds: 8640000000000000 is after 9998-12-31.* to 253370764799999 \(9998-12-31\)/,
    ],
    [
      ['--fixtures', '--now', '-8640000000000001'],
      /Unix milliseconds: -8640000000000001 is long before 2000/,
    ],
    // A bare number is Unix milliseconds: 2026 would be two seconds after 1970, surely a mistake.
    [
      ['--fixtures', '--now', '2026'],
      /--now reads a bare number as Unix milliseconds: 2026 is 1970-01-01T00:00:02\.026Z.*2026-01-15/,
    ],
    // Unix seconds instead of milliseconds: January 1970 again.
    [['--fixtures', '--now', '1768478400'], /1970-01-21T11:14:38\.400Z.*seconds.*1000/],
    // A day that does not exist is not rolled over into March.
    [
      ['--fixtures', '--now', '2026-02-30'],
      /--now "2026-02-30" is not a date: February 2026 has 28 days/,
    ],
    [['--fixtures', '--now', '2026-02-29T12:00:00Z'], /February 2026 has 28 days/],
    [['--fixtures', '--now', '2026-04-31'], /April 2026 has 30 days/],
    [
      ['--fixtures', '--now', '2026-13-01'],
      /--now "2026-13-01" is not a date: months run from 01 to 12/,
    ],
    [['--fixtures', '--now', '2026-01-15T24:00:00Z'], /hours run from 00 to 23/],
    [['--fixtures', '--now', '2026-01-15T12:60Z'], /minutes run from 00 to 59/],
    [['--fixtures', '--now', '2026-01-15T12:00:00+24:00'], /offset/],
    // Every field written is fine, but the instant is outside the sandbox's years 0002 to 9998:
    // refused here, not a TypeError from deep inside createSandbox.
    [
      ['--fixtures', '--now', '0001-01-01'],
      /^billing-kit sandbox: --now "0001-01-01" is 0001-01-01T00:00:00\.000Z \(UTC\), out of range: --now must fall between 0002-01-01 and 9998-12-31; give an ISO 8601 date such as 2026-01-15T12:00:00Z$/,
    ],
    [
      ['--fixtures', '--now', '9998-12-31T23:59:59-23:59'],
      /--now "9998-12-31T23:59:59-23:59" is 9999-01-01T23:58:59\.000Z \(UTC\), out of range: --now must fall between 0002-01-01 and 9998-12-31/,
    ],
    [
      ['--fixtures', '--now', '0002-01-01T00:30+01:00'],
      /is 0001-12-31T23:30:00\.000Z \(UTC\), out of range/,
    ],
    // Only ISO 8601: the lenient parser's other forms roll days over too.
    [['--fixtures', '--now', '2026/02/30'], /--now needs an ISO 8601 date .* got "2026\/02\/30"/],
    [['--fixtures', '--now', 'January 15, 2026'], /--now needs an ISO 8601 date/],
  ])('--now %j is refused naming the flag, exit 2, nothing on stdout', async (argv, problem) => {
    const run = io();
    expect(await runSandboxCli(argv, run.io)).toBe(2);
    expect(run.err[0]).toMatch(/^billing-kit sandbox: --now /);
    expect(run.err[0]).toMatch(problem);
    expect(run.err[1]).toBe(SANDBOX_USAGE);
    expect(run.out).toEqual([]);
  });

  test.each([
    ['2026-02-28', '2026-02-28'],
    ['2028-02-29T08:30:00Z', '2028-02-29T08:30:00Z'],
    ['2026-01-15T12:00:00.250+01:00', '2026-01-15T12:00:00.250+01:00'],
    ['1999-12-31T23:59:59Z', '1999-12-31T23:59:59Z'],
    ['946684800000', 946684800000],
    ['1768478400000', 1768478400000],
    ['253370764799999', 253370764799999],
    // The sandbox's first and last instants.
    ['0002-01-01', '0002-01-01'],
    ['9998-12-31T23:59:59.999Z', '9998-12-31T23:59:59.999Z'],
  ])('--now %s is taken', (value, now) => {
    expect(parseSandboxFlags(['--now', value])).toMatchObject({ now });
  });

  test('--now in Unix milliseconds lays the seed out around that instant', async () => {
    const run = io();
    expect(await runSandboxCli(['--fixtures', '--now', '1768478400000'], run.io)).toBe(0);
    expect(JSON.parse(run.out.join('\n'))).toEqual(
      JSON.parse(JSON.stringify(createSandbox({ now: '2026-01-15T12:00:00Z' }).fixtures())),
    );
  });

  test('--help prints the usage and each flag on stdout', async () => {
    const run = io();
    expect(await runSandboxCli(['--help'], run.io)).toBe(0);
    expect(run.out).toEqual([SANDBOX_HELP]);
    const lines = SANDBOX_HELP.split('\n');
    expect(lines[0]).toBe(SANDBOX_USAGE);
    for (const flag of ['--port', '--host', '--seed', '--now', '--fixtures', '--help'])
      expect(lines.some((line) => new RegExp(`^  ${flag}\\b`).test(line))).toBe(true);
    // How a seed past 2^53 - 1 is read.
    expect(SANDBOX_HELP).toMatch(
      /9007199254740991 is read as that number; anything else is read as text,\s+longer runs of digits too/,
    );
  });

  test.each([
    ['9007199254740991', 9007199254740991],
    ['-9007199254740991', -9007199254740991],
    ['9007199254740992', '9007199254740992'],
    ['9007199254740993', '9007199254740993'],
    ['-9007199254740993', '-9007199254740993'],
    ['123456789012345678901234567890', '123456789012345678901234567890'],
  ])('--seed %s is read as %j: a number only while it is exact', (value, seed) => {
    expect(parseSandboxFlags(['--seed', value])).toMatchObject({ seed });
  });
});

describe('--fixtures', () => {
  test('prints the seeded data as JSON, the same as fixtures() for that seed', async () => {
    const run = io();
    expect(await runSandboxCli(['--fixtures', '--seed', '9'], run.io)).toBe(0);
    const printed = JSON.parse(run.out.join('\n'));
    expect(Object.keys(printed).sort()).toEqual([
      'credit_accounts',
      'customers',
      'discounts',
      'licenses',
      'products',
      'subscriptions',
    ]);
    expect(printed).toEqual(JSON.parse(JSON.stringify(createSandbox({ seed: 9 }).fixtures())));
  });

  test('seeds past 2^53 - 1 that differ give different data (not one rounded number)', async () => {
    const printed = async (seed: string) => {
      const run = io();
      expect(await runSandboxCli(['--fixtures', '--seed', seed], run.io)).toBe(0);
      expect(run.err).toEqual([]);
      return JSON.parse(run.out.join('\n')) as unknown;
    };
    const even = await printed('9007199254740992');
    const odd = await printed('9007199254740993');
    expect(odd).not.toEqual(even);
    // Each is the sandbox seeded with that text, so a test can rebuild it.
    expect(odd).toEqual(
      JSON.parse(JSON.stringify(createSandbox({ seed: '9007199254740993' }).fixtures())),
    );
  });

  test('--now live lays the seed out around the machine’s clock', async () => {
    const run = io();
    const before = Date.now();
    expect(await runSandboxCli(['--fixtures', '--now', 'live'], run.io)).toBe(0);
    const printed = JSON.parse(run.out.join('\n')) as { subscriptions: { updated_at: string }[] };
    const newest = Math.max(...printed.subscriptions.map((s) => Date.parse(s.updated_at)));
    // The fixed default clock is 2026-01-15; live, the latest change is around now.
    expect(newest).toBeGreaterThanOrEqual(before - 86_400_000);
    expect(newest).toBeLessThanOrEqual(Date.now());
  });
});

describe('serving', () => {
  test('in process: prints the base URL and key, serves, stops when told', async () => {
    let stop: (signal: string) => void = () => {};
    const stopped = new Promise<string>((resolve) => {
      stop = resolve;
    });
    const run = io(stopped);
    const exit = runSandboxCli(['--port', '0', '--seed', '3'], run.io);
    while (!run.out.some((l) => l.includes('API key'))) await new Promise((r) => setImmediate(r));
    const url = /listening on (\S+)/.exec(run.out[0] ?? '')?.[1] ?? '';
    const key = /API key\s+(\S+)/.exec(run.out.find((l) => l.includes('API key')) ?? '')?.[1] ?? '';
    expect(key).toBe(createSandbox({ seed: 3 }).apiKey);
    const client = createBillingClient({ apiKey: key, baseUrl: url, retries: 0 });
    expect((await client.products.retrieve({ product_id: 'prod_ebook' })).currency).toBe('EUR');
    stop('SIGINT');
    expect(await exit).toBe(0);
    expect(run.out.at(-1)).toMatch(/stopped \(SIGINT\)/);
    await expect(fetch(`${url}/v1/customers/list`)).rejects.toThrow();
  });

  test('a port in use is exit code 1 with a message', async () => {
    const taken = await createSandbox().listen(0);
    try {
      const port = new URL(taken.url).port;
      const run = io(new Promise(() => {}));
      expect(await runSandboxCli(['--port', port], run.io)).toBe(1);
      expect(run.err[0]).toMatch(/cannot listen on 127\.0\.0\.1:\d+.*pick another --port/);
    } finally {
      await taken.close();
    }
  });

  test('an address that is not this machine names --host, not the port', async () => {
    const run = io(new Promise(() => {}));
    expect(await runSandboxCli(['--port', '0', '--host', 'nosuch.invalid'], run.io)).toBe(1);
    expect(run.err[0]).toMatch(/cannot listen on nosuch\.invalid:0: .*pick another --host/);
  });
});

describe('the billing-kit bin as a process', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const children: ChildProcess[] = [];
  afterEach(() => {
    // Each child leads a process group of its own: whatever it left running (a server orphaned
    // by `npm run`'s shell) goes with it.
    for (const child of children.splice(0)) {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Nothing of that group is left.
      }
    }
  });

  /** Runs `command args` in the project root, its output collected. */
  function run(command: string, args: string[]) {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    return { child, exited, out: () => stdout, err: () => stderr };
  }

  /** The package bin (`billing-kit …`) through tsx. */
  const start = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args]);

  /** Waits until a served sandbox printed its key, and answers the URL it listens on. */
  async function listening(started: ReturnType<typeof run>): Promise<string> {
    while (!/API key\s+creem_test_/.test(started.out())) {
      if (started.child.exitCode !== null) throw new Error(`exited early: ${started.err()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(started.out())?.[1] ?? '';
  }

  test('billing-kit sandbox serves on 127.0.0.1 and stops cleanly on SIGTERM', async () => {
    const served = start(['sandbox', '--port', '0']);
    const url = await listening(served);
    const response = await fetch(`${url}/v1/customers/list`);
    expect(response.status).toBe(401);
    served.child.kill('SIGTERM');
    expect(await served.exited).toBe(0);
    expect(served.out()).toMatch(/stopped \(SIGTERM\)/);
  }, 20_000);

  test.each(['SIGTERM', 'SIGINT'] as const)(
    'npm run sandbox passes %s on to the sandbox, which stops and frees its port',
    async (signal) => {
      const served = run('npm', ['run', 'sandbox', '--', '--port', '0']);
      const url = await listening(served);
      expect((await fetch(`${url}/v1/customers/list`)).status).toBe(401);
      served.child.kill(signal);
      expect(await served.exited).toBe(0);
      expect(served.out()).toMatch(new RegExp(`billing-kit sandbox stopped \\(${signal}\\)`));
      // No server is left behind the npm process.
      await expect(fetch(`${url}/v1/customers/list`)).rejects.toThrow();
    },
    30_000,
  );

  test('--now out of range exits 2 naming the flag, not with a stack trace', async () => {
    const run = start(['sandbox', '--now', '8640000000000000', '--fixtures']);
    expect(await run.exited).toBe(2);
    expect(run.err()).toMatch(/^billing-kit sandbox: --now .*Unix milliseconds/);
    expect(run.err()).toMatch(/usage: billing-kit sandbox/);
    expect(run.err()).not.toMatch(/RangeError|\n\s+at /);
    expect(run.out()).toBe('');
  }, 20_000);

  test('--now in year 0001 exits 2 naming the flag, not with a TypeError and a stack', async () => {
    const run = start(['sandbox', '--fixtures', '--now', '0001-01-01']);
    expect(await run.exited).toBe(2);
    expect(run.err()).toMatch(
      /^billing-kit sandbox: --now "0001-01-01" .*must fall between 0002-01-01 and 9998-12-31/,
    );
    expect(run.err()).toMatch(/usage: billing-kit sandbox/);
    expect(run.err()).not.toMatch(/TypeError|\n\s+at /);
    expect(run.out()).toBe('');
  }, 20_000);

  test('bad flags and unknown commands exit 2 with a usage line on stderr', async () => {
    const bad = start(['sandbox', '--nope']);
    expect(await bad.exited).toBe(2);
    expect(bad.err()).toMatch(/usage: billing-kit sandbox/);
    const unknown = start(['serve']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.err()).toMatch(/unknown command "serve"[\s\S]*usage:/);
  }, 20_000);
});
