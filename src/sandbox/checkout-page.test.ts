import { describe, expect, it } from 'vitest';
import {
  createCheckout,
  followPage,
  openPage,
  postedPage,
} from '../../test/support/hosted-checkout.js';
import { escapeHtml, renderCheckoutPage, renderLinkText } from './checkout-page.js';
import { checkoutView } from './checkouts.js';
import { createRandom } from './random.js';
import { createSandbox } from './sandbox.js';
import { catalogProductIds as ids } from './seed.js';
import { SandboxStore } from './state.js';

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
];

/** Nothing that could run: no script, no event handler attribute, no javascript: URL. */
function expectInert(document: Document): void {
  expect(document.querySelectorAll('script, img, svg, iframe, object, embed')).toHaveLength(0);
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i);
      expect(attribute.value).not.toMatch(/^\s*javascript:/i);
    }
  }
}

describe('the hosted checkout page', () => {
  it('shows the product, price, units, discount, tax, metadata, fields and both buttons', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.proMonthly,
      units: 2,
      discount_code: 'LAUNCH20',
      metadata: { companyName: 'Acme', seats: 2 },
      success_url: 'https://shop.example/thanks',
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    const { screen } = page;

    expect(page.status).toBe(200);
    expect(page.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.document.documentElement.lang).toBe('en');
    expect(page.document.title).toBe('Pay for Pro');
    expect(screen.getByRole('banner')).toHaveProperty('textContent');
    expect(screen.getByRole('main')).toBeDefined();
    expect(screen.getByRole('contentinfo')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pay for Pro');

    const summary = screen.getByRole('region', { name: 'Order summary' });
    const text = summary.textContent?.replace(/\s+/g, ' ') ?? '';
    // $29.00 × 2 = $58.00; 20% off = −$11.60 → $46.40; 20% tax on top = $9.28 → $55.68.
    expect(text).toContain('Everything in Starter, unlimited projects');
    expect(text).toContain('Price$29.00 per month');
    expect(text).toContain('BillingRecurring, per month');
    expect(text).toContain('Units2');
    expect(text).toContain('Subtotal$58.00');
    expect(text).toContain('Discount LAUNCH2020% off for 3 months: −$11.60');
    expect(text).toContain('After discount$46.40');
    expect(text).toContain('Tax added on top (20%)$9.28');
    expect(text).toContain('Total due today$55.68');
    expect(text).toContain('flat 20% tax for every country');

    const metadata = screen.getByRole('region', { name: 'Metadata received' });
    expect(metadata.textContent?.replace(/\s+/g, ' ')).toContain('companyNameAcme');
    expect(metadata.textContent?.replace(/\s+/g, ' ')).toContain('seats2');

    expect(screen.getByLabelText('Email')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Country')).toHaveProperty('value', 'US');
    expect(screen.getByRole('button', { name: 'Pay $55.68' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Decline payment' })).toBeDefined();
  });

  it('says plainly when tax is included in the price', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, { product_id: ids.teamQuarterly });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    const text =
      page.screen
        .getByRole('region', { name: 'Order summary' })
        .textContent?.replace(/\s+/g, ' ') ?? '';
    // $75.00 including 20% tax: 75 × 20 / 120 = $12.50.
    expect(text).toContain('Tax included in the price (20%)$12.50');
    expect(text).toContain('Total due today$75.00');
    expect(text).toContain('Prices include tax.');
    expect(text).toContain('every 3 months');
  });

  it('asks no email when the checkout names a customer', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { id: 'cust_ada' },
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    expect(page.screen.queryByLabelText('Email')).toBeNull();
    const ada = sandbox.fixtures().customers.find((c) => c.id === 'cust_ada');
    expect(page.screen.getByRole('form', { name: 'Your details' }).textContent).toContain(
      `Paying as ${ada?.email}`,
    );
  });

  it('with the email of a new customer: shows it read-only and still asks name and country', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.proMonthly,
      customer: { email: 'hans@example.de' },
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    const form = page.screen.getByRole('form', { name: 'Your details' });
    const email = page.screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('hans@example.de');
    expect(email.readOnly).toBe(true);
    expect(email.required).toBe(false);
    expect(
      page.document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Given by the store for this purchase; your receipt and account go to this address.');
    expect(page.screen.getByLabelText('Name')).toHaveProperty('value', '');
    expect(page.screen.getByLabelText('Country')).toHaveProperty('value', 'US');
    expect(form.textContent).not.toContain('Paying as');
    for (const input of page.document.querySelectorAll('input, select')) {
      expect((input as HTMLInputElement).labels?.length).toBe(1);
    }
  });

  it('with the email of a known customer (or one made since), asks neither name nor country', async () => {
    const sandbox = createSandbox();
    const known = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { email: 'grace@example.com' },
    });
    const later = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { email: 'late@example.com' },
    });
    // Someone pays another checkout with that email first: it now names a customer.
    const other = await createCheckout(sandbox, { product_id: ids.starterMonthly });
    sandbox.pay(other.id, { email: 'late@example.com', name: 'Late', country: 'FR' });
    for (const [checkout, shown] of [
      [known, 'grace@example.com'],
      [later, 'late@example.com'],
    ] as const) {
      const page = await openPage(sandbox, checkout.checkout_url as string);
      expect(page.screen.queryByLabelText('Email')).toBeNull();
      expect(page.screen.queryByLabelText('Name')).toBeNull();
      expect(page.screen.queryByLabelText('Country')).toBeNull();
      expect(page.screen.getByRole('form', { name: 'Your details' }).textContent).toContain(
        `Paying as ${shown}`,
      );
    }
  });

  it('says when no metadata came with the checkout', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, { product_id: ids.starterMonthly });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    expect(page.screen.getByRole('region', { name: 'Metadata received' }).textContent).toContain(
      'No metadata was sent with this checkout.',
    );
  });

  it('escapes hostile labels and metadata sent with the checkout', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      metadata: Object.fromEntries(HOSTILE.map((value, i) => [`k${i}<b>`, value])),
      custom_fields: [
        { type: 'text', key: 'a', label: HOSTILE[0], optional: true },
        { type: 'text', key: 'b', label: HOSTILE[1], optional: true },
        {
          type: 'checkbox',
          key: 'c',
          label: HOSTILE[2],
          checkbox: {
            label: `[click](javascript:alert(1)) <a href="javascript:alert(2)">here</a> <img src=x onerror=alert(3)> [ok](https://example.com/terms)`,
          },
        },
      ],
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    expectInert(page.document);
    // Every hostile string reads back as the text it is.
    expect(page.screen.getByLabelText(HOSTILE[0] as string)).toBeDefined();
    expect(page.screen.getByLabelText(HOSTILE[1] as string)).toBeDefined();
    const metadata = page.screen.getByRole('region', { name: 'Metadata received' }).textContent;
    for (const value of HOSTILE) expect(metadata).toContain(value);
    expect(metadata).toContain('k0<b>');
    // Only the https link is a link.
    const links = page.screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/terms']);
    const box = page.screen.getByRole('checkbox') as HTMLInputElement;
    expect(box.labels?.[0]?.textContent).toBe('click here <img src=x onerror=alert(3)> ok');
    // The new-tab hint describes the link; it is not part of the checkbox's name.
    expect(links[0]?.getAttribute('aria-describedby')).toBe('new-tab-hint');
    expect(page.document.getElementById('new-tab-hint')?.textContent).toBe('(opens in a new tab)');
  });

  it('escapes a hostile product name and description', () => {
    let n = 0;
    const store = new SandboxStore({
      storeId: 'sto_test',
      now: () => Date.parse('2026-01-15T12:00:00Z'),
      id: (prefix) => `${prefix}_${++n}`,
      random: createRandom(1),
      apiKey: 'creem_test_sandbox',
    });
    store.addProduct({
      id: 'prod_x',
      mode: 'test',
      object: 'product',
      name: HOSTILE.join(' '),
      description: HOSTILE.join('\n'),
      price: 1000,
      currency: 'USD',
      billing_type: 'onetime',
      billing_period: 'once',
      status: 'active',
      tax_mode: 'exclusive',
      tax_category: 'saas',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    });
    store.addCheckout({
      checkout: {
        id: 'ch_x',
        mode: 'test',
        object: 'checkout',
        status: 'pending',
        product: 'prod_x',
        metadata: { [HOSTILE[1] as string]: HOSTILE[0] as string },
      },
      productId: 'prod_x',
      units: 1,
      unitPrice: 1000,
      customerId: null,
      customerEmail: HOSTILE[1] as string,
      discountId: null,
      fields: [],
      fingerprint: '',
      transactionIds: [],
    });
    const html = renderCheckoutPage(checkoutView(store, 'ch_x'), {
      pageBase: 'https://sandbox.billing-kit.test',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain(escapeHtml(HOSTILE[0] as string));
    expect(html).toContain(`<title>Pay for ${escapeHtml(HOSTILE.join(' '))}</title>`);
  });
});

