import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import cluster from 'node:cluster';
import { lookup } from 'node:dns/promises';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { serializeError } from './logging';
import { loadOrCreateJwtSecret } from './auth/secret';
import { AdminAccountError, ensureAdmin, signsInWith } from './auth/service';
import { TokenService } from './auth/tokens';
import { scheduleBackups } from './backup/schedule';
import { superviseWorkers } from './cluster';
import { ConfigError, loadConfig, serverProcesses, type Config } from './config';
import { POSTGRES_CONNECT_TIMEOUT_MS } from './db/client';
import type { Database } from './db/client';
import { databaseUnavailableReason } from './db/faults';
import { LockHeldError } from './db/lock';
import { hasProducts, openConfiguredDatabase, type OpenedDatabase } from './db/open';
import { DEMO_ADMIN, DEMO_USER, seedDemoCatalogue } from './db/seed/demo';
import { createUrlSigner } from './files/signing';
import { configureImageQueue } from './images/queue';
import { describeMailDelivery } from './mail/mailer';
import { createObjectStore } from './storage';
import { localStoreRoot } from './storage/local';

/** How long a shutdown may wait for open requests before the process leaves anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Start-up talks to the person at the terminal; once the app runs, its logger takes over. */
const say = (line: string) => console.log(line);
const log = {
  info: (message: string) => say(message),
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};

/** Ends start-up with `message` (one line per fault, each naming the variable at fault) on stderr. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A setting that looked right but cannot be used on this machine: one line naming it. */
function cannotStart(variable: string, problem: string): ConfigError {
  return new ConfigError(`Cannot start: ${variable} ${problem}`);
}

const errorCode = (error: unknown): string | undefined => {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
};

/** DATA_DIR and BACKUP_DIR: made if missing; a file in their place, or no right to write, stops start-up. */
async function ensureFolder(variable: 'DATA_DIR' | 'BACKUP_DIR', path: string): Promise<void> {
  const folder = resolve(path);
  try {
    await mkdir(folder, { recursive: true });
    await access(folder, constants.W_OK);
  } catch (error) {
    const code = errorCode(error);
    const problem =
      code === 'EEXIST'
        ? 'is a file, not a folder'
        : code === 'ENOTDIR'
          ? 'lies under a file, not a folder'
          : code === 'EACCES' || code === 'EPERM'
            ? 'cannot be written by this process (permission denied)'
            : code === 'EROFS'
              ? 'is on a read-only file system'
              : `cannot be made a folder (${code ?? (error as Error).message})`;
    throw cannotStart(variable, `${folder} ${problem}`);
  }
}

/** HOST must name this machine: an address, or a name that resolves, before anything is opened. */
async function checkHost(config: Config): Promise<void> {
  try {
    await lookup(config.HOST);
  } catch (error) {
    throw cannotStart(
      'HOST',
      `${JSON.stringify(config.HOST)} is no address or host name that resolves (${errorCode(error) ?? (error as Error).message})`,
    );
  }
}

