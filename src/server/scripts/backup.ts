/**
 * `npm run backup -- --out FILE [--server URL]`: the whole shop in one archive (src/server/backup).
 * On PostgreSQL it reads the database itself. On PGlite only one process may open the database, so
 * while the server runs the archive comes from the server (GET /api/admin/backup), through a link the
 * command signs with the shop's secret from DATA_DIR (or JWT_SECRET): only someone who can read the
 * shop's own files can make one, and no admin password is typed. With no server running it opens
 * PGlite itself. The archive is written beside FILE under a temporary name and renamed when whole.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { loadOrCreateJwtSecret } from '../auth/secret';
import { writeBackup } from '../backup/export';
import type { Manifest } from '../backup/manifest';
import { BackupError, verifyBackup } from '../backup/restore';
import { signBackupLink } from '../backup/routes';
import { ConfigError, loadConfig, type Config } from '../config';
import { LockHeldError } from '../db/lock';
import { openConfiguredDatabase } from '../db/open';
import { createUrlSigner } from '../files/signing';
import { createObjectStore } from '../storage';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Where this machine reaches the server its configuration describes. */
function serverAddress(config: Config): string {
  const host = ['0.0.0.0', '::', '::0', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

async function downloadFromServer(config: Config, server: string, partial: string): Promise<Manifest> {
  const signer = createUrlSigner(await loadOrCreateJwtSecret(config));
  const url = `${server.replace(/\/+$/, '')}${signBackupLink(signer)}`;
  let answer: Response;
  try {
    answer = await fetch(url);
  } catch (error) {
    fail(
      `The database is held by a running server, which did not answer at ${server} (${(error as Error).message}). Pass its address with --server URL.`,
    );
  }
  if (!answer.ok || !answer.body) {
    const message = await answer
      .json()
      .then((body: { message?: string }) => body.message)
      .catch(() => undefined);
    fail(`The server at ${server} refused the backup (${answer.status}${message ? `: ${message}` : ''}).`);
  }
  await pipeline(
    Readable.fromWeb(answer.body as ReadableStream),
    createWriteStream(partial, { mode: 0o600 }),
  );
  // A backup that failed half-way on the server ends the download early: the check refuses it.
  return verifyBackup(partial);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, server: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const usage = 'Usage: npm run backup -- --out FILE [--server URL]';
  if (values.help) {
    console.log(usage);
    console.log('Writes the database, the uploaded images and proofs, and the secret to FILE (a .tar.gz).');
    console.log(
      '--server: where the running server answers, when it is not at HOST:PORT of this configuration.',
    );
    return;
  }
  if (!values.out) fail(usage);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const out = values.out;
  const partial = `${out}.partial`;
  let manifest: Manifest;
  let through: string;
  try {
    let opened;
    try {
      opened = await openConfiguredDatabase(config);
    } catch (error) {
      if (!(error instanceof LockHeldError)) throw error;
    }
    if (opened) {
      try {
        manifest = await writeBackup(
          { database: opened.database, store: createObjectStore(config), dataDir: config.DATA_DIR },
          createWriteStream(partial, { mode: 0o600 }),
        );
        through = opened.location;
      } finally {
        await opened.close();
      }
    } else {
      const server = values.server ?? serverAddress(config);
      manifest = await downloadFromServer(config, server, partial);
      through = `the running server at ${server}`;
    }
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof BackupError) fail(error.message);
    throw error;
  }
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const megabytes = ((await stat(out)).size / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written to ${out} (${megabytes} MB) from ${through}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.files.length} files${manifest.secret ? ', the secret' : ''}.`,
  );
}

main().catch((error: unknown) => {
  console.error('Backup failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
