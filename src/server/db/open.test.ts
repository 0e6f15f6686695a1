import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDriver } from '../test/app';
import { LockHeldError } from './lock';
import { lockFilePath, openConfiguredDatabase } from './open';

describe('opening the configured database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nour-open-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // Opening a PGlite folder costs seconds; the PostgreSQL run of the suite would only repeat it.
  it.skipIf(testDriver === 'pg')(
    'opens PGlite under DATA_DIR/db holding the lock, refuses a second opener, and lets go on close',
    async () => {
      const config = { ...testConfig({ DATA_DIR: dataDir }), DATABASE_URL: undefined };
      const opened = await openConfiguredDatabase(config);
      try {
        expect(opened.database.driver).toBe('pglite');
        expect(opened.location).toBe(`PGlite ${join(dataDir, 'db')}`);
        expect(existsSync(lockFilePath(dataDir))).toBe(true);
        await expect(openConfiguredDatabase(config)).rejects.toThrow(LockHeldError);
        await opened.database.db.execute(sql`select 1`);
      } finally {
        await opened.close();
      }
      expect(existsSync(lockFilePath(dataDir))).toBe(false);
    },
  );

  it('hides the password of a PostgreSQL URL and takes no lock', async () => {
    const config = testConfig({
      DATA_DIR: join(dataDir, 'pg'),
      DATABASE_URL: 'postgres://shop:hunter2@127.0.0.1:5432/nour',
    });
    const opened = await openConfiguredDatabase(config);
    expect(opened.database.driver).toBe('pg');
    expect(opened.location).toBe('PostgreSQL postgres://shop:***@127.0.0.1:5432/nour');
    expect(opened.location).not.toContain('hunter2');
    expect(existsSync(lockFilePath(join(dataDir, 'pg')))).toBe(false);
    await opened.close();
  });
});
