import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from './test/serve';

/**
 * Issue 35: a configuration the shop cannot start with ends the real server process with exit 1 and
 * one line on stderr that names the variable and says what is wrong, not a stack trace.
 */
describe('start-up with a bad configuration', () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nour-start-up-'));
    file = join(dir, 'a-file');
    await writeFile(file, 'not a folder');
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function refusal(env: Record<string, string>): Promise<string> {
    const run = serve({ DATA_DIR: join(dir, 'data'), ...env });
    const code = await run.exited;
    const lines = run
      .errors()
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect({ code, lines }).toEqual({ code: 1, lines: [expect.any(String)] });
    return lines[0]!;
  }

  // The PostgreSQL of the test run, when there is one, for a database it does not have.
  const postgres = process.env.DATABASE_URL;

  it.each([
    [
      'an unreachable PostgreSQL',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nour' },
      /^Cannot start: DATABASE_URL names PostgreSQL at 127\.0\.0\.1:1, where nothing accepts connections/,
    ],
    [
      'a PostgreSQL host that does not resolve',
      { DATABASE_URL: 'postgres://postgres@no-such-host.invalid/nour' },
      /^Cannot start: DATABASE_URL names the host no-such-host\.invalid, which does not resolve$/,
    ],
    [
      'an unresolvable HOST',
      { HOST: 'no-such-host.invalid' },
      /^Cannot start: HOST "no-such-host\.invalid" is no address or host name that resolves/,
    ],
    [
      'JWT_EXPIRES_IN=0d',
      { JWT_EXPIRES_IN: '0d' },
      /^Invalid environment variable JWT_EXPIRES_IN: must be more than 0/,
    ],
    [
      'a CORS_ORIGINS entry that is no origin',
      { CORS_ORIGINS: 'https://shop.example,shop.example' },
      /^Invalid environment variable CORS_ORIGINS: "shop\.example" is no origin; must be origins like https:\/\/shop\.example/,
    ],
    [
      'a CORS_ORIGINS entry with a path',
      { CORS_ORIGINS: 'https://shop.example/en' },
      /^Invalid environment variable CORS_ORIGINS: "https:\/\/shop\.example\/en" is no origin/,
    ],
    [
      'RATE_LIMIT_ALLOW_LIST=not an ip',
      { RATE_LIMIT_ALLOW_LIST: '127.0.0.1,not an ip' },
      /^Invalid environment variable RATE_LIMIT_ALLOW_LIST: "not an ip" is no IP address/,
    ],
  ])(
    'stops on %s',
    async (_case, env, line) => {
      expect(await refusal(env)).toMatch(line);
    },
    60_000,
  );

  it('stops on a DATA_DIR that is a file', async () => {
    expect(await refusal({ DATA_DIR: file })).toBe(`Cannot start: DATA_DIR ${file} is a file, not a folder`);
  }, 60_000);

  it('stops on a DATA_DIR under a file', async () => {
    expect(await refusal({ DATA_DIR: join(file, 'data') })).toBe(
      `Cannot start: DATA_DIR ${join(file, 'data')} lies under a file, not a folder`,
    );
  }, 60_000);

  it('stops on a BACKUP_DIR that is a file', async () => {
    expect(await refusal({ BACKUP_DIR: file, BACKUP_EVERY_HOURS: '24' })).toBe(
      `Cannot start: BACKUP_DIR ${file} is a file, not a folder`,
    );
  }, 60_000);

  it.skipIf(!postgres)(
    'stops on a database PostgreSQL does not have',
    async () => {
      const url = new URL(postgres!);
      url.pathname = '/nour_no_such_database';
      expect(await refusal({ DATABASE_URL: url.toString() })).toMatch(
        /^Cannot start: DATABASE_URL names the database "nour_no_such_database", which PostgreSQL at \S+ does not have: create it, or name another$/,
      );
    },
    60_000,
  );
});
