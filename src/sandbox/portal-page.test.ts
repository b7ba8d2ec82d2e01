// The sandbox's customer portal page, where `POST /v1/customers/billing`'s link leads: it shows
// a customer's subscriptions only to the holder of that link, in plain words, with a way back
// to the store. Driven over the sandbox's fetch as a browser would open the link.
import { getQueriesForElement } from '@testing-library/dom';
import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { createSandbox, type Sandbox } from './index.js';

/** `POST /v1/customers/billing` for `customerId`; answers the portal link. */
async function portalLink(sandbox: Sandbox, customerId: string): Promise<string> {
  const response = await sandbox.fetch('/v1/customers/billing', {
    method: 'POST',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ customer_id: customerId }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { customer_portal_link: string }).customer_portal_link;
}

/** Opens `url` on the sandbox as a browser would (with `referer` when given); parses the page. */
async function open(sandbox: Sandbox, url: string, referer?: string) {
  const response = await sandbox.fetch(url, referer ? { headers: { referer } } : {});
  const html = await response.text();
  const document = new JSDOM(html, { url }).window.document;
  return {
    response,
    html,
    document,
    screen: getQueriesForElement(document.body),
    /** The page's text as a reader gets it, whitespace collapsed. */
    text: (document.body.textContent ?? '').replace(/\s+/g, ' ').trim(),
  };
}

type AxeWindow = Window & typeof globalThis & { axe: typeof axe; eval(source: string): unknown };

