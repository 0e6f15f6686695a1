import { queryOptions } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE } from '@/shared/constants';
import { catalog } from '@/shared/messages/catalog';
import type { CategoryDto } from '@/shared/schemas/category';
import type { ProductDto, ProductListDto } from '@/shared/schemas/product';
import type { QueryValue } from '@/shared/api-url';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The storefront's reads of DESIGN §2, one `queryOptions` each (STYLE.md habit 7). */

export type ProductListParams = Record<string, QueryValue>;

interface ProductAnswer {
  success: boolean;
  product: ProductDto;
}

interface CategoriesAnswer {
  success: boolean;
  categories: CategoryDto[];
  message?: string;
}

export interface CategoryProductsAnswer {
  success: boolean;
  products: ProductDto[];
  category: CategoryDto | null;
  page: number;
  totalPages: number;
  totalCount: number;
  message?: string;
}

/** GET /api/product with the listing's filters, sort and page; filtering and paging happen on the server. */
export function productListQuery(params: ProductListParams) {
  return queryOptions({
    queryKey: queryKeys.products.list(params),
    queryFn: ({ signal }) => api.get<ProductListDto>('/product', { query: params, signal }),
  });
}

/** GET /api/product/{id or slug}: both detail routes read the same screen. */
export function productQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: queryKeys.product(idOrSlug),
    queryFn: async ({ signal }) =>
      (await api.get<ProductAnswer>(`/product/${encodeURIComponent(idOrSlug)}`, { signal })).product,
  });
}

/** GET /api/category without a page: every category, for the carousel, the grid and the listing filter. */
export const allCategoriesQuery = queryOptions({
  queryKey: queryKeys.categories.list({ all: true }),
  queryFn: async ({ signal }) => {
    const answer = await api.get<CategoriesAnswer>('/category', { signal });
    // SPEC §8: an answer that says it failed is a failure, even with a 200.
    if (!answer.success) throw new Error(catalog.failedToLoadCategories);
    return answer.categories;
  },
});

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
  return api.patch<{ success: boolean; message?: string; product?: ProductDto }>(
    `/product/${encodeURIComponent(productId)}/rate`,
    { body: { rating } },
  );
}
