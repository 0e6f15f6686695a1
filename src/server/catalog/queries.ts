import { and, arrayOverlaps, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Availability, ProductSort } from '@/shared/constants';
import type { DbOrTx, Tx } from '../db/client';
import { categories, products, productVariants, ratings } from '../db/schema';
import { containsText } from '../db/text-search';
import type {
  CategoryDtoRow,
  ProductCategoryRow,
  ProductDetailCategoryRow,
  ProductDtoRow,
  VariantDtoRow,
} from './dto';

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
  /** Products with an in-stock variant of one of these sizes / colours (issue 13); empty or left out: any. */
  sizes?: string[] | undefined;
  colors?: string[] | undefined;
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
  nameAr: products.nameAr,
  descriptionAr: products.descriptionAr,
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
  options: products.options,
  optionsInStock: products.optionsInStock,
};

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  nameAr: categories.nameAr,
  slug: categories.slug,
};

/** A listing filter on an option's in-stock values: the products' array column overlaps the chosen values. */
const OPTION_COLUMNS = { sizes: products.inStockSizes, colors: products.inStockColors } as const;

function optionConditions(filters: ProductFilters): SQL[] {
  return (['sizes', 'colors'] as const).flatMap((facet) => {
    const values = filters[facet];
    return values?.length ? [arrayOverlaps(OPTION_COLUMNS[facet], values)] : [];
  });
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
  return [...conditions, ...optionConditions(filters)];
}

/** Every filter but the option filters: what the facets are counted under (productFacets). */
function nonOptionConditions(filters: ProductFilters): SQL[] {
  return nonPriceConditions({ ...filters, sizes: undefined, colors: undefined }).concat(
    priceConditions(filters),
  );
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

interface SortKey {
  /** Every sort runs one way over all its columns, so a row's place compares as one row value. */
  direction: 'asc' | 'desc';
  /** Ends on the id, so equal keys never swap places between two pages. */
  columns: AnyPgColumn[];
}

const SORT_KEYS: Record<ProductSort, SortKey> = {
  featured: { direction: 'desc', columns: [products.featuredScore, products.createdAt, products.id] },
  priceAsc: { direction: 'asc', columns: [products.finalPricePiastres, products.id] },
  priceDesc: { direction: 'desc', columns: [products.finalPricePiastres, products.id] },
  nameAsc: { direction: 'asc', columns: [products.name, products.id] },
  nameDesc: { direction: 'desc', columns: [products.name, products.id] },
  newest: { direction: 'desc', columns: [products.createdAt, products.id] },
  discount: { direction: 'desc', columns: [products.discount, products.id] },
};

function orderOf(sort: ProductSort): SQL[] {
  const { direction, columns } = SORT_KEYS[sort];
  return columns.map((column) => (direction === 'asc' ? asc(column) : desc(column)));
}

/**
 * Where a deep page starts looking: the sort key of the row at `position` in the sort's order (as
 * PostgreSQL writes each value in text, so nothing is rounded on the way), from `findPageAnchors`.
 */
export interface PageAnchor {
  position: number;
  key: string[];
}

/** The rows from the anchor's on, in the sort's order: a row-value comparison the sort's index serves. */
function fromAnchor(sort: ProductSort, anchor: PageAnchor): SQL {
  const { direction, columns } = SORT_KEYS[sort];
  const values = columns.map((column, i) => sql`${anchor.key[i]}::${sql.raw(column.getSQLType())}`);
  return sql`(${sql.join(columns, sql`, `)}) ${sql.raw(direction === 'asc' ? '>=' : '<=')} (${sql.join(values, sql`, `)})`;
}

/**
 * The sort key of every `stride`-th row under `filters` (positions 0, stride, 2 × stride, …): one walk
 * of the sort's index. With them a page deep in the list starts at the anchor before it and skips
 * fewer than `stride` rows, instead of every row before it.
 */
export async function findPageAnchors(
  db: DbOrTx,
  filters: ProductFilters,
  sort: ProductSort,
  stride: number,
): Promise<PageAnchor[]> {
  const { columns } = SORT_KEYS[sort];
  const keys = columns.map((column, i) => sql`${column}::text as ${sql.identifier(`k${i}`)}`);
  const where = and(...nonPriceConditions(filters), ...priceConditions(filters));
  const result = await db.execute(sql`
    select * from (
      select ${sql.join(keys, sql`, `)}, row_number() over (order by ${sql.join(orderOf(sort), sql`, `)}) - 1 as position
      from ${products}
      ${where ? sql`where ${where}` : sql``}
    ) ranked
    where position % ${stride} = 0
    order by position`);
  // Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so.
  const rows = (result as unknown as { rows: Array<Record<string, string | number>> }).rows;
  return rows.map((row) => ({
    position: Number(row.position),
    key: columns.map((_, i) => String(row[`k${i}`])),
  }));
}

/**
 * One page of products in the sort's order. The page's ids are chosen first, from the sort's index
 * alone (every listing index ends on the id), and only those rows are read whole: an OFFSET of 60,000
 * then skips 60,000 index entries instead of 60,000 rows. With an `anchor` at or before `offset` the
 * walk starts there, and skips only the rows between the two.
 */
export async function findProducts(
  db: DbOrTx,
  filters: ProductFilters,
  sort: ProductSort,
  limit: number,
  offset: number,
  anchor?: PageAnchor,
): Promise<ProductWithCategory[]> {
  const useAnchor = anchor !== undefined && anchor.position <= offset;
  const page = db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        ...nonPriceConditions(filters),
        ...priceConditions(filters),
        ...(useAnchor ? [fromAnchor(sort, anchor)] : []),
      ),
    )
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(useAnchor ? offset - anchor.position : offset)
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

