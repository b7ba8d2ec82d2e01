// BillingHistory, LicenseCard and MetricsSummary in a real Chromium with the default stylesheet:
// axe (colour contrast included) over their states in both themes and in German, the focus
// ring on their controls, and the chart drawn at a real size.
import '../../styles.css';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { expectNoViolations, expectNoViolationsMidPulse } from '../../../test/support/axe.js';
import { createBillingHarness, renderWithBilling } from '../../../test/support/billing-harness.js';
import type { ThemeAppearance } from '../../react/ui-context.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { LicenseCard } from '../LicenseCard/LicenseCard.js';
import { MetricsSummary } from '../MetricsSummary/MetricsSummary.js';
import { BillingHistory } from './BillingHistory.js';

afterEach(() => cleanup());

const NOW = Date.parse(SANDBOX_EPOCH);

const cases: Array<[ThemeAppearance, string]> = [
  ['light', 'en-US'],
  ['dark', 'en-US'],
  ['dark', 'de-DE'],
];

/** A seeded customer holding a transaction with this status. */
function customerWith(status: string) {
  const tx = createBillingHarness()
    .sandbox.inspect()
    .transactions.find((t) => t.status === status);
  return tx?.customer as string;
}

describe('BillingHistory in Chromium', () => {
  test.each(cases)(
    'passes axe on both pages and with refunds, %s theme, %s',
    async (appearance, locale) => {
      const provider = { theme: { appearance }, locale };
      const first = renderWithBilling(<BillingHistory />, { customer: 'cust_ada', provider });
      await screen.findByRole('table');
      await expectNoViolations('billing-history');
      const next = document.querySelector('[data-slot="billing-history-next"]') as HTMLElement;
      await userEvent.click(next);
      await waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'true'));
      await expectNoViolations('billing-history');
      first.unmount();

      for (const status of ['refunded', 'partialRefund', 'chargedBack', 'pending']) {
        const view = renderWithBilling(<BillingHistory pageSize={100} />, {
          customer: customerWith(status),
          provider,
        });
        await screen.findByRole('table');
        await expectNoViolations('billing-history');
        view.unmount();
      }
    },
  );

  test.each(cases)(
    'passes axe loading, failed and empty, %s theme, %s',
    async (appearance, locale) => {
      const provider = { theme: { appearance }, locale };
      const loading = createBillingHarness({ customer: 'cust_ada' });
      const release = loading.hold('transactions');
      const first = renderWithBilling(<BillingHistory />, { harness: loading, provider });
      await screen.findByRole('status');
      await expectNoViolations('billing-history');
      release();
      first.unmount();

      const failing = createBillingHarness({ customer: 'cust_ada' });
      failing.failNext({ route: 'transactions', with: 503 });
      const second = renderWithBilling(<BillingHistory />, { harness: failing, provider });
      await screen.findByRole('alert');
      await expectNoViolations('billing-history');
      second.unmount();

      renderWithBilling(<BillingHistory />, { customer: { email: 'new@example.com' }, provider });
      await waitFor(() =>
        expect(document.querySelector('[data-slot="billing-history-empty"]')).not.toBeNull(),
      );
      await expectNoViolations('billing-history');
    },
  );

  test.each(cases)(
    'the loading pulse never fades the loading text, %s theme, %s',
    async (appearance, locale) => {
      // The pulse faded the whole placeholder, "Loading billing history…" with it, to half
      // its contrast; it now only changes the colour of the placeholder rows.
      const harness = createBillingHarness({ customer: 'cust_ada' });
      const release = harness.hold('transactions');
      await expectNoViolationsMidPulse('billing-history', () => {
        renderWithBilling(<BillingHistory />, {
          harness,
          provider: { theme: { appearance }, locale },
        });
      });
      release();
    },
  );

  test('the pager is reached by Tab, with a visible ring, and pages by keyboard', async () => {
    renderWithBilling(
      <div style={{ width: 960 }}>
        <BillingHistory />
      </div>,
      { customer: 'cust_ada' },
    );
    await screen.findByRole('table');
    // Wide enough for the table: its box is no stop for Tab.
    expect(screen.queryByRole('group', { name: 'Billing history' })).toBeNull();
    const next = screen.getByRole('button', { name: 'Next page' });
    // Previous (at the first page, refusing but focusable), then Next.
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(next).toHaveFocus();
    expect(getComputedStyle(next).outlineStyle).toBe('solid');
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Page 2 of 2');
    expect(next).toHaveFocus();
  });

  test('narrow, the table scrolls sideways by keyboard in its own box; the pager stays in view', async () => {
    renderWithBilling(
      <div style={{ width: 320 }}>
        <BillingHistory />
      </div>,
      { customer: 'cust_ada' },
    );
    const table = await screen.findByRole('table');
    const box = await screen.findByRole('group', { name: 'Billing history' });
    expect(box).toContainElement(table);
    await userEvent.keyboard('{Tab}');
    expect(box).toHaveFocus();
    expect(getComputedStyle(box).outlineStyle).toBe('solid');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(box.scrollLeft).toBeGreaterThan(0));
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(box).not.toContainElement(next);
    const root = document.querySelector('[data-slot="billing-history"]') as HTMLElement;
    expect(next.getBoundingClientRect().right).toBeLessThanOrEqual(
      root.getBoundingClientRect().right,
    );
  });

  test.each([
    [280, 'en-US', 'side by side'],
    [280, 'de-DE', 'one above the other'],
    [960, 'en-US', 'either side of the page'],
  ])('at %ipx (%s) Previous and Next sit %s', async (width, locale, where) => {
    // On a phone the three wrapped as they came: Previous and the page on one line, Next
    // alone below Previous.
    renderWithBilling(
      <div style={{ width }}>
        <BillingHistory />
      </div>,
      { customer: 'cust_ada', provider: { locale } },
    );
    await screen.findByRole('table');
    const box = (slot: string) =>
      (
        document.querySelector(`[data-slot="billing-history-${slot}"]`) as HTMLElement
      ).getBoundingClientRect();
    const [pager, previous, info, next] = ['pagination', 'previous', 'page-info', 'next'].map(
      box,
    ) as [DOMRect, DOMRect, DOMRect, DOMRect];
    if (where === 'either side of the page') {
      expect(next.top).toBe(previous.top);
      expect(info.left).toBeGreaterThan(previous.right);
      expect(info.right).toBeLessThan(next.left);
      // At the outer edges, the page centred between them (it stood half the difference of
      // the buttons' widths, about 15px, off the middle: Previous is the wider).
      expect(previous.left).toBe(pager.left);
      expect(next.right).toBe(pager.right);
      expect(previous.width).toBeGreaterThan(next.width + 10);
      expect(Math.abs((info.left + info.right) / 2 - (pager.left + pager.right) / 2)).toBeLessThan(
        0.5,
      );
      return;
    }
    // Narrow: the page above, then the buttons sharing the pager's width, or each taking it
    // all when both do not fit on a line.
    expect(info.bottom).toBeLessThanOrEqual(previous.top);
    expect(previous.left).toBe(pager.left);
    expect(next.right).toBe(pager.right);
    if (where === 'side by side') {
      expect(next.top).toBe(previous.top);
      expect(next.left).toBeGreaterThan(previous.right);
    } else {
      expect(next.top).toBeGreaterThanOrEqual(previous.bottom);
      expect(previous.right).toBe(pager.right);
      expect(next.left).toBe(pager.left);
    }
  });

  test('the rule under the last row runs to both ends of the table', async () => {
    // The scroller's rounded corners clipped the last rule's ends, so it was shorter than the
    // rules above it.
    await page.viewport(1280, 800);
    try {
      renderWithBilling(
        <div style={{ width: 960, margin: 16 }}>
          <BillingHistory />
        </div>,
        { customer: 'cust_ada' },
      );
      const table = await screen.findByRole('table');
      const last = table.querySelector('tbody tr:last-child') as HTMLElement;
      const r = last.getBoundingClientRect();
      for (const x of [r.left + 0.5, r.right - 0.5]) {
        const hit = document.elementFromPoint(x, r.bottom - 0.5);
        expect(last.contains(hit)).toBe(true);
      }
    } finally {
      await page.viewport(414, 896);
    }
  });

  test('every cell spans its row, status too, so the rules between rows run straight', async () => {
    // Narrow, so that a long description wraps and its row grows: a status cell laid out as a
    // flex box left the table's cells, kept its own height and drew its rule out of line.
    renderWithBilling(
      <div style={{ width: 320 }}>
        <BillingHistory />
      </div>,
      { customer: 'cust_ada' },
    );
    const table = await screen.findByRole('table');
    const rows = Array.from(table.querySelectorAll('tbody tr')) as HTMLElement[];
    expect(rows.some((row) => row.getBoundingClientRect().height > 60)).toBe(true);
    for (const row of rows) {
      const r = row.getBoundingClientRect();
      for (const cell of Array.from(row.children) as HTMLElement[]) {
        const c = cell.getBoundingClientRect();
        expect(Math.abs(c.top - r.top), cell.dataset.slot).toBeLessThan(1);
        expect(Math.abs(c.bottom - r.bottom), cell.dataset.slot).toBeLessThan(1);
      }
    }
  });
});

