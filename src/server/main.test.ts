import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKUP_FILE_PATTERN } from './backup/manifest';
import { testDriver } from './test/app';
import { eventually } from './test/eventually';
import { serve, waitForOutput, type ServerRun } from './test/serve';

// One process on PGlite is what this checks; the PostgreSQL run of the suite has nothing to add.
describe.skipIf(testDriver === 'pg')('the server process (main.ts)', () => {
  let dataDir: string;
  let first: ServerRun;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nour-main-'));
    first = serve({
      DATA_DIR: dataDir,
      SHOP_NAME: 'Test Shop',
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'Owner123',
      // More than one asked for on PGlite: it serves as one, and says so.
      WEB_CONCURRENCY: '2',
    });
    url = (await waitForOutput(first, /Test Shop is running at (http:\/\/\S+)/))[1]!;
  }, 90_000);

  afterAll(async () => {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints where it runs and what it uses, and answers', async () => {
    expect(first.output()).toContain(`API docs:  ${url}/api/docs`);
    expect(first.output()).toContain(`Database:  PGlite ${join(dataDir, 'db')}`);
    expect(first.output()).toContain('Admin owner@example.com: created.');
    expect(first.output()).toContain(
      `Processes: 1 (pid ${first.child.pid}): WEB_CONCURRENCY asks for 2, but the embedded database (PGlite) is one process; set DATABASE_URL to run several`,
    );
    expect(first.output()).toContain(
      `Mail:      no SMTP_URL, so e-mails are written as .eml files under ${join(dataDir, 'outbox')}`,
    );
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      success: true,
      status: 'ok',
      database: 'pglite',
      listing: expect.stringMatching(/^(memory|database)$/),
    });
    // The served shop builds its listing index as it starts, without a listing being asked.
    await vi.waitFor(async () => {
      expect(await (await fetch(`${url}/api/health`)).json()).toHaveProperty('listing', 'memory');
    });
  });

  it('made the admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const res = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'Owner123' }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).role).toBe('admin');
  });

  it('keeps a generated JWT secret readable by its owner only, and holds the lock', async () => {
    const secret = await stat(join(dataDir, 'jwt-secret'));
    expect(secret.mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);
  });

  it('refuses to start a second server on the same data folder', async () => {
    const second = serve({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another process (pid ${first.child.pid}`);
  }, 60_000);

  it('shuts down on SIGTERM, releasing the lock', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received');
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  }, 30_000);

  it('stops with the variable named when the configuration is bad', async () => {
    const bad = serve({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid environment variable PORT');
    expect(bad.output()).toContain('PORT: must be a port number');
  }, 30_000);

  it('stops with the rule when ADMIN_PASSWORD breaks the sign-up rules', async () => {
    const bad = serve({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'weak' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('password: Password must contain at least one uppercase letter');
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  }, 60_000);
});

describe.skipIf(testDriver === 'pg')('scheduled backups in the server process', () => {
  let dataDir: string;
  let run: ServerRun;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nour-main-backups-'));
    // 0.0003 h is about a second: three turns come quickly.
    run = serve({
      DATA_DIR: dataDir,
      SHOP_NAME: 'Test Shop',
      BACKUP_DIR: join(dataDir, 'backups'),
      BACKUP_EVERY_HOURS: '0.0003',
      BACKUP_KEEP: '2',
    });
    await waitForOutput(run, /Test Shop is running at/);
  }, 90_000);

  afterAll(async () => {
    if (run.child.exitCode === null) run.child.kill('SIGKILL');
    await run.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says so at start, writes each backup into BACKUP_DIR with a log line, and keeps the newest BACKUP_KEEP', async () => {
    expect(run.output()).toContain(
      `Backups:   every 0.0003 h into ${join(dataDir, 'backups')}, keeping the newest 2`,
    );
    await eventually(
      'three scheduled backups',
      () => run.output().match(/Backup written to \S+nour-backup-\S+\.tar\.gz/g)?.length ?? 0,
      (count) => count >= 3,
      60_000,
    );
    // A backup under way when the server stops is finished and rotated first: no partial file is left.
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const names = await readdir(join(dataDir, 'backups'));
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(BACKUP_FILE_PATTERN);
  }, 90_000);
});
