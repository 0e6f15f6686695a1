import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Availability, ProductSort } from '@/shared/constants';
import type { DbOrTx, Tx } from '../db/client';
import { categories, products, ratings } from '../db/schema';
import type { CategoryDtoRow, ProductCategoryRow, ProductDtoRow } from './dto';

export interface ProductFilters {
  search?: string | undefined;
  /**
   * Products in any of these categories; undefined for no category filter, empty when the filter named
   * no existing category (then nothing matches).
   */
  categoryIds?: string[] | undefined;
  minPricePiastres?: number | undefined;
  maxPricePiastres?: number | undefined;
  availability: Availability;
}

export interface ProductWithCategory {
  product: ProductDtoRow;
  category: ProductCategoryRow;
}

const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  pricePiastres: products.pricePiastres,
  discount: products.discount,
  finalPricePiastres: products.finalPricePiastres,
  availableItems: products.availableItems,
  soldItems: products.soldItems,
  defaultImage: products.defaultImage,
  subImages: products.subImages,
  ratingSum: products.ratingSum,
  ratingCount: products.ratingCount,
  createdAt: products.createdAt,
};

const categoryColumns = { id: categories.id, name: categories.name, slug: categories.slug };

/** `%` and `_` typed by a shopper are letters to find, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function containsText(column: typeof products.name | typeof categories.name, text: string): SQL {
  // ILIKE '%…%' is what the trigram index on products.name serves.
  return ilike(column, `%${escapeLike(text)}%`);
}

/** Every filter but the price range: the price slider's maximum is computed under exactly these. */
function nonPriceConditions(filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.search) conditions.push(containsText(products.name, filters.search));
  if (filters.categoryIds) {
    // One id (the usual case) is an equality, which the (category_id, …) indexes serve in sort order.
    const [only] = filters.categoryIds;
    conditions.push(
      filters.categoryIds.length === 1 && only
        ? eq(products.categoryId, only)
        : inArray(products.categoryId, filters.categoryIds),
    );
  }
  if (filters.availability === 'inStock') conditions.push(gt(products.availableItems, 0));
  if (filters.availability === 'outOfStock') conditions.push(eq(products.availableItems, 0));
  return conditions;
}

function priceConditions(filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.minPricePiastres !== undefined) {
    conditions.push(gte(products.finalPricePiastres, filters.minPricePiastres));
  }
  if (filters.maxPricePiastres !== undefined) {
    conditions.push(lte(products.finalPricePiastres, filters.maxPricePiastres));
  }
  return conditions;
}

