import { queryOptions } from '@tanstack/react-query';
import type { DashboardStatsAnswer } from '@/shared/schemas/dashboard';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/dashboard/stats. */
export const dashboardStatsQuery = queryOptions({
  queryKey: queryKeys.admin.stats,
  queryFn: ({ signal }) => api.get<DashboardStatsAnswer>('/dashboard/stats', { signal }),
});
