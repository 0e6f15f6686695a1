import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { format, messages } from '../src/shared/messages';
import type { CategoryDto } from '../src/shared/schemas/category';
import type { ProductDto } from '../src/shared/schemas/product';
import { mailTo } from './mail';
import { signIn, signUpShopper, useSession, type Session } from './sessions';

const m = messages.admin;
const o = messages.orders;

/** The seeded demo admin. */
const signInAdmin = (request: APIRequestContext) => signIn(request, 'admin@nour.shop', 'Admin123');

async function png(background: string, width = 120, height = 160) {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { name: `${background.slice(1)}.png`, mimeType: 'image/png', buffer };
}

async function findCategory(request: APIRequestContext, name: string): Promise<CategoryDto> {
  const response = await request.get('/api/category', { params: { search: name, page: 1, limit: 10 } });
  const { categories } = (await response.json()) as { categories: CategoryDto[] };
  const found = categories.find((category) => category.name === name);
  expect(found).toBeDefined();
  return found!;
}

/** A shopper orders one piece through the API: add to the cart, then the multipart POST /api/order. */
async function placeOrder(
  request: APIRequestContext,
  shopper: Session,
  product: ProductDto,
): Promise<string> {
  const headers = { token: shopper.token };
  const added = await request.post('/api/cart', { headers, data: { productId: product._id, quantity: 1 } });
  expect(added.ok()).toBe(true);
  const { cart } = (await (await request.get('/api/cart', { headers })).json()) as { cart: { _id: string } };
  const proof = await png('#3b5f8a', 200, 320);
  const response = await request.post('/api/order', {
    headers,
    multipart: {
      cartId: cart._id,
      name: 'Nadia Samir',
      phone: '01012345678',
      street: 'Tahrir Street',
      building: '5',
      floor: '2',
      apartment: '4',
      landmark: '',
      area: 'Dokki',
      city: 'Giza',
      paymentType: 'instapay',
      paymentImage: proof,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: { _id: string } }).order._id;
}

test('the admin adds a category and a product, a shopper orders it, the admin confirms and delivers it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const categoryName = `Silk Scarves ${stamp}`;
  const productName = `Rose Silk Scarf ${stamp}`;
  await useSession(page, await signInAdmin(request));

  // The category, with its picture.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: m.manageCategories }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/manage_category$/);
  await page.getByRole('link', { name: m.addCategory }).click();
  await page.getByRole('button', { name: m.create }).click();
  await expect(page.getByText(m.enterCategoryName).first()).toBeVisible();
  await page.getByLabel(`${m.categoryName} *`).fill(categoryName);
  await page.getByLabel(/^Category Image/).setInputFiles(await png('#a4553d'));
  await expect(page.getByRole('img', { name: m.categoryImagePreview })).toBeVisible();
  await page.getByRole('button', { name: m.create }).click();
  await expect(page.getByText(m.categoryCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manage_category$/);
  await page.getByRole('searchbox', { name: m.searchCategories }).fill(stamp);
  await expect(page.getByRole('heading', { name: categoryName })).toBeVisible();

  // The product in it, with a default image and two more.
  await page.goto('/dashboard/manage/create');
  await page.getByLabel(`${m.name} *`, { exact: true }).fill(productName);
  await page.getByLabel(`${m.price} *`).fill('480');
  await page.getByLabel(m.discount).fill('25');
  await page.getByLabel(`${m.availableItems} *`).fill('6');
  await page.getByLabel(m.description, { exact: true }).fill('A light scarf in rose silk.');
  await page.getByLabel(`${m.category} *`).selectOption({ label: categoryName });
  await page.getByRole('button', { name: m.create }).click();
  await expect(page.getByText(m.uploadDefaultImage).first()).toBeVisible();
  await page.getByLabel(/^Default Image/).setInputFiles(await png('#f4e4dc'));
  await page.getByLabel(m.additionalImages).setInputFiles([await png('#3f7a55'), await png('#a8791f')]);
  await expect(page.getByRole('img', { name: format(m.additionalImagePreview, { n: 2 }) })).toBeVisible();
  await page.getByRole('button', { name: m.create }).click();
  await expect(page.getByText(m.productCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manage$/);
  await page.getByRole('searchbox', { name: m.searchProducts }).fill(stamp);
  await page.getByRole('main').getByRole('button', { name: m.search, exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: productName });
  await expect(row).toBeVisible();
  await expect(row.getByText('360 EGP')).toBeVisible();

  // The storefront shows it under its category.
  const category = await findCategory(request, categoryName);
  await page.goto(`/category/${category.slug}`);
  await expect(page.getByText(productName).first()).toBeVisible();

  // A shopper orders it.
  const productAnswer = await request.get('/api/product', { params: { search: productName } });
  const [product] = ((await productAnswer.json()) as { products: ProductDto[] }).products;
  expect(product?.subImages).toHaveLength(2);
  const shopper = await signUpShopper(request, 'Nadia');
  const orderId = await placeOrder(request, shopper, product!);

  // The admin finds the order, confirms it, then marks it delivered, and looks at the proof.
  await page.goto('/dashboard/manage_orders');
  await page.getByRole('searchbox', { name: m.searchOrders }).fill(orderId.slice(0, 8));
  await expect(page).toHaveURL(new RegExp(`search=${orderId.slice(0, 8)}`));
  const orderRow = page.getByRole('row').filter({ hasText: orderId.slice(0, 10) });
  await expect(orderRow).toBeVisible();
  await expect(orderRow.getByText(o.pending)).toBeVisible();
  await orderRow.getByRole('link', { name: /^View order/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/order/${orderId}$`));
  // The list stays on screen until the detail page's chunk has loaded: wait for the detail itself.
  const status = page.getByLabel(m.orderStatus);
  await expect(status).toBeVisible();
  await expect(page.getByText(productName)).toBeVisible();
  await expect(page.getByText(o.instapay)).toBeVisible();
  await expect(page.getByText('40 EGP')).toBeVisible();

  // Each change is confirmed in a dialog first (issue 15).
  await status.selectOption('confirmed');
  await page.getByRole('dialog').getByRole('button', { name: m.confirmStatus }).click();
  await expect(page.getByText(o.statusUpdated)).toBeVisible();
  await expect(status).toHaveValue('confirmed');
  await status.selectOption('completed');
  await page.getByRole('dialog').getByRole('button', { name: m.confirmStatus }).click();
  await expect(status).toHaveValue('completed');

  await page.getByRole('button', { name: m.viewProof }).click();
  const dialog = page.getByRole('dialog', { name: m.paymentProof });
  const proof = dialog.getByRole('img');
  await expect(proof).toBeVisible();
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await dialog.getByRole('button', { name: m.close }).click();
  await expect(dialog).toHaveCount(0);

  // The shopper's My Orders says Delivered.
  const shopperContext = await browser.newContext({ baseURL });
  const shopperPage = await shopperContext.newPage();
  await useSession(shopperPage, shopper);
  await shopperPage.goto('/allorders');
  const order = shopperPage.getByRole('article').filter({ hasText: productName });
  await expect(order.getByText(o.delivered, { exact: true }).first()).toBeVisible();
  await shopperContext.close();
});

test('the admin screens fit a 390 px phone', async ({ page, request }) => {
  await useSession(page, await signInAdmin(request));
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    '/dashboard',
    '/dashboard/manage',
    '/dashboard/manage/create',
    '/dashboard/manage_orders',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
  }
  // The product list shows cards, not the wide table, on a phone.
  await page.goto('/dashboard/manage');
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
});

test("the owner's desk: order, thanks and e-mail; the proof marked received, confirmed with a note, the slip printed; the shopper's timeline and second e-mail", async ({
  baseURL,
  browser,
  page,
  request,
}) => {
  // A product without sizes or colours, so the shopper's cart needs no variant.
  const listing = await request.get('/api/product', {
    params: { availability: 'inStock', limit: 100, page: 1, category: 'Accessories' },
  });
  const { products } = (await listing.json()) as { products: ProductDto[] };
  const product = products.find(
    (p) => p.avaliableItems >= 2 && !(p as { options?: unknown[] }).options?.length,
  );
  expect(product).toBeDefined();
  const shopper = await signUpShopper(request, 'Hala');
  const orderId = await placeOrder(request, shopper, product!);
  const placed = await request.get(`/api/order/${orderId}`, { headers: { token: shopper.token } });
  const { number } = ((await placed.json()) as { results: { number: string } }).results;

  // The shopper's order page thanks her with the number; the order e-mail arrived with it.
  const shopperContext = await browser.newContext({ baseURL });
  const shopperPage = await shopperContext.newPage();
  await useSession(shopperPage, shopper);
  await shopperPage.goto(`/orders/${orderId}`);
  await expect(
    shopperPage.getByRole('heading', { level: 1, name: `${o.orderHeading} ${number}` }),
  ).toBeVisible();
  await expect(shopperPage.getByRole('region', { name: o.statusTimeline })).toContainText(o.orderPlacedStep);
  const placedMail = await mailTo(shopper.email, (mail) => mail.subject?.includes(number) === true);
  expect(placedMail.text).toContain(product!.name);

  await useSession(page, await signInAdmin(request));
  await page.goto('/dashboard');
  await page.getByRole('link', { name: new RegExp(`^${m.proofsToCheck}`) }).click();
  await expect(page).toHaveURL(/proof=toCheck/);
  await page.getByRole('searchbox', { name: m.searchOrders }).fill(number);
  // The search settles into the address first: a click before it would be overtaken by that navigation.
  await expect(page).toHaveURL(new RegExp(`search=${number}`));
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row.getByText(m.proofToCheck)).toBeVisible();
  await row.getByRole('link', { name: format(m.viewOrder, { number }) }).click();

  await page.getByRole('button', { name: m.markPaymentReceived }).click();
  await expect(page.getByText(o.paymentVerified)).toBeVisible();
  await expect(page.getByRole('button', { name: m.undoPaymentReceived })).toBeVisible();

  await page.getByLabel(m.orderStatus).selectOption('confirmed');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(m.statusNote).fill('Paid in full, ships Thursday');
  await dialog.getByRole('button', { name: m.confirmStatus }).click();
  await expect(page.getByText(o.statusUpdated)).toBeVisible();
  await expect(page.getByText('Paid in full, ships Thursday')).toBeVisible();

  await page.getByRole('link', { name: m.printSlip }).click();
  const slip = page.getByRole('article', { name: number });
  await expect(slip.getByText(product!.name)).toBeVisible();
  await expect(slip.getByText(m.slipTitle)).toBeVisible();
  await page.evaluate(() => {
    (window as { printed?: number }).printed = 0;
    window.print = () => {
      (window as { printed?: number }).printed! += 1;
    };
  });
  await page.getByRole('button', { name: m.print }).click();
  expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);

  // The shopper's side reads the same history and payment.
  const mine = await request.get(`/api/order/${orderId}`, { headers: { token: shopper.token } });
  const { results } = (await mine.json()) as {
    results: { history: Array<{ status: string; note: string | null }>; payment: { verified: boolean } };
  };
  expect(results.payment.verified).toBe(true);
  expect(results.history.map((entry) => [entry.status, entry.note])).toEqual([
    ['pending', null],
    ['confirmed', 'Paid in full, ships Thursday'],
  ]);

  // ...and sees it on the order's page: the payment received, the confirmation with its note.
  await shopperPage.reload();
  await expect(
    shopperPage.getByRole('heading', { level: 1, name: `${o.orderHeading} ${number}` }),
  ).toBeVisible();
  const timeline = shopperPage.getByRole('region', { name: o.statusTimeline });
  await expect(timeline).toContainText(o.confirmed);
  await expect(timeline).toContainText(format(o.stepNote, { note: 'Paid in full, ships Thursday' }));
  await expect(shopperPage.getByText(/^Payment received on /)).toBeVisible();
  await shopperContext.close();

  // The second e-mail says the new status and carries the note.
  const confirmedMail = await mailTo(shopper.email, (mail) => mail.subject?.includes(o.confirmed) === true);
  expect(confirmedMail.subject).toContain(number);
  expect(confirmedMail.text).toContain('Paid in full, ships Thursday');
});
