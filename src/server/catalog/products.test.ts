import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { PRODUCT_SORTS } from '@/shared/constants';
import { messages } from '@/shared/messages';
import type { ProductDto } from '@/shared/schemas/product';
import { products as productsTable, type CategoryRow, type ProductRow } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct } from '../test/catalog-fixtures';

interface ListAnswer {
  success: boolean;
  products: ProductDto[];
  page: number;
  totalPages: number;
  totalCount: number;
  maxPrice: number;
}

describe('GET /api/product', () => {
  let t: TestApp;
  let women: CategoryRow;
  let girls: CategoryRow;
  let accessories: CategoryRow;
  /** Made in this order, so "newest" is the reverse. */
  let scarf: ProductRow;
  let bag: ProductRow;
  let tee: ProductRow;

  async function list(query = ''): Promise<ListAnswer> {
    const res = await t.app.inject({ method: 'GET', url: `/api/product${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListAnswer>();
  }
  async function names(query = ''): Promise<string[]> {
    return (await list(query)).products.map((p) => p.name);
  }
  async function badRequest(query: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: `/api/product${query}` });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ success: boolean; message: string }>();
    expect(body.success).toBe(false);
    return body.message;
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    women = await createCategory(t, { name: 'Women', slug: 'women' });
    girls = await createCategory(t, { name: 'Girls', slug: 'girls' });
    accessories = await createCategory(t, { name: 'Accessories', slug: 'accessories' });
    scarf = await createProduct(t, {
      name: 'Silk Scarf',
      price: 200,
      availableItems: 5,
      category: accessories,
      ratingSum: 9,
      ratingCount: 2,
      subImages: [
        { key: 'products/scarf-1.webp', widths: [] },
        { key: 'products/scarf-2.webp', widths: [320, 640], width: 900 },
      ],
    });
    await createProduct(t, {
      name: 'Linen Dress',
      price: 1000,
      discount: 20,
      availableItems: 0,
      category: women,
      ratingSum: 5,
      ratingCount: 1,
    });
    await createProduct(t, {
      name: 'Cotton Dress',
      price: 500,
      discount: 50,
      availableItems: 3,
      category: women,
    });
    await createProduct(t, {
      name: 'Girls Dress 100%_off',
      price: 300,
      discount: 10,
      availableItems: 7,
      category: girls,
      ratingSum: 3,
      ratingCount: 1,
    });
    bag = await createProduct(t, {
      name: 'Leather Bag',
      price: 1500,
      availableItems: 2,
      category: accessories,
      ratingSum: 8,
      ratingCount: 2,
    });
    tee = await createProduct(t, { name: 'Plain Tee', price: 99.99, availableItems: 1, category: null });
  });
  afterAll(() => t.close());

  it('answers every product without page, featured first (in stock, best rated, then newest), with the totals', async () => {
    const body = await list();
    expect(body).toMatchObject({ success: true, page: 1, totalPages: 1, totalCount: 6, maxPrice: 1500 });
    expect(body.products.map((p) => p.name)).toEqual([
      'Silk Scarf', // 4.5
      'Leather Bag', // 4
      'Girls Dress 100%_off', // 3
      'Plain Tee', // unrated, newest
      'Cotton Dress',
      'Linen Dress', // 5, but sold out: last (issue 16)
    ]);
  });

  it('puts sold-out products last in the featured order under every filter, and in a category', async () => {
    expect(await names('?search=dress')).toEqual(['Girls Dress 100%_off', 'Cotton Dress', 'Linen Dress']);
    expect(await names(`?category=${women.id}&limit=6`)).toEqual(['Cotton Dress', 'Linen Dress']);
    expect(await names('?availability=outOfStock')).toEqual(['Linen Dress']);
    expect(await names('?availability=inStock&limit=2')).toEqual(['Silk Scarf', 'Leather Bag']);
    // Paged: the sold-out product is the last one of the last page.
    const last = await list('?page=3&limit=2');
    expect(last.products.map((p) => p.name)).toEqual(['Cotton Dress', 'Linen Dress']);
  });

  it('answers each product in the contract shape of DESIGN §2', async () => {
    const body = await list('?search=silk');
    expect(body.products).toEqual([
      {
        _id: scarf.id,
        id: scarf.id,
        name: 'Silk Scarf',
        // No Arabic written: empty, and the Arabic pages show the English (issue 14).
        nameAr: '',
        slug: scarf.slug,
        description: 'About Silk Scarf',
        descriptionAr: '',
        price: 200,
        discount: 0,
        finalPrice: 200,
        defaultImage: { url: `/uploads/${scarf.defaultImage?.key}` },
        subImages: [
          { url: '/uploads/products/scarf-1.webp' },
          {
            url: '/uploads/products/scarf-2.webp',
            srcset:
              '/uploads/products/scarf-2-320.webp 320w, /uploads/products/scarf-2-640.webp 640w, /uploads/products/scarf-2.webp 900w',
          },
        ],
        images: [
          { url: `/uploads/${scarf.defaultImage?.key}` },
          { url: '/uploads/products/scarf-1.webp' },
          {
            url: '/uploads/products/scarf-2.webp',
            srcset:
              '/uploads/products/scarf-2-320.webp 320w, /uploads/products/scarf-2-640.webp 640w, /uploads/products/scarf-2.webp 900w',
          },
        ],
        category: {
          _id: accessories.id,
          id: accessories.id,
          name: 'Accessories',
          nameAr: '',
          slug: 'accessories',
        },
        avaliableItems: 5,
        soldItems: 0,
        inStock: true,
        averageRating: 4.5,
        ratingCount: 2,
        createdAt: scarf.createdAt.toISOString(),
        // No options: today's product, exactly (issue 13).
        options: [],
        optionsInStock: {},
      },
    ]);
  });

  it('answers JSON in UTF-8, the same bytes when a page is asked again and kept, compressed when asked', async () => {
    // Written in the table alone, so no kept answer changes: the page below is read fresh.
    const setBagNameAr = (nameAr: string) =>
      t.database.db.update(productsTable).set({ nameAr }).where(eq(productsTable.id, bag.id));
    await setBagNameAr('حقيبة "نور" ١٠٠٪');
    onTestFinished(async () => {
      await setBagNameAr('');
    });
    // The name sorts are answered by SQL, the others from the listing index and the products' cards.
    await vi.waitFor(async () =>
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toHaveProperty(
        'listing',
        'memory',
      ),
    );
    for (const url of [
      '/api/product?page=1&limit=5&sort=nameDesc',
      '/api/product?page=1&limit=5&sort=priceDesc',
    ]) {
      // Fresh, then written again and kept (a page is kept once asked twice), then the kept one.
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await t.app.inject({ method: 'GET', url }));
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
        expect(res.body).toBe(answers[0]!.body);
      }
      const body = answers[0]!.json<ListAnswer>();
      expect(body.success).toBe(true);
      expect(body.products.find((product) => product.id === bag.id)?.nameAr, url).toBe('حقيبة "نور" ١٠٠٪');
      const gzipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(answers[0]!.body);
    }
  });

  it('answers money in EGP with the discount applied, out-of-stock and category-less products too', async () => {
    const [linenDto] = (await list('?search=linen')).products;
    expect(linenDto).toMatchObject({
      price: 1000,
      discount: 20,
      finalPrice: 800,
      avaliableItems: 0,
      inStock: false,
    });
    const [teeDto] = (await list('?search=tee')).products;
    expect(teeDto).toMatchObject({
      price: 99.99,
      finalPrice: 99.99,
      category: null,
      averageRating: 0,
      ratingCount: 0,
    });
  });

  it('searches names case-insensitively, taking % and _ literally', async () => {
    expect(await names('?search=DRESS&sort=nameAsc')).toEqual([
      'Cotton Dress',
      'Girls Dress 100%_off',
      'Linen Dress',
    ]);
    expect(await names('?search=%25')).toEqual(['Girls Dress 100%_off']);
    expect(await names('?search=_')).toEqual(['Girls Dress 100%_off']);
    expect(await names('?search=100%25_')).toEqual(['Girls Dress 100%_off']);
    expect(await names('?search=%20%20scarf%20')).toEqual(['Silk Scarf']);
    const none = await list('?search=velvet');
    expect(none).toMatchObject({ products: [], totalCount: 0, totalPages: 1, maxPrice: 0 });
  });

  it("filters by a category's slug", async () => {
    expect(await names('?slug=women&sort=nameAsc')).toEqual(['Cotton Dress', 'Linen Dress']);
    expect(await names('?slug=WOMEN&sort=nameAsc')).toEqual(['Cotton Dress', 'Linen Dress']);
    expect((await list('?slug=nowhere')).totalCount).toBe(0);
  });

  it('filters by category id, slug or name in any case; All categories means none', async () => {
    expect(await names(`?category=${women.id}&sort=nameAsc`)).toEqual(['Cotton Dress', 'Linen Dress']);
    expect(await names(`?category=${women.id.toUpperCase()}&sort=nameAsc`)).toEqual([
      'Cotton Dress',
      'Linen Dress',
    ]);
    expect(await names('?category=accessories&sort=nameAsc')).toEqual(['Leather Bag', 'Silk Scarf']);
    expect(await names('?category=GIRLS')).toEqual(['Girls Dress 100%_off']);
    expect(await names('?category=Girls')).toEqual(['Girls Dress 100%_off']);
    expect((await list('?category=All%20categories')).totalCount).toBe(6);
    expect((await list('?category=all%20categories')).totalCount).toBe(6);
    expect((await list('?category=Men')).totalCount).toBe(0);
    expect((await list('?category=00000000-0000-0000-0000-000000000000')).totalCount).toBe(0);
  });

  it("applies slug and category together: both must name the product's category", async () => {
    expect(await names('?slug=women&category=Women&sort=nameAsc')).toEqual(['Cotton Dress', 'Linen Dress']);
    expect(await names(`?slug=women&category=${women.id}&sort=nameAsc`)).toEqual([
      'Cotton Dress',
      'Linen Dress',
    ]);
    expect(await list('?slug=women&category=girls')).toMatchObject({
      products: [],
      totalCount: 0,
      maxPrice: 0,
    });
    expect((await list(`?slug=women&category=${girls.id}`)).totalCount).toBe(0);
  });

  it('filters on the final price in EGP, and answers maxPrice under the other filters only', async () => {
    const body = await list('?minPrice=250&maxPrice=800&sort=priceAsc');
    expect(body.products.map((p) => p.finalPrice)).toEqual([250, 270, 800]);
    expect(body).toMatchObject({ totalCount: 3, maxPrice: 1500 });

    const inWomen = await list('?category=women&maxPrice=300');
    expect(inWomen.products.map((p) => p.name)).toEqual(['Cotton Dress']);
    expect(inWomen).toMatchObject({ totalCount: 1, maxPrice: 800 });

    expect(await names('?minPrice=99.99&maxPrice=99.99')).toEqual(['Plain Tee']);
    expect(await names('?minPrice=1500')).toEqual(['Leather Bag']);
    expect((await list('?minPrice=1500.01')).totalCount).toBe(0);
    expect((await list('?maxPrice=99.98')).totalCount).toBe(0);
  });

  it('filters by availability', async () => {
    expect(await names('?availability=outOfStock')).toEqual(['Linen Dress']);
    expect((await list('?availability=inStock')).products.map((p) => p.name).sort()).toEqual(
      ['Cotton Dress', 'Girls Dress 100%_off', 'Leather Bag', 'Plain Tee', 'Silk Scarf'].sort(),
    );
    expect((await list('?availability=all')).totalCount).toBe(6);
    // maxPrice follows availability: the 1500 bag is in stock, the 800 dress is not.
    expect((await list('?availability=outOfStock')).maxPrice).toBe(800);
  });

  it('combines filters', async () => {
    const body = await list('?search=dress&category=women&availability=inStock&minPrice=100');
    expect(body.products.map((p) => p.name)).toEqual(['Cotton Dress']);
    expect(body).toMatchObject({ totalCount: 1, maxPrice: 250 });
  });

  it('sorts by price, name, newest and discount, the sold-out Linen Dress last in each', async () => {
    expect(await names('?sort=priceAsc')).toEqual([
      'Plain Tee',
      'Silk Scarf',
      'Cotton Dress',
      'Girls Dress 100%_off',
      'Leather Bag',
      'Linen Dress',
    ]);
    expect(await names('?sort=priceDesc')).toEqual([
      'Leather Bag',
      'Girls Dress 100%_off',
      'Cotton Dress',
      'Silk Scarf',
      'Plain Tee',
      'Linen Dress',
    ]);
    expect(await names('?sort=nameAsc')).toEqual([
      'Cotton Dress',
      'Girls Dress 100%_off',
      'Leather Bag',
      'Plain Tee',
      'Silk Scarf',
      'Linen Dress',
    ]);
    expect(await names('?sort=nameDesc')).toEqual([
      'Silk Scarf',
      'Plain Tee',
      'Leather Bag',
      'Girls Dress 100%_off',
      'Cotton Dress',
      'Linen Dress',
    ]);
    expect(await names('?sort=newest')).toEqual([
      'Plain Tee',
      'Leather Bag',
      'Girls Dress 100%_off',
      'Cotton Dress',
      'Silk Scarf',
      'Linen Dress',
    ]);
    const undiscountedByIdDesc = [scarf, bag, tee].sort((a, b) => (a.id < b.id ? 1 : -1)).map((p) => p.name);
    expect(await names('?sort=discount')).toEqual([
      'Cotton Dress',
      'Girls Dress 100%_off',
      ...undiscountedByIdDesc,
      'Linen Dress',
    ]);
    expect(await names('?sort=featured')).toEqual(await names(''));
    // In a category too, where the sold-out dress costs more (the category page's sorts, issue 35).
    expect(await names(`?category=${women.id}&sort=priceDesc`)).toEqual(['Cotton Dress', 'Linen Dress']);
    expect(await names('?category=women&sort=nameDesc&page=1&limit=12')).toEqual([
      'Cotton Dress',
      'Linen Dress',
    ]);
    expect(await names('?availability=inStock&sort=nameAsc')).toEqual([
      'Cotton Dress',
      'Girls Dress 100%_off',
      'Leather Bag',
      'Plain Tee',
      'Silk Scarf',
    ]);
    expect(await names('?availability=outOfStock&sort=priceAsc')).toEqual(['Linen Dress']);
  });

  it('pages with totals, past the last page too', async () => {
    const first = await list('?sort=priceAsc&page=1&limit=4');
    expect(first.products.map((p) => p.name)).toEqual([
      'Plain Tee',
      'Silk Scarf',
      'Cotton Dress',
      'Girls Dress 100%_off',
    ]);
    expect(first).toMatchObject({ page: 1, totalPages: 2, totalCount: 6, maxPrice: 1500 });
    const second = await list('?sort=priceAsc&page=2&limit=4');
    expect(second.products.map((p) => p.name)).toEqual(['Leather Bag', 'Linen Dress']);
    expect(second).toMatchObject({ page: 2, totalPages: 2, totalCount: 6 });
    const beyond = await list('?sort=priceAsc&page=3&limit=4');
    expect(beyond).toMatchObject({ products: [], page: 3, totalPages: 2, totalCount: 6 });
    const farBeyond = await list('?page=9007199254740991&limit=100');
    expect(farBeyond).toMatchObject({ products: [], totalPages: 1, totalCount: 6 });
  });

  it('pages through every sort and filter without a gap or a repeat', async () => {
    for (const query of PRODUCT_SORTS.map((sort) => `sort=${sort}`).concat('availability=inStock')) {
      const whole = await names(`?${query}`);
      const paged: string[] = [];
      for (let page = 1; page <= 3; page++) paged.push(...(await names(`?${query}&page=${page}&limit=2`)));
      expect(paged, query).toEqual(whole);
    }
  });

  it('pages 12 at a time by default, and a limit without page answers the first ones', async () => {
    const paged = await list('?page=1');
    expect(paged).toMatchObject({ page: 1, totalPages: 1, totalCount: 6 });
    expect(await names('?limit=2&sort=newest')).toEqual(['Plain Tee', 'Leather Bag']);
    const related = await list(`?category=${accessories.id}&limit=6`);
    expect(related.products.map((p) => p.name).sort()).toEqual(['Leather Bag', 'Silk Scarf']);
  });

  it('sees a new product at once: writes invalidate the cached totals', async () => {
    expect((await list('?category=girls')).totalCount).toBe(1);
    const added = await createProduct(t, { name: 'Girls Cardigan', price: 2000, category: girls });
    const body = await list('?category=girls');
    expect(body.totalCount).toBe(2);
    expect(body.maxPrice).toBe(2000);
    await t.database.db.delete(productsTable).where(eq(productsTable.id, added.id));
    t.app.events.emit('productChanged', { productId: added.id, change: 'deleted' });

    expect((await list('?category=Boys')).totalCount).toBe(0);
    const boys = await createCategory(t, { name: 'Boys', slug: 'boys' });
    const shirt = await createProduct(t, { name: 'Boys Shirt', category: boys });
    expect(await names('?category=boys')).toEqual(['Boys Shirt']);
    await t.database.db.delete(productsTable).where(eq(productsTable.id, shirt.id));
    t.app.events.emit('productChanged', { productId: shirt.id, change: 'deleted' });
  });

  it('refuses bad parameters with 400 and a message naming the rule', async () => {
    expect(await badRequest('?page=0')).toBe('page must be a whole number of at least 1');
    expect(await badRequest('?page=1.5')).toBe('page must be a whole number of at least 1');
    expect(await badRequest('?page=abc')).toBe('page must be a whole number of at least 1');
    expect(await badRequest('?limit=10000')).toBe('limit must be a whole number from 1 to 100');
    expect(await badRequest('?limit=0')).toBe('limit must be a whole number from 1 to 100');
    expect(await badRequest('?sort=cheapest')).toBe(
      'sort must be one of featured, priceAsc, priceDesc, nameAsc, nameDesc, newest, discount',
    );
    expect(await badRequest('?availability=maybe')).toBe(
      'availability must be one of all, inStock, outOfStock',
    );
    expect(await badRequest('?minPrice=abc')).toBe(
      'minPrice must be an amount written in digits with at most 2 decimals, such as 450 or 450.50',
    );
    expect(await badRequest('?minPrice=-1')).toBe('minPrice must be a number of at least 0');
    expect(await badRequest('?maxPrice=-1')).toBe('maxPrice must be a number of at least 0');
    expect(await badRequest('?minPrice=500&maxPrice=100')).toBe('minPrice must not be greater than maxPrice');
    expect(await badRequest('?category=123e4567-e89b-12d3-a456-42661417400z')).toBe(
      'category must be a category id, slug or name',
    );
    expect(await badRequest('?category=507f1f77bcf86cd799439011')).toBe(
      'category must be a category id, slug or name',
    );
    expect(await badRequest(`?search=${'a'.repeat(101)}`)).toBe('search must be at most 100 characters');
  });

  // Issue 11: these reached the database and answered 500.
  it('refuses a NUL in any text parameter with 400 naming it', async () => {
    expect(await badRequest('?search=%00')).toBe('search must not contain a NUL character');
    expect(await badRequest('?search=dr%00ess')).toBe('search must not contain a NUL character');
    expect(await badRequest('?category=%00')).toBe('category must not contain a NUL character');
    expect(await badRequest('?slug=%00')).toBe('slug must not contain a NUL character');
  });

  it('refuses a price past what the integer column holds with 400, not 500', async () => {
    expect(await badRequest('?minPrice=21474837')).toBe('minPrice must be at most 10000000');
    expect(await badRequest('?maxPrice=21474837')).toBe('maxPrice must be at most 10000000');
    // Not plainly written (an exponent): refused as such, never read as a huge number.
    expect(await badRequest('?minPrice=1e99')).toBe(
      'minPrice must be an amount written in digits with at most 2 decimals, such as 450 or 450.50',
    );
    expect(await badRequest('?maxPrice=1e99')).toBe(
      'maxPrice must be an amount written in digits with at most 2 decimals, such as 450 or 450.50',
    );
    expect(await badRequest('?maxPrice=Infinity')).toBe(
      'maxPrice must be an amount written in digits with at most 2 decimals, such as 450 or 450.50',
    );
    expect(await badRequest('?page=1e99')).toBe('page must be a whole number of at least 1');
    expect((await list('?maxPrice=10000000')).totalCount).toBe(6);
  });
});

describe('GET /api/product without page on a large catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const category = await createCategory(t, { name: 'Bulk', slug: 'bulk' });
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      name: `Bulk item ${String(i).padStart(4, '0')}`,
      slug: `bulk-item-${i}`,
      pricePiastres: 1000 + i,
      finalPricePiastres: 1000 + i,
      availableItems: 1,
      categoryId: category.id,
    }));
    await t.database.db.insert(productsTable).values(rows);
  });
  afterAll(() => t.close());

  it('answers all matches up to 1,000, with the real total', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product?sort=priceAsc' });
    const body = res.json<ListAnswer>();
    expect(body.products).toHaveLength(1000);
    expect(body).toMatchObject({ page: 1, totalPages: 2, totalCount: 1005, maxPrice: 20.04 });
    expect(body.products[0]?.finalPrice).toBe(10);
    expect(body.products[999]?.finalPrice).toBe(19.99);
  });

  it('answers a narrower filter whole', async () => {
    // Both words, anywhere in the name: items 0099 and 0990 to 0999, of which 0099 costs 10.99.
    const res = await t.app.inject({ method: 'GET', url: '/api/product?search=item%20099&minPrice=15' });
    const body = res.json<ListAnswer>();
    expect(body).toMatchObject({ page: 1, totalPages: 1, totalCount: 10 });
    expect(body.products).toHaveLength(10);
  });
});

describe('GET /api/product/:idOrSlug', () => {
  let t: TestApp;
  let product: ProductRow;
  beforeAll(async () => {
    t = await createTestApp();
    const category = await createCategory(t, { name: 'Women', slug: 'women' });
    product = await createProduct(t, {
      name: 'Embroidered Abaya',
      slug: 'embroidered-abaya',
      price: 1250.5,
      discount: 10,
      category,
    });
  });
  afterAll(() => t.close());

  it('answers a product by id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/${product.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; product: ProductDto }>();
    expect(body.success).toBe(true);
    expect(body.product).toMatchObject({
      _id: product.id,
      id: product.id,
      name: 'Embroidered Abaya',
      price: 1250.5,
      discount: 10,
      finalPrice: 1125.45,
      category: { name: 'Women', slug: 'women' },
    });
  });

  it('answers the same product by slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/embroidered-abaya' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ product: ProductDto }>().product.id).toBe(product.id);
  });

  it('answers 404 Product not found for a missing id or slug', async () => {
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'no-such-thing']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/product/${missing}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    }
  });

  it('refuses a NUL in the id or slug with 400 naming it (it reached the database: issue 11)', async () => {
    for (const url of ['/api/product/%00', '/api/product/embroidered%00-abaya']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'idOrSlug must not contain a NUL character' });
    }
  });

  it('answers a path whose percent-encoding is broken with 400 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: false, message: messages.errors.badUrl });
  });
});
