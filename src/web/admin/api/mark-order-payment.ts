import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { OrderPaymentAnswer } from '@/shared/schemas/order';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked, type MutationConfig } from '@/web/admin/call-helpers';

/** PATCH /api/order/{id}/payment: marks the payment received, or undoes the mark. */
async function markOrderPayment(orderId: string, verified: boolean): Promise<OrderPaymentAnswer> {
  return checked(
    await api.patch<OrderPaymentAnswer | ErrorAnswer>(`/order/${encodeURIComponent(orderId)}/payment`, {
      body: { verified },
    }),
    messages.admin.failedToMarkPayment,
  );
}

export function useMarkOrderPayment(orderId: string, { onSuccess }: MutationConfig<OrderPaymentAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verified: boolean) => markOrderPayment(orderId, verified),
    onSuccess: async (answer) => {
      // The proofs to check move on the list, its filter and the dashboard.
      queryClient.setQueryData(queryKeys.order(orderId), answer.order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats }),
      ]);
      onSuccess?.(answer);
    },
  });
}
