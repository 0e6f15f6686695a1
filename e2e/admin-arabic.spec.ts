import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { messagesAr } from '../src/shared/messages/ar';
import type { ProductDto } from '../src/shared/schemas/product';
import { signIn, signUpShopper, useSession, type Session } from './sessions';

const m = messagesAr.admin;

/** Where the screenshots of the Arabic admin go: looked at by a person, kept out of git. */
const SCREENSHOTS = process.env.ADMIN_AR_SCREENSHOTS ?? '/tmp/admin-arabic';

const signInAdmin = (request: APIRequestContext) => signIn(request, 'admin@nour.shop', 'Admin123');

/** The admin on Arabic pages: the language cookie the top bar's switch (and `?lang=ar`) sets. */
async function arabicAdmin(page: Page, admin: Session, baseURL: string) {
  await page.context().addCookies([{ name: 'nour_lang', value: 'ar', url: baseURL }]);
  await useSession(page, admin);
}

async function png(background: string) {
  const buffer = await sharp({ create: { width: 120, height: 160, channels: 3, background } })
    .png()
    .toBuffer();
  return { name: `${background.slice(1)}.png`, mimeType: 'image/png', buffer };
}

/** A product of the journey's own, so the seeded catalogue other journeys read stays as it is. */
async function createProduct(request: APIRequestContext, admin: Session, name: string): Promise<ProductDto> {
  const categories = await request.get('/api/category', { params: { page: 1, limit: 1 } });
  const [category] = ((await categories.json()) as { categories: { _id: string }[] }).categories;
  const response = await request.post('/api/product', {
    headers: { token: admin.token },
    multipart: {
      name,
      price: '480',
      discount: '25',
      avaliableItems: '6',
      description: 'A light scarf in rose silk.',
      category: category!._id,
      defaultImage: await png('#f4e4dc'),
    },
  });
  expect(response.status()).toBe(201);
  const found = await request.get('/api/product', { params: { search: name, page: 1, limit: 10 } });
  const { products } = (await found.json()) as { products: ProductDto[] };
  return products.find((product) => product.name === name)!;
}

