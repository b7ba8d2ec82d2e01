// CheckoutForm and DiscountField in a real Chromium with the default stylesheet: axe (colour
// contrast included) over the form's states in both themes, and real focus while submitting
// and after a refusal.
import '../../styles.css';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { CSSProperties } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { expectNoViolations } from '../../../test/support/axe.js';
import { createBillingHarness, renderWithBilling } from '../../../test/support/billing-harness.js';
import { expectWithinColumn, onPhone } from '../../../test/support/overflow.js';
import type { ThemeAppearance } from '../../react/ui-context.js';
import { DiscountField } from '../DiscountField/DiscountField.js';
import { CheckoutForm } from './CheckoutForm.js';

afterEach(() => cleanup());

const themes: ThemeAppearance[] = ['light', 'dark'];

describe('CheckoutForm in Chromium', () => {
  test.each(themes)(
    'passes axe as shown, invalid, discounted and failed, %s theme',
    async (appearance) => {
      const { harness } = renderWithBilling(<CheckoutForm productId="prod_ebook" allowUnits />, {
        provider: { theme: { appearance } },
      });
      await screen.findByRole('form', { name: 'The Billing Handbook' });
      await expectNoViolations('checkout-form');

      await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
      await waitFor(() =>
        expect(screen.getByRole('checkbox', { name: /I accept the terms/ })).toHaveFocus(),
      );
      await expectNoViolations('checkout-form');

      await userEvent.fill(screen.getByRole('textbox', { name: 'Discount code' }), 'READER3');
      await userEvent.keyboard('{Enter}');
      await screen.findByText('Code READER3 applied: €3.00 off on the first payment');
      await userEvent.fill(screen.getByRole('textbox', { name: 'Discount code' }), 'NOPE');
      await userEvent.keyboard('{Enter}');
      await screen.findByText('This code is unknown or cannot be used.');
      await expectNoViolations('checkout-form');

      await userEvent.fill(screen.getByRole('textbox', { name: 'Discount code' }), '');
      await userEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
      harness.failNext({ route: 'createCheckout', with: 503 });
      await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
      await screen.findByRole('alert');
      await expectNoViolations('checkout-form');
    },
  );

  test('Enter in a field submits and keeps focus there, through a failure not tied to a field', async () => {
    const { harness } = renderWithBilling(
      <CheckoutForm productId="prod_ebook" allowUnits defaultAnswers={{ terms: true }} />,
    );
    const checkout = await screen.findByRole('form', { name: 'The Billing Handbook' });
    const fields = [
      screen.getByRole('textbox', { name: /dedication/ }),
      screen.getByRole('spinbutton', { name: 'Quantity' }),
      screen.getByRole('checkbox', { name: /I accept the terms/ }),
    ];
    for (const field of fields as HTMLInputElement[]) {
      harness.failNext({ route: 'createCheckout', with: 503 });
      const release = harness.hold('createCheckout');
      await userEvent.click(field);
      const box = field.type === 'checkbox';
      if (box) await userEvent.click(field); // ticked again
      const before = box ? field.checked : field.value;
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(checkout).toHaveAttribute('data-state', 'submitting'));
      expect(field, field.type).toHaveFocus();
      // Held while the checkout is made: typing or toggling changes nothing.
      await userEvent.keyboard(box ? ' ' : '9');
      expect(box ? field.checked : field.value).toBe(before);
      release();
      await waitFor(() => expect(checkout).toHaveAttribute('data-state', 'failed'));
      expect(screen.getByRole('alert')).toHaveTextContent('The checkout could not be started.');
      expect(field).toHaveFocus();
    }
  });

  test.each([
    ['light', 'light', false],
    ['dark', 'dark', false],
    ['system', 'system', false],
    ['light inside dark', 'light', true],
  ] as const)(
    'a variable set on the form reaches the DiscountField inside it, %s',
    async (_, appearance, insideDark) => {
      // In `system`, the dark palette (the browser asks for dark) must not reset it either.
      await cdp().send('Emulation.setEmulatedMedia', {
        features: [{ name: 'prefers-color-scheme', value: 'dark' }],
      });
      try {
        const form = (
          <CheckoutForm
            productId="prod_ebook"
            allowUnits
            style={{ '--bk-color-border-strong': 'rgb(255, 0, 0)' } as CSSProperties}
          />
        );
        renderWithBilling(insideDark ? <div data-bk-theme="dark">{form}</div> : form, {
          provider: { theme: { appearance } },
        });
        await screen.findByRole('form', { name: 'The Billing Handbook' });
        const border = (field: HTMLElement) => getComputedStyle(field).borderTopColor;
        expect([
          border(screen.getByRole('spinbutton')),
          border(screen.getByRole('textbox', { name: 'Discount code' })),
        ]).toEqual(['rgb(255, 0, 0)', 'rgb(255, 0, 0)']);
      } finally {
        await cdp().send('Emulation.setEmulatedMedia', { features: [] });
      }
    },
  );

  test('the checkout-page path and German pass axe', async () => {
    renderWithBilling(<CheckoutForm productId="prod_team_quarterly" collect="checkout" />, {
      provider: { locale: 'de-DE', theme: { appearance: 'dark' } },
    });
    await screen.findByText('Auf der Zahlungsseite werden Sie nach Company name gefragt.');
    await expectNoViolations('checkout-form');
  });

  test('narrow, an applied code keeps its button on one line and the field its height', async () => {
    // 280px, a phone's checkout: "Remove code" broke onto two lines and stretched the code's
    // box to twice a text box's height.
    renderWithBilling(
      <div style={{ width: 280 }}>
        <DiscountField productId="prod_pro_monthly" defaultValue="LAUNCH20" />
      </div>,
    );
    await screen.findByText('Code LAUNCH20 applied: 20% off for 3 months');
    const remove = screen.getByRole('button', { name: 'Remove code' });
    const input = screen.getByRole('textbox', { name: 'Discount code' });
    const line = Number.parseFloat(getComputedStyle(remove).lineHeight);
    expect(remove.getBoundingClientRect().height).toBeLessThan(2 * line);
    expect(input.getBoundingClientRect().height).toBe(remove.getBoundingClientRect().height);
    expect(input.getBoundingClientRect().width).toBeGreaterThan(100);
    const root = document.querySelector('[data-slot="discount-field"]') as HTMLElement;
    expect(remove.getBoundingClientRect().right).toBeLessThanOrEqual(
      root.getBoundingClientRect().right,
    );
  });

  test('the placeholder reads as written; only the typed code is in capitals', async () => {
    renderWithBilling(<DiscountField productId="prod_pro_monthly" />);
    const input = screen.getByRole('textbox', { name: 'Discount code' });
    expect(input).toHaveAttribute('placeholder', 'Enter a code');
    expect(getComputedStyle(input).textTransform).toBe('uppercase');
    expect(getComputedStyle(input, '::placeholder').textTransform).toBe('none');
  });

  test('on a phone, long words in the product and its fields stay inside the column', async () => {
    // A legend of one long word ran to 1,371px, the product's name and description and the
    // box's label past the edge too, and the page scrolled sideways.
    const address =
      'https://shop.example.com/legal/TermsOfSale_Enterprise_AnnualCommitment_2026.pdf';
    const harness = createBillingHarness();
    harness.sandbox.customize(({ products }) => {
      const ebook = products.find((p) => p.id === 'prod_ebook');
      const terms = ebook?.custom_fields?.find((f) => f.type === 'checkbox');
      if (!ebook || !terms?.checkbox) throw new Error('seed changed: no prod_ebook with a box');
      ebook.name = 'Donaudampfschifffahrtsgesellschaftskapitän';
      ebook.description = 'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz';
      terms.label = address;
      terms.checkbox.label = `I accept ${address}`;
    });
    await onPhone(async () => {
      renderWithBilling(<CheckoutForm productId="prod_ebook" />, { harness });
      await screen.findByRole('form', { name: 'Donaudampfschifffahrtsgesellschaftskapitän' });
      expect(screen.getByRole('group', { name: address })).toBeVisible();
      expectWithinColumn('checkout-form');
    });
  });

  test('DiscountField alone passes axe when applied', async () => {
    renderWithBilling(<DiscountField productId="prod_pro_monthly" defaultValue="LAUNCH20" />);
    await screen.findByText('Code LAUNCH20 applied: 20% off for 3 months');
    await expectNoViolations('discount-field');
  });
});
