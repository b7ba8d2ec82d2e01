// UpgradePicker and PortalButton in a real Chromium with the default stylesheet: axe over every
// state in both themes, and the keyboard path through the radios with real focus.
import '../../styles.css';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { expectNoViolations, expectNoViolationsMidPulse } from '../../../test/support/axe.js';
import {
  createBillingHarness,
  renderWithBilling,
  seededFixtures,
} from '../../../test/support/billing-harness.js';
import { expectWithinColumn, onPhone } from '../../../test/support/overflow.js';
import { recordLiveRegion } from '../../../test/support/screen-reader.js';
import type { ThemeAppearance } from '../../react/ui-context.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { PortalButton } from '../PortalButton/PortalButton.js';
import { UpgradePicker } from './UpgradePicker.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(SANDBOX_EPOCH));
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

const themes: ThemeAppearance[] = ['light', 'dark'];

describe('UpgradePicker in Chromium', () => {
  test.each(themes)('passes axe in every step, %s theme', async (appearance) => {
    const { harness } = renderWithBilling(<UpgradePicker />, {
      customer: 'cust_ada',
      provider: { theme: { appearance } },
    });
    await userEvent.click(await screen.findByRole('radio', { name: /^Starter/ }));
    await userEvent.click(screen.getByRole('radio', { name: /next bill/ }));
    expect(screen.getByText(/credit of/)).toBeVisible();
    await expectNoViolations('upgrade-picker');

    await userEvent.click(screen.getByRole('button', { name: 'Review change' }));
    await expectNoViolations('upgrade-picker');

    harness.failNext({ route: 'upgradeSubscription', with: 503 });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm change' }));
    await screen.findByRole('alert');
    await expectNoViolations('upgrade-picker');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your plan is now Starter.'),
    );
    await expectNoViolations('upgrade-picker');
  });

  test.each(themes)('passes axe when disabled, %s theme', async (appearance) => {
    const paused = seededFixtures().subscriptions.find((s) => s.status === 'paused');
    if (!paused) throw new Error('seed changed: no paused subscription');
    renderWithBilling(<UpgradePicker subscriptionId={paused.id} />, {
      customer: typeof paused.customer === 'string' ? paused.customer : paused.customer.id,
      provider: { theme: { appearance } },
    });
    await screen.findByText('Resume the subscription to change its plan.');
    await expectNoViolations('upgrade-picker');
  });

  test.each(themes)('the loading pulse never fades its text, %s theme', async (appearance) => {
    // The pulse faded the whole placeholder, "Loading your subscription…" with it, to half its
    // contrast; it now only changes the placeholder's colour.
    const harness = createBillingHarness({ customer: 'cust_ada' });
    const release = harness.hold('subscriptions');
    await expectNoViolationsMidPulse('upgrade-picker', () => {
      renderWithBilling(<UpgradePicker />, { harness, provider: { theme: { appearance } } });
    });
    release();
  });

  test('a focused option shows a ring; arrows move the choice', async () => {
    renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    const starter = await screen.findByRole('radio', { name: /^Starter/ });
    await userEvent.keyboard('{Tab}');
    expect(starter).toHaveFocus();
    const row = starter.closest('label') as HTMLElement;
    expect(getComputedStyle(row).outlineStyle).toBe('solid');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^Pro \(yearly\)/ })).toBeChecked();
  });
});

/**
 * What a screen reader says from the live regions in `root` that are there now: a region
 * inserted later already filled is not announced, so it is not listened to.
 */
function listenToLiveRegions(root: HTMLElement) {
  const regions = root.querySelectorAll<HTMLElement>(
    '[aria-live], [role="status"], [role="alert"]',
  );
  const heard = Array.from(regions, (region) => recordLiveRegion(region));
  return () => heard.flatMap((said) => said());
}

