import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '@/web/components/spinner';
import { RootLayout } from '@/web/components/layout/root-layout';
import { RouteError } from '@/web/components/layout/route-error';
import { setUnauthorizedHandler } from '@/web/lib/api';
import type { LoginPrompt } from '@/web/session/guards';
import { loginRedirectState } from '@/web/session/login-redirect';
import { href, paths } from '@/web/paths';
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

/**
 * A page that needs a signed-in user, and `prompt` says why at /login (src/web/session/guards.tsx).
 * The guards come with the guarded pages' code, loaded beside it: the home page never needs them.
 */
function requireAuth(prompt: LoginPrompt) {
  return async () => {
    const { RequireAuth } = await import('./session/guards');
    return { element: <RequireAuth prompt={prompt} /> };
  };
}

async function requireAdmin() {
  const { RequireAdmin } = await import('./session/guards');
  return { element: <RequireAdmin /> };
}

/** The routes of SPEC §2's table and DESIGN §3. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        // The page region's boundary: a page that fails is replaced by a message, the layout stays.
        errorElement: <RouteError />,
        children: [
          { index: true, Component: HomePage },
          { path: paths.products, lazy: page(() => import('./features/catalog/products-page')) },
          { path: paths.categories, lazy: page(() => import('./features/catalog/categories-page')) },
          { path: paths.category, lazy: page(() => import('./features/catalog/category-page')) },
          {
            path: paths.productById,
            lazy: page(() => import('./features/catalog/product-details-page')),
          },
          { path: paths.product, lazy: page(() => import('./features/catalog/product-details-page')) },
          { path: paths.favorites, lazy: page(() => import('./features/favorites/favorites-page')) },
          { path: paths.login, lazy: page(() => import('./features/account/login-page')) },
          { path: paths.register, lazy: page(() => import('./features/account/register-page')) },
          {
            path: paths.forgotPassword,
            lazy: page(() => import('./features/account/forgot-password-page')),
          },
          {
            path: paths.resetPassword,
            lazy: page(() => import('./features/account/reset-password-page')),
          },
          {
            lazy: requireAuth('authenticationRequired'),
            children: [
              { path: paths.cart, lazy: page(() => import('./features/cart/cart-page')) },
              { path: paths.orders, lazy: page(() => import('./features/orders/orders-page')) },
              { path: paths.order, lazy: page(() => import('./features/orders/order-page')) },
            ],
          },
          {
            lazy: requireAuth('loginToCheckout'),
            children: [
              { path: paths.checkout, lazy: page(() => import('./features/checkout/checkout-page')) },
            ],
          },
          {
            path: paths.admin.dashboard,
            lazy: requireAdmin,
            children: [
              {
                lazy: page(() => import('./admin/admin-layout')),
                children: [
                  {
                    errorElement: <RouteError />,
                    children: [
                      { index: true, lazy: page(() => import('./admin/dashboard-page')) },
                      { path: paths.admin.products, lazy: page(() => import('./admin/products-page')) },
                      { path: paths.admin.newProduct, lazy: page(() => import('./admin/product-form-page')) },
                      {
                        path: paths.admin.editProduct,
                        lazy: page(() => import('./admin/product-form-page')),
                      },
                      { path: paths.admin.categories, lazy: page(() => import('./admin/categories-page')) },
                      {
                        path: paths.admin.newCategory,
                        lazy: page(() => import('./admin/category-form-page')),
                      },
                      {
                        path: paths.admin.editCategory,
                        lazy: page(() => import('./admin/category-form-page')),
                      },
                      { path: paths.admin.orders, lazy: page(() => import('./admin/orders-page')) },
                      { path: paths.admin.ordersAlias, lazy: page(() => import('./admin/orders-page')) },
                      { path: paths.admin.order, lazy: page(() => import('./admin/order-detail-page')) },
                      { path: paths.admin.print, lazy: page(() => import('./admin/print-page')) },
                    ],
                  },
                ],
              },
            ],
          },
          { path: paths.notFound, lazy: page(() => import('./features/not-found/not-found-page')) },
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
    if (pathname === paths.login) return;
    void router.navigate(href.login(), {
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
