// The demo's "session": who the visitor says they are, in two cookies the storefront's
// "signed in as" switch sets. A real storefront reads its own login session here; the demo
// trusts the switch, but only for the customers it offers and for e-mail addresses (by the
// rule in ../shared/email.ts, which the switch applies too).
import { checkBuyerEmail } from '../shared/email.js';

/** Cookie naming who is signed in: a customer id (`cust_…`), `email:<address>`, or absent. */
export const SESSION_COOKIE = 'bk_demo_as';
/** Cookie set to `1` while the switch says "seller" (the `/admin` routes and the seller page). */
export const ADMIN_COOKIE = 'bk_demo_admin';

/** Who the switch names, before the e-mail is looked up. */
export type SessionChoice =
  | { kind: 'signed-out' }
  | { kind: 'customer'; id: string }
  | { kind: 'email'; email: string };

/** The cookies of a request, by name (the first value wins). */
export function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(pair.slice(at + 1).trim()));
    } catch {
      // A value that is not valid percent-encoding is ignored, as if it were not there.
    }
  }
  return cookies;
}

/** Reads the switch's cookie. Unknown customer ids and malformed e-mails are "signed out". */
export function readSession(request: Request, knownIds: ReadonlySet<string>): SessionChoice {
  const value = readCookies(request).get(SESSION_COOKIE) ?? '';
  if (value.startsWith('email:')) {
    const check = checkBuyerEmail(value.slice('email:'.length));
    return check.ok ? { kind: 'email', email: check.email } : { kind: 'signed-out' };
  }
  if (knownIds.has(value)) return { kind: 'customer', id: value };
  return { kind: 'signed-out' };
}

/** Whether the switch says "seller". */
export function readAdmin(request: Request): boolean {
  return readCookies(request).get(ADMIN_COOKIE) === '1';
}
