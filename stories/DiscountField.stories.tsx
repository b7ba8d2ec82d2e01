// DiscountField on its own, checking codes against the sandbox's discounts through the proxy in
// the page: every answer below is the sandbox's.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DiscountField } from '../src/components/DiscountField/index.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';

const meta = {
  title: 'Components/DiscountField',
  component: DiscountField,
  decorators: [withSandbox],
  args: { productId: 'prod_pro_monthly', onApply: fn(), onValueChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DiscountField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The buyer types a code; it is checked once they pause, and can be removed again. */
export const TypeApplyRemove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Discount code' });
    await userEvent.type(input, 'launch20');
    await expect(
      await canvas.findByText('Code LAUNCH20 applied: 20% off for 3 months'),
    ).toBeVisible();
    await expect(args.onApply).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove code' }));
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();
    await expect(canvas.getByRole('status')).toHaveTextContent('Code removed.');
  },
};

/** A fixed amount in the product's currency. */
export const FixedAmount: Story = {
  args: { productId: 'prod_ebook', defaultValue: 'READER3' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Code READER3 applied: €3.00 off on the first payment'),
    ).toBeVisible();
  },
};

/** An expired code of this store: said so. */
export const Expired: Story = {
  args: { defaultValue: 'SUMMER15' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This code has expired.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Discount code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** A code the store does not have (a draft or used-up one is answered alike). */
export const Unknown: Story = {
  args: { defaultValue: 'NOSUCHCODE' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This code is unknown or cannot be used.')).toBeVisible();
  },
};

/** A live code for other products. */
export const NotForThisProduct: Story = {
  args: { productId: 'prod_team_quarterly', defaultValue: 'LAUNCH20' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('This code does not apply to this product.'),
    ).toBeVisible();
  },
};

/** The check is on its way (held here for as long as the story is open). */
export const Checking: Story = {
  args: { defaultValue: 'LAUNCH20' },
  parameters: {
    sandbox: { prepare: (harness) => void harness.hold('discount') } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('Checking the code…')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="discount-field"]')).toHaveAttribute(
      'data-state',
      'checking',
    );
  },
};

/** The check itself failed; Apply tries again. */
export const CheckFailed: Story = {
  args: { defaultValue: 'LAUNCH20' },
  parameters: {
    sandbox: {
      prepare: (harness) => harness.failNext({ route: 'discount', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByText('The code could not be checked. Please try again.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(await canvas.findByText(/Code LAUNCH20 applied/)).toBeVisible();
  },
};

/** No code yet. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Apply' })).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { defaultValue: 'FRIENDS10' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Code FRIENDS10 applied: 10% off on every payment'),
    ).toBeVisible();
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  args: { defaultValue: 'LAUNCH20' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Rabattcode' })).toBeVisible();
    await expect(
      await canvas.findByText('Code LAUNCH20 eingelöst: 20 % Rabatt für 3 Monate'),
    ).toBeVisible();
  },
};

/** Parts restyled: the button beside the input becomes a quiet link-like action. */
export const SlotCustomised: Story = {
  args: {
    defaultValue: 'WELCOME5',
    style: { maxWidth: '22rem' },
    slotProps: {
      label: { style: { textTransform: 'uppercase', letterSpacing: '0.05em' } },
      removeAction: { style: { border: 'none', textDecoration: 'underline' } },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Remove code' })).toHaveAttribute(
      'data-slot',
      'discount-field-remove-action',
    );
  },
};
