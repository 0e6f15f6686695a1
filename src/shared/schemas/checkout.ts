import { z } from 'zod';
import { CITIES, PAYMENT_TYPES } from '../constants';
import { typedDigits } from '../digits';
import { messages } from '../messages';
import { text } from './common';

const m = messages.orders;

/** A checkout field whose one SPEC message covers it being missing, too long or malformed. */
function rule(field: string, max: number, message: string) {
  return text(field, { max, error: message, tooLong: message });
}

/** The checkout form's rules of SPEC §5, applied by the form and again by `POST /order`. */
export const ShippingSchema = z.object({
  name: rule('name', 50, m.nameRule).regex(/^[\p{L} ]{3,50}$/u, m.nameRule),
  // Numbers are read in ASCII whatever digits were typed (an Arabic keyboard types ٠١٠…), then checked.
  phone: typedDigits(rule('phone', 13, m.phoneRule).regex(/^(\+2)?01[0125]\d{8}$/, m.phoneRule)),
  street: typedDigits(rule('street', 100, m.streetRule).regex(/^[\p{L}\d\s\-.,]{5,100}$/u, m.streetRule)),
  building: typedDigits(rule('building', 5, m.buildingRule).regex(/^\d{1,5}$/, m.buildingRule)),
  floor: typedDigits(rule('floor', 3, m.floorRule).regex(/^\d{1,3}$/, m.floorRule)),
  apartment: typedDigits(rule('apartment', 4, m.apartmentRule).regex(/^\d{1,4}$/, m.apartmentRule)),
  landmark: text('landmark', { max: 100, tooLong: m.landmarkRule }).optional().default(''),
  area: rule('area', 50, m.areaRule).regex(/^[\p{L} ]{3,50}$/u, m.areaRule),
  city: z.enum(CITIES, { error: m.cityRule }),
});
export type Shipping = z.output<typeof ShippingSchema>;

/** The `Idempotency-Key` header of `POST /order`: it is stored, so it is text like any field. */
export const IdempotencyKeySchema = text('Idempotency-Key', {
  max: 200,
  trim: false,
  tooLong: m.idempotencyKeyRule,
}).refine((key) => key.trim() !== '', m.idempotencyKeyRule);

export const PaymentTypeSchema = z.enum(PAYMENT_TYPES, { error: m.paymentTypeRule });

/** The order's own fields beside the address; without `cartId` the caller's cart is meant. */
export const OrderBasicsSchema = z.object({
  cartId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: m.invalidCartId }).optional()),
  paymentType: PaymentTypeSchema,
});

/**
 * A client that sends only SPEC §7's fields: one line of address text, the city read from it with
 * `cityFromAddress` (server/orders/address.ts, DESIGN §2).
 */
export const AddressOnlySchema = ShippingSchema.pick({ name: true, phone: true }).extend({
  address: rule('address', 300, m.addressRule).min(5, m.addressRule),
});
