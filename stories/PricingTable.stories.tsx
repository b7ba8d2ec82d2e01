// PricingTable against the sandbox and the proxy handler running in the page (the shared test
// harness: no hand-written service data). The seeded catalog has plans in every billing period
// (Pro monthly and yearly, so the yearly one shows its saving), both tax modes, a euro plan and
// two one-time products. Ada subscribes to Pro monthly; a buyer signed in by e-mail only has
// bought nothing yet. The many-items story adds seat tiers to the sandbox's catalog.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { PricingTable } from '../src/components/PricingTable/index.js';
import type { BillingHarness } from '../test/support/billing-harness.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';
import { addSeatTiers, seatTierIds } from './support/seat-tiers.js';

const NEW_BUYER = { email: 'new.buyer@example.com' };

/** A sandbox for the story, and the harness kept for the play function to inspect. */
function sandbox(options: SandboxParameters = {}) {
  const kept: { harness?: BillingHarness } = {};
  const parameters: SandboxParameters = {
    customer: NEW_BUYER,
    ...options,
    prepare: (harness) => {
      kept.harness = harness;
      options.prepare?.(harness);
    },
  };
  return { kept, parameters };
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

const meta = {
  title: 'Components/PricingTable',
  component: PricingTable,
  decorators: [withSandbox],
  args: { onSuccess: fn(), onError: fn(), onPeriodChange: fn() },
  parameters: { layout: 'padded', sandbox: sandbox().parameters },
} satisfies Meta<typeof PricingTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new buyer: monthly plans first, prices with the tax mode, features; switch to yearly. */
export const NewCustomer: Story = {
  args: { recommended: 'prod_pro_monthly' },
  play: async ({ args, canvas, userEvent }) => {
    const pro = await canvas.findByRole('listitem', { name: 'Pro' });
    await expect(within(pro).getByText('$29.00')).toBeVisible();
    await expect(within(pro).getByText('plus tax')).toBeVisible();
    await expect(within(pro).getByText('Recommended')).toBeVisible();
    await expect(
      within(canvas.getByRole('listitem', { name: 'Pro (EUR)' })).getByText('Tax included'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: /Yearly/ }));
    const yearly = canvas.getByRole('listitem', { name: 'Pro (yearly)' });
    await expect(within(yearly).getByText('$24.17 per month')).toBeVisible();
    await expect(within(yearly).getByText('Save 16%')).toBeVisible();
    await expect(args.onPeriodChange).toHaveBeenCalledWith(
      'every-year',
      expect.objectContaining({ previous: 'every-month' }),
    );
  },
};

const subscribe = sandbox();

/** Subscribe: a checkout is created in the sandbox and the buyer is sent to its page. */
export const Subscribe: Story = {
  args: { successUrl: `${globalThis.location?.origin ?? 'http://localhost:6006'}/thanks` },
  parameters: { sandbox: subscribe.parameters },
  play: async ({ args, canvas, userEvent }) => {
    const pro = await canvas.findByRole('listitem', { name: 'Pro' });
    await userEvent.click(within(pro).getByRole('button', { name: 'Subscribe Pro' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Taking you to the payment page…'),
    );
    const checkouts = subscribe.kept.harness?.sandbox.inspect().checkouts ?? [];
    await expect(checkouts.map((c) => idOf(c.product))).toEqual(['prod_pro_monthly']);
    await expect(subscribe.kept.harness?.navigations).toEqual([checkouts[0]?.checkout_url]);
    await expect(args.onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'checkout' }),
    );
  },
};

/** The whole switch by keyboard: Tab onto the chosen period, arrows to the next. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('listitem', { name: 'Pro' });
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Monthly' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Quarterly' })).toBeChecked();
    await expect(canvas.getByRole('listitem', { name: 'Team' })).toBeVisible();
    await userEvent.tab();
    await expect(
      within(canvas.getByRole('listitem', { name: 'Team' })).getByRole('button', {
        name: 'Subscribe Team',
      }),
    ).toHaveFocus();
  },
};

/** Ada, on Pro monthly: her plan is current, cheaper ones downgrades, euros unavailable. */
export const SubscribedCustomer: Story = {
  parameters: { sandbox: sandbox({ customer: 'cust_ada' }).parameters },
  play: async ({ canvas }) => {
    const pro = await canvas.findByRole('listitem', { name: 'Pro' });
    await waitFor(() => expect(pro).toHaveAttribute('data-state', 'current'));
    await expect(within(pro).getByRole('button', { name: 'Current plan Pro' })).toBeDisabled();
    await expect(canvas.getByRole('listitem', { name: 'Starter' })).toHaveAttribute(
      'data-state',
      'downgrade',
    );
    await expect(canvas.getByRole('listitem', { name: 'Pro (EUR)' })).toHaveAttribute(
      'data-state',
      'unavailable',
    );
  },
};

