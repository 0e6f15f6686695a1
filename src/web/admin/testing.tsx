import { configure } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { OrderStatus } from '@/shared/constants';
import { makeOrder, renderRoutes, setStoredSession } from '@/web/lib/testing';
import type { DeliveryOrder, Shipment } from './api/delivery';
import CategoriesPage from './categories-page';
import CategoryFormPage from './category-form-page';
import DashboardPage from './dashboard-page';
import OrderDetailPage from './order-detail-page';
import OrdersPage from './orders-page';
import PrintPage from './print-page';
import ProductFormPage from './product-form-page';
import ProductsPage from './products-page';

/** The admin routes in a memory router, for the admin screens' tests; sample data is in @/web/lib/testing. */

// Debounced searches, uploads and redirects take longer than the default second when the suite shares
// the machine's two cores; each test file runs isolated, so this reaches only the files that import it.
configure({ asyncUtilTimeout: 4000 });

const adminRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'manage', element: <ProductsPage /> },
      { path: 'manage/create', element: <ProductFormPage /> },
      { path: 'manage/edit/:id', element: <ProductFormPage /> },
      { path: 'manage_category', element: <CategoriesPage /> },
      { path: 'manage_category/new', element: <CategoryFormPage /> },
      { path: 'manage_category/edit/:id', element: <CategoryFormPage /> },
      { path: 'manage_orders', element: <OrdersPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'order/:id', element: <OrderDetailPage /> },
      { path: 'orders/print', element: <PrintPage /> },
    ],
  },
  { path: '/login', element: <p>login page</p> },
  { path: '/categories', element: <p>categories page</p> },
];

/** Renders the admin routes at `path` for a signed-in admin (or the given role). */
export function renderAdmin(path: string, role: 'admin' | 'visitor' = 'admin') {
  setStoredSession(role);
  return renderRoutes(adminRoutes, path);
}

/**
 * An order as issue 36's server answers it (makeOrder's, with its governorate, zone and road): not
 * shipped, no parcel, placed in Cairo; overrides replace fields as they are.
 */
export function makeDeliveryOrder(
  overrides: Partial<DeliveryOrder> & { status?: OrderStatus } = {},
): DeliveryOrder {
  const { governorate, deliveryZone, cashOnDeliveryFee, deliveryState, shipment, deliveryHistory, ...order } =
    overrides;
  return {
    ...makeOrder(order),
    governorate: governorate === undefined ? 'EG-C' : governorate,
    deliveryZone:
      deliveryZone === undefined ? { id: 'cairo', name: { en: 'Cairo', ar: 'القاهرة' } } : deliveryZone,
    cashOnDeliveryFee: cashOnDeliveryFee ?? 0,
    deliveryState: deliveryState ?? 'notShipped',
    shipment: shipment ?? null,
    deliveryHistory: deliveryHistory ?? [],
  };
}

/** A parcel as the order answer carries it: Bosta's, created, with its tracking number. */
export function makeShipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    courier: 'bosta',
    request: 'created',
    trackingNumber: '7234567',
    trackingUrl: 'https://bosta.co/tracking-shipments?shipment-number=7234567',
    courierState: 'In transit',
    error: null,
    cashToCollect: 170,
    cashCollected: null,
    collectedAt: null,
    settled: false,
    ...overrides,
  };
}