export interface FacetCount {
  value: string;
  count: number;
}

export interface ProductFacets {
  size: FacetCount[];
  color: FacetCount[];
}

/** Value → how many products have it, most common first (then by value). */
function facetOf(counts: Map<string, number>): FacetCount[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/**
 * The in-stock sizes and colours among the products the filters select, each with how many products
 * have it, most common first. Each facet is counted under every filter but its own (a shopper who chose
 * M still sees L to add). One pass over the rows the other filters select, grouped by their (sizes,
 * colours) pair: a few hundred groups at 100,000 products, counted out here.
 */
export async function productFacets(db: DbOrTx, filters: ProductFilters): Promise<ProductFacets> {
  const where = and(...nonOptionConditions(filters));
  const result = await db.execute(sql`
    select ${products.inStockSizes} as sizes, ${products.inStockColors} as colors, count(*)::integer as n
    from ${products}
    ${where ? sql`where ${where}` : sql``}
    group by 1, 2`);
  // Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so.
  const groups = (result as unknown as { rows: Array<{ sizes: string[]; colors: string[]; n: number }> })
    .rows;
  const chosen = (values: string[] | undefined) => (values?.length ? new Set(values) : null);
  const sizes = chosen(filters.sizes);
  const colors = chosen(filters.colors);
  const overlaps = (have: string[], wanted: Set<string> | null) =>
    wanted === null || have.some((value) => wanted.has(value));
  const size = new Map<string, number>();
  const color = new Map<string, number>();
  for (const group of groups) {
    const n = Number(group.n);
    if (overlaps(group.colors, colors)) {
      for (const value of group.sizes) size.set(value, (size.get(value) ?? 0) + n);
    }
    if (overlaps(group.sizes, sizes)) {
      for (const value of group.colors) color.set(value, (color.get(value) ?? 0) + n);
    }
  }
  return { size: facetOf(size), color: facetOf(color) };
}

/** A product's variants in the owner's order. */
export async function findVariants(db: DbOrTx, productId: string): Promise<VariantDtoRow[]> {
  return db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      options: productVariants.options,
      pricePiastres: productVariants.pricePiastres,
      availableItems: productVariants.availableItems,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

export interface ProductDetailRow {
  product: ProductDtoRow;
  category: ProductDetailCategoryRow;
  variants: VariantDtoRow[];
}

/** A product with its category's size guide and its variants: what `GET /product/{id}` answers. */
export async function findProductDetail(
  db: DbOrTx,
  by: { id: string } | { slug: string },
): Promise<ProductDetailRow | undefined> {
  const [row] = await db
    .select({ product: productColumns, category: { ...categoryColumns, sizeGuide: categories.sizeGuide } })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where('id' in by ? eq(products.id, by.id) : eq(products.slug, by.slug))
    .limit(1);
  if (!row) return undefined;
  const variants = row.product.options.length > 0 ? await findVariants(db, row.product.id) : [];
  return { ...row, variants };
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

/**
 * The owner's order of the categories (issue 16); categories of one position, which only a database
 * restored from before it could hold, keep their creation order.
 */
const CATEGORY_ORDER = [asc(categories.position), asc(categories.createdAt), asc(categories.id)] as const;

export async function findCategories(
  db: DbOrTx,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<CategoryDtoRow[]> {
  return db
    .select({ ...categoryColumns, image: categories.image, sizeGuide: categories.sizeGuide })
    .from(categories)
    .where(search ? containsText(categories.name, search) : undefined)
    .orderBy(...CATEGORY_ORDER)
    .limit(limit)
    .offset(offset);
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
    .select({ ...categoryColumns, image: categories.image, sizeGuide: categories.sizeGuide })
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

/**
 * Every category's id, slug and name, in the owner's order: few rows, read to turn a listing's category
 * filter into ids and to name the categories in the listing's filter.
 */
export async function findCategoryKeys(db: DbOrTx): Promise<CategoryKeys[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .orderBy(...CATEGORY_ORDER);
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
