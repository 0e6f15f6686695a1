import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@/shared/messages';
import type { MyOrdersAnswer, OrderStatusAnswer } from '@/shared/schemas/order';
import { failureText } from '@/web/lib/failure-text';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { notify } from '@/web/lib/notify';

const m = messages.orders;

/** GET /api/order/user/orders: the caller's orders, newest first. */
export const myOrdersQueryOptions = queryOptions({
  queryKey: queryKeys.orders.mine,
  queryFn: async ({ signal }) =>
    (await api.get<MyOrdersAnswer>('/order/user/orders', { signal })).results ?? [],
});

/** The owner's one change: cancel (DESIGN §2). The list is reloaded after, and product stock with it. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api.patch<OrderStatusAnswer>(`/order/${encodeURIComponent(orderId)}/status`, {
        body: { status: 'cancelled' },
      }),
    onSuccess: async () => {
      notify.success(m.statusUpdated);
      // Cancelling puts the stock back, so product pages must not show the old count.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: ['product'] }),
      ]);
    },
    onError: async (error) => {
      notify.error(failureText(error, m.failedToUpdateStatus));
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
