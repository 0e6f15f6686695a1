import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Courier, DeliveryRoute } from '@/web/admin/delivery-words';
import type { BulkAnswer, CourierPayoutAnswer, CouriersStatus, ShipmentDto } from '@/shared/schemas/delivery';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { DashboardStatsAnswer } from '@/shared/schemas/dashboard';
import type { OrderAnswer, OrderDto, OrderPageAnswer } from '@/shared/schemas/order';
import type { FullSettings, FullSettingsAnswer } from '@/shared/schemas/settings';
import { messages } from '@/web/admin/messages';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked, type MutationConfig } from '@/web/admin/call-helpers';

// Issue 36's answers, by the shared schemas' names the admin's screens were first written with.
export type Shipment = ShipmentDto;
export type { CouriersStatus };
export type DeliveryOrder = OrderDto;
export type DeliveryOrderPageAnswer = OrderPageAnswer;
export type DeliveryOrderAnswer = OrderAnswer;
/** The admin's settings answer (`GET /api/settings/full`), the couriers' state with it. */
export type AdminSettings = FullSettings;
export type AdminSettingsAnswer = FullSettingsAnswer;
export type DeliveryDashboard = DashboardStatsAnswer;
export type { BulkAnswer };
export type PayoutAnswer = CourierPayoutAnswer;
export type BulkResult = BulkAnswer['results'][number];

/** `POST /order/{id}/delivery`'s answer. */
export interface DeliveryMoveAnswer {
  success: true;
  message: string;
  order: OrderDto;
}

const s = messages.shipping;

/** Every figure a delivery changes: the desk, the order, the dashboard, and the stock a return puts back. */
function useDeliveryWrite<Request, Answer>(
  mutationFn: (request: Request) => Promise<Answer>,
  { onSuccess }: MutationConfig<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: ['order'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.lowStockAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]);
      onSuccess?.(answer);
    },
  });
}

export interface DeliveryMoveRequest {
  state: DeliveryRoute;
  trackingNumber?: string;
}

/** POST /api/order/{id}/delivery: one order moved along its road by hand. */
export function useMoveDelivery(orderId: string, config: MutationConfig<DeliveryMoveAnswer> = {}) {
  return useDeliveryWrite(
    async ({ state, trackingNumber }: DeliveryMoveRequest) =>
      checked(
        await api.post<DeliveryMoveAnswer | ErrorAnswer>(`/order/${encodeURIComponent(orderId)}/delivery`, {
          // A blank tracking number is left out rather than sent empty.
          body: trackingNumber?.trim() ? { state, trackingNumber: trackingNumber.trim() } : { state },
        }),
        s.deliveryFailed,
      ),
    config,
  );
}

/** POST /api/order/delivery: the same move for each selected order; each answers done or why not. */
export function useMoveDeliveries(config: MutationConfig<BulkAnswer> = {}) {
  return useDeliveryWrite(
    async ({ orderIds, state }: { orderIds: string[]; state: DeliveryRoute }) =>
      checked(
        await api.post<BulkAnswer | ErrorAnswer>('/order/delivery', { body: { orderIds, state } }),
        s.deliveryFailed,
      ),
    config,
  );
}

/** POST /api/couriers/bosta/shipments: each order queued to be created at Bosta. */
export function useSendToBosta(config: MutationConfig<BulkAnswer> = {}) {
  return useDeliveryWrite(
    async (orderIds: string[]) =>
      checked(
        await api.post<BulkAnswer | ErrorAnswer>('/couriers/bosta/shipments', { body: { orderIds } }),
        s.bostaSendFailed,
      ),
    config,
  );
}

/** DELETE /api/couriers/bosta/shipments/{orderId}: cancelled at Bosta, the order back to not shipped. */
export function useCancelBosta(
  orderId: string,
  config: MutationConfig<{ success: true; message: string }> = {},
) {
  return useDeliveryWrite(
    async () =>
      checked(
        await api.delete<{ success: true; message: string } | ErrorAnswer>(
          `/couriers/bosta/shipments/${encodeURIComponent(orderId)}`,
        ),
        s.cancelBostaFailed,
      ),
    config,
  );
}

/** POST /api/couriers/payouts: a courier's payout received, settling the orders it covers. */
export function useRecordPayout(config: MutationConfig<PayoutAnswer> = {}) {
  return useDeliveryWrite(
    async (payout: { courier: Courier; orderIds: string[]; reference: string }) =>
      checked(
        await api.post<PayoutAnswer | ErrorAnswer>('/couriers/payouts', {
          body: payout.reference.trim()
            ? { ...payout, reference: payout.reference.trim() }
            : { courier: payout.courier, orderIds: payout.orderIds },
        }),
        s.payoutFailed,
      ),
    config,
  );
}

/**
 * GET /api/order?delivery=delivered: the delivered orders (up to the API's 100 a page) whose cash a
 * payout may settle; the dialog keeps those of the chosen courier not yet settled.
 */
export const deliveredOrdersQuery = queryOptions({
  queryKey: queryKeys.orders.list({ delivery: 'delivered', limit: 100 }),
  queryFn: async ({ signal }) =>
    checked(
      await api.get<DeliveryOrderPageAnswer | ErrorAnswer>('/order', {
        query: { delivery: 'delivered', limit: 100 },
        signal,
      }),
      messages.orders.failedToFetchOrders,
    ).results,
});
