// Journey 3: once a first buyer has bought, upgraded and received credits, a second customer
// signed in on the same storefront sees none of it: no id, e-mail, key or amount of the first
// buyer's appears on any page, including the first buyer's own return page opened by address.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { walkBuyerJourney } from './buyer-journey.js';
import { holdings, journeyForSuite, money, newPage, settle, signInAs } from './support.js';

/** Opens a page and waits until nothing on it is loading any more; answers its text and HTML. */
async function readPage(page: Page, url: string): Promise<{ text: string; html: string }> {
  await page.goto(url);
  await settle(page);
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text is what the customer reads
  const text = await page.locator('body').innerText();
  return { text, html: await page.content() };
}

describe('another customer on the same storefront', { timeout: 120_000 }, () => {
  const current = journeyForSuite();

  it("sees none of the first buyer's ids, e-mail, keys or amounts", async () => {
    const journey = current();
    const { demo } = journey;
    const paths = ['/', '/account', '/products/prod_pro_monthly', '/seller'];

    // Grace's pages before anyone else bought: amounts that are hers (or the catalog's) anyway.
    const grace = await newPage(journey);
    await grace.goto(`${demo.url}/`);
    await signInAs(grace, 'Grace Hopper');
    let baseline = '';
    for (const path of paths) baseline += (await readPage(grace, `${demo.url}${path}`)).text;

    // The first buyer: a purchase, an upgrade, credits.
    const buyer = await newPage(journey);
    const purchase = await walkBuyerJourney(journey, buyer, 'first.buyer@example.com');
    await buyer.context().close();

    const held = demo.sandbox.inspect();
    const mine = holdings(held, purchase.customerId);
    const checkout = held.checkouts.find((c) => c.id === purchase.checkoutId);
    const licenseKeys = (checkout?.license_keys ?? []).map((license) => license.key);
    expect(licenseKeys.length).toBeGreaterThan(0);
    const ids = [
      purchase.customerId,
      'first.buyer@example.com',
      purchase.checkoutId,
      purchase.orderId,
      purchase.subscriptionId,
      ...mine.transactions.map((t) => t.id),
      ...mine.accounts.map((a) => a.id),
      ...mine.entries.flatMap((e) => [e.id, e.transaction_id]),
      ...licenseKeys,
    ];
    const amounts = [
      ...new Set(
        mine.transactions.flatMap((t) =>
          [t.amount_paid, t.tax_amount, t.discount_amount, t.amount]
            .filter((cents): cents is number => typeof cents === 'number' && cents > 0)
            .map((cents) => money(cents, t.currency)),
        ),
      ),
    ].filter((amount) => !baseline.includes(amount));
    expect(amounts.length).toBeGreaterThan(0);

    // Grace again, on every page and on the first buyer's return page opened by its address.
    for (const url of [...paths.map((path) => `${demo.url}${path}`), purchase.returnUrl]) {
      const { text, html } = await readPage(grace, url);
      for (const id of ids) {
        expect(text, `${id} in the text of ${url}`).not.toContain(id);
        expect(html, `${id} in the HTML of ${url}`).not.toContain(id);
      }
      for (const amount of amounts) {
        expect(text, `${amount} in the text of ${url}`).not.toContain(amount);
      }
    }
    await grace.getByText('This order is not on the account you are signed in with.').waitFor();

    // And the proxy answers Grace about the first buyer's things as about things that do not exist.
    const probes = await grace.evaluate(
      async ({ subscriptionId, orderId }) => {
        const sub = await fetch(`/api/billing/subscriptions/${subscriptionId}`);
        const tx = await fetch(`/api/billing/transactions?order_id=${orderId}`);
        return { sub: sub.status, tx: (await tx.json()) as { items: unknown[] } };
      },
      { subscriptionId: purchase.subscriptionId, orderId: purchase.orderId },
    );
    expect(probes.sub).toBe(404);
    expect(probes.tx.items).toEqual([]);
    await grace.context().close();
  });
});
