// CreditsHistory against the sandbox and the proxy handler running in the page (the shared test
// harness: no hand-written service data). Ada's "AI credits" holds 1,100 seeded entries; Grace
// has two accounts (support minutes, and promo credits that are frozen); the many-items story
// adds 100,000 entries from the ledger's generator to Grace's minutes.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { CreditsHistory } from '../src/components/CreditsHistory/index.js';
import { formatAmount } from '../src/contract/amount.js';
import type { PartProps } from '../src/react/index.js';
import { useReverseCreditTransaction } from '../src/react/mutations.js';
import type { BillingHarness } from '../test/support/billing-harness.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';

/** The harness of the story being played, for steps that act on the sandbox itself. */
const current: { harness?: BillingHarness } = {};
const keep = (harness: BillingHarness) => {
  current.harness = harness;
};

function accountOf(harness: BillingHarness, name: string) {
  const account = harness.sandbox.fixtures().credit_accounts.find((a) => a.name === name);
  if (!account) throw new Error(`seed changed: no credit account "${name}"`);
  return account;
}

const meta = {
  title: 'Components/CreditsHistory',
  component: CreditsHistory,
  decorators: [withSandbox],
  args: { onAccountChange: fn() },
  parameters: { layout: 'padded', sandbox: { customer: 'cust_ada' } },
} satisfies Meta<typeof CreditsHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ada's exact balance and her newest entries; "Load older" reads the next page. */
export const Default: Story = {
  parameters: { sandbox: { customer: 'cust_ada', prepare: keep } satisfies SandboxParameters },
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Entries' });
    const harness = current.harness as BillingHarness;
    const ada = accountOf(harness, 'AI credits');
    const exact = harness.sandbox.inspect().credit_balances[ada.id] as string;
    await waitFor(() =>
      expect(canvas.getByText(formatAmount(exact, { locale: 'en-US' }))).toBeVisible(),
    );
    await expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-posinset', '1');
    await userEvent.click(canvas.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Older entries loaded: 50'),
    );
  },
};

/** The seller's server credits the account; "Load newer" brings the entry and the new balance. */
export const LoadNewer: Story = {
  parameters: { sandbox: { customer: 'cust_grace', prepare: keep } satisfies SandboxParameters },
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Entries' });
    await waitFor(() => expect(canvas.getByText('150.5')).toBeVisible());
    const harness = current.harness as BillingHarness;
    const minutes = accountOf(harness, 'Support minutes');
    const response = await harness.sandbox.fetch(
      `${harness.sandbox.baseUrl}/v1/customer-credits/accounts/${minutes.id}/credit`,
      {
        method: 'POST',
        headers: { 'x-api-key': harness.sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '45', reference: 'story', idempotency_key: 'story-1' }),
      },
    );
    await expect(response.status).toBe(201);
    const button = canvas.getByRole('button', { name: 'Load newer entries' });
    await userEvent.click(button);
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('+45'));
    await expect(canvas.getByRole('status')).toHaveTextContent('Newer entries loaded: 1');
    await waitFor(() => expect(canvas.getByText('195.5')).toBeVisible());
    await expect(button).toHaveFocus();
  },
};

/** Grace's two accounts: the picker shows the frozen one as such and switches to it. */
export const SwitchAccount: Story = {
  parameters: { sandbox: { customer: 'cust_grace' } satisfies SandboxParameters },
  play: async ({ args, canvas, userEvent }) => {
    const picker = await canvas.findByRole('combobox', { name: 'Credit account' });
    await waitFor(() => expect(canvas.getByText('150.5')).toBeVisible());
    await userEvent.selectOptions(picker, 'Promo credits (Frozen)');
    await waitFor(() => expect(canvas.getByText('250')).toBeVisible());
    await expect(args.onAccountChange).toHaveBeenCalledWith(
      expect.stringMatching(/^cca_/),
      expect.objectContaining({ account: expect.objectContaining({ name: 'Promo credits' }) }),
    );
  },
};

/** Keyboard: Tab into the list, arrows move from entry to entry, End goes to the last loaded. */
export const Keyboard: Story = {
  args: { pageSize: 20, autoLoadThreshold: 0 },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: 'Entries' });
    canvas.getByRole('button', { name: 'Load newer entries' }).focus();
    await userEvent.tab();
    await expect(document.activeElement).toHaveAttribute('aria-posinset', '1');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(document.activeElement).toHaveAttribute('aria-posinset', '3');
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-posinset', '20'));
  },
};

/** A seller's page: the history beside a reverse button (seller session). */
function WithReverse(props: Parameters<typeof CreditsHistory>[0]) {
  const reverse = useReverseCreditTransaction();
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <CreditsHistory {...props} />
      <button
        type="button"
        onClick={() => {
          const harness = current.harness as BillingHarness;
          const minutes = accountOf(harness, 'Support minutes');
          const newest = harness.sandbox
            .inspect()
            .credit_entries.filter((e) => e.account_id === minutes.id)
            .at(-1);
          if (newest) {
            reverse.mutate({ account_id: minutes.id, transaction_id: newest.transaction_id });
          }
        }}
      >
        Reverse the newest credit
      </button>
    </div>
  );
}

