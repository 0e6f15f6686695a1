import type { OptionTexts } from '@/shared/option-texts';
import { and, count, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { OrderStatus } from '@/shared/constants';
import { shopDay } from '@/shared/dates';
import type { DbOrTx } from '../db/client';
import { categories, LOW_STOCK_CAP, orders, products, productVariants, shipments } from '../db/schema';
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
  /** Orders awaiting the customer's confirmation (issue 37). */
  toConfirm: number;
}

/** Orders placed today (Cairo) and not cancelled, their grand totals, and the proofs waiting for a check. */
export async function deskTotals(db: DbOrTx): Promise<DeskTotals> {
  const [row] = await db
    .select({
      todayOrders: count(),
      todayGrandTotalPiastres: sql`coalesce(sum(${orders.grandTotalPiastres}), 0)`.mapWith(Number),
      proofsToCheck: sql`(select count(*) from ${orders} where ${proofToCheck})`.mapWith(Number),
      toConfirm: sql`(select count(*) from ${orders} where ${orders.awaitsConfirmation})`.mapWith(Number),
    })
    .from(orders)
    .where(and(ne(orders.status, 'cancelled'), ...placedBetween(shopDay())));
  return {
    todayOrders: row?.todayOrders ?? 0,
    todayGrandTotalPiastres: row?.todayGrandTotalPiastres ?? 0,
    proofsToCheck: row?.proofsToCheck ?? 0,
    toConfirm: row?.toConfirm ?? 0,
  };
}

export interface LowStockRow {
  productId: string;
  variantId: string | null;
  name: string;
  nameAr: string;
  slug: string;
  sku: string | null;
  options: Record<string, string> | null;
  /** The product's options, for the values' Arabic (`valuesAr`). */
  productOptions: OptionTexts[];
  availableItems: number;
}

/**
 * Products without variants and variants with at most `threshold` in stock, lowest first: each side
 * walks an index in that order and stops after `limit`, so the list costs the same at 100,000 products.
 * A product with variants is listed through them (its own figure is only their sum). A product's side
 * walks `low_stock`, which is its stock below LOW_STOCK_CAP (see the schema for why not the stock
 * itself); a threshold at or above the cap, which an owner rarely asks for, sorts the matching products.
 */
export async function lowStock(db: DbOrTx, threshold: number, limit: number): Promise<LowStockRow[]> {
  // Below the cap `low_stock` is the stock itself.
  const stock = threshold < LOW_STOCK_CAP ? sql`p.low_stock` : sql`p.available_items`;
  const result = await db.execute(sql`
    select * from (
      (select p.id as "productId", null::uuid as "variantId", p.name, p.name_ar as "nameAr", p.slug,
              null::text as sku, null::jsonb as options, p.options as "productOptions",
              p.available_items as "availableItems"
       from ${products} p
       where ${stock} <= ${threshold} and p.options = '[]'::jsonb
       order by ${stock}, p.id
       limit ${limit})
      union all
      (select v.product_id, v.id, p.name, p.name_ar, p.slug, v.sku, v.options, p.options, v.available_items
       from ${productVariants} v join ${products} p on p.id = v.product_id
       where v.available_items <= ${threshold}
       order by v.available_items, v.id
       limit ${limit})
    ) low
    order by "availableItems", name, sku nulls first
    limit ${limit}`);
  // Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so.
  return (result as unknown as { rows: LowStockRow[] }).rows.map((row) => ({
    ...row,
    availableItems: Number(row.availableItems),
  }));
}

/** Orders by delivery state (issue 36), cancelled orders that never left the shop aside. */
export function ordersByDeliveryState(db: DbOrTx) {
  return db
    .select({ state: orders.delivery, orders: count() })
    .from(orders)
    .where(sql`not (${orders.status} = 'cancelled' and ${orders.delivery} = 'notShipped')`)
    .groupBy(orders.delivery);
}

/** The cash couriers collected and have not paid out (a payout marked received settles it), in piastres. */
export async function cashWithCouriers(db: DbOrTx): Promise<{ piastres: number; orders: number }> {
  const [row] = await db
    .select({
      piastres: sql`coalesce(sum(${shipments.cashCollectedPiastres}), 0)`.mapWith(Number),
      orders: count(),
    })
    .from(shipments)
    .where(and(isNotNull(shipments.cashCollectedPiastres), isNull(shipments.payoutId)));
  return { piastres: row?.piastres ?? 0, orders: row?.orders ?? 0 };
}
