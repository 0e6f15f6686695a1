import { messages } from '@/web/admin/messages';
import type { DoneAnswer, ErrorAnswer } from '@/shared/schemas/common';
import { api } from '@/web/lib/api';
import { checked, useCatalogueWrite, type MutationConfig } from '@/web/admin/call-helpers';

/** DELETE /api/category/{id}. */
export async function deleteCategory(id: string): Promise<DoneAnswer> {
  return checked(
    await api.delete<DoneAnswer | ErrorAnswer>(`/category/${encodeURIComponent(id)}`),
    messages.admin.failedToDeleteCategory,
  );
}

export function useDeleteCategory(config: MutationConfig<DoneAnswer> = {}) {
  return useCatalogueWrite(deleteCategory, config);
}
