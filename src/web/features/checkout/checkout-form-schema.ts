import type { z } from 'zod';
import { CITIES, type City } from '@/shared/constants';
import { toEgp, toPiastres } from '@/shared/money';
import { PaymentTypeSchema, ShippingSchema } from '@/shared/schemas/checkout';

/** The checkout form: SPEC §5's shipping rules (the same schema `POST /order` applies) and the payment type. */
export const CheckoutFormSchema = ShippingSchema.extend({ paymentType: PaymentTypeSchema });
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutFormValues = z.output<typeof CheckoutFormSchema>;

export function isCity(value: unknown): value is City {
  return (CITIES as readonly unknown[]).includes(value);
}

/**
 * Subtotal, the chosen city's fee (`fees`: the shop's settings) and their sum, added in piastres; fee and
 * total are null until a city is chosen. The server charges the same fee, from the same settings.
 */
export function orderTotals(
  subtotal: number,
  city: unknown,
  fees: Record<City, number>,
): { subtotal: number; fee: number | null; total: number | null } {
  if (!isCity(city)) return { subtotal, fee: null, total: null };
  const fee = fees[city];
  return { subtotal, fee, total: toEgp(toPiastres(subtotal) + toPiastres(fee)) };
}
