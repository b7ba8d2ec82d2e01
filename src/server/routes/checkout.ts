// `POST /checkouts`: a checkout for the signed-in customer. The customer comes from the
// session, the product from the catalog, the redirect target from an allowed origin, and one
// `request_id` makes one checkout: a double click or a retry gets the first answer, and the
// service is called once, even across processes that share the store. A checkout whose
// `discount_code` the service refuses counts against the client's discount bucket, the one of
// `GET /discounts/{code}`, since its answer tells as well whether a guessed code exists; one
// with a valid code, and a replay of a stored checkout, do not. Once the bucket is used up, a
// checkout with a code is a 429 before the service is asked (a replay still gets its checkout).
// The browser's `metadata` is the buyer's input; the seller's `checkoutMetadata` is merged over
// it (the server's keys win) when the service is asked, never for a replay, whose body is
// compared as the browser sent it. The hook's answer is kept per customer and `request_id`, so
// a retry after a failure (an answer lost on the way back) sends the service the same body under
// the same upstream request id instead of asking the hook again.

import { isBillingError } from '../../client/index.js';
import { email, stableJson } from '../../contract/fields.js';
import type { CreateCheckoutBody } from '../../contract/requests.js';
import type { Checkout, JsonValue, Metadata } from '../../contract/schemas.js';
import {
  type BaseContext,
  clientKey,
  DISCOUNT_BUCKET,
  holdRateLimit,
  isHttpUrl,
  isNotFound,
  type RouteImpl,
  requireCustomer,
  type SessionCustomer,
  serverError,
  serviceLink,
  sha256,
  upstreamError,
} from '../context.js';
import { invalidField, notFound, ProxyHttpError } from '../errors.js';
import { catalogProduct } from './catalog.js';

type Pending = { state: 'pending'; fingerprint: string };
type Done = { state: 'done'; fingerprint: string; checkout: Checkout };
type Entry = Pending | Done;

/** How long a checkout being created holds its `request_id` before another may try. */
const PENDING_MS = 60_000;
/** How long a request waits for a twin being created in another process. */
const WAIT_MS = 20_000;
const POLL_MS = 25;

export const createCheckout: RouteImpl<'createCheckout'> = async (ctx) => {
  const { config } = ctx.shared;
  const body = ctx.body;
  const customer = config.allowAnonymousCheckout
    ? await ctx.customer()
    : await requireCustomer(ctx);

  const product = await catalogProduct(ctx, body.product_id);
  if (body.custom_price !== undefined && !config.allowCustomPrice) {
    throw invalidField('custom_price', 'is not accepted by this store');
  }

  const allowed = config.allowedOrigins ?? [ctx.url.origin];
  let successUrl: string;
  if (body.success_url !== undefined) {
    const url = new URL(body.success_url);
    if (!allowed.includes(url.origin)) {
      throw invalidField('success_url', "must be on this site's own origin");
    }
    successUrl = url.href;
  } else {
    // The product's own return address is a redirect target too: used only on an allowed
    // origin, else the store's home (and the seller hears why).
    const fallback = product.default_success_url;
    if (fallback && isHttpUrl(fallback) && allowed.includes(new URL(fallback).origin)) {
      successUrl = fallback;
    } else {
      successUrl = `${ctx.origin}/`;
      if (fallback) {
        ctx.shared.report(
          new TypeError(
            `billing-kit: product ${product.id}'s default_success_url is not on an allowed origin (${allowed.join(', ')}), so the buyer returns to ${successUrl}. Set it to a page of this store, or add its origin to allowedOrigins`,
          ),
          ctx.request,
        );
      }
    }
  }

  const upstreamBody: CreateCheckoutBody = { product_id: product.id, success_url: successUrl };
  if (body.units !== undefined) upstreamBody.units = body.units;
  if (body.custom_price !== undefined) upstreamBody.custom_price = body.custom_price;
  if (body.discount_code !== undefined) upstreamBody.discount_code = body.discount_code;
  if (body.custom_fields !== undefined) upstreamBody.custom_fields = body.custom_fields;
  if (body.metadata !== undefined) upstreamBody.metadata = body.metadata;
  if (customer?.id) upstreamBody.customer = { id: customer.id };
  else if (customer?.email && email.safeParse(customer.email).success) {
    upstreamBody.customer = { email: customer.email };
  } else if (customer?.email) {
    // The buyer cannot fix the session's email. Where anyone may buy, the checkout goes without
    // it (the service's page asks for one); where a checkout belongs to the signed-in customer,
    // an unbound one could land on whoever's address is typed, so it is refused. Either way
    // the seller hears of it.
    const open = ctx.shared.config.allowAnonymousCheckout;
    ctx.shared.report(
      new TypeError(
        `billing-kit: getCustomer answered an email the billing service refuses; ${open ? 'the checkout was created without it, and the buyer enters one on the checkout page' : 'no checkout was created (allowAnonymousCheckout is off)'}. Check the emails your sessions hold`,
      ),
      ctx.request,
    );
    if (!open) throw serverError();
  }

  const requestId = body.request_id ?? globalThis.crypto.randomUUID();
  const scope = await checkoutScope(ctx, customer);
  const digest = await sha256(`${scope}\u0000${requestId}`);
  // The body as the browser sent it (and the session made it), before the server's metadata:
  // a replay compares equal however `checkoutMetadata` would answer now.
  const fingerprint = await sha256(stableJson(upstreamBody));
  // Scoped per customer, so two customers' request ids can never meet at the service.
  upstreamBody.request_id = `bk_${digest.slice(0, 40)}`;

  // Only a checkout about to reach the service is counted (a replay of a stored one returns
  // before), and its count is taken back unless the service refused its discount code.
  const checkout = await onceAcrossProcesses(
    ctx,
    `bk:checkout:${digest}`,
    fingerprint,
    async () => {
      await mergeServerMetadata(ctx, upstreamBody, customer, `bk:checkout-metadata:${digest}`);
      const hold =
        body.discount_code === undefined ? undefined : await holdRateLimit(ctx, DISCOUNT_BUCKET);
      let refusal: ProxyHttpError | undefined;
      try {
        return await ctx.shared.client.checkouts.create(upstreamBody);
      } catch (error) {
        refusal = checkoutRefusal(ctx, error, customer, product.id, Object.keys(upstreamBody));
        throw refusal;
      } finally {
        if (hold && !refusal?.fields?.some((f) => /^discount_code(?:$|\.)/.test(f.field))) {
          await hold.release().catch((error: unknown) => ctx.shared.report(error, ctx.request));
        }
      }
    },
  );
  serviceLink(ctx, checkout.checkout_url, 'checkout_url');
  return { body: { ...checkout, request_id: requestId } };
};

