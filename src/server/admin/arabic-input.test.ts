import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesAr } from '@/shared/messages/ar';
import type { ProductDto } from '@/shared/schemas/product';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory } from '../test/catalog-fixtures';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { createUser, type TestUser } from '../test/users';

const AR = { 'accept-language': 'ar' };

describe('the admin writes in Arabic (issue 14)', () => {
  let t: TestApp;
  let admin: TestUser;
  let category: { id: string; name: string };
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    category = await createCategory(t, { name: 'Women', slug: 'women' });
    photo = await makeImage(400, 300);
  });
  afterAll(() => t.close());

  function create(fields: Record<string, string>) {
    const body = multipartBody(fields, { defaultImage: photo });
    return t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: body.payload,
      headers: { ...body.headers, ...admin.headers, ...AR },
    });
  }

  it('types the price, discount and stock in Arabic-Indic and Persian digits, with the Arabic decimal separator', async () => {
    const res = await create({
      name: 'Linen Summer Dress',
      price: '٤٥٠٫٥٠',
      discount: '۱۰',
      avaliableItems: '٧',
      category: category.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(messagesAr.admin.productCreated);
    expect(res.json<{ product: ProductDto }>().product).toMatchObject({
      price: 450.5,
      discount: 10,
      finalPrice: 405.45,
      avaliableItems: 7,
    });
  });

  it("says the form's refusals in Arabic, with their values", async () => {
    const negative = await create({ name: 'Dress', price: '-١', avaliableItems: '1', category: category.id });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe(messagesAr.admin.priceRule);

    const unknown = await create({ name: 'Dress', price: '١٠', avaliableItems: '1', category: 'Hats' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('القسم "Hats" غير موجود. اختر أحد أقسام المتجر.');
  });

  it("says a variant rule filled with the admin's own values in Arabic, its stock typed in Arabic digits", async () => {
    const res = await create({
      name: 'Dress',
      price: '١٠',
      avaliableItems: '0',
      category: category.id,
      options: JSON.stringify([{ name: 'Size', values: ['M', 'L'] }]),
      variants: JSON.stringify([
        { sku: 'D-M', options: { Size: 'M' }, avaliableItems: '٣' },
        { sku: 'd-m', options: { Size: 'L' }, avaliableItems: '۲' },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('رمز SKU d-m مذكور مرتين');

    const fine = await create({
      name: 'Dress in sizes',
      price: '١٠',
      avaliableItems: '0',
      category: category.id,
      options: JSON.stringify([{ name: 'Size', values: ['M', 'L'] }]),
      variants: JSON.stringify([
        { sku: 'DS-M', options: { Size: 'M' }, avaliableItems: '٣' },
        { sku: 'DS-L', options: { Size: 'L' }, avaliableItems: '۲' },
      ]),
    });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json<{ product: ProductDto }>().product.avaliableItems).toBe(5);
  });
});
