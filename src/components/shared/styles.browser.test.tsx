/// <reference types="vite/client" />
// The default stylesheet in a real browser: contrast in both palettes, focus rings, `unstyled`,
// and the seller's CSS winning over ours.
import '../../styles.css';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, test } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { type BillingTheme, BillingUIProvider } from '../../react/ui-context.js';
import { type CustomizableProps, useParts } from './slots.js';

type SpecimenPart =
  | 'title'
  | 'description'
  | 'card'
  | 'currentCard'
  | 'recommendedBadge'
  | 'price'
  | 'list'
  | 'activeBadge'
  | 'warningBadge'
  | 'dangerBadge'
  | 'plainBadge'
  | 'subscribeButton'
  | 'disabledButton'
  | 'cancelAction'
  | 'monthToggle'
  | 'yearToggle'
  | 'field'
  | 'codeLabel'
  | 'codeInput'
  | 'codeError'
  | 'successAlert'
  | 'errorAlert'
  | 'table'
  | 'empty'
  | 'skeleton'
  | 'termsLink';

/** One of every part the stylesheet styles, in the states it colours. */
function Specimen(props: CustomizableProps<SpecimenPart>) {
  const part = useParts('Specimen', props);
  const badge = (name: SpecimenPart, state: string) =>
    part(name, 'span', { key: name, 'data-state': state, children: `Badge ${state}` });
  return part('root', 'section', {
    'aria-label': 'Specimen',
    children: [
      part('title', 'h2', { key: 'title', children: 'Plans' }),
      part('description', 'p', { key: 'description', children: 'Pick the plan that fits.' }),
      part('card', 'article', {
        key: 'card',
        children: [
          part('price', 'p', { key: 'price', children: '$19.99' }),
          part('list', 'ul', { key: 'list', children: <li>Feature</li> }),
          part('subscribeButton', 'button', { key: 'b', type: 'button', children: 'Subscribe' }),
          part('disabledButton', 'button', { key: 'd', disabled: true, children: 'Unavailable' }),
        ],
      }),
      part('currentCard', 'article', {
        key: 'current',
        'data-state': 'current',
        children: [
          part('recommendedBadge', 'span', { key: 'r', children: 'Recommended' }),
          badge('activeBadge', 'active'),
          badge('warningBadge', 'trialing'),
          badge('dangerBadge', 'canceled'),
          badge('plainBadge', 'something-new'),
          part('cancelAction', 'button', { key: 'c', type: 'button', children: 'Cancel' }),
          part('monthToggle', 'button', {
            key: 'm',
            type: 'button',
            'aria-pressed': true,
            'data-state': 'on',
            children: 'Monthly',
          }),
          part('yearToggle', 'button', {
            key: 'y',
            type: 'button',
            'aria-pressed': false,
            'data-state': 'off',
            children: 'Yearly',
          }),
        ],
      }),
      part('field', 'div', {
        key: 'field',
        children: [
          part('codeLabel', 'label', { key: 'l', htmlFor: 'code', children: 'Discount code' }),
          part('codeInput', 'input', { key: 'i', id: 'code', 'aria-invalid': true }),
          part('codeError', 'p', { key: 'e', children: 'This code has expired.' }),
        ],
      }),
      part('successAlert', 'p', { key: 'sa', 'data-state': 'success', children: 'Plan changed.' }),
      part('errorAlert', 'p', { key: 'ea', 'data-state': 'error', children: 'Try again.' }),
      part('table', 'table', {
        key: 'table',
        children: (
          <>
            <thead>
              <tr>
                <th>Date</th>
                <th>Amount</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Mar 5, 2026</td>
                <td>$19.99</td>
              </tr>
            </tbody>
          </>
        ),
      }),
      part('empty', 'p', { key: 'empty', children: 'No payments yet.' }),
      part('skeleton', 'span', { key: 'sk', 'aria-hidden': true }),
      <p key="terms">
        I accept the{' '}
        {part('termsLink', 'a', { key: 'link', href: 'https://x.example/', children: 'terms' })} and{' '}
        <a href="https://x.example/privacy">privacy</a>.
      </p>,
    ],
  });
}

// React DOM directly (the browser project pre-bundles react-dom but no testing library).
let mounted: Array<{ root: Root; host: HTMLElement }> = [];

function render(element: ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  flushSync(() => root.render(element));
  mounted.push({ root, host });
  return host;
}

function cleanup() {
  for (const { root, host } of mounted) {
    root.unmount();
    host.remove();
  }
  mounted = [];
}

function show(theme: BillingTheme, props: CustomizableProps<SpecimenPart> = {}) {
  const host = render(
    <BillingUIProvider theme={theme}>
      <Specimen {...props} />
    </BillingUIProvider>,
  );
  const root = host.querySelector<HTMLElement>('[data-slot="specimen"]');
  if (!root) throw new Error('the specimen did not render');
  const slot = (name: string) => {
    const element = root.querySelector<HTMLElement>(`[data-slot="specimen-${name}"]`);
    if (!element) throw new Error(`no part ${name}`);
    return element;
  };
  return { root, slot };
}

afterEach(() => {
  cleanup();
  for (const style of document.querySelectorAll('style[data-test]')) style.remove();
});

describe.each(['light', 'dark'] as const)('the %s palette', (appearance) => {
  test('passes axe (WCAG 2 AA, contrast included)', async () => {
    const { root } = show({ appearance });
    const results = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
    // The check must have looked at the text, or it proves nothing.
    expect(results.passes.some((rule) => rule.id === 'color-contrast')).toBe(true);
  });

  test('a keyboard focus shows a solid ring in the focus colour', async () => {
    const { root, slot } = show({ appearance });
    await userEvent.tab();
    const button = slot('subscribe-button');
    expect(document.activeElement).toBe(button);
    const style = getComputedStyle(button);
    expect(style.outlineStyle).toBe('solid');
    expect(style.outlineWidth).toBe('2px');
    const ring = getComputedStyle(root).getPropertyValue('--bk-color-focus-ring').trim();
    const probe = document.createElement('span');
    probe.style.color = ring;
    root.append(probe);
    expect(style.outlineColor).toBe(getComputedStyle(probe).color);
  });
});

