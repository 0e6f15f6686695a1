import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { CategorySavedAnswer } from '@/shared/schemas/category';
import { api } from '@/web/lib/api';
import { checked, useCatalogueWrite, type MutationConfig, type SaveRequest } from '@/web/admin/call-helpers';

/** PATCH /api/category/{id} in edit mode, POST /api/category in create mode, with the form's multipart body. */
export async function saveCategory({ id, form }: SaveRequest): Promise<CategorySavedAnswer> {
  return checked(
    id
      ? await api.patch<CategorySavedAnswer | ErrorAnswer>(`/category/${encodeURIComponent(id)}`, {
          formData: form,
        })
      : await api.post<CategorySavedAnswer | ErrorAnswer>('/category', { formData: form }),
    messages.admin.operationFailed,
  );
}

export function useSaveCategory(config: MutationConfig<CategorySavedAnswer> = {}) {
  return useCatalogueWrite(saveCategory, config);
}
