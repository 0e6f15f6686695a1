import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import type { CategoryDto } from '@/shared/schemas/category';
import { categories } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct } from '../test/catalog-fixtures';
import { makeImage } from '../test/images';
import { createUser, type TestUser } from '../test/users';
import { keyOfUrl, keysOf, sendForm, storedKeys } from './test-support';

interface CategoryAnswer {
  success: boolean;
  message: string;
  category: CategoryDto;
}

describe('admin category API', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  let picture: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
    picture = await makeImage(800, 600);
  });
  afterAll(() => t.close());

  async function created(name: string): Promise<CategoryDto> {
    const res = await sendForm(t, admin, 'POST', '/api/category', { name }, { category: picture });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CategoryAnswer>().category;
  }

  const remove = (id: string, user: TestUser | null = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/category/${id}`, headers: user?.headers ?? {} });

  it('refuses visitors with 401 and shoppers with 403 on every write, storing nothing', async () => {
    const category = await createCategory(t, { name: 'Untouchable' });
    const before = await storedKeys(t, 'categories');
    for (const [user, status, message] of [
      [null, 401, messages.auth.authenticationRequired],
      [shopper, 403, messages.auth.adminOnly],
    ] as const) {
      const answers = [
        await sendForm(t, user, 'POST', '/api/category', { name: 'Hats' }, { category: picture }),
        await sendForm(t, user, 'PATCH', `/api/category/${category.id}`, { name: 'Renamed' }),
        await remove(category.id, user),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ success: false, message });
      }
    }
    expect(await storedKeys(t, 'categories')).toEqual(before);
    const [row] = await t.database.db.select().from(categories).where(eq(categories.id, category.id));
    expect(row?.name).toBe('Untouchable');
  });

  describe('POST /api/category', () => {
    it('creates a category from the SPEC field "category", with a WebP picture in two smaller sizes', async () => {
      const res = await sendForm(
        t,
        admin,
        'POST',
        '/api/category',
        { name: 'New Born Girls' },
        { category: picture },
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<CategoryAnswer>();
      expect(body).toMatchObject({
        success: true,
        message: 'Category created successfully',
        category: { name: 'New Born Girls', slug: 'new-born-girls', productCount: 0 },
      });
      expect(body.category._id).toBe(body.category.id);
      expect(body.category.image?.url).toMatch(/^\/uploads\/categories\/.+\.webp$/);
      const keys = await storedKeys(t, 'categories');
      for (const key of keysOf({ key: keyOfUrl(body.category.image!.url), widths: [320, 640] })) {
        expect(keys).toContain(key);
      }
      const read = await t.app.inject({ method: 'GET', url: `/api/category/${body.category.id}` });
      expect(read.json<{ category: CategoryDto }>().category).toMatchObject({ name: 'New Born Girls' });
    });

    it('also accepts the picture under "image"', async () => {
      const res = await sendForm(t, admin, 'POST', '/api/category', { name: 'Scarves' }, { image: picture });
      expect(res.statusCode).toBe(201);
      expect(res.json<CategoryAnswer>().category.image?.url).toContain('/uploads/categories/');
    });

    it("requires a name: 'Please enter a category name'", async () => {
      for (const fields of [{}, { name: '   ' }] as Array<Record<string, string>>) {
        const res = await sendForm(t, admin, 'POST', '/api/category', fields, { category: picture });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: 'Please enter a category name' });
      }
    });

    it('refuses a NUL in the name with 400 naming it, on create and on update (issue 11)', async () => {
      const nul = { success: false, message: 'name must not contain a NUL character' };
      const res = await sendForm(
        t,
        admin,
        'POST',
        '/api/category',
        { name: 'Be\u0000lts' },
        { category: picture },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(nul);
      const belts = await created('Belts and Buckles');
      const patch = await sendForm(t, admin, 'PATCH', `/api/category/${belts.id}`, { name: '\u0000' });
      expect(patch.statusCode).toBe(400);
      expect(patch.json()).toEqual(nul);
    });

    it("requires a picture: 'Please upload a category image'", async () => {
      const res = await sendForm(t, admin, 'POST', '/api/category', { name: 'Belts' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Please upload a category image' });
    });

    it('judges the picture by content (415) and size (413), storing nothing', async () => {
      const before = await storedKeys(t, 'categories');
      const text = { content: Buffer.from('hello'), filename: 'cat.png', contentType: 'image/png' };
      const fake = await sendForm(t, admin, 'POST', '/api/category', { name: 'Fake' }, { category: text });
      expect(fake.statusCode).toBe(415);
      const huge = await sendForm(
        t,
        admin,
        'POST',
        '/api/category',
        { name: 'Huge' },
        { category: Buffer.alloc(5 * 1024 * 1024 + 10, 7) },
      );
      expect(huge.statusCode).toBe(413);
      expect(await storedKeys(t, 'categories')).toEqual(before);
    });

    it('refuses a second category of the same name (any case) with 409, keeping no file', async () => {
      await created('Evening Wear');
      const before = await storedKeys(t, 'categories');
      const res = await sendForm(
        t,
        admin,
        'POST',
        '/api/category',
        { name: 'evening wear' },
        { category: picture },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A category named "evening wear" already exists');
      expect(await storedKeys(t, 'categories')).toEqual(before);
    });

    it('keeps slugs unique and keeps Arabic letters', async () => {
      const first = await created('Kids & Teens');
      const second = await created('Kids Teens');
      expect([first.slug, second.slug]).toEqual(['kids-teens', 'kids-teens-2']);
      expect((await created('أطفال')).slug).toBe('اطفال');
    });
  });

  describe('PATCH /api/category/:id', () => {
    it('renames (the slug follows) without touching the picture', async () => {
      const category = await created('Sleepwear');
      const res = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, { name: 'Night Wear' });
      expect(res.statusCode).toBe(200);
      expect(res.json<CategoryAnswer>()).toMatchObject({
        success: true,
        message: 'Category updated successfully',
        category: { name: 'Night Wear', slug: 'night-wear', image: category.image },
      });
    });

    it('replaces the picture and deletes the old files', async () => {
      const category = await created('Swimwear');
      const oldKeys = keysOf({ key: keyOfUrl(category.image!.url), widths: [320, 640] });
      const res = await sendForm(
        t,
        admin,
        'PATCH',
        `/api/category/${category.id}`,
        {},
        { category: picture },
      );
      expect(res.statusCode).toBe(200);
      const updated = res.json<CategoryAnswer>().category;
      expect(updated.name).toBe('Swimwear');
      expect(updated.image?.url).not.toBe(category.image?.url);
      const keys = await storedKeys(t, 'categories');
      expect(keys).toContain(keyOfUrl(updated.image!.url));
      for (const key of oldKeys) expect(keys).not.toContain(key);
    });

    it('answers the product count and refuses an empty name, a taken name or a missing category', async () => {
      const category = await created('Shoes');
      await created('Sandals');
      await createProduct(t, { category });
      const renamed = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, { name: 'Footwear' });
      expect(renamed.json<CategoryAnswer>().category.productCount).toBe(1);

      const empty = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, { name: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Please enter a category name');
      const taken = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, { name: 'SANDALS' });
      expect(taken.statusCode).toBe(409);
      const missing = await sendForm(
        t,
        admin,
        'PATCH',
        '/api/category/6f1c1a52-0000-4000-8000-000000000000',
        {
          name: 'Ghost',
        },
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Category not found' });
    });
  });

  it('shows every write in the catalogue at once', async () => {
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/category' })).json<{ categories: CategoryDto[] }>()
        .categories;
    const category = await created('Handbags');
    expect((await list()).find((item) => item.id === category.id)?.productCount).toBe(0);
    const product = await sendForm(
      t,
      admin,
      'POST',
      '/api/product',
      { name: 'Tote', price: '300', avaliableItems: '2', category: category.id },
      { defaultImage: picture },
    );
    expect(product.statusCode).toBe(201);
    expect((await list()).find((item) => item.id === category.id)?.productCount).toBe(1);
    await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, { name: 'Bags' });
    expect((await list()).find((item) => item.id === category.id)?.name).toBe('Bags');
  });

  describe('DELETE /api/category/:id', () => {
    it('refuses with 409 and the count while the category has products', async () => {
      const category = await created('Jewellery');
      await createProduct(t, { category });
      const one = await remove(category.id);
      expect(one.statusCode).toBe(409);
      expect(one.json()).toEqual({
        success: false,
        message: 'This category still has 1 product. Move or delete it first.',
      });
      await createProduct(t, { category });
      const two = await remove(category.id);
      expect(two.json().message).toBe('This category still has 2 products. Move or delete them first.');
      const [row] = await t.database.db.select().from(categories).where(eq(categories.id, category.id));
      expect(row).toBeDefined();
      expect(await storedKeys(t, 'categories')).toContain(keyOfUrl(category.image!.url));
    });

    it('deletes an empty category and its picture files', async () => {
      const category = await created('Gloves');
      const res = await remove(category.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Category deleted successfully' });
      const keys = await storedKeys(t, 'categories');
      for (const key of keysOf({ key: keyOfUrl(category.image!.url), widths: [320, 640] })) {
        expect(keys).not.toContain(key);
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/category/${category.id}` })).statusCode).toBe(
        404,
      );
      expect((await remove(category.id)).statusCode).toBe(404);
    });
  });

  describe('POST /api/category/:id/move (issue 16)', () => {
    const move = (id: string, direction: unknown, user: TestUser | null = admin) =>
      t.app.inject({
        method: 'POST',
        url: `/api/category/${id}/move`,
        headers: user?.headers ?? {},
        payload: { direction },
      });

    /** The names GET /category answers, in its order, among the given ones. */
    async function shopOrder(names: string[]): Promise<string[]> {
      const res = await t.app.inject({ method: 'GET', url: '/api/category' });
      const listed = res.json<{ categories: CategoryDto[] }>().categories.map((category) => category.name);
      return listed.filter((name) => names.includes(name));
    }

    it('puts a new category last, and moves one up or down in the order GET /category answers', async () => {
      const first = await created('Order First');
      const second = await created('Order Second');
      // Written past the services too, a category goes last.
      const third = await createCategory(t, { name: 'Order Third' });
      const names = [first.name, second.name, third.name];
      expect(await shopOrder(names)).toEqual(['Order First', 'Order Second', 'Order Third']);
      const all = (await t.app.inject({ method: 'GET', url: '/api/category' })).json<{
        categories: CategoryDto[];
      }>().categories;
      expect(all.at(-1)?.name).toBe('Order Third');

      const up = await move(third.id, 'up');
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json()).toEqual({ success: true, message: 'Category order saved' });
      expect(await shopOrder(names)).toEqual(['Order First', 'Order Third', 'Order Second']);

      expect((await move(first.id, 'down')).statusCode).toBe(200);
      expect(await shopOrder(names)).toEqual(['Order Third', 'Order First', 'Order Second']);
    });

    it('leaves the last moved down and the first moved up where they are', async () => {
      const all = (await t.app.inject({ method: 'GET', url: '/api/category' })).json<{
        categories: CategoryDto[];
      }>().categories;
      const [head] = all;
      const tail = all.at(-1);
      if (!head || !tail) throw new Error('no categories');
      expect((await move(head.id, 'up')).statusCode).toBe(200);
      expect((await move(tail.id, 'down')).statusCode).toBe(200);
      const after = (await t.app.inject({ method: 'GET', url: '/api/category' })).json<{
        categories: CategoryDto[];
      }>().categories;
      expect(after.map((category) => category.id)).toEqual(all.map((category) => category.id));
    });

    it('refuses visitors (401), shoppers (403), a bad direction (400) and a missing category (404)', async () => {
      const category = await created('Order Guarded');
      const before = await shopOrder([category.name, 'Order First', 'Order Second']);
      expect((await move(category.id, 'up', null)).json()).toEqual({
        success: false,
        message: messages.auth.authenticationRequired,
      });
      expect((await move(category.id, 'up', null)).statusCode).toBe(401);
      const shopperMove = await move(category.id, 'up', shopper);
      expect(shopperMove.statusCode).toBe(403);
      expect(shopperMove.json()).toEqual({ success: false, message: messages.auth.adminOnly });
      const sideways = await move(category.id, 'sideways');
      expect(sideways.statusCode).toBe(400);
      expect(sideways.json()).toEqual({ success: false, message: 'Please choose up or down' });
      const missing = await move('00000000-0000-4000-8000-000000000000', 'up');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: messages.catalog.categoryNotFoundAnswer });
      expect(await shopOrder([category.name, 'Order First', 'Order Second'])).toEqual(before);
    });
  });
});
