// The sandbox's hosted checkout page: plain HTML (no script), served under
// `{base}/checkout/{checkout_id}`, where a checkout's `checkout_url` leads.
//
//   GET  /checkout/{id}            the page: product, price, units, discount, tax, metadata,
//                                  the custom fields, the buyer's email, name and country when
//                                  Pay would create a customer (an email the checkout came with
//                                  shown read-only), Pay and Decline. A completed checkout shows
//                                  "already paid".
//   POST /checkout/{id}/pay        the form: invalid → 400 with the page, errors and values;
//                                  valid → Pay, 303 to the success URL (checkout-pay.ts)
//   POST /checkout/{id}/decline    a declined transaction (for the checkout's own customer, if
//                                  any; a posted country of the list is recorded, a typed email
//                                  links no one), 303 to …/declined
//   GET  /checkout/{id}/pay|decline  303 to the page (the address left after a refused form)
//   GET  /checkout/{id}/declined   "payment declined", with a way back to the page
//   GET  /checkout/{id}/thank-you  the sandbox's own success page, when no success URL is set
//
// Every string from the service (product name, description, labels, metadata, ids) is escaped.
// A checkbox's label may carry links (markdown `[text](url)` or `<a href="url">text</a>`):
// only https links become links; anything else is shown as escaped text. Responses carry a
// Content-Security-Policy that allows no script at all.
//
// Tax: the sandbox charges a flat SANDBOX_TAX_RATE_PERCENT (20%) for every country, inside the
// price for `tax_mode: inclusive` and on top of it for `exclusive` (pricing.ts); the page says so.

import { email } from '../contract/fields.js';
import { formatMoney } from '../contract/money.js';
import { billingPeriodLabel } from '../contract/period.js';
import type { CustomFieldInput } from '../contract/requests.js';
import type { Discount } from '../contract/schemas.js';
import { declineOnPage, payOnPage, successRedirect } from './checkout-pay.js';
import {
  type CheckoutAnswers,
  type CheckoutView,
  checkAnswers,
  checkoutView,
  type DeclineInput,
  offSaleRefusal,
  type PayInput,
} from './checkouts.js';
import { CHECKOUT_COUNTRIES, isCheckoutCountry } from './countries.js';
import { grantCreditsWith } from './credits.js';
import { SandboxError } from './errors.js';
import type { Ledger } from './ledger.js';
import { SANDBOX_TAX_RATE_PERCENT } from './pricing.js';
import type { SandboxStore } from './state.js';

// ---------------------------------------------------------------------------------------------
// Escaping and link text
// ---------------------------------------------------------------------------------------------

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c] as string);
}

/** An https URL normalised, or null for anything else (javascript:, data:, http:, relative). */
function httpsUrl(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

// `[text](url)` (one level of parentheses allowed in the URL) or `<a href="url">text</a>` (double
// or single quotes, nothing else in the tag).
const LINK =
  /\[([^\]\n]*)\]\(((?:[^()\s]|\([^()\s]*\))*)\)|<a\s+href\s*=\s*(?:"([^"]*)"|'([^']*)')\s*>([\s\S]*?)<\/a\s*>/gi;

/**
 * The id of the page's one hidden "(opens in a new tab)": each kept link names it with
 * `aria-describedby`, so the hint is the link's description, not part of its name nor of the
 * name of the checkbox whose label holds the link.
 */
const NEW_TAB_HINT = 'new-tab-hint';

/**
 * A checkbox label as HTML: plain text escaped, links written in markdown (`[terms](url)`) or
 * as a bare anchor (`<a href="url">terms</a>`) become links when their URL is https (opening in
 * a new tab, so the form is kept), and only their text otherwise. No other markup survives.
 */
export function renderLinkText(label: string): string {
  let out = '';
  let last = 0;
  for (const match of label.matchAll(LINK)) {
    out += escapeHtml(label.slice(last, match.index));
    last = match.index + match[0].length;
    const markdown = match[1] !== undefined;
    const text = (markdown ? match[1] : match[5]) ?? '';
    const href = httpsUrl((markdown ? match[2] : (match[3] ?? match[4])) ?? '');
    // An anchor's text is shown as text: tags inside it are escaped, not kept.
    const shown = escapeHtml(text || (href ?? ''));
    out += href
      ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer" aria-describedby="${NEW_TAB_HINT}">${shown}</a>`
      : shown;
  }
  return out + escapeHtml(label.slice(last));
}

// ---------------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------------

