import { configure } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { renderRoutes, setStoredSession } from '@/web/lib/testing';
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
