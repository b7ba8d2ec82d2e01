// The theme's variables and how a component root sets them: plain data and functions, without
// 'use client', so a server component can read `themeVariables` (a 'use client' module would
// hand it a client reference). The UI context (./ui-context.tsx) carries a `BillingTheme`.
import type { CSSProperties } from 'react';

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
