import { queryOptions } from '@tanstack/react-query';
import type { QueryValue } from '@/shared/api-url';
import type { ProductListAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The catalogue's product lists, shared by the home page, the listing and the details page's related products. */

export type ProductListParams = Record<string, QueryValue>;

/** GET /api/product with the listing's filters, sort and page; filtering and paging happen on the server. */
export function productListQuery(params: ProductListParams) {
  return queryOptions({
    queryKey: queryKeys.products.list(params),
    queryFn: ({ signal }) => api.get<ProductListAnswer>('/product', { query: params, signal }),
  });
}
