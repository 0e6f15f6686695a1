import { z } from 'zod';
import { DELIVERY_STATES, MAX_STOCK, ORDER_STATUSES } from '../constants';
import { plainNumber } from '../digits';
import { AnswerIdSchema, CountSchema, EgpSchema } from './common';
import { ProductSchema } from './product';
import { VariantOptionsSchema } from './variants';

/** GET /api/dashboard/stats (DESIGN §2), computed in SQL. */
export const DashboardStatsAnswerSchema = z
  .object({
    success: z.literal(true),
    totalProducts: CountSchema,
    totalCategories: CountSchema,
    totalOrders: CountSchema,
    ordersByStatus: z.record(z.enum(ORDER_STATUSES), CountSchema),
    /** The grand totals of confirmed and completed orders, in EGP. */
    revenue: EgpSchema,
    /** What `revenue` counts, for the screen to say so: its label and the statuses summed. */
    revenueCounts: z.object({ label: z.string(), statuses: z.array(z.enum(ORDER_STATUSES)) }),
    /** Orders placed today (Cairo) that are not cancelled, and the sum of their grand totals in EGP. */
    today: z.object({ orders: CountSchema, total: EgpSchema }),
    /** Orders waiting for the owner: status pending. */
    pendingOrders: CountSchema,
    /** InstaPay orders with a proof whose payment is not yet marked received (and not cancelled). */
    proofsToCheck: CountSchema,
    /** Orders awaiting the customer's confirmation (issue 37): the desk's 'To confirm'. */
    toConfirm: CountSchema,
    /** The newest products. */
    recentProducts: z.array(ProductSchema),
    /** Issue 36: the cash couriers collected on delivered orders and have not paid out yet, in EGP. */
    cashWithCouriers: z.object({ amount: EgpSchema, orders: CountSchema }),
    /** Orders by what happened on the road (cancelled orders that never shipped are left out). */
    ordersByDelivery: z.record(z.enum(DELIVERY_STATES), CountSchema),
  })
  .describe(
    "Shop totals, orders per status, revenue and what it counts, today's orders, pending orders, proofs to check and the newest products",
  );
export type DashboardStatsAnswer = z.infer<typeof DashboardStatsAnswerSchema>;
/** The figures themselves, as the dashboard service computes them. */
export type DashboardStats = Omit<DashboardStatsAnswer, 'success'>;

const thresholdRule = `threshold must be a whole number from 0 to ${MAX_STOCK}`;

/** `GET /api/dashboard/low-stock?threshold=3`: the shop's `LOW_STOCK_THRESHOLD` (3 by default) when left out. */
export const LowStockQuerySchema = z.object({
  threshold: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    plainNumber(
      'integer',
      thresholdRule,
      z
        .number({ error: thresholdRule })
        .int(thresholdRule)
        .min(0, thresholdRule)
        .max(MAX_STOCK, thresholdRule)
        .optional(),
    ),
  ),
});

/** A product without variants, or one variant, at or under the threshold. */
export const LowStockItemSchema = z.object({
  productId: AnswerIdSchema,
  /** Null for a product without variants. */
  variantId: AnswerIdSchema.nullable(),
  name: z.string(),
  /** The product's Arabic name ('' when none was written). */
  nameAr: z.string(),
  slug: z.string(),
  sku: z.string().nullable(),
  options: VariantOptionsSchema.nullable(),
  /** The same values in Arabic, each the English where none was written. */
  optionsAr: VariantOptionsSchema.nullable(),
  avaliableItems: CountSchema,
});
export type LowStockItem = z.infer<typeof LowStockItemSchema>;

export const LowStockAnswerSchema = z
  .object({ success: z.literal(true), threshold: CountSchema, items: z.array(LowStockItemSchema) })
  .describe(
    'Products without variants and variants with at most `threshold` in stock, lowest first (at most 50)',
  );
export type LowStockAnswer = z.infer<typeof LowStockAnswerSchema>;
