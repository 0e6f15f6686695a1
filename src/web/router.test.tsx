import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as everyText } from '@/shared/messages';
import { messages } from '@/web/i18n/messages';
import { api } from '@/web/lib/api';
import { clearToasts, mockFetch, renderRoutes, setStoredSession, type TestRole } from '@/web/lib/testing';
import { signOut } from '@/web/session/session';
import { addAdminRoutes, redirectToLoginOnUnauthorized, routes } from './router';

// Other engineers own these pages; the router test needs only to know which one it reached.
vi.mock('./features/home/home-page', () => ({ default: () => <h1>home page</h1> }));
vi.mock('./features/cart/cart-page', () => ({ default: () => <h1>cart page</h1> }));
vi.mock('./features/orders/orders-page', () => ({ default: () => <h1>orders page</h1> }));
vi.mock('./features/orders/order-page', () => ({ default: () => <h1>order page</h1> }));
vi.mock('./features/checkout/checkout-page', () => ({ default: () => <h1>checkout page</h1> }));
vi.mock('./features/catalog/product-details-page', () => ({ default: () => <h1>details page</h1> }));
vi.mock('./admin/products-page', () => ({ default: () => <h1>admin products page</h1> }));
vi.mock('./admin/orders-page', () => ({ default: () => <h1>admin orders page</h1> }));
vi.mock('./admin/customers-page', () => ({ default: () => <h1>admin customers page</h1> }));
vi.mock('./features/catalog/products-page', () => ({
  default: () => {
    throw new Error('products page broke');
  },
}));

// The first visit of a lazy page compiles it, which can take more than findBy's default second; on a
// busy machine a test that compiles a page and signs in outlasts Vitest's default five seconds too.
const slow = { timeout: 5000 };
const slowTest = { timeout: 20_000 };

function visit(role: TestRole, path: string) {
  setStoredSession(role);
  const fetchDouble = mockFetch((call) => {
    if (call.url.pathname === '/api/cart') return { body: { success: true, cart: { products: [] } } };
    if (call.url.pathname === '/api/cart/create') return { body: { success: true } };
    if (call.url.pathname === '/api/auth/signin') {
      return {
        body: {
          success: true,
          message: 'Welcome back',
          results: { token: 'new-token' },
          role: 'user',
          username: 'salma',
          email: 'salma@example.com',
        },
      };
    }
    return undefined;
  });
  return { ...renderRoutes(routes, path, undefined, addAdminRoutes), ...fetchDouble };
}

