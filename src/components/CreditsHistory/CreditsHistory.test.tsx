import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import {
  type BillingHarness,
  BillingHarnessProvider,
  createBillingHarness,
  createTestQueryClient,
  renderWithBilling,
} from '../../../test/support/billing-harness.js';
import { recordLiveRegion } from '../../../test/support/screen-reader.js';
import { renderToStringWithBilling } from '../../../test/support/server-render.js';
import { measured } from '../../../test/support/virtualizer.js';
import { addAmounts, formatAmount } from '../../contract/amount.js';
import { billingKeys } from '../../react/keys.js';
import { useReverseCreditTransaction } from '../../react/mutations.js';
import {
  creditsAccountsOptions,
  creditsBalanceOptions,
  creditsHistoryOptions,
} from '../../react/options.js';
import { createProxyClient } from '../../react/proxy-client.js';
import { CreditsHistory } from './CreditsHistory.js';

/** A signed-in customer with no credit account. */
const NO_ACCOUNTS = 'cust_6JTPBSa6Jc3IaOKpfUhnof';

function accountOf(harness: BillingHarness, customer: string, name?: string) {
  const account = harness.sandbox
    .fixtures()
    .credit_accounts.find((a) => a.customer_id === customer && (!name || a.name === name));
  if (!account) throw new Error(`seed changed: ${customer} has no account ${name ?? ''}`);
  return account;
}

/** The account's entries as the service holds them, newest first. */
function entriesNewestFirst(harness: BillingHarness, accountId: string) {
  return harness.sandbox
    .inspect()
    .credit_entries.filter((e) => e.account_id === accountId)
    .reverse();
}

