import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from './test/app';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm run serve` as a person runs it, with its own data folder and a free port. */
function serve(env: Record<string, string>): Run {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/tmp/nour-test-no-web-build',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(run: Run, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = run.output().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never printed ${pattern}:\n${run.output()}`);
}

// One process on PGlite is what this checks; the PostgreSQL run of the suite has nothing to add.
describe.skipIf(testDriver === 'pg')('the server process (main.ts)', () => {
  let dataDir: string;
  let first: Run;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nour-main-'));
    first = serve({
      DATA_DIR: dataDir,
      SHOP_NAME: 'Test Shop',
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'Owner123',
    });
    url = (await waitFor(first, /Test Shop is running at (http:\/\/\S+)/))[1]!;
  }, 90_000);

  afterAll(async () => {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints where it runs and what it uses, and answers', async () => {
    expect(first.output()).toContain(`API docs:  ${url}/api/docs`);
    expect(first.output()).toContain(`Database:  PGlite ${join(dataDir, 'db')}`);
    expect(first.output()).toContain('Admin owner@example.com: created.');
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ success: true, status: 'ok', database: 'pglite' });
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
    expect(bad.output()).toContain('Invalid environment variables');
    expect(bad.output()).toContain('PORT: must be a port number');
  }, 30_000);

  it('stops with the rule when ADMIN_PASSWORD breaks the sign-up rules', async () => {
    const bad = serve({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'weak' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('password: Password must contain at least one uppercase letter');
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  }, 60_000);
});