const upgrade = sandbox({ customer: 'cust_ada' });

/** Ada moves to Team: the plan changes in the sandbox; the notice says so and takes focus. */
export const Upgrade: Story = {
  args: { defaultPeriod: 'every-three-months' },
  parameters: { sandbox: upgrade.parameters },
  play: async ({ args, canvas, userEvent }) => {
    const team = await canvas.findByRole('listitem', { name: 'Team' });
    await waitFor(() => expect(team).toHaveAttribute('data-state', 'upgrade'));
    await userEvent.click(within(team).getByRole('button', { name: 'Upgrade Team' }));
    const notice = canvas.getByRole('status');
    await waitFor(() => expect(notice).toHaveTextContent('Your plan is now Team.'));
    await expect(notice).toHaveFocus();
    await waitFor(() =>
      expect(canvas.getByRole('listitem', { name: 'Team' })).toHaveAttribute(
        'data-state',
        'current',
      ),
    );
    const live = upgrade.kept.harness?.sandbox
      .inspect()
      .subscriptions.filter((s) => idOf(s.customer) === 'cust_ada' && s.status === 'active');
    await expect(live?.map((s) => idOf(s.product))).toEqual(['prod_team_quarterly']);
    await expect(args.onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'upgrade' }),
    );
  },
};

/** The change is refused: said on its card, the plan rolled back, the table still usable. */
export const UpgradeFailed: Story = {
  parameters: {
    sandbox: sandbox({
      customer: 'cust_ada',
      prepare: (h) => h.failNext({ route: 'upgradeSubscription', with: 503 }),
    }).parameters,
  },
  play: async ({ args, canvas, userEvent }) => {
    const starter = await canvas.findByRole('listitem', { name: 'Starter' });
    await waitFor(() => expect(starter).toHaveAttribute('data-state', 'downgrade'));
    await userEvent.click(within(starter).getByRole('button', { name: 'Downgrade Starter' }));
    await expect(await within(starter).findByRole('alert')).toHaveTextContent(
      'Your plan could not be changed. Please try again.',
    );
    await expect(within(starter).getByRole('button', { name: 'Downgrade Starter' })).toHaveFocus();
    await expect(args.onError).toHaveBeenCalledTimes(1);
  },
};

/** `onUpgrade` hands the change to the page (to open an UpgradePicker); nothing is sent. */
export const HandOffUpgrade: Story = {
  args: { onUpgrade: fn() },
  parameters: { sandbox: sandbox({ customer: 'cust_ada' }).parameters },
  play: async ({ args, canvas, userEvent }) => {
    const starter = await canvas.findByRole('listitem', { name: 'Starter' });
    await waitFor(() => expect(starter).toHaveAttribute('data-state', 'downgrade'));
    await userEvent.click(within(starter).getByRole('button', { name: 'Downgrade Starter' }));
    await expect(args.onUpgrade).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'prod_starter_monthly' }),
      expect.objectContaining({ status: 'active' }),
    );
  },
};

