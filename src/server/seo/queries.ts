import { asc, count, eq, gt, gte, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, products, productVariants } from '../db/schema';

/** A product as the feeds and the sitemap read it, with its category's name and slug. */
export type CatalogueRow = Awaited<ReturnType<typeof cataloguePage>>[number];
export type CatalogueVariantRow = Awaited<ReturnType<typeof variantsOf>>[number];

/** Where a keyset page starts: after this id, or at it (a sitemap's first product). */
export interface CatalogueCursor {
  id: string;
  inclusive: boolean;
}

/**
 * The next `limit` products from `cursor` in id order (a keyset page: each page costs the same however
 * deep it is), with their category.
 */
export async function cataloguePage(db: DbOrTx, cursor: CatalogueCursor | null, limit: number) {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      pricePiastres: products.pricePiastres,
      discount: products.discount,
      finalPricePiastres: products.finalPricePiastres,
      availableItems: products.availableItems,
      defaultImage: products.defaultImage,
      subImages: products.subImages,
      options: products.options,
      updatedAt: products.updatedAt,
      categoryName: categories.name,
      categorySlug: categories.slug,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(
      cursor === null
        ? undefined
        : cursor.inclusive
          ? gte(products.id, cursor.id)
          : gt(products.id, cursor.id),
    )
    .orderBy(asc(products.id))
    .limit(limit);
}

/** The variants of these products, each product's in the owner's order. */
export async function variantsOf(db: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: productVariants.productId,
      sku: productVariants.sku,
      options: productVariants.options,
      pricePiastres: productVariants.pricePiastres,
      availableItems: productVariants.availableItems,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
}

/** One products sitemap: the products at this place in id order, their number and latest change. */
export interface SitemapChunk {
  index: number;
  products: number;
  lastModified: Date;
}

/**
 * The products cut into sitemaps of `size` in id order: one pass over the table, numbering the rows
 * in the primary key's order.
 */
export async function sitemapChunks(db: DbOrTx, size: number): Promise<SitemapChunk[]> {
  const numbered = db
    .select({
      updatedAt: products.updatedAt,
      chunk: sql<number>`((row_number() over (order by ${products.id})) - 1) / ${size}`.as('chunk'),
    })
    .from(products)
    .as('numbered');
  const rows = await db
    .select({
      index: sql<number>`${numbered.chunk}::integer`.mapWith(Number),
      products: count(),
      lastModified: max(numbered.updatedAt),
    })
    .from(numbered)
    .groupBy(numbered.chunk)
    .orderBy(numbered.chunk);
  return rows.map((row) => ({
    index: row.index,
    products: row.products,
    lastModified: row.lastModified ?? new Date(0),
  }));
}

/** The id the products sitemap number `index` starts at (its first product), or none past the end. */
export async function chunkStart(db: DbOrTx, index: number, size: number): Promise<string | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .orderBy(asc(products.id))
    .offset(index * size)
    .limit(1);
  return row?.id;
}

/** The latest change to any category (the pages sitemap's lastmod). */
export async function categoriesLastModified(db: DbOrTx): Promise<Date | null> {
  const [row] = await db.select({ at: max(categories.updatedAt) }).from(categories);
  return row?.at ?? null;
}
