import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as createPack, type Pack } from 'tar-stream';
import { jwtSecretPath } from '../auth/secret';
import type { Database } from '../db/client';
import type { ObjectStore } from '../storage/types';
import { currentMigration, rowsOf, tablesInForeignKeyOrder } from './catalogue';
import {
  APP_VERSION,
  BACKUP_FORMAT_VERSION,
  fileEntry,
  MANIFEST_ENTRY,
  SECRET_ENTRY,
  tablePartEntry,
  type Manifest,
} from './manifest';

/** Rows are gathered into parts of about this many bytes: a tar entry's size must be known before it. */
const PART_BYTES = 1024 * 1024;
/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 500;

export interface BackupSources {
  database: Pick<Database, 'db' | 'driver'>;
  store: ObjectStore;
  /** DATA_DIR, where the generated sign-in secret lives. */
  dataDir: string;
}

/** Adds one entry, waiting whenever the reader is behind, and answers its bytes' SHA-256. */
async function addEntry(
  pack: Pack,
  name: string,
  size: number,
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>,
  /** Rejects when the output fails (a client that went away): nothing then drains, so stop waiting. */
  outputFailed: Promise<never>,
): Promise<string> {
  const hash = createHash('sha256');
  const sink = pack.entry({ name, size, mode: 0o600 });
  const finished = new Promise<void>((resolve, reject) => {
    sink.once('error', reject);
    sink.once('close', () => resolve());
  });
  for await (const chunk of chunks) {
    hash.update(chunk);
    if (!sink.write(chunk))
      await Promise.race([once(sink as unknown as NodeJS.EventEmitter, 'drain'), outputFailed]);
  }
  sink.end(undefined);
  await Promise.race([finished, outputFailed]);
  return hash.digest('hex');
}

/**
 * The whole shop as one archive (manifest.ts describes it) written to `output` as it is read, so
 * memory stays flat whatever the shop's size. Every table is read in ONE read-only REPEATABLE READ
 * transaction: one snapshot, the same statements on PostgreSQL and on PGlite, so an order and the
 * stock it took are both in or both out. On PGlite that transaction holds the one connection, so the
 * shop's requests wait for the rows to be written (the files come after it ends).
 */
export async function writeBackup(
  sources: BackupSources,
  output: Writable,
  now: () => Date = () => new Date(),
): Promise<Manifest> {
  const pack = createPack();
  const written = pipeline(pack as unknown as Readable, createGzip(), output);
  const outputFailed = written.then(() => new Promise<never>(() => undefined));
  // Awaited at every wait and at the end; unheard in between, a failure must not end the process.
  outputFailed.catch(() => undefined);
  const sha256: Record<string, string> = {};

  try {
    const createdAt = now().toISOString();
    const { migration, tables } = await sources.database.db.transaction(
      async (tx) => {
        // Times written with their offset in UTC whatever the server's zone, so archives compare byte for byte.
        await tx.execute(sql`set local time zone 'UTC'`);
        const migration = await currentMigration(tx);
        const tables: Manifest['tables'] = [];
        for (const table of await tablesInForeignKeyOrder(tx)) {
          const parts: string[] = [];
          let rows = 0;
          let lines: Buffer[] = [];
          let bytes = 0;
          const flush = async () => {
            const name = tablePartEntry(table.name, parts.length);
            sha256[name] = await addEntry(pack, name, bytes, lines, outputFailed);
            parts.push(name);
            lines = [];
            bytes = 0;
          };
          const columns = sql.join(
            table.columns.map((column) => sql.identifier(column)),
            sql`, `,
          );
          await tx.execute(
            sql`declare nour_backup no scroll cursor for select row_to_json(r)::text as line
                from (select ${columns} from ${sql.identifier(table.name)}) r`,
          );
          for (;;) {
            const batch = await rowsOf<{ line: string }>(
              tx,
              sql.raw(`fetch forward ${FETCH_ROWS} from nour_backup`),
            );
            if (batch.length === 0) break;
            for (const { line } of batch) {
              const encoded = Buffer.from(`${line}\n`);
              lines.push(encoded);
              bytes += encoded.length;
              rows += 1;
              if (bytes >= PART_BYTES) await flush();
            }
          }
          if (bytes > 0) await flush();
          await tx.execute(sql`close nour_backup`);
          tables.push({ name: table.name, columns: table.columns, rows, parts });
        }
        return { migration, tables };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    const files: Manifest['files'] = [];
    for await (const listed of sources.store.list('')) {
      const object = await sources.store.get(listed.key);
      // Deleted since it was listed: its row is gone from the shop as well, or will be.
      if (!object) continue;
      let size = object.size;
      let chunks: AsyncIterable<Buffer> | Buffer[] = object.body;
      if (size === undefined) {
        const whole: Buffer[] = [];
        for await (const chunk of object.body) whole.push(chunk as Buffer);
        chunks = whole;
        size = whole.reduce((sum, chunk) => sum + chunk.length, 0);
      }
      const entry = fileEntry(listed.key);
      sha256[entry] = await addEntry(pack, entry, size, chunks, outputFailed);
      files.push({ key: listed.key, entry, contentType: object.contentType, size });
    }

    const secret = await readFile(jwtSecretPath(sources.dataDir)).catch(() => null);
    if (secret)
      sha256[SECRET_ENTRY] = await addEntry(pack, SECRET_ENTRY, secret.length, [secret], outputFailed);

    const manifest: Manifest = {
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      createdAt,
      database: sources.database.driver,
      migration,
      tables,
      files,
      secret: secret !== null,
      sha256,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await addEntry(pack, MANIFEST_ENTRY, manifestBytes.length, [manifestBytes], outputFailed);
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
}
