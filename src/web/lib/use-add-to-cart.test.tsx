import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_ADD_TOAST_MS } from '@/shared/constants';
import { messages } from '@/web/i18n/messages';
import { queryKeys } from '@/web/lib/query-keys';
import {
  DRESS_ID,
  cartAnswer,
  clearToasts,
  mockFetch,
  renderRoute,
  sampleCart,
  setStoredSession,
} from '@/web/lib/testing';
import { useCart } from '@/web/lib/api/get-cart';
import { useAddToCart } from '@/web/lib/use-add-to-cart';

const m = messages.cart;

/** A product card in miniature: the badge reads the cart query the top bar reads. */
function AddButton() {
  const { addToCart, pendingProductId } = useAddToCart();
  const cart = useCart();
  return (
    <>
      <button type="button" onClick={() => addToCart({ _id: DRESS_ID, id: DRESS_ID })}>
        add
      </button>
      <p>badge {cart.data?.products.length ?? 'none'}</p>
      <p>pending {pendingProductId ?? 'none'}</p>
    </>
  );
}

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useAddToCart', () => {
  it('asks a visitor to log in and sends nothing', async () => {
    setStoredSession('visitor');
    const { calls } = mockFetch(() => undefined);
    renderRoute(<AddButton />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText(m.loginToAdd)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses an admin and sends nothing', async () => {
    setStoredSession('admin');
    const { calls } = mockFetch(() => undefined);
    renderRoute(<AddButton />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText(m.adminsNotAllowed)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("adds one piece for a user, shows the server's message for 1 s and updates the badge's cart", async () => {
    setStoredSession('user');
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET') return { body: { success: true, cart: sampleCart([]) } };
      if (call.method === 'POST' && call.url.pathname === '/api/cart') {
        return cartAnswer(sampleCart(), m.productAdded);
      }
      return undefined;
    });
    const success = vi.spyOn(toast, 'success');
    const { queryClient } = renderRoute(<AddButton />, { path: '/' });
    expect(await screen.findByText('badge 0')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'add' }));

    expect(await screen.findByText(m.productAdded)).toBeInTheDocument();
    expect(screen.getByText('badge 2')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ productId: DRESS_ID, quantity: 1 });
    expect(post?.headers.get('token')).toBe('user-token');
    // The answer's cart is used as it is: no second GET.
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
    expect(queryClient.getQueryData(queryKeys.cart)).toEqual(sampleCart());
    expect(success).toHaveBeenCalledWith(m.productAdded, { duration: CART_ADD_TOAST_MS });
  });

  it("shows the server's message when the add is refused", async () => {
    setStoredSession('user');
    mockFetch((call) => {
      if (call.method === 'GET') return { body: { success: true, cart: sampleCart([]) } };
      return { status: 409, body: { success: false, message: 'Linen Summer Dress is out of stock' } };
    });
    renderRoute(<AddButton />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('Linen Summer Dress is out of stock')).toBeInTheDocument();
    expect(screen.getByText('pending none')).toBeInTheDocument();
  });
});