describe('routes and guards', slowTest, () => {
  beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  // SPEC §8: /checkout says why in its own words; the cart and My Orders say 'Authentication required'.
  it.each([
    ['/cart', messages.orders.authenticationRequired, 'cart page'],
    ['/checkout', messages.orders.loginToCheckout, 'checkout page'],
    ['/allorders', messages.orders.authenticationRequired, 'orders page'],
    ['/orders/abc', messages.orders.authenticationRequired, 'order page'],
  ])(
    'sends a visitor from %s to /login saying %j, and back there after signing in',
    async (path, prompt, pageHeading) => {
      const { router } = visit('visitor', `${path}?from=test`);
      expect(
        await screen.findByRole('heading', { name: messages.auth.welcomeBack }, slow),
      ).toBeInTheDocument();
      expect(await screen.findByText(prompt)).toBeInTheDocument();
      const otherPrompt =
        prompt === messages.orders.loginToCheckout
          ? messages.orders.authenticationRequired
          : messages.orders.loginToCheckout;
      expect(screen.queryByText(otherPrompt)).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.state).toEqual({ from: `${path}?from=test` });

      const user = userEvent.setup();
      await user.type(screen.getByLabelText(messages.auth.email), 'salma@example.com');
      await user.type(screen.getByLabelText(messages.auth.password), 'Secret123');
      await user.click(screen.getByRole('button', { name: messages.auth.signinSubmit }));
      expect(await screen.findByRole('heading', { name: pageHeading }, slow)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(router.state.location.search).toBe('?from=test');
    },
  );

  it('sends a shopper whose session ends on /cart to /login without the visitor prompt', async () => {
    const { router } = visit('user', '/cart');
    expect(await screen.findByRole('heading', { name: 'cart page' }, slow)).toBeInTheDocument();
    act(() => signOut());
    expect(await screen.findByRole('heading', { name: messages.auth.welcomeBack }, slow)).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/cart' });
    expect(screen.queryByText(messages.orders.authenticationRequired)).not.toBeInTheDocument();
  });

  it('lets a signed-in user see /allorders', async () => {
    visit('user', '/allorders');
    expect(await screen.findByRole('heading', { name: 'orders page' }, slow)).toBeInTheDocument();
  });

  it.each<[TestRole, string]>([
    ['visitor', '/dashboard'],
    ['user', '/dashboard'],
    ['user', '/dashboard/manage'],
    ['visitor', '/dashboard/order/abc'],
  ])('sends a %s away from %s to / replacing the entry', async (role, path) => {
    const { router } = visit(role, path);
    expect(await screen.findByRole('heading', { name: 'home page' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows an admin the admin pages inside the admin navigation', async () => {
    visit('admin', '/dashboard/manage');
    expect(await screen.findByRole('heading', { name: 'admin products page' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: messages.layout.adminArea })).toBeInTheDocument();
  });

  it.each(['/dashboard/manage_orders', '/dashboard/orders'])('%s is the admin order list', async (path) => {
    visit('admin', path);
    expect(await screen.findByRole('heading', { name: 'admin orders page' }, slow)).toBeInTheDocument();
  });

  // The admin's texts are not the storefront's (they come with the admin's chunk): read from the dictionary.
  it('/dashboard/customers is the customer list, in the admin navigation after the orders', async () => {
    visit('admin', '/dashboard/customers');
    expect(await screen.findByRole('heading', { name: 'admin customers page' }, slow)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: messages.layout.adminArea });
    const links = within(nav).getAllByRole('link');
    const customers = within(nav).getByRole('link', { name: everyText.customers.customersTitle });
    expect(customers).toHaveAttribute('href', '/dashboard/customers');
    expect(customers).toHaveAttribute('aria-current', 'page');
    const orders = within(nav).getByRole('link', { name: everyText.admin.manageOrders });
    expect(links.indexOf(customers)).toBe(links.indexOf(orders) + 1);
  });

  it.each(['/productdetails/p1', '/product/linen-dress'])(
    '%s shows the product detail screen',
    async (path) => {
      visit('visitor', path);
      expect(await screen.findByRole('heading', { name: 'details page' }, slow)).toBeInTheDocument();
    },
  );

  it('shows the not-found page for an unknown address', async () => {
    visit('visitor', '/no/such/page');
    expect(
      await screen.findByRole('heading', { name: messages.layout.pageNotFound }, slow),
    ).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login', async () => {
    const { router } = visit('user', '/login');
    expect(await screen.findByRole('heading', { name: 'home page' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the layout and offers Try Again when a page fails', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    visit('visitor', '/products');
    expect(await screen.findByRole('button', { name: messages.layout.tryAgain }, slow)).toBeInTheDocument();
    expect(screen.getByText(messages.layout.pageErrorText)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    quiet.mockRestore();
    warn.mockRestore();
  });

  it('after a 401 goes to /login remembering the page', async () => {
    setStoredSession('user');
    const router = createMemoryRouter([{ path: '*', element: null }], {
      initialEntries: ['/allorders?status=pending'],
    });
    redirectToLoginOnUnauthorized(router);
    mockFetch(() => ({ status: 401, body: { success: false, message: 'expired' } }));

    await expect(api.get('/order/user/orders')).rejects.toMatchObject({ status: 401 });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/allorders?status=pending' });
    expect(window.localStorage.getItem('userToken')).toBeNull();
  });
});