export { CHECKOUT_COUNTRIES } from './countries.js';

/** Longest email and name the page accepts. */
const MAX_EMAIL = 254;
const MAX_NAME = 200;

/** What the buyer posted, as the page keeps it to show again. */
export type CheckoutFormValues = {
  /** Answers by field key: trimmed text, or whether the box was checked. */
  answers: CheckoutAnswers;
  /** Email, name and country of a new customer ('' when not asked or not given). */
  email: string;
  name: string;
  country: string;
};

/** A problem with one input: its `name` in the form, the `id` it has on the page, the text. */
export type CheckoutFormError = { name: string; id: string; message: string };

/** The form `name` of a custom field's input. */
export function customFieldName(key: string): string {
  return `custom.${key}`;
}

/**
 * Whether the page asks who is paying: Pay would create a new customer (none came with the
 * checkout, and no customer has the email it came with). The page then asks the name and
 * country, and the email too unless one came with the checkout ({@link asksForEmail}).
 */
export function asksForCustomer(view: CheckoutView): boolean {
  return view.newCustomer;
}

/** Whether the page asks for the email: it asks who is paying and no email came with the checkout. */
export function asksForEmail(view: CheckoutView): boolean {
  return asksForCustomer(view) && view.email === null;
}

/** Reads the posted form: one value per custom field, and the customer's details. */
export function readCheckoutForm(
  view: CheckoutView,
  form: { get(name: string): unknown },
): CheckoutFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const answers: CheckoutAnswers = {};
  for (const field of view.fields) {
    const name = customFieldName(field.key);
    answers[field.key] = field.type === 'checkbox' ? form.get(name) !== null : text(name);
  }
  return { answers, email: text('email'), name: text('name'), country: text('country') };
}

function fieldId(index: number): string {
  return `field-${index}`;
}

/** Whether the page takes `value` as an email: at most 254 characters, the service's rule. */
function isPageEmail(value: string): boolean {
  return value.length <= MAX_EMAIL && email.safeParse(value).success;
}

/**
 * Checks the posted form: each custom field under its rules (`checkAnswers`: a required text
 * needs a value, within `min_length`..`max_length`; a required checkbox must be checked) and,
 * when the page asks for them, the email (required, `name@domain.tld`; not when the checkout
 * came with one), name (optional) and country (one of the list). Answers the problems in page
 * order; none when the form is valid.
 */
export function validateCheckoutForm(
  view: CheckoutView,
  values: CheckoutFormValues,
): CheckoutFormError[] {
  const errors: CheckoutFormError[] = [];
  if (asksForCustomer(view)) {
    const email = asksForEmail(view) ? values.email : null; // the checkout's own is not asked
    if (email === '') {
      errors.push({ name: 'email', id: 'email', message: 'Enter your email address' });
    } else if (email !== null && !isPageEmail(email)) {
      errors.push({
        name: 'email',
        id: 'email',
        message: 'Enter an email address in the form name@example.com',
      });
    }
    if (values.name.length > MAX_NAME) {
      errors.push({
        name: 'name',
        id: 'name',
        message: `Name takes at most ${MAX_NAME} characters`,
      });
    }
    if (!isCheckoutCountry(values.country)) {
      errors.push({ name: 'country', id: 'country', message: 'Choose a country from the list' });
    }
  }
  const problems = checkAnswers(view.fields, values.answers);
  view.fields.forEach((field, i) => {
    const problem = problems.find((p) => p.key === field.key);
    if (problem) {
      errors.push({ name: customFieldName(field.key), id: fieldId(i), message: problem.message });
    }
  });
  return errors;
}

/**
 * What Pay gets from a valid form: the answers and, when the page asks who is paying, the
 * name and country (and the email, unless the checkout came with one: Pay uses that one).
 */
export function payInputOf(view: CheckoutView, values: CheckoutFormValues): PayInput {
  const input: PayInput = { answers: values.answers };
  if (asksForCustomer(view)) {
    if (asksForEmail(view)) input.email = values.email;
    if (values.name) input.name = values.name;
    input.country = values.country;
  }
  return input;
}

/**
 * What Decline gets from the posted form: when the page asks who is paying, the country only
 * when it is one of the list ({@link isCheckoutCountry}, as Pay checks it); an unknown one is
 * left out and the decline still happens. The typed email is not passed on: a decline never
 * links a transaction to a customer by an email anyone holding the link could type (Pay links
 * by email, but only once paid). Decline simulates a bank refusing the card, which the form's
 * answers do not hold up (nor are the custom fields checked on Decline).
 */
