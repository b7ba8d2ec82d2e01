// MetricsSummary against the sandbox and the proxy handler running in the page (the shared test
// harness: no hand-written service data), signed in as the seller (`admin`). The sandbox
// follows the page's clock (`now: () => Date.now()`), so "the last 90 days" of the summary are
// the sandbox's last 90 days too.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { MetricsSummary } from '../src/components/MetricsSummary/index.js';
import type { PartProps } from '../src/react/index.js';
import type { BillingHarness } from '../test/support/billing-harness.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';

const seller: SandboxParameters = { admin: true, now: () => Date.now() };

function root(canvasElement: HTMLElement) {
  return canvasElement.querySelector('[data-slot="metrics-summary"]') as HTMLElement;
}

const chartPoints = (canvasElement: HTMLElement, line: 'gross' | 'net') =>
  canvasElement.querySelectorAll(`[data-slot="metrics-summary-chart-point"][data-state="${line}"]`);

const meta = {
  title: 'Components/MetricsSummary',
  component: MetricsSummary,
  decorators: [withSandbox],
  args: { onCurrencyChange: fn(), onRangeChange: fn(), onIntervalChange: fn() },
  parameters: { layout: 'padded', sandbox: seller },
} satisfies Meta<typeof MetricsSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

const kept: { harness?: BillingHarness } = {};

/**
 * The main flow: the last 90 days by week in dollars; switch to euros (the request changes and
 * the dollar figures stay until the euro ones come), then open the table of the same figures.
 */
export const SwitchCurrencyAndShowTable: Story = {
  parameters: {
    sandbox: {
      ...seller,
      prepare: (harness) => {
        kept.harness = harness;
      },
    } satisfies SandboxParameters,
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'));
    const chart = canvas.getByRole('img', { name: /^Revenue over \d+ periods/ });
    await expect(chart).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'EUR' }));
    await expect(args.onCurrencyChange).toHaveBeenCalledWith('EUR', { previous: 'USD' });
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'));
    const currencies = kept.harness?.requests
      .filter((r) => r.route === 'adminStats')
      .map((r) => r.query.currency);
    await expect(currencies).toEqual(['USD', 'EUR']);
    await expect(within(canvas.getByLabelText('Totals')).getAllByText(/€/).length).toBeGreaterThan(
      0,
    );

    await userEvent.click(canvas.getByRole('button', { name: 'Show the figures as a table' }));
    const table = canvas.getByRole('table', { name: 'Gross and net revenue per week' });
    await expect(table).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(
      chartPoints(canvasElement, 'gross').length + 1,
    );
  },
};

/** Many points: the last 12 months, day by day. */
export const ManyItems: Story = {
  args: { defaultRange: '12m', defaultInterval: 'day' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'));
    await expect(chartPoints(canvasElement, 'gross').length).toBeGreaterThan(300);
  },
};

/** The range and period length picked from the controls. */
export const PickRangeAndInterval: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Range' }), '12m');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Group by' }), 'month');
    await expect(args.onRangeChange).toHaveBeenCalledWith('12m', { previous: '90d' });
    await expect(args.onIntervalChange).toHaveBeenCalledWith('month', { previous: 'week' });
    await waitFor(() =>
      expect(canvas.getByRole('table', { name: 'Gross and net revenue per month' })).toBeTruthy(),
    );
    await waitFor(() =>
      expect(chartPoints(canvasElement, 'net').length).toBeGreaterThanOrEqual(12),
    );
  },
};

/** The figures on their way (held here for as long as the story is open). */
export const Loading: Story = {
  parameters: {
    sandbox: {
      ...seller,
      prepare: (harness) => void harness.hold('adminStats'),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(root(canvasElement)).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Loading metrics…')).toBeInTheDocument();
  },
};

/** The figures could not be had; Try again reads them. */
export const ErrorWithRetry: Story = {
  parameters: {
    sandbox: {
      ...seller,
      prepare: (harness) => harness.failNext({ route: 'adminStats', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The metrics could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'));
  },
};

/** A signed-in customer who is not the seller: the proxy has no seller routes for them. */
export const NotTheSeller: Story = {
  parameters: {
    sandbox: { customer: 'cust_ada', admin: false } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'You need seller access to see the store metrics.',
    );
  },
};

/** A range before the store's first sale: totals, but no periods to chart. */
export const Empty: Story = {
  args: {
    range: { startDate: Date.UTC(2000, 0, 1), endDate: Date.UTC(2000, 0, 31) },
    interval: 'day',
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No revenue in this period.')).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'));
    await expect(canvas.getByRole('img')).toBeVisible();
    await expect(root(canvasElement)).toHaveAttribute('data-bk-theme', 'dark');
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  args: { defaultCurrency: 'EUR' },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(root(canvasElement)).toHaveAttribute('data-state', 'ready'));
    await expect(canvas.getByRole('img', { name: /^Umsatz in \d+ Zeiträumen/ })).toBeVisible();
    await expect(canvas.getByText('Nettoumsatz', { selector: 'dt' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Zeitraum' })).toHaveDisplayValue(
      'Letzte 90 Tage',
    );
  },
};

/** Totals in two columns, the chart framed, a test id on the chart. */
/**
 * Each figure's value replaced (`slots.totalValue`) by the seller's own `dd`, larger and in
 * bold; it gets every prop of the part (`data-value` in cents, the formatted figure). The totals
 * grid and the chart are restyled with `slotProps`.
 */
function BigFigure({ children, ...props }: PartProps) {
  return (
    <dd {...props} data-story-figure="">
      <strong style={{ fontSize: '1.5rem' }}>{children}</strong>
    </dd>
  );
}

export const SlotCustomised: Story = {
  args: {
    slots: { totalValue: BigFigure },
    slotProps: {
      totals: { style: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
      chart: {
        style: { border: '1px solid var(--bk-color-border)', borderRadius: 'var(--bk-radius)' },
        'data-testid': 'revenue-chart',
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByTestId('revenue-chart')).toHaveAttribute(
      'data-slot',
      'metrics-summary-chart',
    );
    const figures = canvasElement.querySelectorAll('[data-slot="metrics-summary-total-value"]');
    await expect(figures.length).toBeGreaterThan(0);
    for (const figure of figures) {
      await expect(figure).toHaveAttribute('data-story-figure');
      await expect(figure.querySelector('strong')).toHaveTextContent(/\S/);
    }
  },
};
