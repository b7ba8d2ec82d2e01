// DiscountField on its own, checking codes against the sandbox's discounts through the proxy in
// the page: every answer below is the sandbox's.
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ButtonHTMLAttributes, CSSProperties } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { DiscountField } from '../src/components/DiscountField/index.js';
import type { PartProps } from '../src/react/index.js';
import { type BillingHarness, seededFixtures } from '../test/support/billing-harness.js';
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

const typed: { harness?: BillingHarness } = {};

/**
 * The buyer types a code; it is checked once, a second after they stop typing (Enter, Apply or
 * leaving the field would check it at once), and can be removed again.
 */
export const TypeApplyRemove: Story = {
  parameters: {
    sandbox: {
      prepare: (harness) => {
        typed.harness = harness;
      },
    } satisfies SandboxParameters,
  },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Discount code' });
    await userEvent.type(input, 'launch20');
    // The check waits for a second without typing: wait past it.
    await expect(
      await canvas.findByText('Code LAUNCH20 applied: 20% off for 3 months', {}, { timeout: 5000 }),
    ).toBeVisible();
    // One code, one check: none for l, la, lau…
    await expect(typed.harness?.requests.filter((r) => r.route === 'discount')).toEqual([
      expect.objectContaining({ path: '/discounts/launch20' }),
    ]);
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

/**
 * The proxy checks no more codes for now (a 429: the buyer checked too many; it stops codes
 * being guessed): the field says when to try again, or to go on without the code. Apply tries
 * again.
 */
export const TooManyCodesChecked: Story = {
  args: { defaultValue: 'LAUNCH20' },
  parameters: {
    sandbox: {
      prepare: (harness) => harness.failNext({ route: 'discount', with: 429 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    const said =
      'Too many codes have been checked. Please try again shortly, or remove the code to continue.';
    await expect(await canvas.findByText(said)).toBeVisible();
    const input = canvas.getByRole('textbox', { name: 'Discount code' });
    await expect(input).toHaveAccessibleDescription(said);
    await expect(input).toHaveValue('LAUNCH20');
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

/** Hidden on screen, read by screen readers. */
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * The remove button replaced (`slots.removeAction`) by an icon button: a cross on screen, its
 * text ("Remove code") kept for screen readers; it gets every prop of the part, so it still
 * removes the code. The label and the field are restyled with `slotProps`.
 */
function RemoveIcon({ children, ...props }: PartProps) {
  return (
    <button {...(props as ButtonHTMLAttributes<HTMLButtonElement>)} data-story-icon="">
      <span aria-hidden="true">✕</span>
      <span style={visuallyHidden}>{children}</span>
    </button>
  );
}

export const SlotCustomised: Story = {
  args: {
    defaultValue: 'WELCOME5',
    style: { maxWidth: '22rem' },
    slots: { removeAction: RemoveIcon },
    slotProps: {
      label: { style: { textTransform: 'uppercase', letterSpacing: '0.05em' } },
      removeAction: { style: { border: 'none', minWidth: '2.75rem' } },
    },
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const remove = await canvas.findByRole('button', { name: 'Remove code' });
    await expect(remove).toHaveAttribute('data-slot', 'discount-field-remove-action');
    await expect(remove).toHaveAttribute('data-story-icon');
    await expect(remove).toHaveTextContent('✕');
    await userEvent.click(remove);
    await expect(canvas.getByRole('textbox', { name: 'Discount code' })).toHaveValue('');
    await expect(canvasElement.querySelector('[data-story-icon]')).toBeNull();
  },
};

const codes = seededFixtures().discounts.map((d) => ({ code: d.code, name: d.name }));
const manyCodes: { harness?: BillingHarness } = {};

/**
 * Many items: a field for every code the sandbox's store has (active, expired, scheduled,
 * draft, used up, for other products…), all checked at once against Pro monthly through the
 * proxy, each saying its own result (its message is its own input's description).
 */
export const EveryCodeOfTheStore: Story = {
  render: (args) => (
    <ul style={{ display: 'grid', gap: '1rem', padding: 0, listStyle: 'none' }}>
      {codes.map(({ code, name }) => (
        <li key={code}>
          <h3 style={{ margin: '0 0 0.25rem', fontSize: '1rem' }}>{name}</h3>
          <DiscountField {...args} defaultValue={code} />
        </li>
      ))}
    </ul>
  ),
  parameters: {
    sandbox: {
      prepare: (harness) => {
        manyCodes.harness = harness;
      },
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement }) => {
    const fields = () =>
      Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-slot="discount-field"]'));
    await expect(fields()).toHaveLength(codes.length);
    await waitFor(() => expect(fields().filter((f) => f.dataset.state === 'checking')).toEqual([]));
    const states = new Set(fields().map((f) => f.dataset.state));
    await expect([...states].sort()).toEqual(['applied', 'invalid']);
    await expect(
      await canvas.findByText('Code LAUNCH20 applied: 20% off for 3 months'),
    ).toBeVisible();
    await expect(canvas.getAllByText('This code has expired.').length).toBeGreaterThan(0);
    const inputs = canvas.getAllByRole('textbox', { name: 'Discount code' });
    const described = new Set(inputs.map((i) => i.getAttribute('aria-describedby')));
    await expect(described.size).toBe(codes.length);
    // Each code asked once, through the proxy.
    await expect(manyCodes.harness?.count('discount')).toBe(codes.length);
  },
};