test('the dark palette really differs from the light one', () => {
  const light = getComputedStyle(show({ appearance: 'light' }).root).backgroundColor;
  cleanup();
  const dark = getComputedStyle(show({ appearance: 'dark' }).root).backgroundColor;
  expect(light).toBe('rgb(255, 255, 255)');
  expect(dark).not.toBe(light);
});

test('unstyled drops every default style, inside too', () => {
  const styled = show({ appearance: 'dark' }).slot('subscribe-button');
  const styledBackground = getComputedStyle(styled).backgroundColor;
  cleanup();
  const { root, slot } = show({ appearance: 'dark' }, { unstyled: true });
  expect(root.hasAttribute('data-bk-unstyled')).toBe(true);
  const button = slot('subscribe-button');
  expect(getComputedStyle(button).backgroundColor).not.toBe(styledBackground);
  const bare = document.createElement('button');
  document.body.append(bare);
  for (const property of [
    'backgroundColor',
    'borderTopColor',
    'paddingTop',
    'minHeight',
  ] as const) {
    expect(getComputedStyle(button)[property]).toBe(getComputedStyle(bare)[property]);
  }
  expect(getComputedStyle(root).backgroundColor).toBe('rgba(0, 0, 0, 0)');
  bare.remove();
});

test('the seller’s plain CSS wins over the defaults, and theme variables over both palettes', () => {
  const style = document.createElement('style');
  style.dataset.test = '';
  style.textContent = `
    .shop-button { background-color: rgb(255, 0, 0); }
    :root { --bk-color-surface: rgb(1, 2, 3); }
  `;
  document.head.append(style);
  const light = show(
    { appearance: 'light', variables: { colorText: 'rgb(4, 5, 6)' } },
    { slotProps: { subscribeButton: { className: 'shop-button' } } },
  );
  expect(getComputedStyle(light.slot('subscribe-button')).backgroundColor).toBe('rgb(255, 0, 0)');
  expect(getComputedStyle(light.slot('card')).backgroundColor).toBe('rgb(1, 2, 3)');
  expect(getComputedStyle(light.root).color).toBe('rgb(4, 5, 6)');
  cleanup();
  const dark = show({ appearance: 'dark', variables: { colorText: 'rgb(4, 5, 6)' } });
  expect(getComputedStyle(dark.root).color).toBe('rgb(4, 5, 6)');
});

describe('media preferences', () => {
  const emulate = (features: Array<{ name: string; value: string }>) =>
    cdp().send('Emulation.setEmulatedMedia', { features });
  afterEach(() => emulate([]));

  test('the system palette follows prefers-color-scheme; light and dark ignore it', async () => {
    const background = (appearance: 'light' | 'dark' | 'system') => {
      const color = getComputedStyle(show({ appearance }).root).backgroundColor;
      cleanup();
      return color;
    };
    const light = background('light');
    const dark = background('dark');
    await emulate([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect([background('light'), background('dark'), background('system')]).toEqual([
      light,
      dark,
      dark,
    ]);
    await emulate([{ name: 'prefers-color-scheme', value: 'light' }]);
    expect([background('light'), background('dark'), background('system')]).toEqual([
      light,
      dark,
      light,
    ]);
  });

  test('no animation or transition for those who ask for reduced motion', async () => {
    await emulate([{ name: 'prefers-reduced-motion', value: 'no-preference' }]);
    let view = show({ appearance: 'light' });
    expect(getComputedStyle(view.slot('skeleton')).animationName).toBe('bk-pulse');
    expect(getComputedStyle(view.slot('subscribe-button')).transitionDuration).not.toBe('0s');
    cleanup();
    await emulate([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    view = show({ appearance: 'light' });
    expect(getComputedStyle(view.slot('skeleton')).animationName).toBe('none');
    expect(getComputedStyle(view.slot('subscribe-button')).transitionDuration).toBe('0s');
  });

  test('a busy button shows a ring before its label, turning only where motion is welcome', async () => {
    const busy = () => {
      const host = render(
        <>
          <section data-slot="pricing-table" data-bk-theme="light">
            <button type="button" data-slot="pricing-table-button" data-state="redirecting">
              Subscribe
            </button>
            <button type="button" data-slot="pricing-table-button" data-state="idle">
              Subscribe
            </button>
          </section>
          <section data-slot="upgrade-picker" data-bk-theme="dark">
            <button type="submit" data-slot="upgrade-picker-submit-button" data-state="submitting">
              Confirm change
            </button>
          </section>
        </>,
      );
      return [...host.querySelectorAll('button')].map((button) => {
        const ring = getComputedStyle(button, '::before');
        return [button.dataset.state, ring.content, ring.borderTopLeftRadius, ring.animationName];
      });
    };
    await emulate([{ name: 'prefers-reduced-motion', value: 'no-preference' }]);
    expect(busy()).toEqual([
      ['redirecting', '""', '50%', 'bk-spin'],
      ['idle', 'none', '0px', 'none'],
      ['submitting', '""', '50%', 'bk-spin'],
    ]);
    cleanup();
    await emulate([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    expect(busy().map(([state, , , animation]) => [state, animation])).toEqual([
      ['redirecting', 'none'],
      ['idle', 'none'],
      ['submitting', 'none'],
    ]);
  });
});
