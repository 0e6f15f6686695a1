import { queryOptions } from '@tanstack/react-query';
import { messages } from '@/web/admin/messages';
import type { CategoryAnswer } from '@/shared/schemas/category';
import type { ErrorAnswer } from '@/shared/schemas/common';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked } from '@/web/admin/call-helpers';

/** GET /api/category/{id}, for the edit form. */
export function adminCategoryQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.category(id),
    queryFn: async ({ signal }) => {
      const answer = checked(
        await api.get<CategoryAnswer | ErrorAnswer>(`/category/${encodeURIComponent(id)}`, { signal }),
        messages.admin.failedToLoadCategory,
      );
      return answer.category;
    },
  });
}
