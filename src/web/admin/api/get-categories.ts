import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@/shared/constants';
import { messages } from '@/web/admin/messages';
import type { CategoryListAnswer } from '@/shared/schemas/category';
import type { ErrorAnswer } from '@/shared/schemas/common';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked } from '@/web/admin/call-helpers';

/** One page of 10 for the category list, searched on the server. */
export function adminCategoriesQuery(search: string, page: number) {
  const query = { search, page, limit: ADMIN_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.categories.list({ ...query, admin: 'page' }),
    queryFn: async ({ signal }) =>
      checked(
        await api.get<CategoryListAnswer | ErrorAnswer>('/category', { query, signal }),
        messages.admin.failedToFetchCategories,
      ),
  });
}
