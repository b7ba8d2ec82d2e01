import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createCheckout, openPage } from '../../test/support/hosted-checkout.js';
import { createSandbox } from './sandbox.js';
import { catalogProductIds as ids } from './seed.js';

type AxeWindow = Window & typeof globalThis & { axe: typeof axe; eval(source: string): unknown };

/** Runs axe-core's WCAG 2 A/AA rules on a page inside jsdom; answers the violations. */
async function violations(html: string, url: string): Promise<string[]> {
  const dom = new JSDOM(html, { url, runScripts: 'outside-only' });
  const window = dom.window as AxeWindow;
  window.eval(axe.source);
  const result = await window.axe.run(window.document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    // jsdom has no layout: contrast cannot be measured here (the colours are chosen for ≥ 4.5:1).
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

describe('the hosted checkout page under axe-core', () => {
  it('has no violations: fresh, with errors, declined, paid, thank-you and not found', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.lifetime,
      discount_code: 'WELCOME5',
      metadata: { company: 'Acme' },
      custom_fields: [
        { type: 'text', key: 'company', label: 'Company', text: { min_length: 3, max_length: 10 } },
        {
          type: 'checkbox',
          key: 'terms',
          label: 'Terms',
          checkbox: { label: 'I agree to the [terms](https://example.com/terms)' },
        },
      ],
    });
    const url = checkout.checkout_url as string;
    const page = await openPage(sandbox, url);
    expect(await violations(page.html, url)).toEqual([]);

    const failed = await page.press(/^Pay/);
    expect(failed.status).toBe(400);
    expect(await violations(await failed.text(), `${url}/pay`)).toEqual([]);

    await page.press('Decline payment');
    const declined = await openPage(sandbox, `${url}/declined`);
    expect(declined.status).toBe(200);
    expect(await violations(declined.html, `${url}/declined`)).toEqual([]);

    page.fill('Email', 'buyer@example.com');
    page.fill('Company', 'Acme');
    page.check(/I agree/);
    expect((await page.press(/^Pay/)).status).toBe(303);
    for (const path of ['', '/thank-you']) {
      const after = await openPage(sandbox, `${url}${path}`);
      expect(after.status).toBe(200);
      expect(await violations(after.html, `${url}${path}`)).toEqual([]);
    }

    const missing = await openPage(sandbox, '/checkout/ch_missing');
    expect(await violations(missing.html, `${sandbox.baseUrl}/checkout/ch_missing`)).toEqual([]);
  });

  it('has no violations with a prefilled email: fresh, and with errors', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.proMonthly,
      customer: { email: 'hans@example.de' },
    });
    const url = checkout.checkout_url as string;
    const page = await openPage(sandbox, url);
    expect(page.screen.getByLabelText('Email')).toHaveProperty('readOnly', true);
    expect(await violations(page.html, url)).toEqual([]);

    const refused = await sandbox.fetch(`${url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'H'.repeat(201), country: 'ZZ' }),
    });
    expect(refused.status).toBe(400);
    expect(await violations(await refused.text(), `${url}/pay`)).toEqual([]);
  });
});
