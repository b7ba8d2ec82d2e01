'use client';
// The presentation settings every component reads: theme, locale and message overrides.
// `BillingProvider` renders `BillingUIProvider`; components read it through `useBillingUI()`.
import { type CSSProperties, createContext, type ReactNode, useContext, useMemo } from 'react';
// Type only: the catalogue lives with the components, the context only carries overrides.
import type { Messages } from '../components/messages/en.js';

/**
 * Names of the theme variables, camelCase; each maps to a `--bk-*` CSS custom property of
 * `billing-kit/styles.css` (`colorPrimary` → `--bk-color-primary`).
 */
export const themeVariables = [
  'colorBackground',
  'colorSurface',
  'colorText',
  'colorMutedText',
  'colorBorder',
  'colorBorderStrong',
  'colorPrimary',
  'colorPrimaryText',
  'colorAccent',
  'colorAccentText',
  'colorDanger',
  'colorSuccess',
  'colorWarning',
  'colorFocusRing',
  'radius',
  'spaceXs',
  'spaceSm',
  'spaceMd',
  'spaceLg',
  'spaceXl',
  'fontFamily',
  'fontSizeSm',
  'fontSizeMd',
  'fontSizeLg',
  'fontSizeXl',
  'shadow',
] as const;

/** A theme variable name, such as `colorPrimary` (CSS `--bk-color-primary`). */
export type ThemeVariable = (typeof themeVariables)[number];

/** Light, dark, or whichever the user's system prefers. */
export type ThemeAppearance = 'light' | 'dark' | 'system';

/** The theme of the components: an appearance and any variables to override. */
export interface BillingTheme {
  /**
   * Which palette of `styles.css` applies; set on each component root as `data-bk-theme`.
   * `system` follows `prefers-color-scheme`. Default: `'light'`.
   */
  appearance?: ThemeAppearance;
  /**
   * Values for theme variables, any CSS value (`{ colorPrimary: '#0a7', radius: '0' }`). Set
   * inline on each component root, so they win over the stylesheet in both palettes.
   * Default: `{}`.
   */
  variables?: Partial<Record<ThemeVariable, string>>;
}

/** What components read from the UI context: every field resolved. */
export interface BillingUI {
  /** The theme; `appearance` is always set. Default: `{ appearance: 'light' }`. */
  theme: BillingTheme & { appearance: ThemeAppearance };
  /** BCP 47 locale for messages, money and dates. Default: `'en-US'`. */
  locale: string;
  /** Message overrides, merged over the locale's catalogue by `useMessages()`. Default: `{}`. */
  messages: Partial<Messages>;
}

const known = new Set<string>(themeVariables);

/** The CSS custom property of a theme variable: `colorPrimary` → `--bk-color-primary`. */
export function themeVariableProperty(name: ThemeVariable): `--bk-${string}` {
  return `--bk-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * The theme's variables as an inline style object of `--bk-*` custom properties, for a
 * component root (`style={themeToStyle(theme)}`). Unset and empty values are left out.
 * Throws for a name that is not a theme variable.
 */
export function themeToStyle(theme: BillingTheme | undefined): CSSProperties {
  const style: Record<string, string> = {};
  for (const [name, value] of Object.entries(theme?.variables ?? {})) {
    if (!known.has(name)) {
      throw new TypeError(
        `billing-kit: unknown theme variable "${name}"; use one of ${themeVariables.join(', ')}`,
      );
    }
    if (value) style[themeVariableProperty(name as ThemeVariable)] = value;
  }
  return style;
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