/** A checkout on its way (held here for as long as the story is open). */
export const CheckoutPending: Story = {
  parameters: { sandbox: sandbox({ prepare: (h) => void h.hold('createCheckout') }).parameters },
  play: async ({ canvas, userEvent }) => {
    const pro = await canvas.findByRole('listitem', { name: 'Pro' });
    await userEvent.click(within(pro).getByRole('button', { name: 'Subscribe Pro' }));
    // Said once, by the live region: the busy button keeps its label.
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Preparing your checkout…'),
    );
    await expect(within(pro).getByRole('button', { name: 'Subscribe Pro' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The checkout could not be started: said on its card; Subscribe again works. */
export const CheckoutFailed: Story = {
  parameters: {
    sandbox: sandbox({ prepare: (h) => h.failNext({ route: 'createCheckout', with: 503 }) })
      .parameters,
  },
  play: async ({ canvas, userEvent }) => {
    const pro = await canvas.findByRole('listitem', { name: 'Pro' });
    await userEvent.click(within(pro).getByRole('button', { name: 'Subscribe Pro' }));
    await expect(await within(pro).findByRole('alert')).toHaveTextContent(
      'The checkout could not be started. Please try again.',
    );
    await userEvent.click(within(pro).getByRole('button', { name: 'Subscribe Pro' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Taking you to the payment page…'),
    );
  },
};

/** A visitor who is not signed in sees the table as a new customer. */
export const SignedOut: Story = {
  parameters: { sandbox: sandbox({ customer: null }).parameters },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('listitem', { name: 'Pro' })).toHaveAttribute(
      'data-state',
      'available',
    );
  },
};

/** One-time products in their own group. */
export const OneTime: Story = {
  args: { defaultPeriod: 'once' },
  play: async ({ canvas }) => {
    const lifetime = await canvas.findByRole('listitem', { name: 'Lifetime license' });
    await expect(within(lifetime).getByText('one-time payment')).toBeVisible();
    await expect(
      within(lifetime).getByRole('button', { name: 'Buy now Lifetime license' }),
    ).toBeEnabled();
  },
};

/** The catalog on its way (held here for as long as the story is open). */
export const Loading: Story = {
  parameters: { sandbox: sandbox({ prepare: (h) => void h.hold('products') }).parameters },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading plans…');
    await expect(canvas.getByRole('region', { name: 'Plans' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The catalog could not be loaded; Try again loads it. */
export const LoadError: Story = {
  parameters: {
    sandbox: sandbox({ prepare: (h) => h.failNext({ route: 'products', with: 503 }) }).parameters,
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The plans could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('listitem', { name: 'Pro' })).toBeVisible();
  },
};

/** A store that sells nothing yet. */
export const Empty: Story = {
  parameters: { sandbox: sandbox({ products: [] }).parameters },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No plans are available right now.')).toBeVisible();
  },
};

/** Many plans (the store sells twelve seat tiers): they wrap into rows; each yearly one saves. */
export const ManyItems: Story = {
  args: { recommended: 'prod_pro_monthly_5', defaultPeriod: 'every-year' },
  parameters: {
    sandbox: sandbox({
      customize: addSeatTiers,
      products: seatTierIds(),
    }).parameters,
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findAllByRole('listitem', { name: /^Pro \d+ \(yearly\)$/ }),
    ).toHaveLength(6);
    const grid = canvas.getByRole('list', { name: 'Yearly' });
    await expect(within(grid).getAllByText('Save 16%')).toHaveLength(6);
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { recommended: 'prod_pro_monthly' },
  parameters: { sandbox: sandbox({ customer: 'cust_ada' }).parameters },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('listitem', { name: 'Pro' });
    await expect(canvasElement.querySelector('[data-slot="pricing-table"]')).toHaveAttribute(
      'data-bk-theme',
      'dark',
    );
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  play: async ({ canvas, userEvent }) => {
    const pro = await canvas.findByRole('listitem', { name: 'Pro' });
    await expect(within(pro).getByText('29,00 $')).toBeVisible();
    await expect(within(pro).getByText('zzgl. MwSt.')).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: /Jährlich/ }));
    await expect(
      within(canvas.getByRole('listitem', { name: 'Pro (yearly)' })).getByText('16 % sparen'),
    ).toBeVisible();
  },
};

/** Parts restyled: square cards, pill buttons, a custom heading level, a replaced badge. */
export const SlotCustomised: Story = {
  args: {
    recommended: 'prod_pro_monthly',
    slots: { title: 'h2' },
    slotProps: {
      card: { style: { borderRadius: 0 } },
      button: { style: { borderRadius: '999px' }, 'data-testid': 'cta' },
      recommendedBadge: { style: { textTransform: 'uppercase' } },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Pro' })).toBeVisible();
    await expect(canvas.getAllByTestId('cta')[0]).toHaveAttribute(
      'data-slot',
      'pricing-table-button',
    );
  },
};
