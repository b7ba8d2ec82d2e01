/// <reference types="vite/client" />
// The default stylesheet in a real browser: contrast in both palettes, focus rings, `unstyled`,
// the seller's CSS winning over ours, and what forced colours (Windows High Contrast) leave.
import '../../styles.css';
import { screen, cleanup as unmountRendered, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, test } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { renderWithBilling } from '../../../test/support/billing-harness.js';
import { type BillingTheme, BillingUIProvider } from '../../react/ui-context.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { MetricsSummary } from '../MetricsSummary/MetricsSummary.js';
import { PricingTable } from '../PricingTable/PricingTable.js';
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

// The specimen is mounted with React DOM directly, synchronously (flushSync), so a style is read the
// moment it is rendered; the real components below go through the billing harness.
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

  // Chromium really forces colours under this emulation (the dark palette's background turns
  // the system's Canvas), so what follows is what a High Contrast user sees.
  describe('forced colours (Windows High Contrast)', () => {
    // Reduced motion as well: a toggle's colours change at once, not over a 120ms transition
    // (read mid-way after a click).
    const forced = () =>
      emulate([
        { name: 'forced-colors', value: 'active' },
        { name: 'prefers-reduced-motion', value: 'reduce' },
      ]);
    /** A system colour as the browser resolves it (forced colours change some). */
    const system = (name: string) => {
      const probe = document.createElement('span');
      probe.style.color = name;
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    };
    const looks = (element: Element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, text: style.color, border: style.borderTopColor };
    };
    afterEach(() => unmountRendered());

    test('PricingTable’s chosen period stands out in the selection colours, and follows a click', async () => {
      await forced();
      renderWithBilling(<PricingTable />, { provider: { theme: { appearance: 'dark' } } });
      const radios = await screen.findAllByRole<HTMLInputElement>('radio');
      expect(radios.length).toBeGreaterThan(1);
      const root = document.querySelector('[data-slot="pricing-table"]') as HTMLElement;
      expect(getComputedStyle(root).backgroundColor).toBe(system('Canvas'));
      const chosen = { background: system('Highlight'), text: system('HighlightText') };
      const periods = () =>
        radios.map((radio) => {
          const { background, text } = looks(radio.closest('label') as HTMLElement);
          return { checked: radio.checked, chosen: background === chosen.background, text };
        });
      const expected = () =>
        radios.map((radio) => ({
          checked: radio.checked,
          chosen: radio.checked,
          text: radio.checked ? chosen.text : system('CanvasText'),
        }));
      expect(periods()).toEqual(expected());
      expect(periods().filter((period) => period.chosen)).toHaveLength(1);
      // The words inside the chosen period (its name, a saving badge) read on its background.
      const on = document.querySelector(
        '[data-slot="pricing-table-period-toggle"][data-state="on"]',
      );
      for (const inner of on?.querySelectorAll('span') ?? []) {
        expect(getComputedStyle(inner).color).toBe(chosen.text);
      }
      const other = radios.find((radio) => !radio.checked) as HTMLInputElement;
      await userEvent.click(other);
      expect(other.checked).toBe(true);
      expect(periods()).toEqual(expected());
    });

    test('MetricsSummary’s chosen currency stands out, and its chart is drawn in the text colour', async () => {
      await forced();
      renderWithBilling(<MetricsSummary now={Date.parse(SANDBOX_EPOCH)} />, {
        admin: true,
        provider: { theme: { appearance: 'light' } },
      });
      const usd = await screen.findByRole<HTMLInputElement>('radio', { name: 'USD' });
      const eur = screen.getByRole<HTMLInputElement>('radio', { name: 'EUR' });
      const toggle = (radio: HTMLElement) => looks(radio.closest('label') as HTMLElement);
      expect(usd.checked).toBe(true);
      expect(toggle(usd)).toEqual({
        background: system('Highlight'),
        text: system('HighlightText'),
        border: system('Highlight'),
      });
      expect(toggle(eur).background).not.toBe(toggle(usd).background);
      await userEvent.click(eur);
      expect(toggle(eur).background).toBe(system('Highlight'));
      expect(toggle(usd).background).not.toBe(system('Highlight'));

      // SVG keeps its own colours in forced colours: ours would sit on the system's background.
      await waitFor(() =>
        expect(document.querySelectorAll('[data-slot="metrics-summary-chart-line"]')).toHaveLength(
          2,
        ),
      );
      const chart = document.querySelector('[data-slot="metrics-summary-chart"]') as Element;
      const drawn = [chart, ...chart.querySelectorAll('polyline, circle, text')];
      expect(new Set(drawn.map((shape) => getComputedStyle(shape).color))).toEqual(
        new Set([system('CanvasText')]),
      );
    });

    test('a toggle that is on (aria-pressed) is in the selection colours; nothing of ours in unstyled', async () => {
      await forced();
      const styled = show({ appearance: 'light' });
      expect(looks(styled.slot('month-toggle'))).toMatchObject({
        background: system('Highlight'),
        text: system('HighlightText'),
      });
      expect(looks(styled.slot('year-toggle')).background).not.toBe(system('Highlight'));
      cleanup();
      const bare = show({ appearance: 'light' }, { unstyled: true });
      expect(looks(bare.slot('month-toggle')).background).not.toBe(system('Highlight'));
      cleanup();
      const host = render(
        <fieldset data-slot="pricing-table" data-bk-theme="light" data-bk-unstyled="">
          <label data-slot="pricing-table-period-toggle" data-state="on">
            <input type="radio" data-slot="pricing-table-period-input" defaultChecked />
            Monthly
          </label>
        </fieldset>,
      );
      const label = host.querySelector('label') as HTMLElement;
      expect(looks(label).background).not.toBe(system('Highlight'));
    });

    test('a button disabled by aria-disabled is greyed as a natively disabled one is', async () => {
      await forced();
      const host = render(
        <>
          <section data-slot="billing-history" data-bk-theme="dark">
            <button type="button" data-slot="billing-history-previous" aria-disabled="true">
              Previous
            </button>
            <button type="button" data-slot="billing-history-next">
              Next
            </button>
          </section>
          <section data-slot="credits-history" data-bk-theme="light">
            <button type="button" data-slot="credits-history-load-older" aria-disabled="true">
              Load older
            </button>
          </section>
          <section data-slot="upgrade-picker" data-bk-theme="light">
            <button type="submit" data-slot="upgrade-picker-submit-button" aria-disabled="true">
              Confirm change
            </button>
            <button type="button" data-slot="upgrade-picker-back-action" disabled>
              Back
            </button>
            <button type="button" data-slot="upgrade-picker-next-button">
              Review change
            </button>
          </section>
        </>,
      );
      const greyed = [...host.querySelectorAll('button')].map((button) => [
        button.textContent,
        getComputedStyle(button).color === system('GrayText'),
        getComputedStyle(button).borderTopColor === system('GrayText'),
      ]);
      expect(greyed).toEqual([
        ['Previous', true, true],
        ['Next', false, false],
        ['Load older', true, true],
        ['Confirm change', true, true],
        ['Back', true, true],
        ['Review change', false, false],
      ]);
    });

    test('placeholders, the busy ring and the seats meter still show', async () => {
      await forced();
      const host = render(
        <>
          <section data-slot="credits-history" data-bk-theme="light">
            <div data-slot="credits-history-skeleton" role="status" aria-label="Loading">
              <span aria-hidden="true" />
              <span aria-hidden="true" />
            </div>
          </section>
          <section data-slot="pricing-table" data-bk-theme="dark">
            <div data-slot="pricing-table-skeleton" aria-hidden="true" />
            <button type="button" data-slot="pricing-table-button" data-state="redirecting">
              Subscribe
            </button>
          </section>
          <section data-slot="license-card" data-bk-theme="light">
            <div data-slot="license-card-meter">
              <span
                data-slot="license-card-meter-bar"
                aria-hidden="true"
                style={{ width: '60%' }}
              />
            </div>
          </section>
          <section data-slot="credits-history" data-bk-theme="light" data-bk-unstyled="">
            <div data-slot="credits-history-skeleton" role="status" aria-label="Loading">
              <span aria-hidden="true" />
            </div>
          </section>
        </>,
      );
      const [styled, unstyled] = host.querySelectorAll('[data-slot="credits-history-skeleton"]');
      const outline = (element: Element) => {
        const style = getComputedStyle(element);
        return style.outlineStyle === 'none'
          ? 'none'
          : `${style.outlineStyle} ${style.outlineColor}`;
      };
      const grey = `solid ${system('GrayText')}`;
      // The shapes, not the box around them.
      expect([styled, ...(styled?.children ?? [])].map(outline)).toEqual(['none', grey, grey]);
      expect(outline(host.querySelector('[data-slot="pricing-table-skeleton"]') as Element)).toBe(
        grey,
      );
      expect([unstyled, ...(unstyled?.children ?? [])].map(outline)).toEqual(['none', 'none']);

      // A quarter of the ring stays open, so that it is seen to turn.
      const ring = getComputedStyle(
        host.querySelector('[data-slot="pricing-table-button"]') as Element,
        '::before',
      );
      expect(ring.content).toBe('""');
      expect(ring.borderRightColor).not.toBe(ring.borderTopColor);

      const meter = host.querySelector('[data-slot="license-card-meter"]') as Element;
      const bar = meter.firstElementChild as Element;
      expect(getComputedStyle(bar).backgroundColor).toBe(system('CanvasText'));
      expect(getComputedStyle(bar).backgroundColor).not.toBe(
        getComputedStyle(meter).backgroundColor,
      );
    });

    test('UpgradePicker’s chosen plan has its box bordered in the selection colour', async () => {
      await forced();
      const host = render(
        <section data-slot="upgrade-picker" data-bk-theme="dark">
          <fieldset data-slot="upgrade-picker-plans">
            <legend data-slot="upgrade-picker-plans-label">Choose a new plan</legend>
            {['Starter', 'Pro'].map((name) => (
              <label key={name} data-slot="upgrade-picker-plan">
                <input
                  type="radio"
                  name="plan"
                  data-slot="upgrade-picker-plan-input"
                  defaultChecked={name === 'Pro'}
                />
                <span data-slot="upgrade-picker-plan-name">{name}</span>
              </label>
            ))}
          </fieldset>
        </section>,
      );
      const [starter, pro] = [...host.querySelectorAll('label')].map(
        (label) => getComputedStyle(label).borderTopColor,
      );
      expect(pro).toBe(system('Highlight'));
      expect(starter).not.toBe(pro);
    });
  });
});
