// CreditsHistory in a real Chromium, with real layout: 100,000 entries keep a bounded DOM while
// the list is scrolled through, and keyboard navigation reaches both ends.
import '../../styles.css';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  type BillingHarness,
  createBillingHarness,
  createTestQueryClient,
  renderWithBilling,
  sellerClient,
} from '../../../test/support/billing-harness.js';
import { expectWithinColumn, onPhone } from '../../../test/support/overflow.js';
import type { CreditsAccount } from '../../contract/schemas.js';
import { creditsHistoryOptions } from '../../react/options.js';
import { createProxyClient } from '../../react/proxy-client.js';
import { CreditsHistory } from './CreditsHistory.js';

afterEach(() => cleanup());

const ROW = 56;
const OVERSCAN = 5;

function graceMinutes(harness: BillingHarness) {
  const account = harness.sandbox
    .fixtures()
    .credit_accounts.find((a) => a.customer_id === 'cust_grace' && a.name === 'Support minutes');
  if (!account) throw new Error('seed changed: Grace has no "Support minutes" account');
  return account;
}

function listItems() {
  return within(screen.getByRole('list', { name: 'Entries' })).queryAllByRole('listitem');
}

function positions() {
  return listItems().map((li) => Number(li.getAttribute('aria-posinset')));
}

function viewport() {
  const element = document.querySelector<HTMLElement>('[data-slot="credits-history-viewport"]');
  if (!element) throw new Error('no viewport');
  return element;
}

/** Two frames: the scroll event, then the virtualiser's render. */
function frames() {
  return new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
}

