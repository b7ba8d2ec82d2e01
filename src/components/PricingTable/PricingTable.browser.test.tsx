// PricingTable and SubscriptionStatus in a real Chromium with the default stylesheet: axe
// (colour contrast included) over every state in both themes and in German, and the keyboard
// path through the period switch with a visible focus ring.
import '../../styles.css';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { expectNoViolations, expectNoViolationsMidPulse } from '../../../test/support/axe.js';
import { createBillingHarness, renderWithBilling } from '../../../test/support/billing-harness.js';
import { expectWithinColumn, onPhone } from '../../../test/support/overflow.js';
import type { ThemeAppearance } from '../../react/ui-context.js';
import { SubscriptionStatus } from '../SubscriptionStatus/SubscriptionStatus.js';
import { PricingTable } from './PricingTable.js';

afterEach(() => cleanup());

const NEW_BUYER = { email: 'new.buyer@example.com' };

const cases: Array<[ThemeAppearance, string]> = [
  ['light', 'en-US'],
  ['dark', 'en-US'],
  ['dark', 'de-DE'],
];

describe('PricingTable in Chromium', () => {
  test.each(cases)(
    'passes axe in every period and action state, %s theme, %s',
    async (appearance, locale) => {
      const { harness } = renderWithBilling(<PricingTable recommended="prod_pro_monthly" />, {
        customer: 'cust_ada',
        provider: { theme: { appearance }, locale },
      });
      const radios = await screen.findAllByRole('radio');
      await expectNoViolations('pricing-table');
      for (const radio of radios) {
        await userEvent.click(radio);
        await expectNoViolations('pricing-table');
      }

      // A refused plan change: the card's alert, the table still usable.
      await userEvent.click(radios[1] as HTMLElement);
      const starter = screen.getByRole('listitem', { name: 'Starter' });
      harness.failNext({ route: 'upgradeSubscription', with: 503 });
      await userEvent.click(within(starter).getByRole('button'));
      await within(starter).findByRole('alert');
      // The card flipped to current while the change ran; focus stayed on its button.
      expect(within(starter).getByRole('button', { name: 'Downgrade Starter' })).toHaveFocus();
      await expectNoViolations('pricing-table');

      // A plan change under way, then done.
      const release = harness.hold('upgradeSubscription');
      await userEvent.click(within(starter).getByRole('button'));
      await waitFor(() =>
        expect(within(starter).getByRole('button')).toHaveAttribute('data-state', 'pending'),
      );
      await expectNoViolations('pricing-table');
      release();
      await waitFor(() =>
        expect(screen.getByRole('listitem', { name: 'Starter' })).toHaveAttribute(
          'data-state',
          'current',
        ),
      );
      await expectNoViolations('pricing-table');
    },
  );

  test.each(cases)(
    'passes axe loading, failed and empty, %s theme, %s',
    async (appearance, locale) => {
      const provider = { theme: { appearance }, locale };
      const loading = createBillingHarness({ customer: NEW_BUYER });
      const release = loading.hold('products');
      const first = renderWithBilling(<PricingTable />, { harness: loading, provider });
      await screen.findByRole('status');
      await expectNoViolations('pricing-table');
      release();
      first.unmount();

      const failing = createBillingHarness({ customer: NEW_BUYER });
      failing.failNext({ route: 'products', with: 503 });
      const second = renderWithBilling(<PricingTable />, { harness: failing, provider });
      await screen.findByRole('alert');
      await expectNoViolations('pricing-table');
      second.unmount();

      renderWithBilling(<PricingTable />, { customer: NEW_BUYER, products: [], provider });
      await waitFor(() =>
        expect(document.querySelector('[data-slot="pricing-table-empty"]')).not.toBeNull(),
      );
      await expectNoViolations('pricing-table');
    },
  );

  test.each([1200, 360])(
    'the recommended card keeps its name level with the others, its badge whole, %ipx wide',
    async (width) => {
      renderWithBilling(
        <div style={{ width }}>
          <PricingTable recommended="prod_pro_monthly" />
        </div>,
        { customer: NEW_BUYER },
      );
      const pro = await screen.findByRole('listitem', { name: 'Pro' });
      const starter = screen.getByRole('listitem', { name: 'Starter' });
      const offset = (card: HTMLElement) =>
        (card.querySelector('h3') as HTMLElement).getBoundingClientRect().top -
        card.getBoundingClientRect().top;
      expect(Math.abs(offset(pro) - offset(starter))).toBeLessThan(1);
      // The badge sits on the card's top edge, clear of the card above it and of the table's top.
      const badge = within(pro).getByText('Recommended');
      const [b, card, grid] = [
        badge.getBoundingClientRect(),
        pro.getBoundingClientRect(),
        (pro.parentElement as HTMLElement).getBoundingClientRect(),
      ];
      expect(b.top).toBeLessThan(card.top);
      expect(b.bottom).toBeGreaterThan(card.top);
      expect(b.top).toBeGreaterThanOrEqual(grid.top);
      const above = starter.getBoundingClientRect();
      if (above.bottom <= card.top) expect(b.top).toBeGreaterThanOrEqual(above.bottom);
    },
  );

  test('the period switch: Tab lands on the chosen period with a ring; arrows move the choice', async () => {
    renderWithBilling(<PricingTable />, { customer: NEW_BUYER });
    const monthly = await screen.findByRole('radio', { name: 'Monthly' });
    await userEvent.keyboard('{Tab}');
    expect(monthly).toHaveFocus();
    const toggle = monthly.closest('label') as HTMLElement;
    expect(getComputedStyle(toggle).outlineStyle).toBe('solid');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Quarterly' })).toBeChecked();
    expect(await screen.findByRole('listitem', { name: 'Team' })).toBeVisible();
    // The radio covers its label, so a pointer click anywhere on the label picks it.
    const yearly = screen.getByRole('radio', { name: /Yearly/ });
    await userEvent.click(yearly.closest('label') as HTMLElement);
    expect(yearly).toBeChecked();
  });
});

