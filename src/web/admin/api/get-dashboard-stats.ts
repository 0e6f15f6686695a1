import { queryOptions } from '@tanstack/react-query';
import type { DeliveryDashboard } from '@/web/admin/api/delivery';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/dashboard/stats, with issue 36's cash with couriers and orders by delivery state. */
export const dashboardStatsQuery = queryOptions({
  queryKey: queryKeys.admin.stats,
  queryFn: ({ signal }) => api.get<DeliveryDashboard>('/dashboard/stats', { signal }),
});