describe('CreditsHistory in Chromium', () => {
  test('100,000 entries: a bounded DOM from top to bottom, the right rows in view', async () => {
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = graceMinutes(harness);
    harness.sandbox.generateCreditEntries(minutes.id, 100_000);
    const total = 100_002; // the two seeded credits and the generated ones

    // The app's prefetch: every page through the real proxy, into the QueryClient.
    const queryClient = createTestQueryClient();
    const props = harness.providerProps();
    const client = createProxyClient({ basePath: props.basePath, fetch: props.fetch });
    await queryClient.prefetchInfiniteQuery({
      ...creditsHistoryOptions(client, { accountId: minutes.id, limit: 100 }),
      pages: Math.ceil(total / 100),
    });

    renderWithBilling(<CreditsHistory accountId={minutes.id} pageSize={100} />, {
      harness,
      queryClient,
    });
    await waitFor(() => expect(listItems().length).toBeGreaterThan(0));
    const box = viewport();
    expect(box.clientHeight).toBeGreaterThan(100);
    expect(box.scrollHeight).toBe(total * ROW);
    const inView = Math.ceil(box.clientHeight / ROW) + 1;
    const bound = inView + 2 * OVERSCAN + 1;
    expect(listItems()[0]).toHaveAttribute('aria-setsize', String(total));
    expect(await screen.findByRole('status')).toHaveTextContent('All entries shown: 100,002.');

    const max = box.scrollHeight - box.clientHeight;
    let most = 0;
    for (const fraction of [0, 0.1, 0.25, 0.5, 0.5001, 0.75, 0.9, 0.999, 1, 0.3, 0]) {
      const top = Math.round(max * fraction);
      await act(async () => {
        box.scrollTop = top;
        await frames();
      });
      const first = Math.floor(box.scrollTop / ROW) + 1;
      await waitFor(() => expect(positions()).toContain(first));
      const count = document.querySelectorAll('[data-slot="credits-history-row"]').length;
      most = Math.max(most, count);
      expect(count).toBeLessThanOrEqual(bound);
    }
    expect(most).toBeGreaterThan(inView - 2);
    // The oldest entry is the first seeded credit of 120 minutes.
    await act(async () => {
      box.scrollTop = max;
      await frames();
    });
    await waitFor(() => expect(positions()).toContain(total));
    const oldest = listItems().find((li) => li.getAttribute('aria-posinset') === String(total));
    expect(oldest).toHaveTextContent('+120');
  });

  test('keyboard: Tab into the list, End and Home reach both ends, arrows move one entry', async () => {
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = graceMinutes(harness);
    harness.sandbox.generateCreditEntries(minutes.id, 998);
    renderWithBilling(<CreditsHistory pageSize={100} autoLoadThreshold={0} />, { harness });
    await waitFor(() => expect(listItems().length).toBeGreaterThan(0));

    (screen.getByRole('button', { name: 'Load newer entries' }) as HTMLElement).focus();
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toHaveAttribute('aria-posinset', '1');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('aria-posinset', '3');
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-posinset', '100'));
    const focused = document.activeElement as HTMLElement;
    const box = viewport().getBoundingClientRect();
    const row = focused.getBoundingClientRect();
    expect(row.top).toBeGreaterThanOrEqual(box.top - 1);
    expect(row.bottom).toBeLessThanOrEqual(box.bottom + 1);
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-posinset', '1'));
  });

  test('"Load older" bringing the last page hands its focus to the entry it was below', async () => {
    const harness = createBillingHarness({ customer: 'cust_grace' });
    renderWithBilling(<CreditsHistory pageSize={1} autoLoadThreshold={0} />, { harness });
    await waitFor(() => expect(listItems()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(listItems()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load older entries' })).toBeNull();
    expect(document.activeElement).toHaveAttribute('aria-posinset', '1');
  });

  test('scrolling to the end reads older pages by itself, and the DOM stays bounded', async () => {
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = graceMinutes(harness);
    harness.sandbox.generateCreditEntries(minutes.id, 5_000);
    renderWithBilling(<CreditsHistory pageSize={100} />, { harness });
    await waitFor(() => expect(listItems().length).toBeGreaterThan(0));
    const box = viewport();
    const bound = Math.ceil(box.clientHeight / ROW) + 1 + 2 * OVERSCAN + 1;

    for (let page = 2; page <= 6; page++) {
      await act(async () => {
        box.scrollTop = box.scrollHeight;
        await frames();
      });
      await waitFor(() => expect(harness.count('creditEntries')).toBeGreaterThanOrEqual(page));
      await waitFor(() => expect(box.scrollHeight).toBeGreaterThanOrEqual(page * 100 * ROW));
      expect(
        document.querySelectorAll('[data-slot="credits-history-row"]').length,
      ).toBeLessThanOrEqual(bound);
    }
    const cursors = harness.requests
      .filter((r) => r.route === 'creditEntries')
      .map((r) => r.query.starting_after);
    expect(cursors[0]).toBeUndefined();
    expect(new Set(cursors.slice(1)).size).toBe(cursors.length - 1);
  });

  test.each(['light', 'dark'] as const)(
    'passes axe in the %s theme, with the picker, a reversal, the load buttons and the status',
    async (appearance) => {
      const harness = createBillingHarness({ customer: 'cust_grace' });
      const minutes = graceMinutes(harness);
      harness.sandbox.generateCreditEntries(minutes.id, 300);
      const newest = harness.sandbox
        .inspect()
        .credit_entries.filter((e) => e.account_id === minutes.id)
        .at(-1);
      renderWithBilling(
        <CreditsHistory
          autoLoadThreshold={0}
          transactions={[
            {
              id: 'cct_other',
              store_id: 'sto',
              entries: [],
              created_at: '2026-01-15T12:00:00.000Z',
              reversal_of: newest?.transaction_id ?? '',
            },
          ]}
        />,
        { harness, provider: { theme: { appearance } } },
      );
      await waitFor(() => expect(listItems().length).toBeGreaterThan(3));
      expect(screen.getByText('Reversed')).toBeVisible();
      const root = document.querySelector('[data-slot="credits-history"]') as HTMLElement;
      const results = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
      ).toEqual([]);
    },
  );

  // [a credit that makes the balance huge, the width of the column it sits in]
  test.each([
    ['50000000', 295, 'a phone, 375px wide'],
    ['123456789012345678901234567890', 295, 'a phone, 375px wide'],
    ['0.123456789012345678901234567890123456789', 295, 'a phone, 375px wide'],
    ['50000000', 1200, 'a wide page'],
  ])('a balance of %s more keeps its unit beside it, within %ipx (%s)', async (credit, width) => {
    // On a phone, under a balance as wide as the line, the unit went to a line of its own.
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = graceMinutes(harness);
    await sellerClient(harness).credits.credit({
      account_id: minutes.id,
      amount: credit,
      reference: 'huge',
      idempotency_key: 'huge',
    });
    renderWithBilling(
      <div style={{ width }}>
        <CreditsHistory />
      </div>,
      { harness },
    );
    const slot = (name: string) =>
      document.querySelector(`[data-slot="credits-history-${name}"]`) as HTMLElement;
    await waitFor(() => expect(slot('unit-label')).toHaveTextContent('minutes'));
    const amount = slot('balance-amount');
    const text = amount.textContent ?? '';
    // Each character's box, on the screen.
    const range = document.createRange();
    const node = (index: number) => {
      let rest = index;
      for (const child of amount.childNodes) {
        if (child.nodeType !== Node.TEXT_NODE) continue;
        const length = child.textContent?.length ?? 0;
        if (rest < length) return [child, rest] as const;
        rest -= length;
      }
      throw new Error(`no character ${index}`);
    };
    const charBox = (index: number) => {
      const [child, offset] = node(index);
      range.setStart(child, offset);
      range.setEnd(child, offset + 1);
      return range.getBoundingClientRect();
    };
    const last = charBox(text.length - 1);
    const unit = slot('unit-label').getBoundingClientRect();
    // The unit on the line of the amount's last digit, after it.
    expect(unit.top).toBeGreaterThanOrEqual(last.top);
    expect(unit.bottom).toBeLessThanOrEqual(last.bottom + 1);
    expect(unit.left).toBeGreaterThan(last.right);
    // Nothing wider than the column.
    const balance = slot('balance').getBoundingClientRect();
    expect(unit.right).toBeLessThanOrEqual(balance.right);
    expect(amount.getBoundingClientRect().right).toBeLessThanOrEqual(balance.right);
    // Where the whole part breaks, it breaks after a group separator ("50,037," / "632.5");
    // only a fraction too long for the line breaks anywhere.
    for (let i = 1; i < text.indexOf('.'); i++) {
      if (charBox(i).top > charBox(i - 1).top) expect(text[i - 1]).toBe(',');
    }
  });
});

describe('CreditsHistory laid out narrow', () => {
  test('on a phone a long account name keeps the account picker inside the column', async () => {
    // A select is as wide as its longest option: with this name the picker ran to x=655 in a
    // 360px column, and the page scrolled sideways.
    const name = 'Support minutes for the Enterprise plan, annual commitment (EU)';
    const rename = (account: CreditsAccount) => {
      if (account.name === 'Support minutes') account.name = name;
    };
    const harness = createBillingHarness({
      customer: 'cust_grace',
      editAnswer: (path, body: CreditsAccount | { data: CreditsAccount[] }) => {
        if (!path.startsWith('/v1/customer-credits/accounts')) return;
        if ('data' in body) body.data.forEach(rename);
        else rename(body);
      },
    });
    await onPhone(async () => {
      renderWithBilling(<CreditsHistory />, { harness });
      const picker = await screen.findByRole('combobox', { name: 'Credit account' });
      expect(picker).toHaveDisplayValue(name);
      await screen.findByRole('list', { name: 'Entries' });
      expectWithinColumn('credits-history');
    });
  });
});
