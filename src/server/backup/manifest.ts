import { z } from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };

/**
 * The archive's layout, version 1: a gzip'd tar whose entries come in this order:
 * `db/<table>.<part>.jsonl` (every table in foreign-key order, one JSON object per row, split into
 * parts of about a mebibyte), `files/<key>` (every object of the store), `secrets/jwt-secret` (when
 * DATA_DIR holds one), and last `manifest.json`, which can only be written once everything else has
 * been read and hashed. A format this code does not know is refused, never guessed at.
 */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const SECRET_ENTRY = 'secrets/jwt-secret';
export const fileEntry = (key: string) => `files/${key}`;
export const tablePartEntry = (table: string, part: number) =>
  `db/${table}.${String(part).padStart(5, '0')}.jsonl`;

export const APP_VERSION = packageJson.version;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const ManifestSchema = z.object({
  formatVersion: z.number().int().min(1),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.enum(['pglite', 'pg']),
  /** The last migration the database had run: restore brings the target to it before inserting. */
  migration: z.object({ tag: z.string(), when: z.number() }),
  /** In foreign-key order, parents first. */
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.number().int().min(0),
      parts: z.array(z.string()),
    }),
  ),
  files: z.array(
    z.object({ key: z.string(), entry: z.string(), contentType: z.string(), size: z.number().int().min(0) }),
  ),
  /** Whether `secrets/jwt-secret` is in: not when the shop signs with JWT_SECRET from its environment. */
  secret: z.boolean(),
  /** Every entry but the manifest itself, with its bytes' SHA-256 in hex. */
  sha256: z.record(z.string(), Sha256),
});

export type Manifest = z.infer<typeof ManifestSchema>;

/** `nour-backup-2026-11-26T06-05-43-123Z.tar.gz`: names sort by time, and the colons no file system likes are gone. */
export function backupFileName(at: Date): string {
  return `nour-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

export const BACKUP_FILE_PATTERN = /^nour-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;
