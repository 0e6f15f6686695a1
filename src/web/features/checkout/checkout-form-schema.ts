import type { z } from 'zod';
import { SHIPPING_FEES, type City } from '@/shared/constants';
import { toEgp, toPiastres } from '@/shared/money';
import { PaymentTypeSchema, ShippingSchema } from '@/shared/schemas/checkout';

/** The checkout form: SPEC §5's shipping rules (the same schema `POST /order` applies) and the payment type. */
export const CheckoutFormSchema = ShippingSchema.extend({ paymentType: PaymentTypeSchema });
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutFormValues = z.output<typeof CheckoutFormSchema>;

export function isCity(value: unknown): value is City {
  return typeof value === 'string' && value in SHIPPING_FEES;
}

/** Subtotal, the chosen city's fee and their sum, added in piastres; fee and total are null until a city is chosen. */
export function orderTotals(
  subtotal: number,
  city: unknown,
): { subtotal: number; fee: number | null; total: number | null } {
  if (!isCity(city)) return { subtotal, fee: null, total: null };
  const fee = SHIPPING_FEES[city];
  return { subtotal, fee, total: toEgp(toPiastres(subtotal) + toPiastres(fee)) };
}
