// Redirect targets and idempotency keys: the two safety rules of the billing mutations.
import { BillingError } from '../client/error.js';
import { isAllowedRedirect } from '../contract/redirects.js';

/**
 * The link to send the buyer to, or a `BillingError` (kind `invalid_response`) when it is
 * missing or leads somewhere `isAllowedRedirect` refuses; the page's own origin is allowed too.
 */
export function checkedRedirect(
  url: string | undefined | null,
  extraOrigins: readonly string[],
  caller: string,
  field: string,
): string {
  if (!url) {
    throw new BillingError(
      `billing-kit: ${caller} got no ${field} to send the buyer to. Check that the proxy and the ` +
        'service are up to date.',
      { kind: 'invalid_response', status: 0, messages: [`${field} is missing`], path: field },
    );
  }
  // The page's own origin too: a sandbox mounted in the app's dev server, never another site.
  // An opaque page ("null": a sandboxed frame, a data: page) has none: "null" would also match
  // the origin of a javascript: link.
  const own =
    typeof location === 'undefined' || location.origin === 'null' ? [] : [location.origin];
  if (!isAllowedRedirect(url, [...extraOrigins, ...own])) {
    let origin = url;
    try {
      origin = new URL(url).origin;
    } catch {
      // not a URL at all: named whole below
    }
    throw new BillingError(
      `billing-kit: ${caller} refused to send the buyer to ${url}: ${origin} is not an allowed ` +
        `origin. If you trust it, add "${origin}" to <BillingProvider checkoutOrigins>.`,
      {
        kind: 'invalid_response',
        status: 0,
        messages: [`${field} ${url} is not on an allowed origin`],
        path: field,
      },
    );
  }
  return url;
}

/** A random id with a prefix, from the platform's CSPRNG (`randomUUID` where it exists). */
export function randomId(prefix: string): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return `${prefix}_${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** JSON with sorted keys: two bodies with the same content give the same text. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * One idempotency key per logical attempt: the same body gets the same key until that attempt
 * succeeds (or all are reset), so a retry, a second click or a repeat after a lost answer cannot
 * act twice, even with other bodies sent in between; a different body is an attempt of its own.
 */
export class AttemptKeys {
  /** The key of every body whose attempt has not succeeded yet. */
  readonly #keys = new Map<string, string>();
  readonly #prefix: string;

  /** @param prefix Starts every key, such as `chk` (checkouts) or `cred` (credits). */
  constructor(prefix: string) {
    this.#prefix = prefix;
  }

  /** The key of the attempt that sends `body`. */
  keyFor(body: unknown): string {
    const text = stableKey(body);
    let key = this.#keys.get(text);
    if (key === undefined) {
      key = randomId(this.#prefix);
      this.#keys.set(text, key);
    }
    return key;
  }

  /**
   * Ends the attempt that sent `body`: sending it again is a new attempt, with a new key. With
   * `key`, only if that is still the attempt's key: a late success of an earlier attempt (a retry
   * that lands after a new attempt of the same body started) must not end the new one.
   */
  settle(body: unknown, key?: string): void {
    const text = stableKey(body);
    if (key === undefined || this.#keys.get(text) === key) this.#keys.delete(text);
  }

  /** Ends every attempt. */
  reset(): void {
    this.#keys.clear();
  }
}

const shared = new WeakMap<object, Map<string, AttemptKeys>>();

/**
 * The attempts of one kind (`prefix`) kept with `owner` (a QueryClient), so that they outlive
 * the component: a form that closes after a lost answer and opens again sends the same key.
 */
export function attemptKeysOf(owner: object, prefix: string): AttemptKeys {
  let kinds = shared.get(owner);
  if (!kinds) {
    kinds = new Map();
    shared.set(owner, kinds);
  }
  let keys = kinds.get(prefix);
  if (!keys) {
    keys = new AttemptKeys(prefix);
    kinds.set(prefix, keys);
  }
  return keys;
}
