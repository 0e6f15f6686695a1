import { Redis } from 'ioredis';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '@/shared/schemas/product';
import type { PublicSettingsAnswer } from '@/shared/schemas/settings';
import { openPostgres } from '../db/client';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, TEST_JWT_SECRET, testDriver, type TestApp } from '../test/app';
import { multipartBody } from '../test/multipart';
import { createTestPostgresDatabase, withAdminClient, type TestPostgresDatabase } from '../test/postgres';
import { redisAnswers } from '../test/redis';
import { serveAndWait, type ServerRun } from '../test/serve';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';
import { eventually } from '../test/eventually';

const REDIS_URL = 'redis://127.0.0.1:6379';
/**
 * Far longer than the 1 s the issue asks, far shorter than the minute an answer lives while its
 * process listens: a change that shows before this came through the broadcast, not by expiring.
 */
const SHOWS_WITHIN_MS = 10_000;

const hasRedis = testDriver === 'pg' && (await redisAnswers(REDIS_URL));

interface ProductAnswer {
  product: ProductDto;
}
interface ListingAnswer {
  products: ProductDto[];
  maxPrice: number;
}

/** Asks `read` until `shows` holds, and answers after how many milliseconds it did; fails past the deadline. */
async function msUntil<T>(read: () => Promise<T>, shows: (value: T) => boolean): Promise<number> {
  const started = performance.now();
  await eventually('the other process shows the change', read, shows, SHOWS_WITHIN_MS);
  return Math.round(performance.now() - started);
}

/**
 * Two real server processes on one PostgreSQL database: a change made through one is answered by the
 * other, whose answers would otherwise live a minute. Through LISTEN/NOTIFY, and through Redis pub/sub
 * when REDIS_URL is set.
 */
