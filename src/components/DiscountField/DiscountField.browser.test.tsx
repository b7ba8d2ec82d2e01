// DiscountField in a real Chromium with the default stylesheet: what the eye gets of its
// placeholder in both themes, and a long code on a phone.
import '../../styles.css';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { createBillingHarness, renderWithBilling } from '../../../test/support/billing-harness.js';
import { expectWithinColumn, onPhone } from '../../../test/support/overflow.js';
import type { Discount } from '../../contract/schemas.js';
import type { ThemeAppearance } from '../../react/ui-context.js';
import { DiscountField } from './DiscountField.js';

afterEach(() => cleanup());

/** The channels (0–255) and alpha (0–1) of a computed `rgb()` / `rgba()` colour. */
function channels(color: string): [number, number, number, number] {
  const parts = color
    .match(/^rgba?\(([^)]+)\)$/)?.[1]
    ?.split(/[\s,/]+/)
    .map(Number);
  if (!parts || parts.length < 3 || parts.some(Number.isNaN)) {
    throw new Error(`not an rgb() colour: ${color}`);
  }
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return [r, g, b, a];
}

/** WCAG 2 relative luminance of an opaque colour. */
function luminance([r, g, b]: readonly number[]): number {
  const linear = (v = 0) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast of text in `color` drawn at `opacity` over the opaque `background`. */
function contrast(color: string, opacity: number, background: string): number {
  const [r, g, b, a] = channels(color);
  const under = channels(background);
  const alpha = a * opacity;
  const seen = [r, g, b].map((v, i) => v * alpha + (under[i] ?? 0) * (1 - alpha));
  const [x, y] = [luminance(seen), luminance(under)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

test.each<ThemeAppearance>(['light', 'dark'])(
  'the placeholder reads at 4.5:1 or more against the input, %s theme',
  async (appearance) => {
    // No colour was set: the browser's grey (#757575) showed, 4.09:1 on the dark background.
    renderWithBilling(<DiscountField productId="prod_pro_monthly" />, {
      provider: { theme: { appearance } },
    });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input).toHaveValue('');
    expect(input.placeholder).not.toBe('');
    const placeholder = getComputedStyle(input, '::placeholder');
    const background = getComputedStyle(input).backgroundColor;
    expect(channels(background)[3]).toBe(1);
    expect(
      contrast(placeholder.color, Number(placeholder.opacity), background),
    ).toBeGreaterThanOrEqual(4.5);
  },
);

test('on a phone, a long code stays inside the column', async () => {
  // The message repeats the code as the service answers it; as one word wider than the page,
  // it ran past the field's edge and the page scrolled sideways.
  const code = 'ENTERPRISEANNUALCOMMITMENTWELCOMEOFFER2026';
  const harness = createBillingHarness({
    editAnswer: (path, body: Discount) => {
      if (path.startsWith('/v1/discounts') && body.code === 'LAUNCH20') body.code = code;
    },
  });
  await onPhone(async () => {
    renderWithBilling(<DiscountField productId="prod_pro_monthly" defaultValue="LAUNCH20" />, {
      harness,
    });
    await screen.findByText(`Code ${code} applied: 20% off for 3 months`);
    expectWithinColumn('discount-field');
  });
});
