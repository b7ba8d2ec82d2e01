// The proxy's state behind one small interface: the idempotency window of checkouts, the
// rate-limit buckets, the balance cache and the catalog cache. The in-memory default suits one
// server process; several processes share state by implementing this interface over Redis
// (each method is one Redis command, see the notes), and no route changes.

/**
 * Where the proxy keeps its state. Values are strings (the proxy stores JSON), keys are short
 * ASCII strings that the proxy prefixes with `bk:`. Every method may be async.
 *
 * A Redis adapter is one command per method:
 * `get` → `GET key`; `set` → `SET key value PX ttlMs` (no `PX` when `ttlMs` is undefined);
 * `add` → `SET key value NX PX ttlMs` (true when Redis answers `OK`);
 * `increment` → `INCR key` then `PEXPIRE key ttlMs NX` (in a `MULTI` or a small Lua script);
 * `delete` → `DEL key`. With `ioredis`, for example:
 *
 * ```ts
 * const store: BillingStore = {
 *   get: (key) => redis.get(key),
 *   set: async (key, value, ttlMs) => {
 *     await (ttlMs === undefined ? redis.set(key, value) : redis.set(key, value, 'PX', ttlMs));
 *   },
 *   add: async (key, value, ttlMs) => (await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK',
 *   increment: async (key, ttlMs) => {
 *     const [[, count]] = (await redis.multi().incr(key).pexpire(key, ttlMs, 'NX').exec()) as [[null, number]];
 *     return count;
 *   },
 *   delete: async (key) => {
 *     await redis.del(key);
 *   },
 * };
 * ```
 */
export interface BillingStore {
  /** The value stored under `key`, or `null` when there is none or it expired. */
  get(key: string): Promise<string | null>;
  /** Stores `value` under `key`, replacing any value; it expires after `ttlMs` when given. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /**
   * Stores `value` under `key` only when no live value is there (an atomic set-if-absent).
   * Answers true when this call stored it. The proxy uses it as a lock so that one checkout
   * attempt reaches the service once, even across processes.
   */
  add(key: string, value: string, ttlMs: number): Promise<boolean>;
  /**
   * Adds one to the integer under `key` (a missing key counts as 0) and answers the new count.
   * The expiry `ttlMs` is set when the key is created and not extended by later increments:
   * a fixed window, as the rate limit needs. `get` of such a key answers the count in
   * decimal (`'3'`), as Redis's `GET` does after `INCR`: the rate limit reads a counter that way
   * without counting.
   */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Removes `key`. */
  delete(key: string): Promise<void>;
}

/** Options of {@link createMemoryStore}. */
export type MemoryStoreOptions = {
  /**
   * Most keys kept; when full, expired entries and then the oldest tenth are dropped, so a
   * flood of distinct clients cannot grow the process without bound.
   * Default: 100000.
   */
  maxEntries?: number;
  /** The clock, in Unix milliseconds. Default: `Date.now`. */
  now?: () => number;
};

type Entry = { value: string; expiresAt: number };

/**
 * The default store: a `Map` in this process. State is lost on restart and not shared between
 * processes; use a shared store (Redis) when the proxy runs on several instances.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): BillingStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function put(key: string, value: string, ttlMs: number | undefined): void {
    entries.delete(key); // re-insert so Map order stays oldest-first
    if (entries.size >= maxEntries) evict();
    entries.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : now() + ttlMs });
  }

  function evict(): void {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
    // Still full: drop the oldest tenth (Map iterates in insertion order).
    let drop = entries.size - maxEntries + 1;
    if (drop <= 0) return;
    drop = Math.max(drop, Math.ceil(maxEntries / 10));
    for (const key of entries.keys()) {
      if (drop-- <= 0) break;
      entries.delete(key);
    }
  }

  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs);
    },
    async add(key, value, ttlMs) {
      if (live(key) !== undefined) return false;
      put(key, value, ttlMs);
      return true;
    },
    async increment(key, ttlMs) {
      const entry = live(key);
      if (entry === undefined) {
        put(key, '1', ttlMs);
        return 1;
      }
      const count = (Number.parseInt(entry.value, 10) || 0) + 1;
      entry.value = String(count);
      return count;
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
