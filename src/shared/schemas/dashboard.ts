import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { CountSchema, EgpSchema } from './common';
import { ProductSchema } from './product';

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
    /** The newest products. */
    recentProducts: z.array(ProductSchema),
  })
  .describe(
    "Shop totals, orders per status, revenue and what it counts, today's orders, pending orders, proofs to check and the newest products",
  );
export type DashboardStatsAnswer = z.infer<typeof DashboardStatsAnswerSchema>;
/** The figures themselves, as the dashboard service computes them. */
export type DashboardStats = Omit<DashboardStatsAnswer, 'success'>;
