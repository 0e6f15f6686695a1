import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '@/web/components/layout/page-loading';
import { RootLayout } from '@/web/components/layout/root-layout';
import { RouteError } from '@/web/components/layout/route-error';
import { setUnauthorizedHandler } from '@/web/lib/api';
import { RequireAdmin, RequireAuth } from '@/web/session/guards';
import { loginRedirectState } from '@/web/session/login-redirect';
import HomePage from './features/home/home-page';

/**
 * Every page is its own chunk, loaded when first visited, so a shopper downloads only what they open;
 * admin code is reached from nowhere else (the layers tool checks it). The home page is the exception:
 * most visits start there, and in the shell's chunk it costs less than its own dozen small chunks would
 * (the first-load budget, scripts/report-bundle.mjs) and starts without a second round trip.
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** The routes of SPEC §2's table and DESIGN §3. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        // The page region's boundary: a page that fails is replaced by a message, the layout stays.
        errorElement: <RouteError />,
        children: [
          { index: true, Component: HomePage },
          { path: 'products', lazy: page(() => import('./features/catalog/products-page')) },
          { path: 'categories', lazy: page(() => import('./features/catalog/categories-page')) },
          { path: 'category/:slug', lazy: page(() => import('./features/catalog/category-page')) },
          {
            path: 'productdetails/:id',
            lazy: page(() => import('./features/catalog/product-details-page')),
          },
          { path: 'product/:slug', lazy: page(() => import('./features/catalog/product-details-page')) },
          { path: 'favorites', lazy: page(() => import('./features/favorites/favorites-page')) },
          { path: 'login', lazy: page(() => import('./features/account/login-page')) },
          { path: 'register', lazy: page(() => import('./features/account/register-page')) },
          {
            element: <RequireAuth prompt="authenticationRequired" />,
            children: [
              { path: 'cart', lazy: page(() => import('./features/cart/cart-page')) },
              { path: 'allorders', lazy: page(() => import('./features/orders/orders-page')) },
            ],
          },
          {
            element: <RequireAuth prompt="loginToCheckout" />,
            children: [{ path: 'checkout', lazy: page(() => import('./features/checkout/checkout-page')) }],
          },
          {
            path: 'dashboard',
            element: <RequireAdmin />,
            children: [
              {
                lazy: page(() => import('./admin/admin-layout')),
                children: [
                  {
                    errorElement: <RouteError />,
                    children: [
                      { index: true, lazy: page(() => import('./admin/dashboard-page')) },
                      { path: 'manage', lazy: page(() => import('./admin/products-page')) },
                      { path: 'manage/create', lazy: page(() => import('./admin/product-form-page')) },
                      { path: 'manage/edit/:id', lazy: page(() => import('./admin/product-form-page')) },
                      { path: 'manage_category', lazy: page(() => import('./admin/categories-page')) },
                      {
                        path: 'manage_category/new',
                        lazy: page(() => import('./admin/category-form-page')),
                      },
                      {
                        path: 'manage_category/edit/:id',
                        lazy: page(() => import('./admin/category-form-page')),
                      },
                      { path: 'manage_orders', lazy: page(() => import('./admin/orders-page')) },
                      { path: 'orders', lazy: page(() => import('./admin/orders-page')) },
                      { path: 'order/:id', lazy: page(() => import('./admin/order-detail-page')) },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: page(() => import('./features/not-found/not-found-page')) },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * After a 401 the API client has cleared the session; this sends the user to /login and remembers the
 * page they were on, so signing in again returns them there.
 */
export function redirectToLoginOnUnauthorized(router: AppRouter): void {
  setUnauthorizedHandler(() => {
    const { pathname, search, hash } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate('/login', {
      replace: true,
      state: loginRedirectState(`${pathname}${search}${hash}`),
    });
  });
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  redirectToLoginOnUnauthorized(router);
  return router;
}
