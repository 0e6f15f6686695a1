import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as createExtract } from 'tar-stream';
import { jwtSecretPath } from '../auth/secret';
import { MIGRATIONS_FOLDER, type Database } from '../db/client';
import type { ObjectStore } from '../storage/types';
import {
  readMigrationJournal,
  resetSequences,
  rowsOf,
  tablesInForeignKeyOrder,
  tablesWithRows,
} from './catalogue';
import {
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  ManifestSchema,
  SECRET_ENTRY,
  type Manifest,
} from './manifest';

/** Rows inserted by one statement. */
const INSERT_ROWS = 500;

/** A backup that cannot be restored, or a target it may not go into: the message says which and why. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Each entry of the archive at `path` in turn, to be read whole before asking for the next. */
async function* entriesOf(path: string): AsyncGenerator<{ name: string; body: Readable }> {
  const extract = createExtract();
  const feeding = pipeline(createReadStream(path), createGunzip(), extract as unknown as Writable);
  feeding.catch(() => undefined);
  try {
    for await (const entry of extract) yield { name: entry.header.name, body: entry as unknown as Readable };
    await feeding;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`No such file: ${path}`);
    if (code?.startsWith('Z_') || /tar|header|unexpected end/i.test((error as Error).message)) {
      throw new BackupError(`${path} is not a Nour backup, or it is damaged (${(error as Error).message}).`);
    }
    throw error;
  }
}