export function declineInputOf(view: CheckoutView, values: CheckoutFormValues): DeclineInput {
  const input: DeclineInput = {};
  if (asksForCustomer(view) && isCheckoutCountry(values.country)) input.country = values.country;
  return input;
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

/** Options of {@link renderCheckoutPage}. */
export type CheckoutPageOptions = {
  /** The base URL the page is served under (no trailing slash); form actions go below it. */
  pageBase: string;
  /** Locale for money. Default: `en-US`. */
  locale?: string;
  /**
   * Values to show again (after a failed post). Default: the checkout's email, other inputs
   * empty; the country list shows US (its first country).
   */
  values?: CheckoutFormValues;
  /** Problems to show (after a failed post). Default: none. */
  errors?: CheckoutFormError[];
  /** A problem that belongs to no one input (shown in the summary). Default: none. */
  notice?: string;
};

const STYLE = `
:root{color-scheme:light;--ink:#1f2937;--muted:#4b5563;--line:#d1d5db;--accent:#1d4ed8;--error:#b91c1c;--bg:#f9fafb}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header,footer{padding:.75rem 1rem;font-size:.875rem;color:var(--muted)}
header{background:#fff;border-bottom:1px solid var(--line)}
main{max-width:40rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}
h2{font-size:1.125rem;margin:0 0 .75rem}
section,form,.panel{background:#fff;border:1px solid var(--line);border-radius:.5rem;padding:1rem 1.25rem;margin:0 0 1rem}
.description{white-space:pre-line;color:var(--muted);margin:0 0 1rem}
dl{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.375rem 1rem;margin:0}
dl>div{display:contents}
dt{color:var(--muted)}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.total dt,.total dd{font-weight:700;color:var(--ink);border-top:1px solid var(--line);padding-top:.375rem}
.total dt{margin-inline-end:-1rem;padding-inline-end:1rem}
.metadata dd{text-align:left;font-family:ui-monospace,monospace}
.note{color:var(--muted);font-size:.875rem;margin:.75rem 0 0}
.field{margin:0 0 1rem}
label,legend{display:block;font-weight:600;margin:0 0 .25rem}
fieldset{border:0;padding:0;margin:0 0 1rem}
.hint{display:block;color:var(--muted);font-size:.875rem;margin:0 0 .25rem}
input[type=text],input[type=email],select{width:100%;font:inherit;padding:.5rem .625rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:var(--ink)}
input[readonly]{background:var(--bg);border-style:dashed}
.check{display:flex;gap:.5rem;align-items:flex-start}
.check input{width:1.25rem;height:1.25rem;margin:.125rem 0 0;flex:none}
.check label{font-weight:400;margin:0}
/* As specific as input[type=text] above (an element and an attribute), and after it: the red wins. */
input[aria-invalid=true],select[aria-invalid=true]{border-color:var(--error);border-width:2px}
.check input[aria-invalid=true]{box-shadow:0 0 0 2px var(--error)}
.field-error{color:var(--error);font-weight:600;margin:0 0 .25rem}
.error-summary{border:2px solid var(--error);border-radius:.5rem;background:#fff;padding:1rem 1.25rem;margin:0 0 1rem}
.error-summary h2{color:var(--error)}
.error-summary ul{margin:0;padding-left:1.25rem}
a{color:var(--accent)}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button,.button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border-radius:.375rem;border:2px solid var(--accent);cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:var(--accent);color:#fff}
.secondary{background:#fff;color:var(--ink);border-color:#6b7280}
:focus-visible{outline:3px solid #111827;outline-offset:2px}
.error-summary:focus{outline:3px solid #111827;outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
`;

/**
 * A whole HTML document around `body`, in the look of the sandbox's hosted pages (the checkout
 * page, the customer portal). `title` is text (escaped here); `body` is HTML.
 */
export function renderHostedDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p><strong>billing-kit sandbox</strong> · test mode: no real payment is made</p></header>
<main id="main">
${body}
</main>
<footer><p>Served by the billing-kit sandbox, an in-memory emulator of the billing service.</p></footer>
</body>
</html>
`;
}

function money(cents: number, view: CheckoutView, locale: string): string {
  return formatMoney(cents, view.product.currency, locale);
}

/** "20% off" or "$5.00 off", and for how long on a subscription. */
function discountText(discount: Discount, view: CheckoutView, locale: string): string {
  const off =
    discount.type === 'percentage'
      ? `${discount.percentage ?? discount.amount ?? 0}% off`
      : `${formatMoney(discount.amount ?? 0, view.product.currency, locale)} off`;
  if (view.product.billing_type !== 'recurring') return off;
  switch (discount.duration) {
    case 'forever':
      return `${off} every payment`;
    case 'repeating':
      return discount.duration_in_months
        ? `${off} for ${discount.duration_in_months} month${discount.duration_in_months === 1 ? '' : 's'}`
        : off;
    default:
      return `${off} the first payment`;
  }
}

function metadataText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function row(term: string, detail: string, className?: string): string {
  const attr = className ? ` class="${className}"` : '';
  return `<div${attr}><dt>${term}</dt><dd>${detail}</dd></div>`;
}

/** The order summary: product, price, units, discount, tax and total. */
function summaryHtml(view: CheckoutView, locale: string): string {
  const { product, charge, checkout } = view;
  const units = checkout.units ?? 1;
  const unitPrice = units > 0 ? charge.sub_total / units : charge.sub_total;
  const period = billingPeriodLabel(product.billing_period);
  const rows: string[] = [
    row('Product', escapeHtml(product.name)),
    row('Price', `${escapeHtml(money(unitPrice, view, locale))} ${escapeHtml(period)}`),
    row(
      'Billing',
      product.billing_type === 'recurring'
        ? `Recurring, ${escapeHtml(period)}`
        : 'One-time payment',
    ),
    row('Units', String(units)),
    row('Subtotal', escapeHtml(money(charge.sub_total, view, locale))),
  ];
  if (view.discount) {
    const code = view.checkout.discount?.discountCode ?? view.discount.code;
    rows.push(
      row(
        `Discount <code>${escapeHtml(code)}</code>`,
        `${escapeHtml(discountText(view.discount, view, locale))}: −${escapeHtml(money(charge.discount_amount, view, locale))}`,
      ),
      row(
        'After discount',
        escapeHtml(money(charge.sub_total - charge.discount_amount, view, locale)),
      ),
    );
  }
  const inclusive = charge.tax_mode === 'inclusive';
  rows.push(
    row(
      inclusive
        ? `Tax included in the price (${SANDBOX_TAX_RATE_PERCENT}%)`
        : `Tax added on top (${SANDBOX_TAX_RATE_PERCENT}%)`,
      escapeHtml(money(charge.tax_amount, view, locale)),
    ),
    row('Total due today', escapeHtml(money(charge.amount_due, view, locale)), 'total'),
  );
  const taxNote = inclusive
    ? `Prices include tax. The sandbox counts a flat ${SANDBOX_TAX_RATE_PERCENT}% tax for every country, inside the price.`
    : `Tax is added on top of the price. The sandbox charges a flat ${SANDBOX_TAX_RATE_PERCENT}% tax for every country.`;
  return `<section aria-labelledby="summary-title">
<h2 id="summary-title">Order summary</h2>
<p class="description">${escapeHtml(product.description)}</p>
<dl>
${rows.join('\n')}
</dl>
<p class="note">${taxNote}</p>
</section>`;
}

/** The metadata the checkout was created with (the storefront path's answers arrive here). */
function metadataHtml(view: CheckoutView): string {
  const entries: [string, unknown][] = Object.entries(view.checkout.metadata ?? {});
  const content =
    entries.length === 0
      ? '<p>No metadata was sent with this checkout.</p>'
      : `<dl class="metadata">
${entries.map(([key, value]) => row(`<code>${escapeHtml(key)}</code>`, escapeHtml(metadataText(value)))).join('\n')}
</dl>`;
  return `<section aria-labelledby="metadata-title">
<h2 id="metadata-title">Metadata received</h2>
${content}
</section>`;
}

function describedBy(...ids: (string | null)[]): string {
  const list = ids.filter((id): id is string => id !== null);
  return list.length > 0 ? ` aria-describedby="${list.join(' ')}"` : '';
}

function errorHtml(id: string, error: CheckoutFormError | undefined): string {
  return error
    ? `<p class="field-error" id="${id}-error"><span class="visually-hidden">Error: </span>${escapeHtml(error.message)}</p>`
    : '';
}

/** A text input with its label, hint and error. */
function textInput(options: {
  id: string;
  name: string;
  label: string;
  type: 'text' | 'email';
  value: string;
  required: boolean;
  hint: string | null;
  error: CheckoutFormError | undefined;
  extra?: string;
}): string {
  const { id, name, label, type, value, required, hint, error } = options;
  const hintId = hint ? `${id}-hint` : null;
  return `<div class="field">
<label for="${id}">${escapeHtml(label)}</label>
${hint ? `<span class="hint" id="${hintId}">${escapeHtml(hint)}</span>` : ''}
${errorHtml(id, error)}
<input type="${type}" id="${id}" name="${escapeHtml(name)}" value="${escapeHtml(value)}"${required ? ' required aria-required="true"' : ''}${error ? ' aria-invalid="true"' : ''}${describedBy(hintId, error ? `${id}-error` : null)}${options.extra ?? ''}>
</div>`;
}

function textHint(field: CustomFieldInput): string | null {
  const min = field.text?.min_length;
  const max = field.text?.max_length;
  const parts: string[] = [];
  if (field.optional === true) parts.push('Optional.');
  if (min !== undefined && min > 0 && max !== undefined) {
    parts.push(`Between ${min} and ${max} characters.`);
  } else if (min !== undefined && min > 0) {
    parts.push(`At least ${min} characters.`);
  } else if (max !== undefined) {
    parts.push(`At most ${max} characters.`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

function customFieldHtml(
  field: CustomFieldInput,
  index: number,
  values: CheckoutFormValues,
  error: CheckoutFormError | undefined,
): string {
  const id = fieldId(index);
  const name = customFieldName(field.key);
  const required = field.optional !== true;
  const answer = values.answers[field.key];
  if (field.type === 'checkbox') {
    const boxLabel = field.checkbox?.label
      ? renderLinkText(field.checkbox.label)
      : escapeHtml(field.label);
    const hintId = required ? null : `${id}-hint`;
    return `<fieldset class="field">
<legend>${escapeHtml(field.label)}</legend>
${required ? '' : `<span class="hint" id="${hintId}">Optional.</span>`}
${errorHtml(id, error)}
<div class="check">
<input type="checkbox" id="${id}" name="${escapeHtml(name)}" value="on"${answer === true ? ' checked' : ''}${required ? ' required aria-required="true"' : ''}${error ? ' aria-invalid="true"' : ''}${describedBy(hintId, error ? `${id}-error` : null)}>
<label for="${id}">${boxLabel}</label>
</div>
</fieldset>`;
  }
  const max = field.text?.max_length;
  return textInput({
    id,
    name,
    label: field.label,
    type: 'text',
    value: typeof answer === 'string' ? answer : '',
    required,
    hint: textHint(field),
    error,
    ...(max !== undefined ? { extra: ` maxlength="${max}"` } : {}),
  });
}

function customerHtml(
  view: CheckoutView,
  values: CheckoutFormValues,
  errorFor: (name: string) => CheckoutFormError | undefined,
): string {
  if (view.customer) {
    return `<p>Paying as <strong>${escapeHtml(view.customer.email)}</strong>.</p>`;
  }
  if (!asksForCustomer(view)) {
    // The email belongs to a customer already: Pay links that one, with its own details.
    return `<p>Paying as <strong>${escapeHtml(view.email ?? '')}</strong>.</p>`;
  }
  const country = values.country || (CHECKOUT_COUNTRIES[0]?.[0] ?? 'US');
  const countryError = errorFor('country');
  const options = CHECKOUT_COUNTRIES.map(
    ([code, label]) =>
      `<option value="${code}"${code === country ? ' selected' : ''}>${escapeHtml(label)}</option>`,
  ).join('');
  // An email the checkout came with is the customer's: shown read-only (Pay uses it whatever
  // is posted), the rest still asked.
  const given = !asksForEmail(view);
  const email = textInput({
    id: 'email',
    name: 'email',
    label: 'Email',
    type: 'email',
    value: given ? (view.email ?? '') : values.email,
    required: !given,
    hint: given
      ? 'Given by the store for this purchase; your receipt and account go to this address.'
      : 'Your receipt and account go to this address.',
    error: given ? undefined : errorFor('email'),
    extra: given ? ' readonly autocomplete="email"' : ' autocomplete="email"',
  });
  return [
    email,
    textInput({
      id: 'name',
      name: 'name',
      label: 'Name',
      type: 'text',
      value: values.name,
      required: false,
      hint: 'Optional.',
      error: errorFor('name'),
      extra: ` autocomplete="name" maxlength="${MAX_NAME}"`,
    }),
    `<div class="field">
<label for="country">Country</label>
<span class="hint" id="country-hint">Where you are based: recorded as the payment's tax country.</span>
${errorHtml('country', countryError)}
<select id="country" name="country" autocomplete="country"${countryError ? ' aria-invalid="true"' : ''}${describedBy('country-hint', countryError ? 'country-error' : null)}>${options}</select>
</div>`,
  ].join('\n');
}

function errorSummaryHtml(errors: CheckoutFormError[], notice: string | undefined): string {
  if (errors.length === 0 && !notice) return '';
  const items = [
    ...(notice ? [`<li>${escapeHtml(notice)}</li>`] : []),
    ...errors.map((e) => `<li><a href="#${e.id}">${escapeHtml(e.message)}</a></li>`),
  ];
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<ul>
${items.join('\n')}
</ul>
</div>`;
}

