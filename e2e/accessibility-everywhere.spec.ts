import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductListAnswer } from '../src/shared/schemas/product';
import { signIn, signUpShopper, useSession, type Session } from './sessions';

/**
 * Issue 35: axe-core's every rule (best practices such as heading order too) finds nothing serious,
 * critical or moderate on any screen a shopper or the owner meets, in English and in Arabic, on a
 * phone and on a desktop. Each page is checked once what it shows has come.
 */
async function violations(page: Page): Promise<string[]> {
  // label-content-name-mismatch (a control's name holds its visible text, WCAG 2.5.3) is an
  // experimental rule, off unless asked for.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => ['moderate', 'serious', 'critical'].includes(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`),
    );
}

/** The page has come: its main heading is shown and no skeleton or spinner stands in for its content. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('.animate-pulse, .animate-spin')).toHaveCount(0);
}

async function placeOrder(request: APIRequestContext, shopper: Session, productId: string): Promise<string> {
  const cart = await request.post('/api/cart', {
    headers: { token: shopper.token },
    data: { productId, quantity: 1 },
  });
  expect(cart.ok()).toBe(true);
  const { cart: body } = (await cart.json()) as { cart: { _id: string } };
  const response = await request.post('/api/order', {
    headers: { token: shopper.token },
    multipart: {
      cartId: body._id,
      name: 'Salma Ahmed',
      phone: '01098765432',
      street: 'Abbas El Akkad Street',
      building: '14',
      floor: '5',
      apartment: '12',
      landmark: '',
      area: 'Nasr City',
      city: 'Cairo',
      paymentType: 'cash',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: { _id: string } }).order._id;
}

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

for (const language of ['en', 'ar'] as const) {
  for (const viewport of viewports) {
    test(`no moderate, serious or critical accessibility violation on any screen (${language}, ${viewport.name})`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      if (language === 'ar') {
        await page.context().addCookies([{ name: 'nour_lang', value: 'ar', url: baseURL! }]);
      }
      const listing = (await (
        await request.get('/api/product?limit=60&sort=newest')
      ).json()) as ProductListAnswer;
      const product = listing.products.find(
        (each) => each.options.length === 0 && each.avaliableItems > 1 && each.category !== null,
      );
      if (!product?.category) throw new Error('the demo catalogue has no piece without sizes in stock');
      const sized = listing.products.find((each) => each.options.length > 0 && each.avaliableItems > 0);
      if (!sized) throw new Error('the demo catalogue has no piece in sizes in stock');

      const shopper = await signUpShopper(request, 'Axe');
      const orderId = await placeOrder(request, shopper, product._id);
      const added = await request.post('/api/cart', {
        headers: { token: shopper.token },
        data: { productId: product._id, quantity: 1 },
      });
      expect(added.ok()).toBe(true);
      const found: Record<string, string[]> = {};
      const check = async (name: string, path: string) => {
        await page.goto(path);
        await settled(page);
        found[name] = await violations(page);
      };

      // A visitor's screens.
      await check('login', '/login');
      await check('register', '/register');
      await check('not found', '/no-such-page');
      await check('policy', '/pages/shipping');
      await check('categories', '/categories');

      await useSession(page, shopper);
      await check('home', '/');
      await check('listing', '/products');
      await check('category', `/category/${product.category.slug}`);
      await check('product', `/product/${product.slug}`);
      await check('product in sizes', `/product/${sized.slug}`);
      await check('favourites', '/favorites');
      await check('cart', '/cart');
      await check('checkout', '/checkout');
      await check('my orders', '/allorders');
      await check('order', `/orders/${orderId}`);

      const admin = await signIn(request, 'admin@nour.shop', 'Admin123');
      await useSession(page, admin);
      await check('dashboard', '/dashboard');
      await check('admin products', '/dashboard/manage');
      await check('admin new product', '/dashboard/manage/create');
      await check('admin edit product', `/dashboard/manage/edit/${sized._id}`);
      await check('admin categories', '/dashboard/manage_category');
      await check('admin new category', '/dashboard/manage_category/new');
      await check('admin orders', '/dashboard/manage_orders');
      await check('admin order', `/dashboard/order/${orderId}`);
      await check('admin settings', '/dashboard/settings');
      await check('admin customers', '/dashboard/customers');

      const faults = Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0));
      expect(faults).toEqual({});
    });
  }
}
