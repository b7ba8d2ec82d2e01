// The seller's routes, reachable only when `isAdmin` says yes (the handler checks it before a
// route runs; to anyone else they answer 404 like a route that does not exist).
import { type RouteImpl, upstream } from '../context.js';
import { rememberReversal } from './credits.js';

export const adminCustomers: RouteImpl<'adminCustomers'> = async (ctx) => ({
  body: await upstream(ctx, 'customer', () =>
    ctx.shared.client.customers.list({
      page_number: ctx.query.page,
      page_size: ctx.query.page_size,
    }),
  ),
});

export const adminStats: RouteImpl<'adminStats'> = async (ctx) => ({
  body: await upstream(ctx, 'currency', () => ctx.shared.client.stats.summary(ctx.query)),
});

export const adminTransactions: RouteImpl<'adminTransactions'> = async (ctx) => ({
  body: await upstream(ctx, 'customer_id', () =>
    ctx.shared.client.transactions.search({
      customer_id: ctx.query.customer_id,
      order_id: ctx.query.order_id,
      product_id: ctx.query.product_id,
      page_number: ctx.query.page,
      page_size: ctx.query.page_size,
    }),
  ),
});

export const adminDiscount: RouteImpl<'adminDiscount'> = async (ctx) => ({
  body: await upstream(
    ctx,
    ctx.query.discount_id !== undefined ? 'discount_id' : 'discount_code',
    () => ctx.shared.client.discounts.retrieve(ctx.query),
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

export const adminCredit: RouteImpl<'adminCredit'> = async (ctx) => {
  const accountId = ctx.params.account_id as string;
  const transaction = await upstream(ctx, 'account_id', () =>
    ctx.shared.client.credits.credit({
      account_id: accountId,
      amount: ctx.body.amount,
      reference: ctx.body.reference ?? '',
      idempotency_key: ctx.body.idempotency_key,
    }),
  );
  return { body: transaction, status: 201 };
};

export const adminReverse: RouteImpl<'adminReverse'> = async (ctx) => {
  const accountId = ctx.params.account_id as string;
  const transaction = await upstream(ctx, 'transaction_id', () =>
    ctx.shared.client.credits.reverse({
      account_id: accountId,
      transaction_id: ctx.body.transaction_id,
    }),
  );
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
