import { queryOptions } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE } from '@/shared/constants';
import type { CategoryProductsAnswer } from '@/shared/schemas/category';
import type { ProductAnswer, RatingAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * The catalogue's own calls of DESIGN §2, one `queryOptions` per read (STYLE.md habit 7); the reads
 * other screens share too are in src/web/lib/catalog-queries.ts.
 */

/** GET /api/product/{id or slug}: both detail routes read the same screen. */
export function productQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: queryKeys.product(idOrSlug),
    queryFn: async ({ signal }) =>
      (await api.get<ProductAnswer>(`/product/${encodeURIComponent(idOrSlug)}`, { signal })).product,
  });
}

/** GET /api/category/{slug}/products, one page of 12 newest first: the category and its products; a missing one is a 404. */
export function categoryProductsQuery(slug: string, page: number) {
  return queryOptions({
    queryKey: queryKeys.categoryProducts(slug, page),
    queryFn: ({ signal }) =>
      api.get<CategoryProductsAnswer>(`/category/${encodeURIComponent(slug)}/products`, {
        query: { page, limit: LISTING_PAGE_SIZE },
        signal,
      }),
  });
}

/** PATCH /api/product/{id}/rate. */
export function rateProduct(productId: string, rating: number) {
  return api.patch<RatingAnswer>(`/product/${encodeURIComponent(productId)}/rate`, { body: { rating } });
}
