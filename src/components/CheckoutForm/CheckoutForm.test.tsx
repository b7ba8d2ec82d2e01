import { MutationCache, QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type ReactNode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import {
  type BillingHarness,
  BillingHarnessProvider,
  createBillingHarness,
  createTestQueryClient,
  renderWithBilling,
  sellerClient,
  type WithBillingOptions,
} from '../../../test/support/billing-harness.js';
import { sandboxClient } from '../../../test/support/sandbox-client.js';
import { recordFocus, recordLiveRegion } from '../../../test/support/screen-reader.js';
import { assignLocation } from '../../react/context.js';
import { billingKeys } from '../../react/keys.js';
import { useProducts } from '../../react/queries.js';
import { generalErrorBody } from '../../sandbox/errors.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { CheckoutForm } from './CheckoutForm.js';
import {
  answersToMetadata,
  type CustomFieldDefinition,
  checkAnswer,
  normaliseFields,
} from './fields.js';

const PRO = 'prod_pro_monthly'; // $29.00 monthly, tax exclusive, no custom fields
const TEAM = 'prod_team_quarterly'; // $75.00 every 3 months, tax inclusive, companyName (2–200)
const EBOOK = 'prod_ebook'; // €19.00 once, dedication (optional, 2–60), terms checkbox

/** The checkouts the sandbox holds that this test created (the seed may hold some too). */
function newCheckouts(harness: BillingHarness, before: number) {
  return harness.sandbox.inspect().checkouts.slice(before);
}
const checkoutCount = (harness: BillingHarness) => harness.sandbox.inspect().checkouts.length;

/**
 * A harness whose service refuses the next checkout with `body` (a 400 in one of the service's
 * body shapes), so the real proxy words it for the browser. The harness's `failNext` answers
 * in the proxy's place and names no field.
 */
function serviceRefusesCheckout(body: unknown): BillingHarness {
  let refuse = true;
  const harness = createBillingHarness({
    handler: {
      fetch: async (input, init) => {
        if (refuse && init.method === 'POST' && new URL(input).pathname === '/v1/checkouts') {
          refuse = false;
          return new Response(JSON.stringify(body), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          });
        }
        return harness.sandbox.fetch(input, init);
      },
    },
  });
  return harness;
}

const submitButton = () => screen.getByRole('button', { name: 'Continue to payment' });
const form = async (name: string) => screen.findByRole('form', { name });

/** Fills the Team form as a buyer does: "Acme" as the company, 3 as the quantity. */
async function fillTeam(user: ReturnType<typeof userEvent.setup>) {
  await form('Team');
  const company = screen.getByRole('textbox', { name: 'Company name' });
  await user.type(company, 'Acme');
  const units = screen.getByRole('spinbutton', { name: 'Quantity' });
  await user.clear(units);
  await user.type(units, '3');
  return { company, units };
}

describe('CheckoutForm: an invalid field as a screen reader gets it', () => {
  test('Enter in the invalid field itself says its error in the status region, once per Enter', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<CheckoutForm productId={TEAM} />);
    await form('Team');
    const company = screen.getByRole('textbox', { name: 'Company name' });
    // The form's own status region (the discount field has one too).
    const status = document.querySelector('[data-slot="checkout-form-status"]') as HTMLElement;
    const said = recordLiveRegion(status);

    await user.type(company, 'A{Enter}');
    await waitFor(() => expect(company).toHaveAttribute('aria-invalid', 'true'));
    const error =
      document.querySelector('[data-slot="checkout-form-field-error"]')?.textContent ?? '';
    expect(error).toMatch(/2 characters/);
    expect(company).toHaveFocus();
    await waitFor(() => expect(said()).toEqual([error]));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(said()).toEqual([error, error]));
    expect(harness.count('createCheckout')).toBe(0);
  });

  test('when the focus moves to the invalid field, the status region says nothing', async () => {
    const user = userEvent.setup();
    renderWithBilling(<CheckoutForm productId={TEAM} />);
    await form('Team');
    const said = recordLiveRegion(
      document.querySelector('[data-slot="checkout-form-status"]') as HTMLElement,
    );
    const read = recordFocus();
    await user.click(submitButton());
    const company = screen.getByRole('textbox', { name: 'Company name' });
    await waitFor(() => expect(company).toHaveFocus());
    // Read with its error as it takes the focus; the region does not say it again.
    expect(read).toEqual([
      { label: 'Company name', invalid: 'true', description: expect.stringMatching(/required/i) },
    ]);
    expect(said()).toEqual([]);
  });
});

