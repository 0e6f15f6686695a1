import { queryOptions } from '@tanstack/react-query';
import type { LowStockAnswer } from '@/shared/schemas/dashboard';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/dashboard/low-stock at the shop's own threshold (LOW_STOCK_THRESHOLD). */
export const lowStockQuery = queryOptions({
  queryKey: queryKeys.admin.lowStock,
  queryFn: ({ signal }) => api.get<LowStockAnswer>('/dashboard/low-stock', { signal }),
});
