// CheckoutForm against the sandbox and the proxy handler running in the page (the shared test
// harness: no hand-written service data). The harness's `navigate` records the checkout page's
// address instead of leaving, so a story can show the redirecting state. The three-fields story
// and the hostile-label story give a product of the sandbox's catalog custom fields
// (`customize`): the form reads them through the proxy like the seeded ones.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { CheckoutForm } from '../src/components/CheckoutForm/index.js';
import type { CustomField } from '../src/contract/schemas.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';

const meta = {
  title: 'Components/CheckoutForm',
  component: CheckoutForm,
  decorators: [withSandbox],
  args: { productId: 'prod_team_quarterly', allowUnits: true, maxUnits: 10 },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof CheckoutForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Team: a required company name, seats, a discount code; the buyer fills it in and goes on. */
export const FillAndSubmit: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const company = await canvas.findByRole('textbox', { name: 'Company name' });
    await userEvent.type(company, 'Acme Ltd');
    const units = canvas.getByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(units);
    await userEvent.type(units, '3');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Discount code' }), 'FRIENDS10');
    await userEvent.keyboard('{Enter}');
    await expect(
      await canvas.findByText('Code FRIENDS10 applied: 10% off on every payment'),
    ).toBeVisible();
    const totals = canvasElement.querySelector('[data-slot="checkout-form-totals"]');
    await expect(totals).toHaveTextContent('Subtotal$225.00Discount−$22.50Total$202.50');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to payment' }));
    const form = canvas.getByRole('form', { name: 'Team' });
    await waitFor(() => expect(form).toHaveAttribute('data-state', 'redirecting'));
    await expect(canvas.getByText('Taking you to the payment page…')).toBeVisible();
  },
};

/** Submitting with the rules broken: each field says what is wrong, focus on the first. */
export const Validation: Story = {
  args: { productId: 'prod_ebook', allowUnits: false },
  play: async ({ canvas, userEvent }) => {
    const dedication = await canvas.findByRole('textbox', {
      name: 'Name for the dedication page (optional)',
    });
    await userEvent.type(dedication, 'A');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to payment' }));
    await expect(dedication).toHaveFocus();
    await expect(dedication).toHaveAccessibleDescription(/^Enter at least 2 characters\./);
    const terms = canvas.getByRole('checkbox', { name: /I accept the terms/ });
    await expect(terms).toHaveAccessibleDescription('Please tick this box to continue.');
    await userEvent.type(dedication, 'da');
    await userEvent.click(terms);
    await expect(terms).not.toHaveAttribute('aria-invalid');
  },
};

/** A code that does not apply to this product, said plainly; the form will not go on with it. */
export const DiscountNotForProduct: Story = {
  args: { defaultDiscountCode: 'LAUNCH20' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('This code does not apply to this product.'),
    ).toBeVisible();
  },
};

/** The definitions go to the service's checkout page, which asks them; the form only says so. */
export const AskedOnCheckoutPage: Story = {
  args: { productId: 'prod_ebook', collect: 'checkout', allowUnits: false },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'You will be asked for Name for the dedication page and Terms of sale on the payment page.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

/** Sandbox parameters under which the seeded Pro plan asks `fields` at checkout. */
function proAsks(fields: CustomField[]): SandboxParameters {
  return {
    customize: ({ products }) => {
      const pro = products.find((p) => p.id === 'prod_pro_monthly');
      if (!pro) throw new Error('seed changed: no prod_pro_monthly');
      pro.custom_fields = fields;
    },
  };
}

/**
 * As many custom fields as a checkout takes (three), with a label holding links: the seller's
 * Pro plan asks them, as the sandbox's product says (in the service's response form).
 */
export const ManyFields: Story = {
  args: { productId: 'prod_pro_monthly', allowUnits: false },
  parameters: {
    sandbox: proAsks([
      {
        type: 'text',
        key: 'company',
        label: 'Company',
        optional: true,
        text: { minimum_length: 2, max_length: 80, value: null },
      },
      {
        type: 'text',
        key: 'vatId',
        label: 'VAT number',
        optional: false,
        text: { minimum_length: 8, max_length: 14, value: null },
      },
      {
        type: 'checkbox',
        key: 'terms',
        label: 'Terms',
        optional: false,
        checkbox: {
          label:
            'I accept the <a href="https://example.com/terms">terms</a> and the [privacy policy](https://example.com/privacy), and not <a href="javascript:alert(1)">this</a>',
          value: null,
        },
      },
    ]),
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('textbox', { name: 'VAT number' });
    const links = canvas.getAllByRole('link');
    await expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/terms',
      'https://example.com/privacy',
    ]);
  },
};

/**
 * A checkbox's label from the service "may contain markup links": the ebook's terms box (as the
 * sandbox seeds it) links its terms, opened in a new tab, and a click on the text ticks the box.
 */
