import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { AppError } from '../errors';
import { createTestApp, type TestApp } from '../test/app';
import { lockProducts, setStock, takeStock } from './stock';
import { insertTestProduct, stockOf } from './test-products';

describe('setStock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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
