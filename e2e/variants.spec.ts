import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { format, messages } from '../src/shared/messages';
import type { CategoryDto } from '../src/shared/schemas/category';
import type { ProductAnswer, ProductSavedAnswer } from '../src/shared/schemas/product';
import { signIn, signUpShopper, useSession, type Session } from './sessions';
import { fillCairoShipping } from './checkout-form';

const c = messages.cart;
const o = messages.orders;
const v = messages.variants;

const signInAdmin = (request: APIRequestContext) => signIn(request, 'admin@nour.shop', 'Admin123');

/**
 * A dress of the journey's own, made by the admin through the API: S (3 in stock), M (sold out) and
 * L (2 in stock, at its own price), so every run starts from stock it knows.
 */
async function dressWithSizes(request: APIRequestContext, admin: Session): Promise<ProductAnswer['product']> {
  const categories = (await (await request.get('/api/category')).json()) as { categories: CategoryDto[] };
  const women = categories.categories.find((category) => category.name === 'Women');
  expect(women).toBeDefined();
  const picture = await sharp({ create: { width: 320, height: 400, channels: 3, background: '#1f2f54' } })
    .png()
    .toBuffer();
  const name = `Layla Dress ${Date.now()}`;
  const sku = `LAYLA-${Date.now()}`;
  const response = await request.post('/api/product', {
    headers: { token: admin.token },
    multipart: {
      name,
      description: 'A flowing dress in three sizes.',
      price: '800',
      avaliableItems: '0',
      category: women!._id,
      defaultImage: { name: 'layla.png', mimeType: 'image/png', buffer: picture },
      options: JSON.stringify([{ name: 'Size', values: ['S', 'M', 'L'] }]),
      variants: JSON.stringify([
        { sku: `${sku}-S`, options: { Size: 'S' }, avaliableItems: 3, price: null },
        { sku: `${sku}-M`, options: { Size: 'M' }, avaliableItems: 0, price: null },
        { sku: `${sku}-L`, options: { Size: 'L' }, avaliableItems: 2, price: 900 },
      ]),
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as ProductSavedAnswer).product;
}

/** Each size's stock, as the product's page reads it. */
async function stockBySize(request: APIRequestContext, id: string): Promise<Record<string, number>> {
  const { product } = (await (await request.get(`/api/product/${id}`)).json()) as ProductAnswer;
  return Object.fromEntries(
    product.variants.map((variant) => [variant.options.Size, variant.avaliableItems]),
  );
}

async function adminPage(browser: Browser, admin: Session, page: Page): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const adminTab = await context.newPage();
  await useSession(adminTab, admin);
  return adminTab;
}

async function journey(page: Page, request: APIRequestContext, browser: Browser): Promise<void> {
  const admin = await signInAdmin(request);
  const dress = await dressWithSizes(request, admin);
  expect(await stockBySize(request, dress._id)).toEqual({ S: 3, M: 0, L: 2 });
  await useSession(page, await signUpShopper(request, 'Nadia'));

  // Choose a size: M is shown but sold out; Add to Cart first asks for a size.
  await page.goto(`/productdetails/${dress._id}`);
  const sizes = page.getByRole('radiogroup', { name: /Size/ });
  await expect(sizes.getByRole('radio', { name: format(v.valueSoldOut, { value: 'M' }) })).toBeDisabled();
  const addToCart = page.getByRole('button', { name: messages.catalog.addToCart }).first();
  await addToCart.click();
  await expect(page.getByRole('alert')).toHaveText(format(c.chooseOption, { option: 'Size' }));
  expect(await stockBySize(request, dress._id)).toEqual({ S: 3, M: 0, L: 2 });

  // Add an S and an L: L's own price shows once it is chosen.
  await sizes.getByText('S', { exact: true }).click();
  await expect(page.getByText('3 in stock')).toBeVisible();
  await addToCart.click();
  await expect(page.getByText(c.productAdded)).toBeVisible();
  await sizes.getByText('L', { exact: true }).click();
  await expect(page.getByText('900 EGP', { exact: true })).toBeVisible();
  await expect(page.getByText('2 in stock')).toBeVisible();
  await addToCart.click();
  // The first toast may still be showing: the cart's count says the second line has arrived.
  await expect(page.getByRole('link', { name: format(messages.layout.cartCount, { n: 2 }) })).toBeVisible();

  // The cart holds two lines of one dress, one per size; raising L leaves S as it was.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: c.shoppingCart })).toBeVisible();
  await expect(page.getByText('Size: S', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText('Size: L', { exact: true }).filter({ visible: true })).toBeVisible();
  await page
    .getByRole('button', { name: format(c.increaseQuantity, { name: `${dress.name} (L)` }) })
    .filter({ visible: true })
    .click();
  await expect(page.getByText(c.productUpdated)).toBeVisible();
  await expect(page.getByText(format(c.subtotal, { n: '2,600' }))).toBeVisible();

  // Check out with cash.
  await page.getByRole('link', { name: c.proceedToCheckout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(
    page.getByRole('region', { name: o.orderSummary }).getByText('Size: L', { exact: true }),
  ).toBeVisible();
  await fillCairoShipping(page, 'Nadia Samir');
  await page.getByRole('radio', { name: o.cash }).check();
  await page.getByRole('button', { name: o.placeOrder }).click();

  // My Orders shows both sizes; the stock was taken from each size alone.
  await expect(page).toHaveURL(/\/allorders$/);
  const order = page.getByRole('article');
  await expect(order).toHaveCount(1);
  await expect(order.getByText('Size: S', { exact: true })).toBeVisible();
  await expect(order.getByText('Size: L', { exact: true })).toBeVisible();
  expect(await stockBySize(request, dress._id)).toEqual({ S: 2, M: 0, L: 0 });

  // The admin's order detail names both sizes and their SKUs.
  const orders = (await (
    await request.get('/api/order/user/orders', { headers: { token: await shopperToken(page) } })
  ).json()) as {
    results: { _id: string }[];
  };
  const adminTab = await adminPage(browser, admin, page);
  await adminTab.goto(`/dashboard/order/${orders.results[0]!._id}`);
  await expect(adminTab.getByText('Size: S', { exact: true })).toBeVisible();
  await expect(adminTab.getByText('Size: L', { exact: true })).toBeVisible();
  await expect(adminTab.getByText(/SKU LAYLA-\d+-L/)).toBeVisible();
  await adminTab.context().close();

  // Cancel: each size gets its own pieces back.
  page.once('dialog', (dialog) => void dialog.accept());
  await order.getByRole('button', { name: o.cancelOrder }).click();
  await expect(order.getByText(o.cancelled, { exact: true })).toBeVisible();
  expect(await stockBySize(request, dress._id)).toEqual({ S: 3, M: 0, L: 2 });
}

/** The shopper's token, as the app keeps it (SPEC §3). */
async function shopperToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('userToken') ?? '');
}

test('a shopper chooses sizes, sees one sold out, orders two sizes, and cancelling returns each size its stock', async ({
  page,
  request,
  browser,
}) => {
  await journey(page, request, browser);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the same journey works with the cart as cards', async ({ page, request, browser }) => {
    await journey(page, request, browser);
  });
});
