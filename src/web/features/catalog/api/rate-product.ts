import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { RatingAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** PATCH /api/product/{id}/rate. */
export function rateProduct(productId: string, rating: number): Promise<RatingAnswer> {
  return api.patch<RatingAnswer>(`/product/${encodeURIComponent(productId)}/rate`, { body: { rating } });
}

type RateProductConfig = Pick<UseMutationOptions<RatingAnswer, Error, number>, 'onSuccess' | 'onError'>;

/**
 * Rates the product read under `productKey` (its id or its slug). The answer's product replaces the
 * one on screen and every product list is marked stale, since the featured order and every card's
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
      if (answer.product) queryClient.setQueryData(productKey, answer.product);
      const refreshed = queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      await onSuccess?.(...args);
      await refreshed;
    },
    onError,
  });
}