/** The base of a checkout's own pages: `{pageBase}/checkout/{id}`. */
function checkoutBase(pageBase: string, checkoutId: string): string {
  return `${pageBase}/checkout/${encodeURIComponent(checkoutId)}`;
}

/**
 * The hosted checkout page of a pending checkout, as a whole HTML document: the order summary,
 * the metadata received, and a form (no script) with the customer's details when none is known,
 * the custom fields under their rules, Pay and Decline. With `errors`, a summary (an alert that
 * takes focus) lists them with links to their inputs, and each input points at its message
 * through `aria-describedby`.
 */
export function renderCheckoutPage(view: CheckoutView, options: CheckoutPageOptions): string {
  const locale = options.locale ?? 'en-US';
  const values: CheckoutFormValues = options.values ?? {
    answers: {},
    email: view.email ?? '',
    name: '',
    country: '',
  };
  const errors = options.errors ?? [];
  const errorFor = (name: string) => errors.find((e) => e.name === name);
  const base = checkoutBase(options.pageBase, view.checkout.id);
  const fields = view.fields
    .map((field, i) => customFieldHtml(field, i, values, errorFor(customFieldName(field.key))))
    .join('\n');
  const failed = errors.length > 0 || options.notice !== undefined;
  const title = `${failed ? 'Error: ' : ''}Pay for ${view.product.name}`;
  const body = `${errorSummaryHtml(errors, options.notice)}
<h1>Pay for ${escapeHtml(view.product.name)}</h1>
${summaryHtml(view, locale)}
${metadataHtml(view)}
<form method="post" action="${escapeHtml(`${base}/pay`)}" novalidate aria-labelledby="form-title">
<h2 id="form-title">Your details</h2>
${customerHtml(view, values, errorFor)}
${fields}
<div class="actions">
<button type="submit" class="primary">Pay ${escapeHtml(money(view.charge.amount_due, view, locale))}</button>
<button type="submit" class="secondary" formaction="${escapeHtml(`${base}/decline`)}">Decline payment</button>
</div>
<p class="note">Decline simulates a card the bank refuses: no order is made and you can try again.</p>
${fields.includes(NEW_TAB_HINT) ? `<span id="${NEW_TAB_HINT}" hidden>(opens in a new tab)</span>` : ''}
</form>`;
  return renderHostedDocument(title, body);
}

