import type { QueryValue } from './api-url';
import { HOME_SECTION_COMPUTED } from './shell-constants';

/**
 * The first screen's contract. The server sends the home page, the listing, a product's page and a category's page
 * with the data their first query asks for, as TanStack Query's dehydrated state in the element
 * FIRST_SCREEN_SCRIPT_ID (src/server/catalog/first-screen.ts); the storefront hydrates its query cache
 * from it before the first render (src/web/lib/first-screen.ts). A query finds that data only under
 * the very key it asks with, so both sides build the catalogue's keys here, and read a page's URL with
 * the same helpers (./listing: readFilters, apiQueryOf, pageOf).
 */

export const FIRST_SCREEN_SCRIPT_ID = 'first-screen-data';

/**
 * The storefront's keys for the catalogue reads a first screen can carry, each holding what its query
 * returns: `products.list` the whole GET /api/product answer, `product` the answer's `product`,
 * `categoryProducts` the whole GET /api/category/{slug}/products answer.
 */
export const catalogQueryKeys = {
  products: {
    all: ['products'] as const,
    list: (params: Record<string, QueryValue> = {}) => ['products', 'list', params] as const,
  },
  product: (idOrSlug: string) => ['product', idOrSlug] as const,
  categoryProducts: (slug: string, page: number) => ['category', slug, 'products', page] as const,
};

/** The home page's sections (SPEC §9): the top 8 by discount and the newest 8 are asked for, each shows 4. */
export const HOME_SECTION_SORTS = ['discount', 'newest'] as const;

/** The GET /api/product query of a home section, as the home page asks it and the server answers it inside the page. */
export function homeSectionParams(sort: (typeof HOME_SECTION_SORTS)[number]) {
  return { sort, limit: HOME_SECTION_COMPUTED, page: 1 };
}
