// The sandbox's customer-credits ledger: a pure in-memory double-entry engine, no HTTP.
// The sandbox router validates requests, calls these methods and turns a thrown `LedgerError`
// into the service's credits error body (`{ error: { type, code, message, param, request_id } }`).
//
// Rules kept (service-interface.md "Customer credits", api-notes.md "Customer credits ledger"):
// - Every transaction balances: its debits equal its credits, else 422 `unbalanced_transaction`.
// - Crediting a customer account writes a `credit` entry on it and a matching `debit` on the
//   store's system account for the same unit label. System accounts never appear in listings.
// - A balance is Σcredit − Σdebit of the account's entries, exact (decimal strings, BigInt).
// - Idempotency: the same key with the same body replays the original transaction; with a
//   different body it is 409. A frozen or closed account refuses new transactions with 409.
// - A reversal is a new transaction with the opposite entries and `reversal_of`; the original
//   stays; a transaction is reversed at most once. Its key (`reversal_<id>`) is a label kept
//   apart from callers' idempotency keys, which it never overwrites nor blocks.
//
// Storage is columnar (one array per field, indexed by entry or transaction number) so that a
// million generated entries cost a few flat arrays rather than millions of objects. Entries of
// a transaction are contiguous, so a transaction is a range of entry numbers. Each account keeps
// its entry numbers in insertion order and each entry remembers its position in that list, so
// a cursor page is found in O(1) and read in O(limit). Objects are built only for what is
// returned.

import {
  addAmounts,
  compareAmounts,
  isAmount,
  isZeroAmount,
  normalizeAmount,
  subtractAmounts,
  sumAmounts,
} from '../contract/amount.js';
import type {
  CreditsAccount,
  CreditsEntry,
  CreditsError,
  CreditsTransaction,
  CursorList,
  creditsAccountStatuses,
  creditsErrorTypes,
  entrySides,
} from '../contract/schemas.js';

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

/** An account's status: `active` takes transactions, `frozen` and `closed` refuse them. */
export type LedgerAccountStatus = (typeof creditsAccountStatuses)[number];

/** The side of an entry. */
export type LedgerEntrySide = (typeof entrySides)[number];

/** A customer-credits account, in the service's wire shape. */
export type LedgerAccount = Omit<CreditsAccount, 'status'> & {
  status: LedgerAccountStatus;
};

/** One entry of a transaction, in the service's wire shape. `amount` is a positive decimal. */
export type LedgerEntry = Omit<CreditsEntry, 'side'> & { side: LedgerEntrySide };

/**
 * A customer-credits transaction, in the service's wire shape. `reversal_of` is present only
 * on a reversal.
 */
export type LedgerTransaction = Omit<
  CreditsTransaction,
  'reference' | 'idempotency_key' | 'entries' | 'reversal_of'
> & {
  reference: string | null;
  idempotency_key: string;
  entries: LedgerEntry[];
  reversal_of?: string;
};

/** A cursor page: `{ object: 'list', data, has_more }`. */
export type LedgerList<T> = CursorList<T> & { object: 'list' };

/** What a write returns: the transaction and whether it is a replay of an earlier request. */
export type LedgerCommit = {
  /** The transaction written, or on a replay the original one. */
  transaction: LedgerTransaction;
  /**
   * `true` when an earlier request with the same `idempotency_key` and body wrote it (answer
   * with header `X-Idempotent-Replay: true`); `false` when this call wrote it.
   */
  replayed: boolean;
};

/** Options of {@link createLedger}. */
export type LedgerOptions = {
  /** The store every account and transaction belongs to (`store_id`). */
  storeId: string;
  /**
   * Makes a new id for a prefix: `cca` (account), `cct` (transaction), `cce` (entry), `cck`
   * (the idempotency key of a `post` sent without one). Must never return the same id twice.
   * Default: a counter per prefix (`cct_000001`, …).
   */
  ids?: (prefix: string) => string;
  /** The clock for `created_at` and `updated_at`. Default: `() => new Date()`. */
  now?: () => Date;
};

/** Input of {@link Ledger.createAccount}; the fields of the service's create-account body. */
export type CreateAccountInput = {
  /** The owner, such as a customer id. */
  customer_id: string;
  /** A human-readable name. Default: `"default"`. */
  name?: string;
  /** The unit the account counts. Default: `"credits"`. */
  unit_label?: string;
  /**
   * Credits to seed the account with: a positive decimal string, written as an ordinary credit
   * transaction (reference `initial_balance`). Default: none.
   */
  initial_balance?: string;
};

/** A cursor query: at most one of `starting_after` and `ending_before`. */
export type CursorQuery = {
  /** Page size, an integer from 1 to 100. Default: 10. */
  limit?: number;
  /** An id from the list: return the items after it (older, as lists run newest first). */
  starting_after?: string;
  /** An id from the list: return the items before it (newer), nearest first in list order. */
  ending_before?: string;
};

/** Query of {@link Ledger.listAccounts}. */
export type ListAccountsQuery = CursorQuery & {
  /** Only the accounts of this owner. Default: every account of the store. */
  customer_id?: string;
};

