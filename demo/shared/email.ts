// The one rule for the e-mail address a new buyer signs in with on the demo's switch: the dev
// server (`server/session.ts`) takes a session cookie by it, and the storefront's switch
// (`src/App.tsx`) checks what was typed by it before setting that cookie, so the page never
// says "Buying as …" for an address the server treats as signed out. No `node:` imports: the
// storefront's bundle carries it too.

import { email as serviceEmail } from '../../src/contract/fields.js';

/** The longest address taken, in characters (as SMTP allows). */
export const MAX_EMAIL_LENGTH = 254;

/** Why an address is refused, for the switch to say. */
export type EmailProblem =
  /** Nothing was typed. */
  | { kind: 'empty' }
  /** Longer than {@link MAX_EMAIL_LENGTH}. */
  | { kind: 'tooLong' }
  /** A space (or other white space) inside the address. */
  | { kind: 'spaces' }
  /** Not one `@` with a name before it and a domain after it. */
  | { kind: 'shape' }
  /** The domain after the `@` has no dot with text on both sides (`localhost`). */
  | { kind: 'domain'; domain: string };

/** The address as the session holds it (trimmed, lower case), or why it is refused. */
export type EmailCheck = { ok: true; email: string } | { ok: false; problem: EmailProblem };

/**
 * Checks an address typed for the switch: surrounding white space is dropped and it is lower
 * cased; then it is taken when it is at most 254 characters and the service's checkout would
 * take it (the contract's rule: `name@domain.tld`, letters of any script, no stray dots).
 */
export function checkBuyerEmail(typed: string): EmailCheck {
  const email = typed.trim().toLowerCase();
  if (email.length <= MAX_EMAIL_LENGTH && serviceEmail.safeParse(email).success) {
    return { ok: true, email };
  }
  return { ok: false, problem: problemOf(email) };
}

function problemOf(email: string): EmailProblem {
  if (email === '') return { kind: 'empty' };
  if (email.length > MAX_EMAIL_LENGTH) return { kind: 'tooLong' };
  if (/\s/.test(email)) return { kind: 'spaces' };
  const parts = email.split('@');
  const [name, domain] = parts;
  if (parts.length !== 2 || !name || !domain) return { kind: 'shape' };
  if (!/^[^.]+(\.[^.]+)+$/.test(domain)) return { kind: 'domain', domain };
  return { kind: 'shape' };
}
