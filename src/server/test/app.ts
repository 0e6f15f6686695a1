import type { FastifyInstance } from 'fastify';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app';
import { TokenService } from '../auth/tokens';
import { loadConfig, type Config } from '../config';
import { createUrlSigner, type UrlSigner } from '../files/signing';
import { createObjectStore } from '../storage';
import { createLocalStore } from '../storage/local';
import type { ObjectStore } from '../storage/types';
import { openPglite, openPostgres, type Database } from '../db/client';
import type { MailOverrides } from '../mail/mailer';
import { createTestPostgresDatabase } from './postgres';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Which database a test run uses: PGlite, or PostgreSQL when the run was started with TEST_DB=pg. */
export const testDriver: 'pglite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * Each test app gets its own PGlite, loaded from the migrated data folder that global-setup.ts made
 * once for the whole run (loading it costs under a second; a fresh PGlite costs seconds of initdb).
 */
async function freshPglite(): Promise<Database> {
  pgliteTemplate ??= readFile(inject('pgliteTemplateFile')).then((tar) => new Blob([tar]));
  return openPglite(undefined, await pgliteTemplate);
}

/**
 * A database of its own for each test app, copied from the migrated template global-setup.ts made on
 * the server named by DATABASE_URL, and dropped on close.
 */
async function freshPostgres(): Promise<Database> {
  const created = await createTestPostgresDatabase(inject('postgresTemplateDatabase'));
  const database = openPostgres(created.url, 30);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export async function freshDatabase(): Promise<Database> {
  return testDriver === 'pg' ? freshPostgres() : freshPglite();
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    DATA_DIR: '/tmp/nour-test-unused',
    // The API alone, whether or not someone has built the web app in this tree.
    WEB_DIST_DIR: '/tmp/nour-test-no-web-build',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  tokens: TokenService;
  config: Config;
  store: ObjectStore;
  signer: UrlSigner;
  storeDir: string;
  close(): Promise<void>;
}

/**
 * The real application on a fresh, migrated, empty database, or on `options.database` when given
 * (closed with the app); `options.logDestination` captures its log lines, `options.mail` changes how
 * its e-mails leave (without SMTP_URL they are written under a DATA_DIR of its own, removed on close);
 * `options.beforeReady` may add
 * hooks that watch every route (a test's own hooks can only be added before the app is ready).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    database?: Database;
    logDestination?: { write(line: string): void };
    mail?: MailOverrides;
    beforeReady?: (app: FastifyInstance) => void;
    clock?: () => number;
    jobs?: AppDeps['jobs'];
    whatsapp?: AppDeps['whatsapp'];
    courierTimeoutMs?: number;
  } = {},
): Promise<TestApp> {
  const storeDir = await mkdtemp(join(tmpdir(), 'nour-test-store-'));
  const config = testConfig({ DATA_DIR: join(storeDir, 'data'), ...overrides });
  const database = options.database ?? (await freshDatabase());
  const tokens = new TokenService(TEST_JWT_SECRET, config.JWT_EXPIRES_IN);
  // With S3_* overrides the store is the one the shop builds from them; else a directory of its own.
  const store = config.S3_BUCKET ? createObjectStore(config) : createLocalStore(storeDir);
  const signer = createUrlSigner(TEST_JWT_SECRET);
  const app = await buildApp({
    config,
    database,
    tokens,
    store,
    signer,
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.whatsapp ? { whatsapp: options.whatsapp } : {}),
    ...(options.courierTimeoutMs ? { courierTimeoutMs: options.courierTimeoutMs } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    tokens,
    config,
    store,
    signer,
    storeDir,
    close: async () => {
      await app.close();
      await database.close();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}
