// The buyer's whole journey on the demo storefront, as journeys 1 and 2 walk it: pick a plan,
// answer the custom fields, apply a discount, pay on the sandbox's page, come back, see the
// subscription, upgrade it, see the proration in the billing history, read the credits. Every
// figure on screen is checked against what the sandbox holds.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  buyPlan,
  changePlan,
  credits,
  holdings,
  type Journey,
  money,
  type Purchase,
  signInAsNewBuyer,
} from './support.js';

/** Walks the journey as a new buyer with this e-mail; answers the purchase. */
export async function walkBuyerJourney(
  journey: Journey,
  page: Page,
  email: string,
): Promise<Purchase> {
  const { demo } = journey;
  await page.goto(`${demo.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Pick your plan' }).waitFor();
  await signInAsNewBuyer(page, email);
  const checkoutsBefore = demo.sandbox.inspect().checkouts.length;

  const purchase = await buyPlan(page, {
    plan: 'Pro',
    code: 'LAUNCH20',
    company: 'Analytical Engines Ltd',
    // Picking a plan only opens its product page: no checkout yet.
    onProductPage: () => expect(demo.sandbox.inspect().checkouts.length).toBe(checkoutsBefore),
  });

  // What the sandbox holds after one click on "Continue to payment" and one on "Pay".
  let held = demo.sandbox.inspect();
  expect(held.checkouts.length - checkoutsBefore).toBe(1);
  const checkout = held.checkouts.find((c) => c.id === purchase.checkoutId);
  expect(checkout?.status).toBe('completed');
  expect(checkout?.metadata).toEqual({ company: 'Analytical Engines Ltd', newsletter: 'true' });
  expect(checkout?.discount?.discountCode).toBe('LAUNCH20');
  const customer = held.customers.find((c) => c.id === purchase.customerId);
  expect(customer?.email).toBe(email);
  const order = held.orders.find((o) => o.id === purchase.orderId);
  if (!order) throw new Error(`the sandbox holds no order ${purchase.orderId}`);
  expect(order.product).toBe('prod_pro_monthly');
  expect(order.discount_amount).toBeGreaterThan(0);
  // The product page's total is what the order came to before tax.
  expect(purchase.totalShown).toBe(
    money((order.sub_total ?? 0) - (order.discount_amount ?? 0), order.currency),
  );

  // The return page: what was bought and what was paid, confirmed by the proxy.
  await page.getByText('Pro', { exact: true }).first().waitFor();
  await page.getByText(money(order.amount_paid ?? 0, order.currency), { exact: true }).waitFor();
  await page.getByText(purchase.orderId, { exact: true }).waitFor();
  const returnStatus = page.getByRole('group', { name: 'Subscription status' });
  await returnStatus.getByText('Active', { exact: true }).waitFor();

  // The account page: the subscription, the payment in the billing history.
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  const status = page.getByRole('group', { name: 'Subscription status' });
  await status.getByText('Pro', { exact: true }).waitFor();
  await status.getByText('Active', { exact: true }).waitFor();
  const table = page.getByRole('table', { name: 'Billing history' });
  const payment = held.transactions.find((t) => t.order === purchase.orderId);
  if (!payment) throw new Error('the sandbox holds no payment for the order');
  const paymentRow = table
    .getByRole('row')
    .filter({ hasText: money(payment.amount_paid ?? 0, 'USD') });
  await expectCells(paymentRow, [
    'Pro',
    money(payment.amount, 'USD'),
    `−${money(payment.discount_amount ?? 0, 'USD')}`,
    money(payment.tax_amount ?? 0, 'USD'),
    money(payment.amount_paid ?? 0, 'USD'),
    'Paid',
  ]);

  // Upgrade to the yearly plan, paying the prorated difference now.
  await changePlan(page, 'Pro (yearly)');
  held = demo.sandbox.inspect();
  const mine = holdings(held, purchase.customerId);
  expect(mine.subscriptions.map((s) => productIdOf(s.product))).toEqual(['prod_pro_yearly']);
  const proration = mine.transactions.find((t) => t.description?.startsWith('Proration'));
  if (!proration) throw new Error('the sandbox holds no proration transaction');
  expect(proration.description).toBe('Proration: Pro → Pro (yearly)');
  const prorationRow = table.getByRole('row', { name: /Proration: Pro → Pro \(yearly\)/ });
  await expectCells(prorationRow, [
    money(proration.amount, 'USD'),
    money(proration.tax_amount ?? 0, 'USD'),
    money(proration.amount_paid ?? 0, 'USD'),
    'Paid',
  ]);
  expect(await table.getByRole('row').count()).toBe(1 + mine.transactions.length);
  await status.getByText('Pro (yearly)', { exact: true }).waitFor();

  // Credits: the balance and every entry, as the ledger holds them.
  expect(mine.accounts).toHaveLength(1);
  const account = mine.accounts[0];
  if (!account) throw new Error('no credit account');
  const balance = held.credit_balances[account.id] ?? '';
  expect(balance).toBe('1000');
  const history = page.getByRole('region', { name: 'Credits history' });
  await history.getByText(credits(balance), { exact: true }).first().waitFor();
  for (const entry of mine.entries) {
    const signed =
      entry.side === 'credit' ? `+${credits(entry.amount)}` : `−${credits(entry.amount)}`;
    await history.getByText(signed, { exact: true }).waitFor();
  }
  await history.getByText(`All entries shown: ${mine.entries.length}.`).waitFor();
  return purchase;
}

/** Waits until the row's cells hold each of `texts`, in this order. */
async function expectCells(row: Locator, texts: readonly string[]): Promise<void> {
  await row.waitFor();
  const cells = (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
  let from = 0;
  for (const text of texts) {
    const at = cells.findIndex((cell, i) => i >= from && cell.includes(text));
    expect(at, `"${text}" in ${JSON.stringify(cells)}`).toBeGreaterThanOrEqual(from);
    from = at + 1;
  }
}

function productIdOf(product: unknown): string {
  if (typeof product === 'string') return product;
  if (product && typeof product === 'object' && 'id' in product) return String(product.id);
  return '';
}