/** Another actor (the seller's server) credits the account while the page is open. */
async function creditInSandbox(
  harness: BillingHarness,
  accountId: string,
  amount: string,
  key: string,
) {
  const response = await harness.sandbox.fetch(
    `${harness.sandbox.baseUrl}/v1/customer-credits/accounts/${accountId}/credit`,
    {
      method: 'POST',
      headers: { 'x-api-key': harness.sandbox.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount, reference: `test:${key}`, idempotency_key: key }),
    },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

function rows(listName = 'Entries') {
  return within(screen.getByRole('list', { name: listName })).getAllByRole('listitem');
}

function rowText(row: HTMLElement) {
  const part = (name: string) =>
    row.querySelector(`[data-slot="credits-history-${name}"]`)?.textContent ?? '';
  return { side: part('side'), amount: part('amount'), reversal: part('reversal') };
}

async function findViewport() {
  return waitFor(() => {
    const viewport = document.querySelector('[data-slot="credits-history-viewport"]');
    if (!viewport) throw new Error('no list yet');
    return viewport as HTMLElement;
  });
}

async function findBalance() {
  return waitFor(() => {
    const amount = document.querySelector('[data-slot="credits-history-balance-amount"]');
    if (!amount?.textContent) throw new Error('no balance yet');
    return amount as HTMLElement;
  });
}

describe('CreditsHistory: balance and entries', () => {
  test('shows the exact balance of a 1,000+ entry account with its unit, then the newest entries with side and sign', async () => {
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const service = entriesNewestFirst(harness, account.id);
    expect(service.length).toBeGreaterThan(1000);
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { harness });

    const region = await screen.findByRole('region', { name: 'Credits history' });
    const exact = harness.sandbox.inspect().credit_balances[account.id] as string;
    expect(await findBalance()).toHaveTextContent(formatAmount(exact, { locale: 'en-US' }));
    expect(within(region).getByText('credits')).toHaveAttribute(
      'data-slot',
      'credits-history-unit-label',
    );
    // One account: no picker.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    for (const [i, row] of rows().entries()) {
      const entry = service[i];
      if (!entry) throw new Error('more rows than entries');
      // CreditsHistory writes a debit's minus as U+2212 (formatMoney's own negatives keep the
      // hyphen-minus; BillingHistory uses U+2212 only in its discount cell, `−{amount}`).
      const sign = entry.side === 'credit' ? '+' : '\u2212';
      expect(rowText(row)).toMatchObject({
        side: entry.side === 'credit' ? 'Credit' : 'Debit',
        amount: `${sign}${entry.amount}`,
      });
      expect(row).toHaveAttribute('data-state', entry.side);
      expect(row).toHaveAttribute('aria-posinset', String(i + 1));
      expect(row).toHaveAttribute('aria-setsize', '-1');
      const time = within(row).getByText(/2026/).closest('time');
      expect(time).toHaveAttribute('datetime', entry.created_at);
      // The parts read apart: "Debit Jan 15, 2026, 10:02 AM −2".
      const { side, reversal, amount } = rowText(row);
      expect(row.textContent).toBe(
        [side, reversal, time?.textContent, amount].filter(Boolean).join(' '),
      );
    }
    // A no-break space joins the amount and its unit: the unit never starts a line.
    expect((await findBalance()).closest('p')?.textContent).toMatch(
      /^Balance [\d,.]+\u00a0credits as of /,
    );
    // What crossed the wire: the first page, newest first, no cursor.
    const first = harness.requests.find((r) => r.route === 'creditEntries');
    expect(first?.query).toEqual({ limit: '50' });
  });

  test('without a virtualizer prop (jsdom measures the list 0 tall) the newest entries still show, a bounded few', async () => {
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const service = entriesNewestFirst(harness, account.id);
    renderWithBilling(<CreditsHistory />, { harness });

    // Taken as ten rows tall: ten rows and the five of the overscan below them.
    await waitFor(() => expect(rows()).toHaveLength(15));
    const debits = service.slice(0, 15).filter((e) => e.side === 'debit');
    expect(debits.length).toBeGreaterThan(0);
    for (const [i, row] of rows().entries()) {
      const entry = service[i];
      if (!entry) throw new Error('more rows than entries');
      expect(rowText(row)).toMatchObject({
        side: entry.side === 'credit' ? 'Credit' : 'Debit',
        amount: `${entry.side === 'credit' ? '+' : '\u2212'}${formatAmount(entry.amount, { locale: 'en-US' })}`,
      });
      expect(within(row).getByText(/2026/).closest('time')).toHaveAttribute(
        'datetime',
        entry.created_at,
      );
    }
    // Still virtualised: scrolled down, the rows there replace the first ones.
    const viewport = await findViewport();
    act(() => {
      viewport.scrollTop = 30 * 56;
      fireEvent.scroll(viewport);
    });
    await waitFor(() =>
      expect(rows().some((r) => r.getAttribute('aria-posinset') === '31')).toBe(true),
    );
    expect(rows().length).toBeLessThanOrEqual(10 + 2 * 5 + 1);
  });

  test('virtualizer options passed as undefined keep the defaults (ten rows tall, overscan 5)', async () => {
    const harness = createBillingHarness();
    renderWithBilling(
      <CreditsHistory
        virtualizer={{ overscan: undefined, initialRect: undefined, observeElementRect: undefined }}
      />,
      { harness },
    );
    // TanStack's own defaults (overscan 1, a 0 × 0 rect) would show 1 row, not 15.
    await waitFor(() => expect(rows()).toHaveLength(15));
  });

  test('an amount beyond 2^53 is shown exactly, in the balance and in its entry', async () => {
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = accountOf(harness, 'cust_grace', 'Support minutes');
    const huge = '9007199254740993.25';
    await creditInSandbox(harness, minutes.id, huge, 'huge-1');
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { harness });

    const exact = harness.sandbox.inspect().credit_balances[minutes.id];
    expect(exact).toBe(addAmounts('150.5', huge));
    expect(await findBalance()).toHaveTextContent('9,007,199,254,741,143.75');
    expect(screen.getByText('minutes')).toBeVisible();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rowText(rows()[0] as HTMLElement).amount).toBe('+9,007,199,254,740,993.25');
  });

  test('an entry whose amount is not a decimal string is shown as sent; the rest still render', async () => {
    // The contract types an amount as any string: one odd entry from the service must not take
    // the whole history down. The proxy's answer is rewritten on its way to the page.
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = accountOf(harness, 'cust_grace', 'Support minutes');
    const odd = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await harness.fetch(input, init);
      if (!String(input).includes('/entries')) return response;
      const body = (await response.json()) as { data: Array<{ amount: string }> };
      if (body.data[0]) body.data[0].amount = '1e3';
      return new Response(JSON.stringify(body), {
        status: response.status,
        headers: response.headers,
      });
    };
    renderWithBilling(<CreditsHistory accountId={minutes.id} virtualizer={measured} />, {
      harness,
      provider: { fetch: odd },
    });
    await waitFor(() => expect(rows().length).toBeGreaterThan(1));
    expect(rowText(rows()[0] as HTMLElement).amount).toBe('1e3');
    expect(rowText(rows()[1] as HTMLElement).amount).toMatch(/^[+−-][\d,.]+$/);
  });

  test('German: amounts, dates and words in de-DE', async () => {
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = accountOf(harness, 'cust_grace', 'Support minutes');
    await creditInSandbox(harness, minutes.id, '1234567.5', 'de-1');
    renderWithBilling(<CreditsHistory virtualizer={measured} />, {
      harness,
      provider: { locale: 'de-DE' },
    });
    await screen.findByRole('region', { name: 'Guthabenverlauf' });
    expect(await findBalance()).toHaveTextContent('1.234.718');
    await waitFor(() => expect(rows('Einträge')).toHaveLength(3));
    const newest = rows('Einträge')[0] as HTMLElement;
    expect(rowText(newest)).toMatchObject({ side: 'Gutschrift', amount: '+1.234.567,5' });
    expect(within(newest).getByText(/^15\.01\.2026, \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Guthabenkonto' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Neuere Einträge laden' })).toBeVisible();
  });
});