/**
 * The hook's answer as kept in the store: the keys it set, in order, and the keys it answered
 * `undefined` (which JSON would drop), so that a retry merges exactly what the first call did.
 */
type KeptMetadata = { set: [string, JsonValue][]; unset: string[] };

/**
 * Merges the seller's `checkoutMetadata` over the browser's metadata in `body`: the server's
 * keys win (one answered `undefined` removes the browser's key of that name), the browser's
 * other keys pass through. The first valid answer for a customer's `request_id` is kept under
 * `key` for the idempotency window, apart from the checkout's own record (which a failed call
 * frees), and a later attempt reuses it: a retry after an answer lost on the way back sends the
 * same body, as the service's idempotency needs, however the hook would answer now. A throw, or
 * an answer that is not an object of JSON values, is the seller's bug: `onError` is told and the
 * buyer gets a 500, before the service is asked; nothing is kept, so a retry asks the hook again.
 */
async function mergeServerMetadata(
  ctx: BaseContext,
  body: CreateCheckoutBody,
  customer: SessionCustomer | null,
  key: string,
): Promise<void> {
  const hook = ctx.shared.config.checkoutMetadata;
  if (hook === undefined) return;
  const { store, idempotencyTtlMs } = ctx.shared.config;
  let kept = keptMetadata(await store.get(key));
  if (kept === null) {
    const answer = await askHook(ctx, hook, customer);
    // The first answer stored wins (a twin in another process may have asked too).
    if (await store.add(key, JSON.stringify(answer), idempotencyTtlMs)) kept = answer;
    else kept = keptMetadata(await store.get(key)) ?? answer;
  }
  if (kept.set.length === 0 && kept.unset.length === 0) return;
  const replaced = new Set([...kept.set.map(([name]) => name), ...kept.unset]);
  // Object.fromEntries defines each key as its own (a `__proto__` key stays a key).
  body.metadata = Object.fromEntries([
    ...Object.entries(body.metadata ?? {}).filter(([name]) => !replaced.has(name)),
    ...kept.set,
  ]) as Metadata;
}

