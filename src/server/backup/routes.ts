import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@/shared/messages';
import { BACKUP_LINK_TTL_SECONDS, BackupLinkAnswerSchema, BackupQuerySchema } from '@/shared/schemas/backup';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { FileBodySchema } from '../files/routes';
import { FILES_PATH, type UrlSigner } from '../files/signing';
import { errorAnswers } from '../plugins/docs';
import type { SharedState } from '../shared-state';
import type { ObjectStore } from '../storage/types';
import { writeBackup } from './export';
import { backupFileName, type Manifest } from './manifest';

export const BACKUP_PATH = '/api/admin/backup';
/**
 * What a backup link's signature is made for. Never a store key (those of signed files are under
 * `private/`), so a backup link opens no file and a file link no backup.
 */
const BACKUP_LINK_KEY = 'backup';

/**
 * `/api/admin/backup?expires=…&signature=…`, signed like a private file's link with the shop's secret:
 * the admin's button asks the server for one, and `npm run backup` on the server's machine signs its
 * own from the secret in DATA_DIR (or JWT_SECRET), so no password is ever typed.
 */
export function signBackupLink(signer: UrlSigner, ttlSeconds = BACKUP_LINK_TTL_SECONDS): string {
  const link = randomUUID();
  // The signer answers `[PUBLIC_URL]/api/files/backup/<link>?…`: its origin and query are kept, its path replaced.
  const signed = signer.sign(backupLinkKey(link), ttlSeconds);
  return `${signed.slice(0, signed.indexOf(FILES_PATH))}${BACKUP_PATH}${signed.slice(signed.indexOf('?'))}&link=${link}`;
}

function backupLinkKey(link: string | undefined): string {
  return link === undefined ? BACKUP_LINK_KEY : `${BACKUP_LINK_KEY}/${link}`;
}

export interface BackupRoutesDeps {
  database: Database;
  store: ObjectStore;
  dataDir: string;
  signer: UrlSigner;
  /** Where a used link is remembered, for every process of the shop (src/server/shared-state.ts). */
  state: SharedState;
  now?: () => number;
}

/** The whole shop as one archive (src/server/backup/manifest.ts), for the admin and `npm run backup`. */
export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesDeps> = async (app, deps) => {
  app.get(
    BACKUP_PATH,
    {
      onRequest: async (request, reply) => {
        const { expires, signature, link } = request.query as {
          expires?: string;
          signature?: string;
          link?: string;
        };
        if (expires === undefined && signature === undefined) return app.requireAdmin(request, reply);
        if (!deps.signer.verify(backupLinkKey(link), expires ?? '', signature ?? '')) {
          throw new AppError('FORBIDDEN', messages.errors.fileLinkInvalid);
        }
        // The archive holds every password hash and the secret: a link opens it once, however many
        // copies of it a browser's history, a proxy's log or a shared screen keep (issue 35).
        const untilExpiry = Number(expires) * 1000 - (deps.now ?? Date.now)();
        if (!(await deps.state.claim(`backup-link:${signature}`, untilExpiry + 60_000))) {
          throw new AppError('GONE', messages.errors.backupLinkUsed);
        }
      },
      schema: {
        querystring: BackupQuerySchema,
        tags: ['admin'],
        summary:
          'The whole shop as one .tar.gz (database, images, payment proofs, secret, manifest with checksums), streamed; an admin token or a signed backup link',
        response: {
          200: {
            description: 'The archive, as an attachment named nour-backup-<time>.tar.gz',
            content: { 'application/gzip': { schema: FileBodySchema } },
          },
          ...errorAnswers(401, 403, 410),
        },
      },
    },
    async (request, reply) => {
      const sources = { database: deps.database, store: deps.store, dataDir: deps.dataDir };
      const started = Date.now();
      const logDone = (manifest: Manifest) =>
        request.log.info(
          {
            tables: manifest.tables.length,
            rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
            files: manifest.files.length,
            ms: Date.now() - started,
          },
          'backup written',
        );
      reply
        .header('Content-Type', 'application/gzip')
        .header('Content-Disposition', `attachment; filename="${backupFileName(new Date())}"`);

      if (deps.database.driver === 'pglite') {
        // PGlite's one connection is held while the rows are read: streamed to a slow download, the shop
        // would wait as long as the download takes. So the archive is written to a file in DATA_DIR
        // first (at disk speed), then sent from there and deleted.
        const spool = join(deps.dataDir, `.backup-${randomUUID()}.tar.gz.partial`);
        await mkdir(deps.dataDir, { recursive: true });
        try {
          logDone(await writeBackup(sources, createWriteStream(spool, { mode: 0o600 })));
        } catch (error) {
          await rm(spool, { force: true });
          throw error;
        }
        const file = createReadStream(spool);
        file.once('close', () => void rm(spool, { force: true }));
        return reply.header('Content-Length', (await stat(spool)).size).send(file);
      }

      // On PostgreSQL the snapshot holds nobody up: the archive goes out as it is read.
      const archive = new PassThrough();
      writeBackup(sources, archive).then(logDone, (error: unknown) => {
        request.log.error({ err: error }, 'backup failed');
        archive.destroy(error as Error);
      });
      return reply.send(archive);
    },
  );

  app.post(
    `${BACKUP_PATH}/link`,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: `A link that downloads the backup once without a token (a plain browser download), valid for ${BACKUP_LINK_TTL_SECONDS} s; a second use answers 410`,
        response: { 200: BackupLinkAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => ({ success: true as const, url: signBackupLink(deps.signer) }),
  );
};
