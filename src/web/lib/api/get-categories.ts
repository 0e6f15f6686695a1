import { queryOptions } from '@tanstack/react-query';
import type { CategoryListAnswer } from '@/shared/schemas/category';
import type { ErrorAnswer } from '@/shared/schemas/common';
import { api, UnsuccessfulAnswer } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/category without a page: every category, for the carousel, the
 * categories grid, the listing filter and the admin's selects (one query, one cache entry). */
export const allCategoriesQuery = queryOptions({
  queryKey: queryKeys.categories.list({ all: true }),
  queryFn: async ({ signal }) => {
    const answer = await api.get<CategoryListAnswer | ErrorAnswer>('/category', { signal });
    // SPEC §8: an answer that says it failed is a failure, even with a 200; each screen words it.
    if (!answer.success) throw new UnsuccessfulAnswer(answer.message);
    return answer.categories;
  },
});
