import {
  ADMIN_PAGE_SIZE,
  ALL_CATEGORIES,
  LISTING_PAGE_SIZE,
  MAX_PAGE_SIZE,
  UNPAGED_PRODUCT_LIMIT,
  type ProductSort,
} from '@/shared/constants';
import { messages } from '@/shared/messages';
import { optionFilterValues } from '@/shared/listing';
import { toEgp, toPiastres } from '@/shared/money';
import type { CategoryDto } from '@/shared/schemas/category';
import type { Facet, ProductDetailDto, ProductDto, ProductQuery } from '@/shared/schemas/product';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { ShopEvents } from '../events';
import type { SessionUser } from '../plugins/auth-guard';
import type { ObjectStore } from '../storage/types';
import { batchedReadById } from './batched-reads';
import {
  averageRating,
  categoryDto,
  productCardJson,
  productCategoryJson,
  productDetailDto,
  productDto,
} from './dto';
import type { CatalogReadModel } from './read-model';
import { isIndexedSort } from './listing-index';
import type { ListingIndexKeeper } from './listing-index-keeper';
import {
  adjustRatingTotals,
  countCategories,
  findCategories,
  findCategory,
  findCategoryKeys,
  findProduct,
  findProductDetail,
  findPageAnchors,
  findProducts,
  findProductCards,
  findRating,
  lockProduct,
  productCountsByCategory,
  productSummary,
  saveRating,
  searchFirstPage,
  summaryFromGroups,
  type CategoryKeys,
  type PageAnchor,
  type ProductFilters,
  type ProductSummary,
  type ProductCard,
  type ProductWithCategory,
} from './queries';
import { searchTerm } from '@/shared/search-text';

/**
 * Rows between two page anchors: ten listing pages. Finding the anchors is one walk of the sort's
 * index whatever the stride (833 anchors at 100,000 products, kept per filter and sort); a deep page
 * then skips at most 119 index entries (issue 18: a fresh page skipping up to 1,199 was most of its
 * time), and under a size or colour filter, whose rows are read from the heap to test it, ~800 rows.
 */
const PAGE_ANCHOR_STRIDE = 120;

const m = messages.catalog;

const summaryKey = (filters: ProductFilters) => `summary:${JSON.stringify(filters)}`;

/** Any UUID PostgreSQL accepts; a lookup by anything else goes by slug. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Shaped like an id (a UUID with a typo, a truncated one, an old 24-digit id) but not a valid one. */
const ID_LIKE = /^(?=.*\d)[0-9a-f-]{20,}$|^[0-9a-z]{8}(-[0-9a-z]{4}){3}-[0-9a-z]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function byIdOrSlug(value: string): { id: string } | { slug: string } {
  return isUuid(value) ? { id: value } : { slug: value };
}

/** A category named by its id, or by a text that is its slug or its name (any case). */
export type CategoryRef = { id: string } | { key: string };

/** `?category=`: an id, a slug or a name; 'All categories' (in any case) means no filter. */
export function parseCategoryFilter(value: string | undefined): CategoryRef | undefined {
  if (!value || value.toLowerCase() === ALL_CATEGORIES.toLowerCase()) return undefined;
  if (isUuid(value)) return { id: value.toLowerCase() };
  if (ID_LIKE.test(value)) throw new AppError('BAD_REQUEST', m.invalidCategoryFilter);
  return { key: value };
}

/** The size of a page and where it starts; without `page` a list answers everything up to `unpagedMax`. */
function paging(
  page: number | undefined,
  limit: number | undefined,
  pagedDefault: number,
  unpagedMax: number,
) {
  const size = limit ?? (page === undefined ? unpagedMax : pagedDefault);
  const current = page ?? 1;
  return { page: current, limit: size, offset: (current - 1) * size };
}

function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

export interface ProductListAnswer {
  products: ProductDto[];
  page: number;
  totalPages: number;
  totalCount: number;
  maxPrice: number;
  facets: { size: Facet[]; color: Facet[] };
}

export interface RatingAnswer {
  averageRating: number;
  ratingCount: number;
  product: ProductDto;
}

export interface CategoryListAnswer {
  categories: CategoryDto[];
  page: number;
  totalPages: number;
  totalCount: number;
}

export interface CategoryProductsAnswer {
  category: CategoryDto;
  products: ProductDto[];
  page: number;
  totalPages: number;
  totalCount: number;
}