describe('CreditsHistory: loading older and newer entries', () => {
  test('"Load older" reads the page after the last entry shown', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const service = entriesNewestFirst(harness, account.id);
    renderWithBilling(
      <CreditsHistory virtualizer={measured} pageSize={20} autoLoadThreshold={0} />,
      { harness },
    );
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(harness.count('creditEntries')).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(harness.count('creditEntries')).toBe(2));
    expect(harness.requests.filter((r) => r.route === 'creditEntries')[1]?.query).toEqual({
      limit: '20',
      starting_after: service[19]?.id,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Older entries loaded: 20');
  });

  test('scrolling near the end loads older entries by itself', async () => {
    const harness = createBillingHarness();
    renderWithBilling(<CreditsHistory virtualizer={measured} pageSize={30} />, { harness });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(harness.count('creditEntries')).toBe(1);

    const viewport = await findViewport();
    viewport.scrollTop = 12 * 56; // rows 12 to 22 of 30 in view: within 10 of the end
    fireEvent.scroll(viewport);
    await waitFor(() => expect(harness.count('creditEntries')).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Older entries loaded: 30'),
    );
    // A small scroll does not ask again.
    viewport.scrollTop = 14 * 56;
    fireEvent.scroll(viewport);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(harness.count('creditEntries')).toBe(2);
  });

  test('entries credited in the sandbox appear with "Load newer", with the new balance', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const before = entriesNewestFirst(harness, account.id);
    const balanceBefore = harness.sandbox.inspect().credit_balances[account.id] as string;
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { harness });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await findBalance();

    await creditInSandbox(harness, account.id, '700', 'newer-1');
    await creditInSandbox(harness, account.id, '0.25', 'newer-2');
    await user.click(screen.getByRole('button', { name: 'Load newer entries' }));

    await waitFor(() => expect(rowText(rows()[0] as HTMLElement).amount).toBe('+0.25'));
    expect(rowText(rows()[1] as HTMLElement).amount).toBe('+700');
    expect(rows()[2]).toHaveAttribute('aria-posinset', '3');
    expect(screen.getByRole('status')).toHaveTextContent('Newer entries loaded: 2');
    const newer = harness.requests.filter(
      (r) => r.route === 'creditEntries' && r.query.ending_before,
    );
    expect(newer[0]?.query).toEqual({ limit: '50', ending_before: before[0]?.id });
    const exact = harness.sandbox.inspect().credit_balances[account.id] as string;
    await waitFor(async () =>
      expect(await findBalance()).toHaveTextContent(formatAmount(exact, { locale: 'en-US' })),
    );
    expect(exact).toBe(addAmounts(addAmounts(balanceBefore, '700'), '0.25'));

    // Nothing newer: said so, and the button stays for later.
    await user.click(screen.getByRole('button', { name: 'Load newer entries' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No newer entries.'));
    await creditInSandbox(harness, account.id, '3', 'newer-3');
    await user.click(screen.getByRole('button', { name: 'Load newer entries' }));
    await waitFor(() => expect(rowText(rows()[0] as HTMLElement).amount).toBe('+3'));
  });

  test('a second "Load newer" with nothing newer says "No newer entries." again', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_grace' });
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { harness });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const said = recordLiveRegion(screen.getByRole('status'));
    const newer = screen.getByRole('button', { name: 'Load newer entries' });

    await user.click(newer);
    await waitFor(() => expect(said()).toEqual(['No newer entries.']));
    await user.click(newer);
    await waitFor(() => expect(said()).toEqual(['No newer entries.', 'No newer entries.']));
    expect(harness.count('creditEntries')).toBe(3);
  });

  test('two loads of one new entry each are both said', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = accountOf(harness, 'cust_grace', 'Support minutes');
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { harness });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const said = recordLiveRegion(screen.getByRole('status'));
    const newer = screen.getByRole('button', { name: 'Load newer entries' });

    await creditInSandbox(harness, minutes.id, '5', 'said-again-1');
    await user.click(newer);
    await waitFor(() => expect(rowText(rows()[0] as HTMLElement).amount).toBe('+5'));
    await waitFor(() => expect(said()).toEqual(['Newer entries loaded: 1']));
    await creditInSandbox(harness, minutes.id, '7', 'said-again-2');
    await user.click(newer);
    await waitFor(() => expect(rowText(rows()[0] as HTMLElement).amount).toBe('+7'));
    await waitFor(() =>
      expect(said()).toEqual(['Newer entries loaded: 1', 'Newer entries loaded: 1']),
    );
  });
});

