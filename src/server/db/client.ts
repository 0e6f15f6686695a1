import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { listenOnPostgres, type ListenHandlers } from './listener';
import { withNamedStatements } from './pglite-statements';
import { SEARCH_TYPO_SIMILARITY } from './text-search';
import * as schema from './schema';

type Schema = typeof schema;

/** One type above both drivers, so no feature knows which one it runs on (DESIGN §1). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query helpers take either, so a service can call them inside its transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Runs the migrations of `migrationsFolder` (all of the shop's by default) that have not run yet. */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears of every pooled connection that fails on its own (PostgreSQL only: a restart, a fail-over,
   * `pg_terminate_backend`). Nothing needs to act on it: the pool drops that connection and opens a
   * new one when a request needs it; the request that was using it fails and answers 503.
   */
  onConnectionLost(listener: (error: Error) => void): void;
  /**
   * Hears of every connection the pool opens (PostgreSQL only): the database is reachable, so an
   * outage, if there was one, is over.
   */
  onConnected(listener: () => void): void;
  /** NOTIFY every session listening on `channel` (of any process on this database). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * LISTEN on `channel` until the answered function is called (before `close`). On PostgreSQL over a
   * connection of its own that is opened again when lost; `onListening(false)` says when
   * notifications may be missed meanwhile.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The settings every session of the shop runs with: how alike a typo must be to count (catalog search).
 * Not `plan_cache_mode=force_generic_plan`: tried, it also applies to the unnamed statement of every
 * parameterized query, and a search planned without its term walked the whole featured index.
 */
const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': String(SEARCH_TYPO_SIMILARITY) };

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });
  // PGlite is one session for the life of the process: set once.
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await client.query('select set_config($1, $2, false)', [name, value]);
  }
  return fromPglite(client);
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(withNamedStatements(client), { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
    // In-process: there is no connection to lose.
    onConnectionLost: () => undefined,
    onConnected: () => undefined,
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onPayload);
      handlers.onListening(true);
      return unlisten;
    },
  };
}

/**
 * How long a request waits for a pooled connection (a free one, or a new one to a server that does
 * not answer) before it gives up with a 503: during an outage requests must fail fast, not pile up.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * A pool whose lent connections go back to it, dropped, as soon as they die. drizzle-orm 0.45 sends a
 * transaction's BEGIN before the try/finally that gives the connection back
 * (drizzle-team/drizzle-orm#6241): a BEGIN on a connection that PostgreSQL just ended leaked it, and
 * after ten such the pool had none left and the shop answered nothing until restarted. Giving back
 * twice is harmless here, so Drizzle's own release (when it does come) does no harm either.
 */
class SelfHealingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // pool.query() lends with a callback and gives back on every path itself.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const giveBack = client.release;
      let givenBack = false;
      const release = (error?: Error | boolean) => {
        if (givenBack) return;
        givenBack = true;
        client.removeListener('end', onEnd);
        giveBack(error);
      };
      const onEnd = () => release(new Error('Connection ended while lent'));
      client.once('end', onEnd);
      client.release = release;
      return client;
    });
  }
}

export function openPostgres(
  connectionString: string,
  poolSize = 10,
  connectTimeoutMs = POSTGRES_CONNECT_TIMEOUT_MS,
): Database {
  const pool = new SelfHealingPool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    // Sent with every new connection's start-up, so each session has them before its first query.
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
    // Notices a peer that vanished without closing the socket (a fail-over, a dropped network).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const listeners = new Set<(error: Error) => void>();
  const lost = (error: Error) => {
    for (const listener of listeners) listener(error);
  };
  // An 'error' event without a listener ends the process (issue 11). A connection's error is heard
  // once, by its own listener below, whether it sat idle in the pool or was lent to a request:
  // pg-pool listens to idle connections only, and re-emits their errors here.
  pool.on('error', () => undefined);
  const connectedListeners = new Set<() => void>();
  pool.on('connect', (client) => {
    client.on('error', lost);
    for (const listener of connectedListeners) listener();
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pg',
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) =>
      migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    close: () => pool.end(),
    onConnectionLost: (listener) => {
      listeners.add(listener);
    },
    onConnected: (listener) => {
      connectedListeners.add(listener);
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, handlers) => listenOnPostgres(connectionString, channel, handlers, connectTimeoutMs),
  };
}
