import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { products } from '../db/schema';
import { seedLargeCatalogue } from '../db/seed/large';
import { freshDatabase } from '../test/app';
import type { ListingIndex } from './listing-index';
import { createListingIndexKeeper, type ListingIndexKeeper } from './listing-index-keeper';
import { findListedProductsById, findProducts } from './queries';
import type * as Queries from './queries';

// Counted: the keeper's reads of changed products, one for every change heard while one runs.
vi.mock('./queries', async (importOriginal) => {
  const actual = await importOriginal<typeof Queries>();
  return { ...actual, findListedProductsById: vi.fn(actual.findListedProductsById) };
});

describe('the listing index keeper', () => {
  let database: Database;
  let keeper: ListingIndexKeeper;
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    await database.migrate();
    await seedLargeCatalogue(database.db, { count: 300 });
  }, 120_000);
  afterAll(async () => {
    await keeper.close();
    await database.close();
  });

  /** The index once the keeper trusts it again (it builds in the background). */
  async function trustedIndex(): Promise<ListingIndex> {
    let index: ListingIndex | null = null;
    await vi.waitFor(async () => {
      index = await keeper.usable();
      expect(index).not.toBeNull();
    });
    return index!;
  }

  const newestFirst = async () =>
    (await findProducts(database.db, { availability: 'all' }, 'newest', 20, 0)).map((row) => row.product.id);
  const soldOut = async (index: ListingIndex) =>
    index.pageIds({ availability: 'outOfStock' }, 'newest', 1000, 0);
  const inStockIds = async (count: number) =>
    (
      await database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.inStock, true))
        .limit(count)
    ).map((row) => row.id);

  it('is built when first asked, while every change is heard, and answers nothing before', async () => {
    keeper = createListingIndexKeeper({
      db: database.db,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    // Not hearing the other processes: never trusted, never built.
    expect(await keeper.usable()).toBeNull();
    keeper.hearing(true);
    const index = await trustedIndex();
    expect(index.size).toBe(300);
    expect(index.pageIds({ availability: 'all' }, 'newest', 20, 0)).toEqual(await newestFirst());
  });

  it("follows a product's change at once: the next answer waits for it", async () => {
    const [some] = await inStockIds(1);
    await database.db.update(products).set({ availableItems: 0 }).where(eq(products.id, some!));
    keeper.changed({ productIds: [some!] });
    const index = await keeper.usable();
    expect(await soldOut(index!)).toContain(some!);
  });

  it('reads the products of changes heard together in one query', async () => {
    const ids = await inStockIds(4);
    await database.db.update(products).set({ availableItems: 0 }).where(inArray(products.id, ids));
    const reads = vi.mocked(findListedProductsById);
    reads.mockClear();
    // As orders heard one after another while nothing was read yet (the last names the first again).
    for (const id of [...ids, ids[0]!]) keeper.changed({ productIds: [id] });
    const index = await keeper.usable();
    expect(await soldOut(index!)).toEqual(expect.arrayContaining(ids));
    expect(reads).toHaveBeenCalledTimes(1);
    expect([...reads.mock.calls[0]![1]].sort()).toEqual([...ids].sort());
  });

  it('follows a deleted product and a category change that names no product', async () => {
    const [gone] = await database.db.select({ id: products.id }).from(products).limit(1);
    await database.db.delete(products).where(eq(products.id, gone!.id));
    keeper.changed({ productIds: [gone!.id] });
    keeper.changed({ productIds: [] });
    const index = await keeper.usable();
    expect(index!.size).toBe(299);
    expect(index!.pageIds({ availability: 'all' }, 'newest', 20, 0)).toEqual(await newestFirst());
  });

  it('answers nothing while deaf, and reads everything again once it hears again', async () => {
    keeper.hearing(false);
    expect(await keeper.usable()).toBeNull();
    // Changed while nobody could have said so.
    const ids = await inStockIds(3);
    await database.db.update(products).set({ availableItems: 0 }).where(inArray(products.id, ids));
    keeper.hearing(true);
    const index = await trustedIndex();
    expect(await soldOut(index)).toEqual(expect.arrayContaining(ids));
  });

  it('reads everything again on a change it cannot name', async () => {
    const [some] = await inStockIds(1);
    await database.db.update(products).set({ availableItems: 0 }).where(eq(products.id, some!));
    keeper.changed('everything');
    expect(await keeper.usable()).toBeNull();
    expect(await soldOut(await trustedIndex())).toContain(some!);
    expect(warnings).toEqual([]);
  });

  it('answers nothing once closed', async () => {
    await keeper.close();
    expect(await keeper.usable()).toBeNull();
  });
});