/** A page that keeps the shown account in its own state. */
function ControlledHistory({ initial, seen }: { initial: string; seen: string[] }) {
  const [id, setId] = useState(initial);
  return (
    <CreditsHistory
      virtualizer={measured}
      accountId={id}
      onAccountChange={(next) => {
        seen.push(next);
        setId(next);
      }}
    />
  );
}

describe('CreditsHistory: accounts', () => {
  test('with several accounts a picker switches between them (uncontrolled)', async () => {
    const user = userEvent.setup();
    const onAccountChange = vi.fn();
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const promo = accountOf(harness, 'cust_grace', 'Promo credits');
    renderWithBilling(<CreditsHistory virtualizer={measured} onAccountChange={onAccountChange} />, {
      harness,
    });
    const picker = await screen.findByRole('combobox', { name: 'Credit account' });
    // The active account comes first; the frozen one says so.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Support minutes', 'Promo credits (Frozen)']));
    expect(picker).toHaveDisplayValue('Support minutes');
    expect(await findBalance()).toHaveTextContent('150.5');

    await user.selectOptions(picker, 'Promo credits (Frozen)');
    expect(onAccountChange).toHaveBeenCalledWith(promo.id, {
      account: expect.objectContaining({ id: promo.id }),
    });
    await waitFor(async () => expect(await findBalance()).toHaveTextContent('250'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rowText(rows()[0] as HTMLElement)).toMatchObject({ side: 'Credit', amount: '+250' });
    expect(
      harness.requests.some((r) => r.route === 'creditEntries' && r.path.includes(promo.id)),
    ).toBe(true);
  });

  test('an account that is not active is worded by the catalogue, which the app may override', async () => {
    renderWithBilling(<CreditsHistory virtualizer={measured} />, {
      customer: 'cust_grace',
      provider: { messages: { 'creditsHistory.accountOption': '{name} – {status}' } },
    });
    const picker = await screen.findByRole('combobox', { name: 'Credit account' });
    expect(within(picker).getByRole('option', { name: 'Promo credits – Frozen' })).toBeVisible();
  });

  test('controlled: accountId decides, onAccountChange reports', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = accountOf(harness, 'cust_grace', 'Support minutes');
    const promo = accountOf(harness, 'cust_grace', 'Promo credits');
    const seen: string[] = [];
    renderWithBilling(<ControlledHistory initial={promo.id} seen={seen} />, { harness });
    expect(await findBalance()).toHaveTextContent('250');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Credit account' }),
      'Support minutes',
    );
    expect(seen).toEqual([minutes.id]);
    await waitFor(async () => expect(await findBalance()).toHaveTextContent('150.5'));
  });

  test('an account nothing has been credited to yet: a zero balance and the empty state', async () => {
    const user = userEvent.setup();
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { customer: 'cust_linus' });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Credit account' }),
      'Referral credits',
    );
    expect(await screen.findByText('No credits have been added or used yet.')).toBeVisible();
    await waitFor(async () => expect(await findBalance()).toHaveTextContent('0'));
    expect(screen.queryByRole('list', { name: 'Entries' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Credits history' })).toHaveAttribute(
      'data-state',
      'empty',
    );
  });

  test('a customer without credit accounts is told so', async () => {
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { customer: NO_ACCOUNTS });
    expect(await screen.findByText('You have no credit accounts.')).toHaveAttribute(
      'data-slot',
      'credits-history-empty',
    );
    expect(screen.getByRole('region', { name: 'Credits history' })).toHaveAttribute(
      'data-state',
      'empty',
    );
  });
});

