import type { DbOrTx } from '../db/client';
import {
  cataloguePage,
  variantsOf,
  type CatalogueCursor,
  type CatalogueRow,
  type CatalogueVariantRow,
} from './queries';

/** Products read per query: big enough that round trips do not dominate, small enough to keep memory flat. */
export const CATALOGUE_BATCH = 500;

export interface CatalogueProduct {
  product: CatalogueRow;
  variants: CatalogueVariantRow[];
}

/**
 * The catalogue in id order, a batch at a time, each product with its variants (none read without
 * `withVariants`): from `from` (every product when null), at most `limit` products. A generator, so the next batch is read only when the
 * answer has sent the last one: memory holds one batch however large the shop.
 */
export async function* catalogueBatches(
  db: DbOrTx,
  {
    from = null,
    limit = Number.POSITIVE_INFINITY,
    withVariants = true,
  }: { from?: CatalogueCursor | null; limit?: number; withVariants?: boolean } = {},
): AsyncGenerator<CatalogueProduct[]> {
  let cursor = from;
  let left = limit;
  while (left > 0) {
    const asked = Math.min(CATALOGUE_BATCH, left);
    const rows = await cataloguePage(db, cursor, asked);
    if (rows.length === 0) return;
    const withOptions = withVariants ? rows.filter((row) => row.options.length > 0).map((row) => row.id) : [];
    const variants = await variantsOf(db, withOptions);
    const byProduct = new Map<string, CatalogueVariantRow[]>();
    for (const variant of variants) {
      const list = byProduct.get(variant.productId);
      if (list) list.push(variant);
      else byProduct.set(variant.productId, [variant]);
    }
    yield rows.map((product) => ({ product, variants: byProduct.get(product.id) ?? [] }));
    left -= rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < asked) return;
    cursor = { id: last.id, inclusive: false };
  }
}
