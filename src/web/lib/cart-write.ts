import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * Puts a cart change's answer where the top-bar badge and the cart page read it, so neither asks
 * again. An answer without a cart (an older server) falls back to asking.
 */
export async function storeCartAnswer(client: QueryClient, answer: Partial<CartChangeAnswer>): Promise<void> {
  if (answer.cart && Array.isArray(answer.cart.products)) {
    client.setQueryData(queryKeys.cart, answer.cart);
    return;
  }
  await client.invalidateQueries({ queryKey: queryKeys.cart });
}

export type CartWriteConfig<Request> = Pick<
  UseMutationOptions<CartChangeAnswer, Error, Request>,
  'onSuccess' | 'onError' | 'onSettled'
>;

/**
 * The mutation behind every cart change (add, set, remove, clear): the answer's cart is stored first,
 * then the caller's `onSuccess` runs. With `refreshOnError`, a failure also asks for the cart again,
 * since the server may hold something else than the page shows (another tab, stock taken meanwhile).
 */
export function useCartWrite<Request>(
  mutationFn: (request: Request) => Promise<CartChangeAnswer>,
  { onSuccess, onError, onSettled }: CartWriteConfig<Request>,
  { refreshOnError }: { refreshOnError: boolean },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (...args) => {
      await storeCartAnswer(queryClient, args[0]);
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      const refreshed = refreshOnError
        ? queryClient.invalidateQueries({ queryKey: queryKeys.cart })
        : undefined;
      await onError?.(...args);
      await refreshed;
    },
    onSettled,
  });
}
