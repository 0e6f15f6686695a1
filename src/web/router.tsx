import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { Spinner } from '@/web/components/spinner';
import { RootLayout } from '@/web/components/layout/root-layout';
import { RouteError } from '@/web/components/layout/route-error';
import { setUnauthorizedHandler } from '@/web/lib/api';
import type { LoginPrompt } from '@/web/session/guards';
import { loginRedirectState } from '@/web/session/login-redirect';
import { href, paths } from '@/web/paths';
import { POLICY_PAGES } from '@/shared/constants';
import HomePage from './features/home/home-page';
import { page } from './lazy-page';

/** The page region's route, where the admin area's routes are added (`addAdminRoutes`). */
const PAGES_ROUTE_ID = 'pages';

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

/**
 * The admin area's routes (src/web/admin/routes.tsx) are added on the first visit to an address under
 * /dashboard: until then such an address matches only the not-found route's `*`, and React Router asks
 * this. Shoppers' first load then carries neither the admin table nor its chunks' names.
 */
export const addAdminRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (path !== paths.admin.dashboard && !path.startsWith(`${paths.admin.dashboard}/`)) return;
  const { adminRoutes } = await import('./admin/routes');
  patch(PAGES_ROUTE_ID, adminRoutes);
};

/** The routes of SPEC §2's table and DESIGN §3. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        // The page region's boundary: a page that fails is replaced by a message, the layout stays.
        id: PAGES_ROUTE_ID,
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
          ...POLICY_PAGES.map((policy) => ({
            path: href.policy(policy),
            lazy: page(() => import('./features/pages/policy-page')),
          })),
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
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation: addAdminRoutes });
  redirectToLoginOnUnauthorized(router);
  return router;
}