/** The seller's own reverse button, as an admin page beside the history would have it. */
function ReverseButton({ accountId, transactionId }: { accountId: string; transactionId: string }) {
  const reverse = useReverseCreditTransaction();
  return (
    <button
      type="button"
      onClick={() => reverse.mutate({ account_id: accountId, transaction_id: transactionId })}
    >
      Reverse the newest credit
    </button>
  );
}

describe('CreditsHistory: reversals', () => {
  test('after a reversal the reversing entry says "Reversal" and the original "Reversed"', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_grace', admin: true });
    const minutes = accountOf(harness, 'cust_grace', 'Support minutes');
    const goodwill = entriesNewestFirst(harness, minutes.id)[0];
    if (!goodwill) throw new Error('seed changed');
    renderWithBilling(
      <>
        <CreditsHistory virtualizer={measured} />
        <ReverseButton accountId={minutes.id} transactionId={goodwill.transaction_id} />
      </>,
      { harness },
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('Reversal')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reverse the newest credit' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rowText(rows()[0] as HTMLElement)).toEqual({
      side: 'Debit',
      amount: '\u221230.5',
      reversal: 'Reversal',
    });
    expect(rowText(rows()[1] as HTMLElement)).toEqual({
      side: 'Credit',
      amount: '+30.5',
      reversal: 'Reversed',
    });
    expect(rowText(rows()[2] as HTMLElement).reversal).toBe('');
    await waitFor(async () => expect(await findBalance()).toHaveTextContent('120'));
  });

  test('a reversal made through the proxy is marked after a reload: a new render, a fresh QueryClient', async () => {
    const harness = createBillingHarness({ customer: 'cust_grace', admin: true });
    const minutes = accountOf(harness, 'cust_grace', 'Support minutes');
    const goodwill = entriesNewestFirst(harness, minutes.id)[0];
    if (!goodwill) throw new Error('seed changed');
    // The seller's admin page reverses the credit, then the customer's page is opened anew.
    const props = harness.providerProps();
    const admin = createProxyClient({ basePath: props.basePath, fetch: props.fetch });
    const reversal = await admin.adminReverse({
      account_id: minutes.id,
      transaction_id: goodwill.transaction_id,
    });
    expect(reversal.reversal_of).toBe(goodwill.transaction_id);

    for (let load = 0; load < 2; load++) {
      const view = renderWithBilling(<CreditsHistory />, {
        harness,
        queryClient: createTestQueryClient(),
      });
      await waitFor(() => expect(rows()).toHaveLength(3));
      expect(rowText(rows()[0] as HTMLElement)).toEqual({
        side: 'Debit',
        amount: '\u221230.5',
        reversal: 'Reversal',
      });
      expect(rowText(rows()[1] as HTMLElement)).toMatchObject({
        amount: '+30.5',
        reversal: 'Reversed',
      });
      expect(rowText(rows()[2] as HTMLElement).reversal).toBe('');
      view.unmount();
    }
    // One reversal; each load read the entries anew from the proxy, which marked them.
    expect(harness.count('adminReverse')).toBe(1);
    expect(harness.count('creditEntries')).toBe(2);
  });

  test('a reversal made outside the proxy (the service itself) is not marked', async () => {
    const harness = createBillingHarness({ customer: 'cust_grace' });
    const minutes = accountOf(harness, 'cust_grace', 'Support minutes');
    const goodwill = entriesNewestFirst(harness, minutes.id)[0];
    if (!goodwill) throw new Error('seed changed');
    const response = await harness.sandbox.fetch(
      `${harness.sandbox.baseUrl}/v1/customer-credits/accounts/${minutes.id}/reverse`,
      {
        method: 'POST',
        headers: { 'x-api-key': harness.sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ transaction_id: goodwill.transaction_id }),
      },
    );
    expect(response.status).toBe(201);
    renderWithBilling(<CreditsHistory />, { harness });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rowText(rows()[0] as HTMLElement)).toEqual({
      side: 'Debit',
      amount: '\u221230.5',
      reversal: '',
    });
    expect(rowText(rows()[1] as HTMLElement).reversal).toBe('');
  });

  test('transactions the app passes mark the seeded reversal deep in the history', async () => {
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const { credit_transactions } = harness.sandbox.inspect();
    const reversal = credit_transactions.find((tx) => tx.reversal_of);
    const service = entriesNewestFirst(harness, account.id);
    const at = service.findIndex((e) => e.transaction_id === reversal?.id);
    const original = service.findIndex((e) => e.transaction_id === reversal?.reversal_of);
    expect(at).toBeGreaterThan(100);

    const queryClient = createTestQueryClient();
    await prefetchEveryEntry(harness, queryClient, account.id);
    renderWithBilling(
      <CreditsHistory virtualizer={measured} transactions={credit_transactions} />,
      { harness, queryClient },
    );
    const viewport = await findViewport();
    for (const [index, marker] of [
      [at, 'Reversal'],
      [original, 'Reversed'],
    ] as const) {
      act(() => {
        viewport.scrollTop = index * 56;
        fireEvent.scroll(viewport);
      });
      // Rendering a window a thousand rows down takes jsdom over a second on a busy machine.
      const row = await waitFor(
        () => {
          const found = rows().find((r) => r.getAttribute('aria-posinset') === String(index + 1));
          if (!found) throw new Error(`row ${index + 1} not rendered`);
          return found;
        },
        { timeout: 5000 },
      );
      expect(rowText(row).reversal).toBe(marker);
    }
  });
});

