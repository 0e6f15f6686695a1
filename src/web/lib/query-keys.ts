import type { QueryValue } from '@/shared/api-url';
import { catalogQueryKeys } from '@/shared/first-screen';

type Params = Record<string, QueryValue>;

/**
 * Every query key of the app, in one place (STYLE.md habit 7), so an invalidation names exactly what
 * it refreshes. Feature owners add their keys here. Keys start with their area, so
 * `invalidateQueries({ queryKey: queryKeys.products.all })` refreshes every product list.
 */
export const queryKeys = {
  /** The server builds the same keys for the data it sends inside a page (src/shared/first-screen.ts). */
  products: catalogQueryKeys.products,
  product: catalogQueryKeys.product,
  categories: {
    all: ['categories'] as const,
    list: (params: Params = {}) => ['categories', 'list', params] as const,
  },
  category: (idOrSlug: string) => ['category', idOrSlug] as const,
  categoryProducts: catalogQueryKeys.categoryProducts,
  cart: ['cart'] as const,
  orders: {
    all: ['orders'] as const,
    mine: ['orders', 'mine'] as const,
    list: (params: Params = {}) => ['orders', 'list', params] as const,
  },
  /**
   * The delivery quote of the shopper's cart (issue 36): under 'cart', so refreshing the cart (or a
   * change of session) refreshes it too.
   */
  deliveryQuote: (params: Params) => ['cart', 'delivery-quote', params] as const,
  order: (id: string) => ['order', id] as const,
  /** The orders of a print run (under 'order', so refreshing orders refreshes it too). */
  printOrders: (ids: readonly string[]) => ['order', 'print', ...ids] as const,
  dashboard: ['dashboard'] as const,
  /** The shop's public settings (issue 16): the footer, the announcement, the fees. */
  settings: ['settings'] as const,
  /** The admin's whole settings, Markdown included (under 'dashboard': dropped with the session). */
  adminSettings: ['dashboard', 'settings'] as const,
  policyPage: (page: string, language: string) => ['policy-page', page, language] as const,
  admin: {
    /** Under `dashboard`, so a change of session drops it with the rest of the admin's data. */
    stats: ['dashboard', 'stats'] as const,
    /** `null`: the shop's own threshold. */
    lowStock: (threshold: number | null) => ['dashboard', 'low-stock', threshold] as const,
    lowStockAll: ['dashboard', 'low-stock'] as const,
    /** The customer list and records (issue 37), under `dashboard` like the rest of the admin's data. */
    customers: ['dashboard', 'customers'] as const,
    customerList: (params: Params) => ['dashboard', 'customers', 'list', params] as const,
    customer: (phone: string) => ['dashboard', 'customers', 'one', phone] as const,
  },
} as const;

/** Data that belongs to whoever is signed in: dropped when the session changes hands. */
export const userScopedKeys = [queryKeys.cart, queryKeys.orders.all, ['order'], queryKeys.dashboard] as const;
