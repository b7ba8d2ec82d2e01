// UpgradePicker against the sandbox and the proxy handler running in the page (the shared test
// harness: no hand-written service data). The sandbox follows the page's clock here
// (`now: () => Date.now()`), so the seeded periods are current and the picker's estimate is for
// the same moment the sandbox charges at.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { UpgradePicker } from '../src/components/UpgradePicker/index.js';
import { SANDBOX_EPOCH } from '../src/sandbox/index.js';
import { type BillingHarness, scalePlan, seededFixtures } from '../test/support/billing-harness.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';
import { addSeatTiers, seatTierIds } from './support/seat-tiers.js';

/** The page's clock for the sandbox, and the harness kept for the play function to inspect. */
function live(prepare?: (harness: BillingHarness) => void) {
  const kept: { harness?: BillingHarness } = {};
  const sandbox: SandboxParameters = {
    customer: 'cust_ada',
    now: () => Date.now(),
    prepare: (harness) => {
      kept.harness = harness;
      prepare?.(harness);
    },
  };
  return { kept, sandbox };
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/**
 * The first seeded subscription in a status, as `args` and `parameters.sandbox`: on the
 * sandbox's own fixed clock, where the seeded ids are those of `seededFixtures()`.
 */
function inStatus(status: string) {
  const found = seededFixtures().subscriptions.find((s) => s.status === status);
  if (!found) throw new Error(`seed changed: no ${status} subscription`);
  return {
    args: { subscriptionId: found.id },
    parameters: {
      sandbox: { customer: idOf(found.customer), now: SANDBOX_EPOCH } satisfies SandboxParameters,
    },
  };
}

const meta = {
  title: 'Components/UpgradePicker',
  component: UpgradePicker,
  decorators: [withSandbox],
  args: { onSuccess: fn(), onError: fn(), onValueChange: fn() },
  parameters: { layout: 'padded', sandbox: live().sandbox },
} satisfies Meta<typeof UpgradePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

const upgradeNow = live();

/**
 * The main flow: Ada (Pro, monthly) picks Team, pays the difference now, reviews and confirms.
 * What the sandbox then charges is what the estimate said.
 */
export const UpgradeNow: Story = {
  parameters: { sandbox: upgradeNow.sandbox },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: /^Team/ }));
    const now = canvas.getByText(/charged now$/);
    await expect(now).toHaveAttribute('data-state', 'charge');
    // The unused part of Pro, taken off the figure charged now, on its own line beside it.
    const credit = canvas.getByText(
      /^Includes a credit of \$[\d,.]+ for the unused part of Pro\.$/,
    );
    await expect(credit).toHaveAttribute('data-state', 'now');
    await expect(now.nextElementSibling).toBe(credit);
    await expect(canvas.getByText(/An estimate:/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Review change' }));
    await expect(canvas.getByRole('heading', { name: 'Review your change' })).toHaveFocus();
    await expect(canvas.getByText(/^From Pro .* to Team /)).toBeVisible();
    const estimated = canvas.getByText(/charged now$/).textContent;
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm change' }));

    const notice = canvas.getByRole('status');
    await waitFor(() => expect(notice).toHaveTextContent('Your plan is now Team.'));
    await expect(notice).toHaveFocus();
    await expect(canvasElement.querySelector('[data-slot="upgrade-picker"]')).toHaveAttribute(
      'data-state',
      'succeeded',
    );
    await expect(args.onSuccess).toHaveBeenCalledTimes(1);
    // The charge, as the sandbox made it (computed within the same second as the estimate).
    const state = upgradeNow.kept.harness?.sandbox.inspect();
    const charge = state?.transactions.find((t) => t.description === 'Proration: Pro → Team');
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    await expect(estimated).toBe(`${usd.format((charge?.amount ?? Number.NaN) / 100)} charged now`);
  },
};

/**
 * The difference added to the next bill instead, with the price after it: to Scale, a pricier
 * plan in the same (monthly) period, which the store sells here (staged in the sandbox).
 */
export const PayAtRenewal: Story = {
  args: { defaultValue: 'prod_scale_monthly', defaultBehavior: 'proration-charge' },
  parameters: {
    sandbox: { ...live().sandbox, ...scalePlan() } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing charged now')).toBeVisible();
    await expect(canvas.getByText(/^Next bill on /)).toBeVisible();
    await expect(
      canvas.getByText(/^\$[\d.]+ is added to your next bill\. Then you pay \$49\.00 per month\.$/),
    ).toHaveAttribute('data-state', 'charge');
    await expect(
      canvas.getByText(
        /^Your next bill includes a credit of \$[\d.]+ for the unused part of Pro\.$/,
      ),
    ).toHaveAttribute('data-state', 'later');
  },
};

