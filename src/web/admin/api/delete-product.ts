import { useMutation } from '@tanstack/react-query';
import { messages } from '@/shared/messages';
import type { DoneAnswer, ErrorAnswer } from '@/shared/schemas/common';
import { api } from '@/web/lib/api';
import { checked, useCatalogueInvalidation, type MutationConfig } from '@/web/admin/call-helpers';

/** DELETE /api/product/{id}. */
export async function deleteProduct(id: string): Promise<DoneAnswer> {
  return checked(
    await api.delete<DoneAnswer | ErrorAnswer>(`/product/${encodeURIComponent(id)}`),
    messages.admin.failedToDeleteProduct,
  );
}

export function useDeleteProduct({ onSuccess }: MutationConfig<DoneAnswer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: async (answer) => {
      await invalidate();
      onSuccess?.(answer);
    },
  });
}
