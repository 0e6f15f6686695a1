import type { OrderStatus } from '../constants';
import type { ProductDto } from './product';

/** GET /api/dashboard/stats (DESIGN §2), computed in SQL. */
export interface DashboardStats {
  totalProducts: number;
  totalCategories: number;
  totalOrders: number;
  ordersByStatus: Record<OrderStatus, number>;
  /** In EGP. */
  revenue: number;
  recentProducts: ProductDto[];
}
