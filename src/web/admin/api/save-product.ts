import { useMutation } from '@tanstack/react-query';
import { messages } from '@/shared/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { ProductSavedAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import {
  checked,
  useCatalogueInvalidation,
  type MutationConfig,
  type SaveRequest,
} from '@/web/admin/call-helpers';

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

export function useSaveProduct({ onSuccess }: MutationConfig<ProductSavedAnswer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: async (answer) => {
      await invalidate();
      onSuccess?.(answer);
    },
  });
}