/** What a listen that failed says about HOST or PORT, or null for another failure. */
function listenProblem(config: Config, error: unknown): ConfigError | null {
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return cannotStart(
        'PORT',
        `${config.PORT} on ${config.HOST} is already in use: stop what uses it, or set another PORT`,
      );
    case 'EACCES':
      return cannotStart(
        'PORT',
        `${config.PORT} needs privileges this process has not: choose one from 1024 up`,
      );
    case 'EADDRNOTAVAIL':
      return cannotStart('HOST', `${JSON.stringify(config.HOST)} is no address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return cannotStart('HOST', `${JSON.stringify(config.HOST)} is no host name that resolves`);
    default:
      return null;
  }
}

/** The driver's own error under Drizzle's wrapper, pg-pool's and Node's dual-stack AggregateError. */
function innermost(error: unknown): { code?: string; message: string } {
  let current = error as { cause?: unknown; errors?: unknown; code?: unknown; message?: unknown };
  for (let depth = 0; depth < 10; depth++) {
    if (current.cause && typeof current.cause === 'object') current = current.cause as typeof current;
    else if (Array.isArray(current.errors) && current.errors[0])
      current = current.errors[0] as typeof current;
    else break;
  }
  return { code: errorCode(current), message: String(current.message ?? current) };
}

/** Why PostgreSQL at DATABASE_URL cannot be used, in words an operator acts on (no password). */
function postgresProblem(databaseUrl: string, error: unknown): string {
  let at = 'the address';
  let host = 'in it';
  let name = '';
  try {
    const url = new URL(databaseUrl);
    host = url.hostname;
    at = url.port ? `${url.hostname}:${url.port}` : url.hostname;
    name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  } catch {
    // The schema checked its scheme; pg reads what URL cannot.
  }
  const { code, message } = innermost(error);
  const firstLine = message.split('\n')[0];
  switch (code) {
    case 'ECONNREFUSED':
      return `names PostgreSQL at ${at}, where nothing accepts connections: is it running, and is the address right?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `names the host ${host}, which does not resolve`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `names PostgreSQL at ${at}, which cannot be reached (${code})`;
    case '3D000':
      return `names the database ${JSON.stringify(name)}, which PostgreSQL at ${at} does not have: create it, or name another`;
    case '28P01':
    case '28000':
      return `is refused by PostgreSQL at ${at}: ${firstLine}`;
    default:
      if (/timeout/i.test(message)) {
        return `names PostgreSQL at ${at}, which did not answer within ${POSTGRES_CONNECT_TIMEOUT_MS / 1000} s`;
      }
      return `names PostgreSQL at ${at}, which cannot be used: ${firstLine}`;
  }
}

/** A first statement on PostgreSQL, so an unreachable or missing database is told in one line. */
async function checkDatabase(config: Config, opened: OpenedDatabase): Promise<void> {
  if (!config.DATABASE_URL) return;
  try {
    await opened.database.db.execute(sql`select 1`);
  } catch (error) {
    throw cannotStart('DATABASE_URL', postgresProblem(config.DATABASE_URL, error));
  }
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

function describeStore(config: Config): string {
  return config.S3_BUCKET
    ? `S3 bucket ${config.S3_BUCKET}${config.S3_ENDPOINT ? ` at ${config.S3_ENDPOINT}` : ''}`
    : resolve(localStoreRoot(config.DATA_DIR));
}

function publicAddress(port: number, config: Config): string {
  // 0.0.0.0 and :: mean "every interface"; a browser on this machine reaches them as localhost.
  const host = ['0.0.0.0', '::', '::0'].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * One process serving alone: a second signal (Ctrl+C again) leaves at once. A worker of several
 * (`inCluster`) hears the signals its primary sends and the ones a terminal or a service manager sends
 * the whole group: it closes once, and leaves forcing to the primary.
 */
function closeOnSignals(app: FastifyInstance, opened: OpenedDatabase, inCluster: boolean): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      if (inCluster) return;
      // A second Ctrl+C: the person does not want to wait.
      process.exit(1);
    }
    closing = true;
    if (!inCluster) say(`\n${signal} received: finishing open requests and closing the database...`);
    const timer = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s; leaving anyway.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      console.error('Closing the server failed:', error);
      code = 1;
    }
    try {
      await opened.close();
    } catch (error) {
      console.error('Closing the database failed:', error);
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

/**
 * The last guard of issue 11: the database's pool already hears its connections' errors, so a lost
 * connection only fails the requests using it. Should a database fault still escape as an unhandled
 * rejection or an 'error' event nobody listens to, it must not end a shop that serves again as soon as
 * PostgreSQL is back. Anything else is a bug whose state nobody knows: the process leaves as Node
 * would have made it, and its supervisor starts a clean one.
 */
function surviveDatabaseFaults(): void {
  const escaped = (error: unknown) => {
    const reason = databaseUnavailableReason(error);
    if (reason) {
      // Its reason only: a query's error holds the SQL and its parameters.
      console.warn(`The database failed outside any request (${reason}); the shop keeps running.`);
      return;
    }
    // Through the log's error serializer: a failed statement's parameters are a shopper's data.
    console.error('Unexpected error; the server stops:', JSON.stringify(serializeError(error)));
    process.exit(1);
  };
  process.on('unhandledRejection', escaped);
  process.on('uncaughtException', escaped);
}

async function openDatabase(config: Config): Promise<OpenedDatabase> {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof LockHeldError) fail(error.message);
    throw error;
  }
}

