import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { OrderVariantAnswer } from '@/shared/schemas/order';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked, type MutationConfig } from '@/web/admin/call-helpers';

/** PATCH /api/order/{id}/lines/{lineId}/variant: the variant of a line ordered with its size to confirm. */
async function setLineVariant(
  orderId: string,
  lineId: string,
  variantId: string,
): Promise<OrderVariantAnswer> {
  return checked(
    await api.patch<OrderVariantAnswer | ErrorAnswer>(
      `/order/${encodeURIComponent(orderId)}/lines/${encodeURIComponent(lineId)}/variant`,
      { body: { variantId } },
    ),
    messages.admin.failedToSetVariant,
  );
}

export function useSetLineVariant(orderId: string, { onSuccess }: MutationConfig<OrderVariantAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, variantId }: { lineId: string; variantId: string }) =>
      setLineVariant(orderId, lineId, variantId),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.order(orderId), answer.order);
      // The variant's stock moved: the lists and figures that show it reload.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.lowStockAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: ['product'] }),
      ]);
      onSuccess?.(answer);
    },
  });
}
