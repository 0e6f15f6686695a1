import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { useCartWrite, type CartWriteConfig } from '@/web/lib/cart-write';
import type { QuantityChange } from '@/web/features/cart/quantity-change';

/**
 * One line's change (DESIGN §2, issue 13): `PATCH /api/cart` sets the quantity of a product in its
 * variant, `PATCH /api/cart/{lineId}` removes that one line. The cart page runs both as one mutation,
 * so one change at a time shows as busy.
 */
export function changeCartLine(change: QuantityChange): Promise<CartChangeAnswer> {
  return change.kind === 'set'
    ? api.patch<CartChangeAnswer>('/cart', {
        body: {
          productId: change.productId,
          // A line without a variant is today's line: nothing extra for an older server to refuse.
          ...(change.variantId ? { variantId: change.variantId } : {}),
          quantity: change.quantity,
        },
      })
    : api.patch<CartChangeAnswer>(`/cart/${encodeURIComponent(change.lineId)}`);
}

/** One line's change; a failure asks for the cart again (stock may have moved, or another tab changed it). */
export function useChangeCartLine(config: CartWriteConfig<QuantityChange> = {}) {
  return useCartWrite(changeCartLine, config, { refreshOnError: true });
}