describe('LicenseCard in Chromium', () => {
  test.each(cases)(
    'passes axe for every seeded license, %s theme, %s',
    async (appearance, locale) => {
      const provider = { theme: { appearance }, locale };
      const harness = createBillingHarness({ handler: { rateLimit: false } });
      for (const license of harness.sandbox.fixtures().licenses) {
        const view = renderWithBilling(
          <LicenseCard licenseKey={license.key} instanceId={license.instances[0]?.id ?? ''} />,
          { harness, provider },
        );
        await waitFor(() =>
          expect(
            document.querySelector('[data-slot="license-card"]')?.getAttribute('data-state'),
          ).toMatch(/^(valid|invalid)$/),
        );
        await expectNoViolations('license-card');
        // Revealed too.
        await userEvent.click(
          document.querySelector('[data-slot="license-card-reveal-action"]') as HTMLElement,
        );
        await expectNoViolations('license-card');
        view.unmount();
      }
    },
  );

  test.each(cases)(
    'passes axe idle, with missing fields, checking, unknown and failed, %s theme, %s',
    async (appearance, locale) => {
      const provider = { theme: { appearance }, locale };
      const harness = createBillingHarness({ handler: { rateLimit: false } });
      renderWithBilling(<LicenseCard />, { harness, provider });
      await expectNoViolations('license-card');
      const submit = document.querySelector(
        '[data-slot="license-card-submit-button"]',
      ) as HTMLElement;
      await userEvent.click(submit);
      await expectNoViolations('license-card');

      const [key, instance] = screen.getAllByRole('textbox') as [HTMLElement, HTMLElement];
      await userEvent.fill(key, 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE');
      await userEvent.fill(instance, 'ins_nope');
      const release = harness.hold('validateLicense');
      await userEvent.click(submit);
      await waitFor(() => expect(submit).toHaveAttribute('data-state', 'validating'));
      await expectNoViolations('license-card');
      release();
      await screen.findByRole('alert');
      await expectNoViolations('license-card');

      harness.failNext({ route: 'validateLicense', with: 503 });
      await userEvent.click(submit);
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveAttribute('data-state', 'failed'),
      );
      await expectNoViolations('license-card');
    },
  );
});

