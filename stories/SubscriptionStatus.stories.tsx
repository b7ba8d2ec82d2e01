// SubscriptionStatus against the sandbox and the proxy handler running in the page (the shared
// test harness: no hand-written service data), on the sandbox's fixed clock so that the seeded
// dates are those of `seededFixtures()`. The seed holds a subscription in every status; the
// unknown-status story changes one in the sandbox (`customize`).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import {
  SubscriptionStatus,
  type SubscriptionStatusProps,
} from '../src/components/SubscriptionStatus/index.js';
import type { Subscription } from '../src/contract/schemas.js';
import { useCustomerSubscriptions } from '../src/react/queries.js';
import { seededFixtures } from '../test/support/billing-harness.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

function seeded(status: string): Subscription {
  const found = seededFixtures().subscriptions.find((s) => s.status === status);
  if (!found) throw new Error(`seed changed: no ${status} subscription`);
  return found;
}

/** The first seeded subscription in a status, as `args` and `parameters.sandbox`. */
function inStatus(status: string) {
  const found = seeded(status);
  return {
    args: { subscriptionId: found.id },
    parameters: { sandbox: { customer: idOf(found.customer) } satisfies SandboxParameters },
  };
}

/** Ada's live subscription: Pro, monthly. */
function adaPro(): Subscription {
  const found = seededFixtures().subscriptions.find(
    (s) => idOf(s.customer) === 'cust_ada' && s.status === 'active',
  );
  if (!found) throw new Error('seed changed: Ada has no active subscription');
  return found;
}

const medium = (iso: string | null | undefined, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso ?? Number.NaN));

const meta = {
  title: 'Components/SubscriptionStatus',
  component: SubscriptionStatus,
  decorators: [withSandbox],
  parameters: { layout: 'padded', sandbox: { customer: 'cust_ada' } },
} satisfies Meta<typeof SubscriptionStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The signed-in customer's live subscription: Ada's Pro, renewing. */
export const Active: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Active')).toHaveAttribute('data-state', 'active');
    await expect(canvas.getByText('$29.00 per month')).toBeVisible();
    await expect(
      canvas.getByText(`Renews on ${medium(adaPro().next_transaction_date)}`),
    ).toBeVisible();
  },
};

export const Trialing: Story = {
  ...inStatus('trialing'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Trial')).toHaveAttribute('data-state', 'trialing');
    await expect(canvas.getByText(/^Trial ends on /)).toBeVisible();
  },
};

export const PastDue: Story = {
  ...inStatus('past_due'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Payment overdue')).toBeVisible();
    await expect(canvas.getByText(/^Next charge on /)).toBeVisible();
  },
};

export const Unpaid: Story = {
  ...inStatus('unpaid'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Unpaid')).toHaveAttribute('data-state', 'unpaid');
  },
};

export const Paused: Story = {
  ...inStatus('paused'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Paused')).toHaveAttribute('data-state', 'paused');
  },
};

export const ScheduledCancel: Story = {
  ...inStatus('scheduled_cancel'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Ends at period close')).toBeVisible();
    await expect(canvas.getByText(/^Ends on /)).toBeVisible();
  },
};

export const Canceled: Story = {
  ...inStatus('canceled'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Canceled')).toHaveAttribute('data-state', 'canceled');
    await expect(canvas.getByText(/^Canceled on /)).toBeVisible();
  },
};

/** A status this version does not know yet (Ada's Pro, set so in the sandbox), shown as sent. */
export const UnknownStatus: Story = {
  args: { subscriptionId: adaPro().id },
  parameters: {
    sandbox: {
      customize: ({ subscriptions }) => {
        const pro = subscriptions.find((s) => s.id === adaPro().id);
        if (!pro) throw new Error('seed changed: Ada has no active subscription');
        pro.status = 'incomplete';
      },
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('incomplete')).toHaveAttribute('data-state', 'incomplete');
    await expect(canvasElement.querySelector('[data-slot="subscription-status"]')).toHaveAttribute(
      'data-state',
      'incomplete',
    );
  },
};

/** A page listing the customer's subscriptions (through the proxy), one summary each. */
function EverySubscription(props: SubscriptionStatusProps) {
  const list = useCustomerSubscriptions();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 8 }}>
      {(list.data?.items ?? []).map((subscription) => (
        <SubscriptionStatus key={subscription.id} {...props} subscriptionId={subscription.id} />
      ))}
    </div>
  );
}

/** Many on one page: Linus's four subscriptions, each in another status. */
export const ManyItems: Story = {
  render: (args) => <EverySubscription {...args} />,
  parameters: { sandbox: { customer: 'cust_linus' } satisfies SandboxParameters },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(
        canvas
          .getAllByRole('group', { name: 'Subscription status' })
          .map((g) => g.getAttribute('data-state'))
          .sort(),
      ).toEqual(['canceled', 'past_due', 'paused', 'unpaid']),
    );
  },
};

/** Loading (held here for as long as the story is open). */
export const Loading: Story = {
  parameters: {
    sandbox: {
      customer: 'cust_ada',
      prepare: (h) => void h.hold('subscriptions'),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading subscription…');
  },
};

/** Loading failed; Try again loads it. */
export const LoadError: Story = {
  parameters: {
    sandbox: {
      customer: 'cust_ada',
      prepare: (h) => h.failNext({ route: 'subscriptions', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The subscription could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText('Active')).toBeVisible();
  },
};

/** A signed-in buyer who has not bought anything yet. */
export const Empty: Story = {
  parameters: {
    sandbox: { customer: { email: 'new.buyer@example.com' } } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No subscription yet.')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('Active');
    await expect(canvasElement.querySelector('[data-slot="subscription-status"]')).toHaveAttribute(
      'data-bk-theme',
      'dark',
    );
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Aktiv')).toBeVisible();
    await expect(canvas.getByText('29,00 $ pro Monat')).toBeVisible();
    await expect(
      canvas.getByText(`Verlängert sich am ${medium(adaPro().next_transaction_date, 'de-DE')}`),
    ).toBeVisible();
  },
};

/** Parts restyled: a pill, the product name as a heading, the date replaced by a custom one. */
export const SlotCustomised: Story = {
  args: {
    style: { borderRadius: '999px' },
    slots: { title: 'h2' },
    slotProps: {
      badge: { style: { textTransform: 'uppercase' } },
      date: { 'data-testid': 'date' },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Pro' })).toBeVisible();
    await expect(canvas.getByTestId('date')).toHaveAttribute(
      'data-slot',
      'subscription-status-date',
    );
  },
};
