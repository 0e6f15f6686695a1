import { count, sql } from 'drizzle-orm';
import type { OrderStatus } from '@/shared/constants';
import type { DbOrTx } from '../db/client';
import { categories, orders, products } from '../db/schema';

export interface ShopTotals {
  totalProducts: number;
  totalCategories: number;
}

export async function shopTotals(db: DbOrTx): Promise<ShopTotals> {
  const [row] = await db
    .select({
      totalProducts: count(),
      totalCategories: sql`(select count(*) from ${categories})`.mapWith(Number),
    })
    .from(products);
  return { totalProducts: row?.totalProducts ?? 0, totalCategories: row?.totalCategories ?? 0 };
}

export interface StatusTotals {
  status: OrderStatus;
  orders: number;
  grandTotalPiastres: number;
}

/** Orders and the sum of their grand totals per status, one row for each status that has any. */
export async function orderTotalsByStatus(db: DbOrTx): Promise<StatusTotals[]> {
  return db
    .select({
      status: orders.status,
      orders: count(),
      grandTotalPiastres: sql`coalesce(sum(${orders.grandTotalPiastres}), 0)`.mapWith(Number),
    })
    .from(orders)
    .groupBy(orders.status);
}