describe('UpgradePicker heard with a screen reader', () => {
  test('each plan chosen by keyboard is said as one short, whole summary of its estimate', async () => {
    // The estimate was a live region inserted with the first choice, already filled: that
    // choice was silent. Later choices read only the paragraphs that changed, without the
    // figure charged now, or (as the whole section) the long notes on every arrow press.
    renderWithBilling(<UpgradePicker />, { customer: 'cust_ada' });
    await screen.findByRole('radio', { name: /^Starter/ });
    const root = document.querySelector('[data-slot="upgrade-picker"]') as HTMLElement;
    const heard = listenToLiveRegions(root);

    await userEvent.keyboard('{Tab}{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^Pro \(yearly\)/ })).toBeChecked();
    const proYearly =
      'Estimate for Pro (yearly): $263.66 charged now. Next bill on Jan 15, 2027: $290.00.';
    expect(heard()).toEqual([proYearly]);

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^Team/ })).toBeChecked();
    const team = 'Estimate for Team: $48.66 charged now. Next bill on Apr 15, 2026: $75.00.';
    expect(heard()).toEqual([proYearly, team]);
    // What is said is what the estimate shows.
    const estimate = screen.getByRole('region', { name: 'Estimate' });
    expect(estimate).toHaveTextContent('$48.66 charged now');
    expect(estimate).toHaveTextContent('Next bill on Apr 15, 2026: $75.00');

    // Another way of paying changes the figures: said again, whole. (With no charge now, the
    // new price is due at the renewal this period ends with.)
    await userEvent.click(screen.getByRole('radio', { name: /no charge for the rest/ }));
    expect(heard()).toEqual([
      proYearly,
      team,
      'Estimate for Team: Nothing charged now. Next bill on Feb 12, 2026: $75.00.',
    ]);
    expect(estimate).toHaveTextContent('Next bill on Feb 12, 2026: $75.00');
  });
});

describe('UpgradePicker laid out narrow', () => {
  test.each([
    [720, 'beside'],
    [320, 'under'],
  ] as const)(
    "at %ipx each plan's price sits %s its name, alike in every row",
    async (width, where) => {
      renderWithBilling(
        <div style={{ width }}>
          <UpgradePicker />
        </div>,
        { customer: 'cust_ada' },
      );
      await screen.findByRole('radio', { name: /^Starter/ });
      const plans = Array.from(document.querySelectorAll('[data-slot="upgrade-picker-plan"]'));
      expect(plans.length).toBeGreaterThan(3);
      for (const plan of plans) {
        const box = (part: string) =>
          (
            plan.querySelector(`[data-slot="upgrade-picker-plan-${part}"]`) as HTMLElement
          ).getBoundingClientRect();
        const [radio, name, price] = [box('input'), box('name'), box('price')];
        if (where === 'beside') {
          expect(price.left).toBeGreaterThan(name.right);
          expect(
            Math.abs(price.top + price.height / 2 - (name.top + name.height / 2)),
          ).toBeLessThan(2);
        } else {
          expect(price.top).toBeGreaterThanOrEqual(name.bottom);
          expect(Math.abs(price.left - name.left)).toBeLessThan(1);
          expect(price.left).toBeGreaterThan(radio.right);
        }
      }
    },
  );

  test('a way of paying wraps beside its radio, not below it', async () => {
    renderWithBilling(
      <div style={{ width: '20rem' }}>
        <UpgradePicker />
      </div>,
      { customer: 'cust_ada' },
    );
    await userEvent.click(await screen.findByRole('radio', { name: /^Team/ }));
    const ways = screen.getAllByRole('radio', { name: /bill|charge|pay/i });
    expect(ways.length).toBe(3);
    for (const radio of ways) {
      const text = radio.nextElementSibling as HTMLElement;
      const [r, t] = [radio.getBoundingClientRect(), text.getBoundingClientRect()];
      const line = Number.parseFloat(getComputedStyle(text).lineHeight);
      // Side by side: the text starts right of the radio, which is no taller than a line and
      // sits level with the text's first line (a text-box height on it pushed the text down).
      expect(t.left).toBeGreaterThan(r.right);
      expect(r.height).toBeLessThan(line);
      const middle = (r.top + r.bottom) / 2;
      expect(middle).toBeGreaterThan(t.top);
      expect(middle).toBeLessThan(t.top + line);
      expect(t.height).toBeGreaterThan(line);
    }
  });

  test('on a phone, plans named in one long word stay inside the column at every step', async () => {
    // The current plan's name ran to 532px in a 360px page, and the review's estimate widened
    // past the edge with the sentences that name the plans.
    const harness = createBillingHarness({ customer: 'cust_ada' });
    harness.sandbox.customize(({ products }) => {
      const rename = (id: string, name: string) => {
        const product = products.find((p) => p.id === id);
        if (!product) throw new Error(`seed changed: no ${id}`);
        product.name = name;
      };
      rename('prod_pro_monthly', 'Donaudampfschifffahrtsgesellschaftskapitän');
      rename('prod_starter_monthly', 'Einzelplatzlizenzverlängerungsabonnement');
    });
    await onPhone(async () => {
      renderWithBilling(<UpgradePicker />, { harness });
      await userEvent.click(await screen.findByRole('radio', { name: /^Einzelplatz/ }));
      expectWithinColumn('upgrade-picker');

      await userEvent.click(screen.getByRole('button', { name: 'Review change' }));
      await screen.findByRole('button', { name: 'Confirm change' });
      expectWithinColumn('upgrade-picker');

      await userEvent.click(screen.getByRole('button', { name: 'Confirm change' }));
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent(
          'Your plan is now Einzelplatzlizenzverlängerungsabonnement.',
        ),
      );
      expectWithinColumn('upgrade-picker');
    });
  });
});

