import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import {
  type BillingHarness,
  createBillingHarness,
  renderWithBilling,
  sellerClient,
} from '../../../test/support/billing-harness.js';
import { recordLiveRegion } from '../../../test/support/screen-reader.js';
import { renderToStringWithBilling } from '../../../test/support/server-render.js';
import { type Transaction, transactionStatuses } from '../../contract/schemas.js';
import { transactionsOptions } from '../../react/options.js';
import { BillingHistory, type BillingHistoryPageChangeDetails } from './BillingHistory.js';

const ADA = 'cust_ada';

/** The service's own answer for a customer's transactions, read straight from the sandbox. */
async function servicePage(
  harness: BillingHarness,
  customerId: string,
  page: number,
  pageSize = 10,
  productId?: string,
) {
  const client = sellerClient(harness);
  return client.transactions.search({
    customer_id: customerId,
    page_number: page,
    page_size: pageSize,
    ...(productId ? { product_id: productId } : {}),
  });
}

/** Money as Intl writes it, from cents. */
const money = (cents: number, currency: string, locale = 'en-US') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
const day = (ms: number, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(ms);

function table() {
  return screen.getByRole('table', { name: 'Billing history' });
}

function bodyRows() {
  return within(table()).getAllByRole('row').slice(1);
}

function cellTexts(row: HTMLElement) {
  return [
    within(row).getByRole('rowheader').textContent,
    ...within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ];
}

/** What one row should say, from the service's transaction. */
function expectedRow(tx: Transaction, locale = 'en-US') {
  const none = '—';
  const m = (cents: number | null | undefined) =>
    typeof cents === 'number' ? money(cents, tx.currency, locale) : none;
  return [
    day(tx.created_at, locale),
    tx.description,
    m(tx.amount),
    tx.discount_amount ? `−${m(tx.discount_amount)}` : none,
    m(tx.tax_amount),
    m(tx.amount_paid),
  ];
}

/** A seeded customer holding a transaction with this status. */
function customerWith(harness: BillingHarness, status: string) {
  const tx = harness.sandbox.inspect().transactions.find((t) => t.status === status);
  if (!tx?.customer) throw new Error(`no seeded transaction with status ${status}`);
  return { customer: tx.customer, transaction: tx };
}

/** A page held by its owner, starting at 2, four rows a page (unless told otherwise). */
function ControlledHistory({
  changes,
  start = 2,
  pageSize = 4,
}: {
  changes: Array<[number, BillingHistoryPageChangeDetails]>;
  start?: number;
  pageSize?: number;
}) {
  const [page, setPage] = useState(start);
  return (
    <BillingHistory
      page={page}
      pageSize={pageSize}
      onPageChange={(next, details) => {
        changes.push([next, details]);
        setPage(next);
      }}
    />
  );
}

describe('BillingHistory: what the customer sees', () => {
  test("Ada's first page equals the service's: caption, headers, every figure, status per row", async () => {
    const { harness } = renderWithBilling(<BillingHistory />, { customer: ADA });
    const expected = await servicePage(harness, ADA, 1);
    expect(expected.items.length).toBe(10);
    expect(expected.pagination.total_pages).toBe(2);

    await screen.findByRole('table', { name: 'Billing history' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Description', 'Amount', 'Discount', 'Tax', 'Amount paid', 'Status']);
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    rows.forEach((row, i) => {
      const tx = expected.items[i] as Transaction;
      expect(cellTexts(row).slice(0, 6)).toEqual(expectedRow(tx));
      expect(row).toHaveAttribute('data-state', tx.status);
      expect(within(row).getByText('Paid')).toHaveAttribute('data-state', 'paid');
      expect(within(row).getByRole('rowheader').querySelector('time')).toHaveAttribute(
        'datetime',
        new Date(tx.created_at).toISOString(),
      );
    });
    // Ada's ebook was bought in euros, with a discount.
    const ebook = expected.items.find((t) => t.currency === 'EUR') as Transaction;
    expect(ebook.discount_amount).toBeGreaterThan(0);
    expect(screen.getByText(money(ebook.amount, 'EUR'))).toBeVisible();

    const nav = screen.getByRole('navigation', { name: 'Billing history pages' });
    expect(within(nav).getByRole('status')).toHaveTextContent('Page 1 of 2');
    expect(nav.textContent).toBe('Previous page Page 1 of 2 Next page');
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(harness.requests.filter((r) => r.route === 'transactions')).toEqual([
      expect.objectContaining({ query: { page: '1', page_size: '10' } }),
    ]);
  });

  test('pages both ways, keeping the previous page on screen while the next loads', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<BillingHistory />, { customer: ADA });
    const first = await servicePage(harness, ADA, 1);
    const second = await servicePage(harness, ADA, 2);
    await screen.findByRole('table', { name: 'Billing history' });

    const release = harness.hold('transactions');
    const next = screen.getByRole('button', { name: 'Next page' });
    await user.click(next);
    // Page 2 is on its way: page 1's rows stay, marked busy.
    expect(await screen.findByText('Loading page 2…')).toBeVisible();
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole('region', { name: 'Billing history' })).toHaveAttribute(
      'data-state',
      'paging',
    );
    release();

    await waitFor(() => expect(bodyRows()).toHaveLength(second.items.length));
    expect(cellTexts(bodyRows()[0] as HTMLElement).slice(0, 6)).toEqual(
      expectedRow(second.items[0] as Transaction),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Page 2 of 2');
    expect(table()).not.toHaveAttribute('aria-busy');
    // At the end: Next stays focusable but refuses, so focus is not lost.
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(screen.getByRole('status')).toHaveTextContent('Page 2 of 2');

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(cellTexts(bodyRows()[0] as HTMLElement).slice(0, 6)).toEqual(
      expectedRow(first.items[0] as Transaction),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Page 1 of 2');
    expect(
      harness.requests.filter((r) => r.route === 'transactions').map((r) => r.query.page),
    ).toEqual(['1', '2']);
  });

  test('a controlled page follows its owner, who hears every request for another page', async () => {
    const user = userEvent.setup();
    const changes: Array<[number, BillingHistoryPageChangeDetails]> = [];
    const { harness } = renderWithBilling(<ControlledHistory changes={changes} />, {
      customer: ADA,
    });
    await screen.findByText('Page 2 of 3');
    expect(bodyRows()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 3 of 3');
    expect(bodyRows()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Page 2 of 3');
    expect(changes).toEqual([
      [3, { previous: 2, reason: 'next' }],
      [2, { previous: 3, reason: 'previous' }],
    ]);
    expect(harness.requests.filter((r) => r.route === 'transactions').map((r) => r.query)).toEqual([
      { page: '2', page_size: '4' },
      { page: '3', page_size: '4' },
    ]);
  });

  test('a controlled page whose owner does not move it stays put', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderWithBilling(<BillingHistory page={1} onPageChange={onPageChange} />, { customer: ADA });
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2, { previous: 1, reason: 'next' });
    expect(screen.getByRole('status')).toHaveTextContent('Page 1 of 2');
  });

  test('a new page size starts again at page 1: the old page may be past the end of the new', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: ADA });
    const all = await servicePage(harness, ADA, 1, 25);
    const view = renderWithBilling(<BillingHistory pageSize={5} />, { harness });
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 3 of 3');

    view.rerender(<BillingHistory pageSize={25} />);
    await screen.findByText('Page 1 of 1');
    expect(bodyRows().map((row) => cellTexts(row).slice(0, 6))).toEqual(
      all.items.map((tx) => expectedRow(tx)),
    );
    expect(screen.queryByText('No payments yet.')).toBeNull();
    expect(harness.requests.at(-1)?.query).toEqual({ page: '1', page_size: '25' });
  });

  test('an uncontrolled page past the end goes to the last page, never saying there are no payments', async () => {
    const harness = createBillingHarness({ customer: ADA });
    const last = await servicePage(harness, ADA, 2);
    // Page 7 answers at once; the last page (2) waits until released.
    const releaseFirst = harness.hold('transactions');
    renderWithBilling(<BillingHistory defaultPage={7} />, { harness });
    await waitFor(() => expect(harness.count('transactions')).toBe(1));
    const releaseLast = harness.hold('transactions');
    releaseFirst();
    await waitFor(() => expect(harness.count('transactions')).toBe(2));

    const region = screen.getByRole('region', { name: 'Billing history' });
    expect(screen.queryByText('No payments yet.')).toBeNull();
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading billing history…');
    releaseLast();

    await screen.findByText('Page 2 of 2');
    expect(bodyRows().map((row) => cellTexts(row).slice(0, 6))).toEqual(
      last.items.map((tx) => expectedRow(tx)),
    );
    expect(screen.queryByText('No payments yet.')).toBeNull();
    expect(
      harness.requests.filter((r) => r.route === 'transactions').map((r) => r.query.page),
    ).toEqual(['7', '2']);
  });

  test('a controlled page past the end says so and offers the last page through onPageChange', async () => {
    const user = userEvent.setup();
    const changes: Array<[number, BillingHistoryPageChangeDetails]> = [];
    const { harness } = renderWithBilling(
      <ControlledHistory changes={changes} start={7} pageSize={10} />,
      { customer: ADA },
    );
    const last = await servicePage(harness, ADA, 2);
    expect(await screen.findByText('This page is past the end of your payments.')).toBeVisible();
    expect(screen.queryByText('No payments yet.')).toBeNull();
    expect(screen.getByRole('region', { name: 'Billing history' })).toHaveAttribute(
      'data-state',
      'pastEnd',
    );

    await user.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await screen.findByText('Page 2 of 2');
    expect(bodyRows().map((row) => cellTexts(row).slice(0, 6))).toEqual(
      last.items.map((tx) => expectedRow(tx)),
    );
    expect(changes).toEqual([[2, { previous: 7, reason: 'last' }]]);
  });

  test('a controlled page past the end, in German', async () => {
    renderWithBilling(<BillingHistory page={9} onPageChange={() => {}} />, {
      customer: ADA,
      provider: { locale: 'de-DE' },
    });
    expect(
      await screen.findByText('Diese Seite liegt hinter dem Ende Ihrer Zahlungen.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Zur letzten Seite' })).toBeVisible();
  });

  test.each([
    [200, 100],
    [0, 1],
    [2.5, 2],
  ])('pageSize %s is taken as %s (the service sends 1 to 100 a page)', async (asked, sent) => {
    const harness = createBillingHarness({ customer: ADA });
    const expected = await servicePage(harness, ADA, 1, sent);
    renderWithBilling(<BillingHistory pageSize={asked} />, { harness });
    await screen.findByRole('table', { name: 'Billing history' });
    expect(bodyRows().map((row) => cellTexts(row).slice(0, 6))).toEqual(
      expected.items.map((tx) => expectedRow(tx)),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      `Page 1 of ${expected.pagination.total_pages}`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(harness.requests.at(-1)?.query).toEqual({ page: '1', page_size: String(sent) });
  });

  test('productId shows only that product’s payments, and says so when there are none', async () => {
    const harness = createBillingHarness({ customer: ADA });
    const ebook = 'prod_ebook';
    const expected = await servicePage(harness, ADA, 1, 10, ebook);
    expect(expected.items).toHaveLength(1);
    const view = renderWithBilling(<BillingHistory productId={ebook} />, { harness });
    await screen.findByRole('table', { name: 'Billing history' });
    expect(bodyRows().map((row) => cellTexts(row).slice(0, 6))).toEqual(
      expected.items.map((tx) => expectedRow(tx)),
    );
    expect(harness.requests.at(-1)?.query).toEqual({
      page: '1',
      page_size: '10',
      product_id: ebook,
    });

    view.rerender(<BillingHistory productId="prod_team_quarterly" />);
    expect(await screen.findByText('No payments for this product yet.')).toBeVisible();
  });

  test.each(transactionStatuses)('status "%s" is said in words', async (status) => {
    const harness = createBillingHarness();
    const { customer, transaction } = customerWith(harness, status);
    renderWithBilling(<BillingHistory pageSize={100} />, { harness, customer });
    await screen.findByRole('table', { name: 'Billing history' });
    const words: Record<string, string> = {
      pending: 'Pending',
      paid: 'Paid',
      refunded: 'Refunded',
      partialRefund: 'Partially refunded',
      chargedBack: 'Charged back',
      uncollectible: 'Uncollectible',
      declined: 'Declined',
      canceled: 'Canceled',
      void: 'Void',
    };
    const listed = await servicePage(harness, customer, 1, 100);
    const row = bodyRows()[listed.items.findIndex((t) => t.id === transaction.id)] as HTMLElement;
    expect(row).toHaveAttribute('data-state', status);
    expect(within(row).getByText(words[status] as string)).toHaveAttribute('data-state', status);
  });

  test('refunds show what went back, in full or in part', async () => {
    const harness = createBillingHarness();
    const full = customerWith(harness, 'refunded');
    renderWithBilling(<BillingHistory pageSize={100} />, { harness, customer: full.customer });
    const fullText = `${money(full.transaction.refunded_amount as number, full.transaction.currency)} refunded`;
    expect(await screen.findByText(fullText)).toHaveAttribute('data-state', 'full');

    const partial = customerWith(harness, 'partialRefund');
    const tx = partial.transaction;
    expect(tx.refunded_amount).toBeLessThan(tx.amount_paid as number);
    renderWithBilling(<BillingHistory pageSize={100} />, { harness, customer: partial.customer });
    const partialText = `${money(tx.refunded_amount as number, tx.currency)} refunded`;
    expect(await screen.findByText(partialText)).toHaveAttribute('data-state', 'partial');
  });

  test.each([
    // A partial refund the service sends without amount_paid: in part, as its status says.
    [{ status: 'partialRefund', amount: 1000, amount_paid: null, refunded_amount: 300 }, 'partial'],
    // A full refund of the amount, tax paid on top: in full, as its status says.
    [{ status: 'refunded', amount: 1000, amount_paid: 1200, refunded_amount: 1000 }, 'full'],
    // A status the library does not know: the amounts decide, against the amount.
    [{ status: 'disputed', amount: 1000, amount_paid: null, refunded_amount: 300 }, 'partial'],
  ])('the refund reads %o as in %s', async (fields, kind) => {
    const harness = createBillingHarness({
      customer: ADA,
      editAnswer: (path, body: { items: Transaction[] }) => {
        const first = body.items[0];
        if (path === '/v1/transactions/search' && first) Object.assign(first, fields);
      },
    });
    renderWithBilling(<BillingHistory />, { harness });
    const refund = await screen.findByText(`${money(fields.refunded_amount, 'USD')} refunded`);
    expect(refund).toHaveAttribute('data-state', kind);
  });

  test('the status and the refund read as two things, unstyled and to a screen reader', async () => {
    const harness = createBillingHarness();
    const { customer, transaction: tx } = customerWith(harness, 'refunded');
    renderWithBilling(<BillingHistory pageSize={100} />, { harness, customer });
    const refund = await screen.findByText(
      `${money(tx.refunded_amount as number, tx.currency)} refunded`,
    );
    // The cell's text, as it reads without CSS: not "Refunded$20.00 refunded".
    expect(refund.closest('td')).toHaveTextContent(
      `Refunded · ${money(tx.refunded_amount as number, tx.currency)} refunded`,
      { normalizeWhitespace: false },
    );
  });

  test('a status the library does not know is shown as the service sent it', async () => {
    // The service may add statuses: this one answers `disputed` for Ada's newest transaction.
    const harness = createBillingHarness({
      customer: ADA,
      editAnswer: (path, body: { items: Transaction[] }) => {
        if (path === '/v1/transactions/search' && body.items[0]) body.items[0].status = 'disputed';
      },
    });
    renderWithBilling(<BillingHistory />, { harness });
    await screen.findByRole('table', { name: 'Billing history' });
    const row = bodyRows()[0] as HTMLElement;
    expect(row).toHaveAttribute('data-state', 'disputed');
    expect(within(row).getByText('disputed')).toBeVisible();
  });

  test.each([
    ['en-US', 'Refunded'],
    ['de-DE', 'Erstattet'],
  ])(
    'a currency code Intl cannot format: that row shows the plain amount and the code, the table stays (%s)',
    async (locale, refundedWord) => {
      // The service sends "XYZ1" as one transaction's currency (with a discount and a refund).
      const harness = createBillingHarness({
        customer: ADA,
        editAnswer: (path, body: { items: Transaction[] }) => {
          const first = body.items[0];
          if (path !== '/v1/transactions/search' || !first) return;
          Object.assign(first, {
            currency: 'XYZ1',
            discount_amount: 250,
            status: 'refunded',
            refunded_amount: first.amount_paid,
          });
        },
      });
      const expected = await servicePage(harness, ADA, 1);
      renderWithBilling(<BillingHistory />, { harness, provider: { locale } });
      const table = await screen.findByRole('table');
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(expected.items.length);

      const tx = expected.items[0] as Transaction;
      // The raw amount, hundredths of the smallest unit, as a plain decimal: "20.00 XYZ1".
      const plain = (cents: number) => `${(cents / 100).toFixed(2)} XYZ1`;
      const optional = (cents: number | null | undefined) =>
        typeof cents === 'number' ? plain(cents) : '—';
      const refunded = locale === 'de-DE' ? 'erstattet' : 'refunded';
      expect(cellTexts(rows[0] as HTMLElement)).toEqual([
        day(tx.created_at, locale),
        tx.description,
        plain(tx.amount),
        `−${plain(250)}`,
        optional(tx.tax_amount),
        optional(tx.amount_paid),
        `${refundedWord} · ${plain(tx.amount_paid as number)} ${refunded}`,
      ]);
      rows.slice(1).forEach((row, i) => {
        expect(cellTexts(row).slice(0, 6)).toEqual(
          expectedRow(expected.items[i + 1] as Transaction, locale),
        );
      });
    },
  );

  test('German: headers, money, dates and paging in de-DE', async () => {
    const { harness } = renderWithBilling(<BillingHistory />, {
      customer: ADA,
      provider: { locale: 'de-DE' },
    });
    const expected = await servicePage(harness, ADA, 1);
    await screen.findByRole('table', { name: 'Rechnungsverlauf' });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    rows.forEach((row, i) => {
      expect(cellTexts(row).slice(0, 6)).toEqual(
        expectedRow(expected.items[i] as Transaction, 'de-DE'),
      );
      expect(within(row).getByText('Bezahlt', { selector: 'span' })).toBeVisible();
    });
    const euro = expected.items.find((t) => t.currency === 'EUR') as Transaction;
    // "19,00 €": comma decimals, the sign after the amount.
    expect(money(euro.amount, 'EUR', 'de-DE')).toMatch(/^\d+,\d\d\s€$/);
    // (Testing Library folds the no-break space of the DOM's text, not that of the query.)
    expect(screen.getByText(money(euro.amount, 'EUR', 'de-DE').replace(/\s/g, ' '))).toBeVisible();
    expect(day(euro.created_at, 'de-DE')).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    expect(screen.getByRole('status')).toHaveTextContent('Seite 1 von 2');
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeVisible();
  });
});

