import { queryOptions } from '@tanstack/react-query';
import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { ProductListAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked } from '@/web/admin/call-helpers';

/** Every product, newest first: `GET /product` without a page answers all matches (up to 1,000). */
export const allProductsQuery = queryOptions({
  queryKey: queryKeys.products.list({ sort: 'newest', admin: 'all' }),
  queryFn: async ({ signal }) =>
    checked(
      await api.get<ProductListAnswer | ErrorAnswer>('/product', { query: { sort: 'newest' }, signal }),
      messages.admin.failedToFetchProducts,
    ),
});
