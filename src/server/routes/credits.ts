// The customer's credits: accounts, one account, its entries, and its exact balance. Ownership
// is the account's `customer_id`; someone else's account answers exactly as a missing one.
//
// The balance is Σcredit − Σdebit over the account's entries, added as decimal strings (never
// JS numbers). It is cached per account in the store with the id of the newest entry it
// counted; a later read asks only for entries newer than that one (`ending_before` = that id,
// newest first), so an account with 100,000 entries and 10 new ones costs one request.
//
// Reversals. The service's entries do not say which transaction reverses which, and no operation
// reads a transaction. So the admin route's reversals are remembered in the store, one key per
// account: `bk:reversals:{account_id}` holds a map transaction id → `{ reversal_of?,
// reversed_by? }` (its newest 500 transactions), re-set with a 30-day lifetime on each reversal
// that touches the account. The entries route reads it once per page and adds those fields to
// the entries of the transactions it names. The marks are best-effort: a reversal made outside
// this proxy (the service's dashboard, another server with another store) is not known, nor is
// one whose key expired or was evicted from the store.
import { isBillingError } from '../../client/index.js';
import { addAmounts, isAmount, subtractAmounts } from '../../contract/amount.js';
import type { ProxyCreditsEntry } from '../../contract/proxy.js';
import type { CreditsEntry, CreditsTransaction } from '../../contract/schemas.js';
import {
  answeredStrangely,
  type BaseContext,
  isNotFound,
  once,
  type RouteImpl,
  requireCustomer,
  upstream,
  upstreamError,
} from '../context.js';
import { notFound } from '../errors.js';
import type { BillingStore } from '../store.js';

/** What the proxy remembers of an account: whose it is and its unit. */
type AccountFacts = { customer_id: string; unit_label: string };
/** The cached balance: the sum up to and including the entry `newest`. */
type BalanceState = { newest: string | null; balance: string; as_of: string };

/** Owners do not change; a short lifetime still lets a closed or moved account drop out. */
const ACCOUNT_TTL_MS = 5 * 60_000;
/** An unread balance is forgotten after a day; the next read counts from the start. */
const BALANCE_TTL_MS = 24 * 60 * 60_000;
/** The most entries one request may ask for. */
const PAGE = 100;

/**
 * The account's facts if it is the session customer's; else the one 404. Only the customer's
 * own accounts are remembered, under their id: someone else's costs the same upstream request
 * every time, as a missing one does, so neither the count nor an answer while the service
 * fails tells the two apart.
 */
async function ownAccount(ctx: BaseContext, accountId: string): Promise<AccountFacts> {
  const customer = await requireCustomer(ctx);
  if (!customer.id) throw notFound('account_id');
  const { store } = ctx.shared.config;
  const key = `bk:account:${customer.id}:${accountId}`;
  const known = parseJson<AccountFacts>(await store.get(key));
  if (known?.customer_id === customer.id) return known;
  const account = await upstream(ctx, 'account_id', () =>
    ctx.shared.client.credits.retrieveAccount({ account_id: accountId }),
  );
  if (account.id !== accountId || account.customer_id !== customer.id) {
    throw notFound('account_id');
  }
  const facts = { customer_id: account.customer_id, unit_label: account.unit_label };
  await store.set(key, JSON.stringify(facts), ACCOUNT_TTL_MS);
  return facts;
}

/** `GET /credits/accounts`: the customer's accounts, a cursor page at a time. */
export const creditAccounts: RouteImpl<'creditAccounts'> = async (ctx) => {
  const customer = await requireCustomer(ctx);
  const empty = { object: 'list', data: [], has_more: false };
  if (!customer.id) return { body: empty };
  const customerId = customer.id;
  let list: Awaited<ReturnType<typeof ctx.shared.client.credits.listAccounts>>;
  try {
    list = await ctx.shared.client.credits.listAccounts({
      customer_id: customerId,
      limit: ctx.query.limit,
      starting_after: ctx.query.starting_after,
      ending_before: ctx.query.ending_before,
    });
  } catch (error) {
    const cursor = refusedCursor(error, ctx.query);
    if (cursor !== undefined) throw notFound(cursor);
    // The service does not know this customer yet: no accounts, as for the other lists.
    if (isNotFound(error)) return { body: empty };
    throw upstreamError(ctx, error, 'account_id');
  }
  return { body: { ...list, data: list.data.filter((a) => a.customer_id === customerId) } };
};