describe.each([
  { transport: 'PostgreSQL LISTEN/NOTIFY', env: {} as Record<string, string>, skip: testDriver !== 'pg' },
  { transport: 'Redis pub/sub', env: { REDIS_URL }, skip: !hasRedis },
])('the catalogue across two server processes ($transport)', ({ transport, env, skip }) => {
  let created: TestPostgresDatabase;
  let t: TestApp;
  let dataDirs: string[] = [];
  let servers: Array<{ run: ServerRun; url: string }> = [];
  let admin: TestUser;
  let shopper: TestUser;
  let product: { id: string };

  const get = async <T>(server: number, path: string, user?: TestUser): Promise<T> => {
    const res = await fetch(`${servers[server]!.url}${path}`, { headers: user ? user.headers : {} });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const send = async (server: number, method: string, path: string, user: TestUser, body: unknown) => {
    const multipart =
      body instanceof Object && 'payload' in body ? (body as ReturnType<typeof multipartBody>) : null;
    const res = await fetch(`${servers[server]!.url}${path}`, {
      method,
      headers: multipart
        ? { ...user.headers, ...multipart.headers }
        : { ...user.headers, 'content-type': 'application/json' },
      body: multipart ? new Uint8Array(multipart.payload) : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  /** The shopper puts `quantity` of the product in her cart and orders it, cash, through `server`. */
  const orderThrough = async (server: number, quantity: number) => {
    const carted = await send(server, 'POST', '/api/cart', shopper, { productId: product.id, quantity });
    expect(carted.status).toBe(200);
    const order = await send(
      server,
      'POST',
      '/api/order',
      shopper,
      multipartBody({ ...gizaShipping, paymentType: 'cash' }),
    );
    expect(order.status).toBe(201);
    return order;
  };
  const productOn = (server: number) => get<ProductAnswer>(server, `/api/product/${product.id}`);
  const listingOn = (server: number) =>
    get<ListingAnswer>(server, '/api/product?page=1&limit=12&sort=newest');

  beforeAll(async () => {
    if (skip) return;
    created = await createTestPostgresDatabase();
    const database = openPostgres(created.url, 5);
    await database.migrate();
    // The fixtures' way in: users with tokens both servers accept, a product with stock.
    t = await createTestApp({}, { database });
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
    product = await insertTestProduct(t, { price: 100, stock: 10 });
    dataDirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'nour-two-servers-'))));
    servers = await Promise.all(
      dataDirs.map((dataDir) =>
        serveAndWait({
          DATABASE_URL: created.url,
          DATA_DIR: dataDir,
          JWT_SECRET: TEST_JWT_SECRET,
          RATE_LIMIT_PER_MINUTE: '100000',
          ...env,
        }),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(async ({ run }) => {
        if (run.child.exitCode === null) run.child.kill('SIGTERM');
        await run.exited;
      }),
    );
    await t?.close();
    await created?.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it.skipIf(skip)('both servers listen for changes', async () => {
    if (env.REDIS_URL) {
      const redis = new Redis(REDIS_URL);
      const [, subscribers] = (await redis.pubsub('NUMSUB', 'nour_changes')) as [string, number];
      redis.disconnect();
      expect(subscribers).toBeGreaterThanOrEqual(2);
    } else {
      const listening = await withAdminClient((client) =>
        client.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'",
          [created.name],
        ),
      );
      // The two servers and this test's own app.
      expect(listening.rows[0]?.n).toBe(3);
    }
  });

  it.skipIf(skip)('a price changed through one is answered by the other', async () => {
    expect((await productOn(1)).product.price).toBe(100);
    expect((await listingOn(1)).maxPrice).toBe(100);
    const res = await send(0, 'PATCH', `/api/product/${product.id}`, admin, multipartBody({ price: 250 }));
    expect(res.status).toBe(200);
    const ms = await msUntil(
      () => productOn(1),
      (answer) => answer.product.price === 250,
    );
    expect((await listingOn(1)).maxPrice).toBe(250);
    console.log(`${transport}: the other server showed the new price after ${ms} ms`);
  });

  it.skipIf(skip)('an order placed through one moves the stock the other answers', async () => {
    const before = (await productOn(1)).product.avaliableItems;
    expect((await send(0, 'POST', '/api/cart', shopper, { productId: product.id, quantity: 2 })).status).toBe(
      200,
    );
    const order = await send(
      0,
      'POST',
      '/api/order',
      shopper,
      multipartBody({ ...gizaShipping, paymentType: 'cash' }),
    );
    expect(order.status).toBe(201);
    const ms = await msUntil(
      () => productOn(1),
      (answer) => answer.product.avaliableItems === before - 2,
    );
    const listed = (await listingOn(1)).products.find((p) => p.id === product.id);
    expect(listed?.avaliableItems).toBe(before - 2);
    console.log(`${transport}: the other server showed the new stock after ${ms} ms`);
  });

  it.skipIf(skip)(
    "the owner's settings changed through one are answered by the other, fee included",
    async () => {
      const settingsOn = (server: number) => get<PublicSettingsAnswer>(server, '/api/settings');
      expect((await settingsOn(1)).settings.shippingFees.Giza).toBe(40);
      const res = await send(0, 'PATCH', '/api/settings', admin, {
        shippingFees: { Giza: 65 },
        announcement: { en: 'Free delivery over 1,500 EGP' },
      });
      expect(res.status).toBe(200);
      const ms = await msUntil(
        () => settingsOn(1),
        (answer) => answer.settings.shippingFees.Giza === 65,
      );
      expect((await settingsOn(1)).settings.announcement.en).toBe('Free delivery over 1,500 EGP');
      expect((await send(0, 'PATCH', '/api/settings', admin, { walletNumber: '01198765432' })).status).toBe(
        200,
      );
      await msUntil(
        () => settingsOn(1),
        (answer) => answer.settings.walletNumber === '01198765432',
      );
      // An order placed through the other server pays the fee set through the first.
      const order = await orderThrough(1, 1);
      expect((order.body as { order: { shippingFee: number } }).order.shippingFee).toBe(65);
      console.log(`${transport}: the other server showed the new settings after ${ms} ms`);
    },
  );

  it.skipIf(skip)("an order that sells out a product moves it in the other's filters and order", async () => {
    const soldOutOn = async (server: number) =>
      (await get<ListingAnswer>(server, '/api/product?page=1&limit=12&availability=outOfStock')).products.map(
        (p) => p.id,
      );
    // The other server's listing index is built and in use before the change.
    expect(await soldOutOn(1)).not.toContain(product.id);
    const left = (await productOn(0)).product.avaliableItems;
    await orderThrough(0, left);
    await msUntil(
      () => soldOutOn(1),
      (ids) => ids.includes(product.id),
    );
    expect(await soldOutOn(1)).toEqual([product.id]);
  });
});
