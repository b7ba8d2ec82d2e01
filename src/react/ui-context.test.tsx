import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { type BillingTheme, themeToStyle, themeVariableProperty, themeVariables } from './theme.js';
import { BillingUIProvider, useBillingUI } from './ui-context.js';

function ShowUI() {
  const ui = useBillingUI();
  return <output>{JSON.stringify(ui)}</output>;
}

function shownUI() {
  return JSON.parse(screen.getByRole('status').textContent ?? 'null');
}

describe('useBillingUI', () => {
  test('outside any provider: light theme, en-US, no overrides', () => {
    render(<ShowUI />);
    expect(shownUI()).toEqual({ theme: { appearance: 'light' }, locale: 'en-US', messages: {} });
  });

  test('inside the provider: its settings, with the locale canonicalised', () => {
    render(
      <BillingUIProvider
        theme={{ appearance: 'dark', variables: { colorPrimary: 'teal' } }}
        locale="de-de"
        messages={{ 'pricingTable.subscribe': 'Los' }}
      >
        <ShowUI />
      </BillingUIProvider>,
    );
    expect(shownUI()).toEqual({
      theme: { appearance: 'dark', variables: { colorPrimary: 'teal' } },
      locale: 'de-DE',
      messages: { 'pricingTable.subscribe': 'Los' },
    });
  });

  test('a locale that is not a language tag is refused with the fix', () => {
    expect(() =>
      render(
        <BillingUIProvider locale="english please">
          <ShowUI />
        </BillingUIProvider>,
      ),
    ).toThrow(/billing-kit: locale "english please" is not a BCP 47 language tag/);
  });
});

describe('themeToStyle', () => {
  test('maps camelCase names to --bk-* properties and leaves unset ones out', () => {
    expect(
      themeToStyle({
        variables: { colorPrimary: '#0a7', colorPrimaryText: 'white', radius: '0', fontSizeSm: '' },
      }),
    ).toEqual({
      '--bk-color-primary': '#0a7',
      '--bk-color-primary-text': 'white',
      '--bk-radius': '0',
    });
    expect(themeToStyle(undefined)).toEqual({});
  });

  test('an unknown name is refused with the list of known ones', () => {
    const theme = { variables: { colourPrimary: 'red' } } as unknown as BillingTheme;
    expect(() => themeToStyle(theme)).toThrow(
      /billing-kit: unknown theme variable "colourPrimary"; use one of colorBackground/,
    );
  });
});

describe('styles.css', () => {
  const css = readFileSync(resolve('src/styles.css'), 'utf8');
  const block = (selector: string) => {
    const start = css.indexOf(selector);
    return start < 0 ? '' : css.slice(start, css.indexOf('}', start));
  };

  test('defines every theme variable', () => {
    const missing = themeVariables
      .map(themeVariableProperty)
      .filter((property) => !new RegExp(`${property}\\s*:`).test(css));
    expect(missing).toEqual([]);
  });

  test('the dark palette and the system palette set every colour and the shadow', () => {
    const themed = themeVariables.filter((n) => n.startsWith('color') || n === 'shadow');
    const dark = '[data-bk-theme="dark"]:not([data-bk-theme="dark"] *),';
    const system = '[data-bk-theme="system"]:not([data-bk-theme="system"] *),';
    for (const selector of [dark, system]) {
      const body = block(selector);
      expect(themed.filter((n) => !body.includes(`${themeVariableProperty(n)}:`))).toEqual([]);
    }
    // The two copies of the dark palette must not drift apart.
    const declarations = (selector: string) =>
      block(selector)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.startsWith('--'));
    expect(declarations(system)).toEqual(declarations(dark));
  });

  test('every rule sits in the billing-kit layer', () => {
    const outside = css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/@layer billing-kit \{[\s\S]*\}\s*$/, '')
      .trim();
    expect(outside).toBe('');
  });
});
