import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database, type Db } from './client';
import { acquireLock } from './lock';
import { products } from './schema';

export interface OpenedDatabase {
  database: Database;
  /** Where the data lives, for people to read (a password in the URL is hidden). */
  location: string;
  /** Closes the database and, for PGlite, gives up the lock. */
  close(): Promise<void>;
}

export function pgliteDirectory(dataDir: string): string {
  return resolve(dataDir, 'db');
}

export function lockFilePath(dataDir: string): string {
  return resolve(dataDir, 'db.lock');
}

function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return `PostgreSQL ${parsed.toString()}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * The database the configuration names: PostgreSQL with DATABASE_URL, otherwise PGlite under
 * DATA_DIR/db, which only one process may open at a time (so this throws LockHeldError when the
 * server or a script already has it).
 */
export async function openConfiguredDatabase(config: Config): Promise<OpenedDatabase> {
  if (config.DATABASE_URL) {
    const database = openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
    return { database, location: describePostgres(config.DATABASE_URL), close: () => database.close() };
  }
  await mkdir(config.DATA_DIR, { recursive: true });
  const lock = acquireLock(lockFilePath(config.DATA_DIR));
  const directory = pgliteDirectory(config.DATA_DIR);
  let database: Database;
  try {
    database = await openPglite(directory);
  } catch (error) {
    lock.release();
    throw error;
  }
  let closed = false;
  return {
    database,
    location: `PGlite ${join(directory)}`,
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}

/** Whether the shop has any product yet: the demo catalogue is loaded only into an empty one. */
export async function hasProducts(db: Db): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}
