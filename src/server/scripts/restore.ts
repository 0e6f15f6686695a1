/**
 * `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` (or the admin's
 * 'Download backup') into the configured database and store: an empty DATA_DIR, or the empty
 * PostgreSQL database of DATABASE_URL. Every checksum is checked before anything is written; a target
 * that holds anything is refused unless --force, which replaces all it holds.
 */
import { parseArgs } from 'node:util';
import { BackupError, restoreVerifiedBackup, verifyBackup } from '../backup/restore';
import { ConfigError, loadConfig } from '../config';
import { LockHeldError } from '../db/lock';
import { openConfiguredDatabase } from '../db/open';
import { createObjectStore } from '../storage';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    const usage = 'Usage: npm run restore -- FILE [--force]';
    if (values.help)
      return console.log(
        `${usage}\nRestores a Nour backup into DATA_DIR (or DATABASE_URL) and the image store.`,
      );
    fail(usage);
  }
  const file = positionals[0]!;
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  try {
    const manifest = await verifyBackup(file);
    console.log(
      `${file}: a backup of ${manifest.createdAt} (Nour ${manifest.appVersion}, ${manifest.database === 'pg' ? 'PostgreSQL' : 'PGlite'}); every checksum matches.`,
    );
    let opened;
    try {
      opened = await openConfiguredDatabase(config);
    } catch (error) {
      if (error instanceof LockHeldError) {
        fail(`${error.message}\nThe server is running on this DATA_DIR: stop it, restore, then start it.`);
      }
      throw error;
    }
    try {
      await restoreVerifiedBackup(
        file,
        manifest,
        { database: opened.database, store: createObjectStore(config), dataDir: config.DATA_DIR },
        { force: values.force === true, log: (line) => console.log(line) },
      );
      console.log(`Restored into ${opened.location}.`);
    } finally {
      await opened.close();
    }
  } catch (error) {
    if (error instanceof BackupError) fail(error.message);
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error('Restore failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