export const CheckboxLabelWithLink: Story = {
  args: { productId: 'prod_ebook', allowUnits: false },
  play: async ({ canvas, userEvent }) => {
    const link = await canvas.findByRole('link', { name: /^terms/ });
    await expect(link).toHaveAttribute('href', 'https://example.com/terms');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const box = canvas.getByRole('checkbox', { name: /I accept the terms/ });
    await userEvent.click(canvas.getByText(/I accept the/));
    await expect(box).toBeChecked();
  },
};

/**
 * A label with markup that must not run: only the https link stays a link; a `javascript:` or
 * plain-http link, an image, a script and an inline handler are dropped (their text kept).
 */
export const HostileCheckboxLabel: Story = {
  args: { productId: 'prod_pro_monthly', allowUnits: false },
  parameters: {
    sandbox: proAsks([
      {
        type: 'checkbox',
        key: 'terms',
        label: 'Terms',
        optional: false,
        checkbox: {
          label:
            'Accept <a href="javascript:alert(1)">these</a>, <a href="http://shop.example">those</a>' +
            '<img src=x onerror="alert(1)"><script>alert(2)</script> and ' +
            '<a onclick="steal()" href="https://shop.example/terms">the real terms</a> ' +
            '[or this](javascript:alert(3))',
          value: null,
        },
      },
    ]),
  },
  play: async ({ canvas, canvasElement }) => {
    const box = await canvas.findByRole('checkbox', { name: /Accept these, those and/ });
    const label = box.closest('label') as HTMLElement;
    const links = within(label).getAllByRole('link');
    await expect(links).toHaveLength(1);
    await expect(links[0]).toHaveAttribute('href', 'https://shop.example/terms');
    await expect(links[0]).not.toHaveAttribute('onclick');
    await expect(canvasElement.querySelector('form img, form script')).toBeNull();
  },
};

/** The catalog is still loading: a busy skeleton. */
export const Loading: Story = {
  parameters: {
    sandbox: { prepare: (harness) => void harness.hold('products') } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Checkout' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The catalog could not be loaded: an alert with a retry. */
export const LoadError: Story = {
  parameters: {
    sandbox: {
      prepare: (harness) => harness.failNext({ route: 'products', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The product could not be loaded.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('form', { name: 'Team' })).toBeVisible();
  },
};

/** The checkout could not be started: the form says so and keeps what was entered. */
export const SubmitFailed: Story = {
  args: { defaultAnswers: { companyName: 'Acme Ltd' } },
  parameters: {
    sandbox: {
      prepare: (harness) => harness.failNext({ route: 'createCheckout', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue to payment' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The checkout could not be started. Please try again.',
    );
    await expect(canvas.getByRole('textbox', { name: 'Company name' })).toHaveValue('Acme Ltd');
  },
};

/** A product that is not in the catalog. */
export const Unavailable: Story = {
  args: { productId: 'prod_legacy_monthly' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This product is not available.')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { productId: 'prod_ebook', defaultDiscountCode: 'READER3' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('Code READER3 applied: €3.00 off on the first payment');
    await expect(canvasElement.querySelector('[data-slot="checkout-form"]')).toHaveAttribute(
      'data-bk-theme',
      'dark',
    );
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  args: { productId: 'prod_ebook', allowUnits: false, defaultDiscountCode: 'READER3' },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByText('Code READER3 eingelöst: 3,00 € Rabatt auf die erste Zahlung'),
    ).toBeVisible();
    await expect(
      canvasElement.querySelector('[data-slot="checkout-form-totals"]'),
    ).toHaveTextContent('Zwischensumme19,00 €Rabatt−3,00 €Gesamt16,00 €');
    await expect(canvas.getByRole('button', { name: 'Weiter zur Zahlung' })).toBeVisible();
    // The terms box's link says, in German, that it opens a new tab.
    const terms = canvas.getByRole('link', { name: 'terms' });
    await expect(terms).toHaveAttribute('href', 'https://example.com/terms');
    await expect(terms).toHaveAccessibleDescription('(öffnet in einem neuen Tab)');
  },
};

/** Parts replaced and restyled: an h3 for the name, a rounded pill button, a quieter summary. */
export const SlotCustomised: Story = {
  args: {
    productId: 'prod_pro_monthly',
    allowUnits: false,
    style: { maxWidth: '24rem' },
    slots: { name: 'h3' },
    slotProps: {
      summary: { style: { borderBottom: 'none' } },
      submitButton: { style: { borderRadius: '999px' }, 'data-testid': 'pay' },
      price: { style: { color: 'var(--bk-color-accent)' } },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 3, name: 'Pro' })).toBeVisible();
    await expect(canvas.getByTestId('pay')).toHaveAttribute(
      'data-slot',
      'checkout-form-submit-button',
    );
  },
};