/**
 * Another billing period without paying now: the month paid runs out first, and Team's first
 * quarter is the next bill.
 */
export const NewPeriodAtRenewal: Story = {
  args: { defaultValue: 'prod_team_quarterly', defaultBehavior: 'proration-charge' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing charged now')).toBeVisible();
    await expect(
      canvas.getByText(/billing period begins at your next renewal/, { exact: false }),
    ).toBeVisible();
    await expect(canvas.getByText(/^Next bill on .*: \$75\.00$/)).toBeVisible();
  },
};

/** A downgrade in the same period: the unused part of Pro comes off the next bill. */
export const DowngradeCredit: Story = {
  args: { defaultValue: 'prod_starter_monthly', defaultBehavior: 'proration-charge' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        /^Your next bill includes a credit of \$[\d.]+ for the unused part of Pro\.$/,
      ),
    ).toHaveAttribute('data-state', 'later');
    // Said once: the detail says what comes off the bill, Starter's part charged against it.
    await expect(canvas.getAllByText(/credit/)).toHaveLength(1);
    await expect(canvas.getByText(/^\$[\d.]+ is taken off your next bill\./)).toHaveAttribute(
      'data-state',
      'credit',
    );
  },
};

/** Only two ways offered, none by default: no proration. */
export const NoProration: Story = {
  args: {
    behaviors: ['proration-none', 'proration-charge-immediately'],
    defaultBehavior: 'proration-none',
    defaultValue: 'prod_pro_yearly',
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing charged now')).toBeVisible();
    await expect(
      canvas.getAllByRole('radio', { name: /^Switch now/ }).map((r) => r.getAttribute('value')),
    ).toEqual(['proration-none', 'proration-charge-immediately']);
  },
};

/** The review step, then Back (Escape does the same): the choice is kept, focus returns. */
export const ReviewAndBack: Story = {
  args: { defaultValue: 'prod_business_half_year' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Review change' }));
    await expect(canvas.getByRole('heading', { name: 'Review your change' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: 'Review change' })).toHaveFocus();
    await expect(canvas.getByRole('radio', { name: /^Business/ })).toBeChecked();
  },
};

/** The whole choice by keyboard: arrows through the plans, Tab on, Enter to review. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('radio', { name: /^Starter/ });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: /^Team/ })).toBeChecked();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('heading', { name: 'Review your change' })).toHaveFocus();
  },
};

/** The change did not go through: said so, the choice kept; Try again succeeds. */
export const ChangeFailed: Story = {
  args: { defaultValue: 'prod_team_quarterly' },
  parameters: {
    sandbox: live((h) => h.failNext({ route: 'upgradeSubscription', with: 503 })).sandbox,
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Review change' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm change' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your plan could not be changed. Please try again.',
    );
    await expect(args.onError).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Your plan is now Team.'),
    );
  },
};

const refused = live();

/**
 * The plan was taken off sale after the page showed it (the seller archives Team in the
 * sandbox during the review): the change is refused, and the picker says to choose another,
 * with Back (focused) and no Try again.
 */
export const Refused: Story = {
  args: { defaultValue: 'prod_team_quarterly' },
  parameters: { sandbox: refused.sandbox },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Review change' }));
    refused.kept.harness?.sandbox.customize(({ products }) => {
      const team = products.find((p) => p.id === 'prod_team_quarterly');
      if (!team) throw new Error('seed changed: no prod_team_quarterly');
      team.status = 'archived';
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm change' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This plan cannot be chosen for your subscription. Please choose another.',
    );
    // No Try again for a refused plan: Back, to choose another, has focus.
    await expect(canvas.getByRole('button', { name: 'Back' })).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** Changing is on its way (held here for as long as the story is open). */
export const Submitting: Story = {
  args: { defaultValue: 'prod_team_quarterly' },
  parameters: { sandbox: live((h) => void h.hold('upgradeSubscription')).sandbox },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Review change' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm change' }));
    await expect(canvas.getByRole('button', { name: 'Confirm change' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // Said once, by the live region: the busy button keeps its label.
    await expect(canvas.getByRole('status')).toHaveTextContent('Changing your plan…');
    await expect(canvas.getAllByText('Changing your plan…')).toHaveLength(1);
  },
};

export const Trialing: Story = {
  ...inStatus('trialing'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Plans can be changed once the trial has ended.'),
    ).toBeVisible();
  },
};

