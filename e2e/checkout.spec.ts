import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { SHIPPING_FEES } from '../src/shared/constants';
import { format, messages } from '../src/shared/messages';
import { toEgp, toPiastres } from '../src/shared/money';
import { formatAmount, formatEgp } from '../src/shared/money-text';
import type { ProductDto } from '../src/shared/schemas/product';
import { signUpShopper, useSession } from './sessions';
import { fillCairoShipping } from './checkout-form';

const c = messages.cart;
const o = messages.orders;

async function stockOf(request: APIRequestContext, id: string): Promise<number> {
  const response = await request.get(`/api/product/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { product: ProductDto }).product.avaliableItems;
}

/**
 * Two different in-stock demo products with room for a second piece, of those without sizes: a piece in
 * sizes is added once one is chosen (e2e/variants.spec.ts walks that way).
 */
async function twoProducts(request: APIRequestContext): Promise<[ProductDto, ProductDto]> {
  const response = await request.get('/api/product', {
    params: { availability: 'inStock', limit: 60, page: 1 },
  });
  const { products } = (await response.json()) as { products: ProductDto[] };
  const usable = products.filter((product) => product.avaliableItems >= 3 && product.options.length === 0);
  expect(usable.length).toBeGreaterThanOrEqual(2);
  return [usable[0]!, usable[1]!];
}

async function proofPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#a4553d' } })
    .png()
    .toBuffer();
}

async function journey(page: Page, request: APIRequestContext): Promise<void> {
  const session = await signUpShopper(request, 'Salma');
  await useSession(page, session);
  const [first, second] = await twoProducts(request);
  const stockBefore = [await stockOf(request, first._id), await stockOf(request, second._id)];

  // Add both products from their detail pages.
  for (const product of [first, second]) {
    await page.goto(`/productdetails/${product._id}`);
    // The product's own button comes before those of its related products.
    await page.getByRole('button', { name: messages.catalog.addToCart }).first().click();
    await expect(page.getByText(c.productAdded)).toBeVisible();
  }

  // Raise the first to two pieces, then take the second from 1 to 2 and back to 1.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: c.shoppingCart })).toBeVisible();
  // Wide screens get the table, phones the cards (SPEC §2).
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  await expect(page.getByRole('table')).toBeVisible({ visible: wide });
  await page.getByRole('button', { name: format(c.increaseQuantity, { name: first.name }) }).click();
  await expect(page.getByText(c.productUpdated).first()).toBeVisible();
  await page.getByRole('button', { name: format(c.increaseQuantity, { name: second.name }) }).click();
  const subtotalTwoEach = toEgp(2 * toPiastres(first.finalPrice) + 2 * toPiastres(second.finalPrice));
  await expect(page.getByText(format(c.subtotal, { n: formatAmount(subtotalTwoEach) }))).toBeVisible();
  await page.getByRole('button', { name: format(c.decreaseQuantity, { name: second.name }) }).click();
  const subtotal = toEgp(2 * toPiastres(first.finalPrice) + toPiastres(second.finalPrice));
  await expect(page.getByText(format(c.subtotal, { n: formatAmount(subtotal) }))).toBeVisible();

  // Checkout with InstaPay and a proof.
  await page.getByRole('link', { name: c.proceedToCheckout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillCairoShipping(page, 'Salma Adel');
  await page.getByRole('radio', { name: o.instapay }).check();
  const total = toEgp(toPiastres(subtotal) + toPiastres(SHIPPING_FEES.Cairo));
  await expect(
    page.getByText(format(o.onlineInstructions, { total: formatAmount(total), phone: '01012345678' })),
  ).toBeVisible();
  await page
    .getByLabel(o.paymentProof)
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await proofPng() });
  await expect(page.getByRole('img', { name: o.proofPreview })).toBeVisible();
  await page.getByRole('button', { name: o.placeOrder }).click();

  // SPEC §2: My Orders, with the thanks on top: the order's number and how to pay.
  await expect(page).toHaveURL(/\/allorders$/);
  await expect(page.getByText(o.orderPlaced)).toBeVisible();
  const thanks = page.getByRole('region', { name: new RegExp(`^${o.thankYou} N-\\d+$`) });
  await expect(thanks).toBeVisible();
  const number = /N-\d+/.exec((await thanks.getByRole('heading').first().textContent()) ?? '')?.[0];
  expect(number).toBeDefined();
  await expect(
    thanks.getByText(format(o.onlineInstructions, { total: formatAmount(total), phone: '01012345678' })),
  ).toBeVisible();
  await expect(thanks.getByRole('button', { name: o.copyWalletNumber })).toBeVisible();

  // The order's own page: the same thanks, its lines and where the order stands.
  await thanks.getByRole('link', { name: format(o.viewOrder, { number: number! }) }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `${o.thankYou} ${number!}` })).toBeVisible();
  const payment = page.getByRole('region', { name: o.payment });
  await expect(payment.getByRole('button', { name: o.copyWalletNumber })).toBeVisible();
  const timeline = page.getByRole('region', { name: o.statusTimeline });
  await expect(timeline.getByRole('listitem').first()).toContainText(o.orderPlacedStep);
  await expect(page.getByRole('region', { name: o.items })).toContainText(formatEgp(total));
  // The thanks is for that first visit only: a reload names the order.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${o.orderHeading} ${number!}` })).toBeVisible();

  await page.getByRole('link', { name: o.viewAllOrders }).click();
  await expect(page).toHaveURL(/\/allorders$/);
  const order = page.getByRole('article', { name: format(o.orderNumber, { number: number! }) });
  await expect(order).toHaveCount(1);
  await expect(order.getByText(o.pending, { exact: true })).toBeVisible();
  await expect(order.getByText(formatEgp(total), { exact: true })).toBeVisible();
  await expect(order.getByText(formatEgp(SHIPPING_FEES.Cairo), { exact: true })).toBeVisible();
  expect(await stockOf(request, first._id)).toBe(stockBefore[0]! - 2);
  expect(await stockOf(request, second._id)).toBe(stockBefore[1]! - 1);

  // Cancel it: the stock comes back.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(o.confirmCancel);
    void dialog.accept();
  });
  await order.getByRole('button', { name: o.cancelOrder }).click();
  await expect(page.getByText(o.statusUpdated)).toBeVisible();
  await expect(order.getByText(o.cancelled, { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: o.cancelOrder })).toHaveCount(0);
  expect(await stockOf(request, first._id)).toBe(stockBefore[0]);
  expect(await stockOf(request, second._id)).toBe(stockBefore[1]);

  // Its page now ends the timeline with the cancellation and asks for no payment.
  await order.getByRole('link', { name: format(o.viewOrder, { number: number! }) }).click();
  await expect(timeline.getByRole('listitem').last()).toContainText(o.cancelled);
  await expect(page.getByRole('button', { name: o.copyWalletNumber })).toHaveCount(0);
}

test('a shopper fills a cart, checks out with an InstaPay proof, sees the order and cancels it', async ({
  page,
  request,
}) => {
  await journey(page, request);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the same journey works with the cart as cards', async ({ page, request }) => {
    await journey(page, request);
  });
});
