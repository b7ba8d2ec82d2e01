// The storefront's frame: a header with the navigation and the demo's switches (who is signed
// in, seller, theme, language), the billing provider, and the page for the current path.
import { QueryClient } from '@tanstack/react-query';
import {
  type FormEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { BillingProvider } from '../../src/react/index.js';
import { checkBuyerEmail, type EmailProblem } from '../shared/email.js';
import {
  catalogues,
  type DemoMessages,
  DemoMessagesContext,
  fill,
  type Locale,
  useText,
} from './i18n.js';
import { AccountPage } from './pages/AccountPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { PricingPage } from './pages/PricingPage.js';
import { ProductPage } from './pages/ProductPage.js';
import { ReturnPage } from './pages/ReturnPage.js';
import { SellerPage } from './pages/SellerPage.js';
import { Link, useLocation } from './router.js';
import {
  type DemoSession,
  type Identity,
  identityKey,
  readAdmin,
  readIdentity,
  useDemoSession,
  writeAdmin,
  writeIdentity,
} from './session.js';

type Appearance = 'light' | 'dark';

function stored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = window.localStorage.getItem(key);
    return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** The page for a path. */
function Route({ identity, admin }: { identity: Identity; admin: boolean }) {
  const { pathname } = useLocation();
  if (pathname === '/' || pathname === '/pricing') {
    return <PricingPage signedIn={identity.kind !== 'signed-out'} />;
  }
  const product = /^\/products\/([^/]+)$/.exec(pathname);
  if (product?.[1]) {
    return (
      <ProductPage
        productId={decodeURIComponent(product[1])}
        signedIn={identity.kind !== 'signed-out'}
      />
    );
  }
  if (pathname === '/return') return <ReturnPage identity={identity} />;
  if (pathname === '/account') return <AccountPage identity={identity} />;
  if (pathname === '/seller') return <SellerPage admin={admin} />;
  return <NotFoundPage />;
}

/** Moves focus to the new page's heading after an in-page navigation (not on first load). */
function useFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const heading = main.current?.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [pathname, main]);
}

/** What the switch says of an address the server would refuse. */
function emailProblemText(text: DemoMessages, problem: EmailProblem): string {
  switch (problem.kind) {
    case 'empty':
      return text.emailEmpty;
    case 'tooLong':
      return text.emailTooLong;
    case 'spaces':
      return text.emailSpaces;
    case 'shape':
      return text.emailShape;
    case 'domain':
      return fill(text.emailDomain, { domain: problem.domain });
  }
}

function IdentitySwitch({
  identity,
  session,
  failed,
  onChange,
}: {
  identity: Identity;
  session: DemoSession | null;
  failed: boolean;
  onChange: (identity: Identity) => void;
}) {
  const text = useText();
  const selectId = useId();
  const emailId = useId();
  const errorId = useId();
  const [asking, setAsking] = useState(identity.kind === 'email');
  const [email, setEmail] = useState(identity.kind === 'email' ? identity.email : '');
  const [problem, setProblem] = useState<EmailProblem | null>(null);
  const customers = session?.customers ?? [];
  const value =
    asking || identity.kind === 'email'
      ? '__email'
      : identity.kind === 'customer'
        ? identity.id
        : '';
  // The server's own rule (shared/email.ts): an address it would refuse is not signed in with,
  // and the field says why, keeping what was typed.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkBuyerEmail(email);
    if (check.ok) {
      setProblem(null);
      onChange({ kind: 'email', email: check.email });
    } else {
      setProblem(check.problem);
    }
  };
  return (
    <form className="demo-identity" onSubmit={submit} noValidate>
      <div className="demo-control">
        <label htmlFor={selectId}>{text.signedInAs}</label>
        <select
          id={selectId}
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            if (next === '__email') {
              setAsking(true);
              return;
            }
            setAsking(false);
            setEmail('');
            setProblem(null);
            onChange(next ? { kind: 'customer', id: next } : { kind: 'signed-out' });
          }}
        >
          <option value="">{text.signedOut}</option>
          <option value="__email">{text.newBuyer}</option>
          {customers.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customer.name ?? customer.email}
            </option>
          ))}
        </select>
      </div>
      {value === '__email' ? (
        <div className="demo-control demo-email">
          <label htmlFor={emailId}>{text.email}</label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            required
            value={email}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem(null);
            }}
          />
          <button type="submit">{text.signIn}</button>
          {problem ? (
            <p id={errorId} className="demo-field-error" role="alert">
              {emailProblemText(text, problem)}
            </p>
          ) : null}
        </div>
      ) : null}
      {failed ? <p className="demo-note">{text.modeStatic}</p> : null}
    </form>
  );
}