/** Every order ends on the id, so equal keys never swap places between two pages. */
function orderOf(sort: ProductSort): SQL[] {
  switch (sort) {
    case 'featured':
      return [desc(products.featuredScore), desc(products.createdAt), desc(products.id)];
    case 'priceAsc':
      return [asc(products.finalPricePiastres), asc(products.id)];
    case 'priceDesc':
      return [desc(products.finalPricePiastres), desc(products.id)];
    case 'nameAsc':
      return [asc(products.name), asc(products.id)];
    case 'nameDesc':
      return [desc(products.name), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'discount':
      return [desc(products.discount), desc(products.id)];
  }
}

/**
 * One page of products in the sort's order. The page's ids are chosen first, from the sort's index
 * alone (every listing index ends on the id), and only those rows are read whole: an OFFSET of 60,000
 * then skips 60,000 index entries instead of 60,000 rows, which is what keeps page 5,000 in
 * milliseconds.
 */
export async function findProducts(
  db: DbOrTx,
  filters: ProductFilters,
  sort: ProductSort,
  limit: number,
  offset: number,
): Promise<ProductWithCategory[]> {
  const page = db
    .select({ id: products.id })
    .from(products)
    .where(and(...nonPriceConditions(filters), ...priceConditions(filters)))
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({ product: productColumns, category: categoryColumns })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(...orderOf(sort));
}

export interface ProductTotals {
  /** Products matching every filter. */
  count: number;
  /** Highest final price under every filter but the price range; null when none match those. */
  maxFinalPricePiastres: number | null;
}

/** Both totals in one pass over the rows the non-price filters select. */
export async function productTotals(db: DbOrTx, filters: ProductFilters): Promise<ProductTotals> {
  const price = priceConditions(filters);
  const matching = price.length > 0 ? sql`count(*) filter (where ${and(...price)})` : sql`count(*)`;
  const [row] = await db
    .select({
      count: matching.mapWith(Number),
      maxFinalPricePiastres: sql`max(${products.finalPricePiastres})`.mapWith(Number),
    })
    .from(products)
    .where(and(...nonPriceConditions(filters)));
  return { count: row?.count ?? 0, maxFinalPricePiastres: row?.maxFinalPricePiastres ?? null };
}

export async function findProduct(
  db: DbOrTx,
  by: { id: string } | { slug: string },
): Promise<ProductWithCategory | undefined> {
  const [row] = await db
    .select({ product: productColumns, category: categoryColumns })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where('id' in by ? eq(products.id, by.id) : eq(products.slug, by.slug))
    .limit(1);
  return row;
}

/**
 * Locks the product's row for the rest of `tx`, so concurrent ratings of one product take turns and
 * each sees the totals the previous one left. False when there is no such product.
 */
export async function lockProduct(tx: Tx, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row !== undefined;
}

export async function findRating(tx: Tx, userId: string, productId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.productId, productId)));
  return row?.rating;
}

export async function saveRating(tx: Tx, userId: string, productId: string, rating: number): Promise<void> {
  await tx
    .insert(ratings)
    .values({ userId, productId, rating })
    .onConflictDoUpdate({
      target: [ratings.userId, ratings.productId],
      set: { rating, updatedAt: sql`now()` },
    });
}

/** Moves the product's running totals by the given amounts, relative to what the row holds now. */
export async function adjustRatingTotals(
  tx: Tx,
  productId: string,
  sumDelta: number,
  countDelta: number,
): Promise<void> {
  await tx
    .update(products)
    .set({
      ratingSum: sql`${products.ratingSum} + ${sumDelta}`,
      ratingCount: sql`${products.ratingCount} + ${countDelta}`,
    })
    .where(eq(products.id, productId));
}

export async function findCategories(
  db: DbOrTx,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<CategoryDtoRow[]> {
  return (
    db
      .select({ ...categoryColumns, image: categories.image })
      .from(categories)
      .where(search ? containsText(categories.name, search) : undefined)
      // Creation order keeps the shop's own order of its categories (the demo's SPEC order first).
      .orderBy(asc(categories.createdAt), asc(categories.id))
      .limit(limit)
      .offset(offset)
  );
}

export async function countCategories(db: DbOrTx, search: string | undefined): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(categories)
    .where(search ? containsText(categories.name, search) : undefined);
  return row?.count ?? 0;
}

export async function findCategory(
  db: DbOrTx,
  by: { id: string } | { slug: string },
): Promise<CategoryDtoRow | undefined> {
  const [row] = await db
    .select({ ...categoryColumns, image: categories.image })
    .from(categories)
    .where('id' in by ? eq(categories.id, by.id) : eq(categories.slug, by.slug))
    .limit(1);
  return row;
}

export interface CategoryKeys {
  id: string;
  slug: string;
  name: string;
}

/** Every category's id, slug and name: few rows, read to turn a listing's category filter into ids. */
export async function findCategoryKeys(db: DbOrTx): Promise<CategoryKeys[]> {
  return db.select(categoryColumns).from(categories);
}

/** Products per category id, for every category that has any. */
export async function productCountsByCategory(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ categoryId: products.categoryId, count: count() })
    .from(products)
    .groupBy(products.categoryId);
  const counts = new Map<string, number>();
  for (const row of rows) if (row.categoryId) counts.set(row.categoryId, row.count);
  return counts;
}
