import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ProductDetailDto, RatingAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** PATCH /api/product/{id}/rate. */
export function rateProduct(productId: string, rating: number): Promise<RatingAnswer> {
  return api.patch<RatingAnswer>(`/product/${encodeURIComponent(productId)}/rate`, { body: { rating } });
}

type RateProductConfig = Pick<UseMutationOptions<RatingAnswer, Error, number>, 'onSuccess' | 'onError'>;

/**
 * Rates the product read under `productKey` (its id or its slug). The answer's new average and count
 * go into the product on screen (the answer's product is the listing's shape, without the variants and
 * size guide the page shows, so it does not replace it), and every product list is marked stale, since the featured order and every card's
 * average depend on ratings; then the caller's `onSuccess` runs. The mutation stays pending until the
 * lists are fresh again.
 */
export function useRateProduct(
  productId: string,
  productKey: readonly unknown[],
  { onSuccess, onError }: RateProductConfig = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => rateProduct(productId, rating),
    onSuccess: async (...args) => {
      const [answer] = args;
      queryClient.setQueryData<ProductDetailDto>(productKey, (shown) =>
        shown ? { ...shown, averageRating: answer.averageRating, ratingCount: answer.ratingCount } : shown,
      );
      const refreshed = queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      await onSuccess?.(...args);
      await refreshed;
    },
    onError,
  });
}
