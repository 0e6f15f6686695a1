import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  CITIES,
  CONFIRMATION_FILTERS,
  ORDER_PERIODS,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  PROOF_FILTERS,
  STATUS_NOTE_MAX,
} from '../constants';
import { GOVERNORATE_CODES } from '../governorates';
import { messages } from '../messages';
import { ruleText } from '../translate';
import {
  AnswerIdSchema,
  BinaryFileSchema,
  CountSchema,
  EgpSchema,
  TimestampSchema,
  limitParam,
  pageParam,
  searchParam,
  text,
} from './common';
import {
  DeliveryHistoryEntrySchema,
  DeliveryStateSchema,
  DeliveryZoneRefSchema,
  GovernorateSchema,
  ShipmentSchema,
} from './delivery';
import { ImageSchema } from './product';
import { CustomerRecordSchema, OrderConfirmationSchema } from './confirmation';
import { VariantRefSchema } from './variants';

export const OrderStatusSchema = z.enum(ORDER_STATUSES, { error: messages.orders.statusRule });
export const StatusUpdateSchema = z.object({
  status: OrderStatusSchema,
  /** Why, for the order's history and the customer's e-mail; blank is no note. */
  note: text('note', {
    max: STATUS_NOTE_MAX,
    tooLong: ruleText(messages.orders.noteRule, { max: STATUS_NOTE_MAX }),
  })
    .nullish()
    .describe(`An optional note, at most ${STATUS_NOTE_MAX} characters, kept in the history and mailed`),
});

/** `PATCH /order/{id}/lines/{lineId}/variant` (admin): the variant of a line ordered without one. */
export const LineVariantUpdateSchema = z.object({
  variantId: z.uuid({ error: messages.cart.invalidVariantId }),
});

/** `PATCH /order/{id}/payment` (admin): the payment was received (or, undone, was not). */
export const PaymentUpdateSchema = z.object({
  verified: z.boolean({ error: messages.orders.verifiedRule }),
});

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The days an order filter may name: the shop's orders all fall in them, and outside them the calendar
 * stops being one clock and database agree on (year 0 is 1 BC to Intl, and no year at all to PostgreSQL).
 */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2099-12-31';

/** A day of the shop's calendar (Africa/Cairo), written YYYY-MM-DD, from FIRST_DAY to LAST_DAY. */
function dayParam(field: string) {
  const rule = ruleText(messages.orders.dateRule, { field });
  const range = ruleText(messages.orders.dateRange, { field, first: FIRST_DAY, last: LAST_DAY });
  return z.preprocess(
    blankToUndefined,
    z.iso
      .date({ error: rule })
      // ISO days compare as text.
      .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, range)
      .optional()
      .describe(`${field}: a day, YYYY-MM-DD, Cairo time, from ${FIRST_DAY} to ${LAST_DAY}`),
  );
}

/** The filters of the admin order list, shared by its page and its CSV export. */
export const OrderFilterSchema = z.object({
  status: z.preprocess(blankToUndefined, OrderStatusSchema.optional()),
  /** The customer's name, phone or e-mail, the order's number ('N-10001', '10001') or an id prefix. */
  search: searchParam,
  /** Placed on or after this day (Cairo). */
  from: dayParam('from'),
  /** Placed on or before this day (Cairo). */
  to: dayParam('to'),
  /** Placed today, or in the last 7 days with today (Cairo). */
  period: z.preprocess(
    blankToUndefined,
    z.enum(ORDER_PERIODS, { error: messages.orders.periodRule }).optional(),
  ),
  paymentType: z.preprocess(
    blankToUndefined,
    z.enum(PAYMENT_TYPES, { error: messages.orders.paymentTypeRule }).optional(),
  ),
  /** 'toCheck': InstaPay orders with a proof whose payment is not yet marked received. */
  proof: z.preprocess(
    blankToUndefined,
    z.enum(PROOF_FILTERS, { error: messages.orders.proofFilterRule }).optional(),
  ),
  /** What happened on the road (issue 36): notShipped, shipped, delivered, refused, returned. */
  delivery: z.preprocess(blankToUndefined, DeliveryStateSchema.optional()),
  /** 'toConfirm': orders awaiting the customer's confirmation (issue 37). */
  confirmation: z.preprocess(
    blankToUndefined,
    z.enum(CONFIRMATION_FILTERS, { error: messages.confirmation.confirmationFilterRule }).optional(),
  ),
  /** The orders of one phone number, any way it is written (issue 37: a customer's orders). */
  customer: z.preprocess(blankToUndefined, text('customer', { max: 20 }).optional()),
});
export type OrderFilter = z.infer<typeof OrderFilterSchema>;

