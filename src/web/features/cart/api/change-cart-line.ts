import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { storeCartAnswer } from '@/web/lib/store-cart-answer';
import type { QuantityChange } from '@/web/features/cart/quantity-change';

/**
 * One line's change (DESIGN §2): `PATCH /api/cart` sets a quantity, `PATCH /api/cart/{productId}`
 * removes the line. The cart page runs both as one mutation, so one change at a time shows as busy.
 */
export function changeCartLine(change: QuantityChange): Promise<CartChangeAnswer> {
  return change.kind === 'set'
    ? api.patch<CartChangeAnswer>('/cart', {
        body: { productId: change.productId, quantity: change.quantity },
      })
    : api.patch<CartChangeAnswer>(`/cart/${encodeURIComponent(change.productId)}`);
}

type ChangeCartLineConfig = Pick<
  UseMutationOptions<CartChangeAnswer, Error, QuantityChange>,
  'onSuccess' | 'onError' | 'onSettled'
>;

/**
 * The answer's cart is stored, then the caller's `onSuccess` runs. A failure asks for the cart again,
 * since the server may hold something else than the page shows (another tab, stock taken meanwhile).
 */
export function useChangeCartLine({ onSuccess, onError, onSettled }: ChangeCartLineConfig = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCartLine,
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
