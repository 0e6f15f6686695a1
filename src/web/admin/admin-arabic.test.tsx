import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as english } from '@/shared/messages';
import type { OrderDto } from '@/shared/schemas/order';
import type { ProductDto } from '@/shared/schemas/product';
import { sampleSettings } from './sample-settings';

/**
 * The admin screens on an Arabic page. The page's language is read from <html lang> when the i18n
 * modules load, so this file sets it and then imports the screens (and Testing Library, whose cleanup
 * must be the instance that rendered them) afresh.
 */
async function arabicAdmin() {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
  vi.resetModules();
  const [
    library,
    testing,
    adminTesting,
    { messages },
    { translator, refusalText },
    product,
    variants,
    { default: SettingsPage },
    { deliveryZonesOf },
  ] = await Promise.all([
    import('@testing-library/react'),
    import('@/web/lib/testing'),
    import('./testing'),
    import('./messages'),
    import('@/web/i18n/translate'),
    import('@/shared/schemas/product'),
    import('@/shared/schemas/variants'),
    import('./settings-page'),
    import('@/shared/delivery'),
  ]);
  return {
    ...library,
    ...testing,
    ...adminTesting,
    messages,
    translator,
    refusalText,
    ProductFormSchema: product.ProductFormSchema,
    ProductVariantsInputSchema: variants.ProductVariantsInputSchema,
    SettingsPage,
    deliveryZonesOf,
  };
}

let ar: Awaited<ReturnType<typeof arabicAdmin>>;

beforeAll(async () => {
  ar = await arabicAdmin();
});
afterAll(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});
beforeEach(() => ar.clearToasts());
afterEach(() => {
  ar.cleanup();
  vi.unstubAllGlobals();
});

/** First-strong isolates around a value set inside an Arabic sentence (src/web/i18n/bidi.ts). */
const isolated = (value: string) => `\u2068${value}\u2069`;

function serveOrders(orders: OrderDto[]) {
  return ar.mockFetch((call) =>
    call.url.pathname === '/api/order'
      ? {
          body: {
            success: true,
            results: orders,
            pagination: { page: 1, pages: 1, total: orders.length, limit: 10 },
          },
        }
      : undefined,
  );
}

