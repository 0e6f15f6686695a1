import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SORTS } from '@/shared/constants';
import { categories, products } from '../db/schema';
import { seedLargeCatalogue } from '../db/seed/large';
import { createTestApp, type TestApp } from '../test/app';
import { findPageAnchors, findProducts, type ProductFilters } from './queries';

/** Ids of one page, found by skipping every row before it (`anchored` false) or from the anchor before it. */
async function pageIds(
  t: TestApp,
  filters: ProductFilters,
  sort: (typeof PRODUCT_SORTS)[number],
  offset: number,
  stride?: number,
): Promise<string[]> {
  const anchors = stride ? await findPageAnchors(t.database.db, filters, sort, stride) : [];
  const anchor = stride ? anchors[Math.floor(offset / stride)] : undefined;
  const rows = await findProducts(t.database.db, filters, sort, 7, offset, anchor);
  return rows.map((row) => row.product.id);
}

describe('deep pages from page anchors', () => {
  let t: TestApp;
  let womenId: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Many equal names, prices and discounts, as a real catalogue has; the id must break every tie.
    await seedLargeCatalogue(t.database.db, { count: 1500 });
    const [women] = await t.database.db.select({ id: categories.id }).from(categories).limit(1);
    womenId = women!.id;
    // Rows stamped by the database itself (microseconds, all the same instant within one statement),
    // as the admin's writes are: their place must survive the anchor's trip through text.
    await t.database.db.insert(products).values(
      Array.from({ length: 40 }, (_, i) => ({
        name: `Same Name`,
        slug: `same-name-${i}`,
        pricePiastres: 50_000,
        finalPricePiastres: 50_000,
        categoryId: womenId,
        availableItems: i % 3,
        ratingSum: 9,
        ratingCount: 2,
      })),
    );
  }, 120_000);
  afterAll(() => t.close());

  it('finds the same pages as skipping every row, for every sort and filter, on either side of an anchor', async () => {
    const filterSets: ProductFilters[] = [
      { availability: 'all' },
      { availability: 'inStock', categoryIds: [womenId], minPricePiastres: 20_000 },
      // Issue 13's size filter, which pages from anchors of its own stride.
      { availability: 'all', sizes: ['M', 'L'] },
    ];
    for (const filters of filterSets) {
      for (const sort of PRODUCT_SORTS) {
        for (const offset of [0, 36, 37, 38, 111, 500, 1111]) {
          const label = `${sort} ${JSON.stringify(filters)} offset ${offset}`;
          expect(await pageIds(t, filters, sort, offset, 37), label).toEqual(
            await pageIds(t, filters, sort, offset),
          );
        }
      }
    }
  });

  it('keeps one anchor per stride, in order, from the first row', async () => {
    const anchors = await findPageAnchors(t.database.db, { availability: 'all' }, 'newest', 500);
    expect(anchors.map((anchor) => anchor.position)).toEqual([0, 500, 1000, 1500]);
    expect(anchors.every((anchor) => anchor.key.length === 3)).toBe(true);
  });

  it('answers a page deep in the listing from the API exactly as skipping every row would', async () => {
    for (const sort of ['featured', 'nameDesc', 'priceAsc'] as const) {
      // Page 120 of 12 starts at row 1,428: past the first anchor stride of the service.
      const res = await t.app.inject({ method: 'GET', url: `/api/product?sort=${sort}&page=120&limit=12` });
      const rows = await findProducts(t.database.db, { availability: 'all' }, sort, 12, 1428);
      expect(
        res.json<{ products: Array<{ _id: string }> }>().products.map((p) => p._id),
        sort,
      ).toEqual(rows.map((row) => row.product.id));
    }
  });

  it('answers a deep page of a size filter from the API exactly as skipping every row would', async () => {
    // Page 12 of 12 starts at match 132: past the size filter's own (shorter) anchor stride.
    const filters: ProductFilters = { availability: 'all', sizes: ['M'] };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/product?size=M&sort=newest&page=12&limit=12',
    });
    const rows = await findProducts(t.database.db, filters, 'newest', 12, 132);
    expect(rows).toHaveLength(12);
    expect(res.json<{ products: Array<{ _id: string }> }>().products.map((p) => p._id)).toEqual(
      rows.map((row) => row.product.id),
    );
  });
});
