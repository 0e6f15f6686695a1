import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '@/shared/messages';
import { sendForm } from './admin/test-support';
import { insertTestProduct } from './stock/test-products';
import { createTestApp, testDriver, type TestApp } from './test/app';
import { createCategory } from './test/catalog-fixtures';
import { makeImage } from './test/images';
import { createUser, type TestUser } from './test/users';

// Numbers as coercion read them: a rating of [5] counted as 5, a price of 0x10 was stored as 16 EGP,
// 100.001 was rounded without a word. Only plainly written numbers are read, in JSON and forms alike.

const money = (field: string) => format(messages.errors.moneyFormat, { field });

describe(`numbers are read only when plainly written (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  let category: { id: string };
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
    category = await createCategory(t, { name: 'Women', slug: 'women' });
    photo = await makeImage(40, 40, 'png');
  });
  afterAll(() => t.close());

  const createProduct = (fields: Record<string, string>) =>
    sendForm(
      t,
      admin,
      'POST',
      '/api/product',
      { name: 'Linen Dress', price: '450', avaliableItems: '4', category: category.id, ...fields },
      { defaultImage: photo },
    );

  it('refuses a rating that is not a whole number as JSON writes one', async () => {
    const product = await insertTestProduct(t);
    for (const rating of [[5], ['5'], true, '0x5', '5e0', { value: 5 }]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/product/${product.id}/rate`,
        headers: shopper.headers,
        payload: { rating },
      });
      expect(res.statusCode, JSON.stringify(rating)).toBe(400);
      expect(res.json()).toEqual({ success: false, message: messages.catalog.ratingRange });
    }
    const fine = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${product.id}/rate`,
      headers: shopper.headers,
      payload: { rating: 5 },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a price in hexadecimal, with an exponent or a third decimal, and stock that is not whole', async () => {
    for (const price of ['0x10', '1e3', '100.001', '12,50']) {
      const res = await createProduct({ price });
      expect(res.statusCode, price).toBe(400);
      expect(res.json()).toEqual({ success: false, message: money('price') });
    }
    for (const avaliableItems of ['0x10', '4.5', '1e1']) {
      const res = await createProduct({ avaliableItems });
      expect(res.statusCode, avaliableItems).toBe(400);
      expect(res.json()).toEqual({ success: false, message: messages.admin.availableItemsRule });
    }
    const variants = await createProduct({
      options: JSON.stringify([{ name: 'Size', values: ['M'] }]),
      variants: JSON.stringify([{ sku: 'PN-M', options: { Size: 'M' }, avaliableItems: 1, price: 600.125 }]),
    });
    expect(variants.statusCode).toBe(400);
    expect(variants.json().message).toContain(money('price'));
    const written = await createProduct({ price: '450.50', avaliableItems: '٧' });
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({ product: { price: 450.5, avaliableItems: 7 } });
  });

  it('refuses a cart quantity that is not a whole number as JSON writes one', async () => {
    const product = await insertTestProduct(t);
    for (const quantity of [[2], '0x2', '2.0', true]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: shopper.headers,
        payload: { productId: product.id, quantity },
      });
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(res.json()).toEqual({ success: false, message: messages.cart.quantityRule });
    }
  });

  it('refuses a price filter that is not plainly written', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product?minPrice=0x10' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: money('minPrice') });
  });
});
