// BillingHistory against the sandbox and the proxy handler running in the page (the shared test
// harness: no hand-written service data). Ada has eleven seeded payments (two pages of ten);
// Linus nineteen, some declined; the generated customers hold every other status.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { BillingHistory } from '../src/components/BillingHistory/index.js';
import type { PartProps } from '../src/react/index.js';
import type { BillingHarness } from '../test/support/billing-harness.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';

/** Signs in the seeded customer who holds a payment in this status. */
function holderOf(status: string) {
  return (harness: BillingHarness) => {
    const tx = harness.sandbox.inspect().transactions.find((t) => t.status === status);
    if (!tx?.customer) throw new Error(`seed changed: no ${status} transaction`);
    harness.signIn(tx.customer);
  };
}

const meta = {
  title: 'Components/BillingHistory',
  component: BillingHistory,
  decorators: [withSandbox],
  args: { onPageChange: fn() },
  parameters: { layout: 'padded', sandbox: { customer: 'cust_ada' } },
} satisfies Meta<typeof BillingHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ada's payments, newest first; next and previous page, focus kept on the button pressed. */
export const Paging: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const table = await canvas.findByRole('table', { name: 'Billing history' });
    await expect(within(table).getAllByRole('row')).toHaveLength(11);
    await expect(canvas.getByRole('status')).toHaveTextContent('Page 1 of 2');
    const next = canvas.getByRole('button', { name: 'Next page' });
    await userEvent.click(next);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Page 2 of 2'));
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
    await expect(next).toHaveFocus();
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Page 1 of 2'));
    await expect(args.onPageChange).toHaveBeenCalledWith(2, { previous: 1, reason: 'next' });
    await expect(args.onPageChange).toHaveBeenCalledWith(1, { previous: 2, reason: 'previous' });
  },
};

/** The harness kept for the play function, to hold page 2 once page 1 is shown. */
const paging: { harness?: BillingHarness } = {};

/** Page 2 on its way (held here): page 1 stays on screen, marked busy. */
export const LoadingNextPage: Story = {
  parameters: {
    sandbox: {
      prepare: (harness) => {
        paging.harness = harness;
      },
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('table', { name: 'Billing history' });
    paging.harness?.hold('transactions');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(await canvas.findByText('Loading page 2…')).toBeVisible();
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(within(table).getAllByRole('row')).toHaveLength(11);
  },
};

/** Refunded in full and in part: the amount that went back shows beside the status. */
export const Refunded: Story = {
  args: { pageSize: 50 },
  parameters: { sandbox: { prepare: holderOf('refunded') } satisfies SandboxParameters },
  play: async ({ canvas }) => {
    const refund = await canvas.findByText(/\d refunded$/);
    await expect(refund).toHaveAttribute('data-state', 'full');
    await expect(canvas.getByText('Refunded')).toHaveAttribute('data-state', 'refunded');
  },
};

export const PartiallyRefunded: Story = {
  args: { pageSize: 50 },
  parameters: { sandbox: { prepare: holderOf('partialRefund') } satisfies SandboxParameters },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/\d refunded$/)).toHaveAttribute('data-state', 'partial');
    await expect(canvas.getByText('Partially refunded')).toBeVisible();
  },
};

/** Many rows on one page: Linus's nineteen payments, declined ones among them. */
export const ManyItems: Story = {
  args: { pageSize: 50 },
  parameters: { sandbox: { customer: 'cust_linus' } satisfies SandboxParameters },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Billing history' });
    await expect(within(table).getAllByRole('row')).toHaveLength(20);
    await expect(canvas.getAllByText('Declined').length).toBeGreaterThan(0);
    await expect(canvas.getByRole('status')).toHaveTextContent('Page 1 of 1');
  },
};

/** Only the payments for one product (the ebook Ada bought in euros, with a discount). */
export const OneProduct: Story = {
  args: { productId: 'prod_ebook' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Billing history' });
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
    await expect(within(table).getByText('The Billing Handbook')).toBeVisible();
  },
};

/** The first page on its way (held here for as long as the story is open). */
export const Loading: Story = {
  parameters: {
    sandbox: {
      prepare: (harness) => void harness.hold('transactions'),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading billing history…');
    await expect(canvasElement.querySelector('[data-slot="billing-history"]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The page could not be had; Try again reads it. */
export const ErrorWithRetry: Story = {
  parameters: {
    sandbox: {
      prepare: (harness) => harness.failNext({ route: 'transactions', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The billing history could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('table', { name: 'Billing history' })).toBeVisible();
  },
};

/**
 * A controlled page past the last one (page 7 of Ada's two): said so, never "No payments yet.",
 * with the way back to the last page through `onPageChange`.
 */
export const PastTheEnd: Story = {
  args: { page: 7 },
  play: async ({ args, canvas, userEvent }) => {
    await expect(
      await canvas.findByText('This page is past the end of your payments.'),
    ).toBeVisible();
    await expect(canvas.queryByText('No payments yet.')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to the last page' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2, { previous: 7, reason: 'last' });
  },
};

/** A buyer who has bought nothing yet. */
export const Empty: Story = {
  parameters: {
    sandbox: { customer: { email: 'new.buyer@example.com' } } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No payments yet.')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('table', { name: 'Billing history' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="billing-history"]')).toHaveAttribute(
      'data-bk-theme',
      'dark',
    );
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Rechnungsverlauf' });
    await expect(within(table).getAllByText('Bezahlt').length).toBeGreaterThan(0);
    await expect(within(table).getAllByText(/^\d+,\d\d\s€$/).length).toBeGreaterThan(0);
    await expect(canvas.getByRole('status')).toHaveTextContent('Seite 1 von 2');
  },
};

/** Status badges as plain coloured text, and a test id on each row. */
/**
 * The status badge replaced (`slots.statusBadge`) by the seller's own pill with a mark for
 * paid and refunded payments; it gets every prop of the part (`data-state` with the status, the
 * text), so the status still reads in words. Rows and caption are restyled with `slotProps`.
 */
function StatusPill({ children, ...props }: PartProps) {
  const mark = props['data-state'] === 'paid' ? '✓' : '•';
  return (
    <span {...props} data-story-pill="">
      <span aria-hidden="true">{mark} </span>
      {children}
    </span>
  );
}

export const SlotCustomised: Story = {
  args: {
    slots: { statusBadge: StatusPill },
    slotProps: {
      statusBadge: { style: { border: 0, padding: 0, fontWeight: 700 } },
      row: { 'data-testid': 'payment' },
      caption: { style: { fontSize: '1rem', textTransform: 'uppercase', letterSpacing: '0.05em' } },
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Billing history' });
    const rows = canvas.getAllByTestId('payment');
    await expect(rows).toHaveLength(10);
    await expect(rows[0]).toHaveAttribute('data-slot', 'billing-history-row');
    await expect(rows[0]).toHaveAttribute('data-state', 'paid');
    const pills = rows.map((row) =>
      row.querySelector('[data-slot="billing-history-status-badge"]'),
    );
    for (const pill of pills) await expect(pill).toHaveAttribute('data-story-pill');
    await expect(pills[0]).toHaveTextContent('✓ Paid');
  },
};
