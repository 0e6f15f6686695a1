import { queryOptions } from '@tanstack/react-query';
import type { OrderAnswer } from '@/shared/schemas/order';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * An order's status is moved by the shop from another browser, so its page asks again on a visit
 * after half a minute, not after the app's five; a page opened straight from checkout still shows the
 * order the answer carried without asking.
 */
const ORDER_STALE_MS = 30_000;

/** GET /api/order/{id}: one of the shopper's orders (or any, for an admin); 403 or 404 otherwise. */
export function orderQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.order(id),
    staleTime: ORDER_STALE_MS,
    queryFn: async ({ signal }) =>
      (await api.get<OrderAnswer>(`/order/${encodeURIComponent(id)}`, { signal })).results,
  });
}