/** axe-core's WCAG 2 A/AA rules on a page in jsdom (no layout: colour contrast is not judged). */
async function violations(html: string, url: string): Promise<string[]> {
  const window = new JSDOM(html, { url, runScripts: 'outside-only' }).window as AxeWindow;
  window.eval(axe.source);
  const result = await window.axe.run(window.document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.help}`);
}

/** What the page says of each subscription: the plan, then its status. */
function rows(document: Document): [string, string][] {
  return Array.from(document.querySelectorAll('dt'), (term) => [
    (term.textContent ?? '').trim(),
    (term.nextElementSibling?.textContent ?? '').trim(),
  ]);
}

describe('the customer portal page', () => {
  test('the link opens the customer’s page: their subscriptions, statuses in plain words', async () => {
    const sandbox = createSandbox();
    const page = await open(sandbox, await portalLink(sandbox, 'cust_linus'));
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // A page with a customer's data is neither cached nor leaks its link (and session) onwards.
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    expect(page.response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.screen.getByRole('heading', { level: 1 }).textContent).toBe('Customer portal');
    expect(page.text).toContain('Linus Torvalds');
    expect(rows(page.document).sort()).toEqual(
      [
        ['Legacy', 'Canceled'],
        ['Business', 'Paused'],
        ['Starter', 'Payment overdue'],
        ['Day pass', 'Unpaid'],
      ].sort(),
    );
    expect(page.text).not.toMatch(/past_due|: canceled/);

    const grace = await open(sandbox, await portalLink(sandbox, 'cust_grace'));
    expect(rows(grace.document).sort()).toEqual(
      [
        ['Pro (yearly)', 'Ends at period close'],
        ['Team', 'Trial'],
      ].sort(),
    );
  });

  test('a status the sandbox does not know is shown as sent', async () => {
    const sandbox = createSandbox();
    sandbox.customize(({ subscriptions }) => {
      const canceled = subscriptions.find(
        (s) => s.customer === 'cust_ada' && s.product === 'prod_starter_monthly',
      );
      if (canceled) canceled.status = 'incomplete';
    });
    const page = await open(sandbox, await portalLink(sandbox, 'cust_ada'));
    expect(rows(page.document).sort()).toEqual(
      [
        ['Pro', 'Active'],
        ['Starter', 'incomplete'],
      ].sort(),
    );
  });

  test.each([
    ['no session', (link: string) => link.replace(/\?.*$/, '')],
    ['an empty session', (link: string) => link.replace(/session=[^&]*/, 'session=')],
    ['a made-up session', (link: string) => link.replace(/session=[^&]*/, 'session=guessed')],
    [
      'another customer’s session',
      (link: string, grace: string) => link.replace(/\?.*$/, new URL(grace).search),
    ],
    [
      'a session moved to an unknown customer',
      (link: string) => link.replace('/portal/cust_ada', '/portal/cust_nobody'),
    ],
    ['a malformed customer id', (link: string) => link.replace('/portal/cust_ada', '/portal/%E0')],
  ])('%s: a 404 page that shows no customer’s data', async (_, address) => {
    const sandbox = createSandbox();
    const ada = await portalLink(sandbox, 'cust_ada');
    const grace = await portalLink(sandbox, 'cust_grace');
    const url = address(ada, grace);
    expect(url).not.toBe(ada);
    const page = await open(sandbox, url);
    expect(page.response.status).toBe(404);
    expect(page.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This portal link does not work',
    );
    expect(page.text).toMatch(/Open the billing portal from the store again/);
    for (const shown of ['Ada', 'Lovelace', 'ada@example.com', 'Grace', 'Pro', 'Starter', 'Team']) {
      expect(page.text).not.toContain(shown);
    }
    expect(page.document.querySelector('dl')).toBeNull();
  });

  test('the real link still works beside the refused ones', async () => {
    const sandbox = createSandbox();
    const link = await portalLink(sandbox, 'cust_ada');
    expect((await open(sandbox, link.replace(/\?.*$/, ''))).response.status).toBe(404);
    const page = await open(sandbox, link);
    expect(page.response.status).toBe(200);
    expect(page.text).toContain('Ada Lovelace');
    // A second link for the same customer works too, and so does the first one still.
    expect((await open(sandbox, await portalLink(sandbox, 'cust_ada'))).response.status).toBe(200);
    expect((await open(sandbox, link)).response.status).toBe(200);
    const head = await sandbox.fetch(link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('the way back to the store', () => {
  test('opened from a store page: a link to that store’s origin, naming it', async () => {
    const sandbox = createSandbox();
    const link = await portalLink(sandbox, 'cust_ada');
    const page = await open(sandbox, link, 'https://shop.example/account?tab=billing#x');
    const back = page.screen.getByRole('link', { name: 'Back to shop.example' });
    // Only the origin: the referring page's path and query (which may hold tokens) are dropped.
    expect(back.getAttribute('href')).toBe('https://shop.example/');
  });

  test('a store on the same origin as a sandbox mounted under a path is linked', async () => {
    const sandbox = createSandbox({ baseUrl: 'http://localhost:5173/__sandbox' });
    const link = await portalLink(sandbox, 'cust_ada');
    expect(link.startsWith('http://localhost:5173/__sandbox/portal/cust_ada?session=')).toBe(true);
    const page = await open(sandbox, link, 'http://localhost:5173/account');
    const back = page.screen.getByRole('link', { name: 'Back to localhost:5173' });
    expect(back.getAttribute('href')).toBe('http://localhost:5173/');
  });

  test.each([
    ['no referrer', undefined],
    ['a referrer that is not http(s)', 'javascript:alert(1)'],
    ['a referrer that is no URL', 'not a url'],
    ['the sandbox’s own page', 'https://sandbox.billing-kit.test/checkout/ch_1'],
  ])('%s: no link, and the page says how to go back', async (_, referer) => {
    const sandbox = createSandbox();
    const page = await open(sandbox, await portalLink(sandbox, 'cust_ada'), referer);
    expect(page.response.status).toBe(200);
    expect(page.screen.queryByRole('link', { name: /^Back to/ })).toBeNull();
    expect(page.text).toContain('To return to the store, use your browser’s Back button');
    expect(page.html).not.toContain('javascript:');
  });

  test('a sandbox mounted under a path: its own pages are not the store', async () => {
    const sandbox = createSandbox({ baseUrl: 'http://localhost:5173/__sandbox' });
    const link = await portalLink(sandbox, 'cust_ada');
    const page = await open(sandbox, link, 'http://localhost:5173/__sandbox/checkout/ch_1');
    expect(page.screen.queryByRole('link', { name: /^Back to/ })).toBeNull();
  });
});

test('the portal page and its refusal pass axe-core', async () => {
  const sandbox = createSandbox();
  const link = await portalLink(sandbox, 'cust_linus');
  const page = await open(sandbox, link, 'https://shop.example/');
  expect(await violations(page.html, link)).toEqual([]);
  const refused = await open(sandbox, link.replace(/\?.*$/, ''));
  expect(await violations(refused.html, link)).toEqual([]);
});