describe('CheckoutForm: what the buyer sees', () => {
  test('the product: name, description, price, period and tax mode in plain words', async () => {
    renderWithBilling(<CheckoutForm productId={TEAM} />);
    const checkout = await form('Team');
    expect(screen.getByRole('region', { name: 'Checkout' })).toHaveAttribute('data-state', 'ready');
    expect(within(checkout).getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
    expect(checkout).toHaveTextContent('Pro for up to ten seats, billed every three months.');
    expect(checkout.querySelector('[data-slot="checkout-form-price"]')).toHaveTextContent('$75.00');
    expect(checkout).toHaveTextContent('Billed every 3 months');
    expect(checkout).toHaveTextContent('Tax included');
    // No `maxlength`: the service counts the trimmed answer, the browser would cap the raw one.
    expect(screen.getByRole('textbox', { name: 'Company name' })).not.toHaveAttribute('maxlength');
    expect(screen.getByText('0/200 characters')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toBeVisible();
    expect(checkout.querySelector('[data-slot="checkout-form-total"]')).toHaveTextContent(
      'Total$75.00',
    );
    expect(checkout).toHaveAttribute('data-state', 'idle');
    // No units unless allowed.
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  test('a one-time product in euros, tax on top for an exclusive one', async () => {
    renderWithBilling(
      <>
        <CheckoutForm productId={EBOOK} />
        <CheckoutForm productId={PRO} />
      </>,
    );
    const ebook = await form('The Billing Handbook');
    expect(ebook).toHaveTextContent('€19.00');
    expect(ebook).toHaveTextContent('One-time payment');
    const pro = screen.getByRole('form', { name: 'Pro' });
    expect(pro).toHaveTextContent('$29.00');
    expect(pro).toHaveTextContent('Billed monthly');
    expect(pro).toHaveTextContent('plus tax, calculated at payment');
  });

  test('each sentence is one catalogue message, so an override may reorder it', async () => {
    renderWithBilling(<CheckoutForm productId={EBOOK} defaultDiscountCode="READER3" />, {
      provider: {
        messages: {
          'checkoutForm.optional': 'Optional: {label}',
          'discountField.applied': '{discount} ({code})',
          'discountField.duration.once': 'Once, {off}',
        },
      },
    });
    expect(await screen.findByText('Once, €3.00 off (READER3)')).toBeVisible();
    expect(
      screen.getByRole('textbox', { name: 'Optional: Name for the dedication page' }),
    ).toBeVisible();
  });

  test('a tax mode that is missing or not known: nothing is said about tax', async () => {
    const harness = createBillingHarness();
    harness.sandbox.customize(({ products }) => {
      for (const product of products) {
        if (product.id === PRO) product.tax_mode = '';
        if (product.id === EBOOK) product.tax_mode = 'reverse_charge';
      }
    });
    const { container } = renderWithBilling(
      <>
        <CheckoutForm productId={PRO} />
        <CheckoutForm productId={EBOOK} />
      </>,
      { harness },
    );
    expect(await form('Pro')).toHaveTextContent('Billed monthly');
    expect(container).not.toHaveTextContent(/tax/i);
    expect(container.querySelector('[data-slot="checkout-form-tax"]')).toBeNull();
  });

  test('the counter follows what is typed', async () => {
    const user = userEvent.setup();
    renderWithBilling(<CheckoutForm productId={EBOOK} />);
    const dedication = await screen.findByRole('textbox', {
      name: 'Name for the dedication page (optional)',
    });
    await user.type(dedication, 'Ada');
    expect(screen.getByText('3/60 characters')).toBeVisible();
    expect(dedication).toHaveAccessibleDescription('At least 2 characters 3/60 characters');
  });

  test('loading shows a busy skeleton; a failed load offers a retry', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    harness.failNext({ route: 'products', with: 503 });
    renderWithBilling(<CheckoutForm productId={TEAM} />, { harness });
    const region = screen.getByRole('region', { name: 'Checkout' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region).toHaveAttribute('data-state', 'loading');
    expect(region).toHaveTextContent('Loading checkout…');
    expect(await screen.findByRole('alert')).toHaveTextContent('The product could not be loaded.');
    expect(region).toHaveAttribute('data-state', 'error');
    harness.failNext({ route: 'products', with: 503 });
    const release = harness.hold('products');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // Loading again: the button went with the alert; the focus waits on the region.
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'loading'));
    expect(region).toHaveFocus();
    release();
    // Failed again: the alert is back, the focus still on the region, Try again the next stop.
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(region).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await form('Team')).toBeVisible();
    // The form replaced the region's content: the focus is on the product, not lost to the page.
    expect(screen.getByRole('heading', { name: 'Team' })).toHaveFocus();
  });

  test('a failed background refetch of the catalog keeps the form and what was typed', async () => {
    const user = userEvent.setup();
    const { harness, queryClient } = renderWithBilling(
      <>
        <CheckoutForm productId={TEAM} allowUnits />
        <CatalogProbe />
      </>,
    );
    const { company, units } = await fillTeam(user);

    harness.failNext({ route: 'products', with: 503 });
    await queryClient.refetchQueries({ queryKey: billingKeys.products() });
    expect(await screen.findByText('catalog refetch failed')).toBeInTheDocument();
    expect(harness.count('products')).toBe(2);
    expect(company).toBeInTheDocument();
    expect(company).toHaveValue('Acme');
    expect(units).toHaveValue(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a product outside the catalog is said to be unavailable', async () => {
    renderWithBilling(<CheckoutForm productId="prod_legacy_monthly" />);
    expect(await screen.findByText('This product is not available.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Checkout' })).toHaveAttribute('data-state', 'empty');
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  test('server rendering: the skeleton, or the form when the catalog was prefetched', () => {
    const harness = createBillingHarness();
    const queryClient = createTestQueryClient();
    const page = () =>
      renderToString(
        <BillingHarnessProvider harness={harness} queryClient={queryClient}>
          <CheckoutForm productId={TEAM} />
        </BillingHarnessProvider>,
      );
    expect(page()).toContain('aria-busy="true"');
    expect(page()).toContain('Loading checkout…');
    queryClient.setQueryData(billingKeys.products(), harness.sandbox.fixtures().products);
    const html = page();
    expect(html).toContain('Team</h2>');
    expect(html).toContain('$75.00');
    expect(html).toContain('Company name');
  });

  test('outside the provider, the error names the component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<CheckoutForm productId={TEAM} />)).toThrow(
      'billing-kit: `CheckoutForm` must be inside `<BillingProvider>`',
    );
    vi.restoreAllMocks();
  });
});

describe('CheckoutForm: custom fields checked by the service’s rules', () => {
  test('a required text field left empty: error on the field, focus on it, nothing sent', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<CheckoutForm productId={TEAM} />);
    await form('Team');
    await user.click(submitButton());
    const company = screen.getByRole('textbox', { name: 'Company name' });
    expect(company).toHaveFocus();
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveAccessibleDescription(
      'This field is required. At least 2 characters 0/200 characters',
    );
    expect(harness.count('createCheckout')).toBe(0);
  });

  test('a least length is said before it is broken, and linked to the input', async () => {
    renderWithBilling(<CheckoutForm productId={TEAM} />);
    await form('Team');
    const company = screen.getByRole('textbox', { name: 'Company name' });
    expect(screen.getByText('At least 2 characters')).toBeVisible();
    expect(company).toHaveAccessibleDescription('At least 2 characters 0/200 characters');
    expect(company).not.toHaveAttribute('aria-invalid');
  });

  test('too short, then fixed: the error follows the typing', async () => {
    const user = userEvent.setup();
    renderWithBilling(<CheckoutForm productId={TEAM} />);
    await form('Team');
    const company = screen.getByRole('textbox', { name: 'Company name' });
    await user.type(company, ' A ');
    await user.click(submitButton());
    expect(company).toHaveAccessibleDescription(/^Enter at least 2 characters\./);
    expect(company).toHaveFocus();
    await user.type(company, 'cme');
    expect(company).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Enter at least/)).not.toBeInTheDocument();
  });

  test('too long (an answer prefilled beyond the limit)', async () => {
    const user = userEvent.setup();
    renderWithBilling(
      <CheckoutForm
        productId={EBOOK}
        defaultAnswers={{ dedication: 'x'.repeat(61), terms: true }}
      />,
    );
    await form('The Billing Handbook');
    expect(screen.getByText('61/60 characters')).toBeVisible();
    await user.click(submitButton());
    const dedication = screen.getByRole('textbox', {
      name: 'Name for the dedication page (optional)',
    });
    expect(dedication).toHaveFocus();
    expect(dedication).toHaveAccessibleDescription(/^Enter at most 60 characters\./);
  });

  test('the limit is on the trimmed answer: spaces around a full answer are not cut', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<CheckoutForm productId={EBOOK} />);
    await form('The Billing Handbook');
    const before = checkoutCount(harness);
    const dedication = screen.getByRole('textbox', {
      name: 'Name for the dedication page (optional)',
    });
    const sixty = 'a'.repeat(60);
    await user.click(dedication);
    await user.paste(`  ${sixty}`);
    expect(dedication).toHaveValue(`  ${sixty}`);
    const counter = screen.getByText('60/60 characters');
    expect(counter).toHaveAttribute('data-state', 'within');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    const [created] = newCheckouts(harness, before);
    expect(created?.metadata).toEqual({ dedication: sixty, terms: 'true' });
  });

  test('a pasted answer beyond the limit is kept whole, counted over and refused', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(
      <CheckoutForm productId={EBOOK} defaultAnswers={{ terms: true }} />,
    );
    await form('The Billing Handbook');
    const dedication = screen.getByRole('textbox', {
      name: 'Name for the dedication page (optional)',
    });
    await user.click(dedication);
    await user.paste('b'.repeat(61));
    expect(dedication).toHaveValue('b'.repeat(61));
    expect(screen.getByText('61/60 characters')).toHaveAttribute('data-state', 'over');
    await user.click(submitButton());
    expect(dedication).toHaveFocus();
    expect(dedication).toHaveAccessibleDescription(/^Enter at most 60 characters\./);
    expect(harness.count('createCheckout')).toBe(0);
  });

  test('a most length of 1 says "character", in the singular', async () => {
    const user = userEvent.setup();
    renderWithBilling(
      <CheckoutForm
        productId={PRO}
        customFields={[{ type: 'text', key: 'initial', label: 'Initial', text: { max_length: 1 } }]}
      />,
    );
    await form('Pro');
    const initial = screen.getByRole('textbox', { name: 'Initial' });
    await user.type(initial, 'AB');
    await user.click(submitButton());
    expect(initial).toHaveFocus();
    expect(initial).toHaveAccessibleDescription(/^Enter at most 1 character\. /);
  });

  test('a required checkbox must be ticked; an optional text field may stay empty', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<CheckoutForm productId={EBOOK} />);
    await form('The Billing Handbook');
    const before = checkoutCount(harness);
    await user.click(submitButton());
    const terms = screen.getByRole('checkbox', { name: /I accept the terms/ });
    expect(terms).toHaveFocus();
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription('Please tick this box to continue.');
    expect(screen.getByRole('group', { name: 'Terms of sale' })).toContainElement(terms);
    expect(harness.count('createCheckout')).toBe(0);

    await user.click(terms);
    expect(terms).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    const [created] = newCheckouts(harness, before);
    expect(created?.metadata).toEqual({ terms: 'true' });
  });

  test('the terms link is named by its text and described as opening a new tab; the box by its label', async () => {
    renderWithBilling(<CheckoutForm productId={EBOOK} />);
    await form('The Billing Handbook');
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(terms).not.toHaveAccessibleDescription();
    const link = screen.getByRole('link', { name: 'terms' });
    expect(link).toHaveAccessibleDescription('(opens in a new tab)');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The hint is said once, outside the label.
    const hint = screen.getByText('(opens in a new tab)');
    expect(hint.closest('label')).toBeNull();
  });

  test('the checkbox label keeps text and https links only, opened safely', async () => {
    const hostile =
      'I agree to <a href="javascript:alert(1)">the evil</a>, <a href="data:text/html,<b>x</b>">data</a>, ' +
      '<img src=x onerror="alert(1)"><script>alert(1)</script>' +
      '<a href="https://example.com/terms" onclick="alert(1)">the terms</a> and [the policy](https://example.com/privacy)';
    const { container } = renderWithBilling(
      <CheckoutForm
        productId={PRO}
        customFields={[
          {
            type: 'checkbox',
            key: 'consent',
            label: 'Consent',
            checkbox: { label: hostile },
          },
        ]}
      />,
    );
    await form('Pro');
    const label = container.querySelector('[data-slot="checkout-form-checkbox-label"]');
    expect(label).toHaveTextContent('I agree to the evil, data, the terms and the policy');
    const links = within(label as HTMLElement).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/terms',
      'https://example.com/privacy',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).not.toHaveAttribute('onclick');
      expect(link).toHaveAccessibleDescription('(opens in a new tab)');
    }
    expect(container.querySelector('img, script, [onerror], [href^="javascript"]')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /I agree to the evil/ })).toBeVisible();
  });

  test('a checkbox label shows its markup as a browser would: broken tags dropped, lines spaced', async () => {
    const checkbox = (key: string, label: string) => ({
      type: 'checkbox' as const,
      key,
      label: `Consent ${key}`,
      checkbox: { label },
    });
    const { container } = renderWithBilling(
      <CheckoutForm
        productId={PRO}
        customFields={[
          // An unfinished closing tag at the end.
          checkbox('a', 'I accept the <a href="https://example.com/terms">terms</a'),
          // A quoted value never closed: the tag runs to the end, and none of it shows.
          checkbox('b', 'I accept the <a href="https://example.com/terms>terms</a>'),
          // A line break between two words.
          checkbox('c', 'I accept<br>the terms'),
        ]}
      />,
    );
    await form('Pro');
    const labels = [
      ...container.querySelectorAll('[data-slot="checkout-form-checkbox-label"]'),
    ].map((label) => label.textContent);
    expect(labels).toEqual([' I accept the terms', ' I accept the ', ' I accept the terms']);

    const a = screen.getByRole('group', { name: 'Consent a' });
    expect(within(a).getByRole('checkbox', { name: 'I accept the terms' })).toBeVisible();
    const terms = within(a).getByRole('link', { name: 'terms' });
    expect(terms).toHaveAttribute('href', 'https://example.com/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
    expect(terms).toHaveAccessibleDescription('(opens in a new tab)');

    const b = screen.getByRole('group', { name: 'Consent b' });
    expect(within(b).getByRole('checkbox', { name: 'I accept the' })).toBeVisible();
    expect(within(b).queryByRole('link')).not.toBeInTheDocument();

    const c = screen.getByRole('group', { name: 'Consent c' });
    expect(within(c).getByRole('checkbox', { name: 'I accept the terms' })).toBeVisible();
    expect(within(c).queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelector('br')).toBeNull();
  });
});

