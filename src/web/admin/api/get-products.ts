import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@/shared/constants';
import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { ProductListAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked } from '@/web/admin/call-helpers';

export interface AdminProductFilter {
  search: string;
  /** A category id, or '' for all. */
  category: string;
  page: number;
}

/** One page of 10 for the product list, searched and filtered on the server. */
export function adminProductsQuery({ search, category, page }: AdminProductFilter) {
  const query = { search, category, page, limit: ADMIN_PAGE_SIZE, sort: 'newest' };
  return queryOptions({
    queryKey: queryKeys.products.list({ ...query, admin: 'page' }),
    queryFn: async ({ signal }) =>
      checked(
        await api.get<ProductListAnswer | ErrorAnswer>('/product', { query, signal }),
        messages.admin.failedToFetchProducts,
      ),
  });
}
