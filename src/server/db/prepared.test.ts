import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase, testDriver } from '../test/app';
import type { Database } from './client';
import { sqlWrittenOnce, writtenOnce } from './prepared';
import { categories, products } from './schema';

describe(`a query written once (${testDriver})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const build = vi.fn((db: Database['db']) =>
    db
      .select({
        name: products.name,
        priceTimesTwo: sql<number>`${products.pricePiastres} * 2`.mapWith(Number),
        categoryName: categories.name,
        createdAt: products.createdAt,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.slug, sql.placeholder('slug'))),
  );
  const bySlug = writtenOnce(build);

  async function addProduct(db: Database['db'], slug: string, categoryId: string | null) {
    await db.insert(products).values({
      name: `Product ${slug}`,
      slug,
      description: 'A product',
      pricePiastres: 12_345,
      finalPricePiastres: 12_345,
      availableItems: 1,
      categoryId,
    });
  }

  it('maps its rows as the builder does, on the database and inside a transaction, and writes its SQL once', async () => {
    const { db } = database;
    const [category] = await db
      .insert(categories)
      .values({ name: 'Scarves', slug: `scarves-${randomUUID()}` })
      .returning({ id: categories.id });
    const slug = `linen-${randomUUID()}`;
    await addProduct(db, slug, category!.id);

    const [row] = await bySlug(db, { slug });
    expect(row).toMatchObject({ name: `Product ${slug}`, priceTimesTwo: 24_690, categoryName: 'Scarves' });
    expect(new Date(row!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Inside a transaction it runs on the transaction's connection: it sees the transaction's own
    // uncommitted row (on PostgreSQL a pooled connection would not; on PGlite it would wait forever).
    const inTransaction = `silk-${randomUUID()}`;
    let seenInside: unknown[] = [];
    await db
      .transaction(async (tx) => {
        await addProduct(tx, inTransaction, null);
        seenInside = await bySlug(tx, { slug: inTransaction });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(seenInside).toHaveLength(1);
    expect(await bySlug(db, { slug: inTransaction })).toEqual([]);

    const kept = await db.transaction(async (tx) => {
      await addProduct(tx, inTransaction, null);
      return bySlug(tx, { slug: inTransaction });
    });
    // No category: the left join's column is null, not a missing key.
    expect(kept).toEqual([expect.objectContaining({ name: `Product ${inTransaction}`, categoryName: null })]);
    expect(await bySlug(db, { slug: 'no-such-product' })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('runs a statement written as SQL the same way, answering its rows as named in it', async () => {
    const { db } = database;
    const slug = `wool-${randomUUID()}`;
    await addProduct(db, slug, null);
    // A data-modifying CTE, which the builders cannot write: it changes the row and answers it.
    const renamed = sqlWrittenOnce<{ slug: string; name: string }, { name: string; doubled: number }>(sql`
      with changed as (
        update ${products} set name = ${sql.placeholder('name')} where slug = ${sql.placeholder('slug')}
        returning name, price_piastres
      )
      select name, price_piastres * 2 as doubled from changed`);

    expect(await renamed(db, { slug, name: 'Wool Scarf' })).toEqual([
      { name: 'Wool Scarf', doubled: 24_690 },
    ]);
    const inside = await db.transaction((tx) => renamed(tx, { slug, name: 'Wool Shawl' }));
    expect(inside).toEqual([{ name: 'Wool Shawl', doubled: 24_690 }]);
    expect(await renamed(db, { slug: 'no-such-product', name: 'x' })).toEqual([]);
  });
});
