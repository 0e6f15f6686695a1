import type { QueryClient } from '@tanstack/react-query';
import { CART_ADD_TOAST_MS } from '@/shared/constants';
import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { storeCartAnswer } from '@/web/lib/cart-write';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';

/**
 * POST /api/cart: adds a line, or adds to the line the product (in that size and colour) already has.
 * A product with options needs its variant's id; one without sends none.
 */
function addCartItem({ productId, variantId, quantity }: AddCartItemRequest): Promise<CartChangeAnswer> {
  return api.post<CartChangeAnswer>('/cart', { body: { productId, variantId, quantity } });
}

export interface AddCartItemRequest {
  productId: string;
  variantId?: string | undefined;
  quantity: number;
}

/**
 * Adds to the cart and says how it went (SPEC §8). The answer's cart is stored first (the top-bar badge
 * reads the same query, so it shows the new count at once), then the server's message is shown; a
 * failure shows the server's message, else the cart's 'failed to add'. Runs on a press only
 * (src/web/lib/use-add-to-cart.ts loads it then), so the first screen does not carry it.
 */
export async function addCartItemWithFeedback(
  client: QueryClient,
  request: AddCartItemRequest,
): Promise<void> {
  try {
    const answer = await addCartItem(request);
    await storeCartAnswer(client, answer);
    notify.success(answer.message, { duration: CART_ADD_TOAST_MS });
  } catch (error) {
    // The cart's texts are not in the first screen's sections: they come with the failure.
    const { messages } = await import('@/web/i18n/messages');
    notify.error(failureText(error, messages.cart.failedToAdd));
  }
}
