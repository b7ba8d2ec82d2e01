// PortalButton against the sandbox and the proxy handler running in the page (the shared test
// harness). The harness's `navigate` records the portal address instead of leaving the page.
// The button has no loading or empty state of its own: it fetches nothing until clicked.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { PortalButton } from '../src/components/PortalButton/index.js';
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
    await expect(await canvas.findByRole('alert')).toBeVisible();
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
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Manage billing' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
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

/** A pill-shaped button in the accent colour, with a test id. */
export const SlotCustomised: Story = {
  args: {
    slotProps: {
      button: {
        style: {
          borderRadius: '999px',
          background: 'var(--bk-color-accent)',
          borderColor: 'var(--bk-color-accent)',
          color: 'var(--bk-color-accent-text)',
        },
        'data-testid': 'portal',
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('portal')).toHaveAttribute('data-slot', 'portal-button-button');
  },
};
