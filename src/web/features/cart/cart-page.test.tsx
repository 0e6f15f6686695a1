import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { CartDto } from '@/shared/schemas/cart';
import { reloadPage } from '@/web/lib/reload-page';
import {
  DRESS_ID,
  SCARF_ID,
  cartAnswer as answer,
  sampleCartLines,
  clearToasts,
  mockFetch,
  renderRoute,
  sampleCart,
  sampleCartLine,
  setStoredSession,
  type Answer,
  type RecordedCall,
} from '@/web/lib/testing';
import { QueryClient } from '@tanstack/react-query';
import { deliveryZonesOf } from '@/shared/delivery';
import type { PublicSettings } from '@/shared/schemas/settings';
import { queryKeys } from '@/web/lib/query-keys';
import CartPage from './cart-page';

// jsdom cannot reload; the test only needs to know Try Again asked for it.
vi.mock('@/web/lib/reload-page', () => ({ reloadPage: vi.fn() }));

const m = messages.cart;

/** A fetch double that serves GET /api/cart from `cart` and lets each test answer the changes. */
function serveCart(cart: CartDto, onChange: (call: RecordedCall) => Answer | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/cart') return { body: { success: true, cart } };
    return onChange(call);
  });
}

function desktopTable() {
  return screen.getByRole('table');
}

beforeEach(() => setStoredSession('user'));
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

