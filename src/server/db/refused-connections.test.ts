import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { createTestApp, type TestApp } from '../test/app';
import { eventually } from '../test/eventually';
import { createTestPostgresDatabase, withAdminClient, type TestPostgresDatabase } from '../test/postgres';
import { openPostgres } from './client';

interface LogLine {
  level: number;
  msg: string;
  reason?: string;
}

const BUSY = { success: false, message: messages.errors.shopBusy };
/** pino's levels: warn and above are what someone watching the shop reads. */
const WARN = 40;

// A database that refuses new connections (SQLSTATE 55000: `ALTER DATABASE … ALLOW_CONNECTIONS false`,
// as a restore does while it loads): every request answered 500, and each logged an error. Its own
// scratch database on DATABASE_URL's server, whichever database the run's other tests use.
describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL database that refuses new connections', () => {
  let t: TestApp;
  let created: TestPostgresDatabase;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as LogLine);

  /** Lets connections in, or refuses them and ends the ones open (the pool's idle ones too). */
  const allowConnections = (allow: boolean) =>
    withAdminClient(async (admin) => {
      await admin.query(`alter database ${created.name} allow_connections ${allow}`);
      if (!allow) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [created.name],
        );
      }
    });

  beforeAll(async () => {
    created = await createTestPostgresDatabase();
    const direct = openPostgres(created.url, 1);
    await direct.migrate();
    await direct.close();
    t = await createTestApp(
      { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000' },
      {
        database: openPostgres(created.url, 10, 2_000),
        logDestination: { write: (line) => void lines.push(line) },
      },
    );
  });
  afterAll(async () => {
    if (created) await allowConnections(true);
    await t?.close();
    await created?.drop();
  });

  const listing = () => t.app.inject({ method: 'GET', url: `/api/product?search=x-${Math.random()}` });
  const unavailableLines = () => logged().filter((line) => line.msg === 'database unavailable');

  async function expectBusy() {
    const answers = await Promise.all(Array.from({ length: 12 }, listing));
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual(BUSY);
    }
  }

  it('answers 503 while it refuses, logs that once per outage, never an error, and serves again', async () => {
    expect((await listing()).statusCode).toBe(200);

    await allowConnections(false);
    await expectBusy();
    await expectBusy();
    // The first failure names whichever came first: a pooled connection that was ended (57P01) or a new
    // one refused (55000). Either way, one line for the outage.
    expect(unavailableLines()).toEqual([
      expect.objectContaining({ level: WARN, reason: expect.stringMatching(/^(55000|57P01)$/) }),
    ]);

    await allowConnections(true);
    await eventually('the shop serves again', async () => (await listing()).statusCode === 200);

    // A second outage is news again: one more line.
    await allowConnections(false);
    await expectBusy();
    expect(unavailableLines()).toHaveLength(2);
    await allowConnections(true);
    await eventually('the shop serves again', async () => (await listing()).statusCode === 200);

    expect(logged().filter((line) => line.level > WARN)).toEqual([]);
  }, 60_000);
});