/** Runs `work` on the opened database; a start-up that fails closes it and says why. */
async function starting<T>(config: Config, opened: OpenedDatabase, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await opened.close().catch(() => undefined);
    if (error instanceof ConfigError) fail(error.message);
    const listening = listenProblem(config, error);
    if (listening) fail(listening.message);
    throw error;
  }
}

interface DemoSignIn {
  label: string;
  email: string;
  password: string;
}

/**
 * What happens once per start, before anything serves: the migrations, the demo catalogue, the admin.
 * With several processes the primary does it alone, so workers never race on a migration.
 */
async function prepareDatabase(config: Config, database: Database): Promise<DemoSignIn[]> {
  await database.migrate();
  if (config.SEED_DEMO && !(await hasProducts(database.db))) {
    say('Loading the demo catalogue (first start)...');
    await seedDemoCatalogue({ db: database.db, store: createObjectStore(config), log });
  }
  // Shown on every start while they still work, not only on the first: that is when people forget them.
  const demoSignIns = config.SEED_DEMO
    ? (
        await Promise.all(
          [
            { label: 'Demo admin:  ', ...DEMO_ADMIN },
            { label: 'Demo shopper:', ...DEMO_USER },
          ].map(async (account) =>
            (await signsInWith(database.db, account.email, account.password)) ? account : null,
          ),
        )
      ).filter((account) => account !== null)
    : [];

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    try {
      const { outcome, email } = await ensureAdmin(database.db, {
        name: config.ADMIN_NAME,
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
      });
      if (outcome !== 'unchanged') say(`Admin ${email}: ${outcome}.`);
    } catch (error) {
      if (error instanceof AdminAccountError) {
        throw new ConfigError(
          `Invalid environment variables (ADMIN_NAME, ADMIN_EMAIL, ADMIN_PASSWORD):\n${error.message}`,
        );
      }
      throw error;
    }
  }
  return demoSignIns;
}

/** Builds the app on a prepared database and listens; answers the port it listens on. */
async function serveShop(config: Config, opened: OpenedDatabase, inCluster: boolean): Promise<number> {
  const jwtSecret = await loadOrCreateJwtSecret(config);
  const store = createObjectStore(config);
  const tokens = new TokenService(jwtSecret, config.JWT_EXPIRES_IN);
  // Loaded only where an app is built: the primary of several processes never serves, and is about
  // 35 MB lighter without Fastify and the routes (108 against 143 MB resident, measured compiled).
  const { buildApp } = await import('./app');
  const app = await buildApp({
    config,
    database: opened.database,
    tokens,
    store,
    signer: createUrlSigner(jwtSecret),
    buildListingIndexNow: true,
  });
  closeOnSignals(app, opened, inCluster);
  await app.listen({ host: config.HOST, port: config.PORT });
  return (app.server.address() as AddressInfo | null)?.port ?? config.PORT;
}

/**
 * BACKUP_EVERY_HOURS: written by this process, which is the only one of the shop (PGlite, or one
 * process) or the primary of several (which serves nothing), so a cluster writes each backup once.
 * Answers what to say about it and how to stop it, or null when it is off.
 */
function startScheduledBackups(
  config: Config,
  database: Database,
): { description: string; stop(): Promise<void> } | null {
  if (config.BACKUP_EVERY_HOURS === undefined || !config.BACKUP_DIR) return null;
  const stop = scheduleBackups({
    sources: { database, store: createObjectStore(config), dataDir: config.DATA_DIR },
    dir: config.BACKUP_DIR,
    everyMs: config.BACKUP_EVERY_HOURS * 3_600_000,
    keep: config.BACKUP_KEEP,
    log,
  });
  return {
    description: `every ${config.BACKUP_EVERY_HOURS} h into ${resolve(config.BACKUP_DIR)}, keeping the newest ${config.BACKUP_KEEP}`,
    stop,
  };
}

