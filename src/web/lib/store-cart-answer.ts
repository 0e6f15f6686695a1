import type { QueryClient } from '@tanstack/react-query';
import type { CartChangeAnswer } from '@/shared/schemas/cart';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * Puts a cart change's answer where the top-bar badge and the cart page read it, so neither asks
 * again. An answer without a cart (an older server) falls back to asking.
 */
export async function storeCartAnswer(client: QueryClient, answer: Partial<CartChangeAnswer>): Promise<void> {
  if (answer.cart && Array.isArray(answer.cart.products)) {
    client.setQueryData(queryKeys.cart, answer.cart);
    return;
  }
  await client.invalidateQueries({ queryKey: queryKeys.cart });
}
