import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The storefront's screens on an Arabic page: its own words, and the values it shows (names the owner
 * wrote only in English, sizes, order and phone numbers) isolated so each keeps its order in Arabic
 * text. The page's language is read from <html lang> when the i18n modules load, so this file sets it
 * and then imports the screens (and Testing Library, whose cleanup must be the instance that rendered
 * them) afresh.
 */
async function arabicStorefront() {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
  vi.resetModules();
  const [library, testing, products, order, details, checkout] = await Promise.all([
    import('@testing-library/react'),
    import('@/web/lib/testing'),
    import('./catalog/products-page'),
    import('./orders/order-page'),
    import('./catalog/product-details-page'),
    import('./checkout/checkout-page'),
  ]);
  return {
    ...library,
    ...testing,
    ProductsPage: products.default,
    OrderPage: order.default,
    ProductDetailsPage: details.default,
    CheckoutPage: checkout.default,
  };
}

let ar: Awaited<ReturnType<typeof arabicStorefront>>;

// Loading the storefront's modules afresh takes seconds on a busy machine.
beforeAll(async () => {
  ar = await arabicStorefront();
}, 30_000);
afterAll(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});
afterEach(() => {
  ar.cleanup();
  vi.unstubAllGlobals();
});

/** First-strong isolates around a value set inside an Arabic sentence (src/web/i18n/bidi.ts). */
const isolated = (value: string) => `\u2068${value}\u2069`;

describe('the storefront in Arabic', () => {
  it("lists 'All categories' in Arabic, a category without an Arabic name isolated, and isolates the chips' values", async () => {
    const { screen, within } = ar;
    ar.setStoredSession('visitor');
    vi.stubGlobal('scrollTo', vi.fn());
    const categories = [
      ar.sampleCategory(),
      ar.sampleCategory({ _id: 'c2', name: 'Summer Edit', nameAr: '', slug: 'summer-edit' }),
    ];
    ar.mockFetch((call) => {
      if (call.url.pathname === '/api/category') return { body: { success: true, categories } };
      if (call.url.pathname === '/api/product') return ar.listAnswer(ar.makeProducts(2));
      return undefined;
    });
    ar.renderRoute(<ar.ProductsPage />, { path: '/products', initialEntry: '/products?search=silk&size=M' });

    const filters = await screen.findByRole('form', { name: 'الفلاتر' });
    const choices = within(filters).getByRole('group', { name: 'القسم' });
    expect(within(choices).getByRole('button', { name: 'كل الأقسام' })).toBeInTheDocument();
    // The shop's names once its categories have come (the fixed English ones stand in until then).
    expect(await within(choices).findByRole('button', { name: 'نسائي' })).toBeInTheDocument();
    expect(within(choices).getByText('Summer Edit').tagName).toBe('BDI');
    // The shopper's words and the size, in chips that remove them.
    expect(screen.getByRole('button', { name: `إزالة الفلتر بحث: ${isolated('silk')}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `إزالة الفلتر المقاس: ${isolated('M')}` })).toBeInTheDocument();
    // A product without an Arabic name keeps its English one, isolated in the Arabic card.
    expect((await screen.findAllByRole('link', { name: /^Piece \d+$/ }))[0]!.firstElementChild?.tagName).toBe(
      'BDI',
    );
  });

  it("names a product's options, its cities and its size chips in Arabic, the values isolated", async () => {
    const { screen, within } = ar;
    ar.setStoredSession('visitor');
    ar.stubObservers();
    const product = ar.sampleProductDetail({
      nameAr: '',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      optionsInStock: { Size: ['S', 'M'] },
      variants: [
        {
          _id: 'v-s',
          id: 'v-s',
          sku: 'LD-S',
          options: { Size: 'S' },
          price: 1000,
          finalPrice: 1000,
          avaliableItems: 2,
          inStock: true,
        },
        {
          _id: 'v-m',
          id: 'v-m',
          sku: 'LD-M',
          options: { Size: 'M' },
          price: 1000,
          finalPrice: 1000,
          avaliableItems: 0,
          inStock: false,
        },
      ],
    });
    ar.mockFetch((call) => {
      if (call.url.pathname === `/api/product/${product._id}`) return { body: { success: true, product } };
      if (call.url.pathname === '/api/product') return ar.listAnswer([]);
      return undefined;
    });
    ar.renderRoute(<ar.ProductDetailsPage />, {
      path: '/productdetails/:id',
      initialEntry: `/productdetails/${product._id}`,
    });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Linen Summer Dress' });
    expect(heading.firstElementChild?.tagName).toBe('BDI');
    const sizes = screen.getByRole('radiogroup', { name: 'المقاس:' });
    expect(within(sizes).getByRole('radio', { name: `${isolated('M')}، نفدت الكمية` })).toBeDisabled();
    expect(within(sizes).getByText('S').tagName).toBe('BDI');
    const delivery = screen.getByRole('region', { name: 'التوصيل والاسترجاع' });
    expect(within(delivery).getByText(/^التوصيل إلى القاهرة: /)).toBeInTheDocument();
    expect(within(delivery).queryByText(/Cairo|Giza/)).not.toBeInTheDocument();
  });

  it("shows an order's number, phone, address and lines isolated, and how to pay in Arabic", async () => {
    const { screen, within } = ar;
    ar.setStoredSession('user');
    const order = ar.makeOrder({
      number: 'N-10042',
      paymentType: 'cash',
      paymentImage: null,
      phone: '+201012345678',
      products: [ar.sampleOrderLine({ variant: { sku: 'LD-M', options: { Size: 'M' } } })],
    });
    ar.mockFetch((call) =>
      call.url.pathname === `/api/order/${order._id}`
        ? { body: { success: true, results: order } }
        : undefined,
    );
    ar.renderRoute(<ar.OrderPage />, { path: '/orders/:id', initialEntry: `/orders/${order._id}` });

    const thanks = await screen.findByRole('heading', { level: 1 });
    expect(within(thanks).getByText('N-10042')).toHaveAttribute('dir', 'ltr');
    expect(document.title).toContain(`الطلب ${isolated('N-10042')}`);
    const delivery = screen.getByRole('region', { name: 'التوصيل إلى' });
    expect(within(delivery).getByText('+201012345678')).toHaveAttribute('dir', 'ltr');
    // The address as the order keeps it (in the language it was placed in), isolated.
    expect(within(delivery).getByText(order.address).tagName).toBe('BDI');
  });

  it('offers the cities in Arabic at checkout', async () => {
    const { screen, within } = ar;
    ar.setStoredSession('user');
    ar.mockFetch((call) =>
      call.url.pathname === '/api/cart' ? { body: { success: true, cart: ar.sampleCart() } } : undefined,
    );
    ar.renderRoute(<ar.CheckoutPage />, { path: '/checkout' });
    const city = await screen.findByRole('combobox', { name: 'المدينة' });
    const names = within(city)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names.slice(1)).toEqual([
      expect.stringMatching(/^القاهرة /),
      expect.stringMatching(/^الجيزة /),
      expect.stringMatching(/^خارج القاهرة والجيزة /),
    ]);
  });
});