/** Reads every page of an account into the cache, as an app's prefetch would. */
async function prefetchEveryEntry(
  harness: BillingHarness,
  queryClient: ReturnType<typeof createTestQueryClient>,
  accountId: string,
) {
  const props = harness.providerProps();
  const client = createProxyClient({ basePath: props.basePath, fetch: props.fetch });
  const total = entriesNewestFirst(harness, accountId).length;
  await queryClient.prefetchInfiniteQuery({
    ...creditsHistoryOptions(client, { accountId, limit: 100 }),
    pages: Math.ceil(total / 100),
  });
  return total;
}

describe('CreditsHistory: a bounded DOM', () => {
  test('every one of 1,100 entries loaded, a handful rendered, the set size known', async () => {
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const queryClient = createTestQueryClient();
    const total = await prefetchEveryEntry(harness, queryClient, account.id);
    expect(total).toBe(1100);
    renderWithBilling(<CreditsHistory virtualizer={measured} pageSize={100} />, {
      harness,
      queryClient,
    });

    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    // Ten rows in view, five more on each side, and the row that holds the focus stop.
    const bound = 10 + 2 * 5 + 1;
    expect(rows().length).toBeLessThanOrEqual(bound);
    expect(rows()[0]).toHaveAttribute('aria-setsize', '1100');
    expect(screen.getByRole('status')).toHaveTextContent('All entries shown: 1,100.');
    expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Entries' });
    expect(list.style.height).toBe(`${1100 * 56}px`);

    // Deep in the list: still a handful of rows, the right ones.
    const viewport = await findViewport();
    act(() => {
      viewport.scrollTop = 1000 * 56;
      fireEvent.scroll(viewport);
    });
    await waitFor(() =>
      expect(rows().some((r) => r.getAttribute('aria-posinset') === '1001')).toBe(true),
    );
    expect(rows().length).toBeLessThanOrEqual(bound);
    expect(document.querySelectorAll('li').length).toBeLessThanOrEqual(bound);
  });
});

