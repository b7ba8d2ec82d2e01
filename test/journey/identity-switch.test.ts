// The header's "New buyer" switch takes an e-mail address only when the dev server would: an
// address it refuses (dev@localhost) gets a field error naming the problem, keeps what was
// typed, sets no cookie, and never shows "Buying as …" to a visitor the proxy treats as
// signed out (whose billing requests would all answer 401).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyForSuite, newPage, settle } from './support.js';

/** Every proxy answer the page received with status 401. */
function unauthorized(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) seen.push(response.url());
  });
  return seen;
}

async function sessionCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'bk_demo_as')?.value;
}

describe('the new buyer switch', { timeout: 120_000 }, () => {
  const current = journeyForSuite();

  it('refuses an address the server refuses, saying why and keeping what was typed', async () => {
    const journey = current();
    const page = await newPage(journey);
    const refused = unauthorized(page);
    await page.goto(`${journey.demo.url}/account`);
    await settle(page);
    await page.getByLabel('Signed in as').selectOption({ label: 'New buyer (e-mail)…' });
    const field = page.getByLabel('E-mail');

    const cases = [
      [
        'dev@localhost',
        'The domain “localhost” has no dot: use a full domain, as in name@example.com.',
      ],
      [
        'dev.example.com',
        'Use one @ with a name before it and a domain after it, as in name@example.com.',
      ],
      ['dev @example.com', 'An e-mail address cannot contain spaces.'],
      ['', 'Enter an e-mail address.'],
    ] as const;
    for (const [typed, problem] of cases) {
      await field.fill(typed);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const error = page.getByText(problem, { exact: true });
      await error.waitFor();
      // The field names its error, and keeps the address as typed.
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const described = (await field.getAttribute('aria-describedby')) ?? '';
      expect(await error.getAttribute('id')).toBe(described);
      expect(await field.inputValue()).toBe(typed);
      expect(await page.getByText(/^Buying as/).count()).toBe(0);
      expect(await sessionCookie(page)).toBeUndefined();
    }
    await page
      .getByText('Sign in with the switch above to see your subscription, credits and invoices.')
      .waitFor();

    // An address the server takes signs in, as the server reads it (trimmed, lower case).
    await field.fill('  Dev@Example.COM ');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Buying as dev@example.com').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    await settle(page);
    await page.getByText('No subscription yet.').waitFor();
    const subscriptions = await page.evaluate(
      async () => (await fetch('/api/billing/subscriptions')).status,
    );
    expect(subscriptions).toBe(200);
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it('reads a cookie holding such an address as signed out, as the server does', async () => {
    const journey = current();
    const page = await newPage(journey);
    const refused = unauthorized(page);
    await page.context().addCookies([
      {
        name: 'bk_demo_as',
        value: encodeURIComponent('email:dev@localhost'),
        url: journey.demo.url,
      },
    ]);
    await page.goto(`${journey.demo.url}/account`);
    await settle(page);
    await page
      .getByText('Sign in with the switch above to see your subscription, credits and invoices.')
      .waitFor();
    expect(await page.getByText(/^Buying as/).count()).toBe(0);
    expect(await page.getByLabel('Signed in as').inputValue()).toBe('');
    await page.goto(`${journey.demo.url}/`);
    await settle(page);
    expect(refused).toEqual([]);
    await page.context().close();
  });
});