export const AdminOrderQuerySchema = OrderFilterSchema.extend({
  page: pageParam,
  limit: limitParam(100).default(ADMIN_PAGE_SIZE),
});

/** A line as sold: the snapshot of the product taken when the order was placed (DESIGN §2). */
export const OrderLineSchema = z.object({
  _id: AnswerIdSchema,
  product: z.object({
    /** The product's id; the line's own id for a product deleted since. */
    _id: AnswerIdSchema,
    id: AnswerIdSchema,
    name: z.string(),
    /** The Arabic name as it was sold (issue 14); empty when there was none. */
    nameAr: z.string(),
    slug: z.string(),
    /** The unit price paid. */
    finalPrice: EgpSchema,
    images: z.array(ImageSchema),
    defaultImage: ImageSchema,
    category: z.object({ name: z.string(), nameAr: z.string() }),
  }),
  quantity: CountSchema,
  unitPrice: EgpSchema,
  /** The variant sold, as it was then (it stays when the owner removes the variant); null for none. */
  variant: VariantRefSchema.nullable(),
  /**
   * A line of a product with variants ordered without one (a SPEC §7 client, issue 35): 'Size to
   * confirm'. No stock is taken for it until the owner chooses the variant
   * (`PATCH /order/{id}/lines/{lineId}/variant`); the order cannot be confirmed before.
   */
  variantToConfirm: z.boolean(),
});
export type OrderLineDto = z.infer<typeof OrderLineSchema>;

/** Who did something to an order; null where nobody signed in did it (an order from before the record). */
const ActorSchema = z.object({ _id: AnswerIdSchema, username: z.string() });

/** One step of an order's life: its placement ('pending', by the buyer) and every status change since. */
export const OrderHistoryEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: TimestampSchema,
  by: ActorSchema.nullable(),
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

/** The owner's check of the payment, apart from the status: who marked it received, and when. */
export const PaymentCheckSchema = z.object({
  verified: z.boolean(),
  at: TimestampSchema.nullable(),
  by: ActorSchema.nullable(),
});

export const OrderSchema = z.object({
  _id: AnswerIdSchema,
  id: AnswerIdSchema,
  /** The order's number for people (`N-10234`): what the shopper, the owner and every e-mail show. */
  number: z.string(),
  createdAt: TimestampSchema,
  status: z.enum(ORDER_STATUSES),
  name: z.string(),
  phone: z.string(),
  /**
   * One line of address text: the structured fields joined in the words of the language the order was
   * placed in ('Floor 5, Apartment 12' or 'الدور 5، شقة 12'), or the text a SPEC §7 client sent.
   */
  address: z.string(),
  /** The structured address; empty for an order of a client that sent only `address`. */
  street: z.string(),
  building: z.string(),
  floor: z.string(),
  apartment: z.string(),
  landmark: z.string(),
  area: z.string(),
  city: z.enum(CITIES),
  /** The governorate delivered to (issue 36); null for a client that named only a city or an address. */
  governorate: GovernorateSchema.nullable(),
  /** The delivery zone the order was charged as, its name as it was then; null before zones. */
  deliveryZone: DeliveryZoneRefSchema.nullable(),
  products: z.array(OrderLineSchema),
  /** The items, in EGP. */
  totalPrice: EgpSchema,
  shippingFee: EgpSchema,
  /** The zone's fee for paying in cash (issue 36), in EGP; 0 for most orders. */
  cashOnDeliveryFee: EgpSchema,
  /** totalPrice + shippingFee + cashOnDeliveryFee. */
  grandTotal: EgpSchema,
  paymentType: z.enum(PAYMENT_TYPES),
  /** A signed link to the payment proof that expires (an hour by default); null without a proof. */
  paymentImage: z.object({ url: z.string() }).nullable(),
  createdBy: z.object({ _id: AnswerIdSchema, username: z.string(), email: z.string() }),
  /** Oldest first: the placement ('pending', by the buyer), then every status change with its note. */
  history: z.array(OrderHistoryEntrySchema),
  payment: PaymentCheckSchema,
  /** What happened on the road, beside the status (issue 36). */
  deliveryState: DeliveryStateSchema,
  /** The parcel, once shipped by hand or sent to a courier; null before. */
  shipment: ShipmentSchema.nullable(),
  /** Oldest first: every change of `deliveryState`, who or what made it, and why. */
  deliveryHistory: z.array(DeliveryHistoryEntrySchema),
  /**
   * Whether it awaits the customer's confirmation (issue 37), and every contact and WhatsApp message
   * about it (both empty in the shopper's own answers: they are the shop's notes).
   */
  confirmation: OrderConfirmationSchema,
  /**
   * The record of the order's phone number: its orders as they went, the owner's note and block. Null
   * in the shopper's own answers.
   */
  customerRecord: CustomerRecordSchema.nullable(),
});
export type OrderDto = z.infer<typeof OrderSchema>;

