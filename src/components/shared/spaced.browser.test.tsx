// The spaces between inline parts (see spaced.ts) in a real Chromium: with the default stylesheet
// they sit in flex and grid containers and take no room, so the look is as it was without them;
// with `unstyled` they are drawn, so the words do not run together on screen either.
import '../../styles.css';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createBillingHarness, renderWithBilling } from '../../../test/support/billing-harness.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { BillingHistory } from '../BillingHistory/BillingHistory.js';
import { CreditsHistory } from '../CreditsHistory/CreditsHistory.js';
import { LicenseCard } from '../LicenseCard/LicenseCard.js';
import { PricingTable } from '../PricingTable/PricingTable.js';
import { SubscriptionStatus } from '../SubscriptionStatus/SubscriptionStatus.js';
import { UpgradePicker } from '../UpgradePicker/UpgradePicker.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(SANDBOX_EPOCH));
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

/** The on-screen widths of the single-space text nodes directly inside these parts. */
function spaceWidths(selector: string): number[] {
  const widths: number[] = [];
  for (const element of document.querySelectorAll(selector)) {
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || node.textContent !== ' ') continue;
      const range = document.createRange();
      range.selectNode(node);
      widths.push(range.getBoundingClientRect().width);
    }
  }
  return widths;
}

const license = createBillingHarness()
  .sandbox.fixtures()
  .licenses.find((l) => l.status === 'active' && l.instances.length > 0);

// [component, element, customer, the parts whose children are spaced, what shows once loaded]
const cases: Array<[string, (unstyled: boolean) => ReactElement, string, string, string]> = [
  [
    'SubscriptionStatus',
    (unstyled) => <SubscriptionStatus unstyled={unstyled} />,
    'cust_ada',
    '[data-slot="subscription-status"]',
    '[data-slot="subscription-status-date"]',
  ],
  [
    'UpgradePicker',
    (unstyled) => <UpgradePicker unstyled={unstyled} />,
    'cust_ada',
    '[data-slot="upgrade-picker-plan"], [data-slot="upgrade-picker-current"]',
    '[data-slot="upgrade-picker-next-charge"]',
  ],
  [
    'PricingTable',
    (unstyled) => <PricingTable unstyled={unstyled} />,
    'cust_ada',
    '[data-slot="pricing-table-period-toggle"]',
    '[data-slot="pricing-table-period-badge"]',
  ],
  [
    'CreditsHistory',
    (unstyled) => <CreditsHistory unstyled={unstyled} />,
    'cust_ada',
    '[data-slot="credits-history-row"], [data-slot="credits-history-balance"]',
    '[data-slot="credits-history-row"] + [data-slot="credits-history-row"]',
  ],
  [
    'BillingHistory',
    (unstyled) => <BillingHistory unstyled={unstyled} pageSize={2} />,
    'cust_ada',
    '[data-slot="billing-history-pagination"]',
    '[data-slot="billing-history-page-info"][data-state="ready"]',
  ],
  [
    'LicenseCard',
    (unstyled) => (
      <LicenseCard
        unstyled={unstyled}
        defaultLicenseKey={license?.key}
        defaultInstanceId={license?.instances[0]?.id}
        validateOnMount
      />
    ),
    'cust_ada',
    '[data-slot="license-card-details"] dd',
    '[data-slot="license-card-reveal-action"]',
  ],
];

describe.each(cases)('%s', (_name, ui, customer, selector, ready) => {
  const loaded = () =>
    waitFor(() => {
      expect(document.querySelector(ready)).not.toBeNull();
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    });

  test('styled, the spaces between its parts take no room', async () => {
    renderWithBilling(ui(false), { customer });
    await loaded();
    expect(spaceWidths(selector).length).toBeGreaterThan(0);
    expect(spaceWidths(selector).every((width) => width === 0)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('unstyled, they are drawn', async () => {
    renderWithBilling(ui(true), { customer });
    await loaded();
    expect(spaceWidths(selector).some((width) => width > 0)).toBe(true);
  });
});