describe('SubscriptionStatus in Chromium', () => {
  test.each(cases)(
    'passes axe for every seeded status, %s theme, %s',
    async (appearance, locale) => {
      const harness = createBillingHarness({ customer: 'cust_linus' });
      const subscriptions = harness.sandbox
        .fixtures()
        .subscriptions.filter((s) =>
          ['cust_linus', 'cust_grace', 'cust_ada'].includes(
            typeof s.customer === 'string' ? s.customer : s.customer.id,
          ),
        );
      for (const subscription of subscriptions) {
        const view = renderWithBilling(<SubscriptionStatus subscription={subscription} />, {
          harness,
          provider: { theme: { appearance }, locale },
        });
        await expectNoViolations('subscription-status');
        view.unmount();
      }
      harness.failNext({ route: 'subscriptions', with: 503 });
      renderWithBilling(<SubscriptionStatus />, {
        harness,
        provider: { theme: { appearance }, locale },
      });
      await screen.findByRole('alert');
      await expectNoViolations('subscription-status');
    },
  );

  test.each(cases)(
    'the loading pulse never fades its text, %s theme, %s',
    async (appearance, locale) => {
      // The pulse faded the whole placeholder, its "Loading…" text with it, to half its
      // contrast; it now only changes the placeholder's colour.
      const harness = createBillingHarness({ customer: 'cust_ada' });
      const release = harness.hold('subscriptions');
      await expectNoViolationsMidPulse('subscription-status', () => {
        renderWithBilling(<SubscriptionStatus />, {
          harness,
          provider: { theme: { appearance }, locale },
        });
      });
      release();
    },
  );
});

describe('PricingTable laid out narrow', () => {
  test('on a phone, a plan named, described and featured in long words stays inside the column', async () => {
    // One long word as a plan's name ran its card from 25px to 532px in a 360px column: its
    // title, description, price and button past the edge, and the page scrolled sideways.
    const harness = createBillingHarness({ customer: 'cust_ada' });
    harness.sandbox.customize(({ products }) => {
      const pro = products.find((p) => p.id === 'prod_pro_monthly');
      if (!pro?.features?.[0]) throw new Error('seed changed: no prod_pro_monthly with features');
      pro.name = 'Donaudampfschifffahrtsgesellschaftskapitän';
      pro.description = 'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz';
      pro.features[0].description =
        'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung';
    });
    await onPhone(async () => {
      renderWithBilling(<PricingTable />, { harness });
      await screen.findByRole('listitem', { name: 'Donaudampfschifffahrtsgesellschaftskapitän' });
      expectWithinColumn('pricing-table');
    });
  });
});
