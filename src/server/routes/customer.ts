// The signed-in customer's own billing: subscriptions, upgrade, portal, transactions. The
// customer id always comes from the session; a subscription that is someone else's answers
// exactly as one that does not exist.
import type { Pagination, Subscription } from '../../contract/schemas.js';
import {
  type BaseContext,
  idOf,
  isNotFound,
  once,
  type RouteContext,
  type RouteImpl,
  type RouteResult,
  requireCustomer,
  serviceLink,
  upstream,
  upstreamError,
} from '../context.js';
import { invalidField, notFound, ProxyHttpError } from '../errors.js';
import { catalogProduct } from './catalog.js';

/** An empty page, for a customer with no id yet (nothing bought). */
export function emptyPage(page: number | undefined) {
  const pagination: Pagination = {
    total_records: 0,
    total_pages: 0,
    current_page: page ?? 1,
    next_page: null,
    prev_page: null,
  };
  return { items: [], pagination };
}

/** The customer's subscription, or the one 404 for missing and not theirs alike. */
async function ownSubscription(ctx: BaseContext, subscriptionId: string): Promise<Subscription> {
  const customer = await requireCustomer(ctx);
  if (!customer.id) throw notFound('subscription_id');
  const subscription = await upstream(ctx, 'subscription_id', () =>
    ctx.shared.client.subscriptions.retrieve({ subscription_id: subscriptionId }),
  );
  if (idOf(subscription.customer) !== customer.id || subscription.id !== subscriptionId) {
    throw notFound('subscription_id');
  }
  return subscription;
}

/** `GET /subscriptions`: the customer's subscriptions, a page at a time. */
export const subscriptions: RouteImpl<'subscriptions'> = async (ctx) => {
  const customer = await requireCustomer(ctx);
  if (!customer.id) return { body: emptyPage(ctx.query.page) };
  const customerId = customer.id;
  let page: Awaited<ReturnType<typeof ctx.shared.client.customers.listSubscriptions>>;
  try {
    page = await ctx.shared.client.customers.listSubscriptions({
      customer_id: customerId,
      page_number: ctx.query.page,
      page_size: ctx.query.page_size,
    });
  } catch (error) {
    // The service does not know this customer yet: nothing bought, nothing to list.
    if (isNotFound(error)) return { body: emptyPage(ctx.query.page) };
    throw upstreamError(ctx, error, 'customer');
  }
  // Defence in depth: whatever the service answers, only this customer's rows leave.
  const items = page.items.filter((s) => idOf(s.customer) === customerId);
  return { body: { ...page, items } };
};

/** `GET /subscriptions/{subscription_id}`: one of the customer's subscriptions. */
export const subscription: RouteImpl<'subscription'> = async (ctx) => {
  return { body: await ownSubscription(ctx, ctx.params.subscription_id as string) };
};

/**
 * `POST /subscriptions/{subscription_id}/upgrade`: to another catalog product. The operation
 * carries no idempotency key, so concurrent twins (a double click: the same customer, the same
 * subscription, the same body) share one upgrade in this process and get its one answer: each
 * would otherwise read the old plan, pass the check, and ask the service again (the loser got
 * the service's refusal of an upgrade to the plan it now has, or a second proration charge from
 * a service that does not refuse it). A retry after the answer is a 400: `product_id` is already
 * the subscription's product.
 */
export const upgradeSubscription: RouteImpl<'upgradeSubscription'> = async (ctx) => {
  const subscriptionId = ctx.params.subscription_id as string;
  const customer = await requireCustomer(ctx);
  const twin = `bk:upgrade:${JSON.stringify([customer.id ?? null, subscriptionId, ctx.body.product_id, ctx.body.update_behavior ?? null])}`;
  return once(ctx.shared, twin, () => upgrade(ctx, subscriptionId));
};

async function upgrade(
  ctx: RouteContext<'upgradeSubscription'>,
  subscriptionId: string,
): Promise<RouteResult> {
  const current = await ownSubscription(ctx, subscriptionId);
  await catalogProduct(ctx, ctx.body.product_id);
  if (idOf(current.product) === ctx.body.product_id) {
    throw invalidField('product_id', 'is already the product of this subscription');
  }
  let upgraded: Subscription;
  try {
    upgraded = await ctx.shared.client.subscriptions.upgrade({
      subscription_id: subscriptionId,
      product_id: ctx.body.product_id,
      update_behavior: ctx.body.update_behavior,
    });
  } catch (error) {
    const refusal = upstreamError(ctx, error, 'subscription_id', [
      'subscription_id',
      'product_id',
      'update_behavior',
    ]);
    throw withReason(refusal, current.status);
  }
  return { body: upgraded };
}

/**
 * A refused `subscription_id` says why in the proxy's words: the service's own sentence quotes
 * ids, but the state that blocks the upgrade (canceled, expired) is the customer's own to see.
 */
function withReason(refusal: ProxyHttpError, status: string | undefined): ProxyHttpError {
  const named = refusal.fields?.some((f) => f.field === 'subscription_id') ?? false;
  // An active subscription's state explains nothing: the bare refusal says as much.
  if (!named || refusal.status !== 400 || !status || status === 'active') return refusal;
  if (!/^\w+$/.test(status)) return refusal;
  const fields = (refusal.fields ?? []).map((f) =>
    f.field === 'subscription_id'
      ? { field: f.field, message: `${f.message}: the subscription is ${status}` }
      : f,
  );
  return new ProxyHttpError(
    refusal.status,
    refusal.kind,
    fields.map((f) => `${f.field} ${f.message}`),
    { fields, headers: refusal.headers },
  );
}

/** `POST /portal`: a link to the customer's billing portal. */
export const portal: RouteImpl<'portal'> = async (ctx) => {
  const customer = await requireCustomer(ctx);
  if (!customer.id) throw notFound('customer', 'has no billing account yet');
  const customerId = customer.id;
  const link = await upstream(ctx, 'customer', () =>
    ctx.shared.client.customers.createPortalLink({ customer_id: customerId }),
  );
  serviceLink(ctx, link.customer_portal_link, 'portal link');
  return { body: link };
};

/** `GET /transactions`: the customer's transactions, filtered by order or product. */
export const transactions: RouteImpl<'transactions'> = async (ctx) => {
  const customer = await requireCustomer(ctx);
  if (!customer.id) return { body: emptyPage(ctx.query.page) };
  const customerId = customer.id;
  let page: Awaited<ReturnType<typeof ctx.shared.client.transactions.search>>;
  try {
    page = await ctx.shared.client.transactions.search({
      customer_id: customerId,
      order_id: ctx.query.order_id,
      product_id: ctx.query.product_id,
      page_number: ctx.query.page,
      page_size: ctx.query.page_size,
    });
  } catch (error) {
    if (isNotFound(error)) return { body: emptyPage(ctx.query.page) };
    throw upstreamError(ctx, error, 'customer');
  }
  const items = page.items.filter((t) => t.customer === customerId);
  return { body: { ...page, items } };
};
