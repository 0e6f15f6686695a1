import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface TestPostgresDatabase {
  name: string;
  /** DATABASE_URL with this database's name in it. */
  url: string;
  /** Resolves once no connection to it is left (a closed pool's sockets linger for a moment). */
  waitUntilUnused(): Promise<void>;
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

async function waitForNoConnections(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const open = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if ((open.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A database of its own on the server named by DATABASE_URL: empty, or a copy of `template` (a
 * database nobody is connected to).
 */
export async function createTestPostgresDatabase(template?: string): Promise<TestPostgresDatabase> {
  const name = `nour_test_${randomUUID().replaceAll('-', '')}`;
  await withAdminClient((admin) =>
    admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    waitUntilUnused: () => withAdminClient((admin) => waitForNoConnections(admin, name)),
    drop: () =>
      withAdminClient(async (dropper) => {
        // pool.end() resolves before its sockets have closed; a forced drop then kills them mid-goodbye
        // and the test run reports "terminating connection due to administrator command".
        await waitForNoConnections(dropper, name);
        await dropper.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
