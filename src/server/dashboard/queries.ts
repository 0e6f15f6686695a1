import { and, count, ne, sql } from 'drizzle-orm';
import type { OrderStatus } from '@/shared/constants';
import { shopDay } from '@/shared/dates';
import type { DbOrTx } from '../db/client';
import { categories, orders, products } from '../db/schema';
import { placedBetween, proofToCheck } from '../orders/queries';

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

export interface DeskTotals {
  todayOrders: number;
  todayGrandTotalPiastres: number;
  proofsToCheck: number;
}

/** Orders placed today (Cairo) and not cancelled, their grand totals, and the proofs waiting for a check. */
export async function deskTotals(db: DbOrTx): Promise<DeskTotals> {
  const [row] = await db
    .select({
      todayOrders: count(),
      todayGrandTotalPiastres: sql`coalesce(sum(${orders.grandTotalPiastres}), 0)`.mapWith(Number),
      proofsToCheck: sql`(select count(*) from ${orders} where ${proofToCheck})`.mapWith(Number),
    })
    .from(orders)
    .where(and(ne(orders.status, 'cancelled'), ...placedBetween(shopDay())));
  return {
    todayOrders: row?.todayOrders ?? 0,
    todayGrandTotalPiastres: row?.todayGrandTotalPiastres ?? 0,
    proofsToCheck: row?.proofsToCheck ?? 0,
  };
}
