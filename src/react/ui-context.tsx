'use client';
// The presentation settings every component reads: theme, locale, time zone and message
// overrides.
// `BillingProvider` renders `BillingUIProvider`; components read it through `useBillingUI()`.
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
// Type only: the catalogue lives with the components, the context only carries overrides.
import type { Messages } from '../components/messages/en.js';
import type { BillingTheme, ThemeAppearance } from './theme.js';

// The theme's names and styles live in ./theme.ts, without 'use client', so that a server
// component can read `themeVariables` (billing-kit/react exports them from there).
export {
  type BillingTheme,
  type ThemeAppearance,
  type ThemeVariable,
  themeToStyle,
  themeVariableProperty,
  themeVariables,
} from './theme.js';

/** What components read from the UI context: every field resolved. */
export interface BillingUI {
  /** The theme; `appearance` is always set. Default: `{ appearance: 'light' }`. */
  theme: BillingTheme & { appearance: ThemeAppearance };
  /** BCP 47 locale for messages, money and dates. Default: `'en-US'`. */
  locale: string;
  /** Message overrides, merged over the locale's catalogue by `useMessages()`. Default: `{}`. */
  messages: Partial<Messages>;
  /**
   * The IANA time zone dates are shown in; `undefined` for the runtime's own. Under a provider:
   * its `timeZone`, else `'UTC'` while rendering on the server and hydrating, and the browser's
   * own after. Outside any provider: `undefined`.
   */
  timeZone: string | undefined;
}

const defaults: BillingUI = {
  theme: { appearance: 'light' },
  locale: 'en-US',
  messages: {},
  timeZone: undefined,
};

/**
 * The UI context. Components read it with `useBillingUI()`; apps set it through
 * `<BillingProvider theme locale messages>`.
 */
export const BillingUIContext = createContext<BillingUI>(defaults);
BillingUIContext.displayName = 'BillingUIContext';

/** Theme, locale and message overrides; outside any provider, the defaults. */
export function useBillingUI(): BillingUI {
  return useContext(BillingUIContext);
}

/**
 * `value` as `read` settles it, or a RangeError naming the prop, the value and what to pass
 * (`read` throws or answers nothing for a value it cannot take).
 */
function settled(prop: string, value: string, read: () => string | undefined, want: string) {
  try {
    const known = read();
    if (known) return known;
  } catch {
    // reported below
  }
  throw new RangeError(`billing-kit: ${prop} "${value}" is not ${want}`);
}

const never = () => () => {};

/** Props of `BillingUIProvider` (and the same-named props of `BillingProvider`). */
export interface BillingUIProviderProps {
  /** Appearance and variable overrides. Default: `{ appearance: 'light' }`. */
  theme?: BillingTheme;
  /** BCP 47 locale: German messages for `de*`, English otherwise. Default: `'en-US'`. */
  locale?: string;
  /** Replacements for any message of the catalogue, by key. Default: `{}`. */
  messages?: Partial<Messages>;
  /**
   * IANA time zone for every date and time shown, such as `"Europe/Berlin"` (the buyer's, from
   * their profile or a cookie). Default: the browser's own; while rendering on the server and
   * hydrating, `'UTC'`, then the browser's own once hydrated. The server does not know the
   * browser's zone, and text that differs from the server's HTML makes React throw that HTML
   * away; set it when rendering on the server so the first HTML already shows the buyer's times.
   */
  timeZone?: string;
  children?: ReactNode;
}

/**
 * Provides theme, locale, time zone and messages to the components below. A nested provider
 * replaces the outer one's settings; it does not merge with them.
 */
export function BillingUIProvider({
  theme,
  locale,
  messages,
  timeZone,
  children,
}: BillingUIProviderProps) {
  // False on the server and while hydrating, true after and in a page rendered in the browser.
  const inBrowser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const zone = timeZone === undefined ? (inBrowser ? undefined : 'UTC') : timeZone;
  const tag = locale ?? defaults.locale;
  const value = useMemo<BillingUI>(
    () => ({
      theme: { ...theme, appearance: theme?.appearance ?? 'light' },
      locale: settled(
        'locale',
        tag,
        () => Intl.getCanonicalLocales(tag)[0],
        'a BCP 47 language tag; pass one such as "en-US" or "de-DE"',
      ),
      messages: messages ?? defaults.messages,
      timeZone:
        zone === undefined
          ? undefined
          : settled(
              'timeZone',
              zone,
              () => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
              'a time zone; pass an IANA name such as "UTC" or "Europe/Berlin"',
            ),
    }),
    [theme, tag, messages, zone],
  );
  return <BillingUIContext.Provider value={value}>{children}</BillingUIContext.Provider>;
}
