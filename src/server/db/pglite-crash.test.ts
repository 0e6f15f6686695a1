import { eq, inArray, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@/shared/schemas/order';
import { TokenService } from '../auth/tokens';
import { TEST_JWT_SECRET, testConfig, testDriver } from '../test/app';
import { multipartBody } from '../test/multipart';
import { serveAndWait, type ServerRun } from '../test/serve';
import { openConfiguredDatabase } from './open';
import { cartLines, carts, categories, orderLines, orders, products, users } from './schema';
import { gizaShipping } from '../test/shipping';

const SHOPPERS = 30;
const STOCK = 1_000;
/** Orders answered before the kill: the rest are in flight, somewhere between the request and the commit. */
const KILL_AFTER_ANSWERS = 4;

/** A cash order to Giza: the checkout form's fields. */
const address = { ...gizaShipping, paymentType: 'cash' };

// A crash of the process that holds PGlite; PostgreSQL's own durability is not this shop's to test.
describe.skipIf(testDriver === 'pg')('PGlite after a crash (SIGKILL) mid-checkout', () => {
  let dataDir: string;
  let run: ServerRun | undefined;
  let productId: string;
  const shoppers: Array<{ id: string; headers: { token: string } }> = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nour-crash-'));
    // The shop and its shoppers straight in the database: signing up thirty people costs seconds of hashing.
    const opened = await openConfiguredDatabase({
      ...testConfig({ DATA_DIR: dataDir }),
      DATABASE_URL: undefined,
    });
    try {
      const { db } = opened.database;
      await opened.database.migrate();
      const [category] = await db.insert(categories).values({ name: 'Women', slug: 'women' }).returning();
      const [product] = await db
        .insert(products)
        .values({
          name: 'Linen Dress',
          slug: 'linen-dress',
          pricePiastres: 15_000,
          finalPricePiastres: 15_000,
          availableItems: STOCK,
          categoryId: category!.id,
        })
        .returning();
      productId = product!.id;
      const tokens = new TokenService(TEST_JWT_SECRET, '1h');
      const rows = await db
        .insert(users)
        .values(
          Array.from({ length: SHOPPERS }, (_, i) => ({
            email: `shopper-${i}@example.com`,
            username: `Shopper ${i}`,
            role: 'user' as const,
            passwordHash: 'not-a-real-hash',
          })),
        )
        .returning({ id: users.id });
      for (const row of rows) {
        shoppers.push({
          id: row.id,
          headers: { token: await tokens.sign({ userId: row.id, role: 'user' }) },
        });
      }
    } finally {
      await opened.close();
    }
  }, 90_000);

  afterAll(async () => {
    if (run && run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reopens with every answered order, its lines and totals, and stock that matches the orders', async () => {
    const started = await serveAndWait({
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    run = started.run;
    const { url } = started;

    for (const [i, shopper] of shoppers.entries()) {
      const res = await fetch(`${url}/api/cart`, {
        method: 'POST',
        headers: { ...shopper.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ productId, quantity: 1 + (i % 3) }),
      });
      expect(res.status).toBe(200);
    }

    const answered: OrderDto[] = [];
    let killed = false;
    const exited = run.exited;
    const kill = () => {
      if (killed) return;
      killed = true;
      run!.child.kill('SIGKILL');
    };
    await Promise.all(
      shoppers.map(async (shopper) => {
        const body = multipartBody(address);
        let answer: { status: number; json: { order: OrderDto } };
        try {
          const res = await fetch(`${url}/api/order`, {
            method: 'POST',
            headers: { ...shopper.headers, ...body.headers },
            body: new Uint8Array(body.payload),
          });
          answer = { status: res.status, json: (await res.json()) as { order: OrderDto } };
        } catch (error) {
          // The kill cut this request off: no answer, so the shopper never heard of an order.
          if (killed) return;
          throw error;
        }
        expect(answer.status).toBe(201);
        answered.push(answer.json.order);
        if (answered.length >= KILL_AFTER_ANSWERS) kill();
      }),
    );
    kill();
    await exited;
    expect(run.child.signalCode).toBe('SIGKILL');
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);

    // The dead server's lock is stale: reopening takes it over and recovers the database.
    const reopened = await openConfiguredDatabase({
      ...testConfig({ DATA_DIR: dataDir }),
      DATABASE_URL: undefined,
    });
    try {
      const { db } = reopened.database;
      const stored = await db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            answered.map((o) => o.id),
          ),
        );
      expect(stored).toHaveLength(answered.length);
      for (const answer of answered) {
        const order = stored.find((o) => o.id === answer.id)!;
        expect(order.userId).toBe(answer.createdBy._id);
        expect(order.totalPiastres).toBe(Math.round(answer.totalPrice * 100));
        expect(order.grandTotalPiastres).toBe(Math.round(answer.grandTotal * 100));
        const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, answer.id));
        expect(lines.map((l) => ({ productId: l.productId, quantity: l.quantity }))).toEqual(
          answer.products.map((p) => ({ productId: p.product.id, quantity: p.quantity })),
        );
      }

      // Orders the crash cut off are either whole or absent: the stock taken is exactly what the
      // stored orders hold, and every stored order's cart was emptied.
      const [sold] = await db
        .select({ items: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
        .from(orderLines)
        .where(eq(orderLines.productId, productId));
      const [product] = await db
        .select({ available: products.availableItems, sold: products.soldItems })
        .from(products)
        .where(eq(products.id, productId));
      expect(product!.sold).toBe(sold!.items);
      expect(product!.available + product!.sold).toBe(STOCK);
      const ordered = new Set((await db.select({ userId: orders.userId }).from(orders)).map((o) => o.userId));
      const withLines = new Set(
        (
          await db
            .selectDistinct({ userId: carts.userId })
            .from(cartLines)
            .innerJoin(carts, eq(carts.id, cartLines.cartId))
        ).map((c) => c.userId),
      );
      for (const shopper of shoppers) expect(withLines.has(shopper.id)).toBe(!ordered.has(shopper.id));
      console.info(
        `SIGKILL after ${answered.length} answered orders: ${ordered.size} orders stored, ${sold!.items} items sold`,
      );
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
