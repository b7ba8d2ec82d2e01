// Each component loads only the message sections it names in `useMessages(...)`; a key from
// any other section would show as its raw key. This reads every component's source and checks
// that the section of each key it uses (directly or through a shared helper) is loaded, and
// that every key of the catalogue is one some component shows.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { de, en } from './index.js';

const root = join(import.meta.dirname, '..');
const prefixes = [...new Set(Object.keys(en).map((key) => key.split('.')[0]))];
const keyPattern = new RegExp(`['\`"](${prefixes.join('|')})\\.`, 'g');

function prefixesIn(source: string): Set<string> {
  return new Set([...source.matchAll(keyPattern)].map((m) => m[1] as string));
}

const components = readdirSync(root).filter((name) => /^[A-Z]/.test(name));

describe.each(components)('%s', (name) => {
  test('loads the section of every message key it reads', () => {
    const dir = join(root, name);
    const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f));
    let source = files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
    // Shared helpers that read keys count for the components that import them.
    for (const shared of ['subscription', 'subscription-status']) {
      if (source.includes(`shared/${shared}.js`)) {
        source += readFileSync(join(root, `shared/${shared}.ts`), 'utf8');
      }
    }
    const calls = [...source.matchAll(/useMessages\(([^)]*)\)/g)].map((m) => m[1] ?? '');
    expect(calls.length, `${name} reads its strings through useMessages`).toBeGreaterThan(0);
    for (const prefix of prefixesIn(source)) {
      for (const call of calls)
        expect(call, `${name} reads ${prefix}.* keys`).toContain(`${prefix}Messages`);
    }
  });
});

test('the composed catalogues hold every section, German with the same keys', () => {
  expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  expect(prefixes.sort()).toEqual([
    'billingHistory',
    'checkoutForm',
    'common',
    'creditsHistory',
    'discountField',
    'licenseCard',
    'metricsSummary',
    'portalButton',
    'pricingTable',
    'subscriptionStatus',
    'upgradePicker',
  ]);
});

test('every message of the catalogue is one a component shows', () => {
  const sources: string[] = [];
  const read = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) read(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test(-d)?\./.test(entry.name)) {
        if (!path.includes(join('messages', 'sections'))) sources.push(readFileSync(path, 'utf8'));
      }
    }
  };
  read(root);
  const source = sources.join('\n');
  // A key is read whole, in quotes; through its group in a template (`….status.${status}`); or
  // by its group handed to a helper (`wordFor(t, 'licenseCard.status', status)`).
  const unused = Object.keys(en).filter((key) => {
    const group = key.slice(0, key.lastIndexOf('.'));
    return (
      !source.includes(`'${key}'`) &&
      !source.includes(`\`${group}.\${`) &&
      !source.includes(`'${group}'`)
    );
  });
  expect(unused).toEqual([]);
});
