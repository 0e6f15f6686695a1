import { queryOptions } from '@tanstack/react-query';
import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { DeliveryOrderAnswer } from '@/web/admin/api/delivery';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked } from '@/web/admin/call-helpers';

/** GET /api/order/{id}: one order with its lines and payment proof. */
export function adminOrderQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: async ({ signal }) => {
      const answer = checked(
        await api.get<DeliveryOrderAnswer | ErrorAnswer>(`/order/${encodeURIComponent(id)}`, { signal }),
        messages.orders.failedToFetchOrderDetails,
      );
      return answer.results;
    },
    // While the courier's copy is being sent (a job on the server), the page asks again until the
    // courier answered, so its tracking number or its refusal shows without a reload.
    refetchInterval: (query) => (query.state.data?.shipment?.request === 'queued' ? 2_000 : false),
  });
}

/**
 * The orders of a print run, each through its own `adminOrderQuery` (so an order already open is not
 * asked again, and one printed is cached for its page); an order that cannot be read is left out.
 * One query rather than `useQueries`, whose observer would land in every shopper's framework chunk.
 */
export function printOrdersQuery(ids: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.printOrders(ids),
    queryFn: async ({ client }) => {
      const settled = await Promise.allSettled(ids.map((id) => client.fetchQuery(adminOrderQuery(id))));
      return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    },
  });
}
