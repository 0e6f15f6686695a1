import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lte,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Availability, ProductSort } from '@/shared/constants';
import type { DbOrTx, Tx } from '../db/client';
import { writtenOnce } from '../db/prepared';
import { categories, orderLines, products, productVariants, ratings } from '../db/schema';
import { containsEveryWord, containsText, resemblesEveryWord } from '../db/text-search';
import type {
  CategoryDtoRow,
  ProductCategoryRow,
  ProductDetailCategoryRow,
  ProductDtoRow,
  VariantDtoRow,
} from './dto';
import type { ListedProduct } from './listing-index';

export interface ProductFilters {
  /** A search term in the search's one spelling (`searchTerm` of src/shared/search-text.ts), never empty. */
  search?: string | undefined;
  /**
   * How the term's words match the names: false (or left out) each as a substring; true each as a word
   * with typos, by trigram similarity, which the listing asks only when the substrings matched nothing.
   */
  searchTypos?: boolean | undefined;
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

/** What a category's own answer reads (DESIGN §2): its names, description, picture and size guide. */
const categoryDtoColumns = {
  ...categoryColumns,
  description: categories.description,
  descriptionAr: categories.descriptionAr,
  image: categories.image,
  sizeGuide: categories.sizeGuide,
};

/** A listing filter on an option's in-stock values: the products' array column overlaps the chosen values. */
const OPTION_COLUMNS = { sizes: products.inStockSizes, colors: products.inStockColors } as const;

function optionConditions(filters: ProductFilters): SQL[] {
  return (['sizes', 'colors'] as const).flatMap((facet) => {
    const values = filters[facet];
    return values?.length ? [arrayOverlaps(OPTION_COLUMNS[facet], values)] : [];
  });
}

/** The search, category and availability filters: what the listing's summary is counted under. */
function baseConditions(filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.search) {
    conditions.push(
      filters.searchTypos
        ? resemblesEveryWord(products.searchText, filters.search)
        : containsEveryWord(products.searchText, filters.search),
    );
  }
  if (filters.categoryIds) {
    // One id (the usual case) is an equality, which the (category_id, …) indexes serve in sort order.
    const [only] = filters.categoryIds;
    conditions.push(
      filters.categoryIds.length === 1 && only
        ? eq(products.categoryId, only)
        : inArray(products.categoryId, filters.categoryIds),
    );
  }
  // Equalities on the stored flags, so the index of every sort (each starts with one of them) serves it
  // in order: the planner does not know that one flag is the other's opposite.
  if (filters.availability === 'inStock') {
    conditions.push(eq(products.inStock, true), eq(products.soldOut, false));
  }
  if (filters.availability === 'outOfStock') {
    conditions.push(eq(products.inStock, false), eq(products.soldOut, true));
  }
  return conditions;
}