describe('LicenseCard laid out narrow', () => {
  test('on a phone nothing runs out of the card: boxes fit, a long instance name wraps', async () => {
    // 280px (a 360px phone less the page's margins): the text boxes kept their default width
    // and ran past the card's edge, and an unbreakable instance name widened the details past
    // it.
    const harness = createBillingHarness();
    const license = harness.sandbox
      .fixtures()
      .licenses.find((l) => l.instances.some((i) => i.name === 'kernel.example.org'));
    if (!license) throw new Error('seed changed: no license on kernel.example.org');
    renderWithBilling(
      <div style={{ width: 280 }}>
        <LicenseCard licenseKey={license.key} instanceId={license.instances[0]?.id ?? ''} />
      </div>,
      { harness },
    );
    await screen.findByText(/kernel\.example\.org/);
    const card = document.querySelector('[data-slot="license-card"]') as HTMLElement;
    const box = card.getBoundingClientRect();
    const inner = box.right - Number.parseFloat(getComputedStyle(card).paddingRight);
    for (const element of Array.from(card.querySelectorAll('*'))) {
      const slot = element.getAttribute('data-slot') ?? element.tagName;
      expect(element.getBoundingClientRect().right, slot).toBeLessThanOrEqual(inner + 0.5);
    }
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  });

  test.each([
    [280, 'above'],
    [960, 'beside'],
  ] as const)('at %ipx a detail’s label sits %s its value', async (width, where) => {
    // Side by side in a phone's card, German values got a 100px column: "(deaktiviert)" broke
    // before its ")", the key ran over five lines, the buttons over two.
    const harness = createBillingHarness();
    const license = harness.sandbox.fixtures().licenses.find((l) => l.status === 'expired');
    if (!license) throw new Error('seed changed: no expired license');
    renderWithBilling(
      <div style={{ width }}>
        <LicenseCard licenseKey={license.key} instanceId={license.instances[0]?.id ?? ''} />
      </div>,
      { harness, provider: { locale: 'de-DE' } },
    );
    await screen.findByText(/deaktiviert/);
    const details = document.querySelector('[data-slot="license-card-details"]') as HTMLElement;
    const rows = Array.from(details.querySelectorAll('dt')).map((dt) => [
      dt.getBoundingClientRect(),
      (dt.nextElementSibling as HTMLElement).getBoundingClientRect(),
    ]);
    expect(rows.length).toBe(5);
    for (const [label, value] of rows as Array<[DOMRect, DOMRect]>) {
      if (where === 'above') {
        expect(value.top).toBeGreaterThanOrEqual(label.bottom);
        expect(value.width).toBeGreaterThan(details.getBoundingClientRect().width - 1);
      } else {
        expect(value.left).toBeGreaterThan(label.right);
        expect(Math.abs(value.top - label.top)).toBeLessThan(label.height);
      }
    }
  });
});