describe('CreditsHistory: server rendering', () => {
  test('with prefetched data and an initial size, the server HTML holds the balance and the first rows', async () => {
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const html = await renderToStringWithBilling(
      <CreditsHistory virtualizer={{ initialRect: { width: 640, height: 280 } }} />,
      {
        harness,
        prefetch: (qc, client) =>
          Promise.all([
            qc.prefetchQuery(creditsAccountsOptions(client)),
            qc.prefetchQuery(creditsBalanceOptions(client, { accountId: account.id })),
            // The factory's default page size is the component's.
            qc.prefetchInfiniteQuery(creditsHistoryOptions(client, { accountId: account.id })),
          ]),
      },
    );
    const exact = harness.sandbox.inspect().credit_balances[account.id] as string;
    expect(html).toContain(formatAmount(exact, { locale: 'en-US' }));
    // 280 px hold five 56 px rows; the virtualiser adds its overscan below them.
    const rows = html.match(/data-slot="credits-history-row"/g) ?? [];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.length).toBeLessThanOrEqual(5 + 5 + 1);
    expect(html).not.toContain('data-slot="credits-history-skeleton"');
  });

  test('without a virtualizer prop, the server HTML holds the newest rows, and hydrates as rendered', async () => {
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const service = entriesNewestFirst(harness, account.id);
    const queryClient = createTestQueryClient();
    const props = harness.providerProps();
    const client = createProxyClient({ basePath: props.basePath, fetch: props.fetch });
    await Promise.all([
      queryClient.prefetchQuery(creditsAccountsOptions(client)),
      queryClient.prefetchQuery(creditsBalanceOptions(client, { accountId: account.id })),
      queryClient.prefetchInfiniteQuery(creditsHistoryOptions(client, { accountId: account.id })),
    ]);
    const html = renderToString(
      <BillingHarnessProvider harness={harness} queryClient={queryClient}>
        <CreditsHistory />
      </BillingHarnessProvider>,
    );
    // Ten rows tall before it is measured, and the overscan below.
    expect(html.match(/data-slot="credits-history-row"/g)).toHaveLength(15);
    const newest = service[0];
    if (!newest) throw new Error('seed changed');
    const sign = newest.side === 'credit' ? '+' : '\u2212';
    expect(html).toContain(`${sign}${formatAmount(newest.amount, { locale: 'en-US' })}`);
    expect(html.toLowerCase()).toContain(`datetime="${newest.created_at.toLowerCase()}"`);

    // The browser's first render matches it: no hydration error, the same rows.
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches: unknown[] = [];
    renderWithBilling(<CreditsHistory />, {
      harness,
      queryClient,
      container,
      hydrate: true,
      onRecoverableError: (error) => mismatches.push(error),
    });
    await waitFor(() => expect(rows()).toHaveLength(15));
    expect(mismatches).toEqual([]);
    expect(rowText(rows()[0] as HTMLElement).amount).toBe(
      `${sign}${formatAmount(newest.amount, { locale: 'en-US' })}`,
    );
  });
});

