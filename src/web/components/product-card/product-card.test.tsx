import { screen, waitFor, within } from '@testing-library/react';
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
import { getFavorites } from '@/web/session/favorites';
import { ProductCard } from './product-card';
import { ProductGrid } from './product-grid';
import type { ShownProduct } from './product-view';

function renderCard(product: ShownProduct) {
  return renderRoute(<ProductCard product={product} />, {
    routes: [{ path: '/productdetails/:id', element: <p>details page</p> }],
  });
}

describe('ProductCard', () => {
  beforeEach(() => setStoredSession('visitor'));
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });

  it('links to /productdetails/{id} and shows name, category, rating and price', async () => {
    const { router } = renderCard(sampleProduct({ averageRating: 4.25 }));
    expect(screen.getByRole('heading', { name: 'Linen Summer Dress' })).toBeInTheDocument();
    expect(screen.getByText('Women')).toBeInTheDocument();
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(screen.getByLabelText('Rated 4.3 out of 5')).toBeInTheDocument();
    expect(screen.getByText('1,000 EGP')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Linen Summer Dress' });
    expect(link).toHaveAttribute('href', '/productdetails/11111111-1111-4111-8111-111111111111');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/productdetails/11111111-1111-4111-8111-111111111111');
  });

  it('shows no rating at all, not a star and 0, for a product nobody has rated (issue 16)', () => {
    renderCard(sampleProduct({ averageRating: 0, ratingCount: 0 }));
    expect(screen.getByRole('heading', { name: 'Linen Summer Dress' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Rated /)).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it('shows the colours a product comes in and leads to its page to choose a size, instead of adding', async () => {
    setStoredSession('user');
    const { calls } = mockFetch(() => undefined);
    const { router } = renderCard(
      sampleProduct({
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Color', values: ['Navy', 'Sand', 'Marigold'] },
        ],
        optionsInStock: { Size: ['S'], Color: ['Navy', 'Marigold'] },
      }),
    );
    expect(screen.getByText('Colours: Navy, Sand, Marigold')).toBeInTheDocument();
    // Painted swatches for the known names; Sand, sold out in every size, is faded.
    const swatch = (colour: string) => document.querySelector(`[data-colour="${colour}"]`);
    expect(swatch('Navy')).not.toHaveClass('opacity-35');
    expect(swatch('Sand')).toHaveClass('opacity-35');
    expect(swatch('Marigold')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Choose Options' }));
    expect(router.state.location.pathname).toBe('/productdetails/11111111-1111-4111-8111-111111111111');
    expect(calls).toHaveLength(0);
  });

  it('draws the default image with srcset, sizes, lazy loading and a fixed size', () => {
    renderCard(sampleProduct());
    const image = screen.getByRole('img', { name: 'Linen Summer Dress' });
    expect(image).toHaveAttribute('src', '/uploads/dress.webp');
    // The API's srcset already offers the full-size original: it is drawn as given.
    expect(image).toHaveAttribute('srcset', sampleProduct().defaultImage.srcset);
    expect(image).toHaveAttribute('sizes', expect.stringContaining('50vw'));
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  });

  it("loads the pictures of a grid's first cards at once and first, the rest when scrolled near", () => {
    const products = ['A', 'B', 'C'].map((name, i) =>
      sampleProduct({ _id: `11111111-1111-4111-8111-11111111111${i}`, name }),
    );
    renderRoute(<ProductGrid products={products} eagerCount={2} />);
    const [a, b, c] = ['A', 'B', 'C'].map((name) => screen.getByRole('img', { name }));
    for (const image of [a, b]) {
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('fetchpriority', 'high');
    }
    expect(c).toHaveAttribute('loading', 'lazy');
    expect(c).toHaveAttribute('fetchpriority', 'auto');
  });

  it('falls back to the first image when there is no default image', () => {
    renderCard(sampleProduct({ defaultImage: { url: '' }, images: [{ url: '/uploads/first.webp' }] }));
    expect(screen.getByRole('img', { name: 'Linen Summer Dress' })).toHaveAttribute(
      'src',
      '/uploads/first.webp',
    );
  });

  it("uses 'No Name', 'No Product Name', 'Unknown Category' and no rating when data is missing", () => {
    renderCard({ _id: 'p1', finalPrice: 50 });
    expect(screen.getByRole('heading', { name: 'No Name' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No Product Name' })).toBeInTheDocument();
    expect(screen.getByText('Unknown Category')).toBeInTheDocument();
    // Issue 16: no '★ 0' for a product nobody has rated.
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it("shows 'No Price Available' without a final price", () => {
    renderCard({ _id: 'p1', name: 'Scarf' });
    expect(screen.getByText('No Price Available')).toBeInTheDocument();
  });

  it('strikes the original price through and shows the percent when discounted', () => {
    renderCard(sampleProduct({ price: 1000, discount: 20, finalPrice: 800 }));
    const original = screen.getByText('1,000 EGP');
    expect(original.tagName).toBe('DEL');
    expect(screen.getByText('800 EGP')).toBeInTheDocument();
    expect(screen.getByText('-20%')).toBeInTheDocument();
  });

  it('accepts a discount sent as text', () => {
    renderCard({ _id: 'p1', name: 'Bag', price: 500, discount: '10', finalPrice: 450 });
    expect(screen.getByText('-10%')).toBeInTheDocument();
  });

  it('shows only the final price without a discount', () => {
    renderCard(sampleProduct({ discount: 0 }));
    expect(screen.queryByText(/^-\d+%$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('deletion')).not.toBeInTheDocument();
  });

  it("greys an out-of-stock product's picture, overlays 'Out of Stock' and disables 'OUT OF STOCK'", () => {
    renderCard(sampleProduct({ avaliableItems: 0, inStock: false }));
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    // The picture is dimmed; the texts keep their contrast (issue 16).
    expect(screen.getByRole('img', { name: 'Linen Summer Dress' })).toHaveClass('opacity-70', 'grayscale');
    expect(screen.getByRole('article')).not.toHaveClass('opacity-70');
    expect(screen.getByRole('button', { name: 'OUT OF STOCK' })).toBeDisabled();
  });

  it('adds to favourites with a toast and a filled heart, and removes again', async () => {
    renderCard(sampleProduct());
    await userEvent.click(screen.getByRole('button', { name: 'Add Linen Summer Dress to favorites' }));
    expect(await screen.findByText('Added to favorites ❤️')).toBeInTheDocument();
    const heart = screen.getByRole('button', { name: 'Remove Linen Summer Dress from favorites' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart.querySelector('svg')).toHaveClass('fill-danger');
    expect(getFavorites().map((item) => item._id)).toEqual(['11111111-1111-4111-8111-111111111111']);

    await userEvent.click(heart);
    expect(await screen.findByText('Removed from favorites')).toBeInTheDocument();
    expect(getFavorites()).toEqual([]);
  });

  it('refuses favourites for admins', async () => {
    setStoredSession('admin');
    renderCard(sampleProduct());
    await userEvent.click(screen.getByRole('button', { name: 'Add Linen Summer Dress to favorites' }));
    expect(await screen.findByText('Admins cannot add products to favorites.')).toBeInTheDocument();
    expect(getFavorites()).toEqual([]);
  });

  it('asks a visitor to log in before adding to the cart', async () => {
    const { calls } = mockFetch(() => undefined);
    renderCard(sampleProduct());
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(
      await screen.findByText('Please log in to be able to add this item to the cart'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('refuses the cart for admins', async () => {
    setStoredSession('admin');
    const { calls } = mockFetch(() => undefined);
    renderCard(sampleProduct());
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Admins are not allowed to add items to cart')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('adds one piece for a user and shows the server message', async () => {
    setStoredSession('user');
    const { calls } = mockFetch(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/cart'
        ? cartAnswer(sampleCart([]), 'Product added to cart successfully')
        : undefined,
    );
    renderCard(sampleProduct());
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Product added to cart successfully')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ productId: '11111111-1111-4111-8111-111111111111', quantity: 1 });
    expect(within(screen.getByRole('article')).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });
});
