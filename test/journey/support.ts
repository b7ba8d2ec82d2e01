// Shared steps of the browser journeys: start the demo (its real Vite dev server, on a free
// port, with the sandbox behind it) and Debian's Chromium, then walk the storefront as a buyer
// does, by role and label. The sandbox is read in-process (never over HTTP) to compare what the
// page shows with what the service holds.
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  createDemoServer,
  type DemoServer,
  type DemoServerOptions,
} from '../../demo/server/create.js';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { formatAmount } from '../../src/contract/amount.js';
import { formatMoney } from '../../src/contract/money.js';
import type { Customer } from '../../src/contract/schemas.js';
import type { Sandbox, SandboxInspection } from '../../src/sandbox/index.js';

/** How long one step may wait for the page (each is bounded; nothing sleeps). */
export const STEP_MS = 20_000;

/** The demo and a browser, for one test file. */
export type Journey = {
  demo: DemoServer;
  browser: Browser;
  close(): Promise<void>;
};

/**
 * The demo and a browser for the enclosing `describe` block: started before its tests, closed
 * after them. Returns the running journey, to read inside the tests.
 */
export function journeyForSuite(options: DemoServerOptions = {}): () => Journey {
  let journey: Journey | undefined;
  beforeAll(async () => {
    journey = await startJourney(options);
  }, 60_000);
  afterAll(async () => {
    await journey?.close();
  });
  return () => {
    if (!journey) throw new Error('the journey did not start; see the error before this one');
    return journey;
  };
}

/** Starts the demo's dev server and Chromium. */
export async function startJourney(options: DemoServerOptions = {}): Promise<Journey> {
  const demo = await createDemoServer({ logErrors: false, ...options });
  let browser: Browser;
  try {
    browser = await chromium.launch(chromiumLaunchOptions());
  } catch (error) {
    await demo.close();
    throw error;
  }
  return {
    demo,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await demo.close();
    },
  };
}

/** A fresh page in a fresh context (its own cookies), with bounded waits. */
export async function newPage(journey: Journey, stepMs = STEP_MS): Promise<Page> {
  const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(stepMs);
  page.setDefaultNavigationTimeout(stepMs);
  return page;
}

/** Money as the page shows it in en-US. */
export const money = (cents: number, currency: string) => formatMoney(cents, currency, 'en-US');

/** A credit amount as the page shows it in en-US ("1,000"). */
export const credits = (amount: string) => formatAmount(amount, { locale: 'en-US' });

/** Waits until nothing in the page's main content is loading any more. */
export async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('main [aria-busy="true"]') === null &&
      !/Loading|Looking up|wird geladen|werden geladen|wird gesucht/.test(
        document.querySelector('main')?.textContent ?? '',
      ),
  );
}

/** Signs in with the header's switch as a new buyer known by e-mail. */
export async function signInAsNewBuyer(page: Page, email: string): Promise<void> {
  await page.getByLabel('Signed in as').selectOption({ label: 'New buyer (e-mail)…' });
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Buying as ${email}`).waitFor();
}

/** Signs in with the header's switch as a seeded customer, by name. */
export async function signInAs(page: Page, name: string): Promise<void> {
  await page.getByLabel('Signed in as').selectOption({ label: name });
}

/** The sandbox's customer with this e-mail. */
export function customerByEmail(sandbox: Sandbox, email: string): Customer {
  const customer = sandbox.inspect().customers.find((c) => c.email === email);
  if (!customer) throw new Error(`the sandbox holds no customer ${email}`);
  return customer;
}

/** What a purchase made, as the return page's query names it. */
export type Purchase = {
  checkoutId: string;
  orderId: string;
  customerId: string;
  subscriptionId: string;
  productId: string;
  /** The return page's full address. */
  returnUrl: string;
  /** The total the product page showed before paying (after the discount). */
  totalShown: string;
};

/**
 * From the pricing page: picks `plan` (a monthly plan's card), fills the store's custom fields,
 * applies `code`, continues to the sandbox's payment page, pays, and lands on the return page.
 */
export async function buyPlan(
  page: Page,
  options: {
    plan: string;
    code: string;
    company: string;
    /** Runs once the product page is up, before anything is filled in. Default: none. */
    onProductPage?: () => void | Promise<void>;
  },
): Promise<Purchase> {
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: options.plan, exact: true }) });
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await page.getByRole('heading', { level: 2, name: options.plan, exact: true }).waitFor();
  await options.onProductPage?.();

  await page.getByLabel(/Company name/).fill(options.company);
  await page.getByRole('checkbox', { name: 'Email me when new features ship' }).check();
  await page.getByLabel('Discount code').fill(options.code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText(`Code ${options.code} applied`).waitFor();
  const totalShown = (await totalOf(page)).trim();

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL((url) => url.pathname.includes('/__sandbox/checkout/'));
  await page.getByRole('heading', { level: 1, name: `Pay for ${options.plan}` }).waitFor();
  await page.getByRole('button', { name: /^Pay / }).click();

  await page.waitForURL((url) => url.pathname === '/return');
  await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
  const url = new URL(page.url());
  const param = (name: string) => {
    const value = url.searchParams.get(name);
    if (!value) throw new Error(`the return page's address has no ${name}: ${url.href}`);
    return value;
  };
  return {
    checkoutId: param('checkout_id'),
    orderId: param('order_id'),
    customerId: param('customer_id'),
    subscriptionId: param('subscription_id'),
    productId: param('product_id'),
    returnUrl: url.href,
    totalShown,
  };
}

/** The product page's total, as shown. */
async function totalOf(page: Page): Promise<string> {
  const total = page.locator('[data-slot="checkout-form-total"]');
  await total.waitFor();
  const text = (await total.textContent()) ?? '';
  const amount = /[$€][\d,.]+|[\d.,]+\s?[$€]/.exec(text);
  if (!amount) throw new Error(`no amount in the total: ${text}`);
  return amount[0];
}

/** The account page's region with this heading. */
export function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/**
 * Changes the subscription's plan with the UpgradePicker on the account page, paying the
 * difference now. A failed change (an injected 5xx or timeout) is met as a customer would:
 * reload the page and, unless the plan did change, try again.
 */
export async function changePlan(page: Page, target: string, attempts = 4): Promise<void> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const current = page.getByRole('region', { name: 'Current plan' });
    await current.waitFor();
    if (await current.getByText(target, { exact: true }).isVisible()) return;
    await page
      .getByRole('radio', { name: new RegExp(`^${escapeRegExp(target)}\\s+(?!\\()`) })
      .check();
    await page.getByRole('button', { name: 'Review change' }).click();
    await page.getByRole('button', { name: 'Confirm change' }).click();
    const done = page.getByText(`Your plan is now ${target}.`);
    const failed = page.getByText('Your plan could not be changed. Please try again.');
    await done.or(failed).first().waitFor();
    if (await done.isVisible()) return;
    await page.reload();
  }
  throw new Error(`the plan did not change to ${target} in ${attempts} attempts`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The customer's data in the sandbox, for comparisons. */
export function holdings(inspection: SandboxInspection, customerId: string) {
  const accounts = inspection.credit_accounts.filter((a) => a.customer_id === customerId);
  return {
    transactions: inspection.transactions.filter((t) => t.customer === customerId),
    subscriptions: inspection.subscriptions.filter((s) => customerOf(s.customer) === customerId),
    orders: inspection.orders.filter((o) => o.customer === customerId),
    accounts,
    entries: inspection.credit_entries.filter((e) => accounts.some((a) => a.id === e.account_id)),
    licenses: inspection.licenses,
  };
}

function customerOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value) return String(value.id);
  return undefined;
}
