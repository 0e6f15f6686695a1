import { queryOptions } from '@tanstack/react-query';
import type { LowStockAnswer } from '@/shared/schemas/dashboard';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * GET /api/dashboard/low-stock?threshold=n: products without variants and variants with at most n
 * in stock, lowest first; without n, the shop's own threshold (the answer says which). Orders move stock all the time, so it is asked afresh whenever it is shown.
 */
export function lowStockQuery(threshold: number | undefined) {
  return queryOptions({
    queryKey: queryKeys.admin.lowStock(threshold ?? null),
    queryFn: ({ signal }) =>
      api.get<LowStockAnswer>('/dashboard/low-stock', { query: { threshold }, signal }),
    staleTime: 0,
  });
}