describe('BillingHistory: loading, error, empty', () => {
  test('a skeleton while the first page loads', async () => {
    const harness = createBillingHarness({ customer: ADA });
    const release = harness.hold('transactions');
    renderWithBilling(<BillingHistory />, { harness });
    const region = screen.getByRole('region', { name: 'Billing history' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Loading billing history…');
    release();
    await screen.findByRole('table', { name: 'Billing history' });
    expect(region).not.toHaveAttribute('aria-busy');
  });

  test('an error with a retry that loads the page', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: ADA });
    harness.failNext({ route: 'transactions', with: 503 });
    renderWithBilling(<BillingHistory />, { harness });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The billing history could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Billing history' });
    expect(bodyRows()).toHaveLength(10);
    expect(harness.count('transactions')).toBe(2);
  });

  test('Try again keeps the focus on the history while it loads, fails again, and shows the table', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: ADA });
    harness.failNext({ route: 'transactions', with: 503, times: 2 });
    renderWithBilling(<BillingHistory />, { harness });
    const region = screen.getByRole('region', { name: 'Billing history' });
    const first = await screen.findByRole('alert');

    const release = harness.hold('transactions');
    await user.click(within(first).getByRole('button', { name: 'Try again' }));
    // The alert and its button are gone while the page loads: the focus waits on the history.
    expect(await screen.findByText('Loading billing history…')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(region).toHaveFocus();
    release();

    // The retry failed too: the alert is back and the focus is still on the history.
    const second = await screen.findByRole('alert');
    expect(second).toHaveTextContent('The billing history could not be loaded.');
    expect(region).toHaveFocus();
    await user.click(within(second).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Billing history' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Billing history' })).toHaveFocus();
    expect(harness.count('transactions')).toBe(3);
  });

  test('signed out (the proxy answers 401): asks to sign in, with no Try again', async () => {
    renderWithBilling(<BillingHistory />, { customer: null });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please sign in to continue.');
    expect(alert).toHaveAttribute('data-state', 'auth');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  test('a failed later page keeps the way back', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: ADA });
    renderWithBilling(<BillingHistory />, { harness });
    await screen.findByRole('table', { name: 'Billing history' });
    harness.failNext({ route: 'transactions', with: 'network' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The billing history could not be loaded.',
    );
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByRole('table', { name: 'Billing history' });
    expect(screen.getByRole('status')).toHaveTextContent('Page 1 of 2');
  });

  test('a later page that fails is never called "Page 2 of 2": the pager says it only once it arrives', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness({ customer: ADA });
    renderWithBilling(<BillingHistory />, { harness });
    await screen.findByRole('table', { name: 'Billing history' });
    const info = screen.getByRole('status');
    const said = recordLiveRegion(info);

    let release = harness.hold('transactions');
    harness.failNext({ route: 'transactions', with: 503 });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(info).toHaveTextContent('Loading page 2…'));
    release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The billing history could not be loaded.');
    // What is shown: the alert and the pager (the way back), no table and no page number.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeVisible();
    expect(info.textContent).toBe('');
    expect(info).toHaveAttribute('data-state', 'error');
    expect(said()).toEqual(['Loading page 2…']);

    // Try again brings page 2: now it is said.
    release = harness.hold('transactions');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(info).toHaveTextContent('Loading page 2…'));
    release();
    await waitFor(() => expect(info).toHaveTextContent('Page 2 of 2'));
    expect(screen.getByRole('table', { name: 'Billing history' })).toBeVisible();
    expect(said()).toEqual(['Loading page 2…', 'Loading page 2…', 'Page 2 of 2']);
  });

  test('a buyer with no purchases, asked for page 3, sees the empty state on page 1', async () => {
    const { harness } = renderWithBilling(<BillingHistory defaultPage={3} />, {
      customer: { email: 'new.buyer@example.com' },
    });
    expect(await screen.findByText('No payments yet.')).toBeVisible();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(
      harness.requests.filter((r) => r.route === 'transactions').map((r) => r.query.page),
    ).toEqual(['3', '1']);
  });

  test('a buyer with no purchases sees the empty state', async () => {
    renderWithBilling(<BillingHistory />, { customer: { email: 'new.buyer@example.com' } });
    expect(await screen.findByText('No payments yet.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Billing history' })).toHaveAttribute(
      'data-state',
      'empty',
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('BillingHistory on the server', () => {
  test('with the page prefetched, the server renders its rows', async () => {
    const harness = createBillingHarness({ customer: ADA });
    const html = await renderToStringWithBilling(<BillingHistory />, {
      harness,
      prefetch: (qc, client) =>
        qc.prefetchQuery(transactionsOptions(client, { page: 1, pageSize: 10 })),
    });
    const expected = await servicePage(harness, ADA, 1);
    expect(html).toContain('data-state="ready"');
    expect(html.match(/data-slot="billing-history-row"/g)).toHaveLength(expected.items.length);
    expect(html).toContain('Page 1 of 2');
  });

  test('without data, the server renders the skeleton', async () => {
    const html = await renderToStringWithBilling(<BillingHistory />);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading billing history…');
  });
});
