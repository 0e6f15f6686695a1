import {
  DASHBOARD_RECENT_PRODUCTS,
  ORDER_STATUSES,
  REVENUE_STATUSES,
  type OrderStatus,
} from '@/shared/constants';
import { messages } from '@/shared/messages';
import { toEgp } from '@/shared/money';
import type { DashboardStats } from '@/shared/schemas/dashboard';
import { productDto } from '../catalog/dto';
import { findProducts } from '../catalog/queries';
import type { Db } from '../db/client';
import type { ObjectStore } from '../storage/types';
import { deskTotals, orderTotalsByStatus, shopTotals } from './queries';

export interface DashboardDeps {
  db: Db;
  store: ObjectStore;
}

export function createDashboardService({ db, store }: DashboardDeps) {
  async function stats(): Promise<DashboardStats> {
    const totals = await shopTotals(db);
    const byStatus = await orderTotalsByStatus(db);
    const desk = await deskTotals(db);
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
      // The grand totals (items plus shipping) of REVENUE_STATUSES, labelled so the screen says so.
      revenue: toEgp(revenuePiastres),
      revenueCounts: { label: messages.admin.revenueCounts, statuses: [...REVENUE_STATUSES] },
      today: { orders: desk.todayOrders, total: toEgp(desk.todayGrandTotalPiastres) },
      pendingOrders: ordersByStatus.pending,
      proofsToCheck: desk.proofsToCheck,
      recentProducts: recent.map(({ product, category }) => productDto(store, product, category)),
    };
  }

  return { stats };
}
