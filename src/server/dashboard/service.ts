import {
  DASHBOARD_RECENT_PRODUCTS,
  LOW_STOCK_LIMIT,
  ORDER_STATUSES,
  type OrderStatus,
} from '@/shared/constants';
import { toEgp } from '@/shared/money';
import type { DashboardStats, LowStockItem } from '@/shared/schemas/dashboard';
import { productDto } from '../catalog/dto';
import { findProducts } from '../catalog/queries';
import type { Db } from '../db/client';
import type { ObjectStore } from '../storage/types';
import { lowStock, orderTotalsByStatus, shopTotals } from './queries';

/**
 * Revenue is the grand total (items plus shipping) of confirmed and completed orders: money the shop
 * has accepted or received. Pending orders may still be cancelled and cancelled ones were never paid.
 */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['confirmed', 'completed'];

export interface DashboardDeps {
  db: Db;
  store: ObjectStore;
  /** The low-stock list's threshold when the request gives none (`LOW_STOCK_THRESHOLD`). */
  lowStockThreshold: number;
}

export function createDashboardService({ db, store, lowStockThreshold }: DashboardDeps) {
  async function stats(): Promise<DashboardStats> {
    const totals = await shopTotals(db);
    const byStatus = await orderTotalsByStatus(db);
    const recent = await findProducts(db, { availability: 'all' }, 'newest', DASHBOARD_RECENT_PRODUCTS, 0);

    const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
      OrderStatus,
      number
    >;
    let revenuePiastres = 0;
    for (const row of byStatus) {
      ordersByStatus[row.status] = row.orders;
      if (REVENUE_STATUSES.includes(row.status)) revenuePiastres += row.grandTotalPiastres;
    }
    return {
      ...totals,
      totalOrders: byStatus.reduce((sum, row) => sum + row.orders, 0),
      ordersByStatus,
      revenue: toEgp(revenuePiastres),
      recentProducts: recent.map(({ product, category }) => productDto(store, product, category)),
    };
  }

  /** What is about to run out: products without variants and variants at or under the threshold. */
  async function lowStockItems(
    threshold: number = lowStockThreshold,
  ): Promise<{ threshold: number; items: LowStockItem[] }> {
    const rows = await lowStock(db, threshold, LOW_STOCK_LIMIT);
    return {
      threshold,
      items: rows.map((row) => ({
        productId: row.productId,
        variantId: row.variantId,
        name: row.name,
        slug: row.slug,
        sku: row.sku,
        options: row.options,
        avaliableItems: row.availableItems,
      })),
    };
  }

  return { stats, lowStockItems };
}
