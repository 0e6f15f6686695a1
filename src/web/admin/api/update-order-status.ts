import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@/shared/constants';
import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { OrderStatusAnswer } from '@/shared/schemas/order';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked, type MutationConfig } from '@/web/admin/call-helpers';

/** PATCH /api/order/{id}/status. */
export async function updateOrderStatus(
  orderId: string,
  status: OrderStatus,
  note = '',
): Promise<OrderStatusAnswer> {
  return checked(
    await api.patch<OrderStatusAnswer | ErrorAnswer>(`/order/${encodeURIComponent(orderId)}/status`, {
      // A blank note is left out, so a server that knows only SPEC §7's `{ status }` is served too.
      body: note.trim() ? { status, note: note.trim() } : { status },
    }),
    messages.orders.failedToUpdateStatus,
  );
}

export function useUpdateOrderStatus(orderId: string, { onSuccess }: MutationConfig<OrderStatusAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, note }: { status: OrderStatus; note?: string }) =>
      updateOrderStatus(orderId, status, note),
    onSuccess: async (answer) => {
      // A status change moves stock (cancel returns it) and revenue: every figure that shows them reloads.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.lowStockAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: ['product'] }),
      ]);
      onSuccess?.(answer);
    },
  });
}
