// The catalog: the seller's product ids resolved through the service, cached in the store,
// served in the configured order. A configured id that the service does not know, or a product
// that is archived, is the seller's mistake: it is reported to `onError` (once per resolution)
// and left out, and the buyer still sees every other product. A product's features carry what
// a buyer gets only by paying (a private note, download links, license details): the catalog
// keeps of each feature only what describes it.
import { isBillingError } from '../../client/index.js';
import type { Feature, Product } from '../../contract/schemas.js';
import {
  type BaseContext,
  once,
  type ProxyShared,
  type RouteImpl,
  sha256,
  upstreamError,
} from '../context.js';
import { invalidField, ProxyHttpError } from '../errors.js';

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

/** The catalog as resolved: `complete` is false when a transient failure left products out. */
export type Catalog = {
  products: Product[];
  complete: boolean;
  /** Why the catalog is not complete: the service's answer for a product it could not give. */
  failure?: unknown;
};

/** What the catalog shows of a product: everything but what its features hold for buyers. */
function publicProduct(product: Product): Product {
  if (!product.features) return product;
  const features = product.features.map(
    ({ id, type, description }): Feature => ({ id, type, description }),
  );
  return { ...product, features };
}

/** The active catalog products in configured order (see `loadCatalogState`). */
export async function loadCatalog(shared: ProxyShared, request: Request): Promise<Product[]> {
  return (await loadCatalogState(shared, request)).products;
}

/**
 * The active catalog products in configured order, from the store when cached. Concurrent
 * misses in one process share one resolution. A resolution that met a transient upstream
 * failure is served, marked incomplete and not cached; when no product resolved at all, the
 * failure is answered.
 */
export async function loadCatalogState(shared: ProxyShared, request: Request): Promise<Catalog> {
  const { config } = shared;
  const key = await catalogKey(shared);
  const cached = await config.store.get(key);
  if (cached !== null) {
    try {
      return { products: JSON.parse(cached) as Product[], complete: true };
    } catch {
      // A damaged cache entry is resolved again below.
    }
  }
  return once(shared, key, async (): Promise<Catalog> => {
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
          products.push(publicProduct(result.product));
        }
      } else if (isBillingError(result.error) && result.error.kind === 'not_found') {
        shared.report(new CatalogProductError(id, index, 'unknown'), request);
      } else {
        transient ??= result.error;
      }
    });
    if (transient !== undefined) {
      if (products.length === 0) {
        // Whatever the service said, the buyer asked for nothing wrong: a 4xx is still a 502,
        // except a 429, which is passed on with its Retry-After.
        if (
          isBillingError(transient) &&
          transient.kind !== 'rate_limited' &&
          transient.status >= 400 &&
          transient.status < 500
        ) {
          shared.report(transient, request);
          throw new ProxyHttpError(502, 'server', 'the billing service is unavailable; try again');
        }
        throw upstreamError({ shared, request }, transient, 'products');
      }
      shared.report(transient, request);
      return { products, complete: false, failure: transient };
    }
    if (config.catalogTtlMs > 0) {
      await config.store.set(key, JSON.stringify(products), config.catalogTtlMs);
    }
    return { products, complete: true };
  });
}

/**
 * The catalog product a checkout or an upgrade names. One the seller does not sell is a 400
 * on `product_id`; one the service could not be asked about just now is a 503 to retry, not a
 * claim that the buyer chose wrongly.
 */
export async function catalogProduct(ctx: BaseContext, productId: string): Promise<Product> {
  const { products, complete, failure } = await loadCatalogState(ctx.shared, ctx.request);
  const product = products.find((p) => p.id === productId);
  if (product) return product;
  if (!complete && ctx.shared.config.products.includes(productId)) {
    if (isBillingError(failure) && failure.kind === 'rate_limited') {
      throw upstreamError(ctx, failure, 'product_id');
    }
    throw new ProxyHttpError(503, 'server', 'the billing service is unavailable; try again', {
      headers: { 'retry-after': '1' },
    });
  }
  throw invalidField('product_id', 'is not a product of this store');
}

/**
 * `GET /products`: `{ items }` in catalog order. Not customer data: cached privately, and not
 * at all while a product is missing for a passing failure.
 */
export const products: RouteImpl<'products'> = async (ctx) => {
  const { products: items, complete } = await loadCatalogState(ctx.shared, ctx.request);
  const ttl = complete ? Math.floor(ctx.shared.config.catalogTtlMs / 1000) : 0;
  return { body: { items }, maxAgeSeconds: ttl };
};
