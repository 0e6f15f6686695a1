import { queryOptions } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE } from '@/shared/constants';
import type { CategoryProductsAnswer } from '@/shared/schemas/category';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

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
