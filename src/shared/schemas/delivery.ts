import { z } from 'zod';
import { COURIERS, DELIVERY_SOURCES, DELIVERY_STATES, PAYMENT_TYPES } from '../constants';
import { GOVERNORATE_CODES } from '../governorates';
import { messages } from '../messages';
import { AnswerIdSchema, CountSchema, EgpSchema, TimestampSchema, text } from './common';

/**
 * Delivery (issue 36): the governorate an order goes to, the zone it was charged as, the parcel with
 * its courier, and the road it took, beside SPEC's four statuses. The rules are in
 * src/server/delivery; these are the shapes both sides read.
 */

const d = messages.delivery;
const s = messages.shipping;

export const GovernorateSchema = z.enum(GOVERNORATE_CODES, { error: d.unknownGovernorate });
export const DeliveryStateSchema = z.enum(DELIVERY_STATES, { error: s.deliveryStateRule });
/** The states staff may move an order to (notShipped is where it starts, or where a cancelled parcel goes back). */
export const DELIVERY_MOVES = ['shipped', 'delivered', 'refused', 'returned'] as const;
export type DeliveryMove = (typeof DELIVERY_MOVES)[number];
export const DeliveryMoveStateSchema = z.enum(DELIVERY_MOVES, { error: s.deliveryMoveRule });

const localizedName = z.object({ en: z.string(), ar: z.string() });

/** The zone an order was charged as, by its id, with its name as it was then. */
export const DeliveryZoneRefSchema = z.object({ id: z.string(), name: localizedName });

/** The parcel of an order, once shipped by hand or sent to a courier. */
export const ShipmentSchema = z.object({
  courier: z.enum(COURIERS),
  /** How far the courier's copy has come: queued (being sent), created, failed (`error` says why), cancelled. */
  request: z.enum(['queued', 'created', 'failed', 'cancelled']),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** The courier's own name for where the parcel is, as its last event said. */
  courierState: z.string().nullable(),
  error: z.string().nullable(),
  cashToCollect: EgpSchema,
  cashCollected: EgpSchema.nullable(),
  collectedAt: TimestampSchema.nullable(),
  /** The courier's payout that covers the cash collected has been marked received. */
  settled: z.boolean(),
});
export type ShipmentDto = z.infer<typeof ShipmentSchema>;

/** One step of an order's road, oldest first. */
export const DeliveryHistoryEntrySchema = z.object({
  state: z.enum(DELIVERY_STATES),
  at: TimestampSchema,
  source: z.enum(DELIVERY_SOURCES),
  by: z.object({ _id: AnswerIdSchema, username: z.string() }).nullable(),
  note: z.string().nullable(),
});
export type DeliveryHistoryEntry = z.infer<typeof DeliveryHistoryEntrySchema>;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** `GET /delivery/quote`: what delivery to `governorate` costs for the caller's cart, paid as `paymentType`. */
export const DeliveryQuoteQuerySchema = z.object({
  governorate: GovernorateSchema,
  paymentType: z.preprocess(
    blankToUndefined,
    z.enum(PAYMENT_TYPES, { error: messages.orders.paymentTypeRule }).default('cash'),
  ),
  cartId: z.preprocess(blankToUndefined, z.uuid({ error: messages.orders.invalidCartId }).optional()),
});

export const DeliveryQuoteSchema = z.object({
  governorate: GovernorateSchema,
  /** The zone it is in; null: the shop does not deliver there. */
  zone: DeliveryZoneRefSchema.nullable(),
  deliverable: z.boolean(),
  /** The cart's items, in EGP. */
  subtotal: EgpSchema,
  shippingFee: EgpSchema,
  /** The zone's threshold is reached: `shippingFee` is 0. */
  freeDelivery: z.boolean(),
  /** The subtotal at or over which the zone ships free; null: never free. */
  freeOver: EgpSchema.nullable(),
  cashOnDeliveryAllowed: z.boolean(),
  /** Added to a cash order (0 for InstaPay, or where the zone charges none). */
  cashOnDeliveryFee: EgpSchema,
  estimateDays: z.object({ min: CountSchema, max: CountSchema }).nullable(),
  grandTotal: EgpSchema,
});
export type DeliveryQuote = z.infer<typeof DeliveryQuoteSchema>;

