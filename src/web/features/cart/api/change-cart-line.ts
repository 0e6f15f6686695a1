import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { useCartWrite, type CartWriteConfig } from '@/web/lib/cart-write';
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

/** One line's change; a failure asks for the cart again (stock may have moved, or another tab changed it). */
export function useChangeCartLine(config: CartWriteConfig<QuantityChange> = {}) {
  return useCartWrite(changeCartLine, config, { refreshOnError: true });
}
