import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/shared/messages';
import type { ProductDto } from '@/shared/schemas/product';
import ProductDetailsPage from './product-details-page';
import {
  clearToasts,
  listAnswer,
  mockFetch,
  renderRoute,
  sampleProduct,
  setStoredSession,
  setWhatsappNumber,
  stubObservers,
  type RecordedCall,
} from '@/web/lib/testing';

const product = sampleProduct({
  price: 1000,
  discount: 25,
  finalPrice: 750,
  ratingCount: 2,
  averageRating: 4.5,
});
const related = [
  product,
  ...Array.from({ length: 5 }, (_, index) =>
    sampleProduct({ _id: `r${index}`, id: `r${index}`, name: `Related ${index}`, slug: `related-${index}` }),
  ),
];

function serve(
  extra: (call: RecordedCall) => { status?: number; body: unknown } | undefined = () => undefined,
  target: ProductDto = product,
) {
  return mockFetch((call) => {
    const { pathname } = call.url;
    if (
      call.method === 'GET' &&
      (pathname === `/api/product/${target._id}` || pathname === `/api/product/${target.slug}`)
    ) {
      return { body: { success: true, product: target } };
    }
    if (call.method === 'GET' && pathname === '/api/product') return listAnswer(related);
    return extra(call);
  });
}

function renderDetails(path = `/productdetails/${product._id}`) {
  return renderRoute(<ProductDetailsPage />, {
    path: path.startsWith('/product/') ? '/product/:slug' : '/productdetails/:id',
    initialEntry: path,
  });
}

describe('ProductDetailsPage', () => {
  beforeEach(() => {
    setStoredSession('visitor');
    stubObservers();
  });
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
    setWhatsappNumber(null);
  });

  it('shows name, stars, price with its badge, category, description, thumbnails and up to 5 related products', async () => {
    const { calls } = serve();
    renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Summer Dress' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('750 EGP')).toBeInTheDocument();
    expect(screen.getByText('1,000 EGP').tagName).toBe('DEL');
    expect(screen.getByText('-25%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Women' })).toHaveAttribute('href', '/category/women');
    expect(screen.getByText('A light dress for warm days.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show image 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

    expect(await screen.findByRole('heading', { name: 'Related Products' })).toBeInTheDocument();
    const relatedCall = calls.find((call) => call.url.pathname === '/api/product');
    expect(Object.fromEntries(relatedCall?.url.searchParams ?? [])).toEqual({ category: 'c1', limit: '6' });
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(screen.queryByRole('link', { name: 'Linen Summer Dress' })).not.toBeInTheDocument();
  });

  it("offers 'Ask about this item' on WhatsApp with the product's name and link typed in", async () => {
    setWhatsappNumber('201012345678');
    serve();
    renderDetails();
    const ask = await screen.findByRole('link', { name: messages.catalog.askAboutItem });
    const url = new URL(ask.getAttribute('href') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/201012345678');
    expect(url.searchParams.get('text')).toBe(
      `Hello, I have a question about Linen Summer Dress: ${window.location.origin}/product/linen-summer-dress`,
    );
    expect(ask).toHaveAttribute('target', '_blank');
  });

  it('has no WhatsApp link when the shop has no number', async () => {
    setWhatsappNumber(null);
    serve();
    renderDetails();
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: messages.catalog.askAboutItem })).not.toBeInTheDocument();
  });

  it('reads the same screen by slug', async () => {
    serve();
    renderDetails('/product/linen-summer-dress');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Summer Dress' })).toBeInTheDocument();
  });

  it("shows 'Sold Out' for a product without stock", async () => {
    serve(undefined, sampleProduct({ avaliableItems: 0, inStock: false }));
    renderDetails();
    expect(await screen.findByRole('button', { name: 'Sold Out' })).toBeDisabled();
  });

  it('shows a not-found state for a missing product', async () => {
    mockFetch(() => ({ status: 404, body: { success: false, message: 'Product not found' } }));
    renderDetails('/productdetails/missing');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
  });

  it('toggles the favourite', async () => {
    serve();
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Linen Summer Dress to favorites' }));
    expect(await screen.findByText('Added to favorites ❤️')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Linen Summer Dress from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('asks a visitor to log in before rating', async () => {
    const { calls } = serve();
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Rate 4 out of 5' }));
    expect(await screen.findByText('Please login to rate this product')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('sends a rating for a user and confirms it', async () => {
    setStoredSession('user');
    const { calls } = serve((call) =>
      call.method === 'PATCH' && call.url.pathname === `/api/product/${product._id}/rate`
        ? {
            body: {
              success: true,
              message: 'Rating submitted successfully',
              averageRating: 4.3,
              ratingCount: 3,
              product: { ...product, averageRating: 4.3, ratingCount: 3 },
            },
          }
        : undefined,
    );
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Rate 4 out of 5' }));
    expect(await screen.findByText('Rating submitted successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ rating: 4 });
    await waitFor(() => expect(screen.getByText('(3 ratings)')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Rate 4 out of 5' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the server's message, else 'Failed to submit rating', when rating fails", async () => {
    setStoredSession('user');
    let answer: { status: number; body: unknown } = {
      status: 403,
      body: { success: false, message: 'Admins cannot rate products' },
    };
    serve((call) => (call.method === 'PATCH' ? answer : undefined));
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Rate 2 out of 5' }));
    expect(await screen.findByText('Admins cannot rate products')).toBeInTheDocument();
    clearToasts();
    answer = { status: 500, body: {} };
    await userEvent.click(screen.getByRole('button', { name: 'Rate 3 out of 5' }));
    expect(await screen.findByText('Failed to submit rating')).toBeInTheDocument();
  });
});
