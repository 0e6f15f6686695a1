import { api } from '@/web/lib/api';

/** POST /api/cart/create: makes sure a shopper who just signed in has a cart (GET /cart would create one too). */
export function createCart(): Promise<unknown> {
  return api.post('/cart/create');
}
