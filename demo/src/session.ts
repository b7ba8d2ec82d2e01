// The storefront's side of the "signed in as" switch: two cookies the dev server's
// `getCustomer` and `isAdmin` read, and the choices `/__demo/session` offers.
import { useEffect, useState } from 'react';
import type { DemoSession, DemoVisitor } from '../server/plugin.js';
import { checkBuyerEmail } from '../shared/email.js';

export type { DemoCustomer, DemoSession, DemoVisitor } from '../server/plugin.js';

const SESSION_COOKIE = 'bk_demo_as';
const ADMIN_COOKIE = 'bk_demo_admin';

/** Who the visitor says they are. */
export type Identity =
  | { kind: 'signed-out' }
  | { kind: 'customer'; id: string }
  | { kind: 'email'; email: string };

function readCookie(name: string): string {
  for (const pair of document.cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at >= 0 && pair.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(at + 1).trim());
      } catch {
        return '';
      }
    }
  }
  return '';
}

function writeCookie(name: string, value: string): void {
  const life = value ? 'max-age=2592000' : 'max-age=0';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is missing from older Safari and Firefox
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax; ${life}`;
}

/**
 * The identity the cookie holds. An address the server refuses (by the shared rule) is read as
 * signed out, as the server reads it.
 */
export function readIdentity(): Identity {
  const value = readCookie(SESSION_COOKIE);
  if (value.startsWith('email:')) {
    const check = checkBuyerEmail(value.slice('email:'.length));
    return check.ok ? { kind: 'email', email: check.email } : { kind: 'signed-out' };
  }
  if (value) return { kind: 'customer', id: value };
  return { kind: 'signed-out' };
}

/** Signs in as someone (or out); the server reads it on the next request. */
export function writeIdentity(identity: Identity): void {
  writeCookie(
    SESSION_COOKIE,
    identity.kind === 'customer'
      ? identity.id
      : identity.kind === 'email'
        ? `email:${identity.email}`
        : '',
  );
}

/** Whether the switch says "seller". */
export function readAdmin(): boolean {
  return readCookie(ADMIN_COOKIE) === '1';
}

export function writeAdmin(admin: boolean): void {
  writeCookie(ADMIN_COOKIE, admin ? '1' : '');
}

/** A key that changes whenever the identity or the seller switch does. */
export function identityKey(identity: Identity, admin: boolean): string {
  const who =
    identity.kind === 'customer'
      ? identity.id
      : identity.kind === 'email'
        ? `email:${identity.email}`
        : 'signed-out';
  return `${who}|${admin ? 'admin' : 'buyer'}`;
}

/** What the dev server offers; null while it loads or when no dev server answers. */
export function useDemoSession(): { session: DemoSession | null; failed: boolean } {
  const [state, setState] = useState<{ session: DemoSession | null; failed: boolean }>({
    session: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    fetch('/__demo/session', { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const session = (await response.json()) as DemoSession;
        if (live) setState({ session, failed: false });
      })
      .catch(() => {
        if (live) setState({ session: null, failed: true });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/**
 * Who the proxy takes the visitor for (`/__demo/visitor`), asked once per mount while
 * `enabled`; null while it loads, when not enabled, or when no dev server answers.
 */
export function useDemoVisitor(enabled: boolean): {
  visitor: DemoVisitor | null;
  failed: boolean;
} {
  const [state, setState] = useState<{ visitor: DemoVisitor | null; failed: boolean }>({
    visitor: null,
    failed: false,
  });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetch('/__demo/visitor', { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const visitor = (await response.json()) as DemoVisitor;
        if (live) setState({ visitor, failed: false });
      })
      .catch(() => {
        if (live) setState({ visitor: null, failed: true });
      });
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}
