import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { storeCartAnswer } from '@/web/lib/store-cart-answer';

/** POST /api/cart: adds a line, or adds to the line the product already has. */
export function addCartItem(productId: string, quantity: number): Promise<CartChangeAnswer> {
  return api.post<CartChangeAnswer>('/cart', { body: { productId, quantity } });
}

interface AddCartItemRequest {
  productId: string;
  quantity: number;
}

type AddCartItemConfig = Pick<
  UseMutationOptions<CartChangeAnswer, Error, AddCartItemRequest>,
  'onSuccess' | 'onError'
>;

/**
 * Adds to the cart. The answer's cart is stored first (the top-bar badge reads the same query, so it
 * shows the new count at once), then the caller's `onSuccess` runs.
 */
export function useAddCartItem({ onSuccess, onError }: AddCartItemConfig = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, quantity }: AddCartItemRequest) => addCartItem(productId, quantity),
    onSuccess: async (...args) => {
      await storeCartAnswer(queryClient, args[0]);
      await onSuccess?.(...args);
    },
    onError,
  });
}