describe('CheckoutForm: another product', () => {
  const LIFETIME = 'prod_lifetime'; // $199.00 once, company (optional), terms checkbox

  test('a new productId starts afresh: nothing given for the product before is shown or sent', async () => {
    const user = userEvent.setup();
    const { harness, rerender } = renderWithBilling(
      <CheckoutForm productId={EBOOK} defaultAnswers={{ company: 'Acme' }} />,
    );
    await form('The Billing Handbook');
    const dedication = screen.getByRole('textbox', { name: /Name for the dedication page/ });
    await user.type(dedication, 'A');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'READER3{Enter}');
    await screen.findByText('Code READER3 applied: €3.00 off on the first payment');
    // A refusal on the way: the dedication is one character short.
    await user.click(submitButton());
    expect(dedication).toHaveAttribute('aria-invalid', 'true');
    expect(harness.count('createCheckout')).toBe(0);

    rerender(<CheckoutForm productId={LIFETIME} defaultAnswers={{ company: 'Acme' }} />);
    await form('Lifetime license');
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(terms).not.toBeChecked();
    expect(terms).not.toHaveAttribute('aria-invalid');
    // This product's own answers to start with: the default for its company field.
    expect(screen.getByRole('textbox', { name: /Company \(for the invoice\)/ })).toHaveValue(
      'Acme',
    );
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toHaveValue('');
    expect(screen.queryByText(/Enter at least 2 characters/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The box was never ticked for this product: the form will not go on.
    await user.click(submitButton());
    expect(terms).toHaveFocus();
    expect(terms).toHaveAccessibleDescription('Please tick this box to continue.');
    expect(harness.count('createCheckout')).toBe(0);

    await user.click(terms);
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    const sent = harness.requests.filter((r) => r.route === 'createCheckout').map((r) => r.body);
    expect(sent).toEqual([
      {
        product_id: LIFETIME,
        request_id: expect.any(String),
        custom_fields: [],
        metadata: { company: 'Acme', terms: 'true' },
      },
    ]);
  });

  test('a new productId moves the focus to the new product’s name only when the form had it', async () => {
    const user = userEvent.setup();
    const page = (productId: string) => (
      <>
        <button type="button">Choose a product</button>
        <CheckoutForm productId={productId} />
      </>
    );
    const { rerender } = renderWithBilling(page(EBOOK));
    await form('The Billing Handbook');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    rerender(page(LIFETIME));
    await form('Lifetime license');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Lifetime license' })).toHaveFocus(),
    );
    // Each label still names its own input, unticked and empty for this product.
    expect(screen.getByRole('checkbox', { name: 'I accept the terms' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: /Company \(for the invoice\)/ })).toHaveValue('');

    // The focus elsewhere on the page (the app's own product picker) stays there.
    const picker = screen.getByRole('button', { name: 'Choose a product' });
    await user.click(picker);
    rerender(page(EBOOK));
    await form('The Billing Handbook');
    expect(picker).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'I accept the terms' })).not.toBeChecked();
  });
});

/** Calls `run` as it commits (a layout effect), before any passive effect of that commit runs. */
function AtCommit({ run }: { run: () => void }) {
  useLayoutEffect(() => run(), [run]);
  return null;
}