function Header({
  identity,
  admin,
  appearance,
  locale,
  session,
  failed,
  onIdentity,
  onAdmin,
  onAppearance,
  onLocale,
}: {
  identity: Identity;
  admin: boolean;
  appearance: Appearance;
  locale: Locale;
  session: DemoSession | null;
  failed: boolean;
  onIdentity: (identity: Identity) => void;
  onAdmin: (admin: boolean) => void;
  onAppearance: (appearance: Appearance) => void;
  onLocale: (locale: Locale) => void;
}) {
  const text = useText();
  const themeId = useId();
  const localeId = useId();
  return (
    <header className="demo-header">
      <div className="demo-bar">
        <Link href="/" className="demo-brand">
          <span aria-hidden="true" className="demo-logo">
            ◐
          </span>{' '}
          {text.brand}
        </Link>
        <nav aria-label={text.nav}>
          <ul className="demo-nav">
            <li>
              <Link href="/">{text.navPricing}</Link>
            </li>
            <li>
              <Link href="/account">{text.navAccount}</Link>
            </li>
            <li>
              <Link href="/seller">{text.navSeller}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <section className="demo-settings" aria-label={text.settings}>
        <IdentitySwitch
          identity={identity}
          session={session}
          failed={failed}
          onChange={onIdentity}
        />
        <div className="demo-control demo-check">
          <input
            id={`${themeId}-admin`}
            type="checkbox"
            checked={admin}
            onChange={(event) => onAdmin(event.target.checked)}
          />
          <label htmlFor={`${themeId}-admin`}>{text.seller}</label>
        </div>
        <div className="demo-control">
          <label htmlFor={themeId}>{text.theme}</label>
          <select
            id={themeId}
            value={appearance}
            onChange={(event) => onAppearance(event.target.value as Appearance)}
          >
            <option value="light">{text.light}</option>
            <option value="dark">{text.dark}</option>
          </select>
        </div>
        <div className="demo-control">
          <label htmlFor={localeId}>{text.language}</label>
          <select
            id={localeId}
            value={locale}
            onChange={(event) => onLocale(event.target.value as Locale)}
          >
            <option value="en-US" lang="en">
              English (US)
            </option>
            <option value="de-DE" lang="de">
              Deutsch (DE)
            </option>
          </select>
        </div>
      </section>
      {identity.kind === 'email' ? (
        <p className="demo-note">{fill(text.sessionAsEmail, { email: identity.email })}</p>
      ) : null}
    </header>
  );
}

/** The billing provider for one identity: a fresh cache whenever the visitor switches. */
function Billing({
  appearance,
  locale,
  checkoutOrigins,
  children,
}: {
  appearance: Appearance;
  locale: Locale;
  checkoutOrigins: readonly string[];
  children: ReactNode;
}) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } }),
  );
  return (
    <BillingProvider
      basePath="/api/billing"
      queryClient={queryClient}
      theme={{ appearance }}
      locale={locale}
      checkoutOrigins={checkoutOrigins}
    >
      {children}
    </BillingProvider>
  );
}

export function App() {
  const [identity, setIdentity] = useState<Identity>(readIdentity);
  const [admin, setAdmin] = useState(readAdmin);
  const [appearance, setAppearance] = useState<Appearance>(() =>
    stored('bk-demo-theme', ['light', 'dark'], 'light'),
  );
  const [locale, setLocale] = useState<Locale>(() =>
    stored('bk-demo-locale', ['en-US', 'de-DE'], 'en-US'),
  );
  const { session, failed } = useDemoSession();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  const text = catalogues[locale];

  // A cookie naming a customer the server no longer offers (another sandbox, another account)
  // is a signed-out visitor on the server: say so here too.
  useEffect(() => {
    if (
      session &&
      identity.kind === 'customer' &&
      !session.customers.some((customer) => customer.id === identity.id)
    ) {
      writeIdentity({ kind: 'signed-out' });
      setIdentity({ kind: 'signed-out' });
    }
  }, [session, identity]);

  useEffect(() => {
    document.documentElement.dataset.bkTheme = appearance;
    document.documentElement.lang = locale.slice(0, 2);
  }, [appearance, locale]);

  return (
    <DemoMessagesContext.Provider value={text}>
      <a className="demo-skip" href="#main">
        {text.skip}
      </a>
      <Header
        identity={identity}
        admin={admin}
        appearance={appearance}
        locale={locale}
        session={session}
        failed={failed}
        onIdentity={(next) => {
          writeIdentity(next);
          setIdentity(next);
        }}
        onAdmin={(next) => {
          writeAdmin(next);
          setAdmin(next);
        }}
        onAppearance={(next) => {
          store('bk-demo-theme', next);
          setAppearance(next);
        }}
        onLocale={(next) => {
          store('bk-demo-locale', next);
          setLocale(next);
        }}
      />
      <main id="main" ref={main} tabIndex={-1} className="demo-main">
        <Billing
          key={identityKey(identity, admin)}
          appearance={appearance}
          locale={locale}
          checkoutOrigins={session?.checkoutOrigins ?? []}
        >
          <Route identity={identity} admin={admin} />
        </Billing>
      </main>
      <footer className="demo-footer">
        <p>
          {session?.mode === 'test' ? text.modeTest : text.modeSandbox} {text.footer}
        </p>
      </footer>
    </DemoMessagesContext.Provider>
  );
}