/** A shopper with an Arabic name orders the product: the admin's screens then have an order to show. */
async function placeOrder(request: APIRequestContext, product: ProductDto): Promise<string> {
  const shopper = await signUpShopper(request, 'Mona');
  const headers = { token: shopper.token };
  expect(
    (await request.post('/api/cart', { headers, data: { productId: product._id, quantity: 2 } })).ok(),
  ).toBe(true);
  const { cart } = (await (await request.get('/api/cart', { headers })).json()) as { cart: { _id: string } };
  const response = await request.post('/api/order', {
    headers,
    multipart: {
      cartId: cart._id,
      name: 'منى عبد الرحمن',
      phone: '01012345678',
      street: 'شارع التحرير',
      building: '5',
      floor: '2',
      apartment: '4',
      landmark: '',
      area: 'الدقي',
      city: 'Giza',
      paymentType: 'instapay',
      paymentImage: await png('#3b5f8a'),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: { _id: string } }).order._id;
}

/** axe-core's serious and critical findings (WCAG 2.x A and AA) on the page as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(', ')}`,
    );
}

test('an admin on an Arabic page sees the Arabic dashboard and edits a product, its Arabic name included', async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await signInAdmin(request);
  const name = `Rose Silk Scarf ${Date.now().toString(36)}`;
  const product = await createProduct(request, admin, name);
  await arabicAdmin(page, admin, baseURL!);

  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: m.dashboardTitle })).toBeVisible();
  await expect(page.getByRole('region', { name: m.ordersByStatus })).toBeVisible();
  await expect(page.getByText(m.revenueCounts)).toBeVisible();

  await page.getByRole('link', { name: m.manageProducts }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: m.manageProducts })).toBeVisible();
  await page.getByRole('searchbox', { name: m.searchProducts }).fill(name);
  await page.getByRole('main').getByRole('button', { name: m.search, exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('360 ج.م.')).toBeVisible();
  await row.getByRole('link', { name: new RegExp(`^${m.edit}`) }).click();

  await expect(page.getByRole('heading', { level: 1, name: m.editProduct })).toBeVisible();
  const price = page.getByLabel(`${m.price} *`);
  await expect(price).toHaveValue('480');
  await expect(price).toHaveAttribute('dir', 'ltr');
  await page.getByLabel(m.discount).fill('150');
  await page.getByRole('button', { name: m.update }).click();
  await expect(page.getByText(m.discountRule).first()).toBeVisible();
  await page.getByLabel(m.discount).fill('50');
  await price.fill('500');
  await page.getByLabel(m.nameAr).fill('إيشارب حرير وردي');
  await page.getByRole('button', { name: m.update }).click();
  await expect(page.getByText(m.productUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manage$/);

  const saved = await request.get(`/api/product/${product._id}`);
  const { product: after } = (await saved.json()) as { product: ProductDto };
  expect([after.price, after.discount, after.finalPrice, after.nameAr]).toEqual([
    500,
    50,
    250,
    'إيشارب حرير وردي',
  ]);

  // The list shows the Arabic name beside the English one.
  await page.getByRole('searchbox', { name: m.searchProducts }).fill(name);
  await page.getByRole('main').getByRole('button', { name: m.search, exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('إيشارب حرير وردي')).toBeVisible();
});

test('every admin screen in Arabic: right to left, nothing wider than a phone, no serious axe finding', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await signInAdmin(request);
  const product = await createProduct(request, admin, `Linen Scarf ${Date.now().toString(36)}`);
  const orderId = await placeOrder(request, product);
  const categories = await request.get('/api/category', { params: { page: 1, limit: 1 } });
  const [category] = ((await categories.json()) as { categories: { _id: string }[] }).categories;
  await arabicAdmin(page, admin, baseURL!);
  mkdirSync(SCREENSHOTS, { recursive: true });

  const screens: [string, string][] = [
    ['dashboard', '/dashboard'],
    ['products', '/dashboard/manage'],
    ['product-new', '/dashboard/manage/create'],
    ['product-edit', `/dashboard/manage/edit/${product._id}`],
    ['categories', '/dashboard/manage_category'],
    ['category-new', '/dashboard/manage_category/new'],
    ['category-edit', `/dashboard/manage_category/edit/${category!._id}`],
    ['orders', '/dashboard/manage_orders'],
    ['order', `/dashboard/order/${orderId}`],
    ['invoice', `/dashboard/orders/print?ids=${orderId}&kind=invoice`],
    ['slip', `/dashboard/orders/print?ids=${orderId}&kind=slip`],
    ['settings', '/dashboard/settings'],
    ['customers', '/dashboard/customers'],
  ];
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Wait for the screen's data, not only its frame: the spinner is gone.
      await expect(page.getByRole('status').filter({ hasText: messagesAr.layout.loading })).toHaveCount(0);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
      if (width === 1366) expect(await seriousViolations(page), name).toEqual([]);
    }
  }

  // The product form refusing an empty product: each field's message in Arabic beside it.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/dashboard/manage/create');
    await page.getByLabel(m.discount).fill('150');
    await page.getByRole('button', { name: m.create }).click();
    await expect(page.getByLabel(`${m.name} *`, { exact: true })).toHaveAccessibleDescription(m.fillRequired);
    await expect(page.getByLabel(m.discount)).toHaveAccessibleDescription(m.discountRule);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `the refused product form at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(SCREENSHOTS, `product-new-refused-${width}.png`), fullPage: true });
    if (width === 1366) expect(await seriousViolations(page), 'the refused product form').toEqual([]);
  }

  // The customer's phone reads left to right inside the Arabic page.
  await page.goto(`/dashboard/order/${orderId}`);
  await expect(page.getByRole('main').locator('bdi', { hasText: '01012345678' }).first()).toHaveAttribute(
    'dir',
    'ltr',
  );
});
