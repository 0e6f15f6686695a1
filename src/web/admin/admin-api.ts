import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type OrderStatus } from '@/shared/constants';
import { messages } from '@/shared/messages';
import type { CategoryAnswer, CategoryListAnswer, CategorySavedAnswer } from '@/shared/schemas/category';
import type { DoneAnswer, ErrorAnswer } from '@/shared/schemas/common';
import type { DashboardStatsAnswer } from '@/shared/schemas/dashboard';
import type { OrderAnswer, OrderPageAnswer, OrderStatusAnswer } from '@/shared/schemas/order';
import type { ProductAnswer, ProductListAnswer, ProductSavedAnswer } from '@/shared/schemas/product';
import { api, UnsuccessfulAnswer } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The admin area's calls of DESIGN §2: one `queryOptions` per read, one hook per write (STYLE.md habit 7). */

const m = messages.admin;

/**
 * The answer, or a failure in the server's words: an answer that says `success: false` is a failure
 * even with a 200 (SPEC §8), whichever server a client talks to.
 */
function checked<T extends { success: true }>(answer: T | ErrorAnswer, fallback: string): T {
  if (answer.success === false) throw new UnsuccessfulAnswer(answer.message || fallback);
  return answer;
}

export const dashboardStatsQuery = queryOptions({
  queryKey: queryKeys.admin.stats,
  queryFn: ({ signal }) => api.get<DashboardStatsAnswer>('/dashboard/stats', { signal }),
});

/** Every product, newest first: `GET /product` without a page answers all matches (up to 1,000). */
export const allProductsQuery = queryOptions({
  queryKey: queryKeys.products.list({ sort: 'newest', admin: 'all' }),
  queryFn: async ({ signal }) =>
    checked(
      await api.get<ProductListAnswer | ErrorAnswer>('/product', { query: { sort: 'newest' }, signal }),
      m.failedToFetchProducts,
    ),
});

export interface AdminProductFilter {
  search: string;
  /** A category id, or '' for all. */
  category: string;
  page: number;
}

/** One page of 10 for the product list, searched and filtered on the server. */
export function adminProductsQuery({ search, category, page }: AdminProductFilter) {
  const query = { search, category, page, limit: ADMIN_PAGE_SIZE, sort: 'newest' };
  return queryOptions({
    queryKey: queryKeys.products.list({ ...query, admin: 'page' }),
    queryFn: async ({ signal }) =>
      checked(
        await api.get<ProductListAnswer | ErrorAnswer>('/product', { query, signal }),
        m.failedToFetchProducts,
      ),
  });
}

export function adminProductQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: async ({ signal }) => {
      const answer = checked(
        await api.get<ProductAnswer | ErrorAnswer>(`/product/${encodeURIComponent(id)}`, { signal }),
        m.failedToLoadProduct,
      );
      return answer.product;
    },
  });
}

export function adminCategoriesQuery(search: string, page: number) {
  const query = { search, page, limit: ADMIN_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.categories.list({ ...query, admin: 'page' }),
    queryFn: async ({ signal }) =>
      checked(
        await api.get<CategoryListAnswer | ErrorAnswer>('/category', { query, signal }),
        m.failedToFetchCategories,
      ),
  });
}

export function adminCategoryQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.category(id),
    queryFn: async ({ signal }) => {
      const answer = checked(
        await api.get<CategoryAnswer | ErrorAnswer>(`/category/${encodeURIComponent(id)}`, { signal }),
        m.failedToLoadCategory,
      );
      return answer.category;
    },
  });
}

export interface AdminOrderFilter {
  page: number;
  status: OrderStatus | '';
  search: string;
}

export function adminOrdersQuery({ page, status, search }: AdminOrderFilter) {
  const query = { page, limit: ADMIN_PAGE_SIZE, status, search };
  return queryOptions({
    queryKey: queryKeys.orders.list(query),
    queryFn: async ({ signal }) =>
      checked(
        await api.get<OrderPageAnswer | ErrorAnswer>('/order', { query, signal }),
        messages.orders.failedToFetchOrders,
      ),
  });
}

export function adminOrderQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: async ({ signal }) => {
      const answer = checked(
        await api.get<OrderAnswer | ErrorAnswer>(`/order/${encodeURIComponent(id)}`, { signal }),
        messages.orders.failedToFetchOrderDetails,
      );
      return answer.results;
    },
  });
}

interface MutationConfig<T> {
  onSuccess?: (answer: T) => void;
}

/**
 * Product and category writes change every list, count and detail that shows them: refresh all of
 * them before the caller moves on, so the next screen never shows the old data.
 */
function useCatalogueInvalidation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      queryClient.invalidateQueries({ queryKey: ['product'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
      queryClient.invalidateQueries({ queryKey: ['category'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats }),
    ]);
}

export function useDeleteProduct({ onSuccess }: MutationConfig<DoneAnswer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: async (id: string) =>
      checked(
        await api.delete<DoneAnswer | ErrorAnswer>(`/product/${encodeURIComponent(id)}`),
        m.failedToDeleteProduct,
      ),
    onSuccess: async (answer) => {
      await invalidate();
      onSuccess?.(answer);
    },
  });
}

export function useDeleteCategory({ onSuccess }: MutationConfig<DoneAnswer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: async (id: string) =>
      checked(
        await api.delete<DoneAnswer | ErrorAnswer>(`/category/${encodeURIComponent(id)}`),
        m.failedToDeleteCategory,
      ),
    onSuccess: async (answer) => {
      await invalidate();
      onSuccess?.(answer);
    },
  });
}

export interface SaveRequest {
  /** The record's id in edit mode; create mode has none. */
  id: string | undefined;
  form: FormData;
}

export function useSaveProduct({ onSuccess }: MutationConfig<ProductSavedAnswer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: async ({ id, form }: SaveRequest) =>
      checked(
        id
          ? await api.patch<ProductSavedAnswer | ErrorAnswer>(`/product/${encodeURIComponent(id)}`, {
              formData: form,
            })
          : await api.post<ProductSavedAnswer | ErrorAnswer>('/product', { formData: form }),
        m.operationFailed,
      ),
    onSuccess: async (answer) => {
      await invalidate();
      onSuccess?.(answer);
    },
  });
}

export function useSaveCategory({ onSuccess }: MutationConfig<CategorySavedAnswer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: async ({ id, form }: SaveRequest) =>
      checked(
        id
          ? await api.patch<CategorySavedAnswer | ErrorAnswer>(`/category/${encodeURIComponent(id)}`, {
              formData: form,
            })
          : await api.post<CategorySavedAnswer | ErrorAnswer>('/category', { formData: form }),
        m.operationFailed,
      ),
    onSuccess: async (answer) => {
      await invalidate();
      onSuccess?.(answer);
    },
  });
}

export function useUpdateOrderStatus(orderId: string, { onSuccess }: MutationConfig<OrderStatusAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: OrderStatus) =>
      checked(
        await api.patch<OrderStatusAnswer | ErrorAnswer>(`/order/${encodeURIComponent(orderId)}/status`, {
          body: { status },
        }),
        messages.orders.failedToUpdateStatus,
      ),
    onSuccess: async (answer) => {
      // A status change moves stock (cancel returns it) and revenue: every figure that shows them reloads.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: ['product'] }),
      ]);
      onSuccess?.(answer);
    },
  });
}
