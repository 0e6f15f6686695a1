/**
 * Prepares the configured database for a benchmark or the large-catalogue journey, then exits, so the
 * server started after it (the real `src/server/main.ts`) is measured without the seeding's memory:
 * - BENCH_SEED_DEMO=true loads the demo catalogue first, as a first start of the shop would;
 * - BENCH_SEED_LARGE=<n> adds n generated products with `seedLargeCatalogue`, sharing a few drawn
 *   pictures with BENCH_LARGE_IMAGES=true (image keys without files otherwise: the API does not care);
 * - BENCH_USERS=<n> with BENCH_USERS_FILE=<path> creates n shoppers and writes their ids and session
 *   tokens there as JSON, so the load generator can place orders without n argon2 sign-ups.
 * It closes the database (and gives up PGlite's lock) before it exits.
 */
import { writeFile } from 'node:fs/promises';
import { hashPassword } from '../src/server/auth/passwords';
import { TokenService } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/open';
import { users } from '../src/server/db/schema';
import { seedDemoCatalogue } from '../src/server/db/seed/demo';
import { drawSharedPictures, seedLargeCatalogue } from '../src/server/db/seed/large';
import { createObjectStore } from '../src/server/storage';

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
  const config = loadConfig();
  if (userCount > 0 && (!usersFile || !config.JWT_SECRET)) {
    throw new Error('BENCH_USERS needs BENCH_USERS_FILE and JWT_SECRET');
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
  } finally {
    await opened.close();
  }
}

await prepare();
