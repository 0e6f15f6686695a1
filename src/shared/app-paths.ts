import { LINKED_FROM_MAIL } from './shell-constants';

/**
 * Every address of the web app (SPEC §2's route table, DESIGN §3), once. The router declares its
 * routes with them (src/web/paths.ts); the server reads them too, to answer an address no route
 * matches 404 (src/server/seo/app-routes.ts).
 */
export const APP_PATHS = {
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
    /** Every phone number that has ordered, its record, note and block (issue 37). */
    customers: '/dashboard/customers',
    settings: '/dashboard/settings',
  },
  notFound: '*',
} as const;
