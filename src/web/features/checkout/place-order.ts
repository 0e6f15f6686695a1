import { IDEMPOTENCY_HEADER } from '@/shared/constants';
import { addressLine } from '@/shared/schemas/checkout';
import type { OrderDto } from '@/shared/schemas/order';
import { api } from '@/web/lib/api';
import type { CheckoutFormValues } from './checkout-form-schema';

export interface PlaceOrderRequest {
  cartId: string;
  values: CheckoutFormValues;
  proof: File | null;
  idempotencyKey: string;
}

export interface PlaceOrderAnswer {
  success: boolean;
  message: string;
  order: OrderDto;
  results: OrderDto;
}

/**
 * POST /order's multipart body: SPEC §7's fields (with the address as one line, for clients that read
 * only `address`) plus the structured address and the city, which the server prices the shipping by.
 */
export function orderFormData({
  cartId,
  values,
  proof,
}: Omit<PlaceOrderRequest, 'idempotencyKey'>): FormData {
  const form = new FormData();
  form.set('cartId', cartId);
  form.set('name', values.name);
  form.set('phone', values.phone);
  form.set('address', addressLine(values));
  form.set('street', values.street);
  form.set('building', values.building);
  form.set('floor', values.floor);
  form.set('apartment', values.apartment);
  form.set('landmark', values.landmark);
  form.set('area', values.area);
  form.set('city', values.city);
  form.set('paymentType', values.paymentType);
  if (proof) form.set('paymentImage', proof, proof.name);
  return form;
}

/** The same key for a retried submit, so a lost answer never becomes a second order (DESIGN §2). */
export function placeOrder(request: PlaceOrderRequest): Promise<PlaceOrderAnswer> {
  return api.post<PlaceOrderAnswer>('/order', {
    formData: orderFormData(request),
    headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey },
  });
}
