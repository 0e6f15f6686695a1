import type { Availability, ProductSort } from './constants';

// The listing's filters and the URL query they write: every link to a filtered listing builds its
// address with these (src/web/paths.ts), so they are apart from the rest of ./listing.ts, which only the
// listing pages and the server read, and the shell's first load carries them alone.

/** What the listing shows, read from and written to the URL query (DESIGN §3). */
export interface ListingFilters {
  search: string;
  /** A known category's name as the shop spells it, or '' for all. */
  category: string;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  availability: Availability;
  /** `?size=M,L` and `?color=Navy`: the option values chosen (issue 13), as the API's `facets` spell them. */
  size: string[];
  color: string[];
  sort: ProductSort;
  page: number;
}

export const defaultFilters: ListingFilters = {
  search: '',
  category: '',
  minPrice: undefined,
  maxPrice: undefined,
  availability: 'all',
  size: [],
  color: [],
  sort: 'featured',
  page: 1,
};
/** The URL query for `filters`, leaving defaults out so a plain listing stays /products. */
export function writeFilters(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.availability !== 'all') params.set('availability', filters.availability);
  if (filters.size.length > 0) params.set('size', filters.size.join(','));
  if (filters.color.length > 0) params.set('color', filters.color.join(','));
  if (filters.sort !== 'featured') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