describe('the admin in Arabic', () => {
  it('prints the address line an Arabic order stores, and its lines by their Arabic names', async () => {
    const line = '12 شارع التحرير، الدور 5، شقة 12، الدقي، الجيزة';
    const [first] = ar.makeOrderLines(1);
    const order = ar.makeDeliveryOrder({
      city: 'Giza',
      address: line,
      products: [{ ...first!, product: { ...first!.product, nameAr: 'عقد قطرة الياقوت' } }],
    });
    ar.mockFetch((call) =>
      call.url.pathname === `/api/order/${order._id}`
        ? { body: { success: true, results: order } }
        : undefined,
    );
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    ar.renderAdmin(`/dashboard/orders/print?ids=${order._id}&kind=slip`);
    expect(await ar.screen.findByText(line)).toBeInTheDocument();
    expect(ar.screen.getByText('عقد قطرة الياقوت')).toBeInTheDocument();
    // The English words of the order's fields are not written again beside it.
    expect(ar.screen.queryByText(/El Nozha Street/)).not.toBeInTheDocument();
  });

  it("prints a packing slip with the order's city in Arabic", async () => {
    // An address sent as text alone (SPEC §7's client): the slip names its city on a line of its own.
    const order = ar.makeDeliveryOrder({ city: 'Giza', address: '12 Tahrir Street, Dokki', street: '' });
    ar.mockFetch((call) =>
      call.url.pathname === `/api/order/${order._id}`
        ? { body: { success: true, results: order } }
        : undefined,
    );
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    ar.renderAdmin(`/dashboard/orders/print?ids=${order._id}&kind=slip`);
    expect(await ar.screen.findByText('الجيزة')).toBeInTheDocument();
    expect(ar.screen.queryByText('Giza')).not.toBeInTheDocument();
  });

  it("prints on a cash order's slip, in Arabic, the amount the courier collects", async () => {
    const order = ar.makeDeliveryOrder({ paymentType: 'cash', paymentImage: null, grandTotal: 270 });
    const paid = ar.makeDeliveryOrder({ paymentType: 'instapay' });
    ar.mockFetch((call) => {
      const found = [order, paid].find((o) => call.url.pathname === `/api/order/${o._id}`);
      return found ? { body: { success: true, results: found } } : undefined;
    });
    ar.renderAdmin(`/dashboard/orders/print?ids=${order._id},${paid._id}&kind=slip`);
    const collect = await ar.screen.findByText('المبلغ المطلوب تحصيله');
    expect(collect.closest('p')).toHaveTextContent(/270/);
    expect(ar.screen.getByText('لا يوجد مبلغ للتحصيل: مدفوع مسبقًا')).toBeInTheDocument();
  });

  it("shows an order's city and its products' Arabic names on the order's page", async () => {
    const [first, second] = ar.makeOrderLines(2);
    const order = ar.makeDeliveryOrder({
      city: 'Giza',
      products: [{ ...first!, product: { ...first!.product, nameAr: 'فستان كتان' } }, second!],
    });
    ar.mockFetch((call) =>
      call.url.pathname === `/api/order/${order._id}`
        ? { body: { success: true, results: order } }
        : undefined,
    );
    ar.renderAdmin(`/dashboard/order/${order._id}`);
    const { screen } = ar;
    expect(await screen.findByText('الجيزة')).toBeInTheDocument();
    expect(screen.queryByText('Giza')).not.toBeInTheDocument();
    // The Arabic name where the line kept one, the English one where it did not.
    expect(screen.getByText('فستان كتان')).toBeInTheDocument();
    expect(screen.getByText('Item 2')).toBeInTheDocument();
  });

  it('lists orders with Arabic words and plurals, the order numbers, ids and phones kept left to right', async () => {
    const three = ar.makeDeliveryOrder({
      number: 'N-10234',
      products: ar.makeOrderLines(5),
      status: 'confirmed',
      paymentType: 'cash',
    });
    const eleven = ar.makeDeliveryOrder({
      number: 'N-10235',
      products: ar.makeOrderLines(13),
      phone: '+201012345678',
    });
    serveOrders([three, eleven]);
    ar.renderAdmin('/dashboard/orders');
    const { screen, within } = ar;

    expect(await screen.findByRole('heading', { name: 'الطلبات' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'الطلبات' });
    expect(within(table).getByRole('columnheader', { name: 'الرقم' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('تم التأكيد')).toBeInTheDocument();
    expect(within(row).getByText('الدفع عند الاستلام')).toBeInTheDocument();
    expect(within(row).getByText('170 ج.م.')).toBeInTheDocument();
    const number = within(row).getByRole('link', { name: `عرض الطلب ${isolated('N-10234')}` });
    expect(number).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByText(three._id.slice(0, 10))).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByRole('link', { name: '01012345678' })).toHaveAttribute('dir', 'ltr');
    expect(within(row).getByText('mariam@example.com')).toHaveAttribute('dir', 'ltr');

    // The cards name the products beyond the first two in Arabic's plural forms: 3 and 11.
    // A card's link is its number, stretched over the card: the card is the list item around it.
    const cardOf = (link: HTMLElement | undefined) => link!.closest('li')!;
    const firstCard = cardOf(screen.getAllByRole('link', { name: `عرض الطلب ${isolated('N-10234')}` })[1]);
    expect(within(firstCard).getByText('+ 3 منتجات أخرى')).toBeInTheDocument();
    const secondCard = cardOf(screen.getAllByRole('link', { name: `عرض الطلب ${isolated('N-10235')}` })[1]);
    expect(within(secondCard).getByText('+ 11 منتجًا آخر')).toBeInTheDocument();
    expect(within(secondCard).getByText('+201012345678')).toHaveAttribute('dir', 'ltr');
    expect(within(secondCard).getByText('إثبات بانتظار المراجعة')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: `تحديد الطلب ${isolated('N-10234')}` })).toHaveLength(2);
  });

  it("names an order card's products in Arabic where the order kept an Arabic name, each title isolated whole", async () => {
    const [first, second] = ar.makeOrderLines(2);
    const order = ar.makeDeliveryOrder({
      number: 'N-10300',
      products: [
        {
          ...first!,
          quantity: 1,
          product: { ...first!.product, name: 'Velvet Evening Kaftan', nameAr: '' },
          variant: {
            sku: 'VK-M-SAND',
            options: { Size: 'M', Color: 'Sand' },
            optionsAr: { Size: 'M', Color: 'رملي' },
          },
        },
        {
          ...second!,
          quantity: 2,
          product: { ...second!.product, name: 'Linen Dress', nameAr: 'فستان كتان' },
        },
      ],
    });
    serveOrders([order]);
    ar.renderAdmin('/dashboard/orders');
    const { screen, within } = ar;
    const [, link] = await screen.findAllByRole('link', { name: `عرض الطلب ${isolated('N-10300')}` });
    const lines = within(link!.closest('li')!)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // The English name and its values as one isolated run: 'Velvet Evening Kaftan (M / رملي)', read
    // left to right inside the Arabic line, not '(M / Sand) Velvet Evening Kaftan'.
    expect(lines).toEqual([
      `${isolated(`${isolated('Velvet Evening Kaftan')} (${isolated('M / رملي')})`)} × 1`,
      `${isolated('فستان كتان')} × 2`,
    ]);
  });

  it("prints a slip's values in Arabic, each value and the SKU isolated", async () => {
    const [first] = ar.makeOrderLines(1);
    const order = ar.makeDeliveryOrder({
      products: [
        {
          ...first!,
          variant: {
            sku: 'VK-M-SAND',
            options: { Size: 'M', Color: 'Sand' },
            optionsAr: { Size: 'M', Color: 'رملي' },
          },
        },
      ],
    });
    ar.mockFetch((call) =>
      call.url.pathname === `/api/order/${order._id}`
        ? { body: { success: true, results: order } }
        : undefined,
    );
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    ar.renderAdmin(`/dashboard/orders/print?ids=${order._id}&kind=slip`);
    const colour = await ar.screen.findByText('رملي');
    expect(colour.tagName).toBe('BDI');
    expect(ar.screen.getByText('M').tagName).toBe('BDI');
    expect(ar.screen.getByText('VK-M-SAND')).toHaveAttribute('dir', 'ltr');
    expect(ar.screen.queryByText(/Sand/)).not.toBeInTheDocument();
  });

  it('shows the dashboard figures in Arabic, each status named with its plural', async () => {
    const recent: ProductDto[] = [ar.makeProduct({ name: 'فستان كتان', finalPrice: 1237.5 })];
    ar.mockFetch((call) => {
      if (call.url.pathname === '/api/dashboard/stats') {
        return {
          body: {
            success: true,
            totalProducts: 1,
            totalCategories: 2,
            totalOrders: 26,
            ordersByStatus: { pending: 3, confirmed: 11, completed: 2, cancelled: 0 },
            revenue: 1250.5,
            revenueCounts: { label: 'Confirmed and delivered orders', statuses: ['confirmed', 'completed'] },
            today: { orders: 1, total: 340 },
            pendingOrders: 3,
            proofsToCheck: 0,
            cashWithCouriers: { amount: 2370, orders: 11 },
            ordersByDelivery: { notShipped: 14, shipped: 2, delivered: 1, refused: 0, returned: 3 },
            recentProducts: recent,
          },
        };
      }
      if (call.url.pathname === '/api/dashboard/low-stock') {
        return {
          body: {
            success: true,
            threshold: 3,
            items: [
              {
                productId: 'p-dress',
                variantId: 'v-dress-m',
                name: 'Linen Dress',
                nameAr: 'فستان كتان',
                slug: 'linen-dress',
                sku: 'LD-M',
                options: { المقاس: 'M', Color: 'Sand' },
                optionsAr: { المقاس: 'M', Color: 'رملي' },
                avaliableItems: 2,
              },
              {
                productId: 'p-hat',
                variantId: null,
                name: 'قبعة قش',
                nameAr: '',
                slug: 'straw-hat',
                sku: null,
                options: null,
                optionsAr: null,
                avaliableItems: 0,
              },
            ],
          },
        };
      }
      return undefined;
    });
    ar.renderAdmin('/dashboard');
    const { screen, within } = ar;

    expect(await screen.findByRole('heading', { name: 'لوحة تحكم المشرف' })).toBeInTheDocument();
    expect(
      screen.getByText(`مرحبًا بعودتك يا ${isolated('Amira')}. إليك آخر المستجدات في متجرك.`),
    ).toBeInTheDocument();
    expect(await screen.findByText('1,250.50 ج.م.')).toBeInTheDocument();
    expect(screen.getByText('الطلبات المؤكدة والتي تم توصيلها')).toBeInTheDocument();
    expect(screen.getByText('1,237.50 ج.م.')).toBeInTheDocument();
    const byStatus = screen.getByRole('region', { name: 'الطلبات حسب الحالة' });
    for (const name of [
      'قيد الانتظار: 3 طلبات',
      'تم التأكيد: 11 طلبًا',
      'تم التوصيل: طلبان',
      'ملغى: لا توجد طلبات',
    ]) {
      expect(within(byStatus).getByRole('link', { name })).toBeInTheDocument();
    }
    const low = await screen.findByRole('region', { name: 'مخزون منخفض' });
    expect(within(low).getByText('بقيت قطعتان')).toBeInTheDocument();
    expect(within(low).getByText('لم تتبقَّ أي قطعة')).toBeInTheDocument();
    expect(within(low).getByText('LD-M')).toHaveAttribute('dir', 'ltr');
    // The size isolated on its own, so 'M · LD-M' is not one left-to-right run in the Arabic line.
    expect(within(low).getByText('M').tagName).toBe('BDI');
    // The product's Arabic name and the colour's Arabic value where the owner wrote them (issue 35).
    expect(within(low).getByText('فستان كتان')).toBeInTheDocument();
    expect(within(low).getByText('رملي')).toBeInTheDocument();
    expect(within(low).queryByText('Sand')).toBeNull();
    // Issue 36: the couriers' cash and the orders on the road, each count in its Arabic form.
    expect(screen.getByText('النقدية لدى شركات الشحن')).toBeInTheDocument();
    expect(screen.getByText('2,370 ج.م.')).toBeInTheDocument();
    expect(screen.getByText('من 11 طلبًا تم توصيلها')).toBeInTheDocument();
    const byDelivery = screen.getByRole('region', { name: 'الطلبات حسب التوصيل' });
    for (const name of [
      'لم يُشحن: 14 طلبًا',
      'تم الشحن: طلبان',
      'تم التوصيل: طلب واحد',
      'رُفض الاستلام: لا توجد طلبات',
      'عاد إلى المتجر: 3 طلبات',
    ]) {
      expect(within(byDelivery).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'تنزيل كشف تسوية النقدية' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل استلام تحويل' })).toBeInTheDocument();
  });

  it('asks for the product form in Arabic, validation messages included, with prices, stock and SKUs typed left to right', async () => {
    ar.mockFetch((call) => {
      if (call.url.pathname === '/api/category') {
        return {
          body: {
            success: true,
            categories: [ar.makeCategory({ _id: 'cat-girls', name: 'بنات' })],
            page: 1,
            totalPages: 1,
            totalCount: 1,
          },
        };
      }
      return undefined;
    });
    ar.renderAdmin('/dashboard/manage/create');
    const { screen } = ar;

    expect(await screen.findByRole('heading', { name: 'إنشاء منتج' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'إنشاء' }));
    expect((await screen.findAllByText('يُرجى ملء جميع الحقول المطلوبة')).length).toBeGreaterThan(1);

    const price = screen.getByLabelText(/^السعر/);
    expect(price).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText(/^الخصم/)).toHaveAttribute('dir', 'ltr');
    await userEvent.type(screen.getByLabelText('الاسم *'), 'Rose Scarf');
    await userEvent.type(screen.getByLabelText('الاسم (بالعربية)'), 'إيشارب');
    await userEvent.type(price, '250');
    await userEvent.type(screen.getByLabelText(/^الخصم/), '120');
    await userEvent.click(screen.getByRole('button', { name: 'إنشاء' }));
    expect((await screen.findAllByText('يجب أن يكون الخصم رقمًا من 0 إلى 100')).length).toBeGreaterThan(0);

    // The variant matrix: from 640 px its row headers stick on the start side (the right, in Arabic).
    await userEvent.click(screen.getByRole('button', { name: 'إضافة خيار' }));
    await userEvent.type(screen.getByLabelText('اسم الخيار 1'), 'المقاس');
    await userEvent.type(screen.getByLabelText('قيم الخيار 1'), 'S, M');
    await userEvent.click(screen.getByRole('button', { name: 'إنشاء الأنواع' }));
    const rowHeader = screen.getAllByRole('rowheader')[0]!;
    expect(rowHeader).toHaveClass('sm:sticky', 'sm:start-0');
    expect(screen.getByLabelText(`رمز SKU لـ ${isolated('S')}`)).toHaveAttribute('dir', 'ltr');
  }, 20_000);

  it('says the category form’s refusals in Arabic beside their fields: a name too long, a chart cell too long', async () => {
    const category = ar.makeCategory({ _id: 'cat-women', name: 'Women', nameAr: 'حريمي' });
    const { calls } = ar.mockFetch((call) =>
      call.method === 'GET' && call.url.pathname === '/api/category/cat-women'
        ? { body: { success: true, category } }
        : undefined,
    );
    ar.renderAdmin('/dashboard/manage_category/edit/cat-women');
    const { screen } = ar;

    const name = await screen.findByLabelText('اسم القسم *');
    await ar.waitFor(() => expect(name).toHaveValue('Women'));
    await userEvent.type(name, 'x'.repeat(60));
    await userEvent.click(screen.getByRole('button', { name: 'تحديث' }));
    // Beside the field, announced with it, and in the toast.
    const tooLong = 'يجب ألا يزيد طول اسم القسم على 60 حرفًا';
    expect((await screen.findAllByText(tooLong)).length).toBeGreaterThan(1);
    expect(name).toHaveAccessibleDescription(tooLong);

    await userEvent.clear(name);
    await userEvent.type(name, 'Women');
    await userEvent.click(screen.getByRole('button', { name: 'إضافة دليل مقاسات' }));
    await userEvent.type(screen.getByLabelText(`الصف 1، ${isolated('المقاس')}`), 'x'.repeat(41));
    await userEvent.click(screen.getByRole('button', { name: 'تحديث' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('يجب ألا تزيد خانة دليل المقاسات على 40 حرفًا');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  }, 20_000);

  // Ticks 27 checkboxes and types into a dozen fields: seconds when the machine's cores are shared.
  it('edits the delivery zones in Arabic: the governorates by their Arabic names, and the schema’s refusals said in Arabic', async () => {
    const settings = sampleSettings({
      deliveryZones: ar.deliveryZonesOf({ Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 }),
    });
    ar.mockFetch((call) =>
      call.url.pathname === '/api/settings/full' ? { body: { success: true, settings } } : undefined,
    );
    ar.renderRoute(<ar.SettingsPage />);
    const { screen, within } = ar;
    const zones = await screen.findByRole('group', { name: 'مناطق التوصيل' });
    const cairo = within(zones).getByRole('listitem', { name: 'القاهرة' });
    await ar.waitFor(() => expect(within(cairo).getByLabelText('رسوم التوصيل (ج.م.)')).toHaveValue(70));
    expect(within(cairo).getByText('محافظة واحدة', { exact: false })).toBeInTheDocument();
    const alexandria = within(cairo).getByRole('checkbox', { name: /الإسكندرية/ });
    expect(alexandria).toHaveAccessibleDescription(/^في .?خارج القاهرة والجيزة.?$/);
    await userEvent.click(within(zones).getByRole('button', { name: 'إضافة منطقة' }));
    await userEvent.click(screen.getByRole('button', { name: 'حفظ الإعدادات' }));
    const added = within(zones).getByRole('listitem', { name: 'منطقة جديدة' });
    expect(await within(added).findByLabelText('اسم المنطقة بالإنجليزية')).toHaveAccessibleDescription(
      'منطقة التوصيل تحتاج إلى اسم',
    );
    expect(within(added).getByRole('alert')).toHaveTextContent(
      'منطقة التوصيل تحتاج إلى محافظة واحدة على الأقل',
    );
    const couriers = screen.getByRole('group', { name: 'شركات الشحن' });
    expect(within(couriers).getByText('غير متصلة')).toBeInTheDocument();
  }, 30_000);

  it('shows the desk’s delivery column and sums up a bulk move in Arabic, each count in its form', async () => {
    const shipped = ar.makeDeliveryOrder({
      number: 'N-50001',
      deliveryState: 'shipped',
      shipment: ar.makeShipment({ trackingNumber: '7234567' }),
    });
    const waiting = ar.makeDeliveryOrder({ number: 'N-50002' });
    const third = ar.makeDeliveryOrder({ number: 'N-50003' });
    ar.mockFetch((call) => {
      if (call.method === 'GET' && call.url.pathname === '/api/order') {
        return {
          body: {
            success: true,
            results: [shipped, waiting, third],
            pagination: { page: 1, pages: 1, total: 3, limit: 10 },
          },
        };
      }
      if (call.method === 'POST' && call.url.pathname === '/api/order/delivery') {
        return {
          body: {
            success: true,
            message: 'تم',
            results: [
              { orderId: shipped._id, ok: false, message: 'هذا الطلب تم شحنه بالفعل' },
              { orderId: waiting._id, ok: true, message: 'تم' },
              { orderId: third._id, ok: true, message: 'تم' },
            ],
          },
        };
      }
      return undefined;
    });
    ar.renderAdmin('/dashboard/manage_orders');
    const { screen, within } = ar;
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'التوصيل' })).toBeInTheDocument();
    expect(within(table).getByText('تم الشحن')).toBeInTheDocument();
    expect(within(table).getByText('7234567')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('combobox', { name: 'فلتر حسب التوصيل' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'تحديد كل طلبات هذه الصفحة' }));
    const actions = screen.getByRole('group', { name: 'مع الطلبات المحددة (3)' });
    await userEvent.click(within(actions).getByRole('button', { name: 'تحديد كمشحون' }));
    expect(await screen.findByText('نُفِّذ طلبان', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('لم يُنفَّذ طلب واحد', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(`الطلب ${isolated('N-50001')}: هذا الطلب تم شحنه بالفعل`)).toBeInTheDocument();
  });

  it('shows an order’s delivery panel in Arabic', async () => {
    const order = ar.makeDeliveryOrder({
      governorate: 'EG-ALX',
      deliveryZone: {
        id: 'outside-cairo-and-giza',
        name: { en: 'Outside Cairo and Giza', ar: 'خارج القاهرة والجيزة' },
      },
      deliveryState: 'refused',
      shipment: ar.makeShipment(),
    });
    ar.mockFetch((call) =>
      call.url.pathname === `/api/order/${order._id}`
        ? { body: { success: true, results: order } }
        : undefined,
    );
    ar.renderAdmin(`/dashboard/order/${order._id}`);
    const { screen, within } = ar;
    const panel = await screen.findByRole('region', { name: 'التوصيل' });
    expect(within(panel).getByText('رُفض الاستلام')).toBeInTheDocument();
    expect(within(panel).getByText('الإسكندرية')).toBeInTheDocument();
    expect(within(panel).getByText('خارج القاهرة والجيزة')).toBeInTheDocument();
    expect(within(panel).getByText('بوسطة')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'تتبّع الشحنة' })).toBeInTheDocument();
    expect(within(panel).getByText('170 ج.م.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'تحديد كعائد إلى المتجر' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'تحديد كمشحون' })).not.toBeInTheDocument();
  });

  it('says the shared schemas’ English refusals in Arabic, with the values they were filled with', () => {
    const { translator, refusalText, messages, ProductFormSchema, ProductVariantsInputSchema } = ar;
    expect(translator.text(english.admin.fillRequired)).toBe(messages.admin.fillRequired);
    expect(messages.admin.fillRequired).toBe('يُرجى ملء جميع الحقول المطلوبة');

    // A rule filled when the schema was built (ruleText): its limit.
    const longName = ProductFormSchema.safeParse({
      name: 'x'.repeat(121),
      price: '10',
      avaliableItems: '1',
      category: 'cat-girls',
    });
    expect(longName.success).toBe(false);
    expect(refusalText(longName.error!)).toBe('يجب ألا يزيد طول الاسم على 120 حرفًا');

    // A refusal filled with what was typed (phraseIssue): the SKU.
    const variant = { sku: 'LD-M', options: { Size: 'M' }, avaliableItems: '1', price: '' };
    const twice = ProductVariantsInputSchema.safeParse({
      options: [{ name: 'Size', values: ['M', 'L'] }],
      variants: [variant, { ...variant, options: { Size: 'L' } }],
    });
    expect(twice.success).toBe(false);
    expect(refusalText(twice.error!)).toBe('رمز SKU LD-M مذكور مرتين');

    expect(translator.text('Something no dictionary holds')).toBe('Something no dictionary holds');
  });
});