function printBanner(
  config: Config,
  details: {
    port: number;
    location: string;
    processes: string;
    backups: string | null;
    demoSignIns: DemoSignIn[];
  },
): void {
  const url = publicAddress(details.port, config);
  say('');
  say(`${config.SHOP_NAME} is running at ${url}`);
  say(`  API docs:  ${url}/api/docs`);
  say(`  Database:  ${details.location}`);
  say(`  Processes: ${details.processes}`);
  say(`  Images:    ${describeStore(config)}`);
  say(`  Backups:   ${details.backups ?? 'none scheduled (BACKUP_EVERY_HOURS); npm run backup takes one'}`);
  say(`  ${describeMailDelivery(config)}`);
  for (const account of details.demoSignIns) say(`  ${account.label} ${account.email} / ${account.password}`);
  if (config.ADMIN_EMAIL) say(`  Admin:     ${config.ADMIN_EMAIL} (password from ADMIN_PASSWORD)`);
  say('Press Ctrl+C to stop.');
}

/** One process, or why only one: PGlite cannot be shared, and the owner who asked for more should know. */
function describeOneProcess(config: Config): string {
  if (config.WEB_CONCURRENCY === 1) return `1 (pid ${process.pid})`;
  return `1 (pid ${process.pid}): WEB_CONCURRENCY asks for ${config.WEB_CONCURRENCY}, but the embedded database (PGlite) is one process; set DATABASE_URL to run several`;
}

async function main(): Promise<void> {
  surviveDatabaseFaults();
  const config = readConfig();
  configureImageQueue({ concurrency: config.IMAGE_CONCURRENCY, maxWaiting: config.IMAGE_QUEUE_LIMIT });

  if (cluster.isWorker) {
    // The primary has migrated and prepared the database, and prints the address once all listen.
    const opened = await openDatabase(config);
    await starting(config, opened, async () => {
      await checkDatabase(config, opened);
      return serveShop(config, opened, true);
    });
    return;
  }

  try {
    await checkHost(config);
    await ensureFolder('DATA_DIR', config.DATA_DIR);
    if (config.BACKUP_DIR) await ensureFolder('BACKUP_DIR', config.BACKUP_DIR);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const opened = await openDatabase(config);
  const demoSignIns = await starting(config, opened, async () => {
    await checkDatabase(config, opened);
    return prepareDatabase(config, opened.database);
  });
  const processes = serverProcesses(config);

  if (processes === 1) {
    // PGlite with WEB_CONCURRENCY > 1 serves too rather than refuses: the shop an owner starts with
    // `npm start` must run whatever the environment says about PostgreSQL-only tuning.
    const backups = startScheduledBackups(config, opened.database);
    // A backup under way at shutdown is finished (and rotated) before the database closes.
    const serving: OpenedDatabase = backups
      ? {
          ...opened,
          close: async () => {
            await backups.stop();
            await opened.close();
          },
        }
      : opened;
    const port = await starting(config, serving, () => serveShop(config, serving, false));
    printBanner(config, {
      port,
      location: opened.location,
      processes: describeOneProcess(config),
      backups: backups?.description ?? null,
      demoSignIns,
    });
    return;
  }

  // The primary keeps a connection only to write the scheduled backups.
  const backups = startScheduledBackups(config, opened.database);
  if (!backups) await opened.close();
  superviseWorkers({
    workers: processes,
    shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS,
    say,
    warn: log.warn,
    onServing: (port, pids) =>
      printBanner(config, {
        port,
        location: opened.location,
        processes: `${processes} on one port (pids ${pids.join(', ')}; this primary ${process.pid} replaces one that dies)`,
        backups: backups?.description ?? null,
        demoSignIns,
      }),
  });
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
