import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '@/shared/constants';
import { finalPricePiastres } from '@/shared/money';
import { createTestApp, type TestApp } from '../../test/app';
import { categories, products, productVariants } from '../schema';
import { seedLargeCatalogue, SHARED_IMAGE_KEYS } from './large';

/** A test that writes gets a database of its own, so no test depends on what another one left. */
async function withOwnApp(test: (t: TestApp) => Promise<void>): Promise<void> {
  const own = await createTestApp();
  try {
    await test(own);
  } finally {
    await own.close();
  }
}

describe('seedLargeCatalogue', () => {
  /** One category made by hand, then 2,500 seeded products: only read by the tests below. */
  let t: TestApp;
  let womenId: string;
  let seeded: unknown;

  beforeAll(async () => {
    t = await createTestApp();
    const [women] = await t.database.db
      .insert(categories)
      .values({ name: 'Women', slug: 'women' })
      .returning({ id: categories.id });
    womenId = women!.id;
    seeded = await seedLargeCatalogue(t.database.db, { count: 2500 });
  });
  afterAll(() => t.close());

  it('adds the products in bulk across all seven categories, keeping the ones already there', async () => {
    expect(seeded).toEqual({ inserted: 2500 });

    const categoryRows = await t.database.db.select().from(categories);
    expect(categoryRows.map((row) => row.name).sort()).toEqual([...CATEGORY_NAMES].sort());
    expect(categoryRows.find((row) => row.slug === 'women')?.id).toBe(womenId);

    const perCategory = await t.database.db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .groupBy(products.categoryId);
    expect(perCategory).toHaveLength(7);
    for (const group of perCategory) expect(group.n).toBeGreaterThan(300);
  });

  it('makes varied, realistic rows', async () => {
    const rows = await t.database.db.select().from(products);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((row) => row.name)).size).toBeGreaterThan(2000);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(2500);
    const keys = new Set(SHARED_IMAGE_KEYS.map((image) => image.key));
    for (const row of rows) {
      expect(row.pricePiastres).toBeGreaterThanOrEqual(150_00);
      expect(row.pricePiastres).toBeLessThan(3500_00);
      expect(row.finalPricePiastres).toBe(finalPricePiastres(row.pricePiastres, row.discount));
      expect(row.discount === 0 || (row.discount >= 10 && row.discount <= 50)).toBe(true);
      expect(keys.has(row.defaultImage!.key)).toBe(true);
      expect(row.subImages).toHaveLength(2);
      expect(row.ratingSum).toBeLessThanOrEqual(row.ratingCount * 5);
      expect(row.ratingSum).toBeGreaterThanOrEqual(row.ratingCount);
    }
    const share = (predicate: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(predicate).length / rows.length;
    expect(share((row) => row.discount > 0)).toBeGreaterThan(0.15);
    expect(share((row) => row.availableItems === 0)).toBeGreaterThan(0.02);
    expect(share((row) => row.availableItems === 0)).toBeLessThan(0.2);
    const times = rows.map((row) => row.createdAt.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(365 * 24 * 3600 * 1000);
    // Trigram search has realistic words to match: a common word finds some rows, not all.
    const [hits] = await t.database.db
      .select({ n: count() })
      .from(products)
      .where(sql`${products.name} ilike ${'%linen%'}`);
    expect(hits!.n).toBeGreaterThan(20);
    expect(hits!.n).toBeLessThan(500);
  });

  it('names every product in Arabic too, from the same words as its English name (issue 14)', async () => {
    const rows = await t.database.db.select().from(products);
    expect(new Set(rows.map((row) => row.nameAr)).size).toBeGreaterThan(2000);
    for (const row of rows.slice(0, 200)) {
      // 'Amira Rose Linen Maxi Dress' is 'فستان ماكسي كتان وردي أميرة': the piece first, the name last.
      expect(row.nameAr, row.name).toMatch(/^[\u0600-\u06FF]/);
      expect(row.descriptionAr.startsWith(`${row.nameAr}: قطعة `), row.name).toBe(true);
      if (row.name.endsWith(' Maxi Dress'))
        expect(row.nameAr.startsWith('فستان ماكسي '), row.name).toBe(true);
      if (row.name.startsWith('Amira ')) expect(row.nameAr.endsWith(' أميرة'), row.name).toBe(true);
    }
    const categoryRows = await t.database.db.select().from(categories);
    expect(categoryRows.find((row) => row.slug === 'boys')?.nameAr).toBe('أولاد');
  });

  it('sells clothing in about five variants each, totalled on the product; accessories in none', async () => {
    const rows = await t.database.db.select().from(products);
    const variants = await t.database.db.select().from(productVariants);
    const sized = rows.filter((row) => row.options.length > 0);
    expect(sized.length / rows.length).toBeGreaterThan(0.5);
    expect(variants.length / rows.length).toBeGreaterThan(3);
    expect(new Set(variants.map((variant) => variant.sku)).size).toBe(variants.length);
    const byProduct = new Map<string, typeof variants>();
    for (const variant of variants) {
      byProduct.set(variant.productId, [...(byProduct.get(variant.productId) ?? []), variant]);
    }
    for (const row of sized) {
      const own = byProduct.get(row.id) ?? [];
      expect(own).toHaveLength(5);
      expect(row.availableItems).toBe(own.reduce((sum, variant) => sum + variant.availableItems, 0));
      const sizes = own
        .filter((variant) => variant.availableItems > 0)
        .map((variant) => variant.options.Size);
      expect(row.inStockSizes).toEqual(sizes);
    }
    const accessories = await t.database.db
      .select()
      .from(categories)
      .where(sql`${categories.name} = 'Accessories'`);
    expect(
      rows.filter((row) => row.categoryId === accessories[0]!.id).every((row) => row.options.length === 0),
    ).toBe(true);
    expect(variants.some((variant) => variant.availableItems === 0)).toBe(true);
  });

  it('can run again on the same database', () =>
    withOwnApp(async (own) => {
      await seedLargeCatalogue(own.database.db, { count: 1200 });
      await seedLargeCatalogue(own.database.db, { count: 1200 });
      const [total] = await own.database.db.select({ n: count() }).from(products);
      expect(total!.n).toBe(2400);
      expect((await own.database.db.select({ n: count() }).from(categories))[0]!.n).toBe(7);
    }));

  it('uses the pictures it is given', () =>
    withOwnApp(async (own) => {
      const image = { key: 'products/given.webp', widths: [320] };
      await seedLargeCatalogue(own.database.db, { count: 10, images: [image] });
      const rows = await own.database.db
        .select()
        .from(products)
        .where(sql`${products.defaultImage}->>'key' = 'products/given.webp'`);
      expect(rows).toHaveLength(10);
    }));

  it('rebuilds every index it drops for a large load', () =>
    withOwnApp(async (own) => {
      const indexes = async () =>
        (
          (await own.database.db.execute(
            sql`select indexdef from pg_indexes where tablename in ('products', 'product_variants') order by indexname`,
          )) as unknown as { rows: Array<{ indexdef: string }> }
        ).rows.map((row) => row.indexdef);
      const before = await indexes();
      expect(before.some((definition) => definition.includes('gin_trgm_ops'))).toBe(true);
      await seedLargeCatalogue(own.database.db, { count: 300, rebuildIndexes: true });
      expect(await indexes()).toEqual(before);
      const [total] = await own.database.db.select({ n: count() }).from(products);
      expect(total!.n).toBe(300);
    }));
});