/** A short page with a heading, a message (text) and an optional link. */
export function renderNoticePage(
  title: string,
  message: string,
  link?: { href: string; text: string },
  extra = '',
): string {
  const action = link
    ? `<p><a class="button primary" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`
    : '';
  return renderHostedDocument(
    title,
    `<div class="panel">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${extra}
${action}
</div>`,
  );
}

/** "Payment declined", with a link back to the checkout page. */
export function renderDeclinedPage(view: CheckoutView, options: { pageBase: string }): string {
  return renderNoticePage(
    'Payment declined',
    `The payment for ${view.product.name} was declined (a simulated decline). Nothing was charged and the checkout is still open.`,
    { href: checkoutBase(options.pageBase, view.checkout.id), text: 'Back to checkout' },
  );
}

/** The sandbox's own success page: what the payment created. */
export function renderThankYouPage(view: CheckoutView): string {
  const { checkout } = view;
  const rows: string[] = [row('Checkout', `<code>${escapeHtml(checkout.id)}</code>`)];
  const orderId = checkout.order?.id;
  if (orderId) rows.push(row('Order', `<code>${escapeHtml(orderId)}</code>`));
  const customer =
    typeof checkout.customer === 'string' ? checkout.customer : checkout.customer?.id;
  if (customer) rows.push(row('Customer', `<code>${escapeHtml(customer)}</code>`));
  const subscription =
    typeof checkout.subscription === 'string' ? checkout.subscription : checkout.subscription?.id;
  if (subscription) rows.push(row('Subscription', `<code>${escapeHtml(subscription)}</code>`));
  for (const license of checkout.license_keys ?? []) {
    rows.push(row('License key', `<code>${escapeHtml(license.key)}</code>`));
  }
  for (const feature of checkout.feature ?? []) {
    const credits = feature.customer_credits;
    if (credits) {
      rows.push(row('Credits', escapeHtml(`${credits.amount} ${credits.unit_label ?? 'credits'}`)));
    }
  }
  return renderNoticePage(
    'Payment complete',
    `Thank you: ${view.product.name} is paid (test mode). The checkout had no success URL, so the sandbox shows this page.`,
    undefined,
    `<dl>\n${rows.join('\n')}\n</dl>`,
  );
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

/** What {@link handleCheckoutPage} works on. */
export type CheckoutPageContext = {
  /** The sandbox's state. */
  store: SandboxStore;
  /** The credits ledger that `customerCredits` features grant through. */
  ledger: Ledger;
  /** Locale for money on the page. Default: `en-US`. */
  locale?: string;
  /**
   * The base URL the page's own links and form posts use (`{base}/checkout/…`). Default: the
   * request's origin and the path before the page's (where a server of ours serves it).
   */
  pageBase?: string;
};

/**
 * Headers of every hosted page: HTML, never cached, no referrer sent on (a portal link's
 * session stays on the page), and a Content-Security-Policy that allows no script.
 */
export const HOSTED_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // No script of any kind, no plugins, no <base>; inline styles and https/data images only.
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; frame-ancestors 'self'",
};

