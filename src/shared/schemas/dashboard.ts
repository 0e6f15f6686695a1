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
    /** The newest products. */
    recentProducts: z.array(ProductSchema),
  })
  .describe('Shop totals, orders per status, revenue and the newest products');
export type DashboardStatsAnswer = z.infer<typeof DashboardStatsAnswerSchema>;
/** The figures themselves, as the dashboard service computes them. */
export type DashboardStats = Omit<DashboardStatsAnswer, 'success'>;
