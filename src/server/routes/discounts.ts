// `GET /discounts/{code}`: what a buyer may know of a discount code before using it. Only an
// active, not used-up code that applies to a product of this catalog is shown, and only its
// buyer-facing fields. A code of this catalog that has expired is a 404 whose field message
// is `has expired`, so the buyer is told why; anything else is the same 404. Expiry is the
// service's call: it moves a code past its `expiry_date` to `expired` on its own clock, which
// the proxy's may not match. Rate-limited per client, since the route answers whether a
// guessed code exists; a checkout that carries a code counts against the same bucket.
import { DISCOUNT_EXPIRED, type DiscountPreview } from '../../contract/proxy.js';
import { DISCOUNT_BUCKET, type RouteImpl, rateLimit, upstream } from '../context.js';
import { notFound } from '../errors.js';
import { loadCatalog } from './catalog.js';

export const discount: RouteImpl<'discount'> = async (ctx) => {
  await rateLimit(ctx, DISCOUNT_BUCKET);
  const code = ctx.params.code as string;
  if (code.length > 100) throw notFound('code');
  const found = await upstream(ctx, 'code', () =>
    ctx.shared.client.discounts.retrieve({ discount_code: code }),
  );
  const expired = found.status === 'expired';
  if (found.status !== 'active' && !expired) throw notFound('code');
  if (
    typeof found.max_redemptions === 'number' &&
    typeof found.redeem_count === 'number' &&
    found.redeem_count >= found.max_redemptions
  ) {
    throw notFound('code');
  }
  const catalog = (await loadCatalog(ctx.shared, ctx.request)).map((p) => p.id);
  const named = found.applies_to_products ?? [];
  const applies = named.length === 0 ? catalog : catalog.filter((id) => named.includes(id));
  if (applies.length === 0) throw notFound('code');
  if (expired) throw notFound('code', DISCOUNT_EXPIRED);

  const preview: DiscountPreview = {
    code: found.code,
    name: found.name,
    type: found.type,
    applies_to_products: applies,
  };
  if (found.amount !== undefined) preview.amount = found.amount;
  if (found.percentage !== undefined) preview.percentage = found.percentage;
  if (found.currency !== undefined) preview.currency = found.currency;
  if (found.duration !== undefined) preview.duration = found.duration;
  if (found.duration_in_months !== undefined) preview.duration_in_months = found.duration_in_months;
  if (found.expiry_date !== undefined) preview.expiry_date = found.expiry_date;
  return { body: preview };
};
