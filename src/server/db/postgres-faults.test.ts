import { eq, inArray, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { insertTestProduct, stockOf } from '../stock/test-products';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { multipartBody } from '../test/multipart';
import { createTestPostgresDatabase, withAdminClient, type TestPostgresDatabase } from '../test/postgres';
import { serveAndWait, waitForOutput, type ServerRun } from '../test/serve';
import { TcpProxy } from '../test/tcp-proxy';
import { createUser, type TestUser } from '../test/users';
import { openPostgres } from './client';
import { LISTENER_APPLICATION_NAME } from './listener';
import { isDatabaseUnavailable } from './faults';
import { orderLines, orders } from './schema';
import { gizaShipping } from '../test/shipping';
import { eventually } from '../test/eventually';

const BUSY = { success: false, message: messages.errors.shopBusy };
/** Far beyond any answer on a busy machine; an answer later than this is a hang. */
const HANG_MS = 20_000;
/** How long the shop may take to serve again once PostgreSQL is back (issue 11: "a few seconds"). */
const RECOVERY_MS = 15_000;

/** A cash order to Giza: the checkout form's fields. */
const address = { ...gizaShipping, paymentType: 'cash' };

interface Answer {
  status: number;
  body: unknown;
}

/** `answer` or a failure naming `what` once HANG_MS has passed. */
async function withinHangLimit<T>(what: string, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} hung for ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ends every connection to the database, as a restart or `pg_terminate_backend` in psql does; answers
 * how many of them were pooled ones (the app's listening connection, outside the pool, ends too).
 */
function terminateConnections(name: string): Promise<number> {
  return withAdminClient(async (admin) => {
    const ended = await admin.query<{ pooled: number }>(
      `select count(*) filter (where application_name <> $2)::int as pooled
       from (select pg_terminate_backend(pid), application_name from pg_stat_activity
             where datname = $1 and pid <> pg_backend_pid()) as ended`,
      [name, LISTENER_APPLICATION_NAME],
    );
    return ended.rows[0]?.pooled ?? 0;
  });
}

/**
 * Ends every connection of the database each time a few more answers of `requests` have arrived, so
 * the rest are cut mid-way, at several points of their life; answers how many connections it ended.
 */
async function terminateAsAnswersArrive(
  name: string,
  requests: Array<Promise<unknown>>,
  marks: number[],
): Promise<number> {
  let settled = 0;
  let wake = () => {};
  for (const request of requests) {
    void request
      .finally(() => {
        settled += 1;
        wake();
      })
      .catch(() => undefined);
  }
  let ended = 0;
  for (const mark of marks) {
    while (settled < mark) await new Promise<void>((resolve) => (wake = resolve));
    ended += await terminateConnections(name);
  }
  return ended;
}

function expectRiddenOut(answers: Answer[], ok: number[]) {
  for (const answer of answers) {
    if (answer.status === 503) expect(answer.body).toEqual(BUSY);
    else expect(ok).toContain(answer.status);
  }
}

// PGlite has no connection to lose; these need a PostgreSQL server (the server-pg project).
describe.skipIf(testDriver !== 'pg')('PostgreSQL faults are ridden out', () => {
  describe('pg_terminate_backend under concurrent requests', () => {
    let t: TestApp;
    let created: TestPostgresDatabase;
    let lost = 0;

    beforeAll(async () => {
      created = await createTestPostgresDatabase();
      // The production pool size, so requests queue for connections as they do under load.
      const database = openPostgres(created.url, 10);
      await database.migrate();
      database.onConnectionLost(() => (lost += 1));
      t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { database });
    });
    afterAll(async () => {
      await t?.close();
      await created?.drop();
    });

    it('answers 200 or 503 (never a 500, never a hang), keeps every answered order and serves again', async () => {
      const STOCK = 1_000;
      const product = await insertTestProduct(t, { price: 150, stock: STOCK });
      // When to end every connection, by answers arrived: often, now and then, once early.
      const CUTS = [[0, 10, 20, 30, 40], [0, 25], [5]];
      const ROUNDS = CUTS.length;
      const PER_ROUND = 50;
      const ORDERS_PER_ROUND = 10;
      const shoppers: TestUser[] = [];
      for (let i = 0; i < ROUNDS * ORDERS_PER_ROUND; i += 1) {
        const user = await createUser(t);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/cart',
          headers: user.headers,
          payload: { productId: product.id, quantity: 1 + (i % 3) },
        });
        expect(res.statusCode).toBe(200);
        shoppers.push(user);
      }

      const request = async (round: number, i: number): Promise<Answer & { kind: string }> => {
        let kind: string;
        let res;
        if (i < ORDERS_PER_ROUND) {
          kind = 'order';
          const body = multipartBody(address);
          res = await t.app.inject({
            method: 'POST',
            url: '/api/order',
            headers: { ...shoppers[round * ORDERS_PER_ROUND + i]!.headers, ...body.headers },
            payload: body.payload,
          });
        } else if (i % 4 === 0) {
          kind = 'cart';
          res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: shoppers[i % 10]!.headers });
        } else {
          // A search of its own: the catalogue cache must not answer in the database's place.
          kind = 'listing';
          res = await t.app.inject({ method: 'GET', url: `/api/product?search=linen-${round}-${i}` });
        }
        return { kind, status: res.statusCode, body: res.json() };
      };

      const answers: Array<Answer & { kind: string }> = [];
      let ended = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const requests = Array.from({ length: PER_ROUND }, (_, i) =>
          withinHangLimit(`request ${i} of round ${round}`, request(round, i)),
        );
        ended += await terminateAsAnswersArrive(created.name, requests, CUTS[round]!);
        answers.push(...(await Promise.all(requests)));
      }
      expectRiddenOut(answers, [200, 201]);
      expect(answers.filter((a) => a.kind === 'order' && a.status !== 201 && a.status !== 503)).toEqual([]);

      expect(ended).toBeGreaterThan(0);

      // It serves again by itself: a whole batch answers 200.
      const batch = () =>
        Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            t.app.inject({ method: 'GET', url: `/api/product?search=after-${Math.random()}-${i}` }),
          ),
        );
      await eventually('every request of a batch answers 200 again', async () =>
        (await batch()).every((res) => res.statusCode === 200),
      );

      // Connections that die while idle in the pool: before issue 11 this alone ended the process. The
      // pool hears of each and drops it, so the next batch finds no dead connection to use.
      // How many of the ended connections were idle in the pool cannot be told from outside (a connection
      // lent to a background read is lost to that read instead), so this waits for the pool to hear of
      // its losses and then for a whole batch to be served: no request may fail on a dead connection.
      const lostBefore = lost;
      const endedIdle = await terminateConnections(created.name);
      expect(endedIdle).toBeGreaterThan(0);
      await eventually('the pool heard of its lost connections', async () => lost > lostBefore);
      await eventually('a whole batch is served after the idle connections died', async () =>
        (await batch()).every((res) => res.statusCode === 200),
      );
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);

      // Every order answered 201 is there with its lines and totals; no stock went without an order
      // (an order whose commit was cut may be there too, answered 503: the shopper sees it in their
      // orders, and nothing was taken twice).
      const placed = answers
        .filter((a) => a.status === 201)
        .map((a) => (a.body as { order: { id: string } }).order);
      const stored = placed.length
        ? await t.database.db
            .select()
            .from(orders)
            .where(
              inArray(
                orders.id,
                placed.map((o) => o.id),
              ),
            )
        : [];
      expect(stored.map((o) => o.id).sort()).toEqual(placed.map((o) => o.id).sort());
      const [sold] = await t.database.db
        .select({ items: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
        .from(orderLines)
        .where(eq(orderLines.productId, product.id));
      const stock = await stockOf(t, product.id);
      expect(stock!.sold).toBe(sold!.items);
      expect(stock!.available + stock!.sold).toBe(STOCK);
      for (const order of stored) {
        const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
        expect(lines).toHaveLength(1);
        expect(order.totalPiastres).toBe(lines[0]!.quantity * 15_000);
        expect(order.grandTotalPiastres).toBe(order.totalPiastres + order.shippingFeePiastres);
      }
      const count = (kind: string, status: number) =>
        answers.filter((a) => a.kind === kind && a.status === status).length;
      console.info(
        `pg_terminate_backend ended ${ended} connections under ${answers.length} requests: ` +
          `orders ${count('order', 201)} placed, ${count('order', 503)} × 503; ` +
          `listings ${count('listing', 200)} × 200, ${count('listing', 503)} × 503; ` +
          `carts ${count('cart', 200)} × 200, ${count('cart', 503)} × 503`,
      );
    }, 120_000);
  });

  describe('a PostgreSQL that goes away and comes back (a relay cut, then restored)', () => {
    let t: TestApp;
    let created: TestPostgresDatabase;
    let proxy: TcpProxy;
    let relayedUrl = '';

    beforeAll(async () => {
      created = await createTestPostgresDatabase();
      const direct = openPostgres(created.url, 1);
      await direct.migrate();
      await direct.close();
      const target = new URL(created.url);
      proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      const relayed = new URL(created.url);
      relayed.host = proxy.address;
      relayedUrl = relayed.toString();
      // A short connect timeout, so a connection the relay swallows fails as fast as a refused one.
      t = await createTestApp(
        { RATE_LIMIT_PER_MINUTE: '100000' },
        { database: openPostgres(relayedUrl, 10, 2_000) },
      );
    });
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
      await created?.drop();
    });

    const listing = () => t.app.inject({ method: 'GET', url: `/api/product?search=x-${Math.random()}` });

    it('answers 503 while it is gone, says so at /api/health, and serves again once it is back', async () => {
      const product = await insertTestProduct(t, { stock: 5 });
      const shopper = await createUser(t);
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: shopper.headers,
        payload: { productId: product.id, quantity: 2 },
      });
      expect(added.statusCode).toBe(200);
      expect((await listing()).statusCode).toBe(200);

      await proxy.cut();
      const cutAt = Date.now();
      const body = multipartBody(address);
      const during = await withinHangLimit(
        'requests during the outage',
        Promise.all([
          ...Array.from({ length: 20 }, listing),
          t.app.inject({ method: 'GET', url: `/api/product/${product.id}?fresh=1` }),
          t.app.inject({ method: 'GET', url: '/api/cart', headers: shopper.headers }),
          t.app.inject({
            method: 'POST',
            url: '/api/order',
            headers: { ...shopper.headers, ...body.headers },
            payload: body.payload,
          }),
        ]),
      );
      for (const res of during) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(BUSY);
      }
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ success: false, message: messages.errors.databaseUnavailable });

      const answeredIn = Date.now() - cutAt;
      await proxy.restore();
      const restoredAt = Date.now();
      await eventually('the shop serves again', async () => (await listing()).statusCode === 200);
      console.info(
        `relay cut: 24 requests and /api/health answered 503 within ${answeredIn} ms; ` +
          `serving again ${Date.now() - restoredAt} ms after the relay was back`,
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // The order refused during the outage took nothing; placed now, it goes through.
      expect(await stockOf(t, product.id)).toEqual({ available: 5, sold: 0 });
      const again = multipartBody(address);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...shopper.headers, ...again.headers },
        payload: again.payload,
      });
      expect(placed.statusCode).toBe(201);
      expect(await stockOf(t, product.id)).toEqual({ available: 3, sold: 2 });
    }, 60_000);

    it('gives back a connection that dies under a BEGIN, so even a pool of one serves again', async () => {
      // drizzle-orm 0.45 sends BEGIN before the try/finally that releases the connection
      // (drizzle-team/drizzle-orm#6241); a leaked connection would leave this pool with none.
      const database = openPostgres(relayedUrl, 1, 2_000);
      try {
        await database.db.execute(sql`select 1`);
        proxy.cutAtNextMessage();
        const failure = await database.db
          .transaction((tx) => tx.execute(sql`select 1`))
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isDatabaseUnavailable(failure)).toBe(true);
        await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
      } finally {
        await database.close();
      }
    });
  });

  describe('the server process (main.ts)', () => {
    let created: TestPostgresDatabase;
    let dataDir: string;
    let run: ServerRun;
    let url: string;

    beforeAll(async () => {
      created = await createTestPostgresDatabase();
      dataDir = await mkdtemp(join(tmpdir(), 'nour-pg-faults-'));
      ({ run, url } = await serveAndWait({
        DATABASE_URL: created.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000',
      }));
    }, 90_000);
    afterAll(async () => {
      if (run && run.child.exitCode === null) {
        run.child.kill('SIGKILL');
        await run.exited;
      }
      await created?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('survives pg_terminate_backend under load, answers 503 meanwhile and 200 after', async () => {
      const get = async (path: string): Promise<Answer> => {
        const res = await fetch(`${url}${path}`);
        return { status: res.status, body: await res.json() };
      };
      const requests = Array.from({ length: 50 }, (_, i) =>
        withinHangLimit(`request ${i}`, get(i % 10 === 0 ? '/api/health' : `/api/product?search=p-${i}`)),
      );
      await terminateAsAnswersArrive(created.name, requests, [0, 10, 20, 30, 40]);
      for (const answer of await Promise.all(requests)) {
        if (answer.status === 503) {
          expect([BUSY, { success: false, message: messages.errors.databaseUnavailable }]).toContainEqual(
            answer.body,
          );
        } else expect(answer.status).toBe(200);
      }
      await eventually('the server answers again', async () => (await get('/api/health')).status === 200);
      // Its idle connections die too: before issue 11 this alone ended the process.
      expect(await terminateConnections(created.name)).toBeGreaterThan(0);
      await waitForOutput(run, /database connection lost/, RECOVERY_MS);
      await eventually('the server answers again', async () => (await get('/api/health')).status === 200);
      expect((await get('/api/product?search=after')).status).toBe(200);
      expect(run.child.exitCode).toBeNull();
      expect(run.child.signalCode).toBeNull();

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    }, 60_000);
  });
});
