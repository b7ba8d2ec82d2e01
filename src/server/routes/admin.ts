// The seller's routes, reachable only when `isAdmin` says yes (the handler checks it before a
// route runs; to anyone else they answer 404 like a route that does not exist).
import { isBillingError } from '../../client/index.js';
import { type BaseContext, type RouteImpl, upstream, upstreamError } from '../context.js';
import type { ProxyHttpError } from '../errors.js';
import { rememberReversal } from './credits.js';

/**
 * The query fields an admin read was given, by the proxy's names: a refusal whose message
 * starts with one of them names it (the service's `page_number`, sent for `page`, names none
 * of them, so its refusal stays on `query`).
 */
function sentQuery(query: Record<string, unknown>): string[] {
  return Object.keys(query).filter((name) => query[name] !== undefined);
}

export const adminCustomers: RouteImpl<'adminCustomers'> = async (ctx) => ({
  body: await upstream(
    ctx,
    'customer',
    () =>
      ctx.shared.client.customers.list({
        page_number: ctx.query.page,
        page_size: ctx.query.page_size,
      }),
    sentQuery(ctx.query),
  ),
});

export const adminStats: RouteImpl<'adminStats'> = async (ctx) => ({
  body: await upstream(
    ctx,
    'currency',
    () => ctx.shared.client.stats.summary(ctx.query),
    sentQuery(ctx.query),
  ),
});

export const adminTransactions: RouteImpl<'adminTransactions'> = async (ctx) => ({
  body: await upstream(
    ctx,
    'customer_id',
    () =>
      ctx.shared.client.transactions.search({
        customer_id: ctx.query.customer_id,
        order_id: ctx.query.order_id,
        product_id: ctx.query.product_id,
        page_number: ctx.query.page,
        page_size: ctx.query.page_size,
      }),
    sentQuery(ctx.query),
  ),
});

export const adminDiscount: RouteImpl<'adminDiscount'> = async (ctx) => ({
  body: await upstream(
    ctx,
    ctx.query.discount_id !== undefined ? 'discount_id' : 'discount_code',
    () => ctx.shared.client.discounts.retrieve(ctx.query),
    sentQuery(ctx.query),
  ),
});

export const adminDeleteDiscount: RouteImpl<'adminDeleteDiscount'> = async (ctx) => {
  const discountId = ctx.params.discount_id as string;
  return {
    body: await upstream(ctx, 'discount_id', () =>
      ctx.shared.client.discounts.delete({ discount_id: discountId }),
    ),
  };
};

/** Refusals of a credit or reversal about the account in the path: it takes no transactions. */
const accountCodes = new Set(['account_frozen', 'account_closed']);
/** Refusals of a reversal about the transaction in the body. */
const transactionCodes = new Set(['transaction_already_reversed', 'transaction_is_reversal']);

/**
 * The service's refusal of a credit or reversal (`sentFields`: the body fields sent), naming
 * the field it is about where the credits error body names none in `param`: an account that is
 * frozen or closed (`account_frozen`, `account_closed`: 409) is `account_id`; a transaction
 * already reversed or itself a reversal is `transaction_id`. A 404 is `transaction_id` when the
 * service names it (a transaction not on the account), else `account_id` (no such account).
 */
function creditsRefusal(
  ctx: BaseContext,
  error: unknown,
  sentFields: readonly string[],
): ProxyHttpError {
  if (!isBillingError(error)) return upstreamError(ctx, error, 'account_id', sentFields);
  if (error.kind === 'not_found') {
    const named = [error.param, ...(error.fields ?? []).map((f) => f.field)];
    const field = named.includes('transaction_id') ? 'transaction_id' : 'account_id';
    return upstreamError(ctx, error, field, sentFields);
  }
  const code = error.code ?? '';
  const refusedField = accountCodes.has(code)
    ? 'account_id'
    : transactionCodes.has(code) && sentFields.includes('transaction_id')
      ? 'transaction_id'
      : '(body)';
  return upstreamError(ctx, error, 'account_id', sentFields, refusedField);
}

export const adminCredit: RouteImpl<'adminCredit'> = async (ctx) => {
  const accountId = ctx.params.account_id as string;
  const body = {
    amount: ctx.body.amount,
    reference: ctx.body.reference ?? '',
    idempotency_key: ctx.body.idempotency_key,
  };
  const transaction = await ctx.shared.client.credits
    .credit({ account_id: accountId, ...body })
    .catch((error: unknown) => {
      throw creditsRefusal(ctx, error, Object.keys(body));
    });
  return { body: transaction, status: 201 };
};

export const adminReverse: RouteImpl<'adminReverse'> = async (ctx) => {
  const accountId = ctx.params.account_id as string;
  const transaction = await ctx.shared.client.credits
    .reverse({ account_id: accountId, transaction_id: ctx.body.transaction_id })
    .catch((error: unknown) => {
      throw creditsRefusal(ctx, error, ['transaction_id']);
    });
  // Remembered for the entries route's markers (the service's entries do not say). The
  // reversal is made either way: a store that fails is told to onError, not to the seller.
  try {
    await rememberReversal(
      ctx,
      accountId,
      transaction,
      transaction.reversal_of || ctx.body.transaction_id,
    );
  } catch (cause) {
    ctx.shared.report(
      new Error(
        `billing-kit: the store did not keep reversal ${transaction.id} of ${ctx.body.transaction_id}, so its entries show no reversal marker; check the store passed to createBillingHandler`,
        { cause },
      ),
      ctx.request,
    );
  }
  return { body: transaction, status: 201 };
};