/** Input of {@link Ledger.credit}: the service's credit body. */
export type CreditInput = {
  /** A positive decimal string of any size ("100", "12.5", "123456789012345678901234"). */
  amount: string;
  /** The caller's reference linking the transaction to an event of theirs. Default: null. */
  reference?: string | null;
  /** The key that makes a retry safe: a repeat with the same body replays the original. */
  idempotency_key: string;
};

/** One line of {@link Ledger.post}. */
export type PostEntryInput = {
  /** Any account of the store, system accounts included (see {@link Ledger.systemAccount}). */
  account_id: string;
  side: LedgerEntrySide;
  /** A positive decimal string. */
  amount: string;
};

/** Input of {@link Ledger.post}: a general double-entry transaction. */
export type PostInput = {
  /** The lines; their debits must equal their credits, all in one unit label. */
  entries: PostEntryInput[];
  /** The caller's reference. Default: null. */
  reference?: string | null;
  /** Makes a retry safe, as for a credit. Default: a fresh key per call (no replay). */
  idempotency_key?: string;
};

/** Input of {@link Ledger.reverse}: the service's reverse body. */
export type ReverseInput = {
  /** The transaction to reverse; it must have an entry on the account reversed on. */
  transaction_id: string;
};

/** Options of {@link Ledger.generateEntries}. */
export type GenerateOptions = {
  /** Seeds the amounts (integers from 1 to 1000): the same seed gives the same amounts. */
  seed: number | string;
  /** The `reference` of every generated transaction. Default: `"generated"`. */
  reference?: string;
};

/** What {@link Ledger.generateEntries} wrote. */
export type GenerateResult = {
  /** How many credit transactions were appended (each has two entries). */
  transactions: number;
  /** The sum of their amounts. */
  total: string;
  /** The account's balance afterwards. */
  balance: string;
};

/** Everything the ledger holds, for tests and the sandbox's `inspect()`. O(size) to build. */
export type LedgerSnapshot = {
  /** Customer accounts, oldest first. */
  accounts: LedgerAccount[];
  /** System accounts (one per unit label used), oldest first. */
  system_accounts: LedgerAccount[];
  /** Every transaction, oldest first. */
  transactions: LedgerTransaction[];
  /** Every entry, oldest first. */
  entries: LedgerEntry[];
  /** The running balance of every account (system accounts too), by account id. */
  balances: Record<string, string>;
};

/** The ledger engine of one store. Every method throws a {@link LedgerError} on a refusal. */
export type Ledger = {
  /** The store id every record carries. */
  readonly storeId: string;
  /** Creates a customer account (status `active`); seeds `initial_balance` when given. */
  createAccount(input: CreateAccountInput): LedgerAccount;
  /** A customer account by id; 404 for an unknown id or a system account. */
  getAccount(accountId: string): LedgerAccount;
  /**
   * Moves an account to `status` as the service's freeze / unfreeze / close do: `frozen`
   * from `active`, `active` from `frozen`, `closed` from `active` or `frozen`. Anything else is
   * 409 (`account_frozen`, `account_not_frozen`, `account_closed`); closing is permanent.
   */
  setStatus(accountId: string, status: LedgerAccountStatus): LedgerAccount;
  /** Customer accounts, newest first, cursor-paged; system accounts never appear. */
  listAccounts(query?: ListAccountsQuery): LedgerList<LedgerAccount>;
  /**
   * Credits a customer account: a `credit` entry on it and a `debit` on the system account of
   * its unit label. 400 for a bad amount or missing key, 404 for an unknown account, 409 for a
   * key reused with another body (`idempotency_key_reused`) or a frozen / closed account.
   */
  credit(accountId: string, input: CreditInput): LedgerCommit;
  /**
   * Writes a general transaction. 400 for malformed lines or mixed unit labels, 404 for an
   * unknown account, 409 for a frozen / closed account or a reused key, 422
   * `unbalanced_transaction` when debits differ from credits.
   */
  post(input: PostInput): LedgerCommit;
  /**
   * Reverses a transaction that has an entry on `accountId`: a new transaction with every entry
   * on the opposite side and `reversal_of` naming the original. 404 when the transaction is
   * unknown or does not touch the account; 400 `transaction_already_reversed` the second time;
   * 400 `transaction_is_reversal` for a reversal; 409 for a frozen or closed account. The
   * reversal's `idempotency_key` reads `reversal_<transaction id>`; it is the ledger's own label,
   * kept apart from callers' keys: it never takes, replays or refuses a key a caller sends.
   */
  reverse(accountId: string, input: ReverseInput): LedgerCommit;
  /** A transaction by id (404 when unknown). */
  getTransaction(transactionId: string): LedgerTransaction;
  /**
   * The account's entries, newest first, cursor-paged in O(limit). 400 for a bad `limit`, for
   * both cursors at once, or for a cursor that is not an entry of this account.
   */
  listEntries(accountId: string, query?: CursorQuery): LedgerList<LedgerEntry>;
  /** The account's balance, Σcredit − Σdebit, as an exact decimal string ("0" when empty). */
  balance(accountId: string): string;
  /** The system account of a unit label, made on first use. Never listed; use it in `post`. */
  systemAccount(unitLabel: string): LedgerAccount;
  /**
   * Appends `count` credit transactions to a customer account (each a `credit` on it and a
   * `debit` on its system account) with amounts drawn from the seed: a million in about a
   * second. The entries are real: listable, usable as cursors, reversible. Their ids are
   * `<block id>_<n>` and are resolved arithmetically, so no per-entry id string or map entry
   * is kept. 409 for a frozen or closed account.
   */
  generateEntries(accountId: string, count: number, options: GenerateOptions): GenerateResult;
  /** Everything held, as wire shapes. O(size): for tests and inspection, not for requests. */
  inspect(): LedgerSnapshot;
};

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** The HTTP statuses a ledger refusal maps to. */
export type LedgerErrorStatus = 400 | 404 | 409 | 422;

