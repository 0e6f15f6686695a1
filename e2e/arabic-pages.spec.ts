import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { POLICY_PAGES } from '../src/shared/constants';
import { messagesAr } from '../src/shared/messages/ar';
import type { ProductAnswer, ProductDto } from '../src/shared/schemas/product';
import { signUpShopper, useSession, type Session } from './sessions';
import { chooseGovernorate } from './checkout-form';

const l = messagesAr.layout;

/** Where the screenshots of the Arabic storefront go: looked at by a person, kept out of git. */
const SCREENSHOTS = process.env.RTL_SCREENSHOTS ?? '/tmp/rtl';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/**
 * Every text node of the page (the screen-reader-only ones too, and a select's options) that holds
 * Latin letters in running Arabic text. What is allowed, and why, is all in the markup:
 * - a value isolated by `<bdi>` or an element with its own `dir`: product and brand content (a name
 *   the owner wrote only in English, the shop's name, a size 'M' or a colour 'Navy', a SKU), e-mails,
 *   phone and order numbers; and a block the owner may have written only in English (a description, a
 *   policy page), laid out in its own direction. Isolating such a value is what keeps it readable in
 *   Arabic, so a Latin value that is not isolated is a fault either way;
 * - the same values inside a string, between the isolates src/web/i18n/bidi.ts puts around them;
 * - an element in another language, with its own `lang`: the switch to 'English', named in itself.
 * Anything else with Latin letters is an English text that reached an Arabic page.
 */
function latinTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const isolatedRun = /\u2068[^\u2068\u2069]*\u2069/g;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, noscript, svg')) continue;
      let text = node.textContent ?? '';
      // Innermost first: an isolated name may sit inside an isolated line.
      while (isolatedRun.test(text)) text = text.replace(isolatedRun, '');
      if (!/[A-Za-z]/.test(text)) continue;
      if (element.closest('bdi, [dir]:not(html), [lang]:not(html):not([lang="ar"])')) continue;
      // A closed select's options have no box of their own: they count when the select shows.
      const shown = element.closest('select') ?? element;
      if (!shown.checkVisibility({ visibilityProperty: true })) continue;
      found.push(`<${element.tagName.toLowerCase()}> ${text.trim()}`);
    }
    return found;
  });
}

/** How far the page reaches past the window's width: a right-to-left page that overflows scrolls sideways. */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The page has come: its main heading is shown and no skeleton or spinner stands in for its content. */
async function settled(page: Page) {
  await expect(page.locator('main h1, [role="dialog"] h2').first()).toBeVisible();
  await expect(page.locator('.animate-pulse, .animate-spin')).toHaveCount(0);
}

/**
 * Looks at the page as it is on a phone and on a desktop: no English text (latinTexts), nothing wider
 * than the window, and a screenshot of each for a person to look at: of the whole page, or of the
 * window for a menu or a dialog, which a whole page's picture would show over another part of it.
 */
