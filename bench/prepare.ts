/**
 * Prepares the configured database for a benchmark or the large-catalogue journey, then exits, so the
 * server started after it (the real `src/server/main.ts`) is measured without the seeding's memory:
 * - BENCH_SEED_DEMO=true loads the demo catalogue first, as a first start of the shop would;
 * - BENCH_SEED_LARGE=<n> adds n generated products with `seedLargeCatalogue`, sharing a few drawn
 *   pictures with BENCH_LARGE_IMAGES=true (image keys without files otherwise: the API does not care);
 * - BENCH_USERS=<n> with BENCH_USERS_FILE=<path> creates n shoppers and writes their ids and session
 *   tokens there as JSON, so the load generator can place orders without n argon2 sign-ups;
 * - BENCH_ORDERS=<n> with BENCH_ADMIN_FILE=<path> adds n orders of two lines each (a customer of their
 *   own, an Arabic name, an address that needs quoting), and writes an admin's id and token there, for
 *   the CSV export's case.
 * It closes the database (and gives up PGlite's lock) before it exits.
 */
import { writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/server/auth/passwords';
import { TokenService } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/client';
import { openConfiguredDatabase } from '../src/server/db/open';
import { users } from '../src/server/db/schema';
import { seedDemoCatalogue } from '../src/server/db/seed/demo';
import { drawSharedPictures, seedLargeCatalogue } from '../src/server/db/seed/large';
import { createObjectStore } from '../src/server/storage';

/** Orders inserted per statement: generated in the database, so only the statement travels. */
const ORDERS_PER_INSERT = 10_000;

/**
 * `count` orders of one customer, newest a minute ago and one a minute apart before it: every status and
 * both payment methods (InstaPay ones with a proof), each with two lines, as an export reads them.
 */
async function seedBenchOrders(db: Db, userId: string, count: number): Promise<void> {
  for (let start = 1; start <= count; start += ORDERS_PER_INSERT) {
    const end = Math.min(count, start + ORDERS_PER_INSERT - 1);
    await db.execute(sql`
        with o as (
          insert into orders (user_id, status, name, phone, address, city, payment_type, payment_image_key,
            total_piastres, shipping_fee_piastres, grand_total_piastres, created_at, updated_at)
          select ${userId}::uuid, (array['pending','confirmed','completed','cancelled'])[1 + i % 4],
            'مريم حسن ' || i, '010' || lpad(i::text, 8, '0'),
            i || ' Tahrir Street, "Building" ' || (i % 90 + 1) || ', Dokki, Giza', 'Giza',
            case when i % 2 = 0 then 'cash' else 'instapay' end,
            case when i % 2 = 0 then null else 'private/proofs/bench.webp' end,
            45000 + i % 1000 * 100, 4000, 49000 + i % 1000 * 100,
            now() - make_interval(mins => i), now() - make_interval(mins => i)
          from generate_series(${start}::int, ${end}::int) as i
          returning id, total_piastres, created_at
        ),
        l as (
          insert into order_lines (order_id, name, slug, category_name, unit_price_piastres, quantity)
          select id, 'Linen Dress', 'linen-dress', 'Women', total_piastres - 15000, 1 from o
          union all
          select id, 'Straw Hat', 'straw-hat', 'Accessories', 15000, 1 from o
        )
        insert into order_history (order_id, status, at, by_user_id)
        select id, 'pending', created_at, ${userId}::uuid from o`);
  }
}

/** Inserting users in batches keeps each statement well under PostgreSQL's parameter limit. */
const USERS_PER_INSERT = 500;

export interface BenchUser {
  id: string;
  token: string;
}

async function prepare(): Promise<void> {
  const seedDemo = process.env.BENCH_SEED_DEMO === 'true';
  const seedCount = Number(process.env.BENCH_SEED_LARGE ?? 0);
  const userCount = Number(process.env.BENCH_USERS ?? 0);
  const usersFile = process.env.BENCH_USERS_FILE;
  const orderCount = Number(process.env.BENCH_ORDERS ?? 0);
  const adminFile = process.env.BENCH_ADMIN_FILE;
  const config = loadConfig();
  if (userCount > 0 && (!usersFile || !config.JWT_SECRET)) {
    throw new Error('BENCH_USERS needs BENCH_USERS_FILE and JWT_SECRET');
  }
  if (orderCount > 0 && (!adminFile || !config.JWT_SECRET)) {
    throw new Error('BENCH_ORDERS needs BENCH_ADMIN_FILE and JWT_SECRET');
  }
  const opened = await openConfiguredDatabase(config);
  try {
    const { db } = opened.database;
    await opened.database.migrate();
    const store = createObjectStore(config);
    if (seedDemo && (await seedDemoCatalogue({ db, store }))) console.log('bench: loaded the demo catalogue');
    if (seedCount > 0) {
      const started = Date.now();
      const images = process.env.BENCH_LARGE_IMAGES === 'true' ? await drawSharedPictures(store) : undefined;
      await seedLargeCatalogue(db, { count: seedCount, ...(images ? { images } : {}) });
      console.log(`bench: seeded ${seedCount} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    if (userCount > 0 && usersFile && config.JWT_SECRET) {
      // One hash shared by every bench user: argon2 is slow on purpose, and nobody signs in with these.
      const passwordHash = await hashPassword(`bench-${Date.now()}`);
      const tokens = new TokenService(config.JWT_SECRET, '1d');
      const run = Date.now().toString(36);
      const created: BenchUser[] = [];
      for (let start = 0; start < userCount; start += USERS_PER_INSERT) {
        const size = Math.min(USERS_PER_INSERT, userCount - start);
        const rows = await db
          .insert(users)
          .values(
            Array.from({ length: size }, (_, i) => ({
              username: `bench${start + i}`,
              email: `bench-${run}-${start + i}@bench.nour.test`,
              passwordHash,
              role: 'user' as const,
            })),
          )
          .returning({ id: users.id });
        for (const row of rows) {
          created.push({ id: row.id, token: await tokens.sign({ userId: row.id, role: 'user' }) });
        }
      }
      await writeFile(usersFile, JSON.stringify(created));
      console.log(`bench: created ${created.length} shoppers`);
    }
    if (orderCount > 0 && adminFile && config.JWT_SECRET) {
      const run = Date.now().toString(36);
      const passwordHash = await hashPassword(`bench-${run}`);
      const [admin, customer] = await db
        .insert(users)
        .values([
          {
            username: 'bench admin',
            email: `bench-admin-${run}@bench.nour.test`,
            passwordHash,
            role: 'admin',
          },
          { username: 'bench customer', email: `bench-customer-${run}@bench.nour.test`, passwordHash },
        ])
        .returning({ id: users.id });
      const started = Date.now();
      await seedBenchOrders(db, customer!.id, orderCount);
      const token = await new TokenService(config.JWT_SECRET, '1d').sign({
        userId: admin!.id,
        role: 'admin',
      });
      await writeFile(adminFile, JSON.stringify({ id: admin!.id, token } satisfies BenchUser));
      console.log(`bench: seeded ${orderCount} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await opened.close();
  }
}

await prepare();
