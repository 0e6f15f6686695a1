import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { categories, products } from '../db/schema';
import { seedLargeCatalogue } from '../db/seed/large';
import { createLocalStore } from '../storage/local';
import { withAbsoluteUrls } from '../storage/public-url';
import { freshDatabase } from '../test/app';
import { productCardJson, productCategoryJson, productDto } from './dto';
import { INDEXED_SORTS, ListingIndex, type ListedProduct } from './listing-index';
import {
  findListedProducts,
  findListedProductsById,
  findProducts,
  findProduct,
  findProductCards,
  productSummary,
  summaryFromGroups,
  type ProductFilters,
} from './queries';

async function indexOf(database: Database): Promise<ListingIndex> {
  return ListingIndex.of([await findListedProducts(database.db, null, 1_000_000)]);
}

describe('the listing index answers what the listing SQL answers', () => {
  let database: Database;
  let filterSets: ProductFilters[];

  beforeAll(async () => {
    database = await freshDatabase();
    await database.migrate();
    await seedLargeCatalogue(database.db, { count: 900 });
    const rows = await database.db.select({ id: categories.id }).from(categories).limit(2);
    const [first, second] = rows.map((row) => row.id);
    // Ties on every sort key but the id: the sorts must end on the id as the SQL's do.
    const twins = await database.db.select({ id: products.id }).from(products).limit(40);
    await database.db
      .update(products)
      .set({ finalPricePiastres: 123_400, discount: 15, createdAt: new Date('2026-01-02T03:04:05.678Z') })
      .where(
        inArray(
          products.id,
          twins.map((row) => row.id),
        ),
      );
    // Microseconds the index must keep apart (a Date would make them one).
    await database.db.execute(
      sql`update ${products} set created_at = created_at + interval '1 microsecond' where ${products.id} = ${twins[0]!.id}`,
    );
    filterSets = [
      { availability: 'all' },
      { availability: 'inStock' },
      { availability: 'outOfStock' },
      { availability: 'all', categoryIds: [first!] },
      { availability: 'all', categoryIds: [first!, second!] },
      { availability: 'all', categoryIds: ['00000000-0000-4000-8000-000000000000'] },
      { availability: 'all', minPricePiastres: 20_000, maxPricePiastres: 90_000 },
      { availability: 'inStock', sizes: ['M', 'L'] },
      { availability: 'all', colors: ['Black'], sizes: ['S'] },
      { availability: 'all', search: 'linen' },
      { availability: 'all', search: 'sage linen' },
      { availability: 'inStock', search: 'sage', minPricePiastres: 20_000, maxPricePiastres: 90_000 },
      { availability: 'all', search: 'cotton', categoryIds: [first!] },
      { availability: 'outOfStock', search: 'a' },
      { availability: 'all', search: 'li' },
      { availability: 'all', search: 'silk', sizes: ['M', 'L'], colors: ['Black'] },
      // Arabic, in the search's one spelling (teh marbuta as heh).
      { availability: 'all', search: 'قطيفه' },
      { availability: 'all', search: 'no product has this name' },
      // Words apart and in any order, short ones among them, and both languages in one term.
      { availability: 'all', search: 'linen sage' },
      { availability: 'all', search: 'cotton sage' },
      { availability: 'inStock', search: 'li sage' },
      { availability: 'all', search: 'a li' },
      { availability: 'all', search: 'قطيفه velvet' },
    ];
  }, 180_000);
  afterAll(() => database.close());

  async function expectSameAnswers(index: ListingIndex): Promise<number> {
    let matched = 0;
    for (const filters of filterSets) {
      const summary = await productSummary(database.db, filters);
      expect(summaryFromGroups(index.summaryGroups(filters), filters), JSON.stringify(filters)).toEqual(
        summary,
      );
      for (const sort of INDEXED_SORTS) {
        for (const offset of [0, 12, 96, 600]) {
          const label = `${sort} at ${offset} of ${JSON.stringify(filters)}`;
          const rows = await findProducts(database.db, filters, sort, 12, offset);
          const ids = rows.map((row) => row.product.id);
          expect(index.pageIds(filters, sort, 12, offset), label).toEqual(ids);
          if (filters.search) {
            const found = index.search(filters, sort, 12, offset);
            expect(found.ids, label).toEqual(ids);
            expect(summaryFromGroups(found.groups, filters), label).toEqual(summary);
          }
          if (rows.length > 0) matched++;
        }
      }
    }
    return matched;
  }

  it('for every filter, search and sort, at the first page and deep ones', async () => {
    const index = await indexOf(database);
    expect(index.size).toBe(await database.db.$count(products));
    const matched = await expectSameAnswers(index);
    // The sets must find rows, or the comparison proves nothing.
    expect(matched).toBeGreaterThan(filterSets.length * INDEXED_SORTS.length);
    for (const search of ['linen sage', 'cotton sage', 'li sage', 'قطيفه velvet']) {
      expect(
        (await productSummary(database.db, { availability: 'all', search })).count,
        search,
      ).toBeGreaterThan(0);
    }
  }, 180_000);

  it('after products are changed, added and removed one by one', async () => {
    const index = await indexOf(database);
    const some = await database.db.select({ id: products.id }).from(products).limit(30);
    const ids = some.map((row) => row.id);
    await database.db
      .update(products)
      .set({ availableItems: 0, finalPricePiastres: 1_000, name: 'Velvet Linen Renamed' })
      .where(inArray(products.id, ids.slice(0, 10)));
    await database.db
      .update(products)
      .set({ ratingSum: 50, ratingCount: 10, inStockSizes: ['M'], inStockColors: ['Black'] })
      .where(inArray(products.id, ids.slice(10, 20)));
    await database.db.delete(products).where(inArray(products.id, ids.slice(20, 25)));
    const [model] = await database.db.select().from(products).where(eq(products.id, ids[25]!));
    const { id: _id, featuredScore: _score, inStock: _inStock, searchText: _text, ...copy } = model!;
    const [added] = await database.db
      .insert(products)
      .values({ ...copy, slug: `${copy.slug}-copy`, name: 'Sage Linen Newcomer' })
      .returning({ id: products.id });

    const changed = [...ids, added!.id];
    const rows = await findListedProductsById(database.db, changed);
    const present = new Set(rows.map((row) => row.id));
    for (const id of changed) if (!present.has(id)) index.remove(id);
    for (const row of rows) index.put(row);

    expect(index.size).toBe(await database.db.$count(products));
    expect(await expectSameAnswers(index)).toBeGreaterThan(0);
    expect(index.pageIds({ availability: 'all', search: 'newcomer' }, 'featured', 12, 0)).toEqual([
      added!.id,
    ]);
  }, 180_000);

  it('reads the page rows by id in the order asked, leaving out ids no longer there', async () => {
    const rows = await findProducts(database.db, { availability: 'all' }, 'priceDesc', 5, 0);
    const ids = rows.map((row) => row.product.id).reverse();
    const read = await findProductCards(
      database.db,
      [ids[0]!, '00000000-0000-4000-8000-000000000000', ...ids.slice(1)],
      '/uploads/',
    );
    expect(read.map(({ id, categoryId }) => ({ id, categoryId }))).toEqual(
      [...rows]
        .reverse()
        .map(({ product, category }) => ({ id: product.id, categoryId: category?.id ?? null })),
    );
    expect(await findProductCards(database.db, [], '/uploads/')).toEqual([]);
  });

  it("answers from a product's card exactly what its row answers", async () => {
    const [category] = await database.db.select({ id: categories.id }).from(categories).limit(1);
    const written = await database.db
      .insert(products)
      .values([
        {
          name: 'Quote " back\\slash \n new line \u2028 and emoji 👗',
          slug: 'card-awkward-texts',
          description: 'Tab\there, </script> and a NUL-free control \u0001.',
          nameAr: 'فستان "نور" الصيفي',
          descriptionAr: 'قطن مصري ١٠٠٪',
          pricePiastres: 2_147_483_647,
          discount: 99,
          finalPricePiastres: 21_474_837,
          availableItems: 0,
          soldItems: 12,
          categoryId: category!.id,
          defaultImage: { key: 'products/a.webp', widths: [320, 640], width: 800 },
          subImages: [{ key: 'products/b.webp', widths: [320] }],
          ratingSum: 9,
          ratingCount: 2,
          createdAt: new Date('1999-12-31T23:59:59.999Z'),
          options: [{ name: 'Size', values: ['S', 'M'] }],
          optionsInStock: { Size: ['M'] },
        },
        {
          name: 'Plain',
          slug: 'card-no-category-no-image',
          pricePiastres: 100,
          finalPricePiastres: 100,
          categoryId: null,
          defaultImage: null,
        },
        {
          name: 'Sub-images only',
          slug: 'card-sub-images-only',
          pricePiastres: 1_999,
          finalPricePiastres: 1_999,
          defaultImage: null,
          subImages: [
            { key: 'products/c.webp', widths: [] },
            { key: 'products/d.webp', widths: [320, 640] },
          ],
          ratingSum: 14,
          ratingCount: 3,
        },
        {
          name: 'Ten and a half',
          slug: 'card-round-pounds',
          pricePiastres: 1_050,
          finalPricePiastres: 1_000,
          discount: 5,
          availableItems: 3,
          defaultImage: { key: 'products/legacy "old".jpg', widths: [480] },
          subImages: [],
          ratingSum: 5,
          ratingCount: 2,
        },
      ])
      .returning({ id: products.id });
    // Microseconds are below what a Date holds: both reads drop them the same way.
    await database.db.execute(
      sql`update products set created_at = created_at + interval '123 microseconds' where id = ${written[1]!.id}`,
    );
    const ids = written.map((row) => row.id);
    const expected = await Promise.all(ids.map((id) => findProduct(database.db, { id })));
    // The stores' addresses: local, made absolute on a public URL, and one with characters JSON escapes.
    const local = createLocalStore('/nonexistent');
    const stores = [
      local,
      withAbsoluteUrls(local, 'https://shop.example'),
      withAbsoluteUrls(local, 'https://a"\\b'),
    ];
    for (const store of stores) {
      const cards = await findProductCards(
        database.db,
        ids,
        JSON.stringify(store.publicUrl('')).slice(1, -1),
      );
      expect(cards.map(({ categoryId }) => categoryId)).toEqual([category!.id, null, null, null]);
      cards.forEach(({ card }, i) => {
        const row = expected[i]!;
        const text = productCardJson(card, productCategoryJson(row.category));
        expect(JSON.parse(text)).toStrictEqual(productDto(store, row.product, row.category));
      });
    }
    expect(expected[0]!.category?.id).toBe(category!.id);
    expect(expected[1]!.category).toBeNull();
  });
});