export const DeliveryQuoteAnswerSchema = z
  .object({ success: z.literal(true), quote: DeliveryQuoteSchema })
  .describe(
    "Delivery to a governorate for the caller's cart: the zone, the fee, free delivery, cash on delivery, the estimate",
  );
export type DeliveryQuoteAnswer = z.infer<typeof DeliveryQuoteAnswerSchema>;

const trackingNumber = z.preprocess(blankToUndefined, text('trackingNumber', { max: 60 }).optional());
const trackingUrl = z.preprocess(
  blankToUndefined,
  text('trackingUrl', { max: 500 })
    .pipe(z.url({ protocol: /^https?$/, error: s.trackingUrlRule }))
    .optional(),
);
const deliveryNote = z.preprocess(blankToUndefined, text('note', { max: 500 }).optional());

/** `POST /order/{id}/delivery` (admin): a move of the order's road, by hand. */
export const DeliveryMoveSchema = z.object({
  state: DeliveryMoveStateSchema,
  trackingNumber,
  trackingUrl,
  note: deliveryNote,
});
export type DeliveryMoveInput = z.infer<typeof DeliveryMoveSchema>;

const orderIds = z
  .array(z.uuid({ error: messages.errors.invalidId }), { error: s.orderIdsRule })
  .min(1, s.orderIdsRule)
  .max(100, s.orderIdsRule);

/** `POST /order/delivery` (admin): the same move for each of the orders chosen on the desk. */
export const BulkDeliveryMoveSchema = z.object({
  orderIds,
  state: DeliveryMoveStateSchema,
  note: deliveryNote,
});

/** What became of one order of a bulk action: done, or why not. */
export const BulkResultSchema = z.object({
  orderId: AnswerIdSchema,
  ok: z.boolean(),
  message: z.string(),
});

/** `POST /couriers/bosta/shipments` (admin): the orders to send to Bosta. */
export const CourierShipmentsSchema = z.object({ orderIds });

export const BulkAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), results: z.array(BulkResultSchema) })
  .describe('What became of each order: done, or why not');
export type BulkAnswer = z.infer<typeof BulkAnswerSchema>;

/** `GET /couriers/bosta/airway-bills?orderIds=a,b`: the orders' airway bills in one PDF. */
export const AirwayBillsQuerySchema = z.object({
  orderIds: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((id) => id !== '') : value),
    orderIds,
  ),
});

/** `POST /couriers/payouts` (admin): a courier's payout received, settling the cash of the orders it covers. */
export const CourierPayoutSchema = z.object({
  courier: z.enum(COURIERS, { error: s.courierRule }),
  orderIds,
  reference: z.preprocess(blankToUndefined, text('reference', { max: 100 }).optional()),
  receivedAt: z.preprocess(blankToUndefined, z.iso.date({ error: s.receivedAtRule }).optional()),
});

export const CourierPayoutAnswerSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    payout: z.object({
      id: AnswerIdSchema,
      courier: z.enum(COURIERS),
      amount: EgpSchema,
      orders: CountSchema,
      reference: z.string(),
      receivedAt: TimestampSchema,
    }),
  })
  .describe('The payout recorded, and the cash of its orders settled');
export type CourierPayoutAnswer = z.infer<typeof CourierPayoutAnswerSchema>;

/** The couriers the shop can send to, as the admin's Settings show them. */
export const CouriersStatusSchema = z.object({
  bosta: z.object({
    /** BOSTA_API_KEY and BOSTA_WEBHOOK_SECRET are set. */
    configured: z.boolean(),
    /** The address to paste in Bosta's dashboard as the delivery webhook. */
    webhookUrl: z.string(),
  }),
});
export type CouriersStatus = z.infer<typeof CouriersStatusSchema>;

export const CouriersAnswerSchema = z
  .object({ success: z.literal(true), couriers: CouriersStatusSchema })
  .describe('Whether each courier is connected, and its webhook address');
