import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { useCartWrite, type CartWriteConfig } from '@/web/lib/cart-write';

/** POST /api/cart: adds a line, or adds to the line the product already has. */
export function addCartItem(productId: string, quantity: number): Promise<CartChangeAnswer> {
  return api.post<CartChangeAnswer>('/cart', { body: { productId, quantity } });
}

interface AddCartItemRequest {
  productId: string;
  quantity: number;
}

/**
 * Adds to the cart. The answer's cart is stored first (the top-bar badge reads the same query, so it
 * shows the new count at once), then the caller's `onSuccess` runs.
 */
export function useAddCartItem(config: CartWriteConfig<AddCartItemRequest> = {}) {
  return useCartWrite(
    ({ productId, quantity }: AddCartItemRequest) => addCartItem(productId, quantity),
    config,
    { refreshOnError: false },
  );
}