/** Every filter. */
function allConditions(filters: ProductFilters): SQL[] {
  return [...baseConditions(filters), ...priceConditions(filters), ...optionConditions(filters)];
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

/**
 * A listing's sorts, and the dashboard's `recent` (its newest products, sold out or not). Every
 * listing sort puts what can be bought before what is sold out (issues 16 and 35), so each starts on
 * the in-stock flag that runs its way: `in_stock` downwards, `sold_out` upwards.
 */
export type ListingSort = ProductSort | 'recent';

const SORT_KEYS: Record<ListingSort, SortKey> = {
  // Then the best rated, then the newest.
  featured: {
    direction: 'desc',
    columns: [products.inStock, products.featuredScore, products.createdAt, products.id],
  },
  priceAsc: { direction: 'asc', columns: [products.soldOut, products.finalPricePiastres, products.id] },
  priceDesc: { direction: 'desc', columns: [products.inStock, products.finalPricePiastres, products.id] },
  nameAsc: { direction: 'asc', columns: [products.soldOut, products.name, products.id] },
  nameDesc: { direction: 'desc', columns: [products.inStock, products.name, products.id] },
  newest: { direction: 'desc', columns: [products.inStock, products.createdAt, products.id] },
  discount: { direction: 'desc', columns: [products.inStock, products.discount, products.id] },
  recent: { direction: 'desc', columns: [products.createdAt, products.id] },
};

function orderOf(sort: ListingSort): SQL[] {
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
function fromAnchor(sort: ListingSort, key: ReadonlyArray<string | Placeholder>): SQL {
  const { direction, columns } = SORT_KEYS[sort];
  const values = columns.map((column, i) => sql`${key[i]}::${sql.raw(column.getSQLType())}`);
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
  const where = and(...allConditions(filters));
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

/** Placeholders of a prepared page: the page's size and skip, the category, the anchor's key. */
type PageValues = Record<string, string | number>;

type PreparedPage = (db: DbOrTx, values: PageValues) => Promise<ProductWithCategory[]>;

/**
 * The prepared page queries, by shape. Writing a query's SQL with drizzle costs about as much CPU as
 * PostgreSQL spends running a page (issue 18's profile: a sixth of a fresh page's time), so each shape
 * is written once, with placeholders for its values, and only executed after that.
 */
const preparedPages = new Map<string, PreparedPage>();

/**
 * Whether a page query of these filters may be a prepared statement. PostgreSQL then parses it once per
 * connection, and after five runs may plan it once for any values (a generic plan) when that looks no
 * dearer than the plans made for the values: right only when the values cannot change which index
 * serves it. No filter, or one category (whose indexes lead every sort's): yes. A search term, a price
 * range, a size or colour can match from none to every product, and availability is lopsided (nine in
 * ten in stock): those stay unnamed and are planned for their values each time. Measured at 100,000
 * products: generic plans walked 34,000 rows for a price range and sorted 92,000 for in-stock newest,
 * where the plans made for the values walk the sort's index.
 */
function preparable(filters: ProductFilters): boolean {
  return (
    !filters.search &&
    filters.availability === 'all' &&
    (filters.categoryIds === undefined || filters.categoryIds.length === 1) &&
    filters.minPricePiastres === undefined &&
    filters.maxPricePiastres === undefined &&
    !filters.sizes?.length &&
    !filters.colors?.length
  );
}

/**
 * The page's ids are chosen first, from the sort's index alone (every listing index ends on the id),
 * and only those rows are read whole: an OFFSET of 60,000 then skips 60,000 index entries instead of
 * 60,000 rows. The ids come as one array (`= any`), so the rows are read by primary key whatever the
 * planner guesses the page's size to be.
 */
function pageQuery(
  db: DbOrTx,
  sort: ListingSort,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset(offset);
  return db
    .select({ product: productColumns, category: categoryColumns })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(sql`${products.id} = any(array(${pageIds}))`)
    .orderBy(...orderOf(sort));
}

function preparedPage(sort: ListingSort, byCategory: boolean, fromAnAnchor: boolean): PreparedPage {
  const shape = `${sort}:${byCategory}:${fromAnAnchor}`;
  let prepared = preparedPages.get(shape);
  if (!prepared) {
    prepared = writtenOnce((db) => {
      const key = SORT_KEYS[sort].columns.map((_, i) => sql.placeholder(`k${i}`));
      const where = and(
        byCategory ? eq(products.categoryId, sql.placeholder('category')) : undefined,
        fromAnAnchor ? fromAnchor(sort, key) : undefined,
      );
      return pageQuery(db, sort, where, sql.placeholder('limit'), sql.placeholder('offset'));
    });
    preparedPages.set(shape, prepared);
  }
  return prepared;
}

/**
 * One page of products in the sort's order. With an `anchor` at or before `offset` the walk starts
 * there, and skips only the rows between the two.
 */
export async function findProducts(
  db: DbOrTx,
  filters: ProductFilters,
  sort: ListingSort,
  limit: number,
  offset: number,
  anchor?: PageAnchor,
): Promise<ProductWithCategory[]> {
  const useAnchor = anchor !== undefined && anchor.position <= offset;
  const skip = useAnchor ? offset - anchor.position : offset;
  if (!preparable(filters)) {
    const where = and(...allConditions(filters), ...(useAnchor ? [fromAnchor(sort, anchor.key)] : []));
    return pageQuery(db, sort, where, limit, skip);
  }
  const values: PageValues = { limit, offset: skip };
  const category = filters.categoryIds?.[0];
  if (category !== undefined) values.category = category;
  if (useAnchor) anchor.key.forEach((value, i) => (values[`k${i}`] = value));
  return preparedPage(sort, category !== undefined, useAnchor)(db, values);
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface ProductFacets {
  size: FacetCount[];
  color: FacetCount[];
}

/** What a listing says beside its page, the same for every page and sort of one set of filters. */
export interface ProductSummary {
  /** Products matching every filter. */
  count: number;
  /** Highest final price under every filter but the price range; null when none match those. */
  maxFinalPricePiastres: number | null;
  /**
   * The in-stock sizes and colours among the products the filters select, each with how many products
   * have it, most common first. Each facet is counted under every filter but its own (a shopper who
   * chose M still sees L to add).
   */
  facets: ProductFacets;
}

/** Value → how many products have it, most common first (then by value). */
function facetOf(counts: Map<string, number>): FacetCount[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** One (sizes, colours) pair of the matching rows: how many are in the price range, and their top price. */
export interface SummaryGroup {
  sizes: string[];
  colors: string[];
  n: number | string;
  top: number | string | null;
}

/**
 * The grouped pass of a summary, over `source` (the products table, or a set of its rows under the
 * same name): rows grouped by their (sizes, colours) pair (a few hundred groups at 100,000 products),
 * each group with how many of its rows are in the price range and its highest price.
 */
function summaryGroups(filters: ProductFilters, source: SQL): SQL {
  const where = and(...baseConditions(filters));
  const price = priceConditions(filters);
  const inRange = price.length > 0 ? sql`count(*) filter (where ${and(...price)})` : sql`count(*)`;
  return sql`
    select ${products.inStockSizes} as sizes, ${products.inStockColors} as colors,
      ${inRange}::integer as n, max(${products.finalPricePiastres}) as top
    from ${source}
    ${where ? sql`where ${where}` : sql``}
    group by 1, 2`;
}

/**
 * The summary from its groups. The option filters are applied here to the groups: counting the matches
 * thus costs nothing beyond the facets, which need every matching row anyway.
 */
export function summaryFromGroups(groups: SummaryGroup[], filters: ProductFilters): ProductSummary {
  const chosen = (values: string[] | undefined) => (values?.length ? new Set(values) : null);
  const sizes = chosen(filters.sizes);
  const colors = chosen(filters.colors);
  const overlaps = (have: string[], wanted: Set<string> | null) =>
    wanted === null || have.some((value) => wanted.has(value));
  const size = new Map<string, number>();
  const color = new Map<string, number>();
  let matching = 0;
  let top: number | null = null;
  for (const group of groups) {
    const n = Number(group.n);
    const sizeHolds = overlaps(group.sizes, sizes);
    const colorHolds = overlaps(group.colors, colors);
    if (colorHolds) {
      for (const value of group.sizes) size.set(value, (size.get(value) ?? 0) + n);
    }
    if (sizeHolds) {
      for (const value of group.colors) color.set(value, (color.get(value) ?? 0) + n);
    }
    if (sizeHolds && colorHolds) {
      matching += n;
      if (group.top !== null) top = Math.max(top ?? 0, Number(group.top));
    }
  }
  return {
    count: matching,
    maxFinalPricePiastres: top,
    facets: { size: facetOf(size), color: facetOf(color) },
  };
}

/** The count, the price slider's maximum and the facets of a set of filters, in one pass over its rows. */
export async function productSummary(db: DbOrTx, filters: ProductFilters): Promise<ProductSummary> {
  const result = await db.execute(summaryGroups(filters, sql`${products}`));
  // Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so.
  return summaryFromGroups((result as unknown as { rows: SummaryGroup[] }).rows, filters);
}

/**
 * A search's summary and first page from one pass of the name index (issue 18). A fresh search term
 * is what no answer kept can serve, and finding its rows is most of its cost (about a millisecond of
 * the trigram index per term at 100,000 products): the matching rows are found once, then grouped for
 * the summary and sorted for the page, and only the page's rows are read whole, by primary key.
 */
export async function searchFirstPage(
  db: DbOrTx,
  filters: ProductFilters,
  sort: ProductSort,
  limit: number,
): Promise<{ summary: ProductSummary; rows: ProductWithCategory[] }> {
  const where = and(...baseConditions(filters));
  const pageWhere = and(...priceConditions(filters), ...optionConditions(filters));
  // Named `products`, so the filters' and sort's column references read the matching rows.
  const matched = sql`matched as ${products}`;
  // Only what the grouping, the page's filters and every sort read, not the descriptions.
  const kept = [
    products.id,
    products.name,
    products.inStock,
    products.soldOut,
    products.featuredScore,
    products.createdAt,
    products.finalPricePiastres,
    products.discount,
    products.inStockSizes,
    products.inStockColors,
  ].map((column) => sql.identifier(column.name));
  // The matching rows are already those of the search, category and availability.
  const groupsOfMatched = summaryGroups(
    {
      availability: 'all',
      minPricePiastres: filters.minPricePiastres,
      maxPricePiastres: filters.maxPricePiastres,
    },
    matched,
  );
  const result = await db.execute(sql`
    with matched as materialized (
      select ${sql.join(kept, sql`, `)} from ${products} ${where ? sql`where ${where}` : sql``}
    )
    select
      (select coalesce(json_agg(g), '[]') from (${groupsOfMatched}) g) as groups,
      (select coalesce(json_agg(p.id), '[]') from (
        select ${products.id} as id from ${matched} ${pageWhere ? sql`where ${pageWhere}` : sql``}
        order by ${sql.join(orderOf(sort), sql`, `)} limit ${limit}
      ) p) as ids`);
  // Both drivers answer `execute` with `{ rows }` and read json as objects; the shared Db type does not say so.
  const [row] = (result as unknown as { rows: Array<{ groups: SummaryGroup[]; ids: string[] }> }).rows;
  if (!row) throw new Error('the search answered no row');
  const { groups, ids } = row;
  const summary = summaryFromGroups(groups, filters);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ product: productColumns, category: categoryColumns })
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(inArray(products.id, ids))
          .orderBy(...orderOf(sort));
  return { summary, rows };
}

/** What the listing index keeps of a product (./listing-index.ts). */
const listedColumns = {
  id: products.id,
  searchText: products.searchText,
  categoryId: products.categoryId,
  inStock: products.inStock,
  featuredScore: products.featuredScore,
  // Exact as a double: microseconds since 1970 stay far below 2^53.
  createdAtMicros: sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::float8`.mapWith(Number),
  finalPricePiastres: products.finalPricePiastres,
  discount: products.discount,
  inStockSizes: products.inStockSizes,
  inStockColors: products.inStockColors,
};

/** Up to `limit` products for the listing index, by id after `after` (a whole catalogue is read in batches). */
export async function findListedProducts(
  db: DbOrTx,
  after: string | null,
  limit: number,
): Promise<ListedProduct[]> {
  return db
    .select(listedColumns)
    .from(products)
    .where(after === null ? undefined : gt(products.id, after))
    .orderBy(asc(products.id))
    .limit(limit);
}

/**
 * Ids as one `uuid[]` parameter (`= any($1::uuid[])`), so a read by any number of ids is one prepared
 * statement: an array literal in text, which both drivers pass as it is; UUIDs need no quoting in it.
 */
function uuidArray(ids: string[]): string {
  return `{${ids.join(',')}}`;
}

/** The listing index's columns of these products (those that still exist). */
export async function findListedProductsById(db: DbOrTx, ids: string[]): Promise<ListedProduct[]> {
  if (ids.length === 0) return [];
  return listedRowsById(db, { ids: uuidArray(ids) });
}

// Every order and every edit reads its products' rows again for the index: written once.
const listedRowsById = writtenOnce((db) =>
  db
    .select(listedColumns)
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/** The products an order's lines name (its stock moved with it). */
export async function findOrderProductIds(db: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ productId: orderLines.productId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return rows.flatMap((row) => (row.productId === null ? [] : [row.productId]));
}

/** A listing's product as read by id: its answer but the category as JSON text, and its category's id. */
export interface ProductCard {
  id: string;
  card: string;
  categoryId: string | null;
}

const productCardRows = writtenOnce((db) =>
  db
    .select({
      id: products.id,
      card: sql<string>`replace(${products.card}, chr(1), ${sql.placeholder('addressPrefix')}::text)`,
      categoryId: products.categoryId,
    })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/**
 * These products in the order of `ids` (the listing index chose and sorted them); an id no longer in
 * the table is left out. One prepared statement, by primary key, reading each product's card (the
 * generated column of src/server/db/schema.ts) with `addressPrefix`, the object store's, written
 * where the card marks an image address (issue 18): the answer's text comes from PostgreSQL whole,
 * and no join, since the few categories are known already. `addressPrefix` is JSON text, as it goes
 * inside the card's strings.
 */
export async function findProductCards(
  db: DbOrTx,
  ids: string[],
  addressPrefix: string,
): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await productCardRows(db, { ids: uuidArray(ids), addressPrefix });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
    .select(categoryDtoColumns)
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
    .select(categoryDtoColumns)
    .from(categories)
    .where('id' in by ? eq(categories.id, by.id) : eq(categories.slug, by.slug))
    .limit(1);
  return row;
}

export type CategoryKeys = NonNullable<ProductCategoryRow>;

/**
 * Every category's id, slug and names, in the owner's order: few rows, read to turn a listing's
 * category filter into ids, to name the categories in the listing's filter and a listing's products.
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