describe('CheckoutForm: another product while a checkout is on its way (issue 6: one at a time)', () => {
  const LIFETIME = 'prod_lifetime'; // $199.00 once, company (optional), terms checkbox
  const page = (productId: string, callbacks: { onSuccess: () => void; onError: () => void }) => (
    <CheckoutForm productId={productId} {...callbacks} />
  );
  const callbacks = () => ({ onSuccess: vi.fn(), onError: vi.fn() });
  const terms = () => screen.getByRole('checkbox', { name: 'I accept the terms' });
  /**
   * Pro's form shown and loaded, with the callbacks it was given; `show` switches the page to
   * another product, as a storefront's route does; `before` counts the checkouts already made.
   */
  async function onPro(provider: WithBillingOptions['provider'] = {}) {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    const said = callbacks();
    const { rerender } = renderWithBilling(page(PRO, said), { harness, provider });
    const pro = await form('Pro');
    const show = (productId: string) => rerender(page(productId, said));
    return { user, harness, said, pro, show, before: checkoutCount(harness) };
  }

  test('the new product’s form is busy and cannot be sent; the answer for the product before is not followed; then the form can be sent', async () => {
    const { user, harness, said, pro, show, before } = await onPro();
    const release = harness.hold('createCheckout');
    await user.click(submitButton());
    await waitFor(() => expect(pro).toHaveAttribute('data-state', 'submitting'));

    show(LIFETIME);
    const lifetime = await form('Lifetime license');
    expect(lifetime).toHaveAttribute('data-state', 'submitting');
    expect(lifetime).toHaveAttribute('aria-busy', 'true');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Preparing your checkout…')).toBeVisible();
    // Nothing to tick or send meanwhile: no second checkout while one is in flight.
    await user.click(terms());
    expect(terms()).not.toBeChecked();
    await user.click(submitButton());
    await user.keyboard('{Enter}');
    expect(harness.count('createCheckout')).toBe(1);

    release();
    await waitFor(() => expect(lifetime).toHaveAttribute('data-state', 'idle'));
    expect(lifetime).not.toHaveAttribute('aria-busy');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Pro's checkout was made, but the buyer, looking at Lifetime, is not sent to it.
    expect(newCheckouts(harness, before)).toEqual([expect.objectContaining({ product: PRO })]);
    expect(harness.navigations).toEqual([]);
    expect(said.onSuccess).not.toHaveBeenCalled();
    expect(said.onError).not.toHaveBeenCalled();

    await user.click(terms());
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    const [, bought] = newCheckouts(harness, before);
    expect(bought).toMatchObject({ product: LIFETIME, metadata: { terms: 'true' } });
    expect(harness.navigations).toEqual([bought?.checkout_url]);
    expect(lifetime).toHaveAttribute('data-state', 'redirecting');
    expect(said.onSuccess).toHaveBeenCalledTimes(1);
    expect(said.onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ id: bought?.id }),
      expect.objectContaining({ product_id: LIFETIME }),
    );
    expect(newCheckouts(harness, before)).toHaveLength(2);
  });

  test('a failure for the product before is not the new product’s: no alert, no onError, the form can be sent', async () => {
    const { user, harness, said, show } = await onPro();
    const release = harness.hold('createCheckout');
    harness.failNext({ route: 'createCheckout', with: 500 });
    await user.click(submitButton());
    show(LIFETIME);
    const lifetime = await form('Lifetime license');
    expect(lifetime).toHaveAttribute('data-state', 'submitting');

    release();
    await waitFor(() => expect(lifetime).toHaveAttribute('data-state', 'idle'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(said.onError).not.toHaveBeenCalled();

    await user.click(terms());
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(said.onSuccess).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ product_id: LIFETIME }),
    );
    expect(harness.count('createCheckout')).toBe(2);
  });

  test('another product once the buyer was sent to the payment page by a navigate that stays (a router, an overlay): its form is idle and can be sent', async () => {
    const { user, harness, said, pro, show, before } = await onPro();
    await user.click(submitButton());
    await waitFor(() => expect(pro).toHaveAttribute('data-state', 'redirecting'));
    expect(said.onSuccess).toHaveBeenCalledTimes(1);

    show(LIFETIME);
    const lifetime = await form('Lifetime license');
    expect(lifetime).toHaveAttribute('data-state', 'idle');
    expect(lifetime).not.toHaveAttribute('aria-busy');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
    await user.click(terms());
    expect(terms()).toBeChecked();
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(2));
    const [first, second] = newCheckouts(harness, before);
    expect(first).toMatchObject({ product: PRO });
    expect(second).toMatchObject({ product: LIFETIME, metadata: { terms: 'true' } });
    expect(harness.navigations).toEqual([first?.checkout_url, second?.checkout_url]);
    expect(said.onSuccess).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: second?.id }),
      expect.objectContaining({ product_id: LIFETIME }),
    );
  });

  test('another product once the buyer is on the way to the payment page with the default navigate (the page is leaving): its form stays busy', async () => {
    // jsdom does not leave the page on location.assign (it says it is not implemented), so
    // where the buyer was sent is not recorded here: the form's state says it.
    const { user, harness, said, pro, show } = await onPro({ navigate: assignLocation });
    await user.click(submitButton());
    await waitFor(() => expect(pro).toHaveAttribute('data-state', 'redirecting'));
    expect(said.onSuccess).toHaveBeenCalledTimes(1);

    show(LIFETIME);
    const lifetime = await form('Lifetime license');
    expect(lifetime).toHaveAttribute('data-state', 'redirecting');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(terms());
    expect(terms()).not.toBeChecked();
    await user.click(submitButton());
    expect(harness.count('createCheckout')).toBe(1);
    expect(said.onSuccess).toHaveBeenCalledTimes(1);
  });

  test('a router shows another product just as the answer for the one before lands (after that commit, before its effects): not followed, no onSuccess, the new form can be sent', async () => {
    // React Query gives a running checkout a render's options only in a later effect: the
    // answer must be judged by the product shown when it lands. Rendered outside act, as a
    // router does, so that the answer lands between Lifetime's commit and its effects.
    const harness = createBillingHarness();
    const queryClient = createTestQueryClient();
    const said = callbacks();
    const before = checkoutCount(harness);
    // Pro's answer, made by the proxy and read, is held in the browser's fetch until released:
    // from then on it reaches the form with no further wait for the network or the proxy.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch = async (input: string, init: RequestInit) => {
      const response = await harness.fetch(input, init);
      if (init.method !== 'POST' || !input.endsWith('/checkouts')) return response;
      const text = await response.text();
      await held;
      return new Response(text, { status: response.status, headers: response.headers });
    };
    const app = (productId: string, extra?: ReactNode) => (
      <BillingHarnessProvider harness={harness} queryClient={queryClient} provider={{ fetch }}>
        <CheckoutForm productId={productId} {...said} />
        {extra}
      </BillingHarnessProvider>
    );
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      root.render(app(PRO));
      const pro = await form('Pro');
      submitButton().click();
      await waitFor(() => expect(pro).toHaveAttribute('data-state', 'submitting'));

      // A router's switch (not a click), and Pro's answer released as Lifetime's form commits.
      setTimeout(() => root.render(app(LIFETIME, <AtCommit run={release} />)), 0);
      const lifetime = await form('Lifetime license');
      // Pro's answer has landed once Lifetime's form is no longer busy with it.
      await waitFor(() => expect(lifetime).not.toHaveAttribute('data-state', 'submitting'));
      expect(newCheckouts(harness, before)).toEqual([expect.objectContaining({ product: PRO })]);
      expect(harness.navigations).toEqual([]);
      expect(said.onSuccess).not.toHaveBeenCalled();
      expect(said.onError).not.toHaveBeenCalled();
      await waitFor(() => expect(lifetime).toHaveAttribute('data-state', 'idle'));
      expect(submitButton()).not.toHaveAttribute('aria-disabled');

      terms().click();
      await waitFor(() => expect(terms()).toBeChecked());
      submitButton().click();
      await waitFor(() => expect(harness.navigations).toHaveLength(1));
      const [, bought] = newCheckouts(harness, before);
      expect(bought).toMatchObject({ product: LIFETIME });
      expect(harness.navigations).toEqual([bought?.checkout_url]);
      expect(said.onSuccess).toHaveBeenCalledTimes(1);
      expect(said.onSuccess).toHaveBeenCalledWith(
        expect.objectContaining({ id: bought?.id }),
        expect.objectContaining({ product_id: LIFETIME }),
      );
    } finally {
      root.unmount();
      container.remove();
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
  });

  test('back to the product before its answer: that answer is followed', async () => {
    const { user, harness, said, show, before } = await onPro();
    const release = harness.hold('createCheckout');
    await user.click(submitButton());
    show(LIFETIME);
    await form('Lifetime license');
    show(PRO);
    const pro = await form('Pro');
    expect(pro).toHaveAttribute('data-state', 'submitting');

    release();
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    const [bought] = newCheckouts(harness, before);
    expect(harness.navigations).toEqual([bought?.checkout_url]);
    expect(said.onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ id: bought?.id }),
      expect.objectContaining({ product_id: PRO }),
    );
    expect(pro).toHaveAttribute('data-state', 'redirecting');
    expect(newCheckouts(harness, before)).toHaveLength(1);
  });
});

