import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { useCartWrite, type CartWriteConfig } from '@/web/lib/cart-write';

/** PUT /api/cart/clear: empties the cart. */
export function clearCart(): Promise<CartChangeAnswer> {
  return api.put<CartChangeAnswer>('/cart/clear');
}

/** Empties the cart; a failure asks for the cart again. */
export function useClearCart(config: CartWriteConfig<void> = {}) {
  return useCartWrite(clearCart, config, { refreshOnError: true });
}
