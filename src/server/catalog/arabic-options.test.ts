import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartDto } from '@/shared/schemas/cart';
import type { CategoryDto } from '@/shared/schemas/category';
import type { OrderDto } from '@/shared/schemas/order';
import type { ProductDetailDto } from '@/shared/schemas/product';
import { sendForm } from '../admin/test-support';
import { orderLines } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory } from '../test/catalog-fixtures';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { createUser, type TestUser } from '../test/users';

const AR = { 'accept-language': 'ar' };

/**
 * Option values and size-guide headings in Arabic (issue 35): the owner writes an Arabic text beside
 * each English one; the English stays the key (variants choose by it), and carts, orders, e-mails in
 * Arabic and Arabic pages say the Arabic one, the English where none was written.
 */
describe('option values and size-guide headings in Arabic', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: TestUser;
  let category: CategoryDto | { id: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(
      { RATE_LIMIT_PER_MINUTE: '100000', SMTP_URL: smtp.url },
      { mail: { worker: { pollMs: 20, retryBaseMs: 10, retryMaxMs: 50 } } },
    );
    admin = await createUser(t, { role: 'admin' });
    category = await createCategory(t, { name: `Women ${randomUUID().slice(0, 6)}` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const options = [
    { name: 'Size', values: ['M', 'L'] },
    // 'Sand' has no Arabic yet: it is said in English everywhere.
    { name: 'Color', values: ['Navy', 'Sand'], valuesAr: ['كحلي', ''] },
  ];
  const createKaftan = async () => {
    const sku = randomUUID().slice(0, 6).toUpperCase();
    const res = await sendForm(
      t,
      admin,
      'POST',
      '/api/product',
      {
        name: `Velvet Evening Kaftan ${sku}`,
        nameAr: 'قفطان سهرة مخملي',
        price: '900',
        avaliableItems: '0',
        category: category.id,
        options: JSON.stringify(options),
        variants: JSON.stringify([
          { sku: `${sku}-M-NAVY`, options: { Size: 'M', Color: 'Navy' }, avaliableItems: 3 },
          { sku: `${sku}-L-SAND`, options: { Size: 'L', Color: 'Sand' }, avaliableItems: 3 },
        ]),
      },
      { defaultImage: await makeImage(40, 40, 'png') },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ product: ProductDetailDto }>().product;
  };

  it('keeps an Arabic text for each option value, one per value, and answers it beside the values', async () => {
    const kaftan = await createKaftan();
    expect(kaftan.options).toEqual([
      { name: 'Size', values: ['M', 'L'] },
      { name: 'Color', values: ['Navy', 'Sand'], valuesAr: ['كحلي', ''] },
    ]);
    const read = await t.app.inject({ method: 'GET', url: `/api/product/${kaftan._id}` });
    expect(read.json<{ product: ProductDetailDto }>().product.options[1]?.valuesAr).toEqual(['كحلي', '']);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/product?search=${encodeURIComponent(kaftan.name)}&page=1&limit=5`,
    });
    expect(listed.json<{ products: ProductDetailDto[] }>().products[0]?.options[1]?.valuesAr).toEqual([
      'كحلي',
      '',
    ]);
  });

  it('refuses more Arabic values than values, with a clear 400', async () => {
    const res = await sendForm(t, admin, 'POST', '/api/product', {
      name: 'Too many',
      price: '100',
      avaliableItems: '0',
      category: category.id,
      options: JSON.stringify([{ name: 'Color', values: ['Navy'], valuesAr: ['كحلي', 'رملي'] }]),
      variants: JSON.stringify([
        { sku: `X-${randomUUID().slice(0, 6)}`, options: { Color: 'Navy' }, avaliableItems: 1 },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'The option Color has more Arabic values than values',
    });
  });

  it('names the values in Arabic on cart and order lines and in the Arabic e-mail, the English where none', async () => {
    const kaftan = await createKaftan();
    const shopper = await createUser(t);
    for (const variant of kaftan.variants) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { ...shopper.headers, ...AR },
        payload: { productId: kaftan._id, variantId: variant._id, quantity: 1 },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers })).json<{
      cart: CartDto;
    }>().cart;
    expect(cart.products.map((line) => line.variant?.optionsAr)).toEqual([
      { Size: 'M', Color: 'كحلي' },
      { Size: 'L', Color: 'Sand' },
    ]);
    expect(cart.products[0]?.variant?.options).toEqual({ Size: 'M', Color: 'Navy' });

    const body = multipartBody({ ...gizaShipping, paymentType: 'cash' });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...shopper.headers, ...AR, ...body.headers },
      payload: body.payload,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: OrderDto }>().order;
    expect(order.products.map((line) => line.variant)).toEqual([
      {
        sku: kaftan.variants[0]!.sku,
        options: { Size: 'M', Color: 'Navy' },
        optionsAr: { Size: 'M', Color: 'كحلي' },
      },
      {
        sku: kaftan.variants[1]!.sku,
        options: { Size: 'L', Color: 'Sand' },
        optionsAr: { Size: 'L', Color: 'Sand' },
      },
    ]);

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.text).toContain('قفطان سهرة مخملي (M / كحلي)');
    expect(mail?.text).toContain('قفطان سهرة مخملي (L / Sand)');
    expect(mail?.text).not.toContain('Navy');

    // The order keeps the words of the day: an Arabic value written later does not change it.
    await sendForm(t, admin, 'PATCH', `/api/product/${kaftan._id}`, {
      options: JSON.stringify([options[0], { ...options[1], valuesAr: ['أزرق', 'رملي'] }]),
      variants: JSON.stringify(
        kaftan.variants.map((v) => ({ id: v._id, sku: v.sku, options: v.options, avaliableItems: 3 })),
      ),
    });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order._id}`,
      headers: shopper.headers,
    });
    expect(again.json<{ results: OrderDto }>().results.products[0]?.variant?.optionsAr?.Color).toBe('كحلي');
  });

  it('names a variant by its Arabic values when its stock runs short, in English for English callers', async () => {
    const kaftan = await createKaftan();
    const shopper = await createUser(t);
    const add = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { ...shopper.headers, ...headers },
        payload: { productId: kaftan._id, variantId: kaftan.variants[0]!._id, quantity: 9 },
      });
    const arabic = await add(AR);
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().message).toContain('قفطان سهرة مخملي (M / كحلي)');
    const english = await add({ 'accept-language': 'en' });
    expect(english.json().message).toContain(`${kaftan.name} (M / Navy)`);
  });

  it('answers an order of before, kept without Arabic values, with its English ones in their place', async () => {
    const kaftan = await createKaftan();
    const shopper = await createUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: kaftan._id, variantId: kaftan.variants[0]!._id, quantity: 1 },
    });
    const body = multipartBody({ ...gizaShipping, paymentType: 'cash' });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...shopper.headers, ...body.headers },
      payload: body.payload,
    });
    const order = placed.json<{ order: OrderDto }>().order;
    await t.database.db
      .update(orderLines)
      .set({ variant: { sku: 'OLD', options: { Size: 'M', Color: 'Navy' } } })
      .where(eq(orderLines.orderId, order._id));
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order._id}`,
      headers: shopper.headers,
    });
    expect(read.json<{ results: OrderDto }>().results.products[0]?.variant).toEqual({
      sku: 'OLD',
      options: { Size: 'M', Color: 'Navy' },
      optionsAr: { Size: 'M', Color: 'Navy' },
    });
  });

  it("keeps the size guide's Arabic headings beside its columns, and a guide without them as sent", async () => {
    const guide = {
      columns: ['Size', 'Bust (cm)', 'Waist (cm)'],
      columnsAr: ['المقاس', 'الصدر (سم)'],
      rows: [['S', '82-87', '64-69']],
    };
    const res = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, {
      sizeGuide: JSON.stringify(guide),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ category: CategoryDto }>().category.sizeGuide).toEqual({
      ...guide,
      columnsAr: ['المقاس', 'الصدر (سم)', ''],
    });
    const read = await t.app.inject({ method: 'GET', url: `/api/category/${category.id}` });
    expect(read.json<{ category: CategoryDto }>().category.sizeGuide?.columnsAr).toEqual([
      'المقاس',
      'الصدر (سم)',
      '',
    ]);
    const tooMany = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, {
      sizeGuide: JSON.stringify({ columns: ['Size'], columnsAr: ['المقاس', 'الطول'], rows: [['S']] }),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().success).toBe(false);
  });
});
