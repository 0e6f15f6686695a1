import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface TestPostgresDatabase {
  name: string;
  /** DATABASE_URL with this database's name in it. */
  url: string;
  /** Drops it, once every connection to it is gone (forcing what is left after a second). */
  drop(): Promise<void>;
}

/** Runs `work` on a connection of its own to the server named by DATABASE_URL. */
export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=pg needs DATABASE_URL');
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database of its own on the server named by DATABASE_URL. */
export async function createTestPostgresDatabase(): Promise<TestPostgresDatabase> {
  const name = `nour_test_${randomUUID().replaceAll('-', '')}`;
  await withAdminClient((admin) => admin.query(`create database ${name}`));
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdminClient(async (dropper) => {
        // pool.end() resolves before its sockets have closed; a forced drop then kills them mid-goodbye
        // and the test run reports "terminating connection due to administrator command".
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const open = await dropper.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if ((open.rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await dropper.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
