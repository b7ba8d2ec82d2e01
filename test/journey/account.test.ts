// The account page of a customer with several subscriptions lists every one that has not ended
// (as the sandbox holds them), beside the one plan picker; a product page does not offer a
// second purchase of a plan the customer already holds; and "Manage billing" is offered only
// to a buyer the service has a customer for.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import {
  buyPlan,
  journeyForSuite,
  newPage,
  settle,
  signInAs,
  signInAsNewBuyer,
} from './support.js';

/** Status words as the page shows them in en-US. */
const statusWords: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  paused: 'Paused',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  scheduled_cancel: 'Ends at period close',
};

/** "Product · Status" of every subscription of the customer that has not ended, per the sandbox. */
function liveSubscriptions(sandbox: Sandbox, customerId: string): string[] {
  return sandbox
    .fixtures()
    .subscriptions.filter((s) => {
      const customer = typeof s.customer === 'string' ? s.customer : s.customer.id;
      return customer === customerId && s.status !== 'canceled' && s.status !== 'expired';
    })
    .map((s) => {
      const name = typeof s.product === 'string' ? s.product : s.product.name;
      return `${name} · ${statusWords[s.status] ?? s.status}`;
    })
    .sort();
}

/** "Product · Status" of every subscription the account page lists. */
async function listedSubscriptions(page: Page): Promise<string[]> {
  const groups = page.getByRole('main').getByRole('group', { name: 'Subscription status' });
  await groups.first().waitFor();
  const shown: string[] = [];
  for (const group of await groups.all()) {
    const read = async (part: string) =>
      ((await group.locator(`[data-slot="subscription-status-${part}"]`).textContent()) ?? '')
        .trim()
        .replace(/\s+/g, ' ');
    shown.push(`${await read('title')} · ${await read('badge')}`);
  }
  return shown.sort();
}

describe('the account page', { timeout: 120_000 }, () => {
  const current = journeyForSuite();

  it('lists every subscription that has not ended, and keeps the plan picker', async () => {
    const journey = current();
    const { demo } = journey;
    const page = await newPage(journey);
    await page.goto(`${demo.url}/account`);
    await settle(page);

    await signInAs(page, 'Linus Torvalds');
    await settle(page);
    const linus = liveSubscriptions(demo.sandbox, 'cust_linus');
    expect(linus).toEqual(['Business · Paused', 'Day pass · Unpaid', 'Starter · Payment overdue']);
    expect(await listedSubscriptions(page)).toEqual(linus);
    await page.getByRole('region', { name: 'Change plan' }).waitFor();

    await signInAs(page, 'Grace Hopper');
    await settle(page);
    const grace = liveSubscriptions(demo.sandbox, 'cust_grace');
    expect(grace).toEqual(['Pro (yearly) · Ends at period close', 'Team · Trial']);
    expect(await listedSubscriptions(page)).toEqual(grace);
    await page.getByRole('region', { name: 'Change plan' }).waitFor();

    // Ada's Starter was canceled: only her Pro is listed.
    await signInAs(page, 'Ada Lovelace');
    await settle(page);
    expect(await listedSubscriptions(page)).toEqual(['Pro · Active']);
    await page.context().close();
  });

  it('tells a customer who holds a plan so on its product page instead of selling it again', async () => {
    const journey = current();
    const { demo } = journey;
    const page = await newPage(journey);
    await page.goto(`${demo.url}/`);
    await settle(page);
    await signInAs(page, 'Ada Lovelace');

    // Ada's Pro is active: no second purchase, a way to her account instead.
    await page.goto(`${demo.url}/products/prod_pro_monthly`);
    await settle(page);
    await page.getByText('You already have this plan.').waitFor();
    const link = page.getByRole('link', { name: 'Go to your account' });
    expect(await link.getAttribute('href')).toBe('/account');
    expect(await page.getByRole('button', { name: 'Continue to payment' }).count()).toBe(0);

    // Her canceled Starter, and a plan she never had, are for sale as usual.
    for (const product of ['prod_starter_monthly', 'prod_team_quarterly']) {
      await page.goto(`${demo.url}/products/${product}`);
      await settle(page);
      await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
      expect(await page.getByText('You already have this plan.').count()).toBe(0);
    }

    // Linus's Business is paused, but not ended: still his.
    await signInAs(page, 'Linus Torvalds');
    await page.goto(`${demo.url}/products/prod_business_half_year`);
    await settle(page);
    await page.getByText('You already have this plan.').waitFor();
    await page.getByRole('group', { name: 'Subscription status' }).getByText('Paused').waitFor();
    expect(await page.getByRole('button', { name: 'Continue to payment' }).count()).toBe(0);
    await page.context().close();
  });

  it('offers "Manage billing" only once the buyer has a billing account', async () => {
    const journey = current();
    const { demo } = journey;
    const page = await newPage(journey);
    const portalAnswers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/billing/portal') {
        portalAnswers.push(response.status());
      }
    });
    await page.goto(`${demo.url}/`);
    await settle(page);
    const email = 'not.yet.paid@example.com';
    await signInAsNewBuyer(page, email);

    // Known by e-mail only: the service has no customer, so there is no portal to open.
    await page.goto(`${demo.url}/account`);
    await settle(page);
    await page
      .getByText(`There is no billing account for ${email} yet.`, { exact: false })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);
    expect(demo.sandbox.inspect().customers.some((c) => c.email === email)).toBe(false);

    // After the first payment the sandbox knows them, and the portal opens.
    await page.goto(`${demo.url}/`);
    await settle(page);
    await buyPlan(page, { plan: 'Starter', code: 'WELCOME5', company: 'Portal Co' });
    await page.goto(`${demo.url}/account`);
    await settle(page);
    expect(await page.getByText('There is no billing account').count()).toBe(0);
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer portal' }).waitFor();
    expect(portalAnswers).toEqual([200]);
    await page.context().close();
  });
});
