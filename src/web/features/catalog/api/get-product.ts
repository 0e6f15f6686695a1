import { queryOptions } from '@tanstack/react-query';
import type { ProductAnswer } from '@/shared/schemas/product';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/product/{id or slug}: both detail routes read the same screen. */
export function productQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: queryKeys.product(idOrSlug),
    queryFn: async ({ signal }) =>
      (await api.get<ProductAnswer>(`/product/${encodeURIComponent(idOrSlug)}`, { signal })).product,
  });
}
