import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import {
  type BillingHarness,
  createBillingHarness,
  createTestQueryClient,
  renderWithBilling,
} from '../../../test/support/billing-harness.js';
import type { DiscountPreview } from '../../contract/proxy.js';
import type { Discount } from '../../contract/schemas.js';
import { billingKeys } from '../../react/keys.js';
import { en, format, type Translate } from '../messages/index.js';
import { createFormatters } from '../shared/format.js';
import { DiscountField, describeDiscount } from './DiscountField.js';
import { discountOff, discountReason } from './discount.js';

const PRO = 'prod_pro_monthly';
const TEAM = 'prod_team_quarterly';
const EBOOK = 'prod_ebook';

const PRO_EUR = 'prod_pro_monthly_eur';

/** A harness whose WELCOME5 ($5.00 off, fixed) also names the euro-priced Pro: the wrong currency. */
function welcomeAlsoForEuros(): BillingHarness {
  return createBillingHarness({
    editAnswer: (path, body: Discount) => {
      if (path === '/v1/discounts' && body.code === 'WELCOME5') {
        body.applies_to_products?.push(PRO_EUR);
      }
    },
  });
}

const codeInput = () => screen.getByRole('textbox', { name: 'Discount code' });

function Controlled({ changes }: { changes: Array<[string, string]> }) {
  const [code, setCode] = useState('');
  return (
    <>
      <DiscountField
        productId={PRO}
        value={code}
        onValueChange={(value, details) => {
          changes.push([value, details.reason]);
          setCode(value.toUpperCase());
        }}
        debounceMs={0}
      />
      <output>{code}</output>
    </>
  );
}