function html(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...HOSTED_PAGE_HEADERS, ...headers } });
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

function notFoundPage(checkoutId: string): Response {
  return html(
    404,
    renderNoticePage(
      'Checkout not found',
      `There is no checkout ${checkoutId} in this sandbox. Create one with POST /v1/checkouts and follow its checkout_url.`,
    ),
  );
}

function closedPage(view: CheckoutView): Response {
  return html(
    409,
    renderNoticePage(
      'This checkout can no longer be paid',
      `Checkout ${view.checkout.id} is ${view.checkout.status}. Create a new checkout to buy ${view.product.name}.`,
    ),
  );
}

/**
 * The checkout's product was taken off sale after the checkout was made (409): said so, with a
 * way back to the store (the origin of the checkout's `success_url`) when there is one.
 */
function offSalePage(view: CheckoutView, refusal: SandboxError): Response {
  let store: string | null = null;
  try {
    store = view.checkout.success_url ? `${new URL(view.checkout.success_url).origin}/` : null;
  } catch {
    // Not a URL: no link.
  }
  return html(
    refusal.status,
    renderNoticePage(
      'No longer on sale',
      `The payment was refused: ${refusal.messages.join('; ')}`,
      store ? { href: store, text: 'Back to the store' } : undefined,
    ),
  );
}

