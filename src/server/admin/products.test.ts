import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_SUB_IMAGES } from '@/shared/constants';
import { messages } from '@/shared/messages';
import type { ProductDto } from '@/shared/schemas/product';
import { cartLines, carts, orderLines, products } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { fillImageQueue } from '../test/image-queue';
import { createCategory, createProduct } from '../test/catalog-fixtures';
import { makeImage } from '../test/images';
import { createUser, type TestUser } from '../test/users';
import { insertOrder, keyOfUrl, keysOf, sendForm, storedKeys } from './test-support';

interface ProductAnswer {
  success: boolean;
  message: string;
  product: ProductDto;
}

describe('admin product API', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  let category: { id: string; name: string; slug: string };
  let photo: Buffer;
  let widePhoto: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
    category = await createCategory(t, { name: 'Women', slug: 'women' });
    photo = await makeImage(400, 300);
    widePhoto = await makeImage(1200, 900, 'jpeg', '#336699');
  });
  afterAll(() => t.close());

  const validFields = (overrides: Record<string, string | number> = {}) => ({
    name: 'Linen Summer Dress',
    description: 'Light linen for hot days',
    price: '450.50',
    avaliableItems: '7',
    category: category.id,
    ...overrides,
  });

  async function createVia(fields: Record<string, string | number>, files = {}) {
    return sendForm(t, admin, 'POST', '/api/product', fields, { defaultImage: photo, ...files });
  }

  async function created(fields: Record<string, string | number> = {}, files = {}): Promise<ProductDto> {
    const res = await createVia(validFields(fields), files);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ProductAnswer>().product;
  }

  describe('who may write', () => {
    it('refuses visitors with 401 and shoppers with 403 on every write, storing nothing', async () => {
      const product = await createProduct(t, { category });
      const before = await storedKeys(t, 'products');
      for (const user of [null, shopper]) {
        const status = user ? 403 : 401;
        const post = await sendForm(t, user, 'POST', '/api/product', validFields(), { defaultImage: photo });
        const patch = await sendForm(t, user, 'PATCH', `/api/product/${product.id}`, { price: 1 });
        const del = await t.app.inject({
          method: 'DELETE',
          url: `/api/product/${product.id}`,
          headers: user?.headers ?? {},
        });
        for (const res of [post, patch, del]) {
          expect(res.statusCode).toBe(status);
          expect(res.json()).toMatchObject({ success: false });
        }
      }
      expect(await storedKeys(t, 'products')).toEqual(before);
      const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
      expect(row?.pricePiastres).toBe(product.pricePiastres);
    });

    it('tells a visitor to sign in and a shopper that the call is for admins', async () => {
      const visitor = await sendForm(t, null, 'POST', '/api/product', validFields(), { defaultImage: photo });
      expect(visitor.json().message).toBe(messages.auth.authenticationRequired);
      const user = await sendForm(t, shopper, 'POST', '/api/product', validFields(), { defaultImage: photo });
      expect(user.json().message).toBe(messages.auth.adminOnly);
    });
  });

  describe('POST /api/product', () => {
    it('creates a product with WebP images and srcset sizes, answering the DESIGN §2 shape', async () => {
      const res = await createVia(validFields({ discount: '10' }), {
        defaultImage: widePhoto,
        subImages: [photo, photo],
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<ProductAnswer>();
      expect(body).toMatchObject({ success: true, message: 'Product created successfully' });
      const product = body.product;
      expect(product).toMatchObject({
        _id: product.id,
        name: 'Linen Summer Dress',
        slug: 'linen-summer-dress',
        description: 'Light linen for hot days',
        price: 450.5,
        discount: 10,
        finalPrice: 405.45,
        avaliableItems: 7,
        soldItems: 0,
        inStock: true,
        averageRating: 0,
        category: { _id: category.id, id: category.id, name: 'Women', slug: 'women' },
      });
      expect(product.defaultImage.url).toMatch(/^\/uploads\/products\/[0-9a-f]+-[0-9a-f]+\.webp$/);
      expect(product.defaultImage.srcset).toContain('320w');
      expect(product.defaultImage.srcset).toContain('1024w');
      // The 1200 px upload is kept at its width and offered beside its copies.
      expect(product.defaultImage.srcset).toContain(`${product.defaultImage.url} 1200w`);
      expect(product.subImages).toHaveLength(2);
      expect(product.images.map((image) => image.url)).toEqual([
        product.defaultImage.url,
        ...product.subImages.map((image) => image.url),
      ]);

      const keys = await storedKeys(t, 'products');
      const original = keyOfUrl(product.defaultImage.url);
      for (const key of keysOf({ key: original, widths: [320, 640, 1024] })) expect(keys).toContain(key);
      const stored = await sharp(`${t.storeDir}/${original}`).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();

      const read = await t.app.inject({ method: 'GET', url: `/api/product/${product.id}` });
      expect(read.json<{ product: ProductDto }>().product).toEqual(product);
    });

    it('accepts the category by slug or by name, and leaves the discount at 0 when none is sent', async () => {
      const bySlug = await created({ category: 'women', name: 'By Slug' });
      const byName = await created({ category: 'WOMEN', name: 'By Name' });
      expect(bySlug.category?.id).toBe(category.id);
      expect(byName.category?.id).toBe(category.id);
      expect(byName.discount).toBe(0);
      expect(byName.finalPrice).toBe(450.5);
    });

    it.each([
      ['name', { name: '' }, 'Please fill all required fields'],
      ['price', { price: '' }, 'Please fill all required fields'],
      ['avaliableItems', { avaliableItems: '' }, 'Please fill all required fields'],
      ['category', { category: '' }, 'Please fill all required fields'],
      ['a negative price', { price: '-1' }, 'Price must be a number of at least 0'],
      ['a discount over 100', { discount: '150' }, 'Discount must be a number from 0 to 100'],
      [
        'a fractional stock',
        { avaliableItems: '1.5' },
        'Available items must be a whole number of at least 0',
      ],
      ['a name over 120 characters', { name: 'x'.repeat(121) }, 'Name must be at most 120 characters'],
      [
        'a description over 5000 characters',
        { description: 'x'.repeat(5001) },
        'Description must be at most 5000 characters',
      ],
    ])('refuses a form without %s: 400 with the SPEC message', async (_what, overrides, message) => {
      const before = await storedKeys(t, 'products');
      const res = await createVia(validFields(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
      expect(await storedKeys(t, 'products')).toEqual(before);
    });

    it('refuses a form whose fields are missing altogether', async () => {
      const res = await sendForm(t, admin, 'POST', '/api/product', {}, { defaultImage: photo });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill all required fields');
    });

    it('refuses a body that is not multipart with 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/product',
        headers: admin.headers,
        payload: validFields(),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('This request must be sent as multipart/form-data');
    });

    it("requires a default image: 'Please upload a default image'", async () => {
      const res = await sendForm(t, admin, 'POST', '/api/product', validFields());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Please upload a default image' });
    });

    it('refuses an unknown category with 400 naming it', async () => {
      const res = await createVia(validFields({ category: 'Spaceships' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Category "Spaceships" does not exist. Choose one of the shop\'s categories.',
      );
      const byId = await createVia(validFields({ category: '6f1c1a52-0000-4000-8000-000000000000' }));
      expect(byId.statusCode).toBe(400);
    });

    // Issue 11: a NUL in a multipart text field reached the database and answered 500.
    it.each(['name', 'description', 'category'])(
      'refuses a NUL in the %s with 400 naming it, on create and on update',
      async (field) => {
        const message = `${field} must not contain a NUL character`;
        const res = await createVia(validFields({ [field]: 'Linen\u0000Dress' }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message });
        const product = await created();
        const patch = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, {
          [field]: 'Linen\u0000Dress',
        });
        expect(patch.statusCode).toBe(400);
        expect(patch.json()).toEqual({ success: false, message });
      },
    );

    it('refuses a category text longer than any id, slug or name with 400', async () => {
      const res = await createVia(validFields({ category: 'c'.repeat(201) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'category must be at most 200 characters' });
    });

    it('judges images by content: a text file named .png is 415 and nothing is stored', async () => {
      const before = await storedKeys(t, 'products');
      const fake = { content: Buffer.from('just some text, not a picture'), filename: 'photo.png' };
      const asDefault = await sendForm(t, admin, 'POST', '/api/product', validFields(), {
        defaultImage: fake,
      });
      expect(asDefault.statusCode).toBe(415);
      expect(asDefault.json().message).toBe(
        'The uploaded file is not a supported image (JPEG, PNG, WebP, GIF or AVIF)',
      );
      // A good default image with one bad sub-image: the good one is not kept either.
      const asSub = await createVia(validFields(), { subImages: [photo, fake] });
      expect(asSub.statusCode).toBe(415);
      expect(await storedKeys(t, 'products')).toEqual(before);
      const count = await t.database.db.$count(products);
      expect(count).toBeGreaterThan(0);
      const named = await t.database.db
        .select()
        .from(products)
        .where(eq(products.name, 'Linen Summer Dress'));
      expect(named.every((row) => row.subImages.length !== 1)).toBe(true);
    });

    it('refuses an image over 5 MB with 413', async () => {
      const before = await storedKeys(t, 'products');
      const huge = Buffer.alloc(MAX_IMAGE_BYTES + 1, 1);
      const res = await createVia(validFields(), { defaultImage: huge });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Each image must be 5 MB or smaller');
      expect(await storedKeys(t, 'products')).toEqual(before);
    });

    it('refuses an image over 40 megapixels with 413 and stores nothing', async () => {
      const before = await storedKeys(t, 'products');
      const res = await createVia(validFields(), { subImages: [photo, await makeImage(7000, 7000)] });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Each image must be at most 40 megapixels');
      expect(await storedKeys(t, 'products')).toEqual(before);
    });

    it('answers 503 while the image queue is full, storing nothing', async () => {
      const release = await fillImageQueue();
      try {
        const before = await storedKeys(t, 'products');
        const res = await createVia(validFields({ name: 'Queued Dress' }));
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          success: false,
          message: 'Too many images are being processed right now. Please try again in a moment.',
        });
        expect(await storedKeys(t, 'products')).toEqual(before);
        expect(await t.database.db.$count(products, eq(products.name, 'Queued Dress'))).toBe(0);
      } finally {
        await release();
      }
      expect((await createVia(validFields({ name: 'Queued Dress' }))).statusCode).toBe(201);
    });

    it(`refuses more than ${MAX_SUB_IMAGES} sub-images`, async () => {
      const res = await createVia(validFields(), {
        subImages: Array.from({ length: MAX_SUB_IMAGES + 1 }, () => photo),
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('slugs', () => {
    it('keeps slugs unique with -2, -3 and keeps Arabic letters', async () => {
      const first = await created({ name: 'Velvet Abaya' });
      const second = await created({ name: 'velvet abaya!' });
      const third = await created({ name: 'Velvet  Abaya' });
      expect([first.slug, second.slug, third.slug]).toEqual([
        'velvet-abaya',
        'velvet-abaya-2',
        'velvet-abaya-3',
      ]);
      const arabic = await created({ name: 'فُستان صيفي' });
      expect(arabic.slug).toBe('فستان-صيفي');
      const accented = await created({ name: "Robe d'été" });
      expect(accented.slug).toBe('robe-d-ete');
      const symbols = await created({ name: '***' });
      expect(symbols.slug).toMatch(/^product(-\d+)?$/);
    });

    it('gives products created at the same moment under one name different slugs', async () => {
      const answers = await Promise.all([1, 2, 3].map(() => createVia(validFields({ name: 'Twin Set' }))));
      for (const res of answers) expect(res.statusCode, res.body).toBe(201);
      const slugs = answers.map((res) => res.json<ProductAnswer>().product.slug).sort();
      expect(slugs).toEqual(['twin-set', 'twin-set-2', 'twin-set-3']);
    });

    it('moves the slug with a rename, to a free one when the new name is taken', async () => {
      const coat = await created({ name: 'Wool Coat' });
      const renamed = await sendForm(t, admin, 'PATCH', `/api/product/${coat.id}`, { name: 'Cashmere Coat' });
      expect(renamed.json<ProductAnswer>().product.slug).toBe('cashmere-coat');
      const other = await created({ name: 'Rain Coat' });
      const clash = await sendForm(t, admin, 'PATCH', `/api/product/${other.id}`, { name: 'Cashmere Coat' });
      expect(clash.json<ProductAnswer>().product.slug).toBe('cashmere-coat-2');
      // Saving it unchanged keeps its address.
      const again = await sendForm(t, admin, 'PATCH', `/api/product/${other.id}`, { name: 'Cashmere Coat' });
      expect(again.json<ProductAnswer>().product.slug).toBe('cashmere-coat-2');
    });
  });

  describe('PATCH /api/product/:id', () => {
    it('changes only the fields sent and recomputes the final price', async () => {
      const product = await created({ price: '200', discount: '25' });
      expect(product.finalPrice).toBe(150);
      const priced = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, { price: '300' });
      expect(priced.statusCode).toBe(200);
      expect(priced.json<ProductAnswer>()).toMatchObject({
        success: true,
        message: 'Product updated successfully',
        product: { price: 300, discount: 25, finalPrice: 225, name: product.name, avaliableItems: 7 },
      });
      const discounted = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, {
        discount: '0',
        avaliableItems: '0',
        description: 'New words',
      });
      expect(discounted.json<ProductAnswer>().product).toMatchObject({
        price: 300,
        discount: 0,
        finalPrice: 300,
        avaliableItems: 0,
        inStock: false,
        description: 'New words',
        slug: product.slug,
      });
    });

    it('moves a product to another category and refuses an unknown one', async () => {
      const product = await created();
      const girls = await createCategory(t, { name: 'Girls', slug: 'girls' });
      const moved = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, { category: girls.id });
      expect(moved.json<ProductAnswer>().product.category?.name).toBe('Girls');
      const unknown = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, {
        category: 'Nowhere',
      });
      expect(unknown.statusCode).toBe(400);
    });

    it.each([
      [{ name: '' }, 'Please fill all required fields'],
      [{ discount: '101' }, 'Discount must be a number from 0 to 100'],
      // Given, yet no amount: said as what it must be (SPEC's 'fill all required fields' is for a missing one).
      [
        { price: 'abc' },
        'price must be an amount written in digits with at most 2 decimals, such as 450 or 450.50',
      ],
    ])('validates the fields it is sent (%o)', async (fields, message) => {
      const product = await created();
      const res = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('replaces the default image and deletes the old files', async () => {
      const product = await created({}, { defaultImage: widePhoto });
      const oldKey = keyOfUrl(product.defaultImage.url);
      const oldKeys = keysOf({ key: oldKey, widths: [320, 640, 1024] });
      for (const key of oldKeys) expect(await storedKeys(t, 'products')).toContain(key);

      const res = await sendForm(
        t,
        admin,
        'PATCH',
        `/api/product/${product.id}`,
        {},
        { defaultImage: photo },
      );
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json<ProductAnswer>().product;
      expect(updated.defaultImage.url).not.toBe(product.defaultImage.url);
      const keys = await storedKeys(t, 'products');
      expect(keys).toContain(keyOfUrl(updated.defaultImage.url));
      for (const key of oldKeys) expect(keys).not.toContain(key);
    });

    it('appends new sub-images and removes the ones named, deleting their files', async () => {
      const product = await created({}, { subImages: [photo, photo, photo] });
      const [first, second, third] = product.subImages.map((image) => image.url);
      const added = await sendForm(
        t,
        admin,
        'PATCH',
        `/api/product/${product.id}`,
        { removeSubImages: [first!, second!] },
        { subImages: [widePhoto] },
      );
      expect(added.statusCode, added.body).toBe(200);
      const after = added.json<ProductAnswer>().product;
      expect(after.subImages.map((image) => image.url)).toEqual([third, expect.any(String)]);
      const keys = await storedKeys(t, 'products');
      expect(keys).not.toContain(keyOfUrl(first!));
      expect(keys).not.toContain(keyOfUrl(second!));
      expect(keys).toContain(keyOfUrl(third!));

      // One JSON list works too.
      const json = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, {
        removeSubImages: JSON.stringify(after.subImages.map((image) => image.url)),
      });
      expect(json.json<ProductAnswer>().product.subImages).toEqual([]);
      expect(json.json<ProductAnswer>().product.images).toHaveLength(1);
      expect(await storedKeys(t, 'products')).not.toContain(keyOfUrl(third!));
    });

    it(`refuses to grow past ${MAX_SUB_IMAGES} sub-images and stores nothing then`, async () => {
      const product = await created({}, { subImages: Array.from({ length: MAX_SUB_IMAGES }, () => photo) });
      const before = await storedKeys(t, 'products');
      const res = await sendForm(t, admin, 'PATCH', `/api/product/${product.id}`, {}, { subImages: photo });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`A product can have at most ${MAX_SUB_IMAGES} additional images`);
      expect(await storedKeys(t, 'products')).toEqual(before);
    });

    it('refuses a bad replacement image without touching the product', async () => {
      const product = await created();
      const before = await storedKeys(t, 'products');
      const res = await sendForm(
        t,
        admin,
        'PATCH',
        `/api/product/${product.id}`,
        { price: '1' },
        { defaultImage: { content: Buffer.from('%PDF-1.4'), filename: 'x.jpg' } },
      );
      expect(res.statusCode).toBe(415);
      expect(await storedKeys(t, 'products')).toEqual(before);
      const read = await t.app.inject({ method: 'GET', url: `/api/product/${product.id}` });
      expect(read.json<{ product: ProductDto }>().product).toEqual(product);
    });

    it('answers 404 for a missing product and 400 for a malformed id', async () => {
      const missing = await sendForm(t, admin, 'PATCH', '/api/product/6f1c1a52-0000-4000-8000-000000000000', {
        price: '1',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Product not found' });
      const malformed = await sendForm(t, admin, 'PATCH', '/api/product/not-an-id', { price: '1' });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('the catalogue sees every write at once', () => {
    it('counts a created and a deleted product in the listing totals straight away', async () => {
      const total = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/product?page=1' })).json<{ totalCount: number }>()
          .totalCount;
      const before = await total();
      const product = await created({ name: 'Counted Piece' });
      expect(await total()).toBe(before + 1);
      await t.app.inject({ method: 'DELETE', url: `/api/product/${product.id}`, headers: admin.headers });
      expect(await total()).toBe(before);
    });
  });

  describe('DELETE /api/product/:id', () => {
    const remove = (id: string, user: TestUser = admin) =>
      t.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: user.headers });

    it('deletes the product and its files, takes it out of carts, and keeps past orders whole', async () => {
      const product = await created({ price: '99' }, { subImages: [photo] });
      const kept = await created({ name: 'Still For Sale' });
      const [cart] = await t.database.db.insert(carts).values({ userId: shopper.id }).returning();
      await t.database.db.insert(cartLines).values([
        { cartId: cart!.id, productId: product.id, quantity: 2 },
        { cartId: cart!.id, productId: kept.id, quantity: 1 },
      ]);
      const orderImage = { key: `products/ordered-${product.id}.webp`, widths: [] };
      const orderId = await insertOrder(t, shopper, {
        status: 'completed',
        line: {
          productId: product.id,
          name: product.name,
          slug: product.slug,
          image: orderImage,
          unitPrice: 99,
        },
      });

      const res = await remove(product.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Product deleted successfully' });

      expect((await t.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).statusCode).toBe(404);
      const keys = await storedKeys(t, 'products');
      for (const image of [product.defaultImage, ...product.subImages]) {
        expect(keys).not.toContain(keyOfUrl(image.url));
      }
      expect(keys).toContain(keyOfUrl(kept.defaultImage.url));
      const lines = await t.database.db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id));
      expect(lines.map((line) => line.productId)).toEqual([kept.id]);
      const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      expect(line).toMatchObject({
        productId: null,
        name: product.name,
        slug: product.slug,
        unitPricePiastres: 9900,
        image: orderImage,
      });
    });

    it('keeps the image files an order still shows', async () => {
      const product = await created();
      const image = { key: keyOfUrl(product.defaultImage.url), widths: [320] };
      await insertOrder(t, shopper, {
        line: { productId: product.id, name: product.name, slug: product.slug, image, unitPrice: 10 },
      });
      expect((await remove(product.id)).statusCode).toBe(200);
      const keys = await storedKeys(t, 'products');
      for (const key of keysOf(image)) expect(keys).toContain(key);
    });

    it('answers 404 for a product that is not there (or no longer)', async () => {
      const product = await created();
      expect((await remove(product.id)).statusCode).toBe(200);
      const again = await remove(product.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ success: false, message: 'Product not found' });
    });
  });
});
