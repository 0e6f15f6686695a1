import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';

export function jwtSecretPath(dataDir: string): string {
  return join(dataDir, 'jwt-secret');
}

/**
 * JWT_SECRET when it is set; otherwise one made once and kept in DATA_DIR/jwt-secret (readable by the
 * owner only), so `npm start` needs no configuration and sessions survive a restart. Several
 * processes must share JWT_SECRET instead: each machine would make its own file.
 */
export async function loadOrCreateJwtSecret(
  config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>,
): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const path = jwtSecretPath(config.DATA_DIR);
  const existing = await readFile(path, 'utf8').catch(() => null);
  if (existing !== null && existing.trim().length >= 32) return existing.trim();
  await mkdir(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Only over a file too short to be a secret: never replace a good one (that would sign everyone out).
  await writeFile(path, secret + '\n', { mode: 0o600, flag: existing === null ? 'wx' : 'w' }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  await chmod(path, 0o600);
  const stored = (await readFile(path, 'utf8')).trim();
  if (stored.length < 32)
    throw new Error(`${path} does not hold a usable secret; delete it to make a new one`);
  return stored;
}
