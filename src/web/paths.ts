import { generatePath } from 'react-router';
import type { PolicyPage } from '@/shared/constants';
import { LINKED_FROM_MAIL } from '@/shared/shell-constants';
import { defaultFilters, writeFilters, type ListingFilters } from '@/shared/listing-filters';

/**
 * Every address of the web app (SPEC §2's route table, DESIGN §3), once. The router declares its
 * routes with `paths`; links and redirects build addresses with `href`, so renaming a route is one edit
 * here and a newcomer finds a screen's route from its address in one step.
 */
export const paths = {
  home: '/',
  products: '/products',
  categories: '/categories',
  category: '/category/:slug',
  /** The storefront's older product address, by id; kept because cards, favourites and the cart use it. */
  productById: '/productdetails/:id',
  product: '/product/:slug',
  favorites: '/favorites',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  /** Where a reset e-mail's link leads, `?token=…` (issue 15). */
  resetPassword: LINKED_FROM_MAIL.resetPassword,
  cart: '/cart',
  orders: LINKED_FROM_MAIL.myOrders,
  /** One order: the page checkout leads to after 'Place Order', and My Orders links to (issue 15). */
  order: LINKED_FROM_MAIL.order,
  checkout: '/checkout',
  /** A policy page the owner writes in the admin's Settings: shipping, returns, privacy, contact (issue 16). */
  policy: '/pages/:page',
  admin: {
    dashboard: '/dashboard',
    products: '/dashboard/manage',
    newProduct: '/dashboard/manage/create',
    editProduct: '/dashboard/manage/edit/:id',
    categories: '/dashboard/manage_category',
    newCategory: '/dashboard/manage_category/new',
    editCategory: '/dashboard/manage_category/edit/:id',
    orders: '/dashboard/manage_orders',
    /** A second address of the orders list (SPEC §2). */
    ordersAlias: '/dashboard/orders',
    order: '/dashboard/order/:id',
    /** Invoices or packing slips of one or more orders, one A4 page each: `?ids=a,b&kind=invoice|slip`. */
    print: '/dashboard/orders/print',
    settings: '/dashboard/settings',
  },
  notFound: '*',
} as const;

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
  /** The orders list with these filters (its query's names, as the list writes them). */
  adminOrdersWhere: (query: Record<string, string>) =>
    `${paths.admin.orders}?${new URLSearchParams(query).toString()}`,
} as const;
