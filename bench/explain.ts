/**
 * `node --import tsx bench/explain.ts [--count 100000] [--pg]`: the profiling step of the performance
 * issue. Builds a catalogue of its own (PGlite in a temp directory, or a fresh database on DATABASE_URL's
 * server with --pg, dropped after), then times the queries behind the slow benchmark cases one at a time
 * and prints PostgreSQL's EXPLAIN ANALYZE for each, so a fix can be judged before and after.
 */
import { sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PRODUCT_SORTS } from '@/shared/constants';
import { findPageAnchors, findProducts, type ProductFilters } from '../src/server/catalog/queries';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { seedLargeCatalogue } from '../src/server/db/seed/large';

const { values: args } = parseArgs({
  options: { count: { type: 'string', default: '100000' }, pg: { type: 'boolean', default: false } },
});
const RUNS = 30;
/** Fewer for the page matrix: 42 cells, and a deep page could take a second before the fix. */
const PAGE_RUNS = 10;

async function open(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (!args.pg) {
    const dir = await mkdtemp(join(tmpdir(), 'nour-explain-'));
    const database = await openPglite(join(dir, 'db'));
    return { database, cleanup: async () => rm(dir, { recursive: true, force: true }) };
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('--pg needs DATABASE_URL');
  const name = `nour_explain_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 2);
  return {
    database,
    cleanup: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function main(): Promise<void> {
  const { database, cleanup } = await open();
  try {
    const { db } = database;
    // Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so.
    const rows = async (query: SQL) =>
      ((await db.execute(query)) as unknown as { rows: Array<Record<string, string>> }).rows;
    await database.migrate();
    await seedLargeCatalogue(db, { count: Number(args.count) });
    const [user] = await rows(
      sql`insert into users (username, email, password_hash) values ('probe', 'probe@bench.test', 'x') returning id`,
    );
    const userId = user!.id!;
    const [cart] = await rows(sql`insert into carts (user_id) values (${userId}) returning id`);
    const cartId = cart!.id!;
    await db.execute(
      sql`insert into cart_lines (cart_id, product_id, quantity) select ${cartId}, id, 1 from products limit 1`,
    );

    const queries: Array<[string, SQL]> = [
      ['session user', sql`select id, role, username, email from users where id = ${userId} limit 1`],
      [
        'ensure cart: insert',
        sql`insert into carts (user_id) values (${userId}) on conflict (user_id) do nothing`,
      ],
      ['ensure cart: select', sql`select id from carts where user_id = ${userId} limit 1`],
      [
        'cart lines with products',
        sql`select l.id, l.quantity, p.id, p.name, p.final_price_piastres, p.available_items
            from cart_lines l join products p on p.id = l.product_id
            where l.cart_id = ${cartId} order by l.created_at, l.id`,
      ],
      ['listing newest page 1', sql`select id from products order by created_at desc, id desc limit 12`],
      [
        'listing newest page 500',
        sql`select id from products order by created_at desc, id desc limit 12 offset 5988`,
      ],
      [
        'listing newest page 5000',
        sql`select id from products order by created_at desc, id desc limit 12 offset 59988`,
      ],
      [
        'listing newest page 5000, page ids first (as findProducts)',
        sql`select p.id, p.name from (select id from products order by created_at desc, id desc limit 12 offset 59988) page
            join products p on p.id = page.id order by p.created_at desc, p.id desc`,
      ],
      [
        'listing featured page 5000 (ids)',
        sql`select id from products order by featured_score desc, created_at desc, id desc limit 12 offset 59988`,
      ],
      ['count all', sql`select count(*) from products`],
      // Issue 13: the size filter and the facets (in-stock values on the product's row, GIN-indexed).
      [
        'size M featured page 1 (ids)',
        sql`select id from products where in_stock_sizes && array['M']
            order by featured_score desc, created_at desc, id desc limit 12`,
      ],
      [
        'size M featured page 500 (ids, no anchor)',
        sql`select id from products where in_stock_sizes && array['M']
            order by featured_score desc, created_at desc, id desc limit 12 offset 5988`,
      ],
      [
        'size 0-3M newest page 1 (ids): a rare size',
        sql`select id from products where in_stock_sizes && array['0-3M']
            order by created_at desc, id desc limit 12`,
      ],
      ['count size M', sql`select count(*) from products where in_stock_sizes && array['M']`],
      [
        'size facet, no filter',
        sql`select value, count(*) from products cross join lateral unnest(in_stock_sizes) as value
            group by value order by count(*) desc, value`,
      ],
      [
        'both facets in one pass, grouped by (sizes, colours) (as productSummary)',
        sql`select in_stock_sizes, in_stock_colors, count(*) from products group by 1, 2`,
      ],
      [
        'colour facet under size M',
        sql`select value, count(*) from products cross join lateral unnest(in_stock_colors) as value
            where in_stock_sizes && array['M'] group by value order by count(*) desc, value`,
      ],
    ];
    for (const [name, query] of queries) {
      await db.execute(query);
      const started = performance.now();
      for (let i = 0; i < RUNS; i++) await db.execute(query);
      const ms = (performance.now() - started) / RUNS;
      console.log(`\n${name}: ${ms.toFixed(2)} ms per query (${RUNS} runs, one at a time)`);
      for (const row of await rows(sql`explain (analyze, buffers) ${query}`)) {
        console.log(`  ${Object.values(row)[0]}`);
      }
    }

    // The real page query at several depths: what a cache miss costs per sort.
    const [someCategory] = await rows(sql`select category_id as id from products limit 1`);
    const everything: ProductFilters = { availability: 'all' };
    const oneCategory: ProductFilters = { availability: 'all', categoryIds: [someCategory!.id!] };
    const sizeM: ProductFilters = { availability: 'all', sizes: ['M'] };
    const lastPage = Math.ceil(Number(args.count) / 12);
    const header = [1, 500, 5000, lastPage, 'cat 1', 'cat 1000', 'M 1', 'M 500']
      .map((p) => String(p).padStart(8))
      .join('');
    const pages: Array<[ProductFilters, number]> = [
      [everything, 1],
      [everything, 500],
      [everything, 5000],
      [everything, lastPage],
      [oneCategory, 1],
      [oneCategory, 1000],
      [sizeM, 1],
      [sizeM, 500],
    ];
    // As the service pages (src/server/catalog/service.ts): from the anchor before the page, when it is deep.
    for (const stride of [0, 120]) {
      const how = stride ? `from page anchors every ${stride} rows` : 'skipping every row before the page';
      console.log(`\nfindProducts, ${how}: ms per page (${PAGE_RUNS} runs each, one at a time)`);
      console.log(`  ${'sort'.padEnd(10)} ${header}`);
      for (const sort of PRODUCT_SORTS) {
        const cells: string[] = [];
        for (const [filters, page] of pages) {
          const offset = (page - 1) * 12;
          const anchors = stride ? await findPageAnchors(db, filters, sort, stride) : [];
          const anchor = stride && offset >= stride ? anchors[Math.floor(offset / stride)] : undefined;
          await findProducts(db, filters, sort, 12, offset, anchor);
          const started = performance.now();
          for (let i = 0; i < PAGE_RUNS; i++) await findProducts(db, filters, sort, 12, offset, anchor);
          cells.push(((performance.now() - started) / PAGE_RUNS).toFixed(1).padStart(8));
        }
        console.log(`  ${sort.padEnd(10)} ${cells.join('')}`);
      }
    }
  } finally {
    await database.close();
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
