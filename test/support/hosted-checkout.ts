// Drives the sandbox's hosted checkout page as a browser without script would: load the HTML,
// fill inputs found by their label, press a button, post what `new FormData(form)` holds to
// the button's form action. Queries go through Testing Library, by role and accessible name.

import { type BoundFunctions, getQueriesForElement, type queries } from '@testing-library/dom';
import { JSDOM } from 'jsdom';
import { type Checkout, checkoutSchema } from '../../src/contract/schemas.js';
import type { Sandbox } from '../../src/sandbox/sandbox.js';

/** A page the sandbox answered, parsed. */
export type HostedPage = {
  response: Response;
  status: number;
  html: string;
  document: Document;
  /** Testing Library queries bound to the page's body. */
  screen: BoundFunctions<typeof queries>;
  /** Types into the input labelled `label` (replacing its value). */
  fill(label: string | RegExp, value: string): void;
  /** Checks or unchecks the checkbox labelled `label`. */
  check(label: string | RegExp, checked?: boolean): void;
  /** Presses the submit button named `name`: posts its form to its (form)action. */
  press(name: string | RegExp): Promise<Response>;
};

/** Parses an HTML response into a {@link HostedPage}; `fetch` serves the form posts. */
export async function pageOf(
  response: Response,
  fetch: typeof globalThis.fetch,
): Promise<HostedPage> {
  const html = await response.text();
  const dom = new JSDOM(html, { url: response.url || 'https://sandbox.billing-kit.test/' });
  const document = dom.window.document;
  const screen = getQueriesForElement(document.body);
  return {
    response,
    status: response.status,
    html,
    document,
    screen,
    fill(label, value) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      input.value = value;
    },
    check(label, checked = true) {
      const box = screen.getByRole('checkbox', { name: label }) as HTMLInputElement;
      box.checked = checked;
    },
    async press(name) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      const form = button.form;
      if (!form) throw new Error(`button ${String(name)} is not in a form`);
      const data = new dom.window.FormData(form);
      const body = new URLSearchParams();
      for (const [key, value] of data) body.append(key, String(value));
      // jsdom implements neither `formAction` nor `formMethod`: read the attributes.
      const action = button.getAttribute('formaction') ?? form.getAttribute('action') ?? '';
      const method = button.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get';
      return fetch(new URL(action, document.URL).href, {
        method: method.toUpperCase(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    },
  };
}

/** Opens a URL on the sandbox and parses the page. */
export async function openPage(sandbox: Sandbox, url: string): Promise<HostedPage> {
  const absolute = new URL(url, `${sandbox.baseUrl}/`).href;
  const response = await sandbox.fetch(absolute);
  return pageOf(withUrl(response, absolute), sandbox.fetch);
}

/** Follows a 303 to a page of the sandbox and parses it. */
export async function followPage(sandbox: Sandbox, response: Response): Promise<HostedPage> {
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) {
    throw new Error(`expected a 303 with a location, got ${response.status}`);
  }
  return openPage(sandbox, location);
}

/** Parses the answer of a form post (a re-rendered page). */
export async function postedPage(
  sandbox: Sandbox,
  response: Response,
  url: string,
): Promise<HostedPage> {
  return pageOf(withUrl(response, url), sandbox.fetch);
}

function withUrl(response: Response, url: string): Response {
  if (response.url) return response;
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/** `POST /v1/checkouts` on the sandbox; fails the test unless it answers 200. */
export async function createCheckout(
  sandbox: Sandbox,
  body: Record<string, unknown>,
): Promise<Checkout> {
  const response = await sandbox.fetch('/v1/checkouts', {
    method: 'POST',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (response.status !== 200) {
    throw new Error(`POST /v1/checkouts answered ${response.status}: ${JSON.stringify(json)}`);
  }
  return checkoutSchema.parse(json) as Checkout;
}

/**
 * Buys `count` subscriptions of `productId` for `customerId` (checkout, then Pay), as a
 * customer who came back to the store again and again would have; answers their ids, oldest
 * first. The service lists a customer's subscriptions newest first.
 */
export async function buySubscriptions(
  sandbox: Sandbox,
  customerId: string,
  productId: string,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const checkout = await createCheckout(sandbox, {
      product_id: productId,
      customer: { id: customerId },
    });
    const paid = sandbox.pay(checkout.id).checkout.subscription;
    if (!paid) throw new Error(`paying ${checkout.id} made no subscription`);
    ids.push(typeof paid === 'string' ? paid : paid.id);
  }
  return ids;
}

/**
 * Puts `count` newer, ended subscriptions (cancelled day passes) in front of the customer's
 * own, so that a live one sits past the first page of their list, as for a customer who came
 * and went many times.
 */
export async function endedSubscriptionsAhead(
  sandbox: Sandbox,
  customerId: string,
  count: number,
): Promise<void> {
  const ended = await buySubscriptions(sandbox, customerId, 'prod_day_pass', count);
  sandbox.customize(({ subscriptions }) => {
    for (const sub of subscriptions) if (ended.includes(sub.id)) sub.status = 'canceled';
  });
}
