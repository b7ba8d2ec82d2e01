// Walking a ledger account's entries page by page through its cursors, each page checked to be
// full unless it is the last.
import { expect } from 'vitest';
import type { CursorQuery, Ledger } from '../../src/sandbox/ledger.js';

/** Every entry of an account through `starting_after` pages: newest first. */
export function walkForward(ledger: Ledger, accountId: string, limit: number): string[] {
  const ids: string[] = [];
  let query: CursorQuery = { limit };
  for (;;) {
    const page = ledger.listEntries(accountId, query);
    expect(page.data.length).toBe(page.has_more ? limit : page.data.length);
    ids.push(...page.data.map((e) => e.id));
    if (!page.has_more) return ids;
    query = { limit, starting_after: page.data.at(-1)?.id };
  }
}

/** Every entry newer than `oldest` through `ending_before` pages, then `oldest`: newest first. */
export function walkBackward(
  ledger: Ledger,
  accountId: string,
  oldest: string,
  limit: number,
): string[] {
  const ids: string[] = [oldest];
  let cursor = oldest;
  for (;;) {
    const page = ledger.listEntries(accountId, { limit, ending_before: cursor });
    expect(page.data.length).toBe(page.has_more ? limit : page.data.length);
    ids.unshift(...page.data.map((e) => e.id));
    if (!page.has_more) return ids;
    cursor = page.data[0]?.id as string;
  }
}
