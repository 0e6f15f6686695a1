import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@/shared/schemas/auth';
import type { ProductDto } from '@/shared/schemas/product';
import { openPostgres } from './db/client';
import { insertTestProduct } from './stock/test-products';
import { createTestApp, TEST_JWT_SECRET, testDriver, type TestApp } from './test/app';
import { multipartBody } from './test/multipart';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './test/postgres';
import { serve, serveAndWait, waitForOutput, type ServerRun } from './test/serve';
import { eventually } from './test/eventually';

const ADMIN = { email: 'owner@example.com', password: 'Owner123' };
/** Every wait here ends by this deadline rather than by a fixed pause. */
const WAIT_MS = 15_000;
/**
 * Requests asked each on a connection of its own: node:cluster hands connections to the workers in
 * turn (round-robin, Node's default everywhere but Windows), so this many reach both of two workers.
 */
const ROUNDS = 6;

interface Answer {
  status: number;
  body: unknown;
}

/** One request on a new connection (no keep-alive), so the primary hands it to the next worker. */
function ask(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** WEB_CONCURRENCY=2 on a fresh PostgreSQL database: the real server, a primary and its two workers. */
describe.skipIf(testDriver !== 'pg')('the server as several processes (WEB_CONCURRENCY=2)', () => {
  let created: TestPostgresDatabase;
  let dataDir: string;
  let server: { run: ServerRun; url: string };
  let t: TestApp;
  let product: { id: string };

  const healthPid = async () => {
    const answer = await ask(`${server.url}/api/health`);
    expect(answer.status).toBe(200);
    return (answer.body as { pid: number }).pid;
  };
  /** The pids that answer `rounds` requests in a row. */
  const answeringPids = async (rounds = ROUNDS) => {
    const pids = new Set<number>();
    for (let i = 0; i < rounds; i += 1) pids.add(await healthPid());
    return pids;
  };
  const priceOf = async () => {
    const answer = await ask(`${server.url}/api/product/${product.id}`);
    expect(answer.status).toBe(200);
    return (answer.body as { product: ProductDto }).product.price;
  };

  /** The admin the primary created from ADMIN_EMAIL, signed in through whichever worker answers. */
  const signIn = async () => {
    const signedIn = await ask(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signedIn.status).toBe(200);
    return (signedIn.body as AuthResult).results.token;
  };

  beforeAll(async () => {
    created = await createTestPostgresDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'nour-cluster-'));
    server = await serveAndWait({
      DATABASE_URL: created.url,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    // The server migrated the empty database; the fixtures' way in writes to it from here.
    t = await createTestApp({}, { database: openPostgres(created.url, 2) });
    product = await insertTestProduct(t, { price: 100, stock: 10 });
  }, 120_000);

  afterAll(async () => {
    if (server?.run.child.exitCode === null) {
      server.run.child.kill('SIGKILL');
      await server.run.exited;
    }
    await t?.close();
    await created?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prepares the database once, in the primary, and then serves from two workers', async () => {
    const output = server.run.output();
    expect(output.match(/Admin owner@example\.com: created\./g)).toHaveLength(1);
    const [, first, second, primary] = output.match(
      /Processes: 2 on one port \(pids (\d+), (\d+); this primary (\d+)/,
    )!;
    expect(Number(primary)).toBe(server.run.child.pid);
    expect([...(await answeringPids())].sort()).toEqual([Number(first), Number(second)].sort());
  });

  it('accepts a sign-in made through one worker on every worker', async () => {
    const token = await signIn();
    for (let i = 0; i < ROUNDS; i += 1) {
      expect((await ask(`${server.url}/api/dashboard/stats`, { headers: { token } })).status).toBe(200);
    }
    expect((await ask(`${server.url}/api/dashboard/stats`)).status).toBe(401);
  });

  it('answers a price changed through one worker from every worker', async () => {
    // Both workers have the product in their caches before it changes.
    for (let i = 0; i < ROUNDS; i += 1) expect(await priceOf()).toBe(100);
    const admin = await signIn();
    const form = multipartBody({ price: 250 });
    const changed = await ask(`${server.url}/api/product/${product.id}`, {
      method: 'PATCH',
      headers: { token: admin, ...form.headers },
      body: form.payload,
    });
    expect(changed.status).toBe(200);
    // Every request in a row shows it, whichever worker answers.
    await eventually(
      'the new price on every worker',
      async () => {
        for (let i = 0; i < ROUNDS; i += 1) if ((await priceOf()) !== 250) return false;
        return true;
      },
      (allNew) => allNew,
    );
  }, 60_000);

  it('replaces a worker that dies, and keeps answering', async () => {
    const killed = await healthPid();
    process.kill(killed, 'SIGKILL');
    await waitForOutput(
      server.run,
      new RegExp(`Server process ${killed} stopped unexpectedly \\(signal SIGKILL\\)`),
      WAIT_MS,
    );
    const replacement = Number(
      (await waitForOutput(server.run, /Server process (\d+) is serving\./, WAIT_MS))[1],
    );
    expect(replacement).not.toBe(killed);
    const pids = await eventually('two workers answering', answeringPids, (answered) => answered.size === 2);
    expect(pids.has(killed)).toBe(false);
    expect(pids.has(replacement)).toBe(true);
  }, 60_000);

  it('stops every worker on SIGTERM once its open requests are answered, finishing with code 0', async () => {
    const workers = [...(await answeringPids())];
    // A price change held up by a lock this test takes on the product's row: a request in the middle of
    // its work when the signal comes, which its worker must finish and answer before it leaves.
    const locker = new pg.Client({ connectionString: created.url });
    await locker.connect();
    let answered: Promise<Answer>;
    try {
      await locker.query('begin');
      await locker.query('select id from products where id = $1 for update', [product.id]);
      const form = multipartBody({ price: 300 });
      answered = ask(`${server.url}/api/product/${product.id}`, {
        method: 'PATCH',
        headers: { token: await signIn(), ...form.headers },
        body: form.payload,
      });
      await eventually(
        'the price change waiting for the lock',
        () =>
          locker.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
            [created.name],
          ),
        (waiting) => waiting.rows[0]!.n === 1,
      );
      server.run.child.kill('SIGTERM');
      await waitForOutput(server.run, /SIGTERM received: the 2 server processes finish their open requests/);
    } finally {
      await locker.query('commit');
      await locker.end();
    }
    expect((await answered).status).toBe(200);
    expect(await server.run.exited).toBe(0);
    // The primary leaves only once its workers have: none is left behind.
    expect(workers.filter(isRunning)).toEqual([]);
  }, 30_000);
});

describe.skipIf(testDriver !== 'pg')('the primary of several processes, when workers fail', () => {
  let created: TestPostgresDatabase;
  let dataDir: string;
  const env = () => ({
    DATABASE_URL: created.url,
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: '2',
    JWT_SECRET: TEST_JWT_SECRET,
  });

  beforeAll(async () => {
    created = await createTestPostgresDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'nour-cluster-'));
  });
  afterAll(async () => {
    await created?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start several without JWT_SECRET, naming it', async () => {
    const run = serve({ ...env(), JWT_SECRET: '' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('JWT_SECRET: required when WEB_CONCURRENCY runs more than one process');
  }, 30_000);

  it('stops, with code 1, when its workers cannot listen', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const run = serve({ ...env(), PORT: String(port) });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`PORT ${port} on 127.0.0.1 is already in use`);
      expect(run.output()).toContain('A server process could not start');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it('gives up, with code 1, when workers keep dying', async () => {
    const { run, url } = await serveAndWait(env());
    const servingCount = () => run.output().match(/Server process \d+ is serving\./g)?.length ?? 0;
    try {
      // Four deaths are replaced; the fifth within a minute is a crash loop.
      for (let death = 1; death <= 5; death += 1) {
        const answer = await ask(`${url}/api/health`);
        process.kill((answer.body as { pid: number }).pid, 'SIGKILL');
        if (death < 5)
          await eventually(
            'a replacement',
            async () => servingCount(),
            (count) => count === death,
          );
      }
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('5 server processes died within 60 s');
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 90_000);
});
