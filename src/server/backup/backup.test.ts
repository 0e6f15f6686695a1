import { sql } from 'drizzle-orm';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { messagesAr } from '@/shared/messages/ar';
import type { BackupLinkAnswer } from '@/shared/schemas/backup';
import { jwtSecretPath } from '../auth/secret';
import { openPglite, openPostgres, type Database } from '../db/client';
import { createLocalStore } from '../storage/local';
import type { ObjectStore } from '../storage/types';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { placeTestOrder } from '../test/orders';
import { eventually } from '../test/eventually';
import { createTestPostgresDatabase } from '../test/postgres';
import { startFakeWhatsApp, type FakeWhatsApp } from '../test/fakes/whatsapp';
import { startFakeBosta, type FakeBosta } from '../test/fakes/bosta';
import { startS3rver } from '../test/s3rver';
import { redisAnswers } from '../test/redis';
import { createUser } from '../test/users';
import { rowsOf } from './catalogue';
import { writeBackup } from './export';
import { BACKUP_FILE_PATTERN, MANIFEST_ENTRY, type Manifest } from './manifest';
import { BackupError, restoreBackup, verifyBackup } from './restore';
import {
  archiveRows,
  everyFile,
  everyRow,
  expectStockMatchesOrders,
  fillShop,
  rewriteArchive,
} from './test-shop';

type Kind = 'pglite' | 'pg';
const REDIS_URL = 'redis://127.0.0.1:6379';
const hasRedis = await redisAnswers(REDIS_URL);
const withPostgres = Boolean(process.env.DATABASE_URL);
/** Each product fillShop makes starts with this many pieces. */
const STOCK_EACH = 100;
/** The secret a shop without JWT_SECRET makes itself in DATA_DIR. */
const SECRET = 'a-generated-secret-of-at-least-32-characters\n';

let workDir: string;
/** The courier the shops send with, so their shipments, jobs and courier events have rows too. */
let bosta: FakeBosta;
/** Their WhatsApp Business (issue 37), so their WhatsApp messages and events have rows too. */
let meta: FakeWhatsApp;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'nour-backup-test-'));
  bosta = await startFakeBosta();
  meta = await startFakeWhatsApp({
    approvedTemplates: ['order_confirmation', 'order_status_update', 'order_shipped'],
  });
});
afterAll(async () => {
  await bosta.close();
  await meta.close();
  await rm(workDir, { recursive: true, force: true });
});

let fileCount = 0;
const tempPath = (name: string) => join(workDir, `${(fileCount += 1)}-${name}`);