/** A kept answer read back from the store, or null when there is none or it is damaged. */
function keptMetadata(raw: string | null): KeptMetadata | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<KeptMetadata> | null;
    if (
      value &&
      Array.isArray(value.set) &&
      value.set.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string') &&
      Array.isArray(value.unset) &&
      value.unset.every((name) => typeof name === 'string')
    ) {
      return { set: value.set, unset: value.unset };
    }
  } catch {
    // damaged: ask the hook again
  }
  return null;
}

/** Calls the seller's hook and checks its answer; throws the buyer's 500 when it is a bug. */
async function askHook(
  ctx: BaseContext,
  hook: NonNullable<BaseContext['shared']['config']['checkoutMetadata']>,
  customer: SessionCustomer | null,
): Promise<KeptMetadata> {
  let own: unknown;
  try {
    own = await hook(ctx.request, customer && { ...customer });
  } catch (error) {
    ctx.shared.report(
      new Error(
        'billing-kit: the checkoutMetadata option threw, so no checkout was created; it must answer an object of JSON values, or undefined',
        { cause: error },
      ),
      ctx.request,
    );
    throw serverError();
  }
  if (own === undefined || own === null) return { set: [], unset: [] };
  const problem =
    typeof own === 'object' && !Array.isArray(own)
      ? jsonProblem(own, 'metadata', [])
      : `it answered ${Array.isArray(own) ? 'an array' : `a ${typeof own}`}`;
  if (problem !== undefined) {
    ctx.shared.report(
      new TypeError(
        `billing-kit: the checkoutMetadata option must answer an object of JSON values (strings, finite numbers, booleans, null, arrays, plain objects), or undefined; ${problem}, so no checkout was created`,
      ),
      ctx.request,
    );
    throw serverError();
  }
  const server = Object.entries(own as Record<string, JsonValue | undefined>);
  return {
    set: server.filter((entry): entry is [string, JsonValue] => entry[1] !== undefined),
    unset: server.filter(([, value]) => value === undefined).map(([name]) => name),
  };
}