describe('CreditsHistory: loading, errors and retry', () => {
  test('a skeleton while loading, busy, then the entries', async () => {
    const harness = createBillingHarness();
    const release = harness.hold('creditEntries');
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { harness });
    const skeleton = await screen.findByRole('status', { name: 'Loading credits…' });
    expect(skeleton).toHaveAttribute('data-slot', 'credits-history-skeleton');
    // The account and its balance are there; its entries are still on their way.
    await findBalance();
    const region = screen.getByRole('region', { name: 'Credits history' });
    expect(region).toHaveAttribute('data-state', 'loading');
    expect(region).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(screen.queryByRole('status', { name: 'Loading credits…' })).not.toBeInTheDocument();
  });

  test('a failed history shows an alert; retry reads it again', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    harness.failNext({ route: 'creditEntries', with: 500 });
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { harness });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The credits history could not be loaded.');
    expect(alert).toHaveAttribute('data-state', 'history');
    const region = screen.getByRole('region', { name: 'Credits history' });
    expect(region).toHaveAttribute('data-state', 'error');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    // The alert goes while the history loads again: its focus goes to the region's heading.
    expect(screen.getByRole('heading', { name: 'Credits history' })).toHaveFocus();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(region).toHaveAttribute('data-state', 'ready');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(harness.count('creditEntries')).toBe(2);
  });

  test('failed accounts: an error state on the root, then retry', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    harness.failNext({ route: 'creditAccounts', with: 'network' });
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { harness });
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('region', { name: 'Credits history' })).toHaveAttribute(
      'data-state',
      'error',
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Credits history' })).toHaveFocus();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
  });

  test('signed out (the proxy answers 401): asks to sign in, with no Try again', async () => {
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const { rerender } = renderWithBilling(<CreditsHistory virtualizer={measured} />, {
      harness,
      customer: null,
    });
    let alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please sign in to continue.');
    expect(within(alert).queryByRole('button')).toBeNull();
    // An account the app names: its balance and entries meet the same 401.
    rerender(<CreditsHistory virtualizer={measured} accountId={account.id} />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveAttribute('data-state', 'history'));
    alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please sign in to continue.');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  test('coming back online does not read every loaded page again', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    const { queryClient } = renderWithBilling(
      <CreditsHistory virtualizer={measured} pageSize={20} autoLoadThreshold={0} />,
      { harness },
    );
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const loaded of [2, 3]) {
      await user.click(screen.getByRole('button', { name: 'Load older entries' }));
      await waitFor(() => expect(harness.count('creditEntries')).toBe(loaded));
    }
    await queryClient.invalidateQueries({
      queryKey: billingKeys.credits.entries(account.id),
      refetchType: 'none',
    });
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    // A refetch would start at once; give it the time to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(harness.count('creditEntries')).toBe(3);
  });

  test('"Load older" bringing the last page goes, handing its focus to the list, and says all are shown', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_grace' });
    renderWithBilling(
      <CreditsHistory virtualizer={measured} pageSize={1} autoLoadThreshold={0} />,
      { harness },
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument();
    // The end is said, not how many came with the last page ("Older entries loaded: 1").
    expect(screen.getByRole('status')).toHaveTextContent('All entries shown: 2.');
    // On the entry it was below; the older one follows with the arrow key.
    expect(rows()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(rows()[1]).toHaveFocus();
  });

  test('a failed "Load newer": retry hands the focus to "Load newer" and reads again', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: 'cust_grace' });
    renderWithBilling(<CreditsHistory virtualizer={measured} />, { harness });
    await waitFor(() => expect(rows()).toHaveLength(2));
    harness.failNext({ route: 'creditEntries', with: 503 });
    await user.click(screen.getByRole('button', { name: 'Load newer entries' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-state', 'newer');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Load newer entries' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No newer entries.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a failed "Load older" keeps the entries shown and retries from the same place', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    renderWithBilling(
      <CreditsHistory virtualizer={measured} pageSize={20} autoLoadThreshold={0} />,
      { harness },
    );
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    harness.failNext({ route: 'creditEntries', with: 503 });
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-state', 'older');
    expect(rows().length).toBeGreaterThan(0);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    // The alert goes: its focus moves to the button that does the same again.
    expect(screen.getByRole('button', { name: 'Load older entries' })).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Older entries loaded: 20'),
    );
    const older = harness.requests.filter((r) => r.query.starting_after);
    expect(older).toHaveLength(2);
    expect(older[0]?.query).toEqual(older[1]?.query);
  });

  test('a failed load leaves the alert alone in what is said, not the result of the load before', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    const account = accountOf(harness, 'cust_ada');
    renderWithBilling(
      <CreditsHistory virtualizer={measured} pageSize={20} autoLoadThreshold={0} />,
      { harness },
    );
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const status = screen.getByRole('status');
    const record = recordLiveRegion(status);
    // "Loading entries…" while "Load older" reads is said or not as the answer is fast or slow.
    const said = () => record().filter((text) => text !== 'Loading entries…');
    await creditInSandbox(harness, account.id, '5', 'before-failures');
    await user.click(screen.getByRole('button', { name: 'Load newer entries' }));
    await waitFor(() => expect(said()).toEqual(['Newer entries loaded: 1']));

    harness.failNext({ route: 'creditEntries', with: 503 });
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    expect(await screen.findByRole('alert')).toHaveAttribute('data-state', 'older');
    expect(status.textContent).toBe('');
    expect(said()).toEqual(['Newer entries loaded: 1']);

    harness.failNext({ route: 'creditEntries', with: 503 });
    await user.click(screen.getByRole('button', { name: 'Load newer entries' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveAttribute('data-state', 'newer'));
    expect(status.textContent).toBe('');
    expect(said()).toEqual(['Newer entries loaded: 1']);
    expect(harness.count('creditEntries')).toBe(4);
  });
});