/**
 * The cursor param a failed list names, when the service refused the cursor: it names no item
 * of this list (another customer's account or entry, another account's entry, or nothing at
 * all). The service answers that as a 400 `invalid_cursor` on `param` (the sandbox, the
 * credits API) or as a 404; either way the proxy answers its one 404 for the cursor, the same
 * for someone else's id as for a random one.
 */
function refusedCursor(
  error: unknown,
  query: { starting_after?: string | undefined; ending_before?: string | undefined },
): 'starting_after' | 'ending_before' | undefined {
  const sent = (['starting_after', 'ending_before'] as const).filter((c) => query[c] !== undefined);
  if (sent.length === 0 || !isBillingError(error)) return undefined;
  if (error.kind === 'not_found') return sent[0];
  if (error.code !== 'invalid_cursor') return undefined; // (both cursors at once, say)
  return sent.find((c) => error.param === c) ?? sent[0];
}

/** `GET /credits/accounts/{account_id}`: one of the customer's accounts. */
export const creditAccount: RouteImpl<'creditAccount'> = async (ctx) => {
  const accountId = ctx.params.account_id as string;
  const customer = await requireCustomer(ctx);
  if (!customer.id) throw notFound('account_id');
  const account = await upstream(ctx, 'account_id', () =>
    ctx.shared.client.credits.retrieveAccount({ account_id: accountId }),
  );
  if (account.id !== accountId || account.customer_id !== customer.id) {
    throw notFound('account_id');
  }
  return { body: account };
};

/** `GET /credits/accounts/{account_id}/entries`: the account's history, newest first. */
export const creditEntries: RouteImpl<'creditEntries'> = async (ctx) => {
  const accountId = ctx.params.account_id as string;
  await ownAccount(ctx, accountId);
  let list: Awaited<ReturnType<typeof ctx.shared.client.credits.listEntries>>;
  try {
    list = await ctx.shared.client.credits.listEntries({
      account_id: accountId,
      limit: ctx.query.limit,
      starting_after: ctx.query.starting_after,
      ending_before: ctx.query.ending_before,
    });
  } catch (error) {
    const cursor = refusedCursor(error, ctx.query);
    if (cursor !== undefined) throw notFound(cursor);
    throw upstreamError(ctx, error, 'account_id');
  }
  const own = list.data.filter((e) => e.account_id === accountId);
  return { body: { ...list, data: await markReversals(ctx, accountId, own) } };
};

/** What the store holds of a transaction the admin route reversed, or of its reversal. */
type ReversalFacts = { reversal_of?: string; reversed_by?: string };

const reversalsKey = (accountId: string) => `bk:reversals:${accountId}`;
/** An account's reversal map lives this long after the last reversal that touched it. */
const REVERSALS_TTL_MS = 30 * 24 * 60 * 60_000;
/** The most transactions an account's reversal map keeps; the oldest-added drop out first. */
const REVERSALS_KEPT = 500;

/** The entries, those of a transaction known to reverse or to be reversed marked so. */
async function markReversals(
  ctx: BaseContext,
  accountId: string,
  entries: CreditsEntry[],
): Promise<ProxyCreditsEntry[]> {
  if (entries.length === 0) return entries;
  const known = reversalsOf(await ctx.shared.config.store.get(reversalsKey(accountId)));
  if (known.size === 0) return entries;
  return entries.map((entry) => {
    const f = known.get(entry.transaction_id);
    return f ? { ...entry, ...f } : entry;
  });
}

