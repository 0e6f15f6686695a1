import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { useCartWrite, type CartWriteConfig } from '@/web/lib/cart-write';

/**
 * POST /api/cart: adds a line, or adds to the line the product (in that size and colour) already has.
 * A product with options needs its variant's id; one without sends none.
 */
export function addCartItem({
  productId,
  variantId,
  quantity,
}: AddCartItemRequest): Promise<CartChangeAnswer> {
  return api.post<CartChangeAnswer>('/cart', { body: { productId, variantId, quantity } });
}

interface AddCartItemRequest {
  productId: string;
  variantId?: string | undefined;
  quantity: number;
}

/**
 * Adds to the cart. The answer's cart is stored first (the top-bar badge reads the same query, so it
 * shows the new count at once), then the caller's `onSuccess` runs.
 */
export function useAddCartItem(config: CartWriteConfig<AddCartItemRequest> = {}) {
  return useCartWrite(addCartItem, config, { refreshOnError: false });
}
