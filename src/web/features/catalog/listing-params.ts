import { DEFAULT_PRICE_CEILING } from '@/shared/constants';
import type { ListingFilters } from '@/shared/listing-filters';

/** The slider's top: the server's highest price rounded up, or 1000 when there are no products (SPEC §9). */
export function priceCeiling(serverMaxPrice: number | undefined): number {
  return serverMaxPrice && serverMaxPrice > 0 ? Math.ceil(serverMaxPrice) : DEFAULT_PRICE_CEILING;
}

/** The filters that narrow the listing, each one a removable chip. */
export type ActiveFilter = 'search' | 'category' | 'price' | 'availability' | 'size' | 'color';

export function activeFilters(filters: ListingFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (filters.search) active.push('search');
  if (filters.category) active.push('category');
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) active.push('price');
  if (filters.availability !== 'all') active.push('availability');
  if (filters.size.length > 0) active.push('size');
  if (filters.color.length > 0) active.push('color');
  return active;
}

export function withoutFilter(filters: ListingFilters, filter: ActiveFilter): ListingFilters {
  const next = { ...filters, page: 1 };
  if (filter === 'search') next.search = '';
  if (filter === 'category') next.category = '';
  if (filter === 'price') {
    next.minPrice = undefined;
    next.maxPrice = undefined;
  }
  if (filter === 'availability') next.availability = 'all';
  if (filter === 'size') next.size = [];
  if (filter === 'color') next.color = [];
  return next;
}

/** 'Clear All': every filter off, back to the first page; the sort, which narrows nothing, stays. */
export function withoutFilters(filters: ListingFilters): ListingFilters {
  return activeFilters(filters).reduce(withoutFilter, { ...filters, page: 1 });
}

/** What the filter panel keeps as drafts: the search and the price range; its key, to start them again. */
export function draftsKey(filters: ListingFilters): string {
  return JSON.stringify([filters.search, filters.minPrice, filters.maxPrice]);
}
