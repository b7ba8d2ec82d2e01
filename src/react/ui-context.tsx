'use client';
// The presentation settings every component reads: theme, locale and message overrides.
// `BillingProvider` renders `BillingUIProvider`; components read it through `useBillingUI()`.
import { createContext, type ReactNode, useContext, useMemo } from 'react';
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
}

const defaults: BillingUI = {
  theme: { appearance: 'light' },
  locale: 'en-US',
  messages: {},
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

function canonicalLocale(locale: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(locale);
    if (canonical) return canonical;
  } catch {
    // reported below
  }
  throw new RangeError(
    `billing-kit: locale "${locale}" is not a BCP 47 language tag; pass one such as "en-US" or "de-DE"`,
  );
}

/** Props of `BillingUIProvider` (and the same-named props of `BillingProvider`). */
export interface BillingUIProviderProps {
  /** Appearance and variable overrides. Default: `{ appearance: 'light' }`. */
  theme?: BillingTheme;
  /** BCP 47 locale: German messages for `de*`, English otherwise. Default: `'en-US'`. */
  locale?: string;
  /** Replacements for any message of the catalogue, by key. Default: `{}`. */
  messages?: Partial<Messages>;
  children?: ReactNode;
}

/**
 * Provides theme, locale and messages to the components below. A nested provider replaces
 * the outer one's settings; it does not merge with them.
 */
export function BillingUIProvider({ theme, locale, messages, children }: BillingUIProviderProps) {
  const value = useMemo<BillingUI>(
    () => ({
      theme: { ...theme, appearance: theme?.appearance ?? 'light' },
      locale: canonicalLocale(locale ?? defaults.locale),
      messages: messages ?? defaults.messages,
    }),
    [theme, locale, messages],
  );
  return <BillingUIContext.Provider value={value}>{children}</BillingUIContext.Provider>;
}