describe('cart page', { timeout: 15_000 }, () => {
  it('shows a spinner, then the table with Product, Price, Quantity, Total and Actions, and the subtotal', async () => {
    serveCart(sampleCart());
    renderRoute(<CartPage />, { path: '/cart' });
    expect(screen.getByRole('heading', { name: m.shoppingCart })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(m.loadingCart);

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([m.product, m.price, m.quantity, m.total, m.actions]);
    const dressRow = within(table).getByRole('row', { name: /Linen Summer Dress/ });
    expect(dressRow).toHaveTextContent('450.50 EGP');
    expect(dressRow).toHaveTextContent('901 EGP');
    // 2 × 450.50 + 120
    expect(screen.getByText('Subtotal: 1,021 EGP')).toBeInTheDocument();
    expect(screen.getByText('3 items in your cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.continueShopping })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: m.proceedToCheckout })).toHaveAttribute('href', '/checkout');
    // The narrow-screen cards carry the same lines (CSS shows one or the other).
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it("says 'Size to confirm' for a line added without its size (a SPEC §7 client's)", async () => {
    serveCart(sampleCart([{ ...sampleCartLine({}, 1), variantToConfirm: true }]));
    renderRoute(<CartPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Linen Summer Dress/ })).toHaveTextContent(
      messages.orders.variantToConfirm,
    );
    // Its buttons name it so too ('Remove Linen Summer Dress (Size to confirm)', the quantity's steps).
    expect(
      within(table).getAllByRole('button', { name: new RegExp(messages.orders.variantToConfirm) }).length,
    ).toBeGreaterThan(0);
  });

  it('plus sets the quantity one higher and shows the success toast and the new cart', async () => {
    const updated = sampleCart([sampleCartLine({}, 3), sampleCartLines()[1]!]);
    const { calls } = serveCart(sampleCart(), (call) =>
      call.method === 'PATCH' && call.url.pathname === '/api/cart' ? answer(updated) : undefined,
    );
    renderRoute(<CartPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    await userEvent.click(
      within(table).getByRole('button', { name: format(m.increaseQuantity, { name: 'Linen Summer Dress' }) }),
    );

    expect(await screen.findByText(m.productUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ productId: DRESS_ID, quantity: 3 });
    expect(await screen.findByText('Subtotal: 1,471.50 EGP')).toBeInTheDocument();
  });

  it('minus on a quantity of 1 removes the line instead of setting 0', async () => {
    const { calls } = serveCart(sampleCart(), (call) =>
      call.method === 'PATCH' && call.url.pathname === `/api/cart/line-${SCARF_ID}`
        ? answer(sampleCart([sampleCartLines()[0]!]))
        : undefined,
    );
    renderRoute(<CartPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    await userEvent.click(
      within(table).getByRole('button', { name: format(m.decreaseQuantity, { name: 'Silk Scarf' }) }),
    );

    expect(await screen.findByText(m.productDeleted)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.url.pathname)).toEqual([
      `/api/cart/line-${SCARF_ID}`,
    ]);
    await waitFor(() => expect(within(desktopTable()).queryByText('Silk Scarf')).not.toBeInTheDocument());
  });

  it('ignores further presses while one change is on its way', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = serveCart(sampleCart(), (call) =>
      call.method === 'PATCH'
        ? gate.then(() => answer(sampleCart([sampleCartLine({}, 3), sampleCartLines()[1]!])))
        : undefined,
    );
    renderRoute(<CartPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    const plus = within(table).getByRole('button', {
      name: format(m.increaseQuantity, { name: 'Linen Summer Dress' }),
    });
    const minus = within(table).getByRole('button', {
      name: format(m.decreaseQuantity, { name: 'Silk Scarf' }),
    });
    await userEvent.click(plus);
    await userEvent.click(plus);
    await userEvent.click(minus);
    const changes = () => calls.filter((call) => call.method === 'PATCH');
    expect(changes()).toHaveLength(1);

    release();
    expect(await screen.findByText(m.productUpdated)).toBeInTheDocument();
    // Once the first change is answered, presses count again.
    await userEvent.click(
      within(desktopTable()).getByRole('button', {
        name: format(m.increaseQuantity, { name: 'Silk Scarf' }),
      }),
    );
    await waitFor(() => expect(changes()).toHaveLength(2));
  });

  it('the delete button removes a line and says so', async () => {
    const { calls } = serveCart(sampleCart(), (call) =>
      call.method === 'PATCH' && call.url.pathname === `/api/cart/line-${DRESS_ID}`
        ? answer(sampleCart([sampleCartLines()[1]!]))
        : undefined,
    );
    renderRoute(<CartPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    await userEvent.click(
      within(table).getByRole('button', { name: format(m.removeItem, { name: 'Linen Summer Dress' }) }),
    );
    expect(await screen.findByText(m.productDeleted)).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'PATCH' && call.url.pathname === `/api/cart/line-${DRESS_ID}`),
    ).toBe(true);
    expect(await screen.findByText('Subtotal: 120 EGP')).toBeInTheDocument();
    expect(screen.getByText('1 item in your cart')).toBeInTheDocument();
  });

  it('the mobile cards have their own minus, plus and delete', async () => {
    const { calls } = serveCart(sampleCart(), (call) =>
      call.method === 'PATCH' ? answer(sampleCart()) : undefined,
    );
    renderRoute(<CartPage />, { path: '/cart' });
    await screen.findByRole('table');
    const card = screen.getAllByRole('listitem')[0]!;
    await userEvent.click(
      within(card).getByRole('button', { name: format(m.decreaseQuantity, { name: 'Linen Summer Dress' }) }),
    );
    expect(await screen.findByText(m.productUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ productId: DRESS_ID, quantity: 1 });
    expect(
      within(card).getByRole('button', { name: format(m.removeItem, { name: 'Linen Summer Dress' }) }),
    ).toBeInTheDocument();
  });

  it('a refused quantity shows the server message and refreshes the cart', async () => {
    const { calls } = serveCart(sampleCart(), (call) =>
      call.method === 'PATCH'
        ? {
            status: 409,
            body: { success: false, message: 'Only 2 items of Linen Summer Dress are available' },
          }
        : undefined,
    );
    renderRoute(<CartPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    await userEvent.click(
      within(table).getByRole('button', { name: format(m.increaseQuantity, { name: 'Linen Summer Dress' }) }),
    );
    expect(await screen.findByText('Only 2 items of Linen Summer Dress are available')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });

  it('without a server message, failures read Failed to update quantity and Failed to delete product', async () => {
    serveCart(sampleCart(), (call) => (call.method === 'PATCH' ? { status: 500, body: {} } : undefined));
    renderRoute(<CartPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    await userEvent.click(
      within(table).getByRole('button', { name: format(m.increaseQuantity, { name: 'Silk Scarf' }) }),
    );
    expect(await screen.findByText(m.failedToUpdateQuantity)).toBeInTheDocument();
    await userEvent.click(
      within(desktopTable()).getByRole('button', { name: format(m.removeItem, { name: 'Silk Scarf' }) }),
    );
    expect(await screen.findByText(m.failedToDeleteProduct)).toBeInTheDocument();
  });

  it('clearing the cart empties it and shows the empty state', async () => {
    const { calls } = serveCart(sampleCart(), (call) =>
      call.method === 'PUT' && call.url.pathname === '/api/cart/clear' ? answer(sampleCart([])) : undefined,
    );
    renderRoute(<CartPage />, { path: '/cart' });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: m.clearCart }));
    expect(await screen.findByText(m.cartCleared)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: m.cartEmpty })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('a failed clear shows the server message, or Failed to clear cart', async () => {
    let withMessage = true;
    serveCart(sampleCart(), (call) =>
      call.method === 'PUT'
        ? { status: 500, body: withMessage ? { success: false, message: 'Database is down' } : {} }
        : undefined,
    );
    renderRoute(<CartPage />, { path: '/cart' });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: m.clearCart }));
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    withMessage = false;
    await waitFor(() => expect(screen.getByRole('button', { name: m.clearCart })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: m.clearCart }));
    expect(await screen.findByText(m.failedToClear)).toBeInTheDocument();
  });

  it('an empty cart says so and links to the shop', async () => {
    serveCart(sampleCart([]));
    renderRoute(<CartPage />, { path: '/cart' });
    expect(await screen.findByRole('heading', { name: m.cartEmpty })).toBeInTheDocument();
    expect(screen.getByText(m.cartEmptyText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.startShopping })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a cart that cannot be loaded offers Try Again, which reloads the page', async () => {
    mockFetch(() => ({ status: 500, body: {} }));
    renderRoute(<CartPage />, { path: '/cart' });
    expect(await screen.findByText(messages.orders.failedToLoadCart)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.layout.tryAgain }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('admins have no cart and nothing is asked of the server', async () => {
    setStoredSession('admin');
    const { calls } = mockFetch(() => undefined);
    renderRoute(<CartPage />, { path: '/cart' });
    expect(screen.getByText(m.cartNotAvailableForAdmins)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('cart page with sizes', { timeout: 15_000 }, () => {
  /** The dress in one size: its own line, priced and stocked as the variant. */
  function sizedLine(size: string, quantity: number) {
    const line = sampleCartLine({ finalPrice: 500 }, quantity);
    return {
      ...line,
      _id: `line-${size}`,
      variantId: `variant-${size}`,
      variant: {
        _id: `variant-${size}`,
        sku: `LD-${size}`,
        options: { Size: size, Color: 'Navy' },
        finalPrice: 500,
        avaliableItems: 4,
      },
    };
  }
  const twoSizes = () => sampleCart([sizedLine('M', 1), sizedLine('L', 2)]);

  it('shows two sizes of one dress as two lines, each naming its size and colour', async () => {
    serveCart(twoSizes());
    renderRoute(<CartPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Size: M · Color: Navy/ })).toHaveTextContent('500 EGP');
    expect(within(table).getByRole('row', { name: /Size: L · Color: Navy/ })).toHaveTextContent('1,000 EGP');
    expect(
      within(table).getByRole('button', {
        name: format(m.increaseQuantity, { name: 'Linen Summer Dress (L / Navy)' }),
      }),
    ).toBeInTheDocument();
  });

  it('sets the quantity of one size with its variant, and removes one size by its line id', async () => {
    const { calls } = serveCart(twoSizes(), (call) => {
      if (call.method === 'PATCH' && call.url.pathname === '/api/cart')
        return answer(sampleCart([sizedLine('M', 1), sizedLine('L', 3)]));
      if (call.method === 'PATCH' && call.url.pathname === '/api/cart/line-M')
        return answer(sampleCart([sizedLine('L', 3)]));
      return undefined;
    });
    renderRoute(<CartPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    await userEvent.click(
      within(table).getByRole('button', {
        name: format(m.increaseQuantity, { name: 'Linen Summer Dress (L / Navy)' }),
      }),
    );
    expect(await screen.findByText(m.productUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      productId: DRESS_ID,
      variantId: 'variant-L',
      quantity: 3,
    });

    await userEvent.click(
      within(table).getByRole('button', {
        name: format(m.removeItem, { name: 'Linen Summer Dress (M / Navy)' }),
      }),
    );
    await waitFor(() =>
      expect(within(desktopTable()).queryByRole('row', { name: /Size: M/ })).not.toBeInTheDocument(),
    );
    expect(within(desktopTable()).getByRole('row', { name: /Size: L/ })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.url.pathname)).toEqual([
      '/api/cart',
      '/api/cart/line-M',
    ]);
  });

  describe('the delivery line (issue 36)', () => {
    /** The shop's public settings as the page would carry them: only the delivery zones are read here. */
    function withZones(zones: PublicSettings['deliveryZones']): QueryClient {
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false, gcTime: Infinity } },
      });
      queryClient.setQueryData(queryKeys.settings, {
        shippingFees: { Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 },
        deliveryZones: zones,
      } as PublicSettings);
      return queryClient;
    }

    const quote = (overrides: Record<string, unknown> = {}) => ({
      governorate: 'EG-GZ',
      zone: { id: 'giza', name: { en: 'Giza', ar: 'الجيزة' } },
      deliverable: true,
      subtotal: 1021,
      shippingFee: 40,
      freeDelivery: false,
      freeOver: 1500,
      cashOnDeliveryAllowed: true,
      cashOnDeliveryFee: 0,
      estimateDays: { min: 1, max: 3 },
      grandTotal: 1061,
      ...overrides,
    });

    it("before any governorate is chosen, says delivery costs from the zones' lowest fee", async () => {
      const { calls } = serveCart(sampleCart());
      renderRoute(<CartPage />, {
        path: '/cart',
        queryClient: withZones(deliveryZonesOf({ Cairo: 65, Giza: 35, 'Outside Cairo and Giza': 95 })),
      });
      expect(await screen.findByText('Delivery from 35 EGP')).toBeInTheDocument();
      expect(calls.some((call) => call.url.pathname === '/api/delivery/quote')).toBe(false);
    });

    it("without the zones in the page, from the three cities' fees", async () => {
      serveCart(sampleCart());
      renderRoute(<CartPage />, { path: '/cart' });
      expect(await screen.findByText('Delivery from 40 EGP')).toBeInTheDocument();
    });

    it('quotes the governorate chosen last: the fee, the estimate and what is left to free delivery', async () => {
      window.localStorage.setItem('deliveryGovernorate', 'EG-GZ');
      const { calls } = serveCart(sampleCart(), (call) =>
        call.url.pathname === '/api/delivery/quote' ? { body: { success: true, quote: quote() } } : undefined,
      );
      renderRoute(<CartPage />, { path: '/cart' });
      expect(await screen.findByText('Delivery to Giza: 40 EGP')).toBeInTheDocument();
      expect(screen.getByText('Delivery in 1–3 days')).toBeInTheDocument();
      expect(screen.getByText('Add 479 EGP more for free delivery')).toBeInTheDocument();
      const asked = calls.find((call) => call.url.pathname === '/api/delivery/quote');
      expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({
        governorate: 'EG-GZ',
        paymentType: 'cash',
        cartId: sampleCart()._id,
      });
    });

    it("says 'Free delivery' once the threshold is reached, with no amount left", async () => {
      window.localStorage.setItem('deliveryGovernorate', 'EG-GZ');
      serveCart(sampleCart(), () => ({
        body: { success: true, quote: quote({ freeOver: 1000, freeDelivery: true, shippingFee: 0 }) },
      }));
      renderRoute(<CartPage />, { path: '/cart' });
      expect(
        await screen.findByText(`Delivery to Giza: ${messages.delivery.freeDelivery}`),
      ).toBeInTheDocument();
      expect(screen.queryByText(/more for free delivery/)).not.toBeInTheDocument();
    });

    it('a governorate without delivery says so; a failed quote falls back to the lowest fee', async () => {
      window.localStorage.setItem('deliveryGovernorate', 'EG-WAD');
      serveCart(sampleCart(), () => ({
        body: {
          success: true,
          quote: quote({ governorate: 'EG-WAD', zone: null, deliverable: false, estimateDays: null }),
        },
      }));
      renderRoute(<CartPage />, { path: '/cart' });
      expect(
        await screen.findByText('We do not deliver to New Valley yet. Please choose another governorate.'),
      ).toBeInTheDocument();
      cleanup();
      vi.unstubAllGlobals();

      serveCart(sampleCart(), () => ({ status: 500, body: {} }));
      renderRoute(<CartPage />, { path: '/cart' });
      expect(await screen.findByText('Delivery from 40 EGP')).toBeInTheDocument();
    });
  });
});
