import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartDto } from '@/shared/schemas/cart';
import { insertTestProduct } from './stock/test-products';
import { createTestApp, type TestApp } from './test/app';
import { multipartBody } from './test/multipart';
import { createUser } from './test/users';

interface LogLine {
  level: number;
  msg?: string;
  requestId?: string;
  req?: { url?: string };
  [key: string]: unknown;
}

/**
 * The server's own log, captured: a failing sign-up and a failing order must leave no secret or personal
 * data in it (issue 11 saw an argon2 hash, an email, a phone and an address there).
 */
describe('logging', () => {
  const lines: string[] = [];
  let t: TestApp;
  const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000' },
      { logDestination: { write: (line) => void lines.push(line) } },
    );
    // Every insert into users and orders fails inside the database, after the service has built its
    // statement with all the parameters: the path that used to log them.
    await t.database.db.execute(sql`
      create function refuse_insert() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_users before insert on users for each row execute function refuse_insert()`,
    );
    await t.database.db.execute(
      sql`create trigger refuse_orders before insert on orders for each row execute function refuse_insert()`,
    );
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  it('logs a failed sign-up without the password, its hash or the email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Leaky',
        email: 'leaky.shopper@example.com',
        password: 'Sesame123',
        confirmPassword: 'Sesame123',
      },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('refused by the test');
    expect(log).toContain('insert into \\"users\\"');
    expect(log).not.toContain('leaky.shopper');
    expect(log).not.toContain('Sesame123');
    expect(log).not.toContain('$argon2');
  });

  it('logs a failed order without the name, phone or address', async () => {
    await t.database.db.execute(sql`drop trigger refuse_users on users`);
    const user = await createUser(t);
    const product = await insertTestProduct(t, { stock: 5 });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.headers,
      payload: { productId: product.id, quantity: 1 },
    });
    const cartId = added.json<{ cart: CartDto }>().cart.id;
    const body = multipartBody({
      cartId,
      name: 'Zeinab Private',
      phone: '01098765432',
      street: 'Secret Garden Street',
      building: '44',
      floor: '9',
      apartment: '17',
      landmark: 'Behind the hidden bakery',
      area: 'Zamalek',
      city: 'Cairo',
      paymentType: 'cash',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('refused by the test');
    for (const secret of ['Zeinab Private', '01098765432', 'Secret Garden', 'hidden bakery', user.token]) {
      expect(log).not.toContain(secret);
    }
  });

  it('never logs a query string, which may carry a signed link or a search', async () => {
    await t.app.inject({ method: 'GET', url: '/api/product?search=my-private-words&page=1' });
    await t.app.inject({
      method: 'GET',
      url: '/api/files/private/proofs/x.webp?expires=1&signature=top-secret-signature',
    });
    const urls = parsed()
      .map((line) => line.req?.url)
      .filter(Boolean);
    expect(urls).toContain('/api/product');
    expect(urls).toContain('/api/files/private/proofs/x.webp');
    expect(lines.join('\n')).not.toMatch(/my-private-words|top-secret-signature/);
  });

  it('redacts secrets wherever a log call puts them', async () => {
    t.app.log.info(
      { user: { email: 'a@b.c', password: 'pw', token: 'tok' }, order: { phone: '0100', address: 'street' } },
      'something happened',
    );
    const [line] = parsed();
    expect(line?.user).toEqual({ email: '[redacted]', password: '[redacted]', token: '[redacted]' });
    expect(line?.order).toEqual({ phone: '[redacted]', address: '[redacted]' });
  });

  it('redacts secrets deep in objects and arrays, and leaves the logged objects as they were', async () => {
    const shipment = { to: [{ contact: { person: { phone: '0100', name: 'Mona' } } }], count: 1 };
    t.app.log.info({ shipment, token: 'tok', at: new Date(0) }, 'shipped');
    const [line] = parsed();
    expect(line?.shipment).toEqual({
      to: [{ contact: { person: { phone: '[redacted]', name: 'Mona' } } }],
      count: 1,
    });
    expect(line?.token).toBe('[redacted]');
    expect(line?.at).toBe('1970-01-01T00:00:00.000Z');
    expect(shipment.to[0]?.contact.person.phone).toBe('0100');
  });

  it('keeps images and the web app’s files out of the info log', async () => {
    await t.app.inject({ method: 'GET', url: '/uploads/products/missing.webp' });
    await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const urls = parsed().map((line) => line.req?.url);
    expect(urls).toContain('/api/health');
    expect(urls).not.toContain('/uploads/products/missing.webp');
    expect(urls).not.toContain('/assets/index-abc.js');
  });

  it('puts the request id in every line of the request and in the answer, keeping a sane one of the caller', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'checkout-7f3a.2' },
    });
    expect(own.headers['x-request-id']).toBe('checkout-7f3a.2');
    const ownLines = parsed().filter((line) => line.requestId === 'checkout-7f3a.2');
    // One line when it is answered, saying what was asked and how it went.
    expect(ownLines.map((line) => line.msg)).toEqual(['request completed']);
    expect(ownLines[0]?.req).toEqual({
      method: 'GET',
      url: '/api/health',
      hostname: 'localhost',
      remoteAddress: '127.0.0.1',
    });
    expect(ownLines[0]?.res).toEqual({ statusCode: 200 });

    lines.length = 0;
    const made = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(made.statusCode).toBe(404);
    const id = String(made.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parsed().every((line) => line.requestId === id)).toBe(true);

    for (const bad of ['has space', 'x'.repeat(129), 'line\u2028break', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).not.toBe(bad);
      expect(String(res.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives two requests without an id two different ones', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
