import { generatePath } from 'react-router';
import type { PolicyPage } from '@/shared/constants';
import { APP_PATHS } from '@/shared/app-paths';
import { defaultFilters, writeFilters, type ListingFilters } from '@/shared/listing-filters';

/**
 * Every address of the web app (SPEC §2's route table, DESIGN §3), once, in src/shared/app-paths.ts.
 * The router declares its routes with `paths`; links and redirects build addresses with `href`, so
 * renaming a route is one edit there and a newcomer finds a screen's route from its address in one step.
 */
export const paths = APP_PATHS;

/** What the print view prints for each order. */
export type PrintKind = 'invoice' | 'slip';

/** Builds the addresses of `paths`; React Router's `generatePath` encodes each parameter. */
export const href = {
  home: () => paths.home,
  /** /products, with the listing's filters in its query (defaults left out, as the listing writes them). */
  products: (filters?: Partial<ListingFilters>) => {
    const query = filters ? writeFilters({ ...defaultFilters, ...filters }).toString() : '';
    return query ? `${paths.products}?${query}` : paths.products;
  },
  categories: () => paths.categories,
  category: (slug: string) => generatePath(paths.category, { slug }),
  productById: (id: string) => generatePath(paths.productById, { id }),
  product: (slug: string) => generatePath(paths.product, { slug }),
  favorites: () => paths.favorites,
  login: () => paths.login,
  register: () => paths.register,
  forgotPassword: () => paths.forgotPassword,
  cart: () => paths.cart,
  orders: () => paths.orders,
  order: (id: string) => generatePath(paths.order, { id }),
  checkout: () => paths.checkout,
  policy: (page: PolicyPage) => generatePath(paths.policy, { page }),
  adminSettings: () => paths.admin.settings,
  adminDashboard: () => paths.admin.dashboard,
  adminProducts: () => paths.admin.products,
  adminNewProduct: () => paths.admin.newProduct,
  adminEditProduct: (id: string) => generatePath(paths.admin.editProduct, { id }),
  adminCategories: () => paths.admin.categories,
  adminNewCategory: () => paths.admin.newCategory,
  adminEditCategory: (id: string) => generatePath(paths.admin.editCategory, { id }),
  adminOrders: () => paths.admin.orders,
  adminOrder: (id: string) => generatePath(paths.admin.order, { id }),
  adminPrint: (ids: string[], kind: PrintKind) =>
    `${paths.admin.print}?${new URLSearchParams({ ids: ids.join(','), kind }).toString()}`,
  adminCustomers: () => paths.admin.customers,
  /** The orders list with these filters (its query's names, as the list writes them). */
  adminOrdersWhere: (query: Record<string, string>) =>
    `${paths.admin.orders}?${new URLSearchParams(query).toString()}`,
} as const;
