import { queryOptions } from '@tanstack/react-query';
import type { OrderAnswer } from '@/shared/schemas/order';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/order/{id}: one of the shopper's orders (or any, for an admin); 403 or 404 otherwise. */
export function orderQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: async ({ signal }) =>
      (await api.get<OrderAnswer>(`/order/${encodeURIComponent(id)}`, { signal })).results,
  });
}