/** Admins keep the shop; ratings are the shoppers' voice (DESIGN §2). */
export interface CatalogDeps {
  db: Db;
  store: ObjectStore;
  /** Where a rating is announced once committed. */
  events: ShopEvents;
  /** Keeps the costly reads; shared by every user of the catalogue in one app. */
  readModel: CatalogReadModel;
  /** The listing in memory, when it can be trusted (./listing-index-keeper.ts). */
  listingIndex: ListingIndexKeeper;
}

export function createCatalogService({ db, store, events, readModel, listingIndex }: CatalogDeps) {
  /** Where every image address of the store starts, as JSON text (the cards mark where it goes). */
  const addressPrefix = JSON.stringify(store.publicUrl('')).slice(1, -1);

  /** The listing's products by id: the ids of the pages asked together read in one query. */
  const productsById = batchedReadById(
    async (ids) => withCategories(await findProductCards(db, ids, addressPrefix)),
    (row) => row.id,
  );

  /** Every category's keys, in the owner's order; few rows, kept until the catalogue changes. */
  function categoryKeys(): Promise<CategoryKeys[]> {
    return readModel.read('category-keys', () => findCategoryKeys(db));
  }

  /** Every category's JSON text as a product's answer names it, by id; kept like the keys. */
  function categoryJsonById(): Promise<Map<string, string>> {
    return readModel.read(
      'category-json-by-id',
      async () => new Map((await categoryKeys()).map((row) => [row.id, productCategoryJson(row)])),
    );
  }

  /** The listing's products as JSON text, each with its category named from the kept categories. */
  async function withCategories(cards: ProductCard[]): Promise<Array<{ id: string; json: string }>> {
    let byId = await categoryJsonById();
    // A category made in another process that has not yet told this one: its keys are read afresh.
    if (cards.some(({ categoryId }) => categoryId !== null && !byId.has(categoryId))) {
      byId = new Map((await findCategoryKeys(db)).map((row) => [row.id, productCategoryJson(row)]));
    }
    const noCategory = productCategoryJson(null);
    return cards.map(({ id, card, categoryId }) => ({
      id,
      json: productCardJson(card, (categoryId !== null && byId.get(categoryId)) || noCategory),
    }));
  }

  /** Products per category, shared by the category answers and cached like the listing totals. */
  function categoryCounts(): Promise<Map<string, number>> {
    return readModel.read('category-counts', () => productCountsByCategory(db));
  }

  /**
   * The ids a listing's `slug` and `category` parameters name (both must hold); undefined when neither
   * is given. Resolved here from a cached list of the few categories, so the product query filters on
   * one category id, which its indexes serve in every sort order.
   */
  async function categoryIdsFor(
    slug: string | undefined,
    category: CategoryRef | undefined,
  ): Promise<string[] | undefined> {
    if (!slug && !category) return undefined;
    if (!slug && category && 'id' in category) return [category.id];
    const keys = await categoryKeys();
    const matches = (row: CategoryKeys) => {
      if (slug && row.slug !== slug.toLowerCase()) return false;
      if (!category) return true;
      if ('id' in category) return row.id === category.id;
      const key = category.key.toLowerCase();
      return row.slug === key || row.name.toLowerCase() === key;
    };
    return keys.filter(matches).map((row) => row.id);
  }

  /**
   * The page anchor at or before `offset` for a deep page (none for the first hundred pages, which
   * skip few rows anyway). The anchors of a filter and sort are one walk of the index, cached like the
   * totals, so a shopper paging far, or many shoppers on different far pages, each skip fewer than
   * `PAGE_ANCHOR_STRIDE` rows.
   */
  async function anchorBefore(
    filters: ProductFilters,
    sort: ProductSort,
    offset: number,
  ): Promise<PageAnchor | undefined> {
    if (offset < PAGE_ANCHOR_STRIDE) return undefined;
    const anchors = await readModel.read(`anchors:${JSON.stringify([filters, sort])}`, () =>
      findPageAnchors(db, filters, sort, PAGE_ANCHOR_STRIDE),
    );
    return anchors[Math.floor(offset / PAGE_ANCHOR_STRIDE)];
  }

  /** The summary of a set of filters (count, price maximum, facets), kept like the pages. */
  function summaryOf(filters: ProductFilters): Promise<ProductSummary> {
    return readModel.read(summaryKey(filters), () => productSummary(db, filters));
  }

  /** A listing page's products as JSON text, from their cards (the listing index's pages). */
  async function cardsJson(ids: string[]): Promise<string[]> {
    return (await productsById(ids)).map((product) => product.json);
  }

  /** A listing page's products as JSON text, from their rows (the pages the SQL answers). */
  function rowsJson(rows: ProductWithCategory[]): string[] {
    return rows.map((row) => JSON.stringify(productDto(store, row.product, row.category)));
  }

  /**
   * The summary and the page's products as JSON text. The first page is asked beside its summary (on
   * PostgreSQL they run at once, on two connections); a later one waits for the count, since a page
   * past the end would make PostgreSQL walk every row to skip them: known empty, never asked.
   */
  async function pageOf(
    filters: ProductFilters,
    sort: ProductSort,
    limit: number,
    offset: number,
  ): Promise<{ summary: ProductSummary; products: string[] }> {
    const index = isIndexedSort(sort) && !filters.searchTypos ? await listingIndex.usable() : null;
    if (index && isIndexedSort(sort)) {
      if (filters.search) {
        // The groups come with the page's pass over the matches, so a summary is cheap to make again
        // and kept, like the page, only for a search asked again (most are typed once).
        const found = index.search(filters, sort, limit, offset);
        const summary = await readModel.readIfAskedBefore(summaryKey(filters), async () =>
          summaryFromGroups(found.groups, filters),
        );
        return { summary, products: await cardsJson(found.ids) };
      }
      const summary = await readModel.read(summaryKey(filters), async () =>
        summaryFromGroups(index.summaryGroups(filters), filters),
      );
      const ids = offset < summary.count ? index.pageIds(filters, sort, limit, offset) : [];
      return { summary, products: await cardsJson(ids) };
    }
    if (offset === 0 && filters.search) {
      // A search's first page and summary come from one pass over its matches; the summary is kept
      // for its later pages.
      const first = await searchFirstPage(db, filters, sort, limit);
      const summary = await readModel.read(summaryKey(filters), async () => first.summary);
      return { summary, products: rowsJson(first.rows) };
    }
    if (offset === 0) {
      const [summary, rows] = await Promise.all([
        summaryOf(filters),
        findProducts(db, filters, sort, limit, 0),
      ]);
      return { summary, products: rowsJson(rows) };
    }
    const summary = await summaryOf(filters);
    const rows =
      offset < summary.count
        ? await findProducts(db, filters, sort, limit, offset, await anchorBefore(filters, sort, offset))
        : [];
    return { summary, products: rowsJson(rows) };
  }

  /**
   * `GET /product`'s whole answer as JSON in UTF-8: the products' texts are joined as they are, so a
   * page's long texts are never parsed or serialized on their way (issue 18), and the answer kept for
   * a page asked again is these bytes, outside the collector's heap and sent as they are.
   */
  async function listProductsJson(query: ProductQuery): Promise<Buffer> {
    const search = query.search === undefined ? '' : searchTerm(query.search);
    const filters: ProductFilters = {
      search: search || undefined,
      categoryIds: await categoryIdsFor(query.slug, parseCategoryFilter(query.category)),
      minPricePiastres: query.minPrice === undefined ? undefined : toPiastres(query.minPrice),
      maxPricePiastres: query.maxPrice === undefined ? undefined : toPiastres(query.maxPrice),
      availability: query.availability ?? 'all',
      sizes: optionFilterValues(query.size),
      colors: optionFilterValues(query.color),
    };
    if (
      filters.minPricePiastres !== undefined &&
      filters.maxPricePiastres !== undefined &&
      filters.minPricePiastres > filters.maxPricePiastres
    ) {
      throw new AppError('BAD_REQUEST', m.priceRangeInverted);
    }
    const { page, limit, offset } = paging(query.page, query.limit, LISTING_PAGE_SIZE, UNPAGED_PRODUCT_LIMIT);
    if (filters.categoryIds?.length === 0) {
      const answer: ProductListAnswer = {
        products: [],
        page,
        totalPages: 1,
        totalCount: 0,
        maxPrice: 0,
        facets: { size: [], color: [] },
      };
      return Buffer.from(JSON.stringify({ success: true, ...answer }));
    }
    const sort = query.sort ?? 'featured';
    const build = async (): Promise<Buffer> => {
      let { summary, products } = await pageOf(filters, sort, limit, offset);
      // A term found nowhere as typed is looked for again as a word with typos ('lnen' finds linen).
      if (summary.count === 0 && filters.search) {
        ({ summary, products } = await pageOf({ ...filters, searchTypos: true }, sort, limit, offset));
      }
      const rest: Omit<ProductListAnswer, 'products'> = {
        page,
        totalPages: pageCount(summary.count, limit),
        totalCount: summary.count,
        maxPrice: toEgp(summary.maxFinalPricePiastres ?? 0),
        facets: summary.facets,
      };
      return Buffer.from(
        `{"success":true,"products":[${products.join(',')}],${JSON.stringify(rest).slice(1)}`,
      );
    };
    // A page is kept once asked twice: the first pages and a popular deep one are what shoppers ask
    // again, a search typed once or a page reached once is not worth keeping (it would push out
    // answers that are asked again). An unpaged answer of up to 1,000 products is never kept, so the
    // cache stays small.
    if (limit > MAX_PAGE_SIZE) return build();
    return readModel.readIfAskedBefore(`page:${JSON.stringify([filters, sort, page, limit])}`, build);
  }

  /** `GET /product`'s answer (without its `success`), for the pages the server writes itself. */
  async function listProducts(query: ProductQuery): Promise<ProductListAnswer> {
    const json = (await listProductsJson(query)).toString();
    const { success: _success, ...answer } = JSON.parse(json) as ProductListAnswer & { success: true };
    return answer;
  }

  async function getProduct(idOrSlug: string): Promise<ProductDetailDto> {
    // Detail pages are the other hot read; a missing product is cached as undefined like any answer.
    const product = await readModel.read(`product:${idOrSlug}`, async () => {
      const row = await findProductDetail(db, byIdOrSlug(idOrSlug));
      return row ? productDetailDto(store, row.product, row.category, row.variants) : undefined;
    });
    if (!product) throw new AppError('NOT_FOUND', m.productNotFoundAnswer);
    return product;
  }

  /** One rating per user and product: a second one replaces the first, and the totals follow in the same transaction. */
  async function rateProduct(user: SessionUser, productId: string, rating: number): Promise<RatingAnswer> {
    // The route refuses admins before the body is read; a service called from elsewhere does too.
    if (user.role === 'admin') throw new AppError('FORBIDDEN', m.adminsCannotRate);
    const row = await db.transaction(async (tx) => {
      if (!(await lockProduct(tx, productId))) throw new AppError('NOT_FOUND', m.productNotFoundAnswer);
      const previous = await findRating(tx, user.id, productId);
      await saveRating(tx, user.id, productId, rating);
      await adjustRatingTotals(tx, productId, rating - (previous ?? 0), previous === undefined ? 1 : 0);
      return findProduct(tx, { id: productId });
    });
    if (!row) throw new AppError('NOT_FOUND', m.productNotFoundAnswer);
    // The featured order and the answers kept depend on ratings.
    events.emit('productChanged', { productId, change: 'rated' });
    return {
      averageRating: averageRating(row.product.ratingSum, row.product.ratingCount),
      ratingCount: row.product.ratingCount,
      product: productDto(store, row.product, row.category),
    };
  }

  async function listCategories(query: {
    search?: string | undefined;
    page?: number | undefined;
    limit?: number | undefined;
  }): Promise<CategoryListAnswer> {
    const { page, limit, offset } = paging(query.page, query.limit, ADMIN_PAGE_SIZE, UNPAGED_PRODUCT_LIMIT);
    const [rows, totalCount, counts] = await Promise.all([
      findCategories(db, query.search, limit, offset),
      countCategories(db, query.search),
      categoryCounts(),
    ]);
    return {
      categories: rows.map((row) => categoryDto(store, row, counts.get(row.id) ?? 0)),
      page,
      totalPages: pageCount(totalCount, limit),
      totalCount,
    };
  }

  async function getCategory(idOrSlug: string): Promise<CategoryDto> {
    const [row, counts] = await Promise.all([findCategory(db, byIdOrSlug(idOrSlug)), categoryCounts()]);
    if (!row) throw new AppError('NOT_FOUND', m.categoryNotFoundAnswer);
    return categoryDto(store, row, counts.get(row.id) ?? 0);
  }

  /** A category's page: its products newest first. */
  async function listCategoryProducts(
    idOrSlug: string,
    query: { page?: number | undefined; limit?: number | undefined },
  ): Promise<CategoryProductsAnswer> {
    const category = await getCategory(idOrSlug);
    const { page, limit, offset } = paging(query.page, query.limit, LISTING_PAGE_SIZE, UNPAGED_PRODUCT_LIMIT);
    const rows =
      offset < category.productCount
        ? await findProducts(db, { categoryIds: [category.id], availability: 'all' }, 'newest', limit, offset)
        : [];
    return {
      category,
      products: rows.map((row) => productDto(store, row.product, row.category)),
      page,
      totalPages: pageCount(category.productCount, limit),
      totalCount: category.productCount,
    };
  }

  /** Every category's name, as the storefront's listing filter knows them. */
  async function categoryNames(): Promise<string[]> {
    const keys = await categoryKeys();
    return keys.map((row) => row.name);
  }

  return {
    listProducts,
    listProductsJson,
    getProduct,
    rateProduct,
    listCategories,
    getCategory,
    listCategoryProducts,
    categoryNames,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