/** `POST /order`: the same order twice, for both readings of SPEC §7. */
export const PlacedOrderAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), order: OrderSchema, results: OrderSchema })
  .describe('The order placed (or, for a repeated Idempotency-Key, the first one)');
export type PlacedOrderAnswer = z.infer<typeof PlacedOrderAnswerSchema>;

/** `GET /order/user/orders`: the caller's orders, newest first. */
export const MyOrdersAnswerSchema = z
  .object({ success: z.literal(true), results: z.array(OrderSchema) })
  .describe("The caller's orders, newest first");
export type MyOrdersAnswer = z.infer<typeof MyOrdersAnswerSchema>;

/** `GET /order/{id}`. */
export const OrderAnswerSchema = z
  .object({ success: z.literal(true), results: OrderSchema })
  .describe('The order');
export type OrderAnswer = z.infer<typeof OrderAnswerSchema>;

/** `PATCH /order/{id}/status`: the order with its new status. */
export const OrderStatusAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), results: OrderSchema })
  .describe('The order with its new status');
export type OrderStatusAnswer = z.infer<typeof OrderStatusAnswerSchema>;

/** `PATCH /order/{id}/payment` (admin): the order with its payment check. */
export const OrderPaymentAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), order: OrderSchema })
  .describe('The order with its payment marked received or not');
export type OrderPaymentAnswer = z.infer<typeof OrderPaymentAnswerSchema>;

export const OrderVariantAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), order: OrderSchema })
  .describe("The order with the line's variant chosen and its stock taken");
export type OrderVariantAnswer = z.infer<typeof OrderVariantAnswerSchema>;

/** `GET /order` (admin): a page of orders. */
export const OrderPageAnswerSchema = z
  .object({
    success: z.literal(true),
    results: z.array(OrderSchema),
    pagination: z.object({ page: CountSchema, pages: CountSchema, total: CountSchema, limit: CountSchema }),
  })
  .describe('A page of orders, newest first');
export type OrderPageAnswer = z.infer<typeof OrderPageAnswerSchema>;

/**
 * `POST /order`'s multipart body, for the API description only: the route reads the parts itself and
 * checks them with the checkout's schemas (src/shared/schemas/checkout.ts). Nour's checkout sends the
 * structured address and `city`; a SPEC §7 client may send `address` alone, and its city is read from it.
 */
export const OrderMultipartSchema = z.object({
  cartId: z.string().describe("The cart to order; the caller's own cart when left out").optional(),
  name: z.string().describe('Letters and spaces, 3 to 50'),
  phone: z.string().describe('An Egyptian mobile number: 01 then 0, 1, 2 or 5, then 8 digits (+2 allowed)'),
  paymentType: z.enum(PAYMENT_TYPES).describe('cash, or instapay (then paymentImage is required)'),
  paymentImage: BinaryFileSchema.describe(
    'The payment proof: required for instapay, optional for cash',
  ).optional(),
  address: z
    .string()
    .describe(
      'One line of address text, 5 to 300; the whole address of a SPEC §7 client (its city read from ' +
        "Giza's or Cairo's name in it, in English or Arabic). With the structured fields it is ignored: " +
        "the order joins them in the words of the request's language",
    )
    .optional(),
  governorate: z
    .enum(GOVERNORATE_CODES)
    .describe(
      "The governorate delivered to (issue 36), by its ISO 3166-2:EG code ('EG-C', 'EG-GZ', 'EG-ALX', …): " +
        'its delivery zone sets the fee; `city` may then be left out',
    )
    .optional(),
  street: z.string().describe('5 to 100 letters, digits, spaces and - . ,').optional(),
  building: z.string().describe('1 to 5 digits').optional(),
  floor: z.string().describe('1 to 3 digits').optional(),
  apartment: z.string().describe('1 to 4 digits').optional(),
  landmark: z.string().describe('Up to 100 characters').optional(),
  area: z.string().describe('Letters and spaces, 3 to 50').optional(),
  city: z
    .enum(CITIES)
    .describe('Prices the shipping without a governorate; read from `address` when both are left out')
    .optional(),
});
