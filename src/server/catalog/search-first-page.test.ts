import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SORTS } from '@/shared/constants';
import { categories } from '../db/schema';
import { seedLargeCatalogue } from '../db/seed/large';
import { createTestApp, type TestApp } from '../test/app';
import { findProducts, productSummary, searchFirstPage, type ProductFilters } from './queries';

describe("a search's first page and summary from one pass", () => {
  let t: TestApp;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedLargeCatalogue(t.database.db, { count: 800 });
    const [category] = await t.database.db.select({ id: categories.id }).from(categories).limit(1);
    categoryId = category!.id;
  }, 120_000);
  afterAll(() => t.close());

  it('answers what the summary and the page queries answer apart, for every sort and filter', async () => {
    const filterSets: ProductFilters[] = [
      { availability: 'all', search: 'linen' },
      { availability: 'inStock', search: 'sage', minPricePiastres: 20_000, maxPricePiastres: 90_000 },
      { availability: 'all', search: 'cotton', categoryIds: [categoryId] },
      { availability: 'outOfStock', search: 'a' },
      { availability: 'all', search: 'silk', sizes: ['M', 'L'], colors: ['Black'] },
      { availability: 'all', search: 'lnen', searchTypos: true },
      { availability: 'all', search: 'no product has this name' },
    ];
    let matchedSome = 0;
    for (const filters of filterSets) {
      for (const sort of PRODUCT_SORTS) {
        const label = `${sort} ${JSON.stringify(filters)}`;
        const together = await searchFirstPage(t.database.db, filters, sort, 12);
        const summary = await productSummary(t.database.db, filters);
        const rows = await findProducts(t.database.db, filters, sort, 12, 0);
        expect(together.summary, label).toEqual(summary);
        expect(
          together.rows.map((row) => row.product.id),
          label,
        ).toEqual(rows.map((row) => row.product.id));
        expect(together.rows, label).toEqual(rows);
        if (rows.length > 0) matchedSome++;
      }
    }
    // The sets must find rows, or the comparison proves nothing.
    expect(matchedSome).toBeGreaterThan(PRODUCT_SORTS.length * 4);
  }, 120_000);
});
