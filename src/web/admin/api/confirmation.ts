import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type {
  AddressChange,
  ContactInput,
  CustomerAnswer,
  CustomerPageAnswer,
  CustomerPatch,
} from '@/shared/schemas/confirmation';
import type { OrderDto } from '@/shared/schemas/order';
import { checked, type MutationConfig } from '@/web/admin/call-helpers';
import { messages } from '@/web/admin/messages';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

// Issue 37's calls: confirming an order with the customer, changing it while it awaits, and the
// customers' records.

const t = messages.customers;

/** What the order's changes answer: the order as it is now. */
interface OrderChangeAnswer {
  success: true;
  message: string;
  order: OrderDto;
}

/** The order changed: its page shows the answer, and the lists, figures and records that count it reload. */
function useOrderChanged(orderId: string) {
  const queryClient = useQueryClient();
  return async (answer: OrderChangeAnswer) => {
    queryClient.setQueryData(queryKeys.order(orderId), answer.order);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.customers }),
    ]);
  };
}

/** POST /api/order/{id}/contacts: a call or a message, and what came of it. */
export function useLogContact(orderId: string, { onSuccess }: MutationConfig<OrderChangeAnswer> = {}) {
  const changed = useOrderChanged(orderId);
  return useMutation({
    mutationFn: async (contact: ContactInput) =>
      checked(
        await api.post<OrderChangeAnswer | ErrorAnswer>(`/order/${encodeURIComponent(orderId)}/contacts`, {
          body: contact,
        }),
        t.failedToLogContact,
      ),
    onSuccess: async (answer) => {
      await changed(answer);
      onSuccess?.(answer);
    },
  });
}

/** PATCH /api/order/{id}/address: the address she gave, while the order awaits her confirmation. */
export function useChangeAddress(orderId: string, { onSuccess }: MutationConfig<OrderChangeAnswer> = {}) {
  const changed = useOrderChanged(orderId);
  return useMutation({
    mutationFn: async (address: AddressChange) =>
      checked(
        await api.patch<OrderChangeAnswer | ErrorAnswer>(`/order/${encodeURIComponent(orderId)}/address`, {
          body: address,
        }),
        t.failedToChangeAddress,
      ),
    onSuccess: async (answer) => {
      await changed(answer);
      onSuccess?.(answer);
    },
  });
}

export interface CustomerListQuery {
  search: string;
  page: number;
}

/** GET /api/customers: a page of the shop's customers, one per number, the latest to order first. */
export function customersQuery({ search, page }: CustomerListQuery) {
  const query = { page, ...(search ? { search } : {}) };
  return queryOptions({
    queryKey: queryKeys.admin.customerList(query),
    queryFn: async ({ signal }) =>
      checked(
        await api.get<CustomerPageAnswer | ErrorAnswer>('/customers', { query, signal }),
        t.failedToLoadCustomers,
      ),
  });
}

/** PATCH /api/customers/{phone}: the owner's note on a number, or its block (null lifts it). */
export function useSaveCustomer(phone: string, { onSuccess }: MutationConfig<CustomerAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: CustomerPatch) =>
      checked(
        await api.patch<CustomerAnswer | ErrorAnswer>(`/customers/${encodeURIComponent(phone)}`, {
          body: patch,
        }),
        t.failedToSaveCustomer,
      ),
    onSuccess: async (answer) => {
      // Every order of the number shows its record: they read it again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.customers }),
        queryClient.invalidateQueries({ queryKey: ['order'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]);
      onSuccess?.(answer);
    },
  });
}
