import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CartAnswer } from '../src/shared/schemas/cart';
import type { OrderDto } from '../src/shared/schemas/order';
import type { ProductDetailDto, ProductDto } from '../src/shared/schemas/product';
import { signIn, signUpShopper, useSession, type Session } from './sessions';

/**
 * The owner's Arabic words on Arabic pages (issue 35): the shop's Arabic name from Settings in the
 * header, the footer and the tab's title; the demo colours' Arabic names on the product page, in the
 * cart, on the order page and on the admin's order card.
 */

const WIDTHS = [390, 1366] as const;
const ARABIC_NAME = 'نور للأزياء';

async function arabic(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: 'nour_lang', value: 'ar', url: baseURL }]);
}

async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-ar-${width}.png`), fullPage: false });
}

async function setArabicShopName(request: APIRequestContext, admin: Session, name: string) {
  const res = await request.patch('/api/settings', {
    headers: { token: admin.token },
    data: { shopName: { ar: name } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A demo product in Navy or another colour with an Arabic name, and one of its in-stock variants. */
async function colouredProduct(request: APIRequestContext) {
  const list = await request.get('/api/product', { params: { page: 1, limit: 60 } });
  const { products } = (await list.json()) as { products: ProductDto[] };
  for (const candidate of products) {
    const colour = candidate.options.find((option) => option.name === 'Color');
    if (!colour?.valuesAr?.[0] || !candidate.inStock) continue;
    const detail = await request.get(`/api/product/${candidate._id}`);
    const { product } = (await detail.json()) as { product: ProductDetailDto };
    const variant = product.variants.find((v) => v.inStock && v.options.Color === colour.values[0]);
    if (variant) return { product, variant, english: colour.values[0]!, arabic: colour.valuesAr[0]! };
  }
  throw new Error('no demo product with an Arabic colour in stock');
}

test.describe('the owner’s Arabic words on Arabic pages', () => {
  let admin: Session;
  test.beforeAll(async ({ request }) => {
    admin = await signIn(request, 'admin@nour.shop', 'Admin123');
  });
  test.afterAll(async ({ request }) => {
    // The journeys after this one meet the shop as the demo made it.
    await setArabicShopName(request, admin, '');
  });

  test('the Arabic shop name in the header, the footer and the title; the English one on English pages', async ({
    page,
    request,
    baseURL,
  }) => {
    await setArabicShopName(request, admin, ARABIC_NAME);
    await arabic(page, baseURL!);
    await page.goto('/products');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: ARABIC_NAME })).toBeVisible();
    // The footer loads when the page is scrolled near it.
    await page.keyboard.press('End');
    await page.mouse.wheel(0, 20_000);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: ARABIC_NAME })).toBeVisible();
    await expect(footer).toContainText(ARABIC_NAME);
    await expect(page).toHaveTitle(new RegExp(ARABIC_NAME));
    await expect(page.getByRole('banner').getByText('Nour', { exact: true })).toHaveCount(0);

    await page.context().clearCookies();
    await page.goto('/products?lang=en');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Nour', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Nour/);
  });

  test('a colour’s Arabic name on the product page, in the cart, on the order and on the admin’s card', async ({
    page,
    request,
    baseURL,
  }) => {
    const { product, variant, english, arabic: colourAr } = await colouredProduct(request);
    const shopper = await signUpShopper(request, 'Salma');
    await arabic(page, baseURL!);
    await useSession(page, shopper);

    await page.goto(`/product/${product.slug}`);
    const colours = page.getByRole('radiogroup', { name: /^اللون/ });
    await expect(colours.getByRole('radio', { name: colourAr })).toHaveCount(1);
    await expect(colours.getByRole('radio', { name: english, exact: true })).toHaveCount(0);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await colours.scrollIntoViewIfNeeded();
      await shot(page, 'product', width);
    }

    const added = await request.post('/api/cart', {
      headers: { token: shopper.token },
      data: { productId: product._id, variantId: variant._id, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const cart = ((await added.json()) as CartAnswer).cart;
    expect(cart.products[0]?.variant?.optionsAr?.Color).toBe(colourAr);
    await page.goto('/cart');
    await expect(page.getByRole('main').getByText(colourAr).first()).toBeVisible();
    await expect(page.getByRole('main').getByText(english, { exact: false })).toHaveCount(0);
    for (const width of WIDTHS) await shot(page, 'cart', width);

    const placed = await request.post('/api/order', {
      headers: { token: shopper.token, 'accept-language': 'ar' },
      multipart: {
        cartId: cart._id,
        name: 'سلمى علي',
        phone: '01012345678',
        street: 'شارع التحرير',
        building: '5',
        floor: '2',
        apartment: '4',
        landmark: '',
        area: 'الدقي',
        city: 'Giza',
        paymentType: 'cash',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as { order: OrderDto }).order;
    await page.goto(`/orders/${order._id}`);
    await expect(page.getByRole('main').getByText(colourAr).first()).toBeVisible();
    for (const width of WIDTHS) await shot(page, 'order', width);

    await page.context().clearCookies();
    await arabic(page, baseURL!);
    await useSession(page, admin);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/orders');
    // A card's link is its number, stretched over the card: the card is the list item holding it.
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: new RegExp(order.number) }) })
      .last();
    await expect(card).toBeVisible();
    // The order kept the product's Arabic name: the card says it, as the slip does.
    await expect(card.getByText(product.nameAr!, { exact: false })).toBeVisible();
    await expect(card.getByText(colourAr, { exact: false })).toBeVisible();
    await shot(page, 'admin-orders', 390);
    await shot(page, 'admin-orders', 1366);
    await page.goto(`/dashboard/order/${order._id}`);
    await expect(page.getByRole('main').getByText(colourAr, { exact: false }).first()).toBeVisible();
    await shot(page, 'admin-order', 390);
    await shot(page, 'admin-order', 1366);
  });
});
