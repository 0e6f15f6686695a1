import { queryOptions } from '@tanstack/react-query';
import { messages } from '@/shared/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { OrderAnswer } from '@/shared/schemas/order';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked } from '@/web/admin/call-helpers';

/** GET /api/order/{id}: one order with its lines and payment proof. */
export function adminOrderQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: async ({ signal }) => {
      const answer = checked(
        await api.get<OrderAnswer | ErrorAnswer>(`/order/${encodeURIComponent(id)}`, { signal }),
        messages.orders.failedToFetchOrderDetails,
      );
      return answer.results;
    },
  });
}
