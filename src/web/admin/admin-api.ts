import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type OrderStatus } from '@/shared/constants';
import { messages } from '@/shared/messages';
import type { CategoryDto } from '@/shared/schemas/category';
import type { DashboardStats } from '@/shared/schemas/dashboard';
import type { OrderDto } from '@/shared/schemas/order';
import type { ProductDto, ProductListDto } from '@/shared/schemas/product';
import { api, UnsuccessfulAnswer } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The admin area's calls of DESIGN §2: one `queryOptions` per read, one hook per write (STYLE.md habit 7). */

const m = messages.admin;

interface Answer {
  success: boolean;
  message?: string;
}

function unsuccessful(answer: Answer, fallback: string): UnsuccessfulAnswer {
  return new UnsuccessfulAnswer(answer.message || fallback);
}

type DashboardStatsAnswer = DashboardStats & Answer;

export const dashboardStatsQuery = queryOptions({
  queryKey: queryKeys.admin.stats,
  queryFn: ({ signal }) => api.get<DashboardStatsAnswer>('/dashboard/stats', { signal }),
});

/** Every product, newest first: `GET /product` without a page answers all matches (up to 1,000). */
export const allProductsQuery = queryOptions({
  queryKey: queryKeys.products.list({ sort: 'newest', admin: 'all' }),
  queryFn: async ({ signal }) => {
    const answer = await api.get<ProductListDto>('/product', { query: { sort: 'newest' }, signal });
    if (!answer.success) throw unsuccessful(answer, m.failedToFetchProducts);
    return answer;
  },
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
    queryFn: async ({ signal }) => {
      const answer = await api.get<ProductListDto>('/product', { query, signal });
      if (!answer.success) throw unsuccessful(answer, m.failedToFetchProducts);
      return answer;
    },
  });
}

export function adminProductQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: async ({ signal }) => {
      const answer = await api.get<Answer & { product: ProductDto }>(`/product/${encodeURIComponent(id)}`, {
        signal,
      });
      if (!answer.success) throw unsuccessful(answer, m.failedToLoadProduct);
      return answer.product;
    },
  });
}

interface CategoryListAnswer extends Answer {
  categories: CategoryDto[];
  page: number;
  totalPages: number;
  totalCount: number;
}

export function adminCategoriesQuery(search: string, page: number) {
  const query = { search, page, limit: ADMIN_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.categories.list({ ...query, admin: 'page' }),
    queryFn: async ({ signal }) => {
      const answer = await api.get<CategoryListAnswer>('/category', { query, signal });
      if (!answer.success) throw unsuccessful(answer, m.failedToFetchCategories);
      return answer;
    },
  });
}

export function adminCategoryQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.category(id),
    queryFn: async ({ signal }) => {
      const answer = await api.get<Answer & { category: CategoryDto }>(
        `/category/${encodeURIComponent(id)}`,
        { signal },
      );
      if (!answer.success) throw unsuccessful(answer, m.failedToLoadCategory);
      return answer.category;
    },
  });
}

export interface AdminOrderFilter {
  page: number;
  status: OrderStatus | '';
  search: string;
}

interface OrderListAnswer extends Answer {
  results: OrderDto[];
  pagination: { page: number; pages: number; total: number; limit: number };
}

export function adminOrdersQuery({ page, status, search }: AdminOrderFilter) {
  const query = { page, limit: ADMIN_PAGE_SIZE, status, search };
  return queryOptions({
    queryKey: queryKeys.orders.list(query),
    queryFn: async ({ signal }) => {
      const answer = await api.get<OrderListAnswer>('/order', { query, signal });
      if (!answer.success) throw unsuccessful(answer, messages.orders.failedToFetchOrders);
      return answer;
    },
  });
}

export function adminOrderQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: async ({ signal }) => {
      const answer = await api.get<Answer & { results: OrderDto }>(`/order/${encodeURIComponent(id)}`, {
        signal,
      });
      if (!answer.success) throw unsuccessful(answer, messages.orders.failedToFetchOrderDetails);
      return answer.results;
    },
  });
}

interface MutationConfig<T> {
  onSuccess?: (answer: T) => void;
}

/** A write's answer: a 2xx that still says `success: false` is a failure with the server's words. */
function checked<T extends Answer>(answer: T, fallback: string): T {
  if (!answer.success) throw unsuccessful(answer, fallback);
  return answer;
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

export function useDeleteProduct({ onSuccess }: MutationConfig<Answer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: async (id: string) =>
      checked(await api.delete<Answer>(`/product/${encodeURIComponent(id)}`), m.failedToDeleteProduct),
    onSuccess: async (answer) => {
      await invalidate();
      onSuccess?.(answer);
    },
  });
}

export function useDeleteCategory({ onSuccess }: MutationConfig<Answer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: async (id: string) =>
      checked(await api.delete<Answer>(`/category/${encodeURIComponent(id)}`), m.failedToDeleteCategory),
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

export function useSaveProduct({ onSuccess }: MutationConfig<Answer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: async ({ id, form }: SaveRequest) =>
      checked(
        id
          ? await api.patch<Answer>(`/product/${encodeURIComponent(id)}`, { formData: form })
          : await api.post<Answer>('/product', { formData: form }),
        m.operationFailed,
      ),
    onSuccess: async (answer) => {
      await invalidate();
      onSuccess?.(answer);
    },
  });
}

export function useSaveCategory({ onSuccess }: MutationConfig<Answer> = {}) {
  const invalidate = useCatalogueInvalidation();
  return useMutation({
    mutationFn: async ({ id, form }: SaveRequest) =>
      checked(
        id
          ? await api.patch<Answer>(`/category/${encodeURIComponent(id)}`, { formData: form })
          : await api.post<Answer>('/category', { formData: form }),
        m.operationFailed,
      ),
    onSuccess: async (answer) => {
      await invalidate();
      onSuccess?.(answer);
    },
  });
}

export function useUpdateOrderStatus(orderId: string, { onSuccess }: MutationConfig<Answer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: OrderStatus) =>
      checked(
        await api.patch<Answer>(`/order/${encodeURIComponent(orderId)}/status`, { body: { status } }),
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
