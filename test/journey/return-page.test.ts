// The return page says a payment went through, and what was bought, only for a link the
// payment page made: the demo server checks the link's signature with the store's key
// (verifyReturnUrl). A typed or altered link is said to be unconfirmed, and names no product.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  buyPlan,
  journeyForSuite,
  newPage,
  settle,
  signInAs,
  signInAsNewBuyer,
} from './support.js';

const UNCONFIRMED = 'This link could not be confirmed as coming from the payment page';

/** The main content's text. */
async function mainText(page: Page): Promise<string> {
  return (await page.getByRole('main').textContent()) ?? '';
}

describe('the return page', { timeout: 120_000 }, () => {
  const current = journeyForSuite();

  it('does not confirm a payment for a link anyone could type', async () => {
    const journey = current();
    const { demo } = journey;
    const page = await newPage(journey);
    await page.goto(`${demo.url}/`);
    await settle(page);
    await signInAs(page, 'Ada Lovelace');
    const transactionLookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/billing/transactions'))
        transactionLookups.push(request.url());
    });
    await page.goto(
      `${demo.url}/return?checkout_id=ch_fake&order_id=ord_fake&product_id=prod_business_half_year`,
    );
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'Payment not confirmed' }).waitFor();
    await page.getByText(UNCONFIRMED).waitFor();
    const text = await mainText(page);
    expect(text).not.toContain('went through');
    expect(text).not.toContain('Thank you');
    expect(text).not.toContain('Business');
    expect(transactionLookups).toEqual([]);
    await page.context().close();
  });

  it('confirms the link the payment page made, and not one altered after it', async () => {
    const journey = current();
    const { demo } = journey;
    const page = await newPage(journey);
    await page.goto(`${demo.url}/`);
    await settle(page);
    await signInAsNewBuyer(page, 'returning.buyer@example.com');
    const purchase = await buyPlan(page, { plan: 'Starter', code: 'WELCOME5', company: 'Returns' });

    // As the payment page sent the buyer back: confirmed, with what was bought.
    await settle(page);
    await page.getByText('Your payment went through. Here is what you bought.').waitFor();
    await page.getByText(purchase.orderId, { exact: true }).waitFor();
    expect(await mainText(page)).toContain('Starter');

    // The same link with another product, or without its signature: not confirmed.
    const altered = new URL(purchase.returnUrl);
    altered.searchParams.set('product_id', 'prod_business_half_year');
    const unsigned = new URL(purchase.returnUrl);
    unsigned.searchParams.delete('signature');
    for (const url of [altered, unsigned]) {
      await page.goto(url.href);
      await settle(page);
      await page.getByText(UNCONFIRMED).waitFor();
      const text = await mainText(page);
      expect(text).not.toContain('went through');
      expect(text).not.toContain('Business');
      expect(text).not.toContain(purchase.orderId);
    }

    // Reloaded as it came, it is confirmed again (the check holds no state).
    await page.goto(purchase.returnUrl);
    await settle(page);
    await page.getByText('Your payment went through. Here is what you bought.').waitFor();
    await page.context().close();
  });
});
