import { queryOptions } from '@tanstack/react-query';
import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { ProductAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked } from '@/web/admin/call-helpers';

/** GET /api/product/{id}, for the edit form. */
export function adminProductQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: async ({ signal }) => {
      const answer = checked(
        await api.get<ProductAnswer | ErrorAnswer>(`/product/${encodeURIComponent(id)}`, { signal }),
        messages.admin.failedToLoadProduct,
      );
      return answer.product;
    },
  });
}