describe('renderLinkText', () => {
  it('keeps https links in markdown and anchor form, and only their text otherwise', () => {
    expect(renderLinkText('I accept the [terms](https://example.com/t?a=1&b=2)')).toBe(
      'I accept the <a href="https://example.com/t?a=1&amp;b=2" target="_blank" rel="noopener noreferrer" aria-describedby="new-tab-hint">terms</a>',
    );
    expect(renderLinkText('<a href="https://example.com/">x</a>')).toContain(
      '<a href="https://example.com/"',
    );
    expect(renderLinkText('[x](http://example.com/)')).toBe('x');
    expect(renderLinkText('[x](JaVaScRiPt:alert(1))')).toBe('x');
    expect(renderLinkText('[x](data:text/html,hi)')).toBe('x');
    expect(renderLinkText("<a href='javascript:alert(1)'>y</a>")).toBe('y');
    expect(renderLinkText('<a href="https://e.com" onclick="x()">y</a>')).toBe(
      '&lt;a href=&quot;https://e.com&quot; onclick=&quot;x()&quot;&gt;y&lt;/a&gt;',
    );
    expect(renderLinkText('<a href="https://e.com/">"><b>t</b></a>')).toContain(
      '>&quot;&gt;&lt;b&gt;t&lt;/b&gt;</a>',
    );
    expect(renderLinkText('[x](https://e.com/"onmouseover="a)')).toContain(
      'href="https://e.com/%22onmouseover=%22a"',
    );
  });
});

