import { messages } from '@/web/admin/messages';
import type { CategoryMoveDirection } from '@/shared/schemas/category';
import type { DoneAnswer, ErrorAnswer } from '@/shared/schemas/common';
import { api } from '@/web/lib/api';
import { checked, useCatalogueWrite, type MutationConfig } from '@/web/admin/call-helpers';

interface MoveRequest {
  id: string;
  direction: CategoryMoveDirection;
}

/** POST /api/category/{id}/move (issue 16): one place up or down in the shop's order. */
async function moveCategory({ id, direction }: MoveRequest): Promise<DoneAnswer> {
  return checked(
    await api.post<DoneAnswer | ErrorAnswer>(`/category/${encodeURIComponent(id)}/move`, {
      body: { direction },
    }),
    messages.admin.failedToMoveCategory,
  );
}

export function useMoveCategory(config: MutationConfig<DoneAnswer> = {}) {
  return useCatalogueWrite(moveCategory, config);
}
