import { queryOptions } from '@tanstack/react-query';
import type { MyOrdersAnswer } from '@/shared/schemas/order';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/order/user/orders: the caller's orders, newest first. */
export const myOrdersQueryOptions = queryOptions({
  queryKey: queryKeys.orders.mine,
  queryFn: async ({ signal }) =>
    (await api.get<MyOrdersAnswer>('/order/user/orders', { signal })).results ?? [],
});