/** Options of a {@link LedgerError}. */
export type LedgerErrorOptions = {
  /** The offending field (`limit`, `amount`, `entries`, …). Default: null. */
  param?: string | null;
};

/**
 * A refusal of the ledger, carrying the fields of the service's credits error body. The router
 * answers `status` with `toBody(requestId)`. `message` starts with `billing-kit: ` and says how
 * to fix the request; the body's message is the same words without the library's prefix, as
 * the service would say them.
 */
export class LedgerError extends Error {
  /** The HTTP status to answer with. */
  readonly status: LedgerErrorStatus;
  /** The credits body's `type`; always `invalid_request_error` for a ledger refusal. */
  readonly type: (typeof creditsErrorTypes)[number];
  /** Machine-readable code (`unbalanced_transaction`, `resource_missing`, …). */
  readonly code: string;
  /** The offending field, or null. */
  readonly param: string | null;
  /** The message as the service's body says it. */
  readonly #said: string;

  constructor(
    status: LedgerErrorStatus,
    code: string,
    message: string,
    options: LedgerErrorOptions = {},
  ) {
    super(`billing-kit: ${message}`);
    this.#said = message;
    this.name = 'LedgerError';
    this.status = status;
    this.type = 'invalid_request_error';
    this.code = code;
    this.param = options.param ?? null;
  }

  /** The service's credits error body for this refusal. */
  toBody(requestId: string): CreditsError {
    return {
      error: {
        type: this.type,
        code: this.code,
        message: this.#said,
        param: this.param,
        request_id: requestId,
      },
    };
  }
}

const invalid = (param: string, message: string) =>
  new LedgerError(400, 'parameter_invalid', message, { param });

// ---------------------------------------------------------------------------------------------
// The engine
// ---------------------------------------------------------------------------------------------

type AccountRecord = {
  index: number;
  id: string;
  customerId: string;
  name: string;
  unitLabel: string;
  status: LedgerAccountStatus;
  createdAt: string;
  updatedAt: string;
  system: boolean;
  /** Entry numbers on this account, oldest first. */
  entries: number[];
  /** Running Σcredit − Σdebit (checked against a recomputation in the tests). */
  balance: string;
  /** Position in the store's account list, or -1 for a system account. */
  position: number;
  /** Position in its owner's account list, or -1 for a system account. */
  ownerPosition: number;
};

/** A run of generated transactions: ids and keys are derived from the block, not stored. */
type Block = {
  txStart: number;
  txCount: number;
  entryStart: number;
  txBase: string;
  entryBase: string;
  reference: string;
};

const CREDIT = 1;
const DEBIT = 0;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
const GENERATED_KEY = 'generated_';
const DERIVED_INDEX = /^(?:0|[1-9]\d*)$/;

