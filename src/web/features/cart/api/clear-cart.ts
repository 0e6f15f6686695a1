import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { storeCartAnswer } from '@/web/lib/store-cart-answer';

/** PUT /api/cart/clear: empties the cart. */
export function clearCart(): Promise<CartChangeAnswer> {
  return api.put<CartChangeAnswer>('/cart/clear');
}

type ClearCartConfig = Pick<
  UseMutationOptions<CartChangeAnswer, Error, void>,
  'onSuccess' | 'onError' | 'onSettled'
>;

/** The answer's cart is stored, then the caller's `onSuccess` runs; a failure asks for the cart again. */
export function useClearCart({ onSuccess, onError, onSettled }: ClearCartConfig = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: async (...args) => {
      await storeCartAnswer(queryClient, args[0]);
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      const refreshed = queryClient.invalidateQueries({ queryKey: queryKeys.cart });
      await onError?.(...args);
      await refreshed;
    },
    onSettled,
  });
}