describe('DiscountField', () => {
  test('a code for one month says so in the singular, in English and German', async () => {
    const user = userEvent.setup();
    for (const [locale, said] of [
      ['en-US', 'Code LAUNCH20 applied: 20% off for 1 month'],
      ['de-DE', 'Code LAUNCH20 eingelöst: 20 % Rabatt für 1 Monat'],
      // English served to a locale whose own rules have no singular: still "1 month".
      ['ja-JP', 'Code LAUNCH20 applied: 20% off for 1 month'],
    ] as const) {
      const harness = createBillingHarness({
        editAnswer: (path, body: Discount) => {
          if (path === '/v1/discounts' && body.code === 'LAUNCH20') body.duration_in_months = 1;
        },
      });
      const { unmount } = renderWithBilling(<DiscountField productId={PRO} debounceMs={0} />, {
        harness,
        provider: { locale },
      });
      const input = screen.getByRole('textbox');
      await user.type(input, 'launch20');
      await waitFor(() => expect(input).toHaveAccessibleDescription(said));
      unmount();
    }
  });

  test('an active code for the product is applied, says what it takes off, and can be removed', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    const { container } = renderWithBilling(
      <DiscountField productId={PRO} onApply={onApply} debounceMs={0} />,
    );
    await user.type(codeInput(), 'launch20');
    const status = screen.getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent('Code LAUNCH20 applied: 20% off for 3 months'),
    );
    expect(container.firstChild).toHaveAttribute('data-state', 'applied');
    expect(codeInput()).not.toHaveAttribute('aria-invalid');
    expect(codeInput()).toHaveAccessibleDescription('Code LAUNCH20 applied: 20% off for 3 months');
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]?.[0]).toMatchObject({ code: 'LAUNCH20', percentage: 20 });

    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(codeInput()).toHaveValue('');
    expect(codeInput()).toHaveFocus();
    expect(status).toHaveTextContent('Code removed.');
    expect(container.firstChild).toHaveAttribute('data-state', 'idle');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  test('a fixed amount in the product’s currency, once', async () => {
    renderWithBilling(<DiscountField productId={EBOOK} defaultValue="READER3" />);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Code READER3 applied: €3.00 off on the first payment',
      ),
    );
  });

  test('a one-time product has one payment: a code for every payment, or for some months, says only what it takes off', async () => {
    for (const [product, code, locale, said] of [
      [EBOOK, 'FRIENDS10', 'en-US', 'Code FRIENDS10 applied: 10% off'],
      ['prod_lifetime', 'LAUNCH20', 'en-US', 'Code LAUNCH20 applied: 20% off'],
      ['prod_lifetime', 'LAUNCH20', 'de-DE', 'Code LAUNCH20 eingelöst: 20 % Rabatt'],
      // A subscription still hears how long the code lasts.
      [PRO, 'FRIENDS10', 'en-US', 'Code FRIENDS10 applied: 10% off on every payment'],
    ] as const) {
      // LAUNCH20 (20% for 3 months) also names the one-time lifetime license.
      const harness = createBillingHarness({
        editAnswer: (path, body: Discount) => {
          if (path === '/v1/discounts' && body.code === 'LAUNCH20') {
            body.applies_to_products?.push('prod_lifetime');
          }
        },
      });
      const { unmount } = renderWithBilling(
        <DiscountField productId={product} defaultValue={code} />,
        { harness, provider: { locale } },
      );
      const input = screen.getByRole('textbox');
      await waitFor(() => expect(input).toHaveAccessibleDescription(said));
      unmount();
    }
  });

  test.each([
    ['SUMMER15', 'in status expired', 'This code has expired.'],
    ['BLACKFRIDAY', 'past its expiry date', 'This code has expired.'],
    ['PRESS50', 'used up', 'This code is unknown or cannot be used.'],
    ['PARTNER25', 'a draft', 'This code is unknown or cannot be used.'],
    ['NOSUCHCODE', 'unknown', 'This code is unknown or cannot be used.'],
  ])('%s (%s) is refused: "%s"', async (code, _why, reason) => {
    const onApply = vi.fn();
    const onCheckChange = vi.fn();
    const { container } = renderWithBilling(
      <DiscountField
        productId={PRO}
        defaultValue={code}
        onApply={onApply}
        onCheckChange={onCheckChange}
      />,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(reason));
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(codeInput()).toHaveAccessibleDescription(reason);
    expect(container.firstChild).toHaveAttribute('data-state', 'invalid');
    expect(onCheckChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        status: 'invalid',
        reason: reason.includes('expired') ? 'expired' : 'unknown',
      }),
    );
    expect(onApply).not.toHaveBeenCalled();
  });

  test('a code of another product says it does not apply to this one', async () => {
    renderWithBilling(<DiscountField productId={TEAM} defaultValue="LAUNCH20" />);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'This code does not apply to this product.',
      ),
    );
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
  });

  test('a fixed amount waits for the product’s currency: checking while the catalog loads, then refused in another currency', async () => {
    const harness = welcomeAlsoForEuros();
    const queryClient = createTestQueryClient();
    const release = harness.hold('products');
    const onApply = vi.fn();
    const onCheckChange = vi.fn();
    const { container } = renderWithBilling(
      <DiscountField
        productId={PRO_EUR}
        defaultValue="WELCOME5"
        onApply={onApply}
        onCheckChange={onCheckChange}
      />,
      { harness, queryClient },
    );
    // The code's preview has arrived; the catalog (and so the product's currency) has not.
    await waitFor(() =>
      expect(queryClient.getQueryState(billingKeys.discounts.detail('WELCOME5'))?.status).toBe(
        'success',
      ),
    );
    expect(queryClient.getQueryData(billingKeys.discounts.detail('WELCOME5'))).toMatchObject({
      type: 'fixed',
      applies_to_products: expect.arrayContaining([PRO_EUR]),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Checking the code…');
    expect(container.firstChild).toHaveAttribute('data-state', 'checking');

    release();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'This code does not apply to this product.',
      ),
    );
    expect(container.firstChild).toHaveAttribute('data-state', 'invalid');
    expect(onCheckChange.mock.calls.map(([check]) => check.status)).not.toContain('applied');
    expect(onApply).not.toHaveBeenCalled();
  });

  test('a fixed amount cannot be checked while the catalog fails: it says so, and Apply tries again', async () => {
    const user = userEvent.setup();
    const harness = welcomeAlsoForEuros();
    harness.failNext({ route: 'products', with: 503 });
    const onApply = vi.fn();
    const onCheckChange = vi.fn();
    const { container } = renderWithBilling(
      <DiscountField
        productId={PRO}
        defaultValue="WELCOME5"
        onApply={onApply}
        onCheckChange={onCheckChange}
      />,
      { harness },
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'The code could not be checked. Please try again.',
      ),
    );
    expect(container.firstChild).toHaveAttribute('data-state', 'failed');
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(onCheckChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        status: 'failed',
        error: expect.objectContaining({ status: 503 }),
      }),
    );
    expect(onApply).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Code WELCOME5 applied: $5.00 off on the first payment',
      ),
    );
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(harness.count('products')).toBe(2);
  });

  test('a code typed key by key, with pauses shorter than a second, is checked once, after the buyer stops', async () => {
    // What crossed the wire counts, not how long anything took: the clock is the test's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      // 450 ms between keys: a buyer who types slowly, or copies a code from a printed card.
      const user = userEvent.setup({ delay: 450, advanceTimers: vi.advanceTimersByTime });
      const { harness } = renderWithBilling(<DiscountField productId={PRO} />);
      await user.type(codeInput(), 'FRIENDS10');
      expect(harness.count('discount')).toBe(0);
      expect(screen.getByRole('status')).toHaveTextContent(/^$/);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('Code FRIENDS10 applied'),
      );
      expect(harness.requests.filter((r) => r.route === 'discount').map((r) => r.path)).toEqual([
        '/discounts/FRIENDS10',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('leaving the field checks at once; a code already answered, or blank, is not asked again', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(
      <>
        <DiscountField productId={PRO} debounceMs={60_000} />
        <button type="button">Elsewhere</button>
      </>,
    );
    const asked = () => harness.requests.filter((r) => r.route === 'discount').map((r) => r.path);
    const status = screen.getByRole('status');
    await user.type(codeInput(), 'WELCOME5');
    await user.tab();
    await waitFor(() =>
      expect(status).toHaveTextContent('Code WELCOME5 applied: $5.00 off on the first payment'),
    );
    await user.click(codeInput());
    await user.keyboard('{Enter}');
    await user.tab();

    // A refused code is an answer too: typed again, it is not asked again.
    await user.clear(codeInput());
    await user.type(codeInput(), 'NOSUCHCODE{Enter}');
    await waitFor(() =>
      expect(status).toHaveTextContent('This code is unknown or cannot be used.'),
    );
    await user.type(codeInput(), 'X{Enter}');
    await waitFor(() => expect(asked()).toHaveLength(3));
    await waitFor(() =>
      expect(status).toHaveTextContent('This code is unknown or cannot be used.'),
    );
    await user.type(codeInput(), '{Backspace}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.tab();
    expect(status).toHaveTextContent('This code is unknown or cannot be used.');

    // Blank is never asked; a code answered before shows its answer at once.
    await user.clear(codeInput());
    await user.type(codeInput(), '   {Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.clear(codeInput());
    await user.type(codeInput(), 'WELCOME5');
    await user.tab();
    expect(status).toHaveTextContent('Code WELCOME5 applied: $5.00 off on the first payment');
    expect(asked()).toEqual([
      '/discounts/WELCOME5',
      '/discounts/NOSUCHCODE',
      '/discounts/NOSUCHCODEX',
    ]);
  });

  test('too many codes checked (the proxy’s 429): the field says to try again shortly or remove the code; Apply tries again', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    harness.failNext({ route: 'discount', with: 429 });
    const onCheckChange = vi.fn();
    const { container } = renderWithBilling(
      <DiscountField productId={PRO} onCheckChange={onCheckChange} />,
      { harness },
    );
    await user.type(codeInput(), 'LAUNCH20{Enter}');
    const said =
      'Too many codes have been checked. Please try again shortly, or remove the code to continue.';
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(said));
    expect(codeInput()).toHaveAccessibleDescription(said);
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(codeInput()).toHaveValue('LAUNCH20');
    expect(container.firstChild).toHaveAttribute('data-state', 'failed');
    expect(onCheckChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        status: 'failed',
        error: expect.objectContaining({ kind: 'rate_limited', status: 429 }),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Code LAUNCH20 applied'),
    );
    expect(harness.count('discount')).toBe(2);
  });

  test.each([
    [
      'en-US',
      '12:00:18',
      'Too many codes have been checked. Please try again in 42 seconds, or remove the code to continue.',
    ],
    [
      'de-DE',
      '12:00:59.500',
      'Es wurden zu viele Codes geprüft. Bitte versuchen Sie es in 1 Sekunde erneut, oder entfernen Sie den Code, um fortzufahren.',
    ],
    // Locales the catalogue has no language for read English throughout, the time too.
    [
      'fr-FR',
      '12:00:18',
      'Too many codes have been checked. Please try again in 42 seconds, or remove the code to continue.',
    ],
    [
      'ja-JP',
      '12:00:59.500',
      'Too many codes have been checked. Please try again in 1 second, or remove the code to continue.',
    ],
    [
      'ja-JP',
      '12:00:18',
      'Too many codes have been checked. Please try again in 42 seconds, or remove the code to continue.',
    ],
  ])(
    '%s: the proxy’s limit used up at %s, the field says when its window ends',
    async (locale, time, said) => {
      // The proxy's fixed one-minute window, read on a clock the test sets.
      vi.useFakeTimers({ now: new Date(`2030-01-07T${time}Z`), toFake: ['Date'] });
      try {
        const user = userEvent.setup();
        const { harness } = renderWithBilling(<DiscountField productId={PRO} />, {
          handler: { rateLimit: { limit: 1, windowMs: 60_000 } },
          provider: { locale },
        });
        await user.type(screen.getByRole('textbox'), 'LAUNCH20{Enter}');
        await waitFor(() =>
          expect(screen.getByRole('textbox')).not.toHaveAccessibleDescription(/^$/),
        );
        await user.clear(screen.getByRole('textbox'));
        await user.type(screen.getByRole('textbox'), 'FRIENDS10{Enter}');
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(said));
        expect(screen.getByRole('textbox')).toHaveValue('FRIENDS10');
        expect(harness.count('discount')).toBe(2);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  test('Enter and Apply check at once, without waiting for the pause', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderWithBilling(
      <form onSubmit={onSubmit}>
        <DiscountField productId={PRO} debounceMs={60_000} />
      </form>,
    );
    await user.type(codeInput(), 'WELCOME5{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Code WELCOME5 applied: $5.00 off on the first payment',
      ),
    );
    // Enter in the code field checks the code; it does not submit the surrounding form.
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(codeInput());
    await user.type(codeInput(), 'FRIENDS10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Code FRIENDS10 applied: 10% off on every payment',
      ),
    );
  });

  test('a failed check says so, and Apply tries again', async () => {
    const user = userEvent.setup();
    const harness = createBillingHarness();
    harness.failNext({ route: 'discount', with: 503 });
    const { container } = renderWithBilling(
      <DiscountField productId={PRO} defaultValue="LAUNCH20" />,
      { harness },
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'The code could not be checked. Please try again.',
      ),
    );
    expect(container.firstChild).toHaveAttribute('data-state', 'failed');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Code LAUNCH20 applied'),
    );
    expect(harness.count('discount')).toBe(2);
  });

  test('"." or "..", which the proxy cannot be asked about, is an unknown code: not a check to try again', async () => {
    const user = userEvent.setup();
    const { harness, container } = renderWithBilling(
      <DiscountField productId={PRO} debounceMs={0} />,
    );
    for (const code of ['.', '..']) {
      await user.clear(codeInput());
      await user.type(codeInput(), `${code}{Enter}`);
      await waitFor(() =>
        expect(codeInput()).toHaveAccessibleDescription('This code is unknown or cannot be used.'),
      );
      expect(container.firstChild).toHaveAttribute('data-state', 'invalid');
      expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    }
    expect(harness.count('discount')).toBe(0);
  });

  test('controlled: value and onValueChange', async () => {
    const user = userEvent.setup();
    const changes: Array<[string, string]> = [];
    renderWithBilling(<Controlled changes={changes} />);
    await user.type(codeInput(), 'ab');
    expect(codeInput()).toHaveValue('AB');
    expect(changes).toEqual([
      ['a', 'input'],
      ['Ab', 'input'],
    ]);
  });

  test('an error given by the form is shown instead of the check’s result', async () => {
    renderWithBilling(
      <DiscountField productId={PRO} defaultValue="LAUNCH20" error="Refused at checkout." />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Refused at checkout.');
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
  });

  test('German', async () => {
    renderWithBilling(<DiscountField productId={PRO} defaultValue="LAUNCH20" />, {
      provider: { locale: 'de-DE' },
    });
    expect(screen.getByRole('textbox', { name: 'Rabattcode' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Code LAUNCH20 eingelöst: 20 % Rabatt für 3 Monate',
      ),
    );
  });

  test('outside the provider, the error names the component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<DiscountField />)).toThrow(
      'billing-kit: `DiscountField` must be inside `<BillingProvider>`',
    );
    vi.restoreAllMocks();
  });
});