/** A database that has never been migrated: restore must bring its schema itself. */
async function emptyDatabase(kind: Kind): Promise<Database> {
  if (kind === 'pglite') return openPglite(undefined);
  const created = await createTestPostgresDatabase();
  const database = openPostgres(created.url, 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** The test app of a shop on `kind`; PostgreSQL as a database of its own, since this file runs once. */
async function shopOn(kind: Kind, env: Record<string, string> = {}): Promise<TestApp> {
  const shopEnv = {
    RATE_LIMIT_PER_MINUTE: '100000',
    BOSTA_API_KEY: bosta.apiKey,
    BOSTA_BASE_URL: bosta.url,
    BOSTA_WEBHOOK_SECRET: 'backup-test-webhook-secret-42',
    WHATSAPP_TOKEN: meta.token,
    WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
    WHATSAPP_APP_SECRET: meta.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'backup-test-verify-token-0123',
    WHATSAPP_API_URL: meta.url,
    ...env,
  };
  if (kind === 'pglite') return createTestApp(shopEnv);
  const database = await emptyDatabase('pg');
  await database.migrate();
  return createTestApp(shopEnv, { database });
}

async function backupOf(t: TestApp): Promise<{ path: string; manifest: Manifest }> {
  const path = tempPath('backup.tar.gz');
  const manifest = await writeBackup(
    { database: t.database, store: t.store, dataDir: t.config.DATA_DIR },
    createWriteStream(path),
  );
  return { path, manifest };
}

interface Target {
  database: Database;
  store: ObjectStore;
  dataDir: string;
}

async function emptyTarget(kind: Kind, store?: ObjectStore): Promise<Target> {
  const dir = await mkdtemp(join(workDir, 'target-'));
  return {
    database: await emptyDatabase(kind),
    store: store ?? createLocalStore(join(dir, 'uploads')),
    dataDir: join(dir, 'data'),
  };
}

/** Every row and every file of the target are the archive's. */
async function expectTargetHolds(target: Target, path: string, manifest: Manifest): Promise<void> {
  expect(await everyRow(target.database.db)).toEqual(await archiveRows(path, manifest));
  expect(await everyFile(target.store)).toEqual(
    Object.fromEntries(manifest.files.map((file) => [file.key, manifest.sha256[file.entry]])),
  );
}

const cases: Array<[from: Kind, to: Kind]> = [
  ['pglite', 'pglite'],
  ['pg', 'pg'],
  ['pglite', 'pg'],
  ['pg', 'pglite'],
];

// Every case names its databases itself, so the file runs once (in the PGlite project).
// Shops filled through the API, fresh databases made and archives read twice: seconds alone, a minute
// or more on a machine busy with other work.
describe.skipIf(testDriver === 'pg')('backup and restore', { timeout: 180_000 }, () => {
  describe.each(cases)('%s → %s', (from, to) => {
    const runs = withPostgres || (from === 'pglite' && to === 'pglite');
    it.runIf(runs)(
      'a backup taken during concurrent orders restores into a fresh target with every row and file, each order with its stock',
      async () => {
        const t = await shopOn(from);
        const target = await emptyTarget(to);
        try {
          const shop = await fillShop(t);
          await mkdir(t.config.DATA_DIR, { recursive: true });
          await writeFile(jwtSecretPath(t.config.DATA_DIR), SECRET, { mode: 0o600 });
          const [ordersBefore] = await rowsOf<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from orders`,
          );
          const shoppers = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));

          const [{ path, manifest }] = await Promise.all([
            backupOf(t),
            ...shoppers.map((shopper, index) =>
              placeTestOrder(t, shopper, [[shop.productIds[index % 3]!, 1]], index % 2 ? 'instapay' : 'cash'),
            ),
          ]);

          expect(manifest.database).toBe(from);
          const orders = manifest.tables.find((table) => table.name === 'orders')!;
          expect(orders.rows).toBeGreaterThanOrEqual(ordersBefore!.n);
          expect(orders.rows).toBeLessThanOrEqual(ordersBefore!.n + shoppers.length);

          const lines: string[] = [];
          await restoreBackup(path, target, { log: (line) => lines.push(line) });
          expect(lines.at(-1)).toMatch(
            /^Restored \d+ rows in \d+ tables and \d+ files, and the sign-in secret\.$/,
          );
          await expectTargetHolds(target, path, manifest);
          await expectStockMatchesOrders(target.database.db, STOCK_EACH);
          expect(await readFile(jwtSecretPath(target.dataDir), 'utf8')).toBe(SECRET);
          // Every table the shop has is in, and none is empty.
          for (const table of manifest.tables) expect(table.rows, table.name).toBeGreaterThan(0);

          // The restored shop works, and numbers its next order after the last restored one.
          const restored = await createTestApp(
            { RATE_LIMIT_PER_MINUTE: '100000' },
            { database: target.database },
          );
          try {
            const [highest] = await rowsOf<{ n: number }>(
              restored.database.db,
              sql`select max(number)::int as n from orders`,
            );
            const next = await placeTestOrder(restored, await createUser(restored), [
              [shop.productIds[0]!, 1],
            ]);
            expect(Number(next.number.slice('N-'.length))).toBe(highest!.n + 1);
          } finally {
            await restored.close();
          }
        } finally {
          await t.close();
        }
      },
    );
  });

  it('with S3 storage: every object of the bucket is in the archive and goes back into another bucket', async () => {
    const source = await startS3rver('shop');
    const other = await startS3rver('restored');
    let t: TestApp | undefined;
    let target: Target | undefined;
    try {
      t = await shopOn('pglite', source.env);
      await fillShop(t);
      const { path, manifest } = await backupOf(t);
      expect(manifest.files.map((file) => file.key).some((key) => key.startsWith('private/proofs/'))).toBe(
        true,
      );
      target = await emptyTarget('pglite', other.store());
      await restoreBackup(path, target);
      // The shop's mail worker may have sent an e-mail since: the archive is the copy to compare with.
      await expectTargetHolds(target, path, manifest);
      const files = await everyFile(t.store);
      expect(Object.keys(files).length).toBeGreaterThan(5);
      expect(await everyFile(target.store)).toEqual(files);
    } finally {
      await t?.close();
      await target?.database.close();
      await source.close();
      await other.close();
    }
  });

  describe('refusals', () => {
    let t: TestApp;
    let backup: { path: string; manifest: Manifest };
    beforeAll(async () => {
      t = await shopOn('pglite');
      await fillShop(t);
      backup = await backupOf(t);
    });
    afterAll(() => t?.close());

    async function expectNothingWritten(target: Target) {
      const [migrated] = await rowsOf<{ at: string | null }>(
        target.database.db,
        sql`select to_regclass('drizzle.__drizzle_migrations')::text as at`,
      );
      expect(migrated?.at).toBeNull();
      expect(await everyFile(target.store)).toEqual({});
    }

    it('refuses an archive whose bytes do not match its checksums, before writing anything', async () => {
      const tampered = tempPath('tampered.tar.gz');
      const part = backup.manifest.tables.find((table) => table.name === 'orders')!.parts[0]!;
      await rewriteArchive(backup.path, tampered, (name, bytes) => {
        if (name !== part) return bytes;
        const changed = Buffer.from(bytes);
        changed[10] = changed[10] === 0x31 ? 0x32 : 0x31;
        return changed;
      });
      const target = await emptyTarget('pglite');
      try {
        const refusal = restoreBackup(tampered, target);
        await expect(refusal).rejects.toThrow(BackupError);
        await expect(refusal).rejects.toThrow(
          `${tampered} is damaged: 1 entry does not match the manifest's checksums (${part}). Nothing was restored.`,
        );
        await expectNothingWritten(target);
      } finally {
        await target.database.close();
      }
    });

    it('refuses an archive with an entry missing or one the manifest does not list', async () => {
      const file = backup.manifest.files[0]!.entry;
      const missing = tempPath('missing.tar.gz');
      await rewriteArchive(backup.path, missing, (name, bytes) => (name === file ? Buffer.from('') : bytes));
      await expect(verifyBackup(missing)).rejects.toThrow(`(${file})`);
    });

    it('refuses a format newer than this code reads, and a file that is no backup', async () => {
      const newer = tempPath('newer.tar.gz');
      await rewriteArchive(backup.path, newer, (name, bytes) =>
        name === MANIFEST_ENTRY
          ? Buffer.from(
              JSON.stringify({
                ...JSON.parse(bytes.toString('utf8')),
                formatVersion: 2,
                appVersion: '9.0.0',
              }),
            )
          : bytes,
      );
      await expect(verifyBackup(newer)).rejects.toThrow(
        'This backup is in format version 2 (made by Nour 9.0.0); this Nour reads format version 1 and older. Restore it with a newer version of Nour.',
      );

      const notOne = tempPath('not-a-backup.tar.gz');
      await writeFile(notOne, 'hello');
      await expect(verifyBackup(notOne)).rejects.toThrow(`${notOne} is not a Nour backup, or it is damaged`);
      await expect(verifyBackup(join(workDir, 'nowhere.tar.gz'))).rejects.toThrow('No such file');
    });

    it('refuses a migration newer than this code has', async () => {
      const ahead = tempPath('ahead.tar.gz');
      await rewriteArchive(backup.path, ahead, (name, bytes) => {
        if (name !== MANIFEST_ENTRY) return bytes;
        const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
        return Buffer.from(
          JSON.stringify({ ...manifest, migration: { tag: '0099_future', when: 4_102_444_800_000 } }),
        );
      });
      const target = await emptyTarget('pglite');
      try {
        await expect(restoreBackup(ahead, target)).rejects.toThrow(
          /^This backup comes from a newer version of Nour \(0\.1\.0, migration 0099_future\)/,
        );
        await expectNothingWritten(target);
      } finally {
        await target.database.close();
      }
    });

    it('refuses a target that holds rows or files, and replaces everything in it with force', async () => {
      const target = await emptyTarget('pglite');
      try {
        await restoreBackup(backup.path, target);
        await expect(restoreBackup(backup.path, target)).rejects.toThrow(
          /^The target is not empty \(rows in .*orders.* and files in its store\)\. Restore into an empty DATA_DIR or an empty database, or add --force to replace everything in it\.$/,
        );
        await target.store.put('products/left-over.webp', Buffer.from('old'), 'image/webp');
        await restoreBackup(backup.path, target, { force: true });
        await expectTargetHolds(target, backup.path, backup.manifest);
      } finally {
        await target.database.close();
      }
    });
  });

  describe('GET /api/admin/backup', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await shopOn('pglite');
      await fillShop(t);
    });
    afterAll(() => t?.close());

    async function download(url: string, headers: Record<string, string> = {}) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      const path = tempPath('download.tar.gz');
      await writeFile(path, res.rawPayload);
      return { res, path };
    }

    it('streams the whole shop to an admin as a dated attachment that restores', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const { res, path } = await download('/api/admin/backup', admin.headers);
      expect(res.statusCode).toBe(200);
      // On PGlite it is written to a file first (the shop does not wait on the download), then sent.
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.headers['content-type']).toBe('application/gzip');
      const name = /^attachment; filename="(.+)"$/.exec(String(res.headers['content-disposition']))?.[1];
      expect(name).toMatch(BACKUP_FILE_PATTERN);
      const manifest = await verifyBackup(path);
      expect(manifest.tables.find((table) => table.name === 'users')!.rows).toBeGreaterThan(4);
      await eventually(
        'the spooled archive removed once sent',
        async () => (await readdir(t.config.DATA_DIR)).filter((name) => name.startsWith('.backup-')),
        (left) => left.length === 0,
      );
    });

    it.runIf(withPostgres)('on PostgreSQL streams the archive as it reads it, and it restores', async () => {
      const onPostgres = await shopOn('pg');
      try {
        await fillShop(onPostgres);
        const admin = await createUser(onPostgres, { role: 'admin' });
        const res = await onPostgres.app.inject({
          method: 'GET',
          url: '/api/admin/backup',
          headers: admin.headers,
        });
        expect(res.statusCode).toBe(200);
        // No length announced: the answer began before the archive was whole.
        expect(res.headers['content-length']).toBeUndefined();
        const path = tempPath('streamed.tar.gz');
        await writeFile(path, res.rawPayload);
        const target = await emptyTarget('pglite');
        try {
          const manifest = await restoreBackup(path, target);
          expect(manifest.database).toBe('pg');
          await expectTargetHolds(target, path, manifest);
        } finally {
          await target.database.close();
        }
      } finally {
        await onPostgres.close();
      }
    });

    it('refuses a visitor (401) and a shopper (403)', async () => {
      const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/backup' });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ success: false, message: messages.auth.authenticationRequired });
      const shopper = await createUser(t);
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/admin/backup',
        headers: shopper.headers,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, message: messages.auth.adminOnly });
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/admin/backup/link',
        headers: shopper.headers,
      });
      expect(link.statusCode).toBe(403);
    });

    it("gives an admin a link that downloads without a token, and refuses a changed or a file's link", async () => {
      const admin = await createUser(t, { role: 'admin' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/backup/link',
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      const { url } = res.json<BackupLinkAnswer>();
      expect(url).toMatch(/^\/api\/admin\/backup\?expires=\d+&signature=[\w-]{43}&link=[\w-]{36}$/);
      const { res: downloaded, path } = await download(url);
      expect(downloaded.statusCode).toBe(200);
      await verifyBackup(path);

      const forged = url.replace(/signature=./, (start) =>
        start.endsWith('A') ? 'signature=B' : 'signature=A',
      );
      const refused = await t.app.inject({ method: 'GET', url: forged });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, message: messages.errors.fileLinkInvalid });
      // A private file's link is signed for that file, never for the backup.
      const fileLink = t.signer.sign('private/proofs/x.webp', 60);
      const query = fileLink.slice(fileLink.indexOf('?'));
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/backup${query}` })).statusCode).toBe(403);
    });

    it('opens the archive once per link: a second use is 410, a new link works again', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const ask = async () =>
        (
          await t.app.inject({ method: 'POST', url: '/api/admin/backup/link', headers: admin.headers })
        ).json<BackupLinkAnswer>().url;
      // Two asked for in the same second are two links.
      const [url, another] = await Promise.all([ask(), ask()]);
      expect(another).not.toBe(url);
      expect((await download(url)).res.statusCode).toBe(200);
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ success: false, message: messages.errors.backupLinkUsed });
      const arabic = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'ar' } });
      expect(arabic.json()).toEqual({ success: false, message: messagesAr.errors.backupLinkUsed });
      expect((await download(another)).res.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: another })).statusCode).toBe(410);
    });

    it.skipIf(!hasRedis)(
      'remembers a used link in Redis, so another process of the shop refuses it too',
      async () => {
        const [one, two] = await Promise.all([createTestApp({ REDIS_URL }), createTestApp({ REDIS_URL })]);
        try {
          const admin = await createUser(one, { role: 'admin' });
          const { url } = (
            await one.app.inject({ method: 'POST', url: '/api/admin/backup/link', headers: admin.headers })
          ).json<BackupLinkAnswer>();
          expect((await one.app.inject({ method: 'GET', url })).statusCode).toBe(200);
          const elsewhere = await two.app.inject({ method: 'GET', url });
          expect(elsewhere.statusCode).toBe(410);
        } finally {
          await Promise.all([one.close(), two.close()]);
        }
      },
    );
  });
});