async function readWhole(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive once, hashing every entry, and answers its manifest only when the format is
 * one this code knows and every entry is there with the checksum the manifest gives it. Writes nothing.
 */
export async function verifyBackup(path: string): Promise<Manifest> {
  const hashes = new Map<string, string>();
  let manifestText: string | null = null;
  for await (const { name, body } of entriesOf(path)) {
    if (name === MANIFEST_ENTRY) {
      manifestText = (await readWhole(body)).toString('utf8');
      continue;
    }
    const hash = createHash('sha256');
    for await (const chunk of body) hash.update(chunk as Buffer);
    hashes.set(name, hash.digest('hex'));
  }
  if (manifestText === null)
    throw new BackupError(`${path} is not a Nour backup: it has no ${MANIFEST_ENTRY}.`);

  let raw: unknown;
  try {
    raw = JSON.parse(manifestText);
  } catch {
    throw new BackupError(`${path} is damaged: its ${MANIFEST_ENTRY} is not JSON.`);
  }
  const version = (raw as { formatVersion?: unknown }).formatVersion;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
    const by = (raw as { appVersion?: unknown }).appVersion;
    throw new BackupError(
      `This backup is in format version ${version} (made by Nour ${String(by)}); this Nour reads format version ${BACKUP_FORMAT_VERSION} and older. Restore it with a newer version of Nour.`,
    );
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupError(`${path} is damaged: its ${MANIFEST_ENTRY} does not describe a backup.`);
  const manifest = parsed.data;

  const damaged: string[] = [];
  for (const [name, expected] of Object.entries(manifest.sha256)) {
    if (hashes.get(name) !== expected) damaged.push(hashes.has(name) ? name : `${name} (missing)`);
  }
  for (const name of hashes.keys())
    if (!(name in manifest.sha256)) damaged.push(`${name} (not in the manifest)`);
  if (damaged.length > 0) {
    throw new BackupError(
      `${path} is damaged: ${damaged.length} entr${damaged.length === 1 ? 'y does' : 'ies do'} not match the manifest's checksums (${damaged.slice(0, 5).join(', ')}${damaged.length > 5 ? ', …' : ''}). Nothing was restored.`,
    );
  }
  return manifest;
}

/** A copy of the migrations folder that ends at `tag`, so the target's schema is the backup's before rows go in. */
async function migrationsUpTo(tag: string): Promise<{ folder: string; remove(): Promise<void> }> {
  const journal = await readMigrationJournal();
  const end = journal.findIndex((entry) => entry.tag === tag);
  const folder = await mkdtemp(join(tmpdir(), 'nour-restore-migrations-'));
  await mkdir(join(folder, 'meta'));
  const kept = journal.slice(0, end + 1);
  for (const entry of kept)
    await copyFile(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  await writeFile(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: kept }),
  );
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

async function hasObjects(store: ObjectStore): Promise<boolean> {
  for await (const object of store.list('')) return object !== undefined;
  return false;
}

export interface RestoreTarget {
  database: Database;
  store: ObjectStore;
  /** DATA_DIR: the generated sign-in secret goes back there. */
  dataDir: string;
}

export interface RestoreOptions {
  /** Replace whatever the target holds; without it a target with any row or file is refused. */
  force?: boolean;
  log?: (line: string) => void;
}

/**
 * Tables a server fills by itself on its first start (the shop's settings, from the environment): a
 * target holding only those is still empty, so an owner may start the new server once before restoring.
 */
const SEEDED_AT_START = new Set(['shop_settings']);

/**
 * Restores the archive at `path` into `target`: checks every checksum first (verifyBackup), refuses a
 * target that holds anything unless `force`, migrates the target to the backup's migration, inserts
 * every table in foreign-key order in one transaction, moves identity sequences past the restored
 * values, runs the migrations that came after the backup's, and puts back the files and the secret.
 */
export async function restoreBackup(
  path: string,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<Manifest> {
  return restoreVerifiedBackup(path, await verifyBackup(path), target, options);
}

/** restoreBackup for an archive verifyBackup has just read, answered `manifest` (the command checks before it opens the target). */
export async function restoreVerifiedBackup(
  path: string,
  manifest: Manifest,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<Manifest> {
  const log = options.log ?? (() => undefined);

  const journal = await readMigrationJournal();
  if (
    !journal.some((entry) => entry.when === manifest.migration.when && entry.tag === manifest.migration.tag)
  ) {
    throw new BackupError(
      `This backup comes from a newer version of Nour (${manifest.appVersion}, migration ${manifest.migration.tag}) than this one knows. Restore it with that version or a later one.`,
    );
  }

  const { db } = target.database;
  const filled = (await tablesWithRows(db)).filter((table) => !SEEDED_AT_START.has(table));
  const objects = await hasObjects(target.store);
  if ((filled.length > 0 || objects) && !options.force) {
    const what = [
      filled.length > 0 ? `rows in ${filled.join(', ')}` : '',
      objects ? 'files in its store' : '',
    ]
      .filter(Boolean)
      .join(' and ');
    throw new BackupError(
      `The target is not empty (${what}). Restore into an empty DATA_DIR or an empty database, or add --force to replace everything in it.`,
    );
  }
  if (options.force) {
    const existing = await tablesInForeignKeyOrder(db);
    if (existing.length > 0) {
      await db.execute(
        sql`truncate table ${sql.join(
          existing.map((table) => sql.identifier(table.name)),
          sql`, `,
        )} restart identity cascade`,
      );
    }
    for await (const object of target.store.list('')) await target.store.delete(object.key);
    if (filled.length > 0 || objects) log('Emptied the target (--force).');
  }

  const upTo = await migrationsUpTo(manifest.migration.tag);
  try {
    await target.database.migrate(upTo.folder);
  } finally {
    await upTo.remove();
  }

  const tableOfPart = new Map(
    manifest.tables.flatMap((table) => table.parts.map((part) => [part, table] as const)),
  );
  const fileOfEntry = new Map(manifest.files.map((file) => [file.entry, file]));
  let secret: Buffer | null = null;
  await db.transaction(async (tx) => {
    // What a server seeded when it started gives way to the backup's own rows.
    for (const table of manifest.tables) {
      if (SEEDED_AT_START.has(table.name)) await tx.execute(sql`delete from ${sql.identifier(table.name)}`);
    }
    const targetColumns = new Map(
      (await tablesInForeignKeyOrder(tx)).map((table) => [table.name, new Set(table.columns)]),
    );
    for await (const { name, body } of entriesOf(path)) {
      const table = tableOfPart.get(name);
      const file = fileOfEntry.get(name);
      if (table) {
        const known = targetColumns.get(table.name);
        if (!known) throw new BackupError(`The backup has a table this database does not: ${table.name}.`);
        const columns = sql.join(
          table.columns.filter((column) => known.has(column)).map((column) => sql.identifier(column)),
          sql`, `,
        );
        const lines = (await readWhole(body)).toString('utf8').split('\n').filter(Boolean);
        for (let start = 0; start < lines.length; start += INSERT_ROWS) {
          const batch = `[${lines.slice(start, start + INSERT_ROWS).join(',')}]`;
          await tx.execute(
            sql`insert into ${sql.identifier(table.name)} (${columns}) overriding system value
                select ${columns} from json_populate_recordset(null::${sql.identifier(table.name)}, ${batch}::json)`,
          );
        }
      } else if (file) {
        await target.store.put(file.key, await readWhole(body), file.contentType);
      } else if (name === SECRET_ENTRY) {
        secret = await readWhole(body);
      } else {
        await readWhole(body);
      }
    }
    for (const table of manifest.tables) {
      const [count] = await rowsOf<{ rows: number }>(
        tx,
        sql`select count(*)::int as rows from ${sql.identifier(table.name)}`,
      );
      if (count?.rows !== table.rows) {
        throw new BackupError(
          `${table.name}: the backup has ${table.rows} rows, ${count?.rows ?? 0} went in. Nothing was restored.`,
        );
      }
    }
    await resetSequences(tx);
  });
  // Migrations newer than the backup change its rows as they changed the shop's when it was upgraded.
  await target.database.migrate();

  if (secret !== null) {
    await mkdir(target.dataDir, { recursive: true });
    await writeFile(jwtSecretPath(target.dataDir), secret, { mode: 0o600 });
    await chmod(jwtSecretPath(target.dataDir), 0o600);
  }
  log(
    `Restored ${manifest.tables.reduce((sum, table) => sum + table.rows, 0)} rows in ${manifest.tables.length} tables and ${manifest.files.length} files${manifest.secret ? ', and the sign-in secret' : ''}.`,
  );
  return manifest;
}
