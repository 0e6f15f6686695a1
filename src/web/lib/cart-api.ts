import type { QueryClient } from '@tanstack/react-query';
import type { CartChangeAnswer, CartDto } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

export const emptyCart: CartDto = { _id: '', id: '', products: [], subtotal: 0 };

export const cartApi = {
  add: (productId: string, quantity: number) =>
    api.post<CartChangeAnswer>('/cart', { body: { productId, quantity } }),
  setQuantity: (productId: string, quantity: number) =>
    api.patch<CartChangeAnswer>('/cart', { body: { productId, quantity } }),
  remove: (productId: string) => api.patch<CartChangeAnswer>(`/cart/${encodeURIComponent(productId)}`),
  clear: () => api.put<CartChangeAnswer>('/cart/clear'),
};

/**
 * Puts the answer's cart where the top-bar badge and the cart page read it, so neither asks again.
 * An answer without a cart (an older server) falls back to asking.
 */
export async function storeCartAnswer(client: QueryClient, answer: Partial<CartChangeAnswer>): Promise<void> {
  if (answer.cart && Array.isArray(answer.cart.products)) {
    client.setQueryData(queryKeys.cart, answer.cart);
    return;
  }
  await client.invalidateQueries({ queryKey: queryKeys.cart });
}