/** The default id maker: a counter per prefix, `cct_000001`. */
function counterIds(): (prefix: string) => string {
  const counters = new Map<string, number>();
  return (prefix) => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix}_${String(n).padStart(6, '0')}`;
  };
}

/** mulberry32 over an FNV-1a hash of the seed: fast, and the same in Node and browsers. */
function seededInts(seed: number | string): () => number {
  const text = `${typeof seed}:${String(seed)}`;
  let state = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) state = Math.imul(state ^ text.charCodeAt(i), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The generated amounts "1" … "1000", shared so a million entries hold no new strings. */
const generatedAmounts = Array.from({ length: 1000 }, (_, i) => String(i + 1));

/** A positive decimal string in canonical form, or a 400 naming `param`. */
function positiveAmount(value: unknown, param: string): string {
  if (typeof value !== 'string' || !isAmount(value) || value.startsWith('-')) {
    throw invalid(
      param,
      `${param} must be a positive decimal string such as "100" or "12.5"; got ${describe(value)}`,
    );
  }
  if (isZeroAmount(value)) {
    throw invalid(param, `${param} must be greater than zero; got "${value}"`);
  }
  return normalizeAmount(value);
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : `${String(value)} (a ${typeof value})`;
}

function checkLimit(limit: unknown): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw invalid(
      'limit',
      `limit must be an integer from 1 to ${MAX_LIMIT}; got ${describe(limit)}`,
    );
  }
  return limit;
}

function checkKey(value: unknown, param: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new LedgerError(
      400,
      'parameter_missing',
      `${param} is required: send a non-empty string that is unique to this request`,
      { param },
    );
  }
  return value;
}

function checkReference(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    throw invalid('reference', `reference must be a string; got ${describe(value)}`);
  }
  return value;
}

/**
 * Picks the page of `length` items (numbered 0 = oldest) that a cursor query asks for, newest
 * first. `at` maps a cursor id to its number in the list, or -1 when it is not in the list.
 * Returns the numbers from `high` down to `low` (inclusive) and an exact `has_more`.
 */
function pageRange(
  length: number,
  query: CursorQuery,
  at: (id: string) => number,
): { high: number; low: number; hasMore: boolean } {
  const limit = checkLimit(query.limit);
  const { starting_after: after, ending_before: before } = query;
  if (after !== undefined && before !== undefined) {
    throw invalid(
      'ending_before',
      'pass starting_after or ending_before, not both: starting_after pages to older items, ending_before to newer ones',
    );
  }
  const cursorAt = (param: 'starting_after' | 'ending_before', id: unknown): number => {
    const position = typeof id === 'string' ? at(id) : -1;
    if (position < 0) {
      throw new LedgerError(
        400,
        'invalid_cursor',
        `${param} ${describe(id)} is not an item of this list: pass the id of an item from a page of the same list`,
        { param },
      );
    }
    return position;
  };
  if (before !== undefined) {
    // Newer than the cursor: the `limit` items just above it, still listed newest first.
    const position = cursorAt('ending_before', before);
    const high = Math.min(position + limit, length - 1);
    return { high, low: position + 1, hasMore: high < length - 1 };
  }
  const start = after === undefined ? length : cursorAt('starting_after', after);
  const low = Math.max(start - limit, 0);
  return { high: start - 1, low, hasMore: low > 0 };
}

/**
 * Creates the ledger of one store.
 *
 * One system account per unit label (not one per store): a transaction balances within one
 * unit, so a system account that mixed "credits" and "minutes" would hold a meaningless sum;
 * per unit, each system balance is exactly minus the credits issued in that unit.
 */
export function createLedger(options: LedgerOptions): Ledger {
  const { storeId } = options;
  const ids = options.ids ?? counterIds();
  const now = options.now ?? (() => new Date());

  // Accounts.
  const accounts: AccountRecord[] = [];
  const accountById = new Map<string, AccountRecord>();
  const customerAccounts: AccountRecord[] = [];
  const accountsByOwner = new Map<string, AccountRecord[]>();
  const systemByUnit = new Map<string, AccountRecord>();

  // Entry columns, by entry number.
  const entryIds: (string | null)[] = []; // null: generated, derived from its block
  const entryTx: number[] = [];
  const entryAccount: number[] = [];
  const entrySide: number[] = [];
  const entryAmount: string[] = [];
  const entryCreatedAt: string[] = [];
  const entryPosition: number[] = []; // its index in its account's `entries`
  const entryById = new Map<string, number>();

  // Transaction columns, by transaction number. Entries of transaction t are
  // [txStart[t], txStart[t + 1]) (or up to the last entry for the last transaction).
  const txIds: (string | null)[] = []; // null: generated
  const txStart: number[] = [];
  const txReference: (string | null)[] = [];
  const txKey: (string | null)[] = []; // null: generated (derived from its id)
  const txReversalOf: number[] = []; // -1: not a reversal
  const txReversedBy: number[] = []; // -1: not reversed
  const txById = new Map<string, number>();

  const blocks: Block[] = [];
  const blockByTxBase = new Map<string, Block>();
  const blockByEntryBase = new Map<string, Block>();

  /** Idempotency key → the transaction it wrote and a fingerprint of the request body. */
  const keys = new Map<string, { tx: number; fingerprint: string }>();

  // -- ids ------------------------------------------------------------------------------------

  /** The block holding item `n`, by its start in `field`. Blocks are in ascending order. */
  function blockOf(n: number, field: 'txStart' | 'entryStart'): Block {
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((blocks[mid] as Block)[field] <= n) lo = mid;
      else hi = mid - 1;
    }
    return blocks[lo] as Block;
  }

  /** `<base>_<n>` → the entry or transaction number when `base` names a block, else -1. */
  function derived(id: string, byBase: Map<string, Block>, entries: boolean): number {
    const cut = id.lastIndexOf('_');
    const block = cut < 0 ? undefined : byBase.get(id.slice(0, cut));
    const tail = id.slice(cut + 1);
    if (!block || !DERIVED_INDEX.test(tail)) return -1;
    const n = Number(tail);
    if (entries) return n < block.txCount * 2 ? block.entryStart + n : -1;
    return n < block.txCount ? block.txStart + n : -1;
  }

  function entryNumber(id: string): number {
    return entryById.get(id) ?? derived(id, blockByEntryBase, true);
  }

  function txNumber(id: string): number {
    return txById.get(id) ?? derived(id, blockByTxBase, false);
  }

  function entryIdOf(e: number): string {
    const stored = entryIds[e];
    if (stored != null) return stored;
    const block = blockOf(e, 'entryStart');
    return `${block.entryBase}_${e - block.entryStart}`;
  }

  function txIdOf(t: number): string {
    const stored = txIds[t];
    if (stored != null) return stored;
    const block = blockOf(t, 'txStart');
    return `${block.txBase}_${t - block.txStart}`;
  }

  /** A fresh id from `ids`, refused when it repeats one already held. */
  function freshId(prefix: string, taken: (id: string) => boolean): string {
    const id = ids(prefix);
    if (taken(id)) {
      throw new Error(
        `billing-kit: the ledger's ids("${prefix}") returned "${id}", which is already in use; pass createLedger an ids function that never repeats an id`,
      );
    }
    return id;
  }

  // -- accounts -------------------------------------------------------------------------------

  function presentAccount(a: AccountRecord): LedgerAccount {
    return {
      id: a.id,
      store_id: storeId,
      customer_id: a.customerId,
      name: a.name,
      unit_label: a.unitLabel,
      status: a.status,
      created_at: a.createdAt,
      updated_at: a.updatedAt,
    };
  }

  function newAccount(
    customerId: string,
    name: string,
    unitLabel: string,
    system: boolean,
  ): AccountRecord {
    const at = now().toISOString();
    const record: AccountRecord = {
      index: accounts.length,
      id: freshId('cca', (id) => accountById.has(id)),
      customerId,
      name,
      unitLabel,
      status: 'active',
      createdAt: at,
      updatedAt: at,
      system,
      entries: [],
      balance: '0',
      position: -1,
      ownerPosition: -1,
    };
    accounts.push(record);
    accountById.set(record.id, record);
    return record;
  }

  function system(unitLabel: string): AccountRecord {
    let record = systemByUnit.get(unitLabel);
    if (!record) {
      record = newAccount(storeId, `system:${unitLabel}`, unitLabel, true);
      systemByUnit.set(unitLabel, record);
    }
    return record;
  }

  function missingAccount(accountId: unknown, param: string | null = null): LedgerError {
    return new LedgerError(
      404,
      'resource_missing',
      `no customer-credits account ${describe(accountId)} in store ${storeId}: use an id from the account list`,
      { param },
    );
  }

  /** A customer account by id; system accounts are not reachable from outside. */
  function customerAccount(accountId: string): AccountRecord {
    const record = typeof accountId === 'string' ? accountById.get(accountId) : undefined;
    if (!record || record.system) throw missingAccount(accountId);
    return record;
  }

  function requireActive(a: AccountRecord): void {
    if (a.status === 'active') return;
    throw new LedgerError(
      409,
      a.status === 'frozen' ? 'account_frozen' : 'account_closed',
      a.status === 'frozen'
        ? `account ${a.id} is frozen and takes no transactions: unfreeze it first`
        : `account ${a.id} is closed and takes no transactions: closing is permanent, use another account`,
    );
  }

  // -- transactions ---------------------------------------------------------------------------

  type Line = { account: AccountRecord; side: number; amount: string };

  function txEnd(t: number): number {
    return t + 1 < txStart.length ? (txStart[t + 1] as number) : entryIds.length;
  }

  function presentEntry(e: number): LedgerEntry {
    return {
      id: entryIdOf(e),
      transaction_id: txIdOf(entryTx[e] as number),
      account_id: (accounts[entryAccount[e] as number] as AccountRecord).id,
      side: entrySide[e] === CREDIT ? 'credit' : 'debit',
      amount: entryAmount[e] as string,
      created_at: entryCreatedAt[e] as string,
    };
  }

  function keyOf(t: number): string {
    return txKey[t] ?? `${GENERATED_KEY}${txIdOf(t)}`;
  }

  function referenceOf(t: number): string | null {
    return txIds[t] === null ? blockOf(t, 'txStart').reference : (txReference[t] as string | null);
  }

  function presentTx(t: number): LedgerTransaction {
    const start = txStart[t] as number;
    const end = txEnd(t);
    const entries: LedgerEntry[] = [];
    for (let e = start; e < end; e++) entries.push(presentEntry(e));
    const tx: LedgerTransaction = {
      id: txIdOf(t),
      store_id: storeId,
      reference: referenceOf(t),
      idempotency_key: keyOf(t),
      entries,
      created_at: entryCreatedAt[start] as string,
    };
    const original = txReversalOf[t] as number;
    if (original >= 0) tx.reversal_of = txIdOf(original);
    return tx;
  }

  /** Appends one transaction; the caller has validated and balanced `lines`. */
  function append(
    lines: Line[],
    reference: string | null,
    key: string,
    reversalOf: number,
  ): number {
    const at = now().toISOString();
    const t = txIds.length;
    const txId = freshId('cct', (id) => txNumber(id) >= 0);
    txIds.push(txId);
    txById.set(txId, t);
    txStart.push(entryIds.length);
    txReference.push(reference);
    txKey.push(key);
    txReversalOf.push(reversalOf);
    txReversedBy.push(-1);
    for (const { account, side, amount } of lines) {
      const e = entryIds.length;
      const entryId = freshId('cce', (id) => entryNumber(id) >= 0);
      entryIds.push(entryId);
      entryById.set(entryId, e);
      entryTx.push(t);
      entryAccount.push(account.index);
      entrySide.push(side);
      entryAmount.push(amount);
      entryCreatedAt.push(at);
      entryPosition.push(account.entries.length);
      account.entries.push(e);
      account.balance =
        side === CREDIT
          ? addAmounts(account.balance, amount)
          : subtractAmounts(account.balance, amount);
    }
    if (reversalOf >= 0) txReversedBy[reversalOf] = t;
    return t;
  }

  /** The transaction an idempotency key wrote and the fingerprint of its request. */
  function keyed(key: string): { tx: number; fingerprint: string } | undefined {
    const stored = keys.get(key);
    if (stored) return stored;
    if (!key.startsWith(GENERATED_KEY)) return undefined;
    const t = txNumber(key.slice(GENERATED_KEY.length));
    if (t < 0 || txIds[t] !== null) return undefined;
    const creditEntry = txStart[t] as number;
    return {
      tx: t,
      fingerprint: creditFingerprint(
        (accounts[entryAccount[creditEntry] as number] as AccountRecord).id,
        entryAmount[creditEntry] as string,
        referenceOf(t),
      ),
    };
  }

  /** Replays the transaction of `key` when the body matches; 409 when it does not. */
  function replay(key: string, fingerprint: string): LedgerCommit | undefined {
    const earlier = keyed(key);
    if (!earlier) return undefined;
    if (earlier.fingerprint !== fingerprint) {
      throw new LedgerError(
        409,
        'idempotency_key_reused',
        `idempotency_key "${key}" was already used with a different request body: send a new key for a new transaction, or repeat the original body to replay it`,
        { param: 'idempotency_key' },
      );
    }
    return { transaction: presentTx(earlier.tx), replayed: true };
  }

  function creditFingerprint(accountId: string, amount: string, reference: string | null) {
    return JSON.stringify(['credit', accountId, amount, reference]);
  }

  function credit(accountId: string, input: CreditInput): LedgerCommit {
    const amount = positiveAmount(input?.amount, 'amount');
    const reference = checkReference(input.reference);
    const key = checkKey(input.idempotency_key, 'idempotency_key');
    const fingerprint = creditFingerprint(accountId, amount, reference);
    const replayed = replay(key, fingerprint);
    if (replayed) return replayed;
    const account = customerAccount(accountId);
    requireActive(account);
    const t = append(
      [
        { account, side: CREDIT, amount },
        { account: system(account.unitLabel), side: DEBIT, amount },
      ],
      reference,
      key,
      -1,
    );
    keys.set(key, { tx: t, fingerprint });
    return { transaction: presentTx(t), replayed: false };
  }

  function post(input: PostInput): LedgerCommit {
    const raw: unknown = input?.entries;
    if (!Array.isArray(raw) || raw.length === 0) {
      throw invalid(
        'entries',
        'entries must be a non-empty array of lines ({ account_id, side, amount }) whose debits equal their credits',
      );
    }
    const reference = checkReference(input.reference);
    const key =
      input.idempotency_key === undefined
        ? undefined
        : checkKey(input.idempotency_key, 'idempotency_key');
    const parsed = raw.map((line: Partial<PostEntryInput> | null, i) => {
      const side = line?.side;
      if (side !== 'debit' && side !== 'credit') {
        throw invalid(
          `entries.${i}.side`,
          `entries.${i}.side must be "debit" or "credit"; got ${describe(side)}`,
        );
      }
      return {
        accountId: line?.account_id,
        side: side === 'credit' ? CREDIT : DEBIT,
        amount: positiveAmount(line?.amount, `entries.${i}.amount`),
      };
    });
    const fingerprint = JSON.stringify([
      'post',
      parsed.map((l) => [l.accountId, l.side, l.amount]),
      reference,
    ]);
    if (key !== undefined) {
      const replayed = replay(key, fingerprint);
      if (replayed) return replayed;
    }
    const lines: Line[] = parsed.map((l, i) => {
      const account = typeof l.accountId === 'string' ? accountById.get(l.accountId) : undefined;
      if (!account) throw missingAccount(l.accountId, `entries.${i}.account_id`);
      return { account, side: l.side, amount: l.amount };
    });
    const unit = (lines[0] as Line).account.unitLabel;
    if (lines.some((l) => l.account.unitLabel !== unit)) {
      throw new LedgerError(
        400,
        'unit_label_mismatch',
        'every entry of a transaction must be on accounts of the same unit_label: split it into one transaction per unit',
        { param: 'entries' },
      );
    }
    const debits = sumAmounts(lines.filter((l) => l.side === DEBIT).map((l) => l.amount));
    const credits = sumAmounts(lines.filter((l) => l.side === CREDIT).map((l) => l.amount));
    if (compareAmounts(debits, credits) !== 0) {
      throw new LedgerError(
        422,
        'unbalanced_transaction',
        `Total debits must equal total credits (debits ${debits}, credits ${credits}): adjust the entries so both sides sum to the same amount`,
        { param: 'entries' },
      );
    }
    for (const line of lines) if (!line.account.system) requireActive(line.account);
    const finalKey = key ?? freshId('cck', (id) => keyed(id) !== undefined);
    const t = append(lines, reference, finalKey, -1);
    keys.set(finalKey, { tx: t, fingerprint });
    return { transaction: presentTx(t), replayed: false };
  }

  function reverse(accountId: string, input: ReverseInput): LedgerCommit {
    const transactionId: unknown = input?.transaction_id;
    if (typeof transactionId !== 'string' || transactionId.length === 0) {
      throw new LedgerError(
        400,
        'parameter_missing',
        'transaction_id is required: send the id of the transaction to reverse',
        { param: 'transaction_id' },
      );
    }
    const account = customerAccount(accountId);
    const t = txNumber(transactionId);
    let touches = false;
    if (t >= 0) {
      for (let e = txStart[t] as number, end = txEnd(t); e < end; e++) {
        if (entryAccount[e] === account.index) touches = true;
      }
    }
    if (!touches) {
      throw new LedgerError(
        404,
        'resource_missing',
        `no transaction ${describe(transactionId)} on account ${account.id}: reverse it on an account it has an entry on`,
        { param: 'transaction_id' },
      );
    }
    if ((txReversalOf[t] as number) >= 0) {
      throw new LedgerError(
        400,
        'transaction_is_reversal',
        `transaction ${transactionId} is itself a reversal and cannot be reversed: credit the account again instead`,
        { param: 'transaction_id' },
      );
    }
    const by = txReversedBy[t] as number;
    if (by >= 0) {
      throw new LedgerError(
        400,
        'transaction_already_reversed',
        `transaction ${transactionId} was already reversed by ${txIdOf(by)}: a transaction can be reversed once`,
        { param: 'transaction_id' },
      );
    }
    const lines: Line[] = [];
    for (let e = txStart[t] as number, end = txEnd(t); e < end; e++) {
      lines.push({
        account: accounts[entryAccount[e] as number] as AccountRecord,
        side: entrySide[e] === CREDIT ? DEBIT : CREDIT,
        amount: entryAmount[e] as string,
      });
    }
    for (const line of lines) if (!line.account.system) requireActive(line.account);
    // The reversal's key is a label of the ledger's own, not entered among callers' keys (the
    // reverse request carries none, and a second reversal is refused by the original's
    // reversed-by, not by a key): a caller's key that reads the same is neither overwritten nor
    // refused by it.
    const r = append(lines, referenceOf(t), `reversal_${transactionId}`, t);
    return { transaction: presentTx(r), replayed: false };
  }

  // -- reads ----------------------------------------------------------------------------------

  function listAccounts(query: ListAccountsQuery = {}): LedgerList<LedgerAccount> {
    const owner = query.customer_id;
    const list = owner === undefined ? customerAccounts : (accountsByOwner.get(owner) ?? []);
    const { high, low, hasMore } = pageRange(list.length, query, (id) => {
      const a = accountById.get(id);
      if (!a || a.system) return -1;
      if (owner !== undefined) return a.customerId === owner ? a.ownerPosition : -1;
      return a.position;
    });
    const data: LedgerAccount[] = [];
    for (let i = high; i >= low; i--) data.push(presentAccount(list[i] as AccountRecord));
    return { object: 'list', data, has_more: hasMore };
  }

  function listEntries(accountId: string, query: CursorQuery = {}): LedgerList<LedgerEntry> {
    const account = customerAccount(accountId);
    const list = account.entries;
    const { high, low, hasMore } = pageRange(list.length, query, (id) => {
      const e = entryNumber(id);
      return e >= 0 && entryAccount[e] === account.index ? (entryPosition[e] as number) : -1;
    });
    const data: LedgerEntry[] = [];
    for (let i = high; i >= low; i--) data.push(presentEntry(list[i] as number));
    return { object: 'list', data, has_more: hasMore };
  }

  // -- bulk -----------------------------------------------------------------------------------

  function generateEntries(
    accountId: string,
    count: number,
    generate: GenerateOptions,
  ): GenerateResult {
    if (!Number.isInteger(count) || count < 0) {
      throw invalid(
        'count',
        `count must be a whole number of transactions; got ${describe(count)}`,
      );
    }
    const account = customerAccount(accountId);
    requireActive(account);
    const sys = system(account.unitLabel);
    if (count === 0) return { transactions: 0, total: '0', balance: account.balance };
    const block: Block = {
      txStart: txIds.length,
      txCount: count,
      entryStart: entryIds.length,
      txBase: freshId('cct', (id) => txNumber(id) >= 0 || blockByTxBase.has(id)),
      entryBase: freshId('cce', (id) => entryNumber(id) >= 0 || blockByEntryBase.has(id)),
      reference: generate.reference ?? 'generated',
    };
    const at = now().toISOString();
    const next = seededInts(generate.seed);
    const own = account.entries;
    const theirs = sys.entries;
    // Amounts are integers 1…1000 made here, never parsed from a string; their sum stays far
    // below 2^53 for any count that fits in memory, and enters the balances as one BigInt.
    let total = 0;
    let e = block.entryStart;
    for (let i = 0; i < count; i++) {
      const k = next() % 1000;
      const amount = generatedAmounts[k] as string;
      total += k + 1;
      const t = block.txStart + i;
      txIds.push(null);
      txStart.push(e);
      txReference.push(null);
      txKey.push(null);
      txReversalOf.push(-1);
      txReversedBy.push(-1);
      // The credit on the customer account, then the matching debit on the system account.
      entryIds.push(null, null);
      entryTx.push(t, t);
      entryAccount.push(account.index, sys.index);
      entrySide.push(CREDIT, DEBIT);
      entryAmount.push(amount, amount);
      entryCreatedAt.push(at, at);
      entryPosition.push(own.length, theirs.length);
      own.push(e);
      theirs.push(e + 1);
      e += 2;
    }
    blocks.push(block);
    blockByTxBase.set(block.txBase, block);
    blockByEntryBase.set(block.entryBase, block);
    const sum = BigInt(total).toString();
    account.balance = addAmounts(account.balance, sum);
    sys.balance = subtractAmounts(sys.balance, sum);
    return { transactions: count, total: sum, balance: account.balance };
  }

  // -- the API --------------------------------------------------------------------------------

  return {
    storeId,
    createAccount(input) {
      const customerId: unknown = input?.customer_id;
      if (typeof customerId !== 'string' || customerId.length === 0) {
        throw new LedgerError(
          400,
          'parameter_missing',
          'customer_id is required: name the customer who owns the account',
          { param: 'customer_id' },
        );
      }
      const name = input.name ?? 'default';
      const unitLabel = input.unit_label ?? 'credits';
      if (typeof name !== 'string' || name.length === 0) {
        throw invalid('name', `name must be a non-empty string; got ${describe(name)}`);
      }
      if (typeof unitLabel !== 'string' || unitLabel.length === 0) {
        throw invalid(
          'unit_label',
          `unit_label must be a non-empty string; got ${describe(unitLabel)}`,
        );
      }
      const seed =
        input.initial_balance === undefined
          ? undefined
          : positiveAmount(input.initial_balance, 'initial_balance');
      const record = newAccount(customerId, name, unitLabel, false);
      record.position = customerAccounts.length;
      customerAccounts.push(record);
      let owned = accountsByOwner.get(customerId);
      if (!owned) {
        owned = [];
        accountsByOwner.set(customerId, owned);
      }
      record.ownerPosition = owned.length;
      owned.push(record);
      if (seed !== undefined) {
        credit(record.id, {
          amount: seed,
          reference: 'initial_balance',
          idempotency_key: `initial_balance_${record.id}`,
        });
      }
      return presentAccount(record);
    },
    getAccount: (accountId) => presentAccount(customerAccount(accountId)),
    setStatus(accountId, status) {
      const account = customerAccount(accountId);
      if (status !== 'active' && status !== 'frozen' && status !== 'closed') {
        throw invalid(
          'status',
          `status must be "active", "frozen" or "closed"; got ${describe(status)}`,
        );
      }
      const from = account.status;
      const allowed =
        (status === 'frozen' && from === 'active') ||
        (status === 'active' && from === 'frozen') ||
        (status === 'closed' && from !== 'closed');
      if (!allowed) {
        const code =
          from === 'closed'
            ? 'account_closed'
            : status === 'frozen'
              ? 'account_frozen'
              : 'account_not_frozen';
        throw new LedgerError(
          409,
          code,
          from === 'closed'
            ? `account ${account.id} is closed, and closing is permanent`
            : `account ${account.id} is already ${from}: only a frozen account can be unfrozen and only an active one frozen`,
        );
      }
      account.status = status;
      account.updatedAt = now().toISOString();
      return presentAccount(account);
    },
    listAccounts,
    credit,
    post,
    reverse,
    getTransaction(transactionId) {
      const t = typeof transactionId === 'string' ? txNumber(transactionId) : -1;
      if (t < 0) {
        throw new LedgerError(
          404,
          'resource_missing',
          `no customer-credits transaction ${describe(transactionId)} in store ${storeId}`,
          { param: 'transaction_id' },
        );
      }
      return presentTx(t);
    },
    listEntries,
    balance: (accountId) => customerAccount(accountId).balance,
    systemAccount: (unitLabel) => presentAccount(system(unitLabel)),
    generateEntries,
    inspect() {
      const balances: Record<string, string> = {};
      for (const a of accounts) balances[a.id] = a.balance;
      const transactions: LedgerTransaction[] = [];
      for (let t = 0; t < txIds.length; t++) transactions.push(presentTx(t));
      const entries: LedgerEntry[] = [];
      for (let e = 0; e < entryIds.length; e++) entries.push(presentEntry(e));
      return {
        accounts: customerAccounts.map(presentAccount),
        system_accounts: accounts.filter((a) => a.system).map(presentAccount),
        transactions,
        entries,
        balances,
      };
    },
  };
}
