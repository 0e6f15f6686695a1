import { arabicOptionsOf } from '@/shared/option-texts';
import {
  DASHBOARD_RECENT_PRODUCTS,
  DELIVERY_STATES,
  LOW_STOCK_LIMIT,
  ORDER_STATUSES,
  REVENUE_STATUSES,
  type DeliveryState,
  type OrderStatus,
} from '@/shared/constants';
import { messages } from '@/shared/messages';
import { toEgp } from '@/shared/money';
import type { DashboardStats, LowStockItem } from '@/shared/schemas/dashboard';
import { productDto } from '../catalog/dto';
import { findProducts } from '../catalog/queries';
import type { Db } from '../db/client';
import type { ObjectStore } from '../storage/types';
import {
  cashWithCouriers,
  deskTotals,
  lowStock,
  orderTotalsByStatus,
  ordersByDeliveryState,
  shopTotals,
} from './queries';

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
    const desk = await deskTotals(db);
    const recent = await findProducts(db, { availability: 'all' }, 'recent', DASHBOARD_RECENT_PRODUCTS, 0);
    const byDelivery = await ordersByDeliveryState(db);
    const cash = await cashWithCouriers(db);
    const ordersByDelivery = Object.fromEntries(DELIVERY_STATES.map((state) => [state, 0])) as Record<
      DeliveryState,
      number
    >;
    for (const row of byDelivery) ordersByDelivery[row.state] = row.orders;

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
      // The grand totals (items plus shipping) of REVENUE_STATUSES, labelled so the screen says so.
      revenue: toEgp(revenuePiastres),
      revenueCounts: { label: messages.admin.revenueCounts, statuses: [...REVENUE_STATUSES] },
      today: { orders: desk.todayOrders, total: toEgp(desk.todayGrandTotalPiastres) },
      pendingOrders: ordersByStatus.pending,
      proofsToCheck: desk.proofsToCheck,
      toConfirm: desk.toConfirm,
      recentProducts: recent.map(({ product, category }) => productDto(store, product, category)),
      cashWithCouriers: { amount: toEgp(cash.piastres), orders: cash.orders },
      ordersByDelivery,
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
        nameAr: row.nameAr,
        slug: row.slug,
        sku: row.sku,
        options: row.options,
        // The values in Arabic where the owner wrote them (issue 35), each the English where not.
        optionsAr: row.options && arabicOptionsOf(row.productOptions, row.options),
        avaliableItems: row.availableItems,
      })),
    };
  }

  return { stats, lowStockItems };
}
