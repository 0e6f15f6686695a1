import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { categories, orderLines, orders, products, shopSettings } from '../db/schema';
import type { ObjectStore } from '../storage/types';

/**
 * Files are written before the row that names them is committed, and deleted after the row that named
 * them is gone; a crash between the two leaves a file nobody points at. The sweeper removes such files
 * once they are old enough that no request writing them can still be on its way to its commit.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** Soon after start, so a shop restarted after a crash does not wait a whole interval. */
const FIRST_SWEEP_DELAY_MS = 60 * 1000;
/** Keys looked up in one statement. */
const BATCH_SIZE = 200;

/**
 * Folders whose every file belongs to a row: proofs to orders; pictures to products, categories, order
 * lines; the logo and the home page's hero picture to the shop's settings.
 */
const SWEPT_FOLDERS = ['private/proofs/', 'products/', 'categories/', 'shop/'] as const;

/** The keys a row would name for this file: its own, and for a width copy (`…-320.webp`) its original's. */
function ownerKeys(key: string): string[] {
  const copy = /^(.+)-\d+\.webp$/.exec(key);
  return copy ? [key, `${copy[1]}.webp`] : [key];
}

/** Which of `keys` a row names: an order's proof, a product's or category's picture, an order line's snapshot. */
async function namedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const candidates = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with candidate(key) as (values ${candidates})
    select candidate.key from candidate where
      candidate.key in (select ${orders.paymentImageKey} from ${orders} where ${orders.paymentImageKey} is not null)
      or candidate.key in (select ${products.defaultImage} ->> 'key' from ${products})
      or candidate.key in (select sub ->> 'key' from ${products}, jsonb_array_elements(${products.subImages}) as sub)
      or candidate.key in (select ${categories.image} ->> 'key' from ${categories})
      or candidate.key in (select ${orderLines.image} ->> 'key' from ${orderLines})
      or candidate.key in (select ${shopSettings.logo} ->> 'key' from ${shopSettings})
      or candidate.key in (select ${shopSettings.settings} -> 'heroImage' ->> 'key' from ${shopSettings})`);
  const rows = (result as unknown as { rows: Array<{ key: string }> }).rows;
  return new Set(rows.map((row) => row.key));
}

export interface SweepOptions {
  db: Db;
  store: ObjectStore;
  /** The moment to measure ages from (tests pass their own). */
  now?: Date;
  minAgeMs?: number;
}

/**
 * Deletes every file under the swept folders that is older than `minAgeMs` and that no row names;
 * answers the keys it deleted. Files are listed before rows are read, so a row committed meanwhile is
 * seen; a file written meanwhile is too young to be touched.
 */
export async function sweepOrphanedFiles({
  db,
  store,
  now = new Date(),
  minAgeMs = ORPHAN_MIN_AGE_MS,
}: SweepOptions): Promise<string[]> {
  const cutoff = now.getTime() - minAgeMs;
  const removed: string[] = [];
  const sweepBatch = async (batch: string[]) => {
    const named = await namedKeys(db, [...new Set(batch.flatMap(ownerKeys))]);
    const orphans = batch.filter((key) => !ownerKeys(key).some((owner) => named.has(owner)));
    for (const key of orphans) await store.delete(key);
    removed.push(...orphans);
  };
  for (const folder of SWEPT_FOLDERS) {
    let batch: string[] = [];
    for await (const object of store.list(folder)) {
      if (object.lastModified.getTime() > cutoff) continue;
      batch.push(object.key);
      if (batch.length >= BATCH_SIZE) {
        await sweepBatch(batch);
        batch = [];
      }
    }
    await sweepBatch(batch);
  }
  return removed;
}

export interface OrphanSweeperOptions {
  db: Db;
  store: ObjectStore;
  /** Tests sweep at once; the shop waits a minute after start, then SWEEP_INTERVAL_MS between sweeps. */
  firstDelayMs?: number;
  intervalMs?: number;
}

/**
 * Sweeps soon after the server is ready and then every SWEEP_INTERVAL_MS, one sweep at a time. The
 * timer never keeps the process alive, and closing the app stops it (waiting for a sweep under way).
 */
async function sweeper(app: FastifyInstance, options: OrphanSweeperOptions) {
  const { db, store, firstDelayMs = FIRST_SWEEP_DELAY_MS, intervalMs = SWEEP_INTERVAL_MS } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const sweepOnce = async () => {
    try {
      const removed = await sweepOrphanedFiles({ db, store });
      if (removed.length > 0) app.log.info({ removed: removed.length }, 'removed image files no record uses');
    } catch (error) {
      app.log.warn({ err: error }, 'sweeping unused image files failed; trying again later');
    }
  };
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = sweepOnce().finally(() => {
        running = undefined;
        if (!closed) schedule(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };

  app.addHook('onReady', async () => schedule(firstDelayMs));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}

export const orphanSweeper = fp(sweeper, { name: 'orphan-sweeper' });
