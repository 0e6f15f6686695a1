import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@/shared/constants';
import { addressLine } from '@/shared/address';
import { cityOfGovernorate } from '@/shared/governorates';
import type { PlacedOrderAnswer } from '@/shared/schemas/order';
import type { CheckoutFormValues } from '@/web/features/checkout/checkout-form-schema';
import { api } from '@/web/lib/api';
import { emptyCart } from '@/web/lib/api/get-cart';
import { queryKeys } from '@/web/lib/query-keys';

// POST /api/order (DESIGN §2): the request and its mutation hook, one file per call as for every call of
// the web app (bulletproof-react's api/<verb-noun>.ts), so the checkout form only says what the shopper sees.

export interface PlaceOrderRequest {
  cartId: string;
  values: CheckoutFormValues;
  proof: File | null;
  idempotencyKey: string;
}

/**
 * POST /order's multipart body: SPEC §7's fields (with the address as one line, for clients that read
 * only `address`) plus the structured address and the governorate, which the server prices the delivery
 * by (issue 36). `city` is the governorate's, so a reader of SPEC's three cities still reads one.
 */
export function orderFormData({
  cartId,
  values,
  proof,
}: Omit<PlaceOrderRequest, 'idempotencyKey'>): FormData {
  const city = cityOfGovernorate(values.governorate);
  const form = new FormData();
  form.set('cartId', cartId);
  form.set('name', values.name);
  form.set('phone', values.phone);
  form.set('address', addressLine({ ...values, city }));
  form.set('street', values.street);
  form.set('building', values.building);
  form.set('floor', values.floor);
  form.set('apartment', values.apartment);
  form.set('landmark', values.landmark);
  form.set('area', values.area);
  form.set('governorate', values.governorate);
  form.set('city', city);
  form.set('paymentType', values.paymentType);
  if (proof) form.set('paymentImage', proof, proof.name);
  return form;
}

/** The same key for a retried submit, so a lost answer never becomes a second order (DESIGN §2). */
export function placeOrder(request: PlaceOrderRequest): Promise<PlacedOrderAnswer> {
  return api.post<PlacedOrderAnswer>('/order', {
    formData: orderFormData(request),
    headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey },
  });
}

type PlaceOrderConfig = Pick<
  UseMutationOptions<PlacedOrderAnswer, Error, PlaceOrderRequest>,
  'onSuccess' | 'onError' | 'onSettled'
>;

/**
 * Places the order. The lists it changes (the shopper's orders, stock on every product) are marked
 * stale first and the order is kept for its confirmation page; then the caller's `onSuccess` runs (it leaves the page); only then is the cart shown as
 * empty, as the server left it, so the checkout page never flashes its empty state. A failure asks for
 * the cart again, since stock may have moved under it.
 */
export function usePlaceOrder({ onSuccess, onError, onSettled }: PlaceOrderConfig = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async (...args) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      // The confirmation page shows the order the answer carries, without asking for it again.
      const { order } = args[0];
      queryClient.setQueryData(queryKeys.order(order._id), order);
      await onSuccess?.(...args);
      const { cartId } = args[1];
      queryClient.setQueryData(queryKeys.cart, { ...emptyCart, _id: cartId, id: cartId });
    },
    onError: async (...args) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
      await onError?.(...args);
    },
    onSettled,
  });
}