describe('UpgradePicker current plan', () => {
  test('its price reads as a line of text under the plan’s name, on one line on a phone', async () => {
    // The price part took the stylesheet's hero price size: "$75.00 every 3 months" in 32px
    // bold over three lines, larger than the plan's name above it.
    renderWithBilling(
      <div style={{ width: '20rem' }}>
        <UpgradePicker />
      </div>,
      { customer: 'cust_ada' },
    );
    await screen.findByRole('radio', { name: /^Team/ });
    const name = document.querySelector('[data-slot="upgrade-picker-current-name"]') as HTMLElement;
    const price = document.querySelector(
      '[data-slot="upgrade-picker-current-price"]',
    ) as HTMLElement;
    const size = (e: HTMLElement) => Number.parseFloat(getComputedStyle(e).fontSize);
    expect(size(price)).toBeLessThan(size(name));
    const line = Number.parseFloat(getComputedStyle(price).lineHeight);
    expect(price.getBoundingClientRect().height).toBeLessThan(1.5 * line);
  });
});

describe('PortalButton in Chromium', () => {
  test.each(themes)(
    'passes axe idle and failed, %s theme; the new-tab hint is read, not shown',
    async (appearance) => {
      const { harness } = renderWithBilling(<PortalButton target="_blank" />, {
        customer: 'cust_ada',
        provider: { theme: { appearance } },
      });
      const button = screen.getByRole('button', { name: 'Manage billing (opens in a new tab)' });
      const hint = document.querySelector(
        '[data-slot="portal-button-new-tab-hint"]',
      ) as HTMLElement;
      expect(hint.getBoundingClientRect().width).toBeLessThanOrEqual(1);
      await expectNoViolations('portal-button');

      vi.spyOn(window, 'open').mockImplementation(() => null);
      harness.failNext({ route: 'portal', with: 500 });
      await userEvent.click(button);
      await screen.findByRole('alert');
      await expectNoViolations('portal-button');
      vi.restoreAllMocks();
    },
  );

  test('on a phone, a label of one long word stays inside the column', async () => {
    // The seller's label: as one word wider than the page, the button ran past its edge.
    const label = 'Kundenkontoabrechnungseinstellungsübersicht';
    await onPhone(async () => {
      renderWithBilling(<PortalButton>{label}</PortalButton>, { customer: 'cust_ada' });
      expect(screen.getByRole('button', { name: label })).toBeVisible();
      expectWithinColumn('portal-button');
    });
  });
});
