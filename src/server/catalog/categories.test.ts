import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CategoryDto } from '@/shared/schemas/category';
import type { ProductDto } from '@/shared/schemas/product';
import { categories, products, type CategoryRow } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { sendForm } from '../admin/test-support';
import { createCategory, createProduct } from '../test/catalog-fixtures';
import { createUser } from '../test/users';

interface CategoryListAnswer {
  success: boolean;
  categories: CategoryDto[];
  page: number;
  totalPages: number;
  totalCount: number;
}

interface CategoryProductsAnswer {
  success: boolean;
  message: string;
  category: CategoryDto;
  products: ProductDto[];
  page: number;
  totalPages: number;
  totalCount: number;
}

describe('categories', () => {
  let t: TestApp;
  let women: CategoryRow;
  let girls: CategoryRow;
  let boys: CategoryRow;
  let accessories: CategoryRow;

  async function get<T>(url: string, status = 200): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    women = await createCategory(t, {
      name: 'Women',
      slug: 'women',
      image: { key: 'categories/women.webp', widths: [] },
    });
    girls = await createCategory(t, { name: 'Girls', slug: 'girls' });
    boys = await createCategory(t, { name: 'Boys', slug: 'boys', image: null });
    accessories = await createCategory(t, { name: 'Accessories', slug: 'accessories' });
    await createProduct(t, { name: 'Abaya', category: women });
    await createProduct(t, { name: 'Kaftan', category: women });
    await createProduct(t, { name: 'Wrap Dress', category: women });
    await createProduct(t, { name: 'Party Dress', category: girls });
    await createProduct(t, { name: 'Uncategorised', category: null });
  });
  afterAll(() => t.close());

  describe('GET /api/category', () => {
    it('answers every category without page, in the order they were made, with product counts', async () => {
      const body = await get<CategoryListAnswer>('/api/category');
      expect(body).toMatchObject({ success: true, page: 1, totalPages: 1, totalCount: 4 });
      expect(body.categories.map((c) => [c.name, c.productCount])).toEqual([
        ['Women', 3],
        ['Girls', 1],
        ['Boys', 0],
        ['Accessories', 0],
      ]);
      expect(body.categories[0]).toEqual({
        _id: women.id,
        id: women.id,
        name: 'Women',
        nameAr: '',
        description: '',
        descriptionAr: '',
        slug: 'women',
        image: { url: '/uploads/categories/women.webp' },
        productCount: 3,
        sizeGuide: null,
      });
      // No image: an empty url, so `image.url` is safe to read and falsy.
      expect(body.categories[2]?.image).toEqual({ url: '' });
    });

    it('pages 10 at a time by default, or by the given limit', async () => {
      const first = await get<CategoryListAnswer>('/api/category?page=1&limit=3');
      expect(first.categories.map((c) => c.name)).toEqual(['Women', 'Girls', 'Boys']);
      expect(first).toMatchObject({ page: 1, totalPages: 2, totalCount: 4 });
      const second = await get<CategoryListAnswer>('/api/category?page=2&limit=3');
      expect(second.categories.map((c) => c.name)).toEqual(['Accessories']);
      expect(second).toMatchObject({ page: 2, totalPages: 2, totalCount: 4 });
      const byDefault = await get<CategoryListAnswer>('/api/category?page=1');
      expect(byDefault).toMatchObject({ page: 1, totalPages: 1, totalCount: 4 });
      expect(byDefault.categories).toHaveLength(4);
    });

    it('searches names case-insensitively, taking % literally', async () => {
      const body = await get<CategoryListAnswer>('/api/category?search=OY');
      expect(body.categories.map((c) => c.name)).toEqual(['Boys']);
      expect(body.totalCount).toBe(1);
      expect((await get<CategoryListAnswer>('/api/category?search=%25')).totalCount).toBe(0);
    });

    it('counts a new product at once', async () => {
      const added = await createProduct(t, { name: 'Cap', category: boys });
      const body = await get<CategoryListAnswer>('/api/category?search=boys');
      expect(body.categories[0]?.productCount).toBe(1);
      const one = await get<{ category: CategoryDto }>(`/api/category/${boys.id}`);
      expect(one.category.productCount).toBe(1);
      expect(added.categoryId).toBe(boys.id);
    });

    it('refuses bad paging with 400', async () => {
      const zero = await get<{ message: string }>('/api/category?page=0', 400);
      expect(zero.message).toBe('page must be a whole number of at least 1');
      const huge = await get<{ message: string }>('/api/category?limit=1000', 400);
      expect(huge.message).toBe('limit must be a whole number from 1 to 100');
    });
  });

  describe('GET /api/category/:idOrSlug', () => {
    it('answers a category by id or by slug', async () => {
      const byId = await get<{ success: boolean; category: CategoryDto }>(`/api/category/${girls.id}`);
      expect(byId).toEqual({
        success: true,
        category: expect.objectContaining({ id: girls.id, name: 'Girls', slug: 'girls', productCount: 1 }),
      });
      const bySlug = await get<{ category: CategoryDto }>('/api/category/girls');
      expect(bySlug.category.id).toBe(girls.id);
    });

    it('answers 404 Category not found for a missing id or slug', async () => {
      for (const missing of ['00000000-0000-4000-8000-000000000000', 'men']) {
        const body = await get(`/api/category/${missing}`, 404);
        expect(body).toEqual({ success: false, message: 'Category not found' });
      }
    });
  });

  describe('GET /api/category/:slug/products', () => {
    it('answers the category and its products, newest first', async () => {
      const body = await get<CategoryProductsAnswer>('/api/category/women/products');
      expect(body).toMatchObject({
        success: true,
        message: 'Category products fetched successfully',
        category: { id: women.id, name: 'Women', slug: 'women', productCount: 3 },
        page: 1,
        totalPages: 1,
        totalCount: 3,
      });
      expect(body.products.map((p) => p.name)).toEqual(['Wrap Dress', 'Kaftan', 'Abaya']);
      expect(body.products[0]).toMatchObject({ category: { id: women.id, name: 'Women', slug: 'women' } });
    });

    it('accepts the category id too', async () => {
      const body = await get<CategoryProductsAnswer>(`/api/category/${women.id}/products`);
      expect(body.products).toHaveLength(3);
    });

    it('pages', async () => {
      const second = await get<CategoryProductsAnswer>('/api/category/women/products?page=2&limit=2');
      expect(second.products.map((p) => p.name)).toEqual(['Abaya']);
      expect(second).toMatchObject({ page: 2, totalPages: 2, totalCount: 3 });
      const beyond = await get<CategoryProductsAnswer>('/api/category/women/products?page=99&limit=2');
      expect(beyond).toMatchObject({ products: [], page: 99, totalPages: 2, totalCount: 3 });
      const bad = await get<{ message: string }>('/api/category/women/products?limit=0', 400);
      expect(bad.message).toBe('limit must be a whole number from 1 to 100');
    });

    it('answers an empty list for a category without products', async () => {
      const body = await get<CategoryProductsAnswer>(`/api/category/${accessories.slug}/products`);
      expect(body).toMatchObject({ success: true, products: [], totalCount: 0, totalPages: 1 });
      expect(body.category.name).toBe('Accessories');
    });

    it('answers 404 when the category does not exist', async () => {
      const body = await get('/api/category/men/products', 404);
      expect(body).toEqual({ success: false, message: 'Category not found' });
    });
  });

  // Issue 18: the listing's pages name their products' categories from the kept category keys.
  it("names each listed product's category, and one this process has not heard of", async () => {
    await get('/api/product?page=1&limit=1');
    await vi.waitFor(async () => expect(await get('/api/health')).toHaveProperty('listing', 'memory'));
    const names = async (limit: number) =>
      new Map(
        (await get<{ products: ProductDto[] }>(`/api/product?page=1&limit=${limit}`)).products.map(
          (product) => [product.name, product.category?.name ?? null],
        ),
      );
    const named = await names(50);
    expect(
      ['Abaya', 'Kaftan', 'Wrap Dress', 'Party Dress', 'Uncategorised'].map((name) => named.get(name)),
    ).toEqual(['Women', 'Women', 'Women', 'Girls', null]);

    // As another process would leave it before its word arrives: a new category, a product moved to it.
    const [unheard] = await t.database.db
      .insert(categories)
      .values({ name: 'Unheard', slug: 'unheard', image: null })
      .returning();
    await t.database.db
      .update(products)
      .set({ categoryId: unheard!.id })
      .where(eq(products.name, 'Uncategorised'));
    try {
      expect((await names(49)).get('Uncategorised')).toBe('Unheard');
    } finally {
      await t.database.db
        .update(products)
        .set({ categoryId: null })
        .where(eq(products.name, 'Uncategorised'));
      await t.database.db.delete(categories).where(eq(categories.id, unheard!.id));
      t.app.events.emit('categoryChanged', { categoryId: unheard!.id, change: 'deleted' });
    }
  });

  it("shows a category's new names on its products' cards as soon as the owner renames it", async () => {
    await get('/api/product?page=1&limit=1');
    await vi.waitFor(async () => expect(await get('/api/health')).toHaveProperty('listing', 'memory'));
    const resort = await createCategory(t, { name: 'Resort', slug: 'resort' });
    const product = await createProduct(t, { name: 'Resort Kaftan', category: resort });
    const cardCategory = async () =>
      (await get<{ products: ProductDto[] }>('/api/product?page=1&limit=100')).products.find(
        (listed) => listed.id === product.id,
      )?.category;
    try {
      expect(await cardCategory()).toMatchObject({ name: 'Resort', nameAr: '' });
      const admin = await createUser(t, { role: 'admin' });
      const renamed = await sendForm(t, admin, 'PATCH', `/api/category/${resort.id}`, {
        name: 'Summer Resort',
        nameAr: 'مصيف',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await cardCategory()).toMatchObject({ name: 'Summer Resort', nameAr: 'مصيف' });
    } finally {
      await t.database.db.delete(products).where(eq(products.id, product.id));
      await t.database.db.delete(categories).where(eq(categories.id, resort.id));
      t.app.events.emit('productChanged', { productId: product.id, change: 'deleted' });
      t.app.events.emit('categoryChanged', { categoryId: resort.id, change: 'deleted' });
    }
  });

  // Issue 11: a NUL reached the database and answered 500.
  it('refuses a NUL in the id or slug, or in the search, with 400 naming it', async () => {
    const nul = { success: false, message: 'idOrSlug must not contain a NUL character' };
    expect(await get('/api/category/%00', 400)).toEqual(nul);
    expect(await get('/api/category/gi%00rls/products', 400)).toEqual(nul);
    expect(await get('/api/category?search=%00', 400)).toEqual({
      success: false,
      message: 'search must not contain a NUL character',
    });
  });
});