describe('CheckoutForm: custom field definitions given as a prop', () => {
  const text = (key: string, extra: Record<string, unknown> = {}) => ({
    type: 'text' as const,
    key,
    label: `Field ${key}`,
    ...extra,
  });
  /** Definitions the service refuses, and the start of the error that names each. */
  const broken: Array<[string, CustomFieldDefinition[], string]> = [
    ['a key with a space', [text('first name')], '`customFields[0].key` must be 1 to 200'],
    ['a key of 201 characters', [text('k'.repeat(201))], '`customFields[0].key` must be 1 to 200'],
    ['a used key', [text('a'), text('a')], '`customFields[1].key` "a" is already the key'],
    ['an empty label', [text('a', { label: '' })], '`customFields[0].label` must be 1 to 200'],
    [
      'a label of 201 characters',
      [text('a', { label: 'L'.repeat(201) })],
      '`customFields[0].label` must be 1 to 200 characters; got 201',
    ],
    [
      'a least length above the most',
      [text('a', { text: { min_length: 5, max_length: 3 } })],
      '`customFields[0].text.min_length` (5) must not be greater than text.max_length (3)',
    ],
    [
      'a most length of 0',
      [text('a', { text: { max_length: 0 } })],
      '`customFields[0].text.max_length` must be a whole number from 1',
    ],
    [
      'a type the service does not know',
      [{ type: 'date', key: 'when', label: 'When' }],
      '`customFields[0].type` must be "text" or "checkbox"',
    ],
    [
      'a text field with a checkbox',
      [text('a', { checkbox: { label: 'x' } })],
      '`customFields[0].checkbox` applies only to a checkbox field',
    ],
    [
      'four fields',
      [text('a'), text('b'), text('c'), text('d')],
      '`customFields` holds 4 fields; the service takes at most 3',
    ],
  ];

  test.each(broken)('the sandbox refuses %s in a checkout’s custom_fields', async (_, fields) => {
    const { raw } = sandboxClient();
    const sent = await raw('POST', '/v1/checkouts', { product_id: PRO, custom_fields: fields });
    expect(sent.status).toBe(400);
    const fine = await raw('POST', '/v1/checkouts', {
      product_id: PRO,
      custom_fields: [text('a', { text: { min_length: 3, max_length: 3 } }), text('b')],
    });
    expect(fine.status).toBe(200);
  });

  test.each(broken)(
    '%s is refused at render, naming the prop; nothing is sent',
    (_, fields, says) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const harness = createBillingHarness();
      try {
        for (const collect of ['storefront', 'checkout'] as const) {
          expect(() =>
            renderWithBilling(
              <CheckoutForm productId={PRO} customFields={fields} collect={collect} />,
              { harness },
            ),
          ).toThrow(`billing-kit: \`CheckoutForm\` ${says}`);
        }
        expect(harness.requests).toEqual([]);
      } finally {
        vi.restoreAllMocks();
      }
    },
  );

  test('the whole message says how to fix it; the response form is checked too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() =>
        renderWithBilling(
          <CheckoutForm
            productId={EBOOK}
            customFields={[
              {
                type: 'text',
                key: 'dedication',
                label: 'Dedication',
                text: { minimum_length: 5, max_length: 3, value: null },
              },
            ]}
          />,
        ),
      ).toThrow(
        "billing-kit: `CheckoutForm` `customFields[0].text.minimum_length` (5) must not be greater than text.max_length (3), or no answer can be given. Fix the definition by the service's rules, or leave `customFields` out to ask the product's own fields.",
      );
    } finally {
      vi.restoreAllMocks();
    }
  });

  test('a product’s own definitions come from the service and are asked as they are', async () => {
    const harness = createBillingHarness();
    harness.sandbox.customize(({ products }) => {
      for (const product of products) {
        if (product.id !== PRO) continue;
        product.custom_fields = [
          {
            type: 'text',
            key: 'company name',
            label: 'Company name',
            optional: null,
            text: { max_length: 10, minimum_length: null, value: null },
          },
        ];
      }
    });
    renderWithBilling(<CheckoutForm productId={PRO} />, { harness });
    await form('Pro');
    expect(screen.getByRole('textbox', { name: 'Company name' })).toBeVisible();
  });
});

describe('CheckoutForm: discount codes', () => {
  test('an active code: the discounted total', async () => {
    const user = userEvent.setup();
    const { container } = renderWithBilling(<CheckoutForm productId={PRO} />);
    await form('Pro');
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'LAUNCH20{Enter}');
    expect(await screen.findByText('Code LAUNCH20 applied: 20% off for 3 months')).toBeVisible();
    const totals = container.querySelector('[data-slot="checkout-form-totals"]') as HTMLElement;
    expect(totals).toHaveAttribute('data-state', 'discounted');
    expect(totals).toHaveTextContent('Subtotal$29.00Discount−$5.80Total before tax$23.20');

    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(totals).toHaveTextContent(/^Total before tax\$29\.00$/);
  });

  test.each([
    ['SUMMER15', PRO, 'This code has expired.'],
    ['NOSUCHCODE', PRO, 'This code is unknown or cannot be used.'],
    ['LAUNCH20', TEAM, 'This code does not apply to this product.'],
    ['READER3', PRO, 'This code does not apply to this product.'],
    // A code the proxy cannot be asked about (a path's `..`) is no code to send.
    ['..', PRO, 'This code is unknown or cannot be used.'],
  ])('%s on %s: "%s", and the form will not go on with it', async (code, product, reason) => {
    const user = userEvent.setup();
    const { harness, container } = renderWithBilling(
      <CheckoutForm productId={product} defaultAnswers={{ companyName: 'Acme' }} />,
    );
    const input = await screen.findByRole('textbox', { name: 'Discount code' });
    await user.type(input, `${code}{Enter}`);
    expect(await screen.findByText(reason)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const totals = container.querySelector('[data-slot="checkout-form-totals"]');
    expect(totals).toHaveAttribute('data-state', 'full');
    await user.click(submitButton());
    expect(input).toHaveFocus();
    expect(harness.count('createCheckout')).toBe(0);
  });
});

