import { messages } from '@/web/admin/messages';
import type { DoneAnswer, ErrorAnswer } from '@/shared/schemas/common';
import { api } from '@/web/lib/api';
import { checked, useCatalogueWrite, type MutationConfig } from '@/web/admin/call-helpers';

/** DELETE /api/product/{id}. */
export async function deleteProduct(id: string): Promise<DoneAnswer> {
  return checked(
    await api.delete<DoneAnswer | ErrorAnswer>(`/product/${encodeURIComponent(id)}`),
    messages.admin.failedToDeleteProduct,
  );
}

export function useDeleteProduct(config: MutationConfig<DoneAnswer> = {}) {
  return useCatalogueWrite(deleteProduct, config);
}
