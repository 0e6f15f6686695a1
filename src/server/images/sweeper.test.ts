import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertOrder } from '../admin/test-support';
import { orders } from '../db/schema';
import type { ObjectStore } from '../storage/types';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct } from '../test/catalog-fixtures';
import { startS3rver, type RunningS3rver } from '../test/s3rver';
import { createUser } from '../test/users';
import { ORPHAN_MIN_AGE_MS, orphanSweeper, sweepOrphanedFiles } from './sweeper';

const TWO_HOURS_AGO = new Date(Date.now() - 2 * ORPHAN_MIN_AGE_MS);

/** Files rows name: an order's proof, a product's pictures and their copies, a category's, an order line's. */
const REFERENCED = [
  'private/proofs/ordered.webp',
  'products/3f2a0000000000000000000000000000-0a1b2c3d.webp',
  'products/3f2a0000000000000000000000000000-0a1b2c3d-320.webp',
  'products/3f2a0000000000000000000000000000-0a1b2c3d-640.webp',
  'products/5e5e0000000000000000000000000000-12345678.webp',
  'categories/7c7c0000000000000000000000000000-9f9f9f9f.webp',
  'categories/7c7c0000000000000000000000000000-9f9f9f9f-320.webp',
  'products/line0000000000000000000000000000-11112222.webp',
];
/** Old files no row names: a proof left by a crash, a product picture with its copies, a category's. */
const ORPHANED = [
  'private/proofs/crashed.webp',
  'products/dead0000000000000000000000000000-87654321.webp',
  'products/dead0000000000000000000000000000-87654321-320.webp',
  'categories/dead0000000000000000000000000000-aaaabbbb.webp',
];
/** Files no row names yet, written moments ago: their order or product may be on its way. */
const RECENT = ['private/proofs/just-now.webp', 'products/fresh000000000000000000000000000-01020304.webp'];
/** Not the sweeper's to judge. */
const ELSEWHERE = ['notes/old.txt'];

describe('sweepOrphanedFiles', () => {
  let t: TestApp;
  let s3: RunningS3rver;
  beforeAll(async () => {
    s3 = await startS3rver();
    t = await createTestApp();
    const shopper = await createUser(t);
    const category = await createCategory(t, {
      image: { key: 'categories/7c7c0000000000000000000000000000-9f9f9f9f.webp', widths: [320] },
    });
    const product = await createProduct(t, {
      category,
      defaultImage: { key: 'products/3f2a0000000000000000000000000000-0a1b2c3d.webp', widths: [320, 640] },
      subImages: [{ key: 'products/5e5e0000000000000000000000000000-12345678.webp', widths: [] }],
    });
    const orderId = await insertOrder(t, shopper, {
      line: {
        productId: product.id,
        name: product.name,
        slug: product.slug,
        // The picture the product had when it was ordered, since replaced: only the order line names it.
        image: { key: 'products/line0000000000000000000000000000-11112222.webp', widths: [] },
        unitPrice: 100,
      },
    });
    await t.database.db
      .update(orders)
      .set({ paymentImageKey: 'private/proofs/ordered.webp' })
      .where(eq(orders.id, orderId));
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  /** Writes every planted file to `store`; `age` makes a key two hours old. */
  async function plant(store: ObjectStore, age: (key: string) => Promise<void>) {
    for (const key of [...REFERENCED, ...ORPHANED, ...RECENT, ...ELSEWHERE]) {
      await store.put(key, Buffer.from(key), 'image/webp');
      if (!RECENT.includes(key)) await age(key);
    }
  }

  async function keysIn(store: ObjectStore): Promise<string[]> {
    const keys: string[] = [];
    for (const folder of ['private/', 'products/', 'categories/', 'notes/']) {
      for await (const object of store.list(folder)) keys.push(object.key);
    }
    return keys.sort();
  }

  const kept = [...REFERENCED, ...RECENT, ...ELSEWHERE].sort();

  it('on the local store: removes only old files no row names', async () => {
    await plant(t.store, (key) => utimes(join(t.storeDir, key), TWO_HOURS_AGO, TWO_HOURS_AGO));
    const removed = await sweepOrphanedFiles({ db: t.database.db, store: t.store });
    // The test app runs its own sweeper too (a minute after start, which a busy machine may reach):
    // what it removed first is missing here, so the files left are what this test holds to.
    expect(ORPHANED).toEqual(expect.arrayContaining(removed));
    expect(await keysIn(t.store)).toEqual(kept);

    // Nothing left to do the second time.
    expect(await sweepOrphanedFiles({ db: t.database.db, store: t.store })).toEqual([]);
  });

  it('on an S3 store (s3rver), listed page by page: the same', async () => {
    const store = s3.store({ listPageSize: 3 });
    await plant(store, (key) => s3.backdate(key, TWO_HOURS_AGO));
    const removed = await sweepOrphanedFiles({ db: t.database.db, store });
    expect(removed.sort()).toEqual([...ORPHANED].sort());
    expect(await keysIn(store)).toEqual(kept);
    for (const key of ORPHANED) expect(await s3.holds(key)).toBe(false);
    for (const key of kept) await store.delete(key);
  });

  it('leaves a file younger than the age it is given', async () => {
    const store = s3.store();
    await store.put('private/proofs/orphan.webp', Buffer.from('p'), 'image/webp');
    await s3.backdate('private/proofs/orphan.webp', new Date(Date.now() - 30 * 60 * 1000));
    expect(await sweepOrphanedFiles({ db: t.database.db, store })).toEqual([]);
    expect(
      await sweepOrphanedFiles({ db: t.database.db, store, now: new Date(Date.now() + 31 * 60 * 1000) }),
    ).toEqual(['private/proofs/orphan.webp']);
  });

  it('runs by itself in the server, sweep after sweep, until the app closes', async () => {
    const store = s3.store();
    const orphan = async (key: string) => {
      await store.put(key, Buffer.from(key), 'image/webp');
      await s3.backdate(key, TWO_HOURS_AGO);
    };
    const app = Fastify();
    await app.register(orphanSweeper, { db: t.database.db, store, firstDelayMs: 0, intervalMs: 10 });
    await orphan('private/proofs/first.webp');
    await app.ready();
    try {
      await vi.waitFor(async () => expect(await s3.holds('private/proofs/first.webp')).toBe(false), {
        timeout: 20_000,
      });
      // A later crash's file goes at a later sweep.
      await orphan('products/later000000000000000000000000000-01010101.webp');
      await vi.waitFor(async () => expect(await keysIn(store)).toEqual([]), { timeout: 20_000 });
    } finally {
      await app.close();
    }
  });
});
