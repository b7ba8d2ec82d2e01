// axe on every page of the demo storefront, light in English and dark in German, with
// real data behind it: pricing, two product pages (the store's custom fields, a product's
// own), the sandbox's payment page, the return page after paying, the account page of a new
// buyer and of Ada (years of history), the seller's page and a page that does not exist.
import { AxeBuilder } from '@axe-core/playwright';
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

/** The violations axe finds on the page, in a form that reads well in a failure. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} at ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** Sets theme and language with the header's switches. */
async function look(
  page: Page,
  theme: 'Light' | 'Dark',
  language: 'English (US)' | 'Deutsch (DE)',
) {
  const de = (await page.locator('html').getAttribute('lang')) === 'de';
  await page
    .getByLabel(de ? 'Design' : 'Theme')
    .selectOption({ label: de ? (theme === 'Light' ? 'Hell' : 'Dunkel') : theme });
  await page.getByLabel(de ? 'Sprache' : 'Language').selectOption({ label: language });
  await page.waitForFunction(
    ([appearance, lang]) =>
      document.documentElement.dataset.bkTheme === appearance &&
      document.documentElement.lang === lang,
    [theme.toLowerCase(), language.startsWith('Deutsch') ? 'de' : 'en'],
  );
}

/** Each page is checked in both themes and both languages (two looks cover the four). */
const looks = [
  ['Light', 'English (US)'],
  ['Dark', 'Deutsch (DE)'],
] as const;

describe('accessibility of the demo storefront', { timeout: 180_000 }, () => {
  const current = journeyForSuite();

  it('has no axe violations on the pages a buyer walks through', async () => {
    const journey = current();
    const { demo } = journey;
    const page = await newPage(journey);
    // Colours are measured as they stay, not half-way through a theme switch's fade.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${demo.url}/`);
    await settle(page);
    await signInAsNewBuyer(page, 'axe.buyer@example.com');
    const found: Record<string, string[]> = {};
    const check = async (name: string, path: string) => {
      await page.goto(`${demo.url}${path}`);
      for (const [theme, language] of looks) {
        await look(page, theme, language);
        await settle(page);
        found[`${name}, ${theme}, ${language}`] = await violations(page);
      }
      // Back to English for the steps that follow.
      await look(page, 'Light', 'English (US)');
    };

    await check('pricing (new buyer)', '/');
    await check('product with the store’s custom fields', '/products/prod_pro_monthly');
    await check('product with its own custom field and units', '/products/prod_team_quarterly');
    await check('not found', '/nowhere');

    // The payment page and the return page, through a real purchase.
    await page.goto(`${demo.url}/`);
    await settle(page);
    const purchase = await buyPlan(page, {
      plan: 'Starter',
      code: 'WELCOME5',
      company: 'Axe & Co',
      onProductPage: async () => undefined,
    });
    const checkoutPage = `/__sandbox/checkout/${purchase.checkoutId}`;
    await page.goto(`${demo.url}${checkoutPage}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    found['sandbox payment page (paid)'] = await violations(page);
    await check(
      'return page',
      new URL(purchase.returnUrl).pathname + new URL(purchase.returnUrl).search,
    );
    await check('account of a new customer', '/account');

    // Ada, with years of subscriptions, payments, licenses and credits; and as the seller.
    await signInAs(page, 'Ada Lovelace');
    await check('account of Ada', '/account');
    await check('seller page, not a seller', '/seller');
    await page.getByLabel('Seller (admin)').check();
    await check('seller page', '/seller');
    await check('pricing (subscribed customer)', '/');

    const failing = Object.entries(found).filter(([, list]) => list.length > 0);
    expect(Object.fromEntries(failing)).toEqual({});
    await page.context().close();
  });
});
