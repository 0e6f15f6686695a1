import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartAnswer, CartDto } from '@/shared/schemas/cart';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { useSession } from '@/web/session/session';

export const emptyCart: CartDto = { _id: '', id: '', products: [], subtotal: 0 };

/** SPEC §3: the answer carries `cart`, or is the cart itself. */
function cartOf(answer: Partial<CartAnswer> | CartDto): CartDto {
  return 'products' in answer ? answer : (answer.cart ?? emptyCart);
}

/** GET /api/cart; every cart change answers the whole cart, so mutations can `setQueryData(queryKeys.cart, …)`. */
export const cartQueryOptions = queryOptions({
  queryKey: queryKeys.cart,
  queryFn: async ({ signal }) => cartOf(await api.get<Partial<CartAnswer> | CartDto>('/cart', { signal })),
});

/** The signed-in shopper's cart; nothing is asked for visitors and admins, who have none (SPEC §4). */
export function useCart() {
  const { isSignedIn, isAdmin } = useSession();
  return useQuery({ ...cartQueryOptions, enabled: isSignedIn && !isAdmin });
}
