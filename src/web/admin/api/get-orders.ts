import { queryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '@/shared/constants';
import { messages } from '@/web/admin/messages';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { DeliveryOrderPageAnswer } from '@/web/admin/api/delivery';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked } from '@/web/admin/call-helpers';
import { orderFilterQuery, type OrderListFilters } from '@/web/admin/order-filters';

/** GET /api/order: one page of every shopper's orders, filtered and searched on the server. */
export function adminOrdersQuery(filters: OrderListFilters) {
  const query = { page: filters.page, limit: ADMIN_PAGE_SIZE, ...orderFilterQuery(filters) };
  return queryOptions({
    queryKey: queryKeys.orders.list(query),
    queryFn: async ({ signal }) =>
      checked(
        await api.get<DeliveryOrderPageAnswer | ErrorAnswer>('/order', { query, signal }),
        messages.orders.failedToFetchOrders,
      ),
  });
}
