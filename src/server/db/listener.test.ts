import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../test/app';
import { createTestPostgresDatabase, withAdminClient, type TestPostgresDatabase } from '../test/postgres';
import { openPostgres, type Database } from './client';
import { eventually } from '../test/eventually';

const CHANNEL = 'listener_test';

/** Sessions of the test database that sit in LISTEN. */
function listeningSessions(name: string): Promise<number> {
  return withAdminClient(async (admin) => {
    const rows = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'",
      [name],
    );
    return rows.rows[0]?.n ?? 0;
  });
}

// PGlite has no connection to lose; this needs a PostgreSQL server (the server-pg project).
describe.skipIf(testDriver !== 'pg')("PostgreSQL's listening connection", () => {
  let created: TestPostgresDatabase;
  let database: Database;

  beforeAll(async () => {
    created = await createTestPostgresDatabase();
    database = openPostgres(created.url, 2);
  });
  afterAll(async () => {
    await database?.close();
    await created?.drop();
  });

  it('hears notifications, says when it lost them, listens again by itself, and lets go when stopped', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const stop = await database.listen(CHANNEL, {
      onPayload: (payload) => heard.push(payload),
      onListening: (listening) => states.push(listening),
    });
    expect(states).toEqual([true]);
    await database.notify(CHANNEL, 'one');
    await eventually('the first notification is heard', () => heard.includes('one'));

    // As a restart, a fail-over or pg_terminate_backend does.
    await withAdminClient((admin) =>
      admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'",
        [created.name],
      ),
    );
    await eventually('it says it listens again', () => states.length >= 3);
    expect(states).toEqual([true, false, true]);
    await database.notify(CHANNEL, 'two');
    await eventually('a notification after the loss is heard', () => heard.includes('two'));
    expect(await listeningSessions(created.name)).toBe(1);

    await stop();
    await eventually('its connection is closed', async () => (await listeningSessions(created.name)) === 0);
    await database.notify(CHANNEL, 'three');
    expect(heard).toEqual(['one', 'two']);
  });

  it('keeps trying while PostgreSQL cannot be reached, and stops trying when stopped', async () => {
    const unreachable = openPostgres('postgres://postgres@127.0.0.1:1/nothing', 1, 500);
    const states: boolean[] = [];
    const stop = await unreachable.listen(CHANNEL, {
      onPayload: () => undefined,
      onListening: (listening) => states.push(listening),
    });
    await eventually('it tried more than once', () => states.length >= 3);
    expect(states.every((listening) => !listening)).toBe(true);
    await stop();
    await unreachable.close();
  });
});
