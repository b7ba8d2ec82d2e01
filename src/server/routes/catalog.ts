// The catalog: the seller's product ids resolved through the service, cached in the store,
// served in the configured order. A configured id that the service does not know, or a product
// that is archived, is the seller's mistake: it is reported to `onError` (once per resolution)
// and left out, and the buyer still sees every other product.
import { isBillingError } from '../../client/index.js';
import type { Product } from '../../contract/schemas.js';
import { once, type ProxyShared, type RouteImpl, sha256, upstreamError } from '../context.js';
import { ProxyHttpError } from '../errors.js';

const catalogKeys = new WeakMap<object, string>();

/**
 * The store key of this proxy's catalog. Proxies that share a store but sell different
 * catalogs (or call another environment) must not read each other's, so it names both.
 */
async function catalogKey(shared: ProxyShared): Promise<string> {
  let key = catalogKeys.get(shared.config);
  if (key === undefined) {
    const digest = await sha256(`${shared.client.baseUrl}\n${shared.config.products.join('\n')}`);
    key = `bk:catalog:${digest.slice(0, 24)}`;
    catalogKeys.set(shared.config, key);
  }
  return key;
}

/** A catalog product the proxy leaves out, for the seller's logs. */
export class CatalogProductError extends Error {
  /** The configured product id. */
  readonly productId: string;
  /** Why it is left out. */
  readonly reason: 'unknown' | 'archived';

  constructor(productId: string, index: number, reason: 'unknown' | 'archived') {
    super(
      reason === 'unknown'
        ? `billing-kit: products[${index}] ${JSON.stringify(productId)} does not exist in the service (or belongs to the other environment); it is left out of the catalog. Fix the id or remove it from the products option.`
        : `billing-kit: products[${index}] ${JSON.stringify(productId)} is archived in the service; it is left out of the catalog. Remove it from the products option or unarchive it.`,
    );
    this.name = 'CatalogProductError';
    this.productId = productId;
    this.reason = reason;
  }
}

/**
 * The active catalog products in configured order, from the store when cached. Concurrent
 * misses in one process share one resolution. A resolution that met a transient upstream
 * failure is served but not cached; when no product resolved at all, the failure is answered.
 */
export async function loadCatalog(shared: ProxyShared, request: Request): Promise<Product[]> {
  const { config } = shared;
  const key = await catalogKey(shared);
  const cached = await config.store.get(key);
  if (cached !== null) {
    try {
      return JSON.parse(cached) as Product[];
    } catch {
      // A damaged cache entry is resolved again below.
    }
  }
  return once(shared, key, async () => {
    const results = await Promise.all(
      config.products.map((product_id) =>
        shared.client.products.retrieve({ product_id }).then(
          (product) => ({ ok: true as const, product }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
      ),
    );
    const products: Product[] = [];
    let transient: unknown;
    results.forEach((result, index) => {
      const id = config.products[index] as string;
      if (result.ok) {
        if (result.product.status === 'archived') {
          shared.report(new CatalogProductError(id, index, 'archived'), request);
        } else {
          products.push(result.product);
        }
      } else if (isBillingError(result.error) && result.error.kind === 'not_found') {
        shared.report(new CatalogProductError(id, index, 'unknown'), request);
      } else {
        transient ??= result.error;
      }
    });
    if (transient !== undefined) {
      if (products.length === 0) {
        // Whatever the service said, the buyer asked for nothing wrong: a 4xx is still a 502.
        if (isBillingError(transient) && transient.status >= 400 && transient.status < 500) {
          shared.report(transient, request);
          throw new ProxyHttpError(502, 'server', 'the billing service is unavailable; try again');
        }
        throw upstreamError({ shared, request }, transient, 'products');
      }
      shared.report(transient, request);
    } else if (config.catalogTtlMs > 0) {
      await config.store.set(key, JSON.stringify(products), config.catalogTtlMs);
    }
    return products;
  });
}

/** `GET /products`: `{ items }` in catalog order. Not customer data: cached privately. */
export const products: RouteImpl<'products'> = async (ctx) => {
  const items = await loadCatalog(ctx.shared, ctx.request);
  return { body: { items }, maxAgeSeconds: Math.floor(ctx.shared.config.catalogTtlMs / 1000) };
};