describe('MetricsSummary in Chromium', () => {
  test.each(cases)(
    'passes axe with figures, table shown, another currency and month interval, %s theme, %s',
    async (appearance, locale) => {
      const provider = { theme: { appearance }, locale };
      const { harness } = renderWithBilling(<MetricsSummary now={NOW} />, {
        admin: true,
        provider,
      });
      const root = () => document.querySelector('[data-slot="metrics-summary"]') as HTMLElement;
      await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'));
      await expectNoViolations('metrics-summary');
      await userEvent.click(
        document.querySelector('[data-slot="metrics-summary-table-toggle"]') as HTMLElement,
      );
      await expectNoViolations('metrics-summary');
      await userEvent.click(screen.getByRole('radio', { name: 'EUR' }));
      await waitFor(() => expect(harness.count('adminStats')).toBe(2));
      await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'));
      await userEvent.selectOptions(
        document.querySelector('[data-slot="metrics-summary-interval-select"]') as HTMLElement,
        'month',
      );
      await waitFor(() => expect(harness.count('adminStats')).toBe(3));
      await waitFor(() => expect(root()).toHaveAttribute('data-state', 'ready'));
      await expectNoViolations('metrics-summary');
    },
  );

  test.each(cases)(
    'passes axe loading, without seller access, failed and empty, %s theme, %s',
    async (appearance, locale) => {
      const provider = { theme: { appearance }, locale };
      const loading = createBillingHarness({ admin: true });
      const release = loading.hold('adminStats');
      const first = renderWithBilling(<MetricsSummary now={NOW} />, { harness: loading, provider });
      await expectNoViolations('metrics-summary');
      release();
      first.unmount();

      const customer = renderWithBilling(<MetricsSummary now={NOW} />, { provider });
      await screen.findByRole('alert');
      await expectNoViolations('metrics-summary');
      customer.unmount();

      const failing = createBillingHarness({ admin: true });
      failing.failNext({ route: 'adminStats', with: 503 });
      const third = renderWithBilling(<MetricsSummary now={NOW} />, { harness: failing, provider });
      await screen.findByRole('alert');
      await expectNoViolations('metrics-summary');
      third.unmount();

      renderWithBilling(
        <MetricsSummary now={NOW} range={{ startDate: 0, endDate: 86_400_000 }} interval="day" />,
        { admin: true, provider },
      );
      await waitFor(() =>
        expect(document.querySelector('[data-slot="metrics-summary-empty"]')).not.toBeNull(),
      );
      await expectNoViolations('metrics-summary');
    },
  );

  test('the chart is drawn at a real size, lines in different colours; the currency switch by keyboard', async () => {
    renderWithBilling(
      <div style={{ width: 720 }}>
        <MetricsSummary now={NOW} />
      </div>,
      { admin: true },
    );
    const chart = await screen.findByRole('img');
    const box = chart.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(600);
    expect(box.height).toBeGreaterThan(200);
    const [gross, net] = Array.from(
      document.querySelectorAll('[data-slot="metrics-summary-chart-line"]'),
    ) as [SVGElement, SVGElement];
    expect(getComputedStyle(gross).stroke).not.toBe(getComputedStyle(net).stroke);
    expect(getComputedStyle(net).strokeDasharray).not.toBe('none');

    const usd = screen.getByRole('radio', { name: 'USD' });
    await userEvent.keyboard('{Tab}');
    expect(usd).toHaveFocus();
    const toggle = usd.closest('label') as HTMLElement;
    expect(getComputedStyle(toggle).outlineStyle).toBe('solid');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'EUR' })).toBeChecked();
    expect(within(toggle.parentElement as HTMLElement).getByText('EUR')).toBeVisible();
  });

  test('the controls’ names sit on one line, and their boxes on the next', async () => {
    // "Currency" sat 6px above "Range" and "Group by": twice the gap under its name, and
    // currency buttons 2px taller than the selects beside them.
    renderWithBilling(
      <div style={{ width: 960 }}>
        <MetricsSummary now={NOW} />
      </div>,
      { admin: true },
    );
    await screen.findByRole('img');
    const box = (slot: string) =>
      (
        document.querySelector(`[data-slot="metrics-summary-${slot}"]`) as HTMLElement
      ).getBoundingClientRect();
    const names = ['currency-legend', 'range-label', 'interval-label'].map(box);
    const controls = ['currency-toggle', 'range-select', 'interval-select'].map(box);
    for (const name of names)
      expect(Math.abs(name.top - (names[0] as DOMRect).top)).toBeLessThan(0.5);
    for (const control of controls) {
      expect(Math.abs(control.top - (controls[0] as DOMRect).top)).toBeLessThan(0.5);
      expect(Math.abs(control.bottom - (controls[0] as DOMRect).bottom)).toBeLessThan(0.5);
    }
  });

  test('the table hidden for the eye takes no room: a phone page neither widens nor lengthens', async () => {
    // A year day by day on a phone: a table's box grows to its content whatever its width and
    // height say, so the visually hidden table made the page scroll sideways and added
    // thousands of empty pixels below the chart.
    await page.viewport(360, 640);
    try {
      renderWithBilling(<MetricsSummary now={NOW} defaultRange="12m" defaultInterval="day" />, {
        admin: true,
      });
      const table = await screen.findByRole('table', { name: 'Gross and net revenue per day' });
      expect(table).toHaveAttribute('data-state', 'hidden');
      // Hidden, its clipped box is no stop for the keyboard.
      expect(screen.queryByRole('group', { name: 'Gross and net revenue per day' })).toBeNull();
      const root = document.querySelector('[data-slot="metrics-summary"]') as HTMLElement;
      const scrolling = document.scrollingElement as HTMLElement;
      expect(scrolling.scrollWidth).toBeLessThanOrEqual(scrolling.clientWidth);
      const bottom = root.getBoundingClientRect().bottom + window.scrollY;
      expect(scrolling.scrollHeight).toBeLessThanOrEqual(Math.ceil(bottom) + 16);
      // Shown, it takes its room in the section, within the page's width.
      await userEvent.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
      await waitFor(() => expect(table).toHaveAttribute('data-state', 'shown'));
      expect(scrolling.scrollWidth).toBeLessThanOrEqual(scrolling.clientWidth);
      expect(root.getBoundingClientRect().bottom).toBeGreaterThanOrEqual(
        table.getBoundingClientRect().bottom,
      );
      // Wider than a phone, it scrolls sideways in its own box, a named stop for the keyboard.
      const box = await screen.findByRole('group', { name: 'Gross and net revenue per day' });
      expect(box).toHaveAttribute('data-slot', 'metrics-summary-table-scroller');
      expect(box).toContainElement(table);
      box.focus();
      expect(box).toHaveFocus();
      await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
      await waitFor(() => expect(box.scrollLeft).toBeGreaterThan(0));
      // Each period's date and amounts keep one line.
      const row = table.querySelector('tbody tr') as HTMLElement;
      const line = Number.parseFloat(getComputedStyle(row).lineHeight);
      for (const cell of Array.from(row.children)) {
        const text = document.createRange();
        text.selectNodeContents(cell);
        expect(text.getBoundingClientRect().height).toBeLessThan(line * 1.5);
      }
    } finally {
      await page.viewport(414, 896);
    }
  });

  test.each([320, 1200])(
    'the axis labels keep the text size and stay inside the chart, %ipx wide',
    async (width) => {
      renderWithBilling(
        <div style={{ width }}>
          <MetricsSummary now={NOW} />
        </div>,
        { admin: true },
      );
      const chart = await screen.findByRole('img');
      const box = chart.getBoundingClientRect();
      const labels = Array.from(chart.querySelectorAll('text'));
      expect(labels.length).toBeGreaterThan(3);
      const small = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) * 0.875;
      for (const label of labels) {
        const r = label.getBoundingClientRect();
        // Glyph boxes run a little taller than the font size; a scaled chart was 7px or 18px.
        expect(r.height).toBeGreaterThan(small * 0.9);
        expect(r.height).toBeLessThan(small * 1.5);
        expect(r.left).toBeGreaterThanOrEqual(box.left);
        expect(r.right).toBeLessThanOrEqual(box.right);
      }
      // The last 90 days before mid-January cross a year: the dates name theirs.
      const dateLabels = labels.filter((l) => l.closest('[data-state="x"]'));
      expect(dateLabels[0]?.textContent).toMatch(/2025$/);
      expect(dateLabels.at(-1)?.textContent).toMatch(/2026$/);
      // The dates along the bottom never overlap.
      const dates = dateLabels.map((l) => l.getBoundingClientRect());
      for (let i = 1; i < dates.length; i++) {
        expect(dates[i]?.left).toBeGreaterThan(dates[i - 1]?.right ?? 0);
      }
    },
  );
});