describe('discount rules', () => {
  const preview = (over: Partial<DiscountPreview>): DiscountPreview => ({
    code: 'X',
    name: 'X',
    type: 'percentage',
    percentage: 10,
    applies_to_products: [PRO],
    ...over,
  });

  test('a percentage rounds half up; a fixed amount is capped at the subtotal', () => {
    expect(discountOff(preview({ percentage: 15 }), 2900)).toBe(435);
    expect(discountOff(preview({ percentage: 12.5 }), 100)).toBe(13);
    expect(discountOff(preview({ type: 'fixed', amount: 500 }), 2900)).toBe(500);
    expect(discountOff(preview({ type: 'fixed', amount: 5000 }), 2900)).toBe(2900);
  });

  test('a fixed amount in the preview’s currency, else the product’s, else the discount’s name', () => {
    const t: Translate = (key, values) => format(en[key], values, 'en-US');
    const { money } = createFormatters('en-US');
    const fixed = preview({
      type: 'fixed',
      amount: 300,
      name: 'Reader discount',
      duration: 'once',
    });
    expect(describeDiscount({ ...fixed, currency: 'EUR' }, t, money, 'USD')).toBe(
      '€3.00 off on the first payment',
    );
    expect(describeDiscount(fixed, t, money, 'GBP')).toBe('£3.00 off on the first payment');
    expect(describeDiscount(fixed, t, money)).toBe('Reader discount on the first payment');
  });

  test('reasons: another product, another currency, a currency not known yet', () => {
    const usd = { id: PRO, currency: 'USD' };
    expect(discountReason(preview({}), usd)).toBeNull();
    expect(discountReason(preview({}), { id: TEAM, currency: 'USD' })).toBe('notForProduct');
    expect(discountReason(preview({ type: 'fixed', amount: 300, currency: 'EUR' }), usd)).toBe(
      'notForProduct',
    );
    expect(
      discountReason(preview({ type: 'fixed', amount: 300, currency: 'EUR' }), {
        id: PRO,
        currency: '',
      }),
    ).toBe('currencyUnknown');
    expect(discountReason(preview({}), { id: PRO, currency: '' })).toBeNull();
    expect(discountReason(preview({ applies_to_products: [] }), undefined)).toBeNull();
  });
});
