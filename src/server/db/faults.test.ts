import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { errorHandler } from '../plugins/errors';
import { testDriver } from '../test/app';
import { openPostgres } from './client';
import { databaseUnavailableReason, isDatabaseUnavailable } from './faults';

/** A driver error as node-postgres makes one: its SQLSTATE as `code`. */
function driverError(code: string, message = 'from the server'): Error {
  return Object.assign(new Error(message), { code });
}

/** What Drizzle throws around a failed query: its message holds the SQL and the parameters. */
function wrapped(cause: unknown): DrizzleQueryError {
  return new DrizzleQueryError(
    'select * from users where email = $1',
    ['secret@example.com'],
    cause as Error,
  );
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('telling an unreachable database from a bad query', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['08003', 'connection does not exist'],
  ])('SQLSTATE %s (%s) means unavailable, under Drizzle or not', (code, message) => {
    expect(databaseUnavailableReason(driverError(code, message))).toBe(code);
    expect(databaseUnavailableReason(wrapped(driverError(code, message)))).toBe(code);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])(
    'socket error %s means unavailable',
    (code) => {
      expect(isDatabaseUnavailable(wrapped(driverError(code, `connect ${code} 127.0.0.1:5432`)))).toBe(true);
    },
  );

  it('knows the driver and pool words that carry no code', () => {
    for (const words of [
      'Connection terminated unexpectedly',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(wrapped(new Error(words)))).toBe(true);
    }
    const timedOut = new Error('Connection terminated due to connection timeout', {
      cause: new Error('timeout expired'),
    });
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
  });

  it('looks into an AggregateError of a dual-stack connect', () => {
    const refused = new AggregateError([driverError('ECONNREFUSED'), driverError('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['23503', 'violates foreign key constraint'],
    ['22003', 'value "21474837000" is out of range for type integer'],
    ['22P05', 'unsupported Unicode escape sequence'],
    ['42601', 'syntax error at or near "selec"'],
    ['40001', 'could not serialize access'],
  ])('SQLSTATE %s (%s) stays what it is', (code, message) => {
    expect(isDatabaseUnavailable(wrapped(driverError(code, message)))).toBe(false);
  });

  it('takes SQLSTATE 55000 for unavailable when the database refuses the connection, not when a statement fails', () => {
    const refused = Object.assign(
      driverError('55000', 'database "shop" is not currently accepting connections'),
      { routine: 'CheckMyDatabase', severity: 'FATAL' },
    );
    expect(databaseUnavailableReason(wrapped(refused))).toBe('55000');
    // Translated words, the session ended all the same.
    expect(
      isDatabaseUnavailable(Object.assign(driverError('55000', 'la base…'), { severity: 'FATAL' })),
    ).toBe(true);
    const statement = Object.assign(driverError('55000', 'currval of sequence "s" is not yet defined'), {
      routine: 'currval_oid',
      severity: 'ERROR',
    });
    expect(isDatabaseUnavailable(wrapped(statement))).toBe(false);
  });

  it('leaves other errors alone, cycles included', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(driverError('ENOENT'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    const loop: { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });

  it('knows a real refused connection of the pool', async () => {
    const database = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/nothing`, 1, 2_000);
    try {
      const error = await database.db.execute(sql`select 1`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(databaseUnavailableReason(error)).toBe('ECONNREFUSED');
    } finally {
      await database.close();
    }
  });
});

describe('the error handler and database faults', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get('/terminated', async () => {
      throw wrapped(driverError('57P01', 'terminating connection due to administrator command'));
    });
    app.get('/refused', async () => {
      throw driverError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    });
    app.get('/pool-timeout', async () => {
      throw new Error('timeout exceeded when trying to connect');
    });
    app.get('/bad-query', async () => {
      throw wrapped(driverError('22003', 'value "21474837000" is out of range for type integer'));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/terminated', '/refused', '/pool-timeout'])(
    '%s answers 503 saying the shop is busy, and nothing of the query',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ success: false, message: messages.errors.shopBusy });
      expect(res.body).not.toContain('select');
      expect(res.body).not.toContain('secret@example.com');
    },
  );

  it('keeps a query error a 500 that says nothing of the query', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-query' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: messages.errors.internal });
  });
});

// PGlite runs in this process: it has no connection to lose, and its query errors are the caller's.
describe.skipIf(testDriver === 'pg')('PGlite errors', () => {
  let client: PGlite;
  let app: FastifyInstance;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec('create table things (id int primary key, n int not null)');
    const db = drizzle(client);
    app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get('/bad-query', async () => db.execute(sql`insert into things values (${1}, ${'x'}::int)`));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await client.close();
  });

  it('are never taken for an outage', async () => {
    const db = drizzle(client);
    await db.execute(sql`insert into things values (1, 1)`);
    const failures = await Promise.all(
      [
        sql`insert into things values (1, 2)`,
        sql`insert into things values (2, ${21474837000})`,
        sql`select ${'a\u0000b'}::text`,
        sql`selec 1`,
        sql`select * from nowhere`,
        sql`select 1 / 0`,
      ].map((query) =>
        db.execute(query).then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    );
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure)).toBe(false);
    }
  });

  it('stay a 500 that says nothing of the query', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-query' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: messages.errors.internal });
  });
});
