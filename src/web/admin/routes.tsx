import type { RouteObject } from 'react-router';
import { RouteError } from '@/web/components/layout/route-error';
import { page } from '@/web/lazy-page';
import { paths } from '@/web/paths';

/**
 * The admin area's routes (SPEC §2), added to the page region on the first visit to /dashboard
 * (`addAdminRoutes`, src/web/router.tsx): anyone who is not an admin is sent home by the guard, and
 * every admin page is its own chunk.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: paths.admin.dashboard,
    lazy: async () => {
      const { RequireAdmin } = await import('@/web/session/guards');
      return { element: <RequireAdmin /> };
    },
    children: [
      {
        lazy: page(() => import('./admin-layout')),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: page(() => import('./dashboard-page')) },
              { path: paths.admin.products, lazy: page(() => import('./products-page')) },
              { path: paths.admin.newProduct, lazy: page(() => import('./product-form-page')) },
              {
                path: paths.admin.editProduct,
                lazy: page(() => import('./product-form-page')),
              },
              { path: paths.admin.categories, lazy: page(() => import('./categories-page')) },
              {
                path: paths.admin.newCategory,
                lazy: page(() => import('./category-form-page')),
              },
              {
                path: paths.admin.editCategory,
                lazy: page(() => import('./category-form-page')),
              },
              { path: paths.admin.orders, lazy: page(() => import('./orders-page')) },
              { path: paths.admin.ordersAlias, lazy: page(() => import('./orders-page')) },
              { path: paths.admin.order, lazy: page(() => import('./order-detail-page')) },
              { path: paths.admin.print, lazy: page(() => import('./print-page')) },
              { path: paths.admin.customers, lazy: page(() => import('./customers-page')) },
              { path: paths.admin.settings, lazy: page(() => import('./settings-page')) },
            ],
          },
        ],
      },
    ],
  },
];
