import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { eventually } from '../test/eventually';
import { createUser } from '../test/users';
import { BACKUP_FILE_PATTERN } from './manifest';
import { verifyBackup } from './restore';
import { rotateBackups, runScheduledBackup, scheduleBackups } from './schedule';

describe(`scheduled backups (${testDriver})`, () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t);
    dir = await mkdtemp(join(tmpdir(), 'nour-backups-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const sources = () => ({ database: t.database, store: t.store, dataDir: t.config.DATA_DIR });

  it('names each backup by its time, keeps the newest BACKUP_KEEP and leaves other files alone', async () => {
    const folder = await mkdtemp(join(dir, 'rotation-'));
    await writeFile(join(folder, 'notes.txt'), 'mine');
    const times = ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z'];
    for (const time of times) {
      await runScheduledBackup({ sources: sources(), dir: folder, keep: 2, now: () => new Date(time) });
    }
    expect((await readdir(folder)).sort()).toEqual([
      'notes.txt',
      'nour-backup-2026-01-02T00-00-00-000Z.tar.gz',
      'nour-backup-2026-01-03T00-00-00-000Z.tar.gz',
    ]);
    const manifest = await verifyBackup(join(folder, 'nour-backup-2026-01-03T00-00-00-000Z.tar.gz'));
    expect(manifest.createdAt).toBe('2026-01-03T00:00:00.000Z');
    expect(await rotateBackups(folder, 1)).toEqual(['nour-backup-2026-01-02T00-00-00-000Z.tar.gz']);
  });

  it('runs on its interval, logs each backup, and rotates as it goes', async () => {
    const folder = await mkdtemp(join(dir, 'timer-'));
    const lines: string[] = [];
    const stop = scheduleBackups({
      sources: sources(),
      dir: folder,
      everyMs: 50,
      keep: 2,
      log: { info: (line) => lines.push(line), error: (line) => lines.push(`error: ${line}`) },
    });
    try {
      await eventually(
        'three backups',
        () => lines.length,
        (count) => count >= 3,
        20_000,
      );
    } finally {
      await stop();
    }
    expect(lines.filter((line) => line.startsWith('error'))).toEqual([]);
    expect(lines[0]).toMatch(/^Backup written to .+nour-backup-.+\.tar\.gz \(\d+\.\d MB in \d+ ms\)\.$/);
    const names = await readdir(folder);
    expect(names.length).toBe(2);
    for (const name of names) expect(name).toMatch(BACKUP_FILE_PATTERN);
  });

  it('logs a backup that fails and leaves no partial file', async () => {
    const folder = await mkdtemp(join(dir, 'failing-'));
    const lines: string[] = [];
    const broken = {
      ...sources(),
      store: {
        ...t.store,
        // eslint-disable-next-line require-yield
        async *list() {
          throw new Error('the bucket is unreachable');
        },
      },
    };
    const stop = scheduleBackups({
      sources: broken,
      dir: folder,
      everyMs: 50,
      keep: 2,
      log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    });
    try {
      await eventually(
        'the failure logged',
        () => lines.length,
        (count) => count >= 1,
        20_000,
      );
    } finally {
      await stop();
    }
    expect(lines[0]).toBe(`Scheduled backup into ${folder} failed: the bucket is unreachable`);
    expect(await readdir(folder)).toEqual([]);
  });
});
