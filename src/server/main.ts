import type { FastifyInstance } from 'fastify';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { buildApp } from './app';
import { serializeError } from './logging';
import { loadOrCreateJwtSecret } from './auth/secret';
import { AdminAccountError, ensureAdmin, signsInWith } from './auth/service';
import { TokenService } from './auth/tokens';
import { ConfigError, loadConfig, type Config } from './config';
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

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
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

function publicAddress(app: FastifyInstance, config: Config): string {
  const address = app.server.address() as AddressInfo | null;
  const port = address?.port ?? config.PORT;
  // 0.0.0.0 and :: mean "every interface"; a browser on this machine reaches them as localhost.
  const host = ['0.0.0.0', '::', '::0'].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function closeOnSignals(app: FastifyInstance, opened: OpenedDatabase): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      // A second Ctrl+C: the person does not want to wait.
      process.exit(1);
    }
    closing = true;
    say(`\n${signal} received: finishing open requests and closing the database...`);
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

async function main(): Promise<void> {
  surviveDatabaseFaults();
  const config = readConfig();
  await mkdir(config.DATA_DIR, { recursive: true });

  let opened: OpenedDatabase;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof LockHeldError) fail(error.message);
    throw error;
  }

  try {
    const { database } = opened;
    await database.migrate();
    const jwtSecret = await loadOrCreateJwtSecret(config);
    const store = createObjectStore(config);
    configureImageQueue({ concurrency: config.IMAGE_CONCURRENCY, maxWaiting: config.IMAGE_QUEUE_LIMIT });

    if (config.SEED_DEMO && !(await hasProducts(database.db))) {
      say('Loading the demo catalogue (first start)...');
      await seedDemoCatalogue({ db: database.db, store, log });
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

    const tokens = new TokenService(jwtSecret, config.JWT_EXPIRES_IN);
    const app = await buildApp({ config, database, tokens, store, signer: createUrlSigner(jwtSecret) });
    closeOnSignals(app, opened);
    await app.listen({ host: config.HOST, port: config.PORT });

    const url = publicAddress(app, config);
    say('');
    say(`${config.SHOP_NAME} is running at ${url}`);
    say(`  API docs:  ${url}/api/docs`);
    say(`  Database:  ${opened.location}`);
    say(`  Images:    ${describeStore(config)}`);
    say(`  ${describeMailDelivery(config)}`);
    for (const account of demoSignIns) say(`  ${account.label} ${account.email} / ${account.password}`);
    if (config.ADMIN_EMAIL) say(`  Admin:     ${config.ADMIN_EMAIL} (password from ADMIN_PASSWORD)`);
    say('Press Ctrl+C to stop.');
  } catch (error) {
    await opened.close().catch(() => undefined);
    if (error instanceof ConfigError) fail(error.message);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(`Port ${config.PORT} on ${config.HOST} is already in use. Stop what uses it, or set PORT.`);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