function alreadyPaidPage(view: CheckoutView, location: string): Response {
  return html(
    200,
    renderNoticePage(
      'Already paid',
      `Checkout ${view.checkout.id} for ${view.product.name} is already paid. Nothing more will be charged.`,
      { href: location, text: 'Continue' },
    ),
  );
}

function methodNotAllowed(allow: string): Response {
  return html(405, renderNoticePage('Method not allowed', `This address answers ${allow} only.`), {
    allow,
  });
}

/** The base URL the page was served under: the request's origin and the path before `path`. */
function pageBaseOf(request: Request, path: string): string {
  const url = new URL(request.url);
  const prefix = url.pathname.endsWith(path)
    ? url.pathname.slice(0, url.pathname.length - path.length)
    : '';
  return `${url.origin}${prefix.replace(/\/$/, '')}`;
}

function decodeId(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const ROUTE = /^\/checkout\/([^/]+)(?:\/(pay|decline|declined|thank-you))?\/?$/;

/**
 * Serves the hosted checkout page and its form posts (see the file comment for the routes).
 * `path` is the request's path below the sandbox's base path (`/checkout/ch_…/pay`); answers
 * `null` for a path that is not one of the page's, so the router can go on. Never throws for
 * a buyer's mistake: unknown checkouts, invalid forms and refused payments are pages with
 * their status (404, 400, 409, 422).
 */
export async function handleCheckoutPage(
  context: CheckoutPageContext,
  request: Request,
  path: string,
): Promise<Response | null> {
  const match = ROUTE.exec(path);
  if (!match) return null;
  const checkoutId = decodeId(match[1] as string);
  if (checkoutId === null) return notFoundPage(match[1] as string);
  const action = match[2] ?? 'page';
  const method = request.method.toUpperCase();
  const { store } = context;
  const pageBase = context.pageBase ?? pageBaseOf(request, path);
  const locale = context.locale ?? 'en-US';
  const record = store.checkouts.get(checkoutId);
  if (!record) return notFoundPage(checkoutId);
  const view = checkoutView(store, checkoutId);
  const base = checkoutBase(pageBase, checkoutId);
  const head = method === 'HEAD';
  const finish = (response: Response) =>
    head ? new Response(null, { status: response.status, headers: response.headers }) : response;

  if (action === 'pay' || action === 'decline') {
    // After a refused form the address bar reads …/pay: opening it again (a GET) goes back to
    // the page instead of a dead end. Only a POST pays or declines.
    if (method === 'GET' || head) return seeOther(base);
    if (method !== 'POST') return methodNotAllowed('GET, HEAD, POST');
  } else if (method !== 'GET' && !head) {
    return methodNotAllowed('GET, HEAD');
  }

  switch (action) {
    case 'page': {
      if (view.checkout.status === 'completed') {
        return finish(alreadyPaidPage(view, successRedirect(store, record.checkout, pageBase)));
      }
      if (view.checkout.status !== 'pending') return finish(closedPage(view));
      // A product taken off sale since the checkout was made: no form to fill in for nothing.
      const offSale = offSaleRefusal(store, checkoutId);
      if (offSale) return finish(offSalePage(view, offSale));
      return finish(html(200, renderCheckoutPage(view, { pageBase, locale })));
    }
    case 'declined': {
      const lastId = record.transactionIds[record.transactionIds.length - 1];
      const last = lastId ? store.transactions.get(lastId) : undefined;
      if (view.checkout.status !== 'pending' || last?.status !== 'declined') {
        return seeOther(base);
      }
      return finish(html(200, renderDeclinedPage(view, { pageBase })));
    }
    case 'thank-you': {
      if (view.checkout.status !== 'completed') return seeOther(base);
      return finish(html(200, renderThankYouPage(view)));
    }
    case 'decline': {
      // The posted country goes with the decline (never the email); a form that cannot be read
      // declines without it (a decline is never refused for the form).
      let input: DeclineInput = {};
      try {
        input = declineInputOf(view, readCheckoutForm(view, await request.formData()));
      } catch {
        // Not a form: decline without the buyer's details.
      }
      try {
        const outcome = declineOnPage(store, checkoutId, pageBase, input);
        return seeOther(outcome.kind === 'declined' ? `${base}/declined` : outcome.location);
      } catch (error) {
        if (error instanceof SandboxError && error.status === 409) return closedPage(view);
        throw error;
      }
    }
    default: {
      if (view.checkout.status === 'completed') {
        return seeOther(successRedirect(store, record.checkout, pageBase));
      }
      if (view.checkout.status !== 'pending') return closedPage(view);
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        return html(
          400,
          renderCheckoutPage(view, {
            pageBase,
            locale,
            notice:
              'The form could not be read: post it as application/x-www-form-urlencoded or multipart/form-data.',
          }),
        );
      }
      const values = readCheckoutForm(view, form);
      // A product taken off sale since the checkout was made: refused before the form's own
      // checks, which would otherwise ask the buyer to fix answers for what cannot be bought,
      // and without the form, whose Pay could only be refused again.
      const offSale = offSaleRefusal(store, checkoutId);
      if (offSale) return offSalePage(view, offSale);
      const errors = validateCheckoutForm(view, values);
      if (errors.length > 0) {
        return html(400, renderCheckoutPage(view, { pageBase, locale, values, errors }));
      }
      try {
        const outcome = payOnPage(
          store,
          checkoutId,
          payInputOf(view, values),
          grantCreditsWith(context.ledger),
          pageBase,
        );
        return seeOther(outcome.location);
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error;
        // A refusal found only at payment time (a code used up meanwhile, a product taken off
        // sale meanwhile or one the sandbox cannot sell): the page again, the values kept, the
        // reason in the summary.
        return html(
          error.status,
          renderCheckoutPage(checkoutView(store, checkoutId), {
            pageBase,
            locale,
            values,
            notice: `The payment was refused: ${error.messages.join('; ')}`,
          }),
        );
      }
    }
  }
}
