import { z } from 'zod';
import { CITIES, PAYMENT_TYPES } from '../constants';
import { messages } from '../messages';

const m = messages.orders;

/** The checkout form's rules of SPEC §5, applied by the form and again by `POST /order`. */
export const ShippingSchema = z.object({
  name: z
    .string({ error: m.nameRule })
    .trim()
    .regex(/^[\p{L} ]{3,50}$/u, m.nameRule),
  phone: z
    .string({ error: m.phoneRule })
    .trim()
    .regex(/^(\+2)?01[0125]\d{8}$/, m.phoneRule),
  street: z
    .string({ error: m.streetRule })
    .trim()
    .regex(/^[\p{L}\d\s\-.,]{5,100}$/u, m.streetRule),
  building: z
    .string({ error: m.buildingRule })
    .trim()
    .regex(/^\d{1,5}$/, m.buildingRule),
  floor: z
    .string({ error: m.floorRule })
    .trim()
    .regex(/^\d{1,3}$/, m.floorRule),
  apartment: z
    .string({ error: m.apartmentRule })
    .trim()
    .regex(/^\d{1,4}$/, m.apartmentRule),
  landmark: z.string().trim().max(100, m.landmarkRule).optional().default(''),
  area: z
    .string({ error: m.areaRule })
    .trim()
    .regex(/^[\p{L} ]{3,50}$/u, m.areaRule),
  city: z.enum(CITIES, { error: m.cityRule }),
});
export type ShippingInput = z.input<typeof ShippingSchema>;
export type Shipping = z.output<typeof ShippingSchema>;

export const PaymentTypeSchema = z.enum(PAYMENT_TYPES, { error: m.paymentTypeRule });

/** The order's own fields beside the address; without `cartId` the caller's cart is meant. */
export const OrderBasicsSchema = z.object({
  cartId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: m.invalidCartId }).optional()),
  paymentType: PaymentTypeSchema,
});

/**
 * A client that sends only SPEC §7's fields: one line of address text, the city read from it with
 * `cityFromAddress` (DESIGN §2).
 */
export const AddressOnlySchema = ShippingSchema.pick({ name: true, phone: true }).extend({
  address: z.string({ error: m.addressRule }).trim().min(5, m.addressRule).max(300, m.addressRule),
});

/** One line of address text from the structured fields, for clients that read `address` (SPEC §3). */
export function addressLine(
  s: Pick<Shipping, 'street' | 'building' | 'floor' | 'apartment' | 'landmark' | 'area' | 'city'>,
): string {
  const parts = [
    `${s.building} ${s.street}`,
    `Floor ${s.floor}, Apartment ${s.apartment}`,
    // People write the landmark as a phrase ("near the mosque", "opposite the bank"), so it stands as typed.
    s.landmark,
    s.area,
    s.city,
  ];
  return parts.filter(Boolean).join(', ');
}

/** The city a bare address text names, for clients that send no `city` (DESIGN §2). */
export function cityFromAddress(address: string): (typeof CITIES)[number] {
  const text = address.toLowerCase();
  if (text.includes('giza')) return 'Giza';
  if (text.includes('cairo')) return 'Cairo';
  return 'Outside Cairo and Giza';
}