export const PastDue: Story = {
  ...inStatus('past_due'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Settle the overdue payment to change the plan.'),
    ).toBeVisible();
  },
};

export const Unpaid: Story = {
  ...inStatus('unpaid'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Pay the open invoice to change the plan.')).toBeVisible();
  },
};

export const Paused: Story = {
  ...inStatus('paused'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Resume the subscription to change its plan.'),
    ).toBeVisible();
  },
};

export const ScheduledCancel: Story = {
  ...inStatus('scheduled_cancel'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/ends at the close of the period/)).toBeVisible();
  },
};

export const Canceled: Story = {
  ...inStatus('canceled'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/is canceled; its plan cannot be changed/)).toBeVisible();
  },
};

/** Loading (held here for as long as the story is open). */
export const Loading: Story = {
  parameters: { sandbox: live((h) => void h.hold('subscriptions')).sandbox },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your subscription…');
    await expect(canvasElement.querySelector('[data-slot="upgrade-picker"]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** Loading failed; Try again loads it. */
export const LoadError: Story = {
  parameters: { sandbox: live((h) => h.failNext({ route: 'products', with: 503 })).sandbox },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your subscription could not be loaded.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('radio', { name: /^Team/ })).toBeVisible();
  },
};

/** A signed-in buyer who has not bought anything yet. */
export const Empty: Story = {
  parameters: {
    sandbox: { customer: { email: 'new.buyer@example.com' } } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('You have no subscription whose plan could be changed.'),
    ).toBeVisible();
  },
};

const euro = seededFixtures().subscriptions.find(
  (s) => idOf(s.product) === 'prod_pro_monthly_eur' && s.status === 'active',
);

/** A euro subscription: the store sells no other recurring plan in euros. */
export const NoOtherPlans: Story = {
  args: { subscriptionId: euro?.id ?? '' },
  parameters: {
    sandbox: {
      customer: euro ? idOf(euro.customer) : null,
      now: SANDBOX_EPOCH,
    } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('No other plans are available for this subscription.'),
    ).toBeVisible();
  },
};

/**
 * Many plans: the store also sells twelve seat tiers of Pro (monthly and yearly), and Ada's Pro
 * can move to each of them and to the five other seeded plans, each marked up or down.
 */
export const ManyPlans: Story = {
  parameters: {
    sandbox: {
      ...live().sandbox,
      customize: addSeatTiers,
      products: [
        ...seededFixtures()
          .products.filter((p) => p.status === 'active')
          .map((p) => p.id),
        ...seatTierIds(),
      ],
    } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    const options = await canvas.findAllByRole('radio', { name: /Upgrade$|Downgrade$/ });
    await expect(options).toHaveLength(17);
    await expect(canvas.getByRole('radio', { name: /^Pro 25 \(yearly\).*Upgrade$/ })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { defaultValue: 'prod_team_quarterly', defaultBehavior: 'proration-charge' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('Nothing charged now');
    await expect(canvasElement.querySelector('[data-slot="upgrade-picker"]')).toHaveAttribute(
      'data-bk-theme',
      'dark',
    );
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  args: { defaultValue: 'prod_team_quarterly' },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(/werden jetzt berechnet$/)).toBeVisible();
    await expect(
      canvas.getByText(
        /^Enthält eine Gutschrift von [\d,.]+\s\$ für den ungenutzten Teil von Pro\.$/,
      ),
    ).toHaveAttribute('data-state', 'now');
    await expect(
      canvas.getByRole('radio', { name: /^Team\s*75,00\s\$ alle 3 Monate\s*Upgrade$/ }),
    ).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Wechsel prüfen' }));
    await expect(canvas.getByRole('heading', { name: 'Ihr Wechsel im Überblick' })).toHaveFocus();
  },
};

/** Parts restyled: plan rows as pills, the estimate in the accent colour, a custom button. */
export const SlotCustomised: Story = {
  args: {
    defaultValue: 'prod_team_quarterly',
    behaviors: ['proration-charge-immediately'],
    style: { maxWidth: '30rem' },
    slots: { currentTitle: 'h2' },
    slotProps: {
      plan: { style: { borderRadius: '999px' } },
      estimate: { style: { borderInlineStartColor: 'var(--bk-color-accent)' } },
      nextButton: { style: { borderRadius: '999px' }, 'data-testid': 'review' },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Current plan' }),
    ).toBeVisible();
    await expect(canvas.getByTestId('review')).toHaveAttribute(
      'data-slot',
      'upgrade-picker-next-button',
    );
  },
};