async function lookAt(page: Page, name: string, { fullPage = true } = {}) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await settled(page);
    expect(await latinTexts(page), `English text on the Arabic ${name} at ${viewport.width} px`).toEqual([]);
    expect(await overflow(page), `the Arabic ${name} overflows at ${viewport.width} px`).toBeLessThanOrEqual(
      0,
    );
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${viewport.width}.png`), fullPage });
  }
  await page.setViewportSize(PHONE);
}

async function visit(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await lookAt(page, name);
}

/** Arabic pages from the first HTML on: the cookie the language switch (and `?lang=ar`) sets. */
async function arabic(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: 'nour_lang', value: 'ar', url: baseURL }]);
}

/**
 * A demo dress in sizes, in colours too where one is, with one of its variants in stock: its page
 * has the size guide (Women's), the choices and their Latin values.
 */
async function productInSizes(request: APIRequestContext) {
  const listed = await request.get('/api/product', {
    params: { category: 'Women', availability: 'inStock', limit: 60, page: 1 },
  });
  const { products } = (await listed.json()) as { products: ProductDto[] };
  const [dress] = products
    .filter((product) => product.options.length > 0 && product.slug)
    .sort((a, b) => b.options.length - a.options.length);
  expect(dress, 'the demo catalogue has a dress in sizes').toBeTruthy();
  const { product } = (await (await request.get(`/api/product/${dress!._id}`)).json()) as ProductAnswer;
  const variant = product.variants.find((each) => each.avaliableItems > 0);
  expect(variant, 'one of its variants is in stock').toBeTruthy();
  return { product, variantId: variant!._id };
}

/** The shopper's cart holds one piece of the product in a size; answers the cart's id. */
async function fillCart(request: APIRequestContext, shopper: Session, productId: string, variantId: string) {
  const headers = { token: shopper.token };
  const added = await request.post('/api/cart', { headers, data: { productId, variantId, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  const { cart } = (await (await request.get('/api/cart', { headers })).json()) as { cart: { _id: string } };
  return cart._id;
}

/**
 * An order of that piece placed from an Arabic page (which keeps its address line in Arabic words),
 * with an Arabic name and address, cash on delivery; answers its id.
 */
async function placeOrder(request: APIRequestContext, shopper: Session, cartId: string): Promise<string> {
  const response = await request.post('/api/order', {
    headers: { token: shopper.token, 'accept-language': 'ar' },
    multipart: {
      cartId,
      name: 'سلمى أحمد',
      phone: '01098765432',
      street: 'شارع عباس العقاد',
      building: '14',
      floor: '5',
      apartment: '12',
      landmark: '',
      area: 'مدينة نصر',
      city: 'Cairo',
      paymentType: 'cash',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: { _id: string } }).order._id;
}

test.use({ viewport: PHONE });
test.beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));

test('a visitor reads every storefront page in Arabic, with no English text and nothing overflowing', async ({
  page,
  request,
  baseURL,
}) => {
  const { product } = await productInSizes(request);
  await arabic(page, baseURL!);

  await visit(page, '/', 'home');
  await page.getByRole('button', { name: l.openMenu }).click();
  // The menu's content comes with its first opening.
  await expect(page.getByRole('banner').getByRole('searchbox')).toBeVisible();
  await lookAt(page, 'mobile-menu', { fullPage: false });
  await page.keyboard.press('Escape');

  await visit(page, '/products', 'listing');
  await page.getByRole('button', { name: messagesAr.catalog.showFilters }).click();
  await lookAt(page, 'listing-filters');
  // A search that finds nothing echoes the shopper's own words back, in a chip and in the empty state.
  await visit(page, '/products?search=tuxedo&size=M', 'listing-search');
  await visit(page, '/categories', 'categories');
  await visit(page, `/category/${product.category!.slug}`, 'category');
  await visit(page, `/product/${product.slug}`, 'product');
  await page.getByRole('button', { name: messagesAr.variants.sizeGuide }).click();
  await lookAt(page, 'size-guide', { fullPage: false });
  await page.keyboard.press('Escape');

  await visit(page, '/login', 'sign-in');
  await visit(page, '/register', 'sign-up');
  await visit(page, '/forgot-password', 'forgot-password');
  for (const policy of POLICY_PAGES) await visit(page, `/pages/${policy}`, `policy-${policy}`);
  await visit(page, '/no-such-page', 'not-found');
});

test('a signed-in shopper reads her account, cart, checkout and orders in Arabic', async ({
  page,
  request,
  baseURL,
}) => {
  const { product, variantId } = await productInSizes(request);
  const shopper = await signUpShopper(request, 'Salma');
  const orderId = await placeOrder(
    request,
    shopper,
    await fillCart(request, shopper, product._id, variantId),
  );
  await fillCart(request, shopper, product._id, variantId);
  await arabic(page, baseURL!);
  await useSession(page, shopper);

  await visit(page, `/product/${product.slug}`, 'product-signed-in');
  await page.getByRole('button', { name: l.userMenu }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: l.myOrders })).toBeVisible();
  await lookAt(page, 'account-menu', { fullPage: false });
  await page.keyboard.press('Escape');

  await visit(page, '/favorites', 'favorites');
  await visit(page, '/cart', 'cart');
  await visit(page, '/checkout', 'checkout');
  // The payment instructions name the fee once a city is chosen.
  await chooseGovernorate(page, messagesAr.delivery.governorate, 'القاهرة');
  await lookAt(page, 'checkout-city');
  await visit(page, '/allorders', 'my-orders');
  await visit(page, `/orders/${orderId}`, 'order');
});
