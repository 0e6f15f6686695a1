import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@/shared/schemas/order';
import { MIGRATIONS_FOLDER } from '../db/client';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { placeTestOrder } from '../test/orders';
import { createTestPostgresDatabase } from '../test/postgres';
import { createUser, type TestUser } from '../test/users';

const numberOf = (order: OrderDto) => Number(order.number.slice('N-'.length));

describe('order numbers', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('gives every order its own number, in the order they were placed, under concurrent checkouts', async () => {
    const product = await insertTestProduct(t, { stock: 100 });
    const first = await placeTestOrder(t, await createUser(t), [[product.id, 1]]);
    expect(first.number).toMatch(/^N-\d{5,}$/);

    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    const together = await Promise.all(
      shoppers.map((shopper) => placeTestOrder(t, shopper, [[product.id, 1]])),
    );
    const numbers = together.map(numberOf);
    expect(new Set(numbers).size).toBe(8);
    expect(Math.min(...numbers)).toBeGreaterThan(numberOf(first));

    const last = await placeTestOrder(t, await createUser(t), [[product.id, 1]]);
    expect(numberOf(last)).toBeGreaterThan(Math.max(...numbers));

    // Every answer carries the same number: the shopper's list, the order, the admin's list.
    const shopper = shoppers[0]!;
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/order/user/orders',
      headers: shopper.headers,
    });
    expect(mine.json<{ results: OrderDto[] }>().results.map((o) => o.number)).toEqual([together[0]!.number]);
    const one = await t.app.inject({ method: 'GET', url: `/api/order/${last.id}`, headers: admin.headers });
    expect(one.json<{ results: OrderDto }>().results.number).toBe(last.number);
  });

  it('is found by the admin search with or without its N-', async () => {
    const product = await insertTestProduct(t, { stock: 10 });
    const order = await placeTestOrder(t, await createUser(t), [[product.id, 1]]);
    const search = async (text: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/order?search=${encodeURIComponent(text)}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ results: OrderDto[] }>().results.map((o) => o.number);
    };
    const digits = order.number.slice(2);
    for (const text of [
      order.number,
      order.number.toLowerCase(),
      digits,
      `#${order.number}`,
      ` ${digits} `,
    ]) {
      expect(await search(text)).toEqual([order.number]);
    }
    expect(await search('N-999999999')).toEqual([]);
    // Still searched beside it: the id's prefix.
    expect(await search(order.id.slice(0, 8))).toContain(order.number);
  });
});

describe('the migration that brings order numbers', () => {
  /** The migrations folder without its newest migration: the database as it was before numbers. */
  async function migrationsBeforeNumbers(): Promise<{ folder: string; remove: () => Promise<void> }> {
    const dir = await mkdtemp(join(tmpdir(), 'nour-migrations-'));
    await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
    const at = journal.entries.findIndex((entry) => entry.tag.startsWith('0005_order_numbers'));
    journal.entries = journal.entries.slice(0, at);
    await writeFile(journalPath, JSON.stringify(journal));
    return { folder: dir, remove: () => rm(dir, { recursive: true, force: true }) };
  }

  it('numbers the orders already placed oldest first, and new orders after them', async () => {
    const before = await migrationsBeforeNumbers();
    const seed = `
      insert into users (id, username, email, password_hash)
        values ('00000000-0000-4000-8000-000000000001', 'Old', 'old@example.com', 'x');
      insert into orders (id, user_id, name, phone, address, city, payment_type, total_piastres,
                          shipping_fee_piastres, grand_total_piastres, created_at)
      values
        ('00000000-0000-4000-8000-00000000000c', '00000000-0000-4000-8000-000000000001', 'C', '01012345678',
         'Somewhere 1', 'Cairo', 'cash', 100, 7000, 7100, '2026-03-01T00:00:00Z'),
        ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'A', '01012345678',
         'Somewhere 1', 'Cairo', 'cash', 100, 7000, 7100, '2026-01-01T00:00:00Z'),
        ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'B', '01012345678',
         'Somewhere 1', 'Cairo', 'cash', 100, 7000, 7100, '2026-02-01T00:00:00Z');`;
    const newOrder = `
      insert into orders (user_id, name, phone, address, city, payment_type, total_piastres,
                          shipping_fee_piastres, grand_total_piastres)
      values ('00000000-0000-4000-8000-000000000001', 'D', '01012345678', 'Somewhere 1', 'Cairo', 'cash',
              100, 7000, 7100)`;
    const numbered = 'select name, number from orders order by number';
    type Row = { name: string; number: number };

    let rows: Row[];
    if (testDriver === 'pg') {
      const created = await createTestPostgresDatabase();
      const pool = new pg.Pool({ connectionString: created.url });
      try {
        const db = drizzlePg(pool);
        await migratePg(db, { migrationsFolder: before.folder });
        await pool.query(seed);
        await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
        await pool.query(newOrder);
        rows = (await pool.query<Row>(numbered)).rows;
      } finally {
        await pool.end();
        await created.drop();
      }
    } else {
      const client = await PGlite.create({ extensions: { pg_trgm } });
      try {
        const db = drizzlePglite(client);
        await migratePglite(db, { migrationsFolder: before.folder });
        await client.exec(seed);
        await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
        await client.exec(newOrder);
        rows = (await client.query<Row>(numbered)).rows;
      } finally {
        await client.close();
      }
    }
    await before.remove();
    expect(rows.map((row) => [row.name, Number(row.number)])).toEqual([
      ['A', 10001],
      ['B', 10002],
      ['C', 10003],
      ['D', 10004],
    ]);
  });
});