describe('CheckoutForm: submitting', () => {
  /** Applies LAUNCH20, lets it run out (90 days after the seed's day), submits: the field. */
  async function submitAnExpiredCode(queryClient?: QueryClient) {
    const user = userEvent.setup();
    let clock = Date.parse(SANDBOX_EPOCH);
    const harness = createBillingHarness({ now: () => clock });
    renderWithBilling(<CheckoutForm productId={PRO} defaultDiscountCode="LAUNCH20" />, {
      harness,
      ...(queryClient ? { queryClient } : {}),
    });
    await screen.findByText('Code LAUNCH20 applied: 20% off for 3 months');
    clock += 91 * 86_400_000;
    await user.click(submitButton());
    const code = screen.getByRole('textbox', { name: 'Discount code' });
    await waitFor(() => expect(code).toHaveAccessibleDescription('This code has expired.'));
    return { harness, code };
  }

  test('a code that expires before the buyer submits: the field says it has expired, input kept', async () => {
    const { harness, code } = await submitAnExpiredCode();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('LAUNCH20');
    expect(harness.count('createCheckout')).toBe(1);
    expect(harness.navigations).toHaveLength(0);
  });

  test('an app whose QueryClient settles mutations late: focus still lands on the refused code', async () => {
    // Apps often give their QueryClient a global onSettled that waits (a refetch, a log call):
    // React Query says the checkout failed only after it, so the refusal renders while the form
    // is still busy and the code field disabled. React 18 renders in that order on its own.
    let settle = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      mutationCache: new MutationCache({ onSettled: () => settled }),
    });
    const { harness, code } = await submitAnExpiredCode(queryClient);
    expect(code).toBeDisabled();
    settle();
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('LAUNCH20');
    expect(harness.count('createCheckout')).toBe(1);
  });

  test('storefront (default): the answers go in the metadata, merged with the metadata prop', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    const { harness } = renderWithBilling(
      <CheckoutForm
        productId={TEAM}
        metadata={{ campaign: 'spring', companyName: 'overwritten' }}
        successUrl={`${window.location.origin}/thanks`}
        onSuccess={onSuccess}
      />,
    );
    await form('Team');
    const before = checkoutCount(harness);
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), '  Acme Ltd ');
    await user.click(submitButton());

    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    const created = newCheckouts(harness, before);
    expect(created).toHaveLength(1);
    const [checkout] = created;
    expect(checkout?.metadata).toEqual({ campaign: 'spring', companyName: 'Acme Ltd' });
    expect(checkout?.success_url).toBe(`${window.location.origin}/thanks`);
    // Asked here, so the payment page does not ask again.
    expect(harness.sandbox.checkout(checkout?.id as string).fields).toEqual([]);
    expect(harness.navigations).toEqual([checkout?.checkout_url]);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]?.[0]).toMatchObject({ id: checkout?.id });

    const sent = harness.requests.find((r) => r.route === 'createCheckout')?.body;
    expect(sent).toMatchObject({
      product_id: TEAM,
      custom_fields: [],
      metadata: { campaign: 'spring', companyName: 'Acme Ltd' },
    });
    expect(await form('Team')).toHaveAttribute('data-state', 'redirecting');
    expect(screen.getByText('Taking you to the payment page…')).toBeVisible();
  });

  test('checkout: the definitions go as custom_fields, and the form only says they will be asked', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<CheckoutForm productId={EBOOK} collect="checkout" />);
    const checkout = await form('The Billing Handbook');
    expect(within(checkout).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /dedication/ })).not.toBeInTheDocument();
    expect(checkout).toHaveTextContent(
      'You will be asked for Name for the dedication page and Terms of sale on the payment page.',
    );
    const before = checkoutCount(harness);
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    const [created] = newCheckouts(harness, before);
    expect(created?.metadata).toBeUndefined();
    expect(harness.sandbox.checkout(created?.id as string).fields).toEqual([
      {
        type: 'text',
        key: 'dedication',
        label: 'Name for the dedication page',
        optional: true,
        text: { min_length: 2, max_length: 60 },
      },
      {
        type: 'checkbox',
        key: 'terms',
        label: 'Terms of sale',
        optional: false,
        checkbox: { label: 'I accept the <a href="https://example.com/terms">terms</a>' },
      },
    ]);
  });

  test('checkout: the fields are listed in the words of the catalogue’s language, not the locale’s', async () => {
    const three = ['a', 'b', 'c'].map((key) => ({
      type: 'text' as const,
      key,
      label: `Field ${key}`,
    }));
    for (const [locale, fields, said] of [
      // fr-FR has no catalogue of its own: the sentence is English throughout, "and" too.
      [
        'fr-FR',
        undefined,
        'You will be asked for Name for the dedication page and Terms of sale on the payment page.',
      ],
      ['fr-FR', three, 'You will be asked for Field a, Field b, and Field c on the payment page.'],
      [
        'de-DE',
        three,
        'Auf der Zahlungsseite werden Sie nach Field a, Field b und Field c gefragt.',
      ],
      ['en-GB', three.slice(0, 1), 'You will be asked for Field a on the payment page.'],
    ] as const) {
      const { unmount } = renderWithBilling(
        <CheckoutForm productId={EBOOK} collect="checkout" customFields={fields} />,
        { provider: { locale } },
      );
      const note = await screen.findByText(/payment page|Zahlungsseite/);
      expect(note).toHaveTextContent(said);
      unmount();
    }
  });

  test('units: checked against the limit, priced, and sent', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(
      <CheckoutForm
        productId={TEAM}
        allowUnits
        maxUnits={5}
        defaultAnswers={{ companyName: 'Acme' }}
      />,
    );
    const checkout = await form('Team');
    expect(checkout.querySelector('[data-slot="checkout-form-price"]')).toHaveTextContent(
      '$75.00 each',
    );
    const units = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(units).toHaveAttribute('min', '1');
    expect(units).toHaveAttribute('max', '5');
    const totals = checkout.querySelector('[data-slot="checkout-form-totals"]');
    await user.clear(units);
    await user.type(units, '6');
    await user.click(submitButton());
    expect(units).toHaveFocus();
    expect(units).toHaveAccessibleDescription('Enter a whole number from 1 to 5.');
    expect(harness.count('createCheckout')).toBe(0);
    // A quantity the form refuses is not priced: the total stays that of one unit.
    expect(totals).toHaveTextContent(/^Total\$75\.00$/);
    await user.clear(units);
    await user.type(units, '1e3');
    expect(totals).toHaveTextContent(/^Total\$75\.00$/);

    await user.clear(units);
    await user.type(units, '3');
    expect(units).not.toHaveAttribute('aria-invalid');
    expect(totals).toHaveTextContent('Subtotal$225.00Total$225.00');
    const before = checkoutCount(harness);
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(newCheckouts(harness, before)[0]?.units).toBe(3);
  });

  test('a code the service refuses at submit takes nothing off the total', async () => {
    const user = userEvent.setup();
    const harness = serviceRefusesCheckout(
      generalErrorBody(400, ['discount_code "LAUNCH20" was already used'], 'tr_1', 0),
    );
    const { container } = renderWithBilling(
      <CheckoutForm productId={PRO} defaultDiscountCode="LAUNCH20" />,
      { harness },
    );
    await screen.findByText('Code LAUNCH20 applied: 20% off for 3 months');
    const totals = container.querySelector('[data-slot="checkout-form-totals"]') as HTMLElement;
    expect(totals).toHaveTextContent('Total before tax$23.20');
    await user.click(submitButton());
    const field = screen.getByRole('textbox', { name: 'Discount code' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('LAUNCH20');
    expect(totals).toHaveTextContent(/^Total before tax\$29\.00$/);
  });

  test('an applied code is sent with the checkout', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(
      <CheckoutForm productId={PRO} defaultDiscountCode="FRIENDS10" />,
    );
    await screen.findByText('Code FRIENDS10 applied: 10% off on every payment');
    const before = checkoutCount(harness);
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    const [created] = newCheckouts(harness, before);
    expect(created?.discount).toMatchObject({ discountCode: 'FRIENDS10' });
    expect(harness.sandbox.checkout(created?.id as string).charge).toMatchObject({
      sub_total: 2900,
      discount_amount: 290,
    });
  });

  test('while submitting: busy, said so, and a second submit does nothing', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    renderWithBilling(<CheckoutForm productId={PRO} />, { harness });
    const checkout = await form('Pro');
    const before = checkoutCount(harness);
    const release = harness.hold('createCheckout');
    await user.click(submitButton());
    await waitFor(() => expect(checkout).toHaveAttribute('data-state', 'submitting'));
    expect(checkout).toHaveAttribute('aria-busy', 'true');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Preparing your checkout…')).toBeVisible();
    await user.click(submitButton());
    await user.keyboard('{Enter}');
    release();
    await waitFor(() => expect(checkout).toHaveAttribute('data-state', 'redirecting'));
    expect(harness.count('createCheckout')).toBe(1);
    expect(newCheckouts(harness, before)).toHaveLength(1);
    expect(harness.navigations).toHaveLength(1);
  });

  test('a double click makes exactly one checkout', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<CheckoutForm productId={PRO} />);
    await form('Pro');
    const before = checkoutCount(harness);
    await user.dblClick(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(newCheckouts(harness, before)).toHaveLength(1);
  });

  test('a code withdrawn after it was checked: the service’s 400 lands on the code field, input kept', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    const { harness } = renderWithBilling(
      <CheckoutForm productId={TEAM} allowUnits defaultDiscountCode="WELCOME5" onError={onError} />,
    );
    await screen.findByText('Code WELCOME5 applied: $5.00 off on the first payment');
    const company = screen.getByRole('textbox', { name: 'Company name' });
    await user.type(company, 'Acme');
    const units = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(units);
    await user.type(units, '2');

    // The seller withdraws the code while the buyer is on the page.
    const seller = sellerClient(harness);
    const welcome = harness.sandbox.fixtures().discounts.find((d) => d.code === 'WELCOME5');
    await seller.discounts.delete({ discount_id: welcome?.id as string });

    const before = checkoutCount(harness);
    await user.click(submitButton());
    const code = screen.getByRole('textbox', { name: 'Discount code' });
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription('This code is unknown or cannot be used.');
    expect(await form('Team')).toHaveAttribute('data-state', 'failed');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 400 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Everything the buyer entered is still there.
    expect(code).toHaveValue('WELCOME5');
    expect(company).toHaveValue('Acme');
    expect(units).toHaveValue(2);
    expect(newCheckouts(harness, before)).toHaveLength(0);

    // Asked again, the code is now unknown; without it, the checkout goes through.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeVisible());
    await user.clear(code);
    expect(code).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(newCheckouts(harness, before)[0]).toMatchObject({ units: 2 });
  });

  test('the service refuses the units: said under the quantity, focus there, input kept', async () => {
    const user = userEvent.setup();
    const harness = serviceRefusesCheckout(
      generalErrorBody(400, ['units must be at most 2 for this product'], 'tr_1', 0),
    );
    renderWithBilling(<CheckoutForm productId={TEAM} allowUnits />, { harness });
    const { company, units } = await fillTeam(user);
    await user.click(submitButton());

    await waitFor(() => expect(units).toHaveFocus());
    expect(harness.requests.find((r) => r.route === 'createCheckout')?.body).toMatchObject({
      units: 3,
    });
    expect(units).toHaveAttribute('aria-invalid', 'true');
    expect(units).toHaveAccessibleDescription(
      'Quantity was not accepted by the billing service. Please check it.',
    );
    expect(units).toHaveValue(3);
    expect(company).toHaveValue('Acme');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the service refuses a custom field’s answer: said under that field, in German too', async () => {
    const user = userEvent.setup();
    // The service's general body names the field only at the start of its line.
    const harness = serviceRefusesCheckout(
      generalErrorBody(400, ['metadata.companyName is not a company we can invoice'], 'tr_1', 0),
    );
    renderWithBilling(<CheckoutForm productId={TEAM} allowUnits />, {
      harness,
      provider: { locale: 'de-DE' },
    });
    await form('Team');
    const company = screen.getByRole('textbox', { name: 'Company name' });
    await user.type(company, 'Acme');
    await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));

    await waitFor(() => expect(company).toHaveFocus());
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveAccessibleDescription(
      /^Company name wurde vom Abrechnungsdienst nicht akzeptiert\. Bitte prüfen Sie die Angabe\./,
    );
    expect(company).toHaveValue('Acme');
    expect(screen.getByRole('spinbutton', { name: 'Menge' })).not.toHaveAttribute('aria-invalid');
  });

  test('a refusal not tied to a field shows in the form’s alert, input kept', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(
      <CheckoutForm productId={TEAM} successUrl="https://elsewhere.example/thanks" />,
    );
    await form('Team');
    const company = screen.getByRole('textbox', { name: 'Company name' });
    await user.type(company, 'Acme');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The checkout could not be started. Please try again.',
    );
    expect(company).toHaveValue('Acme');
    expect(harness.navigations).toHaveLength(0);
  });

  test('a signed-out buyer (the proxy answers 401) is asked to sign in, not to try again; input kept', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    const { harness } = renderWithBilling(
      <CheckoutForm productId={TEAM} allowUnits onError={onError} />,
      { customer: null },
    );
    const { company, units } = await fillTeam(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please sign in to continue.');
    expect(alert).not.toHaveTextContent(/try again/i);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'auth', status: 401 }),
      expect.objectContaining({ product_id: TEAM }),
    );
    expect(company).toHaveValue('Acme');
    expect(units).toHaveValue(3);
    expect(company).not.toHaveAttribute('aria-invalid');
    expect(harness.count('createCheckout')).toBe(1);
    expect(harness.navigations).toHaveLength(0);
  });

  test('German: a signed-out buyer is asked to sign in', async () => {
    const user = userEvent.setup();
    renderWithBilling(<CheckoutForm productId={PRO} />, {
      customer: null,
      provider: { locale: 'de-DE' },
    });
    await form('Pro');
    await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitte melden Sie sich an, um fortzufahren.',
    );
  });

  test('after a network failure, trying again makes one checkout', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    renderWithBilling(<CheckoutForm productId={PRO} />, { harness });
    const checkout = await form('Pro');
    const before = checkoutCount(harness);
    harness.failNext({ route: 'createCheckout', with: 'network' });
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The checkout could not be started.',
    );
    expect(checkout).toHaveAttribute('data-state', 'failed');
    await user.click(submitButton());
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(newCheckouts(harness, before)).toHaveLength(1);
    const ids = harness.requests
      .filter((r) => r.route === 'createCheckout')
      .map((r) => (r.body as { request_id: string }).request_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('CheckoutForm: the proxy’s limit on codes checked', () => {
  const tooMany = (when: string) =>
    `Too many codes have been checked. Please try again ${when}, or remove the code to continue.`;
  const codeField = () => screen.getByRole('textbox', { name: 'Discount code' });

  test('three codes typed key by key, 450 ms apart: one check each, and the checkout with the last one starts', async () => {
    // What crossed the wire counts, not how long anything took: the clock is the test's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ delay: 450, advanceTimers: vi.advanceTimersByTime });
      // The proxy's own limit (20 codes a minute per buyer) stays as it is.
      const { harness } = renderWithBilling(<CheckoutForm productId={PRO} />);
      await form('Pro');
      const status = within(
        document.querySelector('[data-slot="checkout-form-discount"]') as HTMLElement,
      ).getByRole('status');
      for (const [code, said] of [
        ['SUMMER15', 'This code has expired.'],
        ['SPRING10', 'This code is unknown or cannot be used.'],
        ['LAUNCH20', 'Code LAUNCH20 applied: 20% off for 3 months'],
      ] as const) {
        await user.clear(codeField());
        await user.type(codeField(), code);
        await act(() => vi.advanceTimersByTimeAsync(1000));
        await waitFor(() => expect(status).toHaveTextContent(said));
      }
      expect(harness.requests.filter((r) => r.route === 'discount').map((r) => r.path)).toEqual([
        '/discounts/SUMMER15',
        '/discounts/SPRING10',
        '/discounts/LAUNCH20',
      ]);
      await user.click(submitButton());
      await waitFor(() => expect(harness.navigations).toHaveLength(1));
      expect(harness.requests.find((r) => r.route === 'createCheckout')?.body).toMatchObject({
        product_id: PRO,
        discount_code: 'LAUNCH20',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  test('a checkout with a code refused as too many codes checked (the proxy’s 429): the code field says when to try again, input kept; without the code it starts', async () => {
    await with42sLeftOfTheWindow(async () => {
      const user = userEvent.setup();
      const onError = vi.fn();
      const { harness, container } = renderWithBilling(
        <CheckoutForm productId={TEAM} allowUnits onError={onError} />,
        { handler: ONE_CHECK_A_MINUTE },
      );
      const { company, units } = await fillTeam(user);
      await user.type(codeField(), 'FRIENDS10{Enter}');
      await screen.findByText('Code FRIENDS10 applied: 10% off on every payment');
      const before = checkoutCount(harness);
      await user.click(submitButton());

      const code = codeField();
      await waitFor(() => expect(code).toHaveFocus());
      expect(code).toHaveAccessibleDescription(tooMany('in 42 seconds'));
      expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(onError).toHaveBeenCalledWith(
        expect.objectContaining({ kind: 'rate_limited', status: 429, retryAfterMs: 42_000 }),
        expect.objectContaining({ discount_code: 'FRIENDS10' }),
      );
      // Everything stays, the code's discount too: the code was not refused.
      expect(code).toHaveValue('FRIENDS10');
      expect(company).toHaveValue('Acme');
      expect(units).toHaveValue(3);
      const totals = container.querySelector('[data-slot="checkout-form-totals"]');
      expect(totals).toHaveTextContent('Subtotal$225.00Discount−$22.50Total$202.50');
      expect(newCheckouts(harness, before)).toHaveLength(0);

      // Without the code, the checkout is not limited.
      await user.clear(code);
      expect(code).not.toHaveAttribute('aria-invalid');
      await user.click(submitButton());
      await waitFor(() => expect(harness.navigations).toHaveLength(1));
      expect(newCheckouts(harness, before)).toEqual([
        expect.objectContaining({ units: 3, metadata: { companyName: 'Acme' } }),
      ]);
      expect(harness.count('createCheckout')).toBe(2);
    });
  });

  test('fr-FR, a locale the catalogue has no language for: the code field’s words are English throughout, when to try again too', async () => {
    await with42sLeftOfTheWindow(async () => {
      const user = userEvent.setup();
      const { harness } = renderWithBilling(<CheckoutForm productId={PRO} />, {
        handler: ONE_CHECK_A_MINUTE,
        provider: { locale: 'fr-FR' },
      });
      await form('Pro');
      await user.type(codeField(), 'FRIENDS10{Enter}');
      await screen.findByText(/^Code FRIENDS10 applied: 10% off on every payment$/);
      await user.click(submitButton());
      await waitFor(() => expect(codeField()).toHaveFocus());
      expect(codeField()).toHaveAccessibleDescription(tooMany('in 42 seconds'));
      expect(harness.navigations).toHaveLength(0);
    });
  });

  test('a 429 without Retry-After says “shortly”; a 429 for a checkout without a code is the form’s alert, as before', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(
      <CheckoutForm productId={PRO} defaultDiscountCode="LAUNCH20" />,
    );
    await screen.findByText('Code LAUNCH20 applied: 20% off for 3 months');
    harness.failNext({ route: 'createCheckout', with: 429 });
    await user.click(submitButton());
    const code = codeField();
    await waitFor(() => expect(code).toHaveAccessibleDescription(tooMany('shortly')));
    expect(code).toHaveFocus();
    expect(code).toHaveValue('LAUNCH20');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(code);
    harness.failNext({ route: 'createCheckout', with: 429 });
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The checkout could not be started. Please try again.',
    );
    expect(code).not.toHaveAttribute('aria-invalid');
    expect(harness.count('createCheckout')).toBe(2);
    expect(harness.navigations).toHaveLength(0);
  });
});

describe('CheckoutForm in German', () => {
  test('strings, money and the rules’ messages', async () => {
    const user = userEvent.setup();
    renderWithBilling(<CheckoutForm productId={TEAM} allowUnits />, {
      provider: { locale: 'de-DE' },
    });
    const checkout = await form('Team');
    expect(screen.getByRole('region', { name: 'Kasse' })).toBeVisible();
    expect(checkout).toHaveTextContent('je 75,00 $');
    expect(checkout).toHaveTextContent('Abrechnung alle 3 Monate');
    expect(checkout).toHaveTextContent('inkl. MwSt.');
    expect(screen.getByRole('spinbutton', { name: 'Menge' })).toBeVisible();
    expect(screen.getByText('0/200 Zeichen')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Rabattcode' }), 'LAUNCH20{Enter}');
    expect(await screen.findByText('Dieser Code gilt nicht für dieses Produkt.')).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: 'Rabattcode' }));
    await user.click(screen.getByRole('button', { name: 'Weiter zur Zahlung' }));
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveAccessibleDescription(
      'Dieses Feld ist erforderlich. Mindestens 2 Zeichen 0/200 Zeichen',
    );
  });

  test('euros and a discounted total', async () => {
    const user = userEvent.setup();
    const { container } = renderWithBilling(<CheckoutForm productId={EBOOK} />, {
      provider: { locale: 'de-DE' },
    });
    await form('The Billing Handbook');
    await user.type(screen.getByRole('textbox', { name: 'Rabattcode' }), 'READER3{Enter}');
    expect(
      await screen.findByText('Code READER3 eingelöst: 3,00 € Rabatt auf die erste Zahlung'),
    ).toBeVisible();
    expect(container.querySelector('[data-slot="checkout-form-totals"]')).toHaveTextContent(
      'Zwischensumme19,00 €Rabatt−3,00 €Gesamt16,00 €',
    );
    expect(screen.getByText('Einmalige Zahlung')).toBeVisible();
    expect(screen.getByRole('link', { name: 'terms' })).toHaveAccessibleDescription(
      '(öffnet in einem neuen Tab)',
    );
  });
});

describe('custom field rules', () => {
  const [text, box] = normaliseFields([
    {
      type: 'text',
      key: 'company',
      label: 'Company',
      optional: false,
      text: { minimum_length: 2, max_length: 5, value: null },
    },
    { type: 'checkbox', key: 'terms', label: 'Terms', optional: true, checkbox: { label: 'x' } },
    { type: 'date', key: 'when', label: 'When' },
  ]) as [ReturnType<typeof normaliseFields>[number], ReturnType<typeof normaliseFields>[number]];

  test('both forms of definition, unknown types left out', () => {
    expect(text.input).toEqual({
      type: 'text',
      key: 'company',
      label: 'Company',
      optional: false,
      text: { min_length: 2, max_length: 5 },
    });
    expect(box.input).toEqual({
      type: 'checkbox',
      key: 'terms',
      label: 'Terms',
      optional: true,
      checkbox: { label: 'x' },
    });
    expect(
      normaliseFields([{ type: 'text', key: 'a', label: 'A', text: { min_length: 1 } }])[0],
    ).toMatchObject({ minLength: 1, optional: false });
  });

  test('lengths after trimming; optional boxes may stay unticked', () => {
    expect(checkAnswer(text, '  ')).toEqual({ key: 'checkoutForm.required' });
    expect(checkAnswer(text, ' a ')).toMatchObject({ key: 'checkoutForm.tooShort' });
    expect(checkAnswer(text, ' abcde ')).toBeNull();
    expect(checkAnswer(text, 'abcdef')).toMatchObject({ key: 'checkoutForm.tooLong' });
    expect(checkAnswer(box, false)).toBeNull();
    expect(answersToMetadata([text, box], { company: ' ab ', terms: false })).toEqual({
      company: 'ab',
      terms: 'false',
    });
  });
});

/** Reads the catalog query too, to see when a failure has reached the components. */
function CatalogProbe() {
  return <output>{useProducts().isError ? 'catalog refetch failed' : ''}</output>;
}

/** The proxy's rate limit at one discount check (or coded checkout) a minute. */
const ONE_CHECK_A_MINUTE = { rateLimit: { limit: 1, windowMs: 60_000 } };

/**
 * Runs `body` with the page's clock (`Date` only) 18 s into a minute, so 42 s of the proxy's
 * one-minute window are left when its limit is used up.
 */
async function with42sLeftOfTheWindow(body: () => Promise<void>) {
  vi.useFakeTimers({ now: new Date('2030-01-07T12:00:18Z'), toFake: ['Date'] });
  try {
    await body();
  } finally {
    vi.useRealTimers();
  }
}