/** What keeps `value` (at `path`) from being sent as JSON as it is, or undefined. */
function jsonProblem(value: unknown, path: string, parents: object[]): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? undefined : `${path} is ${value}, not a finite number`;
  }
  if (typeof value !== 'object') {
    return `${path} is ${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}`;
  }
  if (parents.includes(value)) return `${path} refers back to an object that holds it`;
  const within = [...parents, value];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = jsonProblem(value[i], `${path}[${i}]`, within);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return `${path} is ${typeof name === 'string' && name !== '' ? `a ${name}` : 'an object of a class'}, not a plain object (send a Date as its toISOString())`;
  }
  for (const [key, item] of Object.entries(value)) {
    // An undefined value is left out, as JSON leaves it out; at the top it removes a key.
    if (item === undefined) continue;
    const problem = jsonProblem(item, `${path}.${key}`, within);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * The service's refusal of a checkout. A 404 that names the customer, while the session's
 * customer id was sent, is that customer: an id the service does not know (the other
 * environment's, or a stale one in the seller's user table). The seller hears of it; the buyer
 * gets the service's answer, a 404, naming `customer` instead of the product. Any other 404
 * (a product removed upstream while the catalog cache still lists it) names `product_id`; when
 * the session's customer id was sent and the 404 names neither it nor the product (the real
 * service's wording is not specified), the seller hears that it is one or the other.
 */
function checkoutRefusal(
  ctx: BaseContext,
  error: unknown,
  customer: SessionCustomer | null,
  productId: string,
  sentFields: readonly string[],
): ProxyHttpError {
  if (isNotFound(error) && customer?.id && !names(error, 'customer') && !names(error, 'product')) {
    ctx.shared.report(
      new Error(
        `billing-kit: the billing service answered 404 to a checkout for product ${JSON.stringify(productId)} and the session's customer id ${JSON.stringify(customer.id)}; one of them is unknown to it (a customer id of the other environment, or a product removed since the catalog was read)`,
        { cause: error },
      ),
      ctx.request,
    );
  }
  if (isNotFound(error) && customer?.id && names(error, 'customer')) {
    ctx.shared.report(
      new Error(
        `billing-kit: the billing service does not know the customer id ${JSON.stringify(customer.id)} that getCustomer answered, so no checkout was created. Check that your sessions hold customer ids of this environment (test ids against a test key, live ids against a live key)`,
        { cause: error },
      ),
      ctx.request,
    );
    return notFound('customer', 'is unknown to the billing service');
  }
  return upstreamError(ctx, error, 'product_id', sentFields);
}

/**
 * Whether a service error is about `subject` (`customer` or `product`): its `param` or a field
 * is the subject, `<subject>.id` or `<subject>_id` (the credits body's shape), or a line of the
 * general body starts with the word (the sandbox: "customer cus_x was not found").
 */
function names(error: unknown, subject: 'customer' | 'product'): boolean {
  if (!isBillingError(error)) return false;
  const field = new RegExp(`^${subject}(?:$|\\.|_id$)`);
  const named = [error.param, ...(error.fields ?? []).map((f) => f.field)];
  if (named.some((name) => name !== undefined && field.test(name))) return true;
  const line = new RegExp(`^\\s*${subject}\\b`, 'i');
  return error.messages.some((text) => line.test(text));
}

/** Whose request ids these are: the customer, or for a signed-out visitor their client key. */
async function checkoutScope(ctx: BaseContext, customer: SessionCustomer | null) {
  if (customer?.id) return `id:${customer.id}`;
  if (customer?.email) return `email:${customer.email.toLowerCase()}`;
  return `anonymous:${await clientKey(ctx)}`;
}

/**
 * One upstream call per key: the first request takes the key with the store's atomic `add`,
 * calls, and stores the answer; a twin in this process awaits the same promise, a twin in
 * another process polls the store. A failed call frees the key so a retry can try again. The
 * same `request_id` with a different body is a 409.
 */
async function onceAcrossProcesses(
  ctx: BaseContext,
  key: string,
  fingerprint: string,
  call: () => Promise<Checkout>,
): Promise<Checkout> {
  const { store, idempotencyTtlMs } = ctx.shared.config;
  const deadline = Date.now() + WAIT_MS;
  /**
   * Waits a poll before the next round; past the deadline, a 409 to retry. `storeAtFault`: the
   * key was free (or damaged) yet could not be taken, which the store's contract rules out, so
   * `onError` hears of it rather than the store being asked again at once for ever.
   */
  const nextRound = async (storeAtFault: boolean) => {
    if (Date.now() > deadline) {
      if (storeAtFault) {
        ctx.shared.report(
          new Error(
            "billing-kit: the store's add answered false for a checkout key that its get does not find (or finds damaged), for 20 s; the checkout was not created. Check the store passed to createBillingHandler: add must answer true when it sets a key that was absent",
          ),
          ctx.request,
        );
      }
      throw stillBeingCreated();
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  };
  for (;;) {
    const raw = await store.get(key);
    const record = raw === null ? null : parse(raw);
    if (raw !== null && record === null) {
      await store.delete(key); // damaged: start over
      await nextRound(true);
      continue;
    }
    if (record !== null) {
      if (record.fingerprint !== fingerprint) {
        throw new ProxyHttpError(
          409,
          'conflict',
          'request_id was already used for a different checkout',
          {
            fields: [
              {
                field: 'request_id',
                message: 'was already used for a different checkout; send a new one',
              },
            ],
          },
        );
      }
      if (record.state === 'done') return record.checkout;
      const local = ctx.shared.inflight.get(key);
      if (local) await local.catch(() => undefined);
      else await nextRound(false);
      continue;
    }
    const pending: Pending = { state: 'pending', fingerprint };
    if (!(await store.add(key, JSON.stringify(pending), Math.min(PENDING_MS, idempotencyTtlMs)))) {
      await nextRound(true);
      continue;
    }
    const work = (async () => {
      let checkout: Checkout;
      try {
        checkout = await call();
      } catch (error) {
        await store.delete(key);
        throw error;
      }
      const done: Done = { state: 'done', fingerprint, checkout };
      await store.set(key, JSON.stringify(done), idempotencyTtlMs);
      return checkout;
    })();
    ctx.shared.inflight.set(key, work);
    try {
      return await work;
    } finally {
      ctx.shared.inflight.delete(key);
    }
  }
}

/** A twin of this checkout holds its request_id: 409, to retry in a second. */
function stillBeingCreated(): ProxyHttpError {
  return new ProxyHttpError(
    409,
    'conflict',
    'a checkout with this request_id is still being created; try again',
    {
      fields: [{ field: 'request_id', message: 'is still being processed; try again' }],
      headers: { 'retry-after': '1' },
    },
  );
}

function parse(raw: string): Entry | null {
  try {
    const value = JSON.parse(raw) as Entry;
    return value && typeof value.fingerprint === 'string' ? value : null;
  } catch {
    return null;
  }
}
