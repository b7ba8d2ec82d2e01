// The sandbox runs in a browser page as Storybook runs it: no Node module is loaded, the
// client talks to it in process, and the hosted checkout page is served from memory; its
// layout and styles are read as Chromium computes them, what a buyer sees.
import { afterEach, expect, test } from 'vitest';
import { createBillingClient } from '../client/index.js';
import { createSandbox } from './index.js';

/** A seeded sandbox and a client that talks to it in the page. */
function browserSandbox() {
  const sandbox = createSandbox({ seed: 5 });
  const client = createBillingClient({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: sandbox.fetch,
    allowBrowser: true,
    retries: 0,
  });
  return { sandbox, client };
}

const frames: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
});

/** Lays `html` out in an iframe of this page; answers its document. */
async function laidOut(html: string): Promise<Document> {
  const frame = document.createElement('iframe');
  frame.style.width = '800px';
  frame.style.height = '1600px';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
  frame.srcdoc = html;
  document.body.append(frame);
  frames.push(frame);
  await loaded;
  return frame.contentDocument as Document;
}

function element(page: Document, selector: string): Element {
  const found = page.querySelector(selector);
  if (!found) throw new Error(`no ${selector} on the page`);
  return found;
}

const ERROR_RED = 'rgb(185, 28, 28)'; // --error, #b91c1c
const FIELD_GRAY = 'rgb(107, 114, 128)'; // #6b7280

test('the sandbox answers the client in a real browser', async () => {
  expect(navigator.userAgent).toMatch(/Chrome/);
  const { sandbox, client } = browserSandbox();
  const subscriptions = await client.customers.listSubscriptions({ customer_id: 'cust_ada' });
  expect(subscriptions.items.length).toBeGreaterThan(0);
  const checkout = await client.checkouts.create({ product_id: 'prod_pro_monthly' });
  const page = await sandbox.fetch(checkout.checkout_url ?? '');
  expect(page.status).toBe(200);
  const paid = sandbox.pay(checkout.id, { email: 'browser@example.com' });
  const mine = await client.customers.listSubscriptions({ customer_id: paid.customerId });
  expect(mine.items.map((s) => s.id)).toEqual([paid.subscriptionId]);
  await expect(sandbox.listen(0)).rejects.toThrow(/billing-kit: sandbox.listen needs Node/);
});

test('the hosted checkout page lays each term out beside its value', async () => {
  const { sandbox, client } = browserSandbox();
  const checkout = await client.checkouts.create({
    product_id: 'prod_pro_monthly',
    metadata: { company: 'Analytical Engines' },
  });
  const page = await laidOut(await (await sandbox.fetch(checkout.checkout_url ?? '')).text());
  const terms = Array.from(page.querySelectorAll('dt'));
  expect(terms.length).toBeGreaterThan(4);
  for (const term of terms) {
    const value = term.nextElementSibling as HTMLElement;
    const [t, v] = [term.getBoundingClientRect(), value.getBoundingClientRect()];
    // One row per term: its value on the same line, to its right (not under it, two per row).
    expect(value.tagName).toBe('DD');
    expect(Math.abs(t.top - v.top)).toBeLessThan(2);
    expect(v.left).toBeGreaterThanOrEqual(t.right);
  }
});

test('a refused form marks each invalid input with a red border, the valid ones stay gray', async () => {
  const { sandbox, client } = browserSandbox();
  const checkout = await client.checkouts.create({
    product_id: 'prod_pro_monthly',
    custom_fields: [
      { type: 'text', key: 'company', label: 'Company', text: { min_length: 3 } },
      { type: 'checkbox', key: 'terms', label: 'Terms', checkbox: { label: 'I agree' } },
    ],
  });
  // Pay pressed with nothing filled in: no email, company or terms; a country that is no choice.
  const refused = await sandbox.fetch(`${checkout.checkout_url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: '', name: 'Ada', country: 'XX' }),
  });
  expect(refused.status).toBe(400);
  const page = await laidOut(await refused.text());
  const view = page.defaultView as Window;

  for (const selector of ['#email', '#field-0', '#country']) {
    const input = element(page, selector);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const style = view.getComputedStyle(input);
    expect({ selector, color: style.borderTopColor, width: style.borderTopWidth }).toEqual({
      selector,
      color: ERROR_RED,
      width: '2px',
    });
    expect(style.borderLeftColor).toBe(ERROR_RED);
  }
  // A checkbox draws no border of its own: a red ring shows it instead.
  const box = element(page, '#field-1');
  expect(box.getAttribute('aria-invalid')).toBe('true');
  expect(view.getComputedStyle(box).boxShadow).toContain(ERROR_RED);

  const name = element(page, '#name');
  expect(name.hasAttribute('aria-invalid')).toBe(false);
  expect(view.getComputedStyle(name).borderTopColor).toBe(FIELD_GRAY);
  expect(view.getComputedStyle(name).borderTopWidth).toBe('1px');
});
