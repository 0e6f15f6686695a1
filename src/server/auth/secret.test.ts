import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtSecretPath, loadOrCreateJwtSecret } from './secret';

describe('JWT secret', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nour-secret-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('uses JWT_SECRET when it is set, writing nothing', async () => {
    const secret = 'x'.repeat(40);
    const dataDir = join(dir, 'configured');
    expect(await loadOrCreateJwtSecret({ JWT_SECRET: secret, DATA_DIR: dataDir })).toBe(secret);
    await expect(stat(jwtSecretPath(dataDir))).rejects.toThrow();
  });

  it('makes one secret, readable by the owner only, and keeps it across starts', async () => {
    const dataDir = join(dir, 'generated');
    const first = await loadOrCreateJwtSecret({ JWT_SECRET: undefined, DATA_DIR: dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const info = await stat(jwtSecretPath(dataDir));
    expect(info.mode & 0o777).toBe(0o600);
    expect(await loadOrCreateJwtSecret({ JWT_SECRET: undefined, DATA_DIR: dataDir })).toBe(first);
    const other = await loadOrCreateJwtSecret({ JWT_SECRET: undefined, DATA_DIR: join(dir, 'elsewhere') });
    expect(other).not.toBe(first);
  });

  it('replaces a file too short to be a secret', async () => {
    const dataDir = join(dir, 'short');
    await loadOrCreateJwtSecret({ JWT_SECRET: undefined, DATA_DIR: dataDir });
    await writeFile(jwtSecretPath(dataDir), 'short\n');
    const secret = await loadOrCreateJwtSecret({ JWT_SECRET: undefined, DATA_DIR: dataDir });
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(jwtSecretPath(dataDir), 'utf8')).trim()).toBe(secret);
  });
});
