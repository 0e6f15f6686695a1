import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '@/shared/messages';
import { AppError } from '../errors';
import { createTestApp, type TestApp } from '../test/app';
import { lockProducts, returnStock, setStock, takeLockedStock, takeStock } from './stock';
import { insertTestProduct, stockOf } from './test-products';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('setStock', () => {
  it('sets what is on the shelf, keeps what was sold, and answers the new level', async () => {
    const product = await insertTestProduct(t, { stock: 10 });
    await t.database.db.transaction((tx) => takeStock(tx, [{ productId: product.id, quantity: 3 }]));

    const level = await t.database.db.transaction(async (tx) => {
      await lockProducts(tx, [product.id]);
      return setStock(tx, product.id, 25);
    });

    expect(level).toEqual({ productId: product.id, name: product.name, available: 25 });
    expect(await stockOf(t, product.id)).toEqual({ available: 25, sold: 3 });
  });

  it('empties the shelf with 0', async () => {
    const product = await insertTestProduct(t, { stock: 4 });
    await t.database.db.transaction((tx) => setStock(tx, product.id, 0));
    expect(await stockOf(t, product.id)).toEqual({ available: 0, sold: 0 });
  });

  it("is part of the caller's transaction: undone when it rolls back", async () => {
    const product = await insertTestProduct(t, { stock: 4 });
    const failure = new Error('the rest of the save failed');
    await expect(
      t.database.db.transaction(async (tx) => {
        await setStock(tx, product.id, 40);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await stockOf(t, product.id)).toEqual({ available: 4, sold: 0 });
  });

  it('answers 404 for a product that is gone', async () => {
    const missing = t.database.db.transaction((tx) => setStock(tx, randomUUID(), 5));
    await expect(missing).rejects.toBeInstanceOf(AppError);
    await expect(missing).rejects.toMatchObject({
      statusCode: 404,
      message: messages.catalog.productNotFoundAnswer,
    });
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s without touching the product', async (count) => {
    const product = await insertTestProduct(t, { stock: 4 });
    await expect(t.database.db.transaction((tx) => setStock(tx, product.id, count))).rejects.toBeInstanceOf(
      RangeError,
    );
    expect(await stockOf(t, product.id)).toEqual({ available: 4, sold: 0 });
  });
});

describe('takeLockedStock', () => {
  const levelsOf = (...levels: Array<{ productId: string; name: string; available: number }>) =>
    new Map(levels.map((level) => [level.productId, level]));

  it('takes every line in one go, summing a product listed twice', async () => {
    const a = await insertTestProduct(t, { stock: 5 });
    const b = await insertTestProduct(t, { stock: 2 });
    await t.database.db.transaction(async (tx) => {
      await lockProducts(tx, [a.id, b.id]);
      await takeLockedStock(
        tx,
        [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 2 },
          { productId: a.id, quantity: 1 },
        ],
        levelsOf(
          { productId: a.id, name: a.name, available: 5 },
          { productId: b.id, name: b.name, available: 2 },
        ),
      );
    });
    expect(await stockOf(t, a.id)).toEqual({ available: 2, sold: 3 });
    expect(await stockOf(t, b.id)).toEqual({ available: 0, sold: 2 });
  });

  it('answers the shortage from the levels it was given, taking nothing', async () => {
    const a = await insertTestProduct(t, { stock: 5 });
    const b = await insertTestProduct(t, { stock: 1, name: 'Scarce Shawl' });
    const levels = levelsOf(
      { productId: a.id, name: a.name, available: 5 },
      { productId: b.id, name: b.name, available: 1 },
    );
    const lines = [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 2 },
    ];
    await expect(t.database.db.transaction((tx) => takeLockedStock(tx, lines, levels))).rejects.toMatchObject(
      {
        statusCode: 409,
        message: format(messages.cart.onlyNAvailable, { n: 1, name: 'Scarce Shawl' }),
      },
    );
    expect(await stockOf(t, a.id)).toEqual({ available: 5, sold: 0 });
    expect(await stockOf(t, b.id)).toEqual({ available: 1, sold: 0 });
  });

  it('still refuses to oversell when the levels are stale, and the transaction takes nothing', async () => {
    const a = await insertTestProduct(t, { stock: 5 });
    const b = await insertTestProduct(t, { stock: 1, name: 'Stale Scarf' });
    // Levels read without a lock, and the shelf emptied since: the statement's own guard must catch it.
    const stale = levelsOf(
      { productId: a.id, name: a.name, available: 5 },
      { productId: b.id, name: b.name, available: 3 },
    );
    const lines = [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 2 },
    ];
    await expect(t.database.db.transaction((tx) => takeLockedStock(tx, lines, stale))).rejects.toMatchObject({
      statusCode: 409,
      message: format(messages.cart.onlyNAvailable, { n: 1, name: 'Stale Scarf' }),
    });
    expect(await stockOf(t, a.id)).toEqual({ available: 5, sold: 0 });
    expect(await stockOf(t, b.id)).toEqual({ available: 1, sold: 0 });
  });
});

describe("a sale's update of a product", () => {
  it('changes no column an index of products names, so it can be a heap-only (HOT) update', async () => {
    // What a sale writes on the product's row (`takeLockedStock`, `refreshVariantTotals`) and the
    // generated columns that follow the stock on every sale. Indexed on purpose, as they change only
    // now and then: `in_stock` (the last one sold), `in_stock_sizes`/`_colors` (a size or colour sold
    // out; written in the options' order, so otherwise as they were) and `low_stock` (at or under
    // LOW_STOCK_CAP).
    const written = ['available_items', 'sold_items', 'options_in_stock', 'card', 'updated_at'];
    const result = await t.database.db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'products' order by indexname`,
    );
    const indexes = (result as unknown as { rows: Array<{ indexname: string; indexdef: string }> }).rows;
    expect(indexes.map((index) => index.indexname)).toContain('products_low_stock_idx');
    const naming = indexes.filter((index) =>
      written.some((column) => new RegExp(`\\b${column}\\b`).test(index.indexdef)),
    );
    expect(naming).toEqual([]);
  });
});

describe('returnStock', () => {
  it('puts every line back in one go, summing a product listed twice', async () => {
    const a = await insertTestProduct(t, { stock: 5 });
    const b = await insertTestProduct(t, { stock: 0 });
    await t.database.db.transaction((tx) =>
      takeStock(tx, [
        { productId: a.id, quantity: 3 },
        { productId: a.id, quantity: 1 },
      ]),
    );
    await t.database.db.transaction((tx) =>
      returnStock(tx, [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 2 },
        { productId: a.id, quantity: 2 },
      ]),
    );
    expect(await stockOf(t, a.id)).toEqual({ available: 4, sold: 1 });
    // Sold count never goes below zero, even for stock sold before it was counted.
    expect(await stockOf(t, b.id)).toEqual({ available: 2, sold: 0 });
  });

  it('skips a product deleted since the sale and returns the rest', async () => {
    const a = await insertTestProduct(t, { stock: 1 });
    await t.database.db.transaction((tx) =>
      returnStock(tx, [
        { productId: randomUUID(), quantity: 4 },
        { productId: a.id, quantity: 4 },
      ]),
    );
    expect(await stockOf(t, a.id)).toEqual({ available: 5, sold: 0 });
  });

  it('does nothing for no lines', async () => {
    await expect(t.database.db.transaction((tx) => returnStock(tx, []))).resolves.toBeUndefined();
  });
});
