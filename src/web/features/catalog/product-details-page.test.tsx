import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/web/i18n/messages';
import type { ProductDetailDto } from '@/shared/schemas/product';
import ProductDetailsPage from './product-details-page';
import {
  cartAnswer,
  clearToasts,
  listAnswer,
  mockFetch,
  renderRoute,
  sampleCart,
  sampleProduct,
  sampleProductDetail,
  setStoredSession,
  setWhatsappNumber,
  stubObservers,
  type RecordedCall,
} from '@/web/lib/testing';

const product = sampleProductDetail({
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
  target: ProductDetailDto = product,
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
    serve(undefined, sampleProductDetail({ avaliableItems: 0, inStock: false }));
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

describe('ProductDetailsPage with sizes and colours', () => {
  const variant = (size: string, color: string, avaliableItems: number, price = 1000) => ({
    _id: `v-${size}-${color}`,
    id: `v-${size}-${color}`,
    sku: `LD-${size}-${color}`,
    options: { Size: size, Color: color },
    price,
    finalPrice: price * 0.75,
    avaliableItems,
    inStock: avaliableItems > 0,
  });
  // M is sold out; L costs more.
  const dress = sampleProductDetail({
    price: 1000,
    discount: 25,
    finalPrice: 750,
    avaliableItems: 9,
    options: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Color', values: ['Navy', 'Sand'] },
    ],
    optionsInStock: { Size: ['S', 'L'], Color: ['Navy', 'Sand'] },
    variants: [
      variant('S', 'Navy', 2),
      variant('S', 'Sand', 3),
      variant('M', 'Navy', 0),
      variant('L', 'Sand', 4, 1200),
    ],
    category: {
      _id: 'c1',
      id: 'c1',
      name: 'Women',
      nameAr: 'نسائي',
      slug: 'women',
      sizeGuide: {
        columns: ['Size', 'Bust (cm)', 'Waist (cm)'],
        rows: [
          ['S', '82-86', '64-68'],
          ['M', '87-91', '69-73'],
        ],
      },
    },
  });

  // The page's own button comes first; the related products' cards have theirs below.
  const addButton = () => screen.getAllByRole('button', { name: 'Add to Cart' })[0]!;

  beforeEach(() => {
    setStoredSession('user');
    stubObservers();
  });
  afterEach(() => {
    clearToasts();
    vi.unstubAllGlobals();
  });

  it('lets the price and stock follow the chosen size and colour, with the sold-out size disabled', async () => {
    serve(undefined, dress);
    renderDetails();
    expect(await screen.findByText('9 in stock')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'M, Sold out' })).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: 'L' }));
    // L comes only in Sand.
    expect(screen.getByRole('radio', { name: 'Navy, Sold out' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Sand' }));
    expect(screen.getByText('900 EGP')).toBeInTheDocument();
    expect(screen.getByText('1,200 EGP').tagName).toBe('DEL');
    expect(screen.getByText('4 in stock')).toBeInTheDocument();
  });

  it('asks for a size before it adds, then adds the chosen variant', async () => {
    const { calls } = serve(
      (call) =>
        call.method === 'POST' && call.url.pathname === '/api/cart'
          ? cartAnswer(sampleCart([]), 'Product added to cart successfully')
          : undefined,
      dress,
    );
    renderDetails();
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(addButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a Size');
    expect(screen.getByRole('radio', { name: 'S' })).toHaveFocus();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(addButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a Color');

    await userEvent.click(screen.getByRole('radio', { name: 'Navy' }));
    await userEvent.click(addButton());
    expect(await screen.findByText('Product added to cart successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: dress._id,
      variantId: 'v-S-Navy',
      quantity: 1,
    });
  });

  it("opens the category's size guide in a dialog, and Escape closes it", async () => {
    serve(undefined, dress);
    renderDetails();
    const opener = await screen.findByRole('button', { name: 'Size guide' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Women size guide' });
    expect(within(dialog).getByRole('columnheader', { name: 'Bust (cm)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('rowheader', { name: 'M' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: '69-73' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('shows no size guide button when the category has none', async () => {
    serve(undefined, sampleProductDetail({ ...dress, category: { ...dress.category!, sizeGuide: null } }));
    renderDetails();
    expect(await screen.findByRole('radiogroup', { name: 'Size:' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Size guide' })).not.toBeInTheDocument();
  });
});
