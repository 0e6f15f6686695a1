import { deliveryZonesOf } from '@/shared/delivery';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import {
  clearToasts,
  mockFetch,
  renderRoutes,
  setStoredSession,
  setWhatsappNumber,
  type TestRole,
} from '@/web/lib/testing';
import type { PublicSettings } from '@/shared/schemas/settings';
import { queryKeys } from '@/web/lib/query-keys';
import { shopName } from '@/web/lib/shop';
import { useLocation } from 'react-router';
import { RootLayout } from './root-layout';

const m = messages.layout;

function Probe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

const routes = [{ element: <RootLayout />, children: [{ path: '*', element: <Probe /> }] }];

const cartAnswer = {
  success: true,
  cart: {
    _id: 'cart1',
    id: 'cart1',
    subtotal: 300,
    products: [
      { _id: 'l1', quantity: 2, productId: { _id: 'p1', name: 'Dress' } },
      { _id: 'l2', quantity: 1, productId: { _id: 'p2', name: 'Scarf' } },
      { _id: 'l3', quantity: 5, productId: { _id: 'p3', name: 'Hat' } },
    ],
  },
};

const settingsSample: PublicSettings = {
  shopName: { en: 'Nour', ar: '' },
  phone: '',
  email: '',
  whatsapp: '',
  whatsappDigits: null,
  social: { facebook: '', instagram: '', tiktok: '' },
  home: {
    heroTitle: { en: '', ar: '' },
    heroText: { en: '', ar: '' },
    heroLink: '',
    sections: ['sale', 'newest', 'categories'],
  },
  walletNumber: '01012345678',
  shippingFees: { Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 },
  deliveryZones: deliveryZonesOf({ Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 }),
  announcement: { en: '', ar: '' },
  logo: null,
  heroImage: null,
};

const favorite = { _id: 'p9', name: 'Bag', price: 10, description: '', defaultImage: '', category: '' };

function setup(role: TestRole, path = '/') {
  setStoredSession(role, [favorite]);
  const fetchDouble = mockFetch((call) =>
    call.url.pathname === '/api/cart' ? { body: cartAnswer } : undefined,
  );
  const rendered = renderRoutes(routes, path);
  return { ...rendered, ...fetchDouble, user: userEvent.setup() };
}

const location = () => screen.getByTestId('location').textContent;
const bar = () => within(screen.getByRole('banner'));

describe('top bar', () => {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows a visitor Login and Register, the favourites badge, and asks for no cart', async () => {
    const { user, calls } = setup('visitor');
    expect(bar().getByRole('link', { name: shopName })).toHaveAttribute('href', '/');
    expect(bar().getByRole('link', { name: format(m.favoritesCount, { n: 1 }) })).toHaveAttribute(
      'href',
      '/favorites',
    );
    expect(bar().getByRole('link', { name: format(m.cartCount, { n: 0 }) })).toBeInTheDocument();

    const menuButton = screen.getByRole('button', { name: m.userMenu });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    // The menu's contents load on its first opening.
    expect(await bar().findByRole('link', { name: m.login })).toHaveAttribute('href', '/login');
    expect(bar().getByRole('link', { name: m.register })).toHaveAttribute('href', '/register');
    expect(bar().queryByRole('link', { name: m.myOrders })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows a user the initial, name, email, My Orders and Logout, and the cart count', async () => {
    const { user, calls } = setup('user');
    expect(await bar().findByRole('link', { name: format(m.cartCount, { n: 3 }) })).toBeInTheDocument();
    expect(calls[0]?.url.pathname).toBe('/api/cart');
    expect(calls[0]?.headers.get('token')).toBe('user-token');

    await user.click(screen.getByRole('button', { name: m.userMenu }));
    expect(bar().getAllByText('S')).toHaveLength(2);
    expect(screen.getByText('salma')).toBeInTheDocument();
    expect(screen.getByText('user@example.com')).toBeInTheDocument();
    expect(bar().getByRole('link', { name: m.myOrders })).toHaveAttribute('href', '/allorders');
    expect(bar().queryByRole('link', { name: m.dashboard })).toBeNull();
    expect(bar().queryByRole('link', { name: m.login })).toBeNull();
  });

  it('logout clears the session and goes to /login', async () => {
    const { user } = setup('user', '/products');
    await user.click(screen.getByRole('button', { name: m.userMenu }));
    await user.click(screen.getByRole('button', { name: m.logout }));
    expect(location()).toBe('/login');
    expect(window.localStorage.getItem('userToken')).toBeNull();
    expect(window.localStorage.getItem('username')).toBeNull();
  });

  it('gives an admin the Dashboard link and hides the cart and favourites', async () => {
    const { user, calls } = setup('admin');
    expect(bar().queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(bar().queryByRole('link', { name: /^Favorites/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: m.userMenu }));
    expect(bar().getByRole('link', { name: m.dashboard })).toHaveAttribute('href', '/dashboard');
    expect(bar().getByRole('link', { name: m.myOrders })).toBeInTheDocument();
    expect(bar().getAllByText('A')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('closes the user menu on an outside click and on navigation', async () => {
    const { user } = setup('user');
    const menuButton = screen.getByRole('button', { name: m.userMenu });
    await user.click(menuButton);
    await user.click(screen.getByTestId('location'));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    await user.click(bar().getByRole('link', { name: m.myOrders }));
    expect(location()).toBe('/allorders');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches for the trimmed text on Enter or the button, and ignores an empty one', async () => {
    const { user } = setup('visitor', '/favorites');
    const box = screen.getByRole('searchbox', { name: m.search });

    await user.type(box, '   {Enter}');
    expect(location()).toBe('/favorites');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: m.search }));
    expect(location()).toBe('/favorites');

    await user.type(box, '  linen dress {Enter}');
    expect(location()).toBe('/products?search=linen+dress');

    await user.clear(box);
    await user.type(box, 'scarf');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: m.search }));
    expect(location()).toBe('/products?search=scarf');
  });

  it('follows the search in the address when the listing changes it', async () => {
    const { router } = setup('visitor', '/products?search=linen');
    const box = screen.getByRole('searchbox', { name: m.search });
    expect(box).toHaveValue('linen');
    await act(() => router.navigate('/products'));
    expect(box).toHaveValue('');
  });

  it('changes style after 20 px of scroll', async () => {
    setup('visitor');
    const bar = screen.getByRole('banner');
    expect(bar).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 20 });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(bar).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 21 });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(bar).toHaveAttribute('data-scrolled', 'true');
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
      window.dispatchEvent(new Event('scroll'));
    });
  });

  it('opens the mobile menu with the pages, and closes it on navigation', async () => {
    const { user } = setup('user');
    const hamburger = screen.getByRole('button', { name: m.openMenu });
    await user.click(hamburger);
    expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    // The menu's contents load on its first opening: its pages and language switch (search is the bar's).
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'العربية' })).toHaveLength(2));
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    const nav = screen.getAllByRole('navigation', { name: m.mainNavigation })[0]!;
    await user.click(within(nav).getByRole('link', { name: m.categories }));
    expect(location()).toBe('/categories');
    expect(screen.getByRole('button', { name: m.openMenu })).toHaveAttribute('aria-expanded', 'false');
  });

  it('on /login shows only the Register switch, and on /register only Login', async () => {
    setup('visitor', '/login');
    const bar = screen.getByRole('banner');
    expect(within(bar).getAllByRole('link')).toHaveLength(1);
    expect(within(bar).getByRole('link', { name: m.register })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: m.userMenu })).toBeNull();

    await userEvent.click(within(bar).getByRole('link', { name: m.register }));
    const registerBar = screen.getByRole('banner');
    expect(within(registerBar).getAllByRole('link')).toHaveLength(1);
    expect(within(registerBar).getByRole('link', { name: m.login })).toHaveAttribute('href', '/login');
  });
});

