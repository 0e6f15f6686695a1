import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { ProductSavedAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import { checked, useCatalogueWrite, type MutationConfig, type SaveRequest } from '@/web/admin/call-helpers';

/** PATCH /api/product/{id} in edit mode, POST /api/product in create mode, with the form's multipart body. */
export async function saveProduct({ id, form }: SaveRequest): Promise<ProductSavedAnswer> {
  return checked(
    id
      ? await api.patch<ProductSavedAnswer | ErrorAnswer>(`/product/${encodeURIComponent(id)}`, {
          formData: form,
        })
      : await api.post<ProductSavedAnswer | ErrorAnswer>('/product', { formData: form }),
    messages.admin.operationFailed,
  );
}

export function useSaveProduct(config: MutationConfig<ProductSavedAnswer> = {}) {
  return useCatalogueWrite(saveProduct, config);
}