describe("the listing index's search, as products come and go past its first capacity", () => {
  const words = ['linen', 'sage', 'silk', 'kaftan', 'rose', 'night'];

  function product(n: number): ListedProduct {
    // Every product holds two of the words: "linen" is in half of them, so its pieces keep bits.
    const text = `${words[n % 2 === 0 ? 0 : 1 + (n % 5)]} piece ${words[1 + ((n >> 1) % 5)]} ${n}`;
    return {
      id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
      searchText: text,
      categoryId: null,
      inStock: n % 3 !== 0,
      featuredScore: n % 7,
      createdAtMicros: n * 1_000,
      finalPricePiastres: 1_000 + (n % 50),
      discount: 0,
      inStockSizes: [],
      inStockColors: [],
    };
  }

  function expectFinds(index: ListingIndex, held: Map<string, ListedProduct>, search: string): void {
    const filters: ProductFilters = { availability: 'all', search };
    const expected = [...held.values()]
      .filter((p) => search.split(' ').every((word) => p.searchText.includes(word)))
      .sort((a, b) => Number(b.inStock) - Number(a.inStock) || b.createdAtMicros - a.createdAtMicros);
    const found = index.search(filters, 'newest', 5_000, 0);
    expect(found.ids, search).toEqual(expected.map((p) => p.id));
    expect(summaryFromGroups(found.groups, filters).count, search).toBe(expected.length);
  }

  it('finds what every product holds after growing, changing and removing', async () => {
    const held = new Map<string, ListedProduct>();
    const first = Array.from({ length: 1_000 }, (_, n) => product(n));
    for (const p of first) held.set(p.id, p);
    const index = await ListingIndex.of([first]);
    for (const search of ['linen', 'linen rose', 'piece sage', 'silk 99']) expectFinds(index, held, search);

    // Four times the first capacity, one by one: the bits widen as the slots do.
    for (let n = 1_000; n < 4_500; n++) {
      const p = product(n);
      index.put(p);
      held.set(p.id, p);
    }
    // Renamed out of "linen", and removed: their bits must go.
    for (let n = 0; n < 600; n += 2) {
      const renamed = { ...product(n), searchText: `wool piece ${n}` };
      index.put(renamed);
      held.set(renamed.id, renamed);
    }
    for (let n = 1; n < 400; n += 4) {
      index.remove(product(n).id);
      held.delete(product(n).id);
    }
    for (const search of ['linen', 'linen rose', 'piece sage', 'wool', 'silk 44', 'kaftan night', 'nen']) {
      expectFinds(index, held, search);
    }
  });

  it('keeps the slot of a product put again as held, and moves one with any listed value changed', async () => {
    const index = await ListingIndex.of([Array.from({ length: 50 }, (_, n) => product(n))]);
    const slots = index.slotsTaken;
    const first = (
      sort: 'featured' | 'priceAsc' | 'newest' | 'discount',
      filters: Partial<ProductFilters> = {},
    ) => index.pageIds({ availability: 'all', ...filters }, sort, 1, 0)[0];

    // As an order leaves it (stock moved, still in stock): nothing listed changed.
    index.put({ ...product(10), inStockSizes: [], inStockColors: [] });
    expect(index.slotsTaken).toBe(slots);
    expect(index.size).toBe(50);

    // Each listed value on its own (products 31 to 38; 33 is sold out, 35 in stock): the product moves
    // where that value puts it (a sold-out one among the sold out, after every product in stock).
    const changes: Array<[Partial<ListedProduct>, () => string | undefined]> = [
      [{ finalPricePiastres: 1 }, () => first('priceAsc')],
      [{ createdAtMicros: 10 ** 12 }, () => first('newest')],
      [{ discount: 90 }, () => first('discount', { availability: 'outOfStock' })],
      [{ featuredScore: 100 }, () => first('featured')],
      [{ inStock: false }, () => first('newest', { availability: 'outOfStock', search: '35' })],
      [{ searchText: 'velvet one' }, () => first('newest', { search: 'velvet' })],
      [
        { categoryId: '00000000-0000-4000-8000-0000000000cc' },
        () => first('newest', { categoryIds: ['00000000-0000-4000-8000-0000000000cc'] }),
      ],
      [{ inStockSizes: ['XL'] }, () => first('newest', { sizes: ['XL'] })],
    ];
    changes.forEach(([change, firstOf], n) => {
      const changed = { ...product(31 + n), ...change };
      const before = index.slotsTaken;
      index.put(changed);
      expect(index.slotsTaken, JSON.stringify(change)).toBe(before + 1);
      expect(firstOf(), JSON.stringify(change)).toBe(changed.id);
      // The same values again: held as they are.
      index.put({ ...changed });
      expect(index.slotsTaken, JSON.stringify(change)).toBe(before + 1);
    });
    expect(index.size).toBe(50);
  });
});