describe('footer', () => {
  beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
  afterEach(() => {
    vi.unstubAllGlobals();
    setWhatsappNumber(null);
  });

  it("shows the owner's logo in place of the shop's name once the settings carry one", async () => {
    const { queryClient } = setup('visitor');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: shopName })).toHaveTextContent(shopName);
    expect(within(header).queryByRole('img', { name: shopName })).toBeNull();
    act(() =>
      queryClient.setQueryData(queryKeys.settings, {
        ...settingsSample,
        logo: { url: '/uploads/shop/logo.webp' },
      }),
    );
    const logo = await within(header).findByRole('img', { name: shopName });
    expect(logo).toHaveAttribute('src', '/uploads/shop/logo.webp');
    expect(within(header).getByRole('link', { name: shopName })).toContainElement(logo);
  });

  it("links the shop's own social pages safely, hides a network without one, and shows the current year", async () => {
    const { queryClient } = setup('visitor');
    // No settings yet (a page served without them): no network is linked, nothing to a site's home page.
    expect(screen.queryByRole('list', { name: m.socialLinks })).toBeNull();
    act(() =>
      queryClient.setQueryData(queryKeys.settings, {
        ...settingsSample,
        social: { facebook: 'https://facebook.com/nour', instagram: '', tiktok: 'https://tiktok.com/@nour' },
        phone: '+20 100 123 4567',
        email: 'hello@nour.example',
        announcement: { en: 'Free delivery over 1,500 EGP', ar: '' },
      }),
    );
    const facebook = await screen.findByRole('link', { name: format(m.followUs, { network: m.facebook }) });
    expect(facebook).toHaveAttribute('href', 'https://facebook.com/nour');
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: format(m.followUs, { network: m.tiktok }) })).toHaveAttribute(
      'href',
      'https://tiktok.com/@nour',
    );
    expect(screen.queryByRole('link', { name: format(m.followUs, { network: m.instagram }) })).toBeNull();
    expect(
      screen.getByRole('link', { name: format(m.contactPhone, { phone: '+20 100 123 4567' }) }),
    ).toHaveAttribute('href', 'tel:+201001234567');
    expect(
      screen.getByRole('link', { name: format(m.contactEmail, { email: 'hello@nour.example' }) }),
    ).toHaveAttribute('href', 'mailto:hello@nour.example');
    expect(screen.getByRole('complementary', { name: m.announcementLabel })).toHaveTextContent(
      'Free delivery over 1,500 EGP',
    );
    expect(screen.getByRole('link', { name: m.policyPages.returns })).toHaveAttribute(
      'href',
      '/pages/returns',
    );
    const year = new Date().getFullYear();
    expect(screen.getByText(format(m.copyright, { year, shop: shopName }))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('contentinfo')).toBeInTheDocument());
  });

  it("offers 'Chat with us' on WhatsApp when the shop has a number, with a greeting typed in", () => {
    setWhatsappNumber('201551234567');
    setup('visitor');
    const chat = screen.getByRole('link', { name: m.chatWithUs });
    expect(screen.getByRole('contentinfo')).toContainElement(chat);
    const url = new URL(chat.getAttribute('href') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/201551234567');
    expect(url.searchParams.get('text')).toBe(format(m.chatText, { shop: shopName }));
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows no WhatsApp link when the shop has no number', () => {
    setWhatsappNumber(null);
    setup('user');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: m.chatWithUs })).not.toBeInTheDocument();
  });
});
