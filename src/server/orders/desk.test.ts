import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay, shopDayStart } from '@/shared/dates';
import { messages } from '@/shared/messages';
import type { OrderDto } from '@/shared/schemas/order';
import { insertOrder } from '../admin/test-support';
import { orderLines, orders, outbox } from '../db/schema';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';

// The owner's order desk (issue 15): the history of status changes with notes, the payment check,
// the list's filters and number search, the CSV export and the dashboard's figures for the day.

const HOUR_MS = 60 * 60 * 1000;
/** An instant on a shop day: `hours` after its midnight in Cairo. */
const onDay = (day: string, hours = 1) => new Date(shopDayStart(day).getTime() + hours * HOUR_MS);

describe(`the order desk (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin', username: 'Owner' });
    shopper = await createUser(t, { username: 'Mona' });
  });
  afterAll(() => t.close());

  const getOrder = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: admin.headers })).json<{
      results: OrderDto;
    }>().results;

  function changeStatus(user: TestUser | null, id: string, payload: Record<string, unknown>) {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/order/${id}/status`,
      headers: user?.headers ?? {},
      payload,
    });
  }

  function markPayment(user: TestUser | null, id: string, payload: unknown) {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/order/${id}/payment`,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  describe('history', () => {
    it('starts with the placement by the buyer and records each change, its author and note, oldest first', async () => {
      const id = await insertOrder(t, shopper);
      const placed = await getOrder(id);
      expect(placed.history).toEqual([
        {
          status: 'pending',
          at: placed.createdAt,
          by: { _id: shopper.id, username: 'Mona' },
          note: null,
        },
      ]);

      const confirmed = await changeStatus(admin, id, { status: 'confirmed', note: '  Paid by phone  ' });
      expect(confirmed.statusCode).toBe(200);
      const afterConfirm = confirmed.json<{ results: OrderDto }>().results;
      expect(afterConfirm.status).toBe('confirmed');
      expect(afterConfirm.history.slice(1)).toEqual([
        {
          status: 'confirmed',
          at: expect.any(String),
          by: { _id: admin.id, username: 'Owner' },
          note: 'Paid by phone',
        },
      ]);

      // The same status again changes nothing and records nothing.
      expect((await changeStatus(admin, id, { status: 'confirmed', note: 'again' })).statusCode).toBe(200);
      // A blank note is no note; the owner's own cancel is recorded as theirs.
      expect((await changeStatus(shopper, id, { status: 'cancelled', note: '   ' })).statusCode).toBe(200);

      const order = await getOrder(id);
      expect(order.history.map((entry) => [entry.status, entry.by?.username, entry.note])).toEqual([
        ['pending', 'Mona', null],
        ['confirmed', 'Owner', 'Paid by phone'],
        ['cancelled', 'Mona', null],
      ]);
      const times = order.history.map((entry) => Date.parse(entry.at));
      expect([...times].sort((x, y) => x - y)).toEqual(times);
      // The shopper reads the same history on their side.
      const mine = (
        await t.app.inject({ method: 'GET', url: '/api/order/user/orders', headers: shopper.headers })
      ).json<{ results: OrderDto[] }>().results;
      expect(mine.find((o) => o.id === id)?.history).toEqual(order.history);
    });

    it('mails the note with the status change, escaped in the HTML', async () => {
      const id = await insertOrder(t, shopper);
      const note = 'Courier <Ahmed> calls before 5 & leaves it with the doorman';
      expect((await changeStatus(admin, id, { status: 'confirmed', note })).statusCode).toBe(200);
      const [row] = await t.database.db
        .select({ number: orders.number })
        .from(orders)
        .where(eq(orders.id, id));
      const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, shopper.email));
      const mail = mails.find((m) => m.subject.includes(`N-${row!.number} `));
      expect(mail?.text).toContain(`A note from the shop: ${note}`);
      expect(mail?.html).toContain('Courier &lt;Ahmed&gt; calls before 5 &amp; leaves it');
    });

    it('refuses a note over 500 characters and writes nothing', async () => {
      const id = await insertOrder(t, shopper);
      const res = await changeStatus(admin, id, { status: 'confirmed', note: 'x'.repeat(501) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'A note must be at most 500 characters' });
      const order = await getOrder(id);
      expect(order.status).toBe('pending');
      expect(order.history).toHaveLength(1);
      expect((await changeStatus(admin, id, { status: 'confirmed', note: 'x'.repeat(500) })).statusCode).toBe(
        200,
      );
    });
  });

  describe('PATCH /api/order/:id/payment', () => {
    it('is for admins: 401 for a visitor, 403 for a shopper, even the order’s own', async () => {
      const id = await insertOrder(t, shopper);
      const visitor = await markPayment(null, id, { verified: true });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ success: false, message: messages.auth.authenticationRequired });
      const owner = await markPayment(shopper, id, { verified: true });
      expect(owner.statusCode).toBe(403);
      expect(owner.json()).toEqual({ success: false, message: messages.auth.adminOnly });
      expect((await getOrder(id)).payment).toEqual({ verified: false, at: null, by: null });
    });

    it('records who marked it received and when, keeps the first mark, and undoes it', async () => {
      const id = await insertOrder(t, shopper, {
        paymentType: 'instapay',
        paymentImageKey: 'private/p.webp',
      });
      const res = await markPayment(admin, id, { verified: true });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; message: string; order: OrderDto }>();
      expect(body.success).toBe(true);
      expect(body.message).toBe('Payment marked as received');
      expect(body.order.payment).toEqual({
        verified: true,
        at: expect.any(String),
        by: { _id: admin.id, username: 'Owner' },
      });
      // The status is a separate matter.
      expect(body.order.status).toBe('pending');

      const second = await createUser(t, { role: 'admin', username: 'Helper' });
      const again = (await markPayment(second, id, { verified: true })).json<{ order: OrderDto }>();
      expect(again.order.payment).toEqual(body.order.payment);

      const undone = await markPayment(second, id, { verified: false });
      expect(undone.statusCode).toBe(200);
      expect(undone.json()).toMatchObject({
        message: 'Payment marked as not received',
        order: { payment: { verified: false, at: null, by: null } },
      });
    });

    it('answers 404 for an unknown order and 400 for a bad id or body', async () => {
      const missing = await markPayment(admin, randomUUID(), { verified: true });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Order not found' });
      const id = await insertOrder(t, shopper);
      for (const payload of [{}, { verified: 'yes' }, undefined]) {
        const res = await markPayment(admin, id, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: 'verified must be true or false' });
      }
      const malformed = await markPayment(admin, 'abc', { verified: true });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ success: false, message: 'Invalid order ID' });
    });
  });
});

describe(`finding and exporting orders (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  let today: string;
  /** Order ids by what the test calls them. */
  const made: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
    today = shopDay();
    made.todayCash = await insertOrder(t, shopper, {
      name: 'Today Cash',
      createdAt: onDay(today),
      grandTotal: 170,
    });
    made.todayProof = await insertOrder(t, shopper, {
      name: 'Today Proof',
      paymentType: 'instapay',
      paymentImageKey: 'private/proofs/a.webp',
      createdAt: onDay(today, 2),
      grandTotal: 250.5,
    });
    made.todayCancelled = await insertOrder(t, shopper, {
      name: 'Today Cancelled',
      status: 'cancelled',
      paymentType: 'instapay',
      paymentImageKey: 'private/proofs/b.webp',
      createdAt: onDay(today, 3),
      grandTotal: 999,
    });
    made.threeDaysAgo = await insertOrder(t, shopper, {
      name: 'Three Days',
      status: 'confirmed',
      paymentType: 'instapay',
      paymentImageKey: 'private/proofs/c.webp',
      createdAt: onDay(addDays(today, -3)),
    });
    // A minute before Cairo's midnight six days back: inside '7d', outside a range that starts a day later.
    made.sixDaysAgo = await insertOrder(t, shopper, {
      name: 'Six Days',
      status: 'completed',
      createdAt: new Date(shopDayStart(addDays(today, -5)).getTime() - 60_000),
    });
    made.tenDaysAgo = await insertOrder(t, shopper, {
      name: 'مريم حسن',
      address: 'شارع التحرير, "الدقي", الجيزة',
      createdAt: onDay(addDays(today, -10)),
    });
    const verified = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${made.threeDaysAgo}/payment`,
      headers: admin.headers,
      payload: { verified: true },
    });
    expect(verified.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  async function listNames(query: string): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order?limit=100&${query}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ results: OrderDto[] }>().results.map((order) => order.name);
  }

  it('filters by period, date range, payment method, proof to check and status, newest first', async () => {
    expect(await listNames('period=today')).toEqual(['Today Cancelled', 'Today Proof', 'Today Cash']);
    expect(await listNames('period=7d')).toEqual([
      'Today Cancelled',
      'Today Proof',
      'Today Cash',
      'Three Days',
      'Six Days',
    ]);
    expect(await listNames(`from=${addDays(today, -5)}&to=${addDays(today, -1)}`)).toEqual(['Three Days']);
    expect(await listNames(`from=${addDays(today, -6)}&to=${addDays(today, -6)}`)).toEqual(['Six Days']);
    expect(await listNames(`to=${addDays(today, -7)}`)).toEqual(['مريم حسن']);
    expect(await listNames('paymentType=instapay')).toEqual(['Today Cancelled', 'Today Proof', 'Three Days']);
    // A proof to check: InstaPay, a proof, not marked received, not cancelled.
    expect(await listNames('proof=toCheck')).toEqual(['Today Proof']);
    expect(await listNames('period=today&status=cancelled')).toEqual(['Today Cancelled']);
    expect(await listNames('period=7d&paymentType=cash&status=completed')).toEqual(['Six Days']);
  });

  it('finds an order by its number, with or without the prefix', async () => {
    const number = (
      await t.app.inject({ method: 'GET', url: `/api/order/${made.todayProof}`, headers: admin.headers })
    ).json<{
      results: OrderDto;
    }>().results.number;
    expect(await listNames(`search=${encodeURIComponent(number)}`)).toEqual(['Today Proof']);
    expect(await listNames(`search=${number.slice(2)}`)).toEqual(['Today Proof']);
  });

  it('refuses malformed filters with their rule', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-13-01', 'from must be a date written YYYY-MM-DD'],
      ['to=yesterday', 'to must be a date written YYYY-MM-DD'],
      ['period=month', 'period must be today or 7d'],
      ['paymentType=card', 'Payment type must be cash or instapay'],
      ['proof=all', 'proof must be toCheck'],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/order?${query}`, headers: admin.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
  });

  it('refuses days outside 2000 to 2099, in the list and the export alike', async () => {
    const range = (field: string) => `${field} must be a day from 2000-01-01 to 2099-12-31`;
    const cases: Array<[string, string]> = [
      ['from=0000-01-01', range('from')],
      ['from=0001-01-01', range('from')],
      ['to=0001-12-31', range('to')],
      ['to=0000-01-01', range('to')],
      ['from=1999-12-31', range('from')],
      ['to=2100-01-01', range('to')],
      ['from=9999-12-31', range('from')],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/order', '/api/order/export.csv']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: admin.headers });
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json()).toEqual({ success: false, message });
      }
    }
    // The edges themselves are days like any other.
    for (const query of ['from=2000-01-01', 'to=2099-12-31']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/order?${query}`, headers: admin.headers }))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/order/export.csv?${query}`, headers: admin.headers }))
          .statusCode,
      ).toBe(200);
    }
  });

  describe('GET /api/order/export.csv', () => {
    const exportCsv = (user: TestUser | null, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/order/export.csv${query}`, headers: user?.headers ?? {} });

    /** The CSV's records, split by a small RFC 4180 reader: quoted fields may hold commas and doubled quotes. */
    function records(csv: string): string[][] {
      const rows: string[][] = [];
      let row: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < csv.length; i += 1) {
        const c = csv[i]!;
        if (quoted) {
          if (c === '"' && csv[i + 1] === '"') {
            field += '"';
            i += 1;
          } else if (c === '"') quoted = false;
          else field += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') {
          row.push(field);
          field = '';
        } else if (c === '\n') {
          row.push(field);
          rows.push(row);
          row = [];
          field = '';
        } else field += c;
      }
      return rows;
    }

    it('is for admins: 401 for a visitor, 403 for a shopper', async () => {
      expect((await exportCsv(null)).statusCode).toBe(401);
      const user = await exportCsv(shopper);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ success: false, message: messages.auth.adminOnly });
      const bad = await exportCsv(admin, '?period=month');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: 'period must be today or 7d' });
    });

    it('writes a BOM, a header, every column and Arabic text intact, quoting what needs it', async () => {
      const res = await exportCsv(admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${today}.csv"`);
      const raw = res.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = raw.subarray(3).toString('utf8');
      // RFC 4180: the address's quotes doubled inside a quoted field.
      expect(text).toContain('"شارع التحرير, ""الدقي"", الجيزة"');
      const [header, ...rows] = records(text);
      expect(header).toEqual([
        'Number',
        'Date',
        'Customer',
        'Phone',
        'Email',
        'City',
        'Address',
        'Payment method',
        'Proof state',
        'Items',
        'Total (EGP)',
        'Shipping (EGP)',
        'Grand total (EGP)',
        'Status',
        'Governorate',
        'Cash on delivery fee (EGP)',
        'Delivery',
      ]);
      expect(rows.map((row) => row[2])).toEqual([
        'Today Cancelled',
        'Today Proof',
        'Today Cash',
        'Three Days',
        'Six Days',
        'مريم حسن',
      ]);
      const proof = rows[1]!;
      expect(proof[0]).toMatch(/^N-\d+$/);
      expect(proof[1]).toMatch(new RegExp(`^${today} 0[0-9]:00$`));
      expect(proof.slice(3)).toEqual([
        '01012345678',
        shopper.email,
        'Cairo',
        '12 Nile Street, Cairo',
        'Online (InstaPay)',
        'Proof to check',
        '',
        '180.5',
        '70',
        '250.5',
        'Pending',
        // Written straight into the database with a city and no governorate, as before issue 36.
        '',
        '0',
        'Not shipped yet',
      ]);
      expect(rows.map((row) => row[8])).toEqual([
        'Proof uploaded',
        'Proof to check',
        'No proof',
        'Payment received',
        'No proof',
        'No proof',
      ]);
      expect(rows[4]![13]).toBe('Delivered');
    });

    it('applies the list’s filters', async () => {
      const res = await exportCsv(admin, '?proof=toCheck');
      const [, ...rows] = records(res.rawPayload.subarray(3).toString('utf8'));
      expect(rows.map((row) => row[2])).toEqual(['Today Proof']);
      const week = records(
        (await exportCsv(admin, '?period=7d&paymentType=instapay')).body.replace(/^\uFEFF/, ''),
      );
      expect(week.slice(1).map((row) => row[2])).toEqual(['Today Cancelled', 'Today Proof', 'Three Days']);
    });

    it('walks page after page without losing or repeating an order, even with equal times', async () => {
      // More than one page of 500, a hundred of them placed at the very same instant.
      const sameInstant = onDay(addDays(today, -20));
      const values = Array.from({ length: 620 }, (_, i) => ({
        userId: shopper.id,
        name: `Bulk ${i}`,
        phone: '01012345678',
        address: 'Bulk street',
        city: 'Cairo' as const,
        paymentType: 'cash' as const,
        totalPiastres: 100,
        shippingFeePiastres: 7000,
        grandTotalPiastres: 7100,
        createdAt: i < 100 ? sameInstant : new Date(sameInstant.getTime() - i * 1000),
      }));
      await t.database.db.insert(orders).values(values);
      const res = await exportCsv(admin, `?to=${addDays(today, -20)}`);
      const names = records(res.rawPayload.subarray(3).toString('utf8'))
        .slice(1)
        .map((row) => row[2]);
      expect(names).toHaveLength(620);
      expect(new Set(names).size).toBe(620);
    });

    it("names each line's size and colour in the Items column", async () => {
      // Long ago, so the day's figures and the other exports' rows stay as they are.
      const id = await insertOrder(t, shopper, {
        name: 'Variant Lines',
        createdAt: onDay(addDays(today, -90)),
      });
      await t.database.db.insert(orderLines).values([
        {
          orderId: id,
          name: 'Layla Dress',
          slug: 'layla-dress',
          variant: { sku: 'LD-M-NAVY', options: { Size: 'M', Color: 'Navy' } },
          unitPricePiastres: 90000,
          quantity: 2,
        },
        { orderId: id, name: 'Plain Bag', slug: 'plain-bag', unitPricePiastres: 30000, quantity: 1 },
      ]);
      const res = await exportCsv(admin, '?search=Variant%20Lines');
      const [, ...rows] = records(res.rawPayload.subarray(3).toString('utf8'));
      expect(rows).toHaveLength(1);
      expect(rows[0]![9]!.split('; ').sort()).toEqual(['Layla Dress (M / Navy) × 2', 'Plain Bag × 1']);
    });
  });

  it('counts the dashboard’s day: today’s orders and total, pending orders, proofs to check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const stats = res.json<Record<string, unknown>>();
    expect(stats).toMatchObject({
      // Cancelled orders are not part of the day: 170 + 250.5.
      today: { orders: 2, total: 420.5 },
      proofsToCheck: 1,
      revenueCounts: { label: 'Confirmed and delivered orders', statuses: ['confirmed', 'completed'] },
    });
    expect(stats.pendingOrders).toBe((stats.ordersByStatus as Record<string, number>).pending);
  });
});