/**
 * A stored reversal map, oldest-added first; only string ids with at least one string field,
 * nothing of anything else (a value of another shape reads as no reversals).
 */
function reversalsOf(raw: string | null): Map<string, ReversalFacts> {
  const value = parseJson<unknown>(raw);
  const known = new Map<string, ReversalFacts>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return known;
  for (const [id, record] of Object.entries(value)) {
    if (typeof record !== 'object' || record === null) continue;
    const facts: ReversalFacts = {};
    for (const field of ['reversal_of', 'reversed_by'] as const) {
      const other = (record as Record<string, unknown>)[field];
      if (typeof other === 'string' && other !== '') facts[field] = other;
    }
    if (facts.reversal_of || facts.reversed_by) known.set(id, facts);
  }
  return known;
}

/**
 * Remembers a reversal the admin route made, so the entries route marks both transactions'
 * entries, on every account they touch (and `accountId`, the one the reversal was asked on).
 *
 * Each account's map is read, changed and written back. Within one process the updates of one
 * store are made one after another, so none is lost. The store interface has no atomic update,
 * though: two servers sharing a store (Redis) that record reversals on one account at the same
 * moment can lose one's marks (the reversal itself is made; only its marker is missing).
 */
export async function rememberReversal(
  ctx: BaseContext,
  accountId: string,
  reversal: CreditsTransaction,
  originalId: string,
): Promise<void> {
  const { store } = ctx.shared.config;
  const previous = reversalWrites.get(store) ?? Promise.resolve();
  const write = previous.then(() => writeReversal(store, accountId, reversal, originalId));
  const settled = write.catch(() => undefined);
  reversalWrites.set(store, settled);
  try {
    await write;
  } finally {
    if (reversalWrites.get(store) === settled) reversalWrites.delete(store);
  }
}

/** The last reversal write queued on each store, so a process's writes do not interleave. */
const reversalWrites = new WeakMap<BillingStore, Promise<unknown>>();

async function writeReversal(
  store: BillingStore,
  accountId: string,
  reversal: CreditsTransaction,
  originalId: string,
): Promise<void> {
  const accounts = new Set([accountId, ...reversal.entries.map((e) => e.account_id)]);
  for (const account of accounts) {
    const key = reversalsKey(account);
    const known = reversalsOf(await store.get(key));
    const add = (id: string, fact: ReversalFacts) => {
      const facts = { ...known.get(id), ...fact };
      known.delete(id); // re-added last: newest
      known.set(id, facts);
    };
    add(reversal.id, { reversal_of: originalId });
    add(originalId, { reversed_by: reversal.id });
    for (const id of known.keys()) {
      if (known.size <= REVERSALS_KEPT) break;
      known.delete(id);
    }
    await store.set(key, JSON.stringify(Object.fromEntries(known)), REVERSALS_TTL_MS);
  }
}

/** `GET /credits/accounts/{account_id}/balance`: `{ balance, unit_label, as_of }`. */
export const creditBalance: RouteImpl<'creditBalance'> = async (ctx) => {
  const accountId = ctx.params.account_id as string;
  const facts = await ownAccount(ctx, accountId);
  const state = await once(ctx.shared, `bk:balance:${accountId}`, () =>
    refreshBalance(ctx, accountId),
  );
  return { body: { balance: state.balance, unit_label: facts.unit_label, as_of: state.as_of } };
};

/** Brings the cached balance up to date: only newer entries, or every entry on a miss. */
async function refreshBalance(ctx: BaseContext, accountId: string): Promise<BalanceState> {
  const { store } = ctx.shared.config;
  const key = `bk:balance:${accountId}`;
  const cached = parseJson<BalanceState>(await store.get(key));
  let state: BalanceState;
  if (cached !== null && cached.newest !== null && isAmount(cached.balance)) {
    try {
      state = await countNewer(ctx, accountId, cached);
    } catch (error) {
      // The service no longer knows the entry the cache stopped at as a cursor (it cannot
      // vanish from a ledger; but if it does, counting again from the start is still exact).
      const stale =
        isBillingError(error) && (error.kind === 'not_found' || error.kind === 'invalid_request');
      if (!stale) throw upstreamError(ctx, error, 'account_id');
      state = await countAll(ctx, accountId);
    }
  } else {
    state = await countAll(ctx, accountId);
  }
  await store.set(key, JSON.stringify(state), BALANCE_TTL_MS);
  return state;
}