describe('the form', () => {
  const fields = [
    {
      type: 'text',
      key: 'company',
      label: 'Company',
      text: { min_length: 3, max_length: 10 },
    },
    { type: 'text', key: 'nickname', label: 'Nickname', optional: true, text: { min_length: 2 } },
    {
      type: 'checkbox',
      key: 'terms',
      label: 'Terms',
      checkbox: { label: 'I agree to the [terms](https://example.com/terms)' },
    },
  ];

  async function formPage() {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      custom_fields: fields,
      success_url: 'https://shop.example/done',
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    return { sandbox, checkout, page };
  }

  it('labels every input and says which are optional and how long', async () => {
    const { page } = await formPage();
    const company = page.screen.getByLabelText('Company');
    expect(company).toHaveProperty('required', true);
    expect(company.getAttribute('maxlength')).toBe('10');
    expect(page.screen.getByText('Between 3 and 10 characters.').id).toBe(
      company.getAttribute('aria-describedby'),
    );
    const nickname = page.screen.getByLabelText('Nickname');
    expect(nickname).toHaveProperty('required', false);
    expect(
      page.document.getElementById(nickname.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Optional. At least 2 characters.');
    expect(page.screen.getByRole('group', { name: 'Terms' })).toBeDefined();
    expect(page.screen.getByRole('checkbox', { name: /I agree to the terms/ })).toHaveProperty(
      'required',
      true,
    );
    for (const input of page.document.querySelectorAll('input, select')) {
      expect((input as HTMLInputElement).labels?.length).toBe(1);
    }
  });

  it('takes an email as the service does: any script yes, a bare host or doubled dot no', async () => {
    for (const [typed, refused] of [
      ['bob@localhost', true],
      ['ada..l@example.com', true],
      ['josé@example.com', false],
    ] as const) {
      const { sandbox, checkout, page } = await formPage();
      page.fill('Email', typed);
      const response = await page.press(/^Pay/);
      const again = await postedPage(sandbox, response, `${checkout.checkout_url}/pay`);
      const said = again.screen.queryAllByText(
        'Enter an email address in the form name@example.com',
      );
      expect({ typed, refused: said.length > 0 }).toEqual({ typed, refused });
    }
  });

  it('re-renders with every error tied to its input and the values kept (400)', async () => {
    const { sandbox, checkout, page } = await formPage();
    page.fill('Email', 'not-an-email');
    page.fill('Company', 'ab');
    page.fill('Nickname', 'x');
    const response = await page.press(/^Pay/);
    expect(response.status).toBe(400);
    const again = await postedPage(sandbox, response, `${checkout.checkout_url}/pay`);
    expect(again.document.title).toBe('Error: Pay for Starter');

    const alert = again.screen.getByRole('alert');
    expect(alert.hasAttribute('autofocus')).toBe(true);
    const messages = [
      'Enter an email address in the form name@example.com',
      'Company needs at least 3 characters',
      'Nickname needs at least 2 characters',
      'Terms must be checked',
    ];
    expect(
      again.screen
        .getAllByRole('link')
        .slice(0, 4)
        .map((a) => a.textContent),
    ).toEqual(messages);

    const check = (input: HTMLElement, message: string) => {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => again.document.getElementById(id)?.textContent);
      expect(described).toContain(`Error: ${message}`);
      const link = again.screen.getByRole('link', { name: message });
      expect(link.getAttribute('href')).toBe(`#${input.id}`);
    };
    check(again.screen.getByLabelText('Email'), messages[0] as string);
    check(again.screen.getByLabelText('Company'), messages[1] as string);
    check(again.screen.getByLabelText('Nickname'), messages[2] as string);
    check(again.screen.getByRole('checkbox'), messages[3] as string);

    expect(again.screen.getByLabelText('Email')).toHaveProperty('value', 'not-an-email');
    expect(again.screen.getByLabelText('Company')).toHaveProperty('value', 'ab');
    expect(again.screen.getByLabelText('Nickname')).toHaveProperty('value', 'x');
    expect(sandbox.inspect().checkouts.find((c) => c.id === checkout.id)?.status).toBe('pending');
  });

  it('refuses a required text left empty, a text too long, and a missing email', async () => {
    const { sandbox, checkout, page } = await formPage();
    page.fill('Company', 'x'.repeat(11));
    page.check(/I agree/);
    const response = await page.press(/^Pay/);
    expect(response.status).toBe(400);
    const again = await postedPage(sandbox, response, `${checkout.checkout_url}/pay`);
    expect(again.screen.getByRole('alert').textContent).toContain('Enter your email address');
    expect(again.screen.getByRole('alert').textContent).toContain(
      'Company takes at most 10 characters',
    );
    expect(again.screen.getByRole('alert').textContent).not.toContain('Terms');
    expect(again.screen.getByRole('checkbox')).toHaveProperty('checked', true);

    again.fill('Email', 'buyer@example.com');
    again.fill('Company', '   ');
    const second = await again.press(/^Pay/);
    const third = await postedPage(sandbox, second, `${checkout.checkout_url}/pay`);
    expect(second.status).toBe(400);
    expect(third.screen.getByRole('alert').textContent).toContain('Company is required');
  });

  it('pays once every rule holds, an optional field left empty', async () => {
    const { sandbox, checkout, page } = await formPage();
    page.fill('Email', 'buyer@example.com');
    page.fill('Company', '  Acme  ');
    page.check(/I agree/);
    const response = await page.press(/^Pay/);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^https:\/\/shop\.example\/done\?/);
    const paid = sandbox.inspect().checkouts.find((c) => c.id === checkout.id);
    expect(paid?.status).toBe('completed');
    expect(paid?.custom_fields).toEqual([
      expect.objectContaining({ key: 'company', text: expect.objectContaining({ value: 'Acme' }) }),
      expect.objectContaining({ key: 'nickname', text: expect.objectContaining({ value: '' }) }),
      expect.objectContaining({ key: 'terms', checkbox: expect.objectContaining({ value: true }) }),
    ]);
  });

  it('accepts an optional checkbox left unchecked', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { id: 'cust_ada' },
      custom_fields: [{ type: 'checkbox', key: 'news', label: 'Newsletter', optional: true }],
    });
    const page = await openPage(sandbox, checkout.checkout_url as string);
    expect(page.screen.getByRole('checkbox', { name: 'Newsletter' })).toHaveProperty(
      'required',
      false,
    );
    const response = await page.press(/^Pay/);
    expect(response.status).toBe(303);
  });

  it('with the email of a new customer: refuses a country off the list, the email kept read-only (400)', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { email: 'hans@example.de' },
    });
    const url = `${checkout.checkout_url}/pay`;
    // A hand-made form: no email (the checkout has one), a name too long, a country not listed.
    const response = await sandbox.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'H'.repeat(201), country: 'ZZ' }),
    });
    expect(response.status).toBe(400);
    const again = await postedPage(sandbox, response, url);
    expect(
      again.screen
        .getAllByRole('link')
        .slice(0, 2)
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Name takes at most 200 characters', '#name'],
      ['Choose a country from the list', '#country'],
    ]);
    expect(again.screen.getByRole('alert').textContent).not.toContain('email');
    const country = again.screen.getByLabelText('Country');
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(country.getAttribute('aria-describedby')).toBe('country-hint country-error');
    const email = again.screen.getByLabelText('Email') as HTMLInputElement;
    expect([email.value, email.readOnly, email.hasAttribute('aria-invalid')]).toEqual([
      'hans@example.de',
      true,
      false,
    ]);
    expect(sandbox.inspect().customers.some((c) => c.email === 'hans@example.de')).toBe(false);
  });

  it('answers 400 with the page for a body that is not a form', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, { product_id: ids.starterMonthly });
    const response = await sandbox.fetch(`${checkout.checkout_url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    const page = await postedPage(sandbox, response, `${checkout.checkout_url}/pay`);
    expect(page.screen.getByRole('alert').textContent).toContain('The form could not be read');
  });
});

describe('the page over HTTP', () => {
  it('answers 404 for an unknown checkout, with the id escaped', async () => {
    const sandbox = createSandbox();
    const page = await openPage(sandbox, '/checkout/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(page.status).toBe(404);
    expect(page.screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout not found');
    expectInert(page.document);
  });

  it('sends a GET of a form address (the URL left after a failed Pay) back to the page', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      custom_fields: [{ type: 'text', key: 'company', label: 'Company' }],
    });
    const url = checkout.checkout_url as string;
    const transactions = sandbox.inspect().transactions.length;
    const failed = await (await openPage(sandbox, url)).press(/^Pay/);
    expect(failed.status).toBe(400);
    // The address bar now reads …/pay: opening it again, or reloading as a GET, finds the page.
    for (const action of ['pay', 'decline']) {
      for (const method of ['GET', 'HEAD']) {
        const again = await sandbox.fetch(`${url}/${action}`, { method });
        expect(again.status).toBe(303);
        expect(again.headers.get('location')).toBe(url);
        expect(again.headers.get('cache-control')).toBe('no-store');
      }
    }
    const page = await followPage(sandbox, await sandbox.fetch(`${url}/pay`));
    expect(page.status).toBe(200);
    expect(page.screen.getByRole('heading', { level: 1 }).textContent).toBe('Pay for Starter');
    expect(page.screen.getByRole('button', { name: /^Pay/ })).toBeTruthy();
    // Nothing was paid or declined by the GETs.
    expect(sandbox.inspect().checkouts.find((c) => c.id === checkout.id)?.status).toBe('pending');
    expect(sandbox.inspect().transactions).toHaveLength(transactions);
  });

  it('answers 405 for a method the address does not take', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, { product_id: ids.starterMonthly });
    const put = await sandbox.fetch(`${checkout.checkout_url}/pay`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    const del = await sandbox.fetch(checkout.checkout_url as string, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD');
  });

  it('shows a paid checkout as already paid, with a link on to the success URL', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.starterMonthly,
      customer: { id: 'cust_ada' },
      success_url: 'https://shop.example/done',
    });
    const first = await openPage(sandbox, checkout.checkout_url as string);
    const paid = await first.press(/^Pay/);
    const page = await openPage(sandbox, checkout.checkout_url as string);
    expect(page.status).toBe(200);
    expect(page.screen.getByRole('heading', { level: 1 }).textContent).toBe('Already paid');
    expect(page.screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      paid.headers.get('location'),
    );
    expect(page.screen.queryByRole('button')).toBeNull();
  });

  it('serves the thank-you page only for a completed checkout', async () => {
    const sandbox = createSandbox();
    const checkout = await createCheckout(sandbox, {
      product_id: ids.lifetime,
      customer: { id: 'cust_ada' },
    });
    const early = await sandbox.fetch(`${checkout.checkout_url}/thank-you`);
    expect(early.status).toBe(303);
    expect(early.headers.get('location')).toBe(checkout.checkout_url);

    const page = await openPage(sandbox, checkout.checkout_url as string);
    page.check(/I accept the terms/);
    const thanks = await followPage(sandbox, await page.press(/^Pay/));
    expect(thanks.status).toBe(200);
    expect(thanks.screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment complete');
    const license = sandbox.inspect().licenses.at(-1);
    expect(thanks.document.body.textContent).toContain(license?.key);
  });
});
