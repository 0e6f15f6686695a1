import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '@/shared/messages';
import type { CartDto } from '@/shared/schemas/cart';
import type { CategoryDto, CategoryListAnswer } from '@/shared/schemas/category';
import type { ProductDetailDto, ProductListAnswer } from '@/shared/schemas/product';
import { placeTestOrder } from '../test/orders';
import { createTestApp, type TestApp } from '../test/app';
import { makeImage } from '../test/images';
import { createUser, type TestUser } from '../test/users';
import { sendForm } from './test-support';

/** Issue 14: products' and categories' Arabic texts, written by the admin and carried by every answer. */
describe('Arabic names and descriptions', () => {
  let t: TestApp;
  let admin: TestUser;
  let picture: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
    picture = await makeImage(400, 300);
  });
  afterAll(() => t.close());

  async function createCategory(fields: Record<string, string>): Promise<CategoryDto> {
    const res = await sendForm(t, admin, 'POST', '/api/category', fields, { category: picture });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ category: CategoryDto }>().category;
  }

  async function createProduct(fields: Record<string, string>): Promise<ProductDetailDto> {
    const res = await sendForm(
      t,
      admin,
      'POST',
      '/api/product',
      { price: '450', avaliableItems: '10', ...fields },
      { defaultImage: picture },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ product: ProductDetailDto }>().product;
  }

  const patchProduct = (id: string, fields: Record<string, string>) =>
    sendForm(t, admin, 'PATCH', `/api/product/${id}`, fields);

  async function details(id: string): Promise<ProductDetailDto> {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ product: ProductDetailDto }>().product;
  }

  describe('categories', () => {
    it('creates a category with its Arabic name, trimmed, and lists it with it', async () => {
      const category = await createCategory({ name: 'Evening Wear', nameAr: '  ملابس السهرة  ' });
      expect(category).toMatchObject({ name: 'Evening Wear', nameAr: 'ملابس السهرة', slug: 'evening-wear' });

      const list = await t.app.inject({ method: 'GET', url: '/api/category?search=Evening' });
      const listed = list.json<CategoryListAnswer>().categories.find((each) => each.id === category.id);
      expect(listed?.nameAr).toBe('ملابس السهرة');
      const one = await t.app.inject({ method: 'GET', url: `/api/category/${category.slug}` });
      expect(one.json<{ category: CategoryDto }>().category.nameAr).toBe('ملابس السهرة');
    });

    it('answers an empty Arabic name for a category created without one', async () => {
      const category = await createCategory({ name: 'Sleepwear' });
      expect(category.nameAr).toBe('');
    });

    it('keeps the Arabic name when a change leaves it out, replaces it, and clears it when sent empty', async () => {
      const category = await createCategory({ name: 'Swimwear', nameAr: 'ملابس البحر' });
      const patch = (fields: Record<string, string>) =>
        sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, fields);

      const renamed = await patch({ name: 'Beachwear' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<{ category: CategoryDto }>().category).toMatchObject({
        name: 'Beachwear',
        nameAr: 'ملابس البحر',
      });

      const replaced = await patch({ nameAr: 'ملابس الشاطئ' });
      expect(replaced.json<{ category: CategoryDto }>().category).toMatchObject({
        name: 'Beachwear',
        nameAr: 'ملابس الشاطئ',
      });

      const cleared = await patch({ nameAr: '   ' });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json<{ category: CategoryDto }>().category.nameAr).toBe('');
    });

    it("refuses an Arabic name longer than the English name's limit, changing nothing", async () => {
      const category = await createCategory({ name: 'Knitwear', nameAr: 'تريكو' });
      const res = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, {
        nameAr: 'ت'.repeat(61),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        // The server names the field, as for every message that does not name it itself.
        message: format(messages.errors.invalidField, {
          field: 'nameAr',
          rule: format(messages.admin.categoryNameArTooLong, { max: 60 }),
        }),
      });
      const tooLong = await sendForm(
        t,
        admin,
        'POST',
        '/api/category',
        { name: 'Outerwear', nameAr: 'ج'.repeat(61) },
        { category: picture },
      );
      expect(tooLong.statusCode).toBe(400);
      const one = await t.app.inject({ method: 'GET', url: `/api/category/${category.id}` });
      expect(one.json<{ category: CategoryDto }>().category.nameAr).toBe('تريكو');
    });
  });

  describe('products', () => {
    let category: CategoryDto;
    beforeAll(async () => {
      category = await createCategory({ name: 'Arabic Dresses', nameAr: 'فساتين' });
    });

    it('creates a product with its Arabic texts, and the listing and its page answer them with its category’s', async () => {
      const product = await createProduct({
        name: 'Amira Linen Dress',
        description: 'A light linen dress.',
        nameAr: ' فستان كتان أميرة ',
        descriptionAr: 'فستان خفيف من الكتان.\n',
        category: category.id,
      });
      expect(product).toMatchObject({
        name: 'Amira Linen Dress',
        slug: 'amira-linen-dress',
        nameAr: 'فستان كتان أميرة',
        descriptionAr: 'فستان خفيف من الكتان.',
        category: { id: category.id, name: 'Arabic Dresses', nameAr: 'فساتين' },
      });

      const list = await t.app.inject({ method: 'GET', url: '/api/product?search=Amira%20Linen' });
      const listed = list.json<ProductListAnswer>().products.find((each) => each.id === product.id);
      expect(listed).toMatchObject({
        nameAr: 'فستان كتان أميرة',
        descriptionAr: 'فستان خفيف من الكتان.',
        category: { nameAr: 'فساتين' },
      });
      expect(await details(product.slug)).toMatchObject({
        nameAr: 'فستان كتان أميرة',
        category: { nameAr: 'فساتين' },
      });

      const inCategory = await t.app.inject({
        method: 'GET',
        url: `/api/category/${category.slug}/products`,
      });
      expect(inCategory.json<{ category: CategoryDto; products: ProductDetailDto[] }>()).toMatchObject({
        category: { nameAr: 'فساتين' },
        products: [{ nameAr: 'فستان كتان أميرة' }],
      });
    });

    it('answers empty Arabic texts for a product created without them', async () => {
      const product = await createProduct({ name: 'Plain Tee', category: category.id });
      expect(product).toMatchObject({ nameAr: '', descriptionAr: '' });
    });

    it('changes each Arabic text on its own, keeps those left out and clears those sent empty', async () => {
      const product = await createProduct({
        name: 'Nile Kaftan',
        nameAr: 'قفطان النيل',
        descriptionAr: 'قفطان مطرز.',
        category: category.id,
      });

      const priced = await patchProduct(product.id, { price: '500' });
      expect(priced.statusCode, priced.body).toBe(200);
      expect(await details(product.id)).toMatchObject({
        nameAr: 'قفطان النيل',
        descriptionAr: 'قفطان مطرز.',
      });

      const renamed = await patchProduct(product.id, { nameAr: 'قفطان النيل المطرز' });
      expect(renamed.json<{ product: ProductDetailDto }>().product).toMatchObject({
        name: 'Nile Kaftan',
        slug: product.slug,
        nameAr: 'قفطان النيل المطرز',
        descriptionAr: 'قفطان مطرز.',
      });

      const cleared = await patchProduct(product.id, { nameAr: '', descriptionAr: '' });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(await details(product.id)).toMatchObject({ name: 'Nile Kaftan', nameAr: '', descriptionAr: '' });
    });

    it('refuses Arabic texts longer than the English limits, with their own messages', async () => {
      const product = await createProduct({
        name: 'Zahra Blouse',
        nameAr: 'بلوزة زهرة',
        category: category.id,
      });
      const longName = await patchProduct(product.id, { nameAr: 'ب'.repeat(121) });
      expect(longName.statusCode).toBe(400);
      expect(longName.json()).toEqual({
        success: false,
        message: format(messages.errors.invalidField, {
          field: 'nameAr',
          rule: format(messages.admin.nameArTooLong, { max: 120 }),
        }),
      });
      const longDescription = await sendForm(
        t,
        admin,
        'POST',
        '/api/product',
        {
          name: 'Long Story',
          price: '100',
          avaliableItems: '1',
          category: category.id,
          descriptionAr: 'و'.repeat(5001),
        },
        { defaultImage: picture },
      );
      expect(longDescription.statusCode).toBe(400);
      expect(longDescription.json()).toEqual({
        success: false,
        message: format(messages.errors.invalidField, {
          field: 'descriptionAr',
          rule: format(messages.admin.descriptionArTooLong, { max: 5000 }),
        }),
      });
      expect((await details(product.id)).nameAr).toBe('بلوزة زهرة');
    });

    it('carries the Arabic name in the cart, and the order keeps the names it was sold under', async () => {
      const product = await createProduct({
        name: 'Sahara Skirt',
        nameAr: 'تنورة صحراء',
        category: category.id,
      });
      const shopper = await createUser(t);
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: shopper.headers,
        payload: { productId: product.id, quantity: 1 },
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json<{ cart: CartDto }>().cart.products[0]?.productId).toMatchObject({
        name: 'Sahara Skirt',
        nameAr: 'تنورة صحراء',
      });

      const order = await placeTestOrder(t, shopper, []);
      expect(order.products[0]?.product).toMatchObject({
        name: 'Sahara Skirt',
        nameAr: 'تنورة صحراء',
        category: { name: 'Arabic Dresses', nameAr: 'فساتين' },
      });

      // Renamed since: the order still shows what was bought.
      await patchProduct(product.id, { nameAr: 'تنورة بليسيه' });
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: shopper.headers,
      });
      expect(mine.statusCode, mine.body).toBe(200);
      const kept = mine.json<{ results: { products: Array<{ product: { nameAr: string } }> } }>();
      expect(kept.results.products[0]?.product.nameAr).toBe('تنورة صحراء');
    });
  });
});
