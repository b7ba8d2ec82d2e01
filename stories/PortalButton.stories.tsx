// PortalButton against the sandbox and the proxy handler running in the page (the shared test
// harness). The harness's `navigate` records the portal address instead of leaving the page.
// The button has no loading or empty state of its own: it fetches nothing until clicked.
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ButtonHTMLAttributes } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { PortalButton, type PortalButtonProps } from '../src/components/PortalButton/index.js';
import { SubscriptionStatus } from '../src/components/SubscriptionStatus/index.js';
import { type PartProps, useCustomerSubscriptions } from '../src/react/index.js';
import type { BillingHarness } from '../test/support/billing-harness.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';

const meta = {
  title: 'Components/PortalButton',
  component: PortalButton,
  decorators: [withSandbox],
  args: { onSuccess: fn(), onError: fn() },
  parameters: { layout: 'padded', sandbox: { customer: 'cust_ada' } },
} satisfies Meta<typeof PortalButton>;

export default meta;
type Story = StoryObj<typeof meta>;

const opened: { harness?: BillingHarness } = {};

/** A click asks the proxy for Ada's portal link and goes there (recorded, not followed). */
export const OpensThePortal: Story = {
  parameters: {
    sandbox: {
      prepare: (harness) => {
        opened.harness = harness;
      },
    } satisfies SandboxParameters,
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledTimes(1));
    const navigations = opened.harness?.navigations ?? [];
    await expect(navigations).toHaveLength(1);
    await expect(navigations[0]).toMatch(/^https:\/\/sandbox\.billing-kit\.test\/portal\/cust_ada/);
  },
};

/** Asking for the link (held here for as long as the story is open). */
export const Opening: Story = {
  parameters: {
    sandbox: { prepare: (harness) => void harness.hold('portal') } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Manage billing' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Opening the billing portal…');
    await expect(canvasElement.querySelector('[data-slot="portal-button"]')).toHaveAttribute(
      'data-state',
      'opening',
    );
  },
};

/** The link could not be had: said so; the button tries again. */
export const Failed: Story = {
  parameters: {
    sandbox: {
      prepare: (harness) => harness.failNext({ route: 'portal', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Manage billing' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The billing portal could not be opened. Please try again.',
    );
    await expect(args.onError).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledTimes(1));
  },
};

/** A buyer with nothing bought yet has no portal. */
export const NoPortalYet: Story = {
  parameters: {
    sandbox: { customer: { email: 'new.buyer@example.com' } } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Manage billing' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toHaveTextContent(
      'There is nothing to manage yet: your billing account starts with your first purchase.',
    );
  },
};

/**
 * In a new tab: the tab is opened in the click (so popup blockers let it through), cut off from
 * this page, and sent to the link once it arrives. Not clicked here: it would open a real tab.
 */
export const NewTab: Story = {
  args: { target: '_blank' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: 'Manage billing (opens in a new tab)' }),
    ).toBeVisible();
  },
};

export const CustomLabel: Story = {
  args: { children: 'Invoices and payment methods' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: 'Invoices and payment methods' }),
    ).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  parameters: {
    sandbox: {
      prepare: (harness) => harness.failNext({ route: 'portal', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Manage billing' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="portal-button"]')).toHaveAttribute(
      'data-bk-theme',
      'dark',
    );
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  args: { target: '_blank' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: 'Abrechnung verwalten (öffnet in einem neuen Tab)' }),
    ).toBeVisible();
  },
};

/**
 * The button replaced (`slots.button`) by the seller's own link-styled button with an arrow: it
 * gets every prop of the part (the click that opens the portal, `aria-busy`, `data-state`), so it
 * still opens Ada's portal.
 */
function ArrowButton({ children, ...props }: PartProps) {
  return (
    <button {...(props as ButtonHTMLAttributes<HTMLButtonElement>)} data-story-arrow="">
      {children} <span aria-hidden="true">→</span>
    </button>
  );
}

const customised: { harness?: BillingHarness } = {};

export const SlotCustomised: Story = {
  args: {
    slots: { button: ArrowButton },
    slotProps: {
      button: {
        style: {
          borderRadius: '999px',
          background: 'var(--bk-color-accent)',
          borderColor: 'var(--bk-color-accent)',
          color: 'var(--bk-color-accent-text)',
        },
      },
    },
  },
  parameters: {
    sandbox: {
      prepare: (harness) => {
        customised.harness = harness;
      },
    } satisfies SandboxParameters,
  },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Manage billing' });
    await expect(button).toHaveAttribute('data-slot', 'portal-button-button');
    await expect(button).toHaveAttribute('data-story-arrow');
    await expect(button).toHaveTextContent('Manage billing →');
    await userEvent.click(button);
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledTimes(1));
    await expect(customised.harness?.navigations[0]).toMatch(/\/portal\/cust_ada/);
  },
};

/** A settings page: each of the customer's subscriptions, read through the proxy, with its own button. */
function SubscriptionsPage(props: PortalButtonProps) {
  const subscriptions = useCustomerSubscriptions();
  if (!subscriptions.data) return <p role="status">Loading subscriptions…</p>;
  return (
    <ul style={{ display: 'grid', gap: '1rem', padding: 0, listStyle: 'none', maxWidth: '28rem' }}>
      {subscriptions.data.items.map((subscription) => (
        <li key={subscription.id} style={{ display: 'grid', gap: '0.5rem' }}>
          <SubscriptionStatus subscription={subscription} />
          <PortalButton {...props}>
            Update the payment method, download invoices or cancel{' '}
            {productName(subscription.product)}
          </PortalButton>
        </li>
      ))}
    </ul>
  );
}

const productName = (product: string | { name?: string; id: string }) =>
  typeof product === 'string' ? product : (product.name ?? product.id);

const many: { harness?: BillingHarness } = {};

/**
 * Many items: Linus has four subscriptions (canceled, paused, past due, unpaid); his settings
 * page has a button beside each, with a long label that wraps. They share one portal, but each
 * button has its own state: the one clicked says it is opening, the others stay ready.
 */
export const ManySubscriptions: Story = {
  render: (args) => <SubscriptionsPage {...args} />,
  parameters: {
    sandbox: {
      customer: 'cust_linus',
      prepare: (harness) => {
        many.harness = harness;
        harness.hold('portal');
      },
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const harness = many.harness as BillingHarness;
    const linus = harness.sandbox
      .inspect()
      .subscriptions.filter(
        (s) => (typeof s.customer === 'string' ? s.customer : s.customer.id) === 'cust_linus',
      );
    const buttons = await canvas.findAllByRole('button', { name: /^Update the payment method/ });
    await expect(buttons).toHaveLength(linus.length);
    await expect(new Set(buttons.map((b) => b.textContent)).size).toBe(linus.length);
    await userEvent.click(buttons[1] as HTMLElement);
    const roots = Array.from(
      canvasElement.querySelectorAll<HTMLElement>('[data-slot="portal-button"]'),
    );
    await expect(roots.map((r) => r.dataset.state)).toEqual(
      roots.map((_, i) => (i === 1 ? 'opening' : 'idle')),
    );
    await expect(within(roots[1] as HTMLElement).getByRole('status')).toHaveTextContent(
      'Opening the billing portal…',
    );
    await expect(harness.count('portal')).toBe(1);
  },
};
