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
  const [library, testing, products, order, details, checkout, cart, category] = await Promise.all([
    import('@testing-library/react'),
    import('@/web/lib/testing'),
    import('./catalog/products-page'),
    import('./orders/order-page'),
    import('./catalog/product-details-page'),
    import('./checkout/checkout-page'),
    import('./cart/cart-page'),
    import('./catalog/category-page'),
  ]);
  return {
    ...library,
    ...testing,
    ProductsPage: products.default,
    OrderPage: order.default,
    ProductDetailsPage: details.default,
    CheckoutPage: checkout.default,
    CartPage: cart.default,
    CategoryPage: category.default,
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
  it("shows a category's Arabic description, else its English one, and only SPEC's heading without one (issue 35)", async () => {
    const { screen } = ar;
    ar.setStoredSession('visitor');
    let category = ar.sampleCategory({ description: 'Light dresses.', descriptionAr: 'فساتين خفيفة.' });
    ar.mockFetch((call) => {
      if (call.url.pathname === '/api/category/women/products') {
        const products = [ar.sampleProduct()];
        return { body: { success: true, category, products, page: 1, totalPages: 1, totalCount: 1 } };
      }
      if (call.url.pathname === '/api/product') return ar.listAnswer(ar.makeProducts(1));
      return undefined;
    });
    const page = () =>
      ar.renderRoute(<ar.CategoryPage />, { path: '/category/:slug', initialEntry: '/category/women' });

    page();
    expect(await screen.findByText('فساتين خفيفة.')).toBeInTheDocument();
    expect(screen.queryByText('Light dresses.')).toBeNull();
    ar.cleanup();

    category = ar.sampleCategory({ description: 'Light dresses.', descriptionAr: '' });
    page();
    expect(await screen.findByText('Light dresses.')).toHaveAttribute('dir', 'auto');
    ar.cleanup();

    category = ar.sampleCategory();
    page();
    const heading = await screen.findByRole('heading', { level: 1, name: 'نسائي' });
    const header = heading.closest('header')!;
    expect(header.querySelector('h2')?.textContent).toBe(`تصفّح تشكيلة منتجاتنا في قسم ${isolated('نسائي')}`);
    expect(header.querySelectorAll('p')).toHaveLength(0);
  });

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

  it('names the colours and the size guide’s headings in Arabic, a value without Arabic as written', async () => {
    const { screen, within, fireEvent } = ar;
    ar.setStoredSession('visitor');
    ar.stubObservers();
    const variant = (id: string, options: Record<string, string>) => ({
      _id: id,
      id,
      sku: `VK-${id}`,
      options,
      price: 900,
      finalPrice: 900,
      avaliableItems: 2,
      inStock: true,
    });
    const base = ar.sampleProductDetail();
    const product = ar.sampleProductDetail({
      options: [
        { name: 'Size', values: ['M'] },
        { name: 'Color', values: ['Navy', 'Sand'], valuesAr: ['كحلي', ''] },
      ],
      optionsInStock: { Size: ['M'], Color: ['Navy', 'Sand'] },
      variants: [variant('v1', { Size: 'M', Color: 'Navy' }), variant('v2', { Size: 'M', Color: 'Sand' })],
      category: {
        ...base.category!,
        sizeGuide: { columns: ['Size', 'Bust (cm)'], columnsAr: ['المقاس', ''], rows: [['M', '88-93']] },
      },
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
    const colours = await screen.findByRole('radiogroup', { name: /^اللون/ });
    expect(within(colours).getByRole('radio', { name: 'كحلي' })).toBeInTheDocument();
    expect(within(colours).getByRole('radio', { name: 'Sand' })).toBeInTheDocument();
    expect(within(colours).queryByRole('radio', { name: 'Navy' })).not.toBeInTheDocument();
    fireEvent.click(within(colours).getByRole('radio', { name: 'كحلي' }));
    expect(within(colours).getByText('كحلي', { selector: 'legend bdi' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'دليل المقاسات' }));
    const chart = await screen.findByRole('dialog');
    expect(
      within(chart)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['المقاس', 'Bust (cm)']);
  });

  it('names a card’s colours in Arabic for a screen reader, a colour without Arabic as written', async () => {
    const { screen } = ar;
    ar.setStoredSession('visitor');
    vi.stubGlobal('scrollTo', vi.fn());
    const [piece] = ar.makeProducts(1);
    const coloured = {
      ...piece!,
      options: [{ name: 'Color', values: ['Navy', 'Sand'], valuesAr: ['كحلي', ''] }],
      optionsInStock: { Color: ['Navy', 'Sand'] },
    };
    ar.mockFetch((call) => {
      if (call.url.pathname === '/api/category') return { body: { success: true, categories: [] } };
      if (call.url.pathname === '/api/product') return ar.listAnswer([coloured]);
      return undefined;
    });
    ar.renderRoute(<ar.ProductsPage />, { path: '/products', initialEntry: '/products' });
    expect(await screen.findByText(`الألوان: ${isolated('كحلي, Sand')}`)).toBeInTheDocument();
  });

  it('names a cart line’s and an order line’s colour in Arabic', async () => {
    const { screen } = ar;
    ar.setStoredSession('user');
    const line = ar.sampleCartLine({}, 1);
    const cart = ar.sampleCart([
      {
        ...line,
        variantId: 'v1',
        variant: {
          _id: 'v1',
          sku: 'VK-M-NAVY',
          options: { Size: 'M', Color: 'Navy' },
          optionsAr: { Size: 'M', Color: 'كحلي' },
          finalPrice: 450.5,
          avaliableItems: 5,
        },
      },
    ]);
    ar.mockFetch((call) =>
      call.url.pathname === '/api/cart' ? { body: { success: true, cart } } : undefined,
    );
    ar.renderRoute(<ar.CartPage />, { path: '/cart' });
    expect(await screen.findAllByText(`اللون: ${isolated('كحلي')}`, { exact: false })).not.toHaveLength(0);
    expect(screen.queryByText(/Navy/)).not.toBeInTheDocument();
    ar.cleanup();

    const order = ar.makeOrder({
      products: [
        ar.sampleOrderLine({
          variant: { sku: 'VK-M-NAVY', options: { Color: 'Navy' }, optionsAr: { Color: 'كحلي' } },
        }),
      ],
    });
    ar.mockFetch((call) =>
      call.url.pathname === `/api/order/${order._id}`
        ? { body: { success: true, results: order } }
        : undefined,
    );
    ar.renderRoute(<ar.OrderPage />, { path: '/orders/:id', initialEntry: `/orders/${order._id}` });
    expect(await screen.findAllByText(`اللون: ${isolated('كحلي')}`, { exact: false })).not.toHaveLength(0);
    expect(screen.queryByText(/Navy/)).not.toBeInTheDocument();
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

  it('offers the governorates in Arabic at checkout, found in any spelling, and the quote in Arabic', async () => {
    const { screen, within, waitFor } = ar;
    const user = (await import('@testing-library/user-event')).default.setup({ delay: null });
    ar.setStoredSession('user');
    const quote = {
      governorate: 'EG-ALX',
      zone: { id: 'outside', name: { en: 'Outside Cairo and Giza', ar: 'خارج القاهرة والجيزة' } },
      deliverable: true,
      subtotal: 1021,
      shippingFee: 90,
      freeDelivery: false,
      freeOver: null,
      cashOnDeliveryAllowed: true,
      cashOnDeliveryFee: 10,
      estimateDays: { min: 2, max: 5 },
      grandTotal: 1121,
    };
    ar.mockFetch((call) => {
      if (call.url.pathname === '/api/cart') return { body: { success: true, cart: ar.sampleCart() } };
      if (call.url.pathname === '/api/delivery/quote') return { body: { success: true, quote } };
      return undefined;
    });
    ar.renderRoute(<ar.CheckoutPage />, { path: '/checkout' });
    const input = await screen.findByRole('combobox', { name: 'المحافظة' });
    await user.click(input);
    const names = within(screen.getByRole('listbox', { name: 'المحافظات' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toHaveLength(27);
    expect(names.slice(0, 3)).toEqual(['القاهرة', 'الجيزة', 'الإسكندرية']);
    expect(names.join()).not.toMatch(/[A-Za-z]/);

    // No hamza and heh for teh marbuta, as many type it, and a Latin name: each finds its governorate.
    await user.type(input, 'اسكندريه');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['الإسكندرية']);
    await user.clear(input);
    await user.type(input, 'Alex{Enter}');
    expect(input).toHaveValue('الإسكندرية');

    const summary = screen.getByRole('region', { name: 'ملخص الطلب' });
    await waitFor(() => expect(within(summary).getByText('رسوم الدفع عند الاستلام')).toBeInTheDocument());
    expect(within(summary).getByText(/^التوصيل خلال .+ أيام$/)).toBeInTheDocument();
  });

  it("says 'Free delivery' in Arabic", async () => {
    const { screen, within } = ar;
    ar.setStoredSession('user');
    window.localStorage.setItem('deliveryGovernorate', 'EG-C');
    const quote = {
      governorate: 'EG-C',
      zone: { id: 'cairo', name: { en: 'Cairo', ar: 'القاهرة' } },
      deliverable: true,
      subtotal: 1021,
      shippingFee: 0,
      freeDelivery: true,
      freeOver: 1000,
      cashOnDeliveryAllowed: true,
      cashOnDeliveryFee: 0,
      estimateDays: { min: 1, max: 1 },
      grandTotal: 1021,
    };
    ar.mockFetch((call) => {
      if (call.url.pathname === '/api/cart') return { body: { success: true, cart: ar.sampleCart() } };
      if (call.url.pathname === '/api/delivery/quote') return { body: { success: true, quote } };
      return undefined;
    });
    ar.renderRoute(<ar.CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByRole('combobox', { name: 'المحافظة' })).toHaveValue('القاهرة');
    const summary = screen.getByRole('region', { name: 'ملخص الطلب' });
    expect(await within(summary).findByText('توصيل مجاني')).toBeInTheDocument();
    expect(within(summary).getByText('التوصيل خلال يوم واحد')).toBeInTheDocument();
  });

  it("says the cart's delivery to the last governorate in Arabic", async () => {
    const { screen } = ar;
    ar.setStoredSession('user');
    window.localStorage.setItem('deliveryGovernorate', 'EG-GZ');
    const quote = {
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
    };
    ar.mockFetch((call) => {
      if (call.url.pathname === '/api/cart') return { body: { success: true, cart: ar.sampleCart() } };
      if (call.url.pathname === '/api/delivery/quote') return { body: { success: true, quote } };
      return undefined;
    });
    ar.renderRoute(<ar.CartPage />, { path: '/cart' });
    expect(await screen.findByText(/^التوصيل إلى الجيزة: /)).toBeInTheDocument();
    expect(screen.getByText(/^التوصيل خلال .+ أيام$/)).toBeInTheDocument();
    expect(screen.getByText(/^أضف منتجات بقيمة .+ للحصول على توصيل مجاني$/)).toBeInTheDocument();
  });

  it("names the product page's delivery zones, their threshold and estimate in Arabic", async () => {
    const { screen, within } = ar;
    const [{ DeliveryBlock }, { QueryClient }, { queryKeys }, { deliveryZonesOf }] = await Promise.all([
      import('./catalog/delivery-block'),
      import('@tanstack/react-query'),
      import('@/web/lib/query-keys'),
      import('@/shared/delivery'),
    ]);
    const [cairo, giza, outside] = deliveryZonesOf({ Cairo: 70, Giza: 0, 'Outside Cairo and Giza': 90 });
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.settings, {
      shippingFees: { Cairo: 70, Giza: 0, 'Outside Cairo and Giza': 90 },
      deliveryZones: [{ ...cairo!, freeOver: 1500 }, giza!, outside!],
    });
    ar.renderRoute(<DeliveryBlock />, { queryClient });
    const items = within(screen.getByRole('region', { name: 'التوصيل والاسترجاع' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^التوصيل إلى القاهرة: .+مجاني للطلبات من .+ · التوصيل خلال .+ أيام$/);
    expect(items[1]).toHaveTextContent(/^التوصيل إلى الجيزة: توصيل مجاني/);
    expect(items[2]).toHaveTextContent(/^التوصيل إلى خارج القاهرة والجيزة: /);
    expect(items.map((item) => item.textContent).join()).not.toMatch(/[A-Za-z]/);
  });
});
