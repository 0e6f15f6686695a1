import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { OrderStatusAnswer } from '@/shared/schemas/order';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** PATCH /api/order/{id}/status to `cancelled`: the owner's one change (DESIGN §2). */
export function cancelOrder(orderId: string): Promise<OrderStatusAnswer> {
  return api.patch<OrderStatusAnswer>(`/order/${encodeURIComponent(orderId)}/status`, {
    body: { status: 'cancelled' },
  });
}

type CancelOrderConfig = Pick<UseMutationOptions<OrderStatusAnswer, Error, string>, 'onSuccess' | 'onError'>;

/**
 * Cancels one of the shopper's orders. The order's own page takes the answer (the order as it now is);
 * the list is reloaded after, and product stock with it, since cancelling puts the stock back; a
 * failure reloads the list and the order, whose statuses may have moved. The reloads start first, then
 * the caller's handler runs; the mutation settles once they are done.
 */
export function useCancelOrder({ onSuccess, onError }: CancelOrderConfig = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async (...args) => {
      const [answer, orderId] = args;
      queryClient.setQueryData(queryKeys.order(orderId), answer.results);
      const refreshed = Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: ['product'] }),
      ]);
      await onSuccess?.(...args);
      await refreshed;
    },
    onError: async (...args) => {
      const refreshed = Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.order(args[1]) }),
      ]);
      await onError?.(...args);
      await refreshed;
    },
  });
}
