import {
  ALL_CATEGORIES,
  AVAILABILITIES,
  CATEGORY_NAMES,
  LISTING_PAGE_SIZE,
  MAX_PRICE_EGP,
  type Availability,
  type ProductSort,
} from './constants';
import type { ListingFilters } from './listing-filters';

// The listing's state in its URL (DESIGN §3) and the API query it makes: read by the storefront, and
// by the server when it sends a listing's first screen with the page, so the key it sends the data
// under (./first-screen.ts) is the one the listing asks with.

/** The sorts a shopper can pick (SPEC §9); the server's `discount` sort is honoured from a URL too. */
export const LISTING_SORTS = ['featured', 'priceAsc', 'priceDesc', 'nameAsc', 'nameDesc', 'newest'] as const;
const URL_SORTS: readonly ProductSort[] = [...LISTING_SORTS, 'discount'];

/**
 * SPEC §2: a category is used only if it is a known name or 'All categories'. Known names are the
 * SPEC's fixed seven plus whatever the shop has added since; matching ignores case, and the answer is
 * the shop's own spelling ('' for all).
 */
export function knownCategory(
  value: string | null | undefined,
  shopNames: readonly string[],
): string | undefined {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return undefined;
  if (wanted === ALL_CATEGORIES.toLowerCase()) return '';
  return [...shopNames, ...CATEGORY_NAMES].find((name) => name.toLowerCase() === wanted);
}

function priceOf(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  // The API refuses a price past the highest a product may have (it could not be stored), so a URL's is dropped.
  return Number.isFinite(number) && number >= 0 && number <= MAX_PRICE_EGP ? number : undefined;
}

/** The values of a `size` or `color` filter (`M,L`): split on commas, trimmed, blanks and repeats dropped. */
export function optionFilterValues(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((part) => part.trim()))].filter(Boolean);
}

/** `?page=`: a whole number from 1, else the first page. */
export function pageOf(value: string | null): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : 1;
}

/** Reads the listing's state from its URL; anything malformed falls back to the default. */
export function readFilters(params: URLSearchParams, shopCategories: readonly string[]): ListingFilters {
  const availability = params.get('availability');
  const sort = params.get('sort');
  let minPrice = priceOf(params.get('minPrice'));
  let maxPrice = priceOf(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  return {
    search: params.get('search')?.trim() ?? '',
    category: knownCategory(params.get('category'), shopCategories) ?? '',
    minPrice,
    maxPrice,
    availability: (AVAILABILITIES as readonly string[]).includes(availability ?? '')
      ? (availability as Availability)
      : 'all',
    size: optionFilterValues(params.get('size')),
    color: optionFilterValues(params.get('color')),
    sort: URL_SORTS.includes(sort as ProductSort) ? (sort as ProductSort) : 'featured',
    page: pageOf(params.get('page')),
  };
}

/** The GET /api/product query for `filters`: always paged, 12 a page (SPEC §9). */
export function apiQueryOf(filters: ListingFilters) {
  return {
    search: filters.search || undefined,
    category: filters.category || undefined,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    availability: filters.availability === 'all' ? undefined : filters.availability,
    size: filters.size.length > 0 ? filters.size.join(',') : undefined,
    color: filters.color.length > 0 ? filters.color.join(',') : undefined,
    sort: filters.sort,
    page: filters.page,
    limit: LISTING_PAGE_SIZE,
  };
}
