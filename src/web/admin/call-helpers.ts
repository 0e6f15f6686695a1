import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorAnswer } from '@/shared/schemas/common';
import { UnsuccessfulAnswer } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** What the admin's calls in ./api share: one `queryOptions` per read, one hook per write (STYLE.md habit 7). */

/**
 * The answer, or a failure in the server's words: an answer that says `success: false` is a failure
 * even with a 200 (SPEC §8), whichever server a client talks to.
 */
export function checked<T extends { success: true }>(answer: T | ErrorAnswer, fallback: string): T {
  if (answer.success === false) throw new UnsuccessfulAnswer(answer.message || fallback);
  return answer;
}

export interface MutationConfig<T> {
  onSuccess?: (answer: T) => void;
}

export interface SaveRequest {
  /** The record's id in edit mode; create mode has none. */
  id: string | undefined;
  form: FormData;
}

/**
 * The mutation behind every product and category write: they change every list, count and detail that
 * shows them, so all of those are refreshed before the caller's `onSuccess` moves on, and the next
 * screen never shows the old data.
 */
export function useCatalogueWrite<Request, Answer>(
  mutationFn: (request: Request) => Promise<Answer>,
  { onSuccess }: MutationConfig<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: ['product'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
        queryClient.invalidateQueries({ queryKey: ['category'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.lowStock }),
      ]);
      onSuccess?.(answer);
    },
  });
}
