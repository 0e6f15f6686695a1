import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cartAnswer,
  clearToasts,
  mockFetch,
  renderRoute,
  sampleCart,
  sampleProduct,
  setStoredSession,
} from '@/web/lib/testing';
import { toFavoriteItem } from '@/web/session/favorite-toggle';
import { getFavorites } from '@/web/session/favorites';
import FavoritesPage from './favorites-page';

const dress = toFavoriteItem(sampleProduct({ price: 1000, discount: 20, finalPrice: 800 }));
const scarf = toFavoriteItem(
  sampleProduct({ _id: 'p2', id: 'p2', name: 'Silk Scarf', defaultImage: { url: '' }, images: [] }),
);

function renderFavorites() {
  return renderRoute(<FavoritesPage />, {
    path: '/favorites',
    routes: [
      { path: '/productdetails/:id', element: <p>details page</p> },
      { path: '/', element: <p>home page</p> },
    ],
  });
}

describe('FavoritesPage', () => {
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });

  describe('for a visitor', () => {
    beforeEach(() => setStoredSession('visitor', [dress, scarf]));

    it('shows each favourite with its image (or a placeholder), name and price', () => {
      renderFavorites();
      expect(screen.getByRole('heading', { name: 'My Favorites' })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Linen Summer Dress' })).toHaveAttribute(
        'src',
        '/uploads/dress.webp',
      );
      expect(screen.getByRole('img', { name: 'Silk Scarf' }).tagName).toBe('DIV');
      expect(screen.getByText('800 EGP')).toBeInTheDocument();
    });

    it('opens the product when the card itself is clicked, not when a button is', async () => {
      const { router } = renderFavorites();
      await userEvent.click(screen.getAllByRole('button', { name: 'Add to Cart' })[0]!);
      expect(router.state.location.pathname).toBe('/favorites');
      expect(
        await screen.findByText('Please log in to be able to add this item to the cart'),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByText('800 EGP'));
      expect(router.state.location.pathname).toBe('/productdetails/11111111-1111-4111-8111-111111111111');
    });

    it("removes with the heart, says 'Removed from favorites', and ends on the empty state", async () => {
      const { router } = renderFavorites();
      await userEvent.click(screen.getByRole('button', { name: 'Remove Linen Summer Dress from favorites' }));
      expect(await screen.findByText('Removed from favorites')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Remove Silk Scarf from favorites' }));
      expect(getFavorites()).toEqual([]);
      expect(screen.getByRole('heading', { name: 'Your Favorites is Empty' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: 'Start Shopping' }));
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it('adds one piece to the cart for a user', async () => {
    setStoredSession('user', [dress]);
    const { calls } = mockFetch(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/cart'
        ? cartAnswer(sampleCart([]), 'Product added to cart successfully')
        : undefined,
    );
    renderFavorites();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Product added to cart successfully')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([
      { productId: '11111111-1111-4111-8111-111111111111', quantity: 1 },
    ]);
  });

  it('sends a piece in sizes to its page to choose one, rather than adding it without a size', async () => {
    const sized = toFavoriteItem(sampleProduct({ options: [{ name: 'Size', values: ['S', 'M'] }] }));
    expect(sized?.hasOptions).toBe(true);
    setStoredSession('user', [sized!]);
    const { calls } = mockFetch(() => undefined);
    renderFavorites();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Choose Options' }));
    expect(await screen.findByText('details page')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('refuses an admin with the SPEC toast and keeps the list', async () => {
    setStoredSession('admin', [dress]);
    renderFavorites();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Linen Summer Dress from favorites' }));
    expect(await screen.findByText('Admins cannot add products to favorites.')).toBeInTheDocument();
    expect(getFavorites()).toHaveLength(1);
  });

  it("shows 'Your Favorites is Empty' with 'Start Shopping' to / when there are none", () => {
    setStoredSession('visitor');
    renderFavorites();
    expect(screen.getByRole('heading', { name: 'Your Favorites is Empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
  });
});