/** Every entry, newest first, `starting_after` the last of each page. */
async function countAll(ctx: BaseContext, accountId: string): Promise<BalanceState> {
  let balance = '0';
  let newest: string | null = null;
  let after: string | undefined;
  const read = new Set<string>();
  for (;;) {
    const asked = Date.now();
    const page = await upstream(ctx, 'account_id', () =>
      ctx.shared.client.credits.listEntries({
        account_id: accountId,
        limit: PAGE,
        starting_after: after,
      }),
    );
    const asOf = serviceTimeOf(ctx, asked);
    newest ??= page.data[0]?.id ?? null;
    balance = addEntries(ctx, balance, page.data);
    const last = page.data.at(-1);
    if (!page.has_more || last === undefined) return { newest, balance, as_of: asOf };
    after = nextCursor(ctx, accountId, read, last.id);
  }
}

/**
 * Only the entries newer than `state.newest`: `ending_before` it, newest first. Each page is
 * the run just above the cursor, so the next cursor is the page's first (newest) entry.
 */
async function countNewer(
  ctx: BaseContext,
  accountId: string,
  state: BalanceState,
): Promise<BalanceState> {
  let { balance, newest } = state;
  const read = new Set([newest as string]);
  for (;;) {
    const before = newest as string;
    const asked = Date.now();
    const page = await ctx.shared.client.credits.listEntries({
      account_id: accountId,
      limit: PAGE,
      ending_before: before,
    });
    const asOf = serviceTimeOf(ctx, asked);
    balance = addEntries(ctx, balance, page.data);
    const first = page.data[0];
    if (!page.has_more || first === undefined) {
      return { newest: first?.id ?? newest, balance, as_of: asOf };
    }
    newest = nextCursor(ctx, accountId, read, first.id);
  }
}

/**
 * The cursor of the next page, `id`, unless a page already read ended there: a service whose
 * cursor does not move (the same page again, with more said to follow) would otherwise be asked
 * for ever, summing the same entries each time. That is reported and answered as a 502.
 */
function nextCursor(ctx: BaseContext, accountId: string, read: Set<string>, id: string): string {
  if (read.has(id)) {
    throw answeredStrangely(
      ctx,
      `the service's pages of entries of credits account ${accountId} led back to entries already read (cursor ${id}), so its balance cannot be counted; the proxy stopped asking`,
    );
  }
  read.add(id);
  return id;
}

/**
 * When a page of entries was asked for, by the service's clock (learnt from that page's own
 * answer): a balance is as of the service's time, as every `Date` of the proxy is, not this
 * machine's. Taken before the page, so an entry made while it travelled is never claimed.
 */
function serviceTimeOf(ctx: BaseContext, asked: number): string {
  return ctx.shared.serviceTime(asked).toISOString();
}

/** `balance` plus the credits minus the debits of `entries`, exactly. */
function addEntries(ctx: BaseContext, balance: string, entries: readonly CreditsEntry[]): string {
  let total = balance;
  for (const entry of entries) {
    if (!isAmount(entry.amount) || (entry.side !== 'credit' && entry.side !== 'debit')) {
      throw answeredStrangely(
        ctx,
        `credits entry ${entry.id} has side ${JSON.stringify(entry.side)} and amount ${JSON.stringify(entry.amount)}; the balance cannot be summed`,
      );
    }
    total =
      entry.side === 'credit'
        ? addAmounts(total, entry.amount)
        : subtractAmounts(total, entry.amount);
  }
  return total;
}

function parseJson<T>(raw: string | null): T | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
