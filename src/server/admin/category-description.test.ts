import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '@/shared/messages';
import type { CategoryDto, CategoryListAnswer, CategoryProductsAnswer } from '@/shared/schemas/category';
import { createTestApp, type TestApp } from '../test/app';
import { makeImage } from '../test/images';
import { createUser, type TestUser } from '../test/users';
import { sendForm } from './test-support';

/** Issue 35: a category's own description, English and Arabic, written by the admin and answered by every read. */
describe('category descriptions', () => {
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

  async function read(
    slug: string,
  ): Promise<{ one: CategoryDto; products: CategoryDto; listed?: CategoryDto }> {
    const one = await t.app.inject({ method: 'GET', url: `/api/category/${slug}` });
    const products = await t.app.inject({ method: 'GET', url: `/api/category/${slug}/products` });
    const list = await t.app.inject({ method: 'GET', url: '/api/category' });
    return {
      one: one.json<{ category: CategoryDto }>().category,
      products: products.json<CategoryProductsAnswer>().category,
      listed: list.json<CategoryListAnswer>().categories.find((each) => each.slug === slug),
    };
  }

  it('creates a category with both descriptions, trimmed, and every read answers them', async () => {
    const category = await createCategory({
      name: 'Linen',
      description: '  Light linen for hot days.  ',
      descriptionAr: '  كتان خفيف للأيام الحارة.  ',
    });
    const expected = { description: 'Light linen for hot days.', descriptionAr: 'كتان خفيف للأيام الحارة.' };
    expect(category).toMatchObject(expected);
    const { one, products, listed } = await read(category.slug);
    expect(one).toMatchObject(expected);
    expect(products).toMatchObject(expected);
    expect(listed).toMatchObject(expected);
  });

  it('answers empty descriptions for a category created without them (a SPEC §7 client)', async () => {
    const category = await createCategory({ name: 'Basics' });
    expect(category).toMatchObject({ name: 'Basics', description: '', descriptionAr: '' });
    expect((await read(category.slug)).one).toMatchObject({ description: '', descriptionAr: '' });
  });

  it('keeps the descriptions when a change leaves them out, replaces each alone, and clears them sent empty', async () => {
    const category = await createCategory({ name: 'Denim', description: 'Blue.', descriptionAr: 'أزرق.' });
    const patch = async (fields: Record<string, string>) => {
      const res = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, fields);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ category: CategoryDto }>().category;
    };

    expect(await patch({ name: 'Denim Wear' })).toMatchObject({
      description: 'Blue.',
      descriptionAr: 'أزرق.',
    });
    expect(await patch({ description: 'Indigo.' })).toMatchObject({
      description: 'Indigo.',
      descriptionAr: 'أزرق.',
    });
    expect(await patch({ descriptionAr: 'نيلي.' })).toMatchObject({
      description: 'Indigo.',
      descriptionAr: 'نيلي.',
    });
    expect(await patch({ description: '', descriptionAr: '' })).toMatchObject({
      description: '',
      descriptionAr: '',
    });
    expect((await read('denim-wear')).one).toMatchObject({ description: '', descriptionAr: '' });
  });

  it('refuses a description over 500 characters in either language, with a clear message, changing nothing', async () => {
    const category = await createCategory({ name: 'Wool', description: 'Warm.', descriptionAr: 'دافئ.' });
    const english = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, {
      description: 'a'.repeat(501),
    });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      success: false,
      // The message names the field itself.
      message: format(messages.admin.categoryDescriptionTooLong, { max: 500 }),
    });
    const arabic = await sendForm(
      t,
      admin,
      'POST',
      '/api/category',
      { name: 'Cashmere', descriptionAr: 'ك'.repeat(501) },
      { category: picture },
    );
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json()).toEqual({
      success: false,
      // The server names the field, as for every message that does not name it itself.
      message: format(messages.errors.invalidField, {
        field: 'descriptionAr',
        rule: format(messages.admin.categoryDescriptionArTooLong, { max: 500 }),
      }),
    });
    expect((await read(category.slug)).one).toMatchObject({ description: 'Warm.', descriptionAr: 'دافئ.' });
    const list = await t.app.inject({ method: 'GET', url: '/api/category?search=Cashmere' });
    expect(list.json<CategoryListAnswer>().totalCount).toBe(0);
  });

  it('takes exactly 500 characters', async () => {
    const category = await createCategory({
      name: 'Silk',
      description: 's'.repeat(500),
      descriptionAr: 'ح'.repeat(500),
    });
    expect(category.description).toHaveLength(500);
    expect(category.descriptionAr).toHaveLength(500);
  });
});