/**
 * After a reversal the reversing entry says "Reversal" and the original "Reversed": the proxy
 * marks the entries of the reversals made through its admin route, and the page knows the
 * reversal made on its QueryClient. CreditsHistory writes a debit's minus as U+2212, like
 * BillingHistory's discount cell (`−{amount}`); formatMoney's negatives keep the hyphen-minus.
 */
export const Reversal: Story = {
  render: (args) => <WithReverse {...args} />,
  parameters: {
    sandbox: { customer: 'cust_grace', admin: true, prepare: keep } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Entries' });
    await userEvent.click(canvas.getByRole('button', { name: 'Reverse the newest credit' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const [reversal, original] = within(list).getAllByRole('listitem');
    await expect(reversal).toHaveTextContent('Reversal');
    await expect(reversal).toHaveTextContent('\u221230.5');
    await expect(original).toHaveTextContent('Reversed');
    await waitFor(() => expect(canvas.getByText('120')).toBeVisible());
  },
};

/**
 * Many items: 100,000 generated entries on Grace's minutes. Scrolling reads older pages by
 * itself while only the rows in view (and a few around them) are in the DOM.
 */
export const ManyItems: Story = {
  args: { pageSize: 100 },
  parameters: {
    sandbox: {
      customer: 'cust_grace',
      prepare: (harness) => {
        keep(harness);
        harness.sandbox.generateCreditEntries(accountOf(harness, 'Support minutes').id, 100_000);
      },
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement }) => {
    const list = await canvas.findByRole('list', { name: 'Entries' });
    const viewport = canvasElement.querySelector(
      '[data-slot="credits-history-viewport"]',
    ) as HTMLElement;
    for (let page = 2; page <= 4; page++) {
      viewport.scrollTop = viewport.scrollHeight;
      await waitFor(() => expect(viewport.scrollHeight).toBeGreaterThanOrEqual(page * 100 * 56));
    }
    await expect(within(list).getAllByRole('listitem').length).toBeLessThan(30);
    // The exact balance over 100,002 entries (the proxy sums every page of them).
    const harness = current.harness as BillingHarness;
    const minutes = accountOf(harness, 'Support minutes');
    const exact = harness.sandbox.inspect().credit_balances[minutes.id] as string;
    await waitFor(
      () => expect(canvas.getByText(formatAmount(exact, { locale: 'en-US' }))).toBeVisible(),
      { timeout: 10_000 },
    );
  },
};

/** The entries on their way (held here for as long as the story is open). */
export const Loading: Story = {
  parameters: {
    sandbox: {
      prepare: (harness) => void harness.hold('creditEntries'),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading credits…' })).toHaveAttribute(
      'data-slot',
      'credits-history-skeleton',
    );
  },
};

/** The history could not be had; Try again reads it. */
export const ErrorWithRetry: Story = {
  parameters: {
    sandbox: {
      prepare: (harness) => harness.failNext({ route: 'creditEntries', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The credits history could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('list', { name: 'Entries' })).toBeVisible();
  },
};

/** A buyer who has no credit account. */
export const Empty: Story = {
  parameters: {
    sandbox: { customer: { email: 'new.buyer@example.com' } } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You have no credit accounts.')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  parameters: { sandbox: { customer: 'cust_grace' } satisfies SandboxParameters },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('list', { name: 'Entries' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="credits-history"]')).toHaveAttribute(
      'data-bk-theme',
      'dark',
    );
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  parameters: { sandbox: { customer: 'cust_grace' } satisfies SandboxParameters },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Einträge' });
    await waitFor(() => expect(canvas.getByText('150,5')).toBeVisible());
    await expect(within(list).getAllByText('Gutschrift').length).toBeGreaterThan(0);
    await expect(canvas.getByRole('combobox', { name: 'Guthabenkonto' })).toBeVisible();
  },
};

/** Rows as cards with the amount first, and a test id on each row. */
/**
 * The side of each entry replaced (`slots.side`) by the seller's own: an arrow up for a credit
 * and down for a debit before the words, which stay for screen readers. It gets every prop of
 * the part (`data-state` with the side). Rows and amounts are restyled with `slotProps`.
 */
function SideArrow({ children, ...props }: PartProps) {
  const arrow = props['data-state'] === 'credit' ? '▲' : props['data-state'] === 'debit' ? '▼' : '';
  return (
    <span {...props} data-story-arrow="">
      <span aria-hidden="true">{arrow} </span>
      {children}
    </span>
  );
}

export const SlotCustomised: Story = {
  args: {
    rowHeight: 64,
    slots: { side: SideArrow },
    slotProps: {
      row: {
        'data-testid': 'entry',
        style: { borderInlineStartWidth: 0, borderRadius: '0.75rem', padding: '0 1.25rem' },
      },
      amount: { style: { fontSize: '1.25rem' } },
      balanceAmount: { style: { color: 'var(--bk-color-primary)' } },
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Entries' });
    const rows = canvas.getAllByTestId('entry');
    await expect(rows[0]).toHaveAttribute('data-slot', 'credits-history-row');
    await expect(rows[0]?.style.height).toBe('64px');
    for (const row of rows) {
      const side = row.querySelector('[data-slot="credits-history-side"]');
      await expect(side).toHaveAttribute('data-story-arrow');
      await expect(side).toHaveTextContent(
        row.dataset.state === 'credit'
          ? '▲ Credit'
          : row.dataset.state === 'debit'
            ? '▼ Debit'
            : '',
      );
    }
  },
};
