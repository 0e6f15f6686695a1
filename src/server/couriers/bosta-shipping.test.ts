import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '@/shared/messages';
import type { BulkAnswer } from '@/shared/schemas/delivery';
import type { OrderDto } from '@/shared/schemas/order';
import { courierEvents, outbox } from '../db/schema';
import { stockOf } from '../stock/test-products';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { createProduct } from '../test/catalog-fixtures';
import { eventually } from '../test/eventually';
import { startFakeBosta, type FakeBosta } from '../test/fakes/bosta';
import { placeTestOrder, withoutConfirmation } from '../test/orders';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';
import { createBostaAdapter } from './bosta';

const s = messages.shipping;
const SECRET = 'a-webhook-secret-of-the-shop-1234';
const inAlexandria = (() => {
  const { city: _city, ...rest } = gizaShipping;
  return { ...rest, street: 'Fouad Street', area: 'Raml Station', governorate: 'EG-ALX' };
})();

describe(`Bosta, from the desk to the courier's webhook (${testDriver})`, () => {
  let bosta: FakeBosta;
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    bosta = await startFakeBosta();
    t = await createTestApp(
      {
        RATE_LIMIT_PER_MINUTE: '100000',
        BOSTA_API_KEY: bosta.apiKey,
        BOSTA_BASE_URL: bosta.url,
        BOSTA_WEBHOOK_SECRET: SECRET,
      },
      // Retries at once and a short timeout: the test waits for states, never for the clock.
      { jobs: { pollMs: 50, backoff: () => 0, maxAttempts: 4 }, courierTimeoutMs: 300 },
    );
    admin = await createUser(t, { role: 'admin' });
    // Sending from the desk: cash orders go without a confirmation first (its own tests: issue 37).
    await withoutConfirmation(t, admin);
  });
  afterAll(async () => {
    await t?.close();
    await bosta?.close();
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const orderOf = async (id: string) =>
    (await call(admin, 'GET', `/api/order/${id}`)).json<{ results: OrderDto }>().results;
  const send = (orderIds: string[]) => call(admin, 'POST', '/api/couriers/bosta/shipments', { orderIds });
  const deliveriesOf = (number: string) => bosta.deliveries.filter((d) => d.businessReference === number);
  const webhook = (body: unknown, secret = SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/couriers/bosta/webhook',
      headers: { 'content-type': 'application/json', authorization: secret },
      payload: JSON.stringify(body),
    });

  async function placed(price = 300, shipping: Record<string, string> = inAlexandria) {
    const shopper = await createUser(t);
    const product = await createProduct(t, { price, availableItems: 5 });
    return { shopper, product, order: await placeTestOrder(t, shopper, [[product.id, 1]], 'cash', shipping) };
  }

  /** The order once the job has given it to Bosta (or Bosta refused it for good). */
  const settled = (id: string) =>
    eventually(
      `order ${id} leaves the queue`,
      () => orderOf(id),
      (order) => order.shipment !== null && order.shipment.request !== 'queued',
    );

  it('sends an order: Bosta gets every field, the order ships with its tracking, the shopper is told', async () => {
    const { shopper, order } = await placed();
    const res = await send([order.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BulkAnswer>()).toEqual({
      success: true,
      message: format(s.bostaQueuedCount, { done: 1, total: 1 }),
      results: [{ orderId: order.id, ok: true, message: s.bostaQueued }],
    });
    const shipped = await settled(order.id);
    const [made] = deliveriesOf(order.number);
    expect(made!.body).toMatchObject({
      type: 10,
      cod: 300 + 90,
      businessReference: order.number,
      allowToOpenPackage: true,
      receiver: { phone: '01012345678' },
      dropOffAddress: expect.objectContaining({
        city: 'Alexandria',
        buildingNumber: '12',
        floor: '3',
        apartment: '7',
      }),
    });
    expect(shipped).toMatchObject({
      status: 'confirmed',
      deliveryState: 'shipped',
      shipment: {
        courier: 'bosta',
        request: 'created',
        trackingNumber: made!.trackingNumber,
        trackingUrl: expect.stringContaining(made!.trackingNumber),
        cashToCollect: 390,
        error: null,
      },
    });
    const mails = await t.database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(eq(outbox.recipient, shopper.email));
    expect(mails.some((mail) => mail.text.includes(made!.trackingNumber))).toBe(true);
    // Sent twice: refused while Bosta has it.
    const again = (await send([order.id])).json<BulkAnswer>();
    expect(again.results[0]).toEqual({ orderId: order.id, ok: false, message: s.alreadyShipped });
  });

  it('after a timeout looks the order up before creating again: one delivery at Bosta', async () => {
    const { order } = await placed();
    bosta.failNext(1, 'timeout', 'create');
    await send([order.id]);
    const shipped = await settled(order.id);
    expect(shipped.shipment).toMatchObject({ request: 'created' });
    expect(deliveriesOf(order.number)).toHaveLength(1);
    expect(shipped.shipment!.trackingNumber).toBe(deliveriesOf(order.number)[0]!.trackingNumber);
  });

  it('after a crash between Bosta’s answer and the commit, the job runs again and makes no second delivery', async () => {
    const { order } = await placed();
    // A try that crashed after Bosta made the delivery and before our commit: Bosta has the delivery,
    // and the job is still due (its lease ran out). The next try finds the delivery and keeps it.
    await createBostaAdapter({ apiKey: bosta.apiKey, baseUrl: bosta.url }).createShipment({
      number: order.number,
      name: order.name,
      phone: order.phone,
      governorate: 'EG-ALX',
      city: order.city,
      area: order.area,
      street: order.street,
      building: order.building,
      floor: order.floor,
      apartment: order.apartment,
      landmark: order.landmark,
      address: order.address,
      cashToCollect: 390,
      notes: '',
      allowToOpenPackage: true,
    });
    await send([order.id]);
    const shipped = await settled(order.id);
    expect(deliveriesOf(order.number)).toHaveLength(1);
    expect(shipped.shipment!.trackingNumber).toBe(deliveriesOf(order.number)[0]!.trackingNumber);
    expect(shipped.deliveryState).toBe('shipped');
  });

  it("shows Bosta's refusal on the order and does not retry it; retries an outage until it passes", async () => {
    const refused = (await placed()).order;
    const createsBefore = bosta.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/v2/deliveries',
    ).length;
    bosta.failNext(1, 'status400', 'create');
    await send([refused.id]);
    const failed = await settled(refused.id);
    expect(failed.shipment).toMatchObject({ request: 'failed', error: expect.stringMatching(/.+/) });
    expect(failed.deliveryState).toBe('notShipped');
    // One try: Bosta's 400 is not tried again.
    const tries = bosta.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/deliveries');
    expect(tries.length).toBe(createsBefore + 1);
    // Sent again after the owner fixed it: it goes.
    await send([refused.id]);
    expect((await settled(refused.id)).shipment!.request).toBe('created');

    const outage = (await placed()).order;
    bosta.failNext(2, 'status500', 'create');
    await send([outage.id]);
    expect((await settled(outage.id)).shipment).toMatchObject({ request: 'created', error: null });
  });

  it('applies the webhook: in order, twice, out of order; a forged one changes nothing', async () => {
    const { order } = await placed(200);
    await send([order.id]);
    const tracking = (await settled(order.id)).shipment!.trackingNumber!;
    const at = Date.now();
    const pickedUp = { ...bosta.moveDelivery(tracking, 21), timeStamp: at + 1_000 };
    const delivered = { ...bosta.moveDelivery(tracking, 45), timeStamp: at + 3_000 };
    const inTransit = { ...bosta.moveDelivery(tracking, 30), timeStamp: at + 2_000 };

    const eventsBefore = (await t.database.db.select({ n: count() }).from(courierEvents))[0]!.n;
    const forged = await webhook(delivered, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(s.webhookRefused);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/couriers/bosta/webhook',
      payload: delivered,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await t.database.db.select({ n: count() }).from(courierEvents))[0]!.n).toBe(eventsBefore);
    expect((await orderOf(order.id)).deliveryState).toBe('shipped');

    expect((await webhook(pickedUp)).statusCode).toBe(200);
    expect((await webhook(delivered)).json().message).toBe('applied');
    expect((await webhook(delivered)).json().message).toBe('duplicate');
    expect((await webhook(inTransit)).json().message).toBe('stale');
    const done = await orderOf(order.id);
    expect(done).toMatchObject({
      status: 'completed',
      deliveryState: 'delivered',
      shipment: { courierState: 'Delivered', cashCollected: 290 },
    });
    expect(done.deliveryHistory.map((step) => [step.state, step.source])).toEqual([
      ['shipped', 'staff'],
      ['delivered', 'courier'],
    ]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/couriers/bosta/webhook',
      headers: { 'content-type': 'application/json', authorization: SECRET },
      payload: '{"hello":"world"}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(s.webhookInvalid);
  });

  it('puts the stock of a parcel refused and returned back once, whatever Bosta sends and how often', async () => {
    const { order, product } = await placed(150);
    await send([order.id]);
    const tracking = (await settled(order.id)).shipment!.trackingNumber!;
    expect(await stockOf(t, product.id)).toEqual({ available: 4, sold: 1 });
    const at = Date.now();
    const refused = { ...bosta.moveDelivery(tracking, 49), timeStamp: at + 1_000 };
    const coming = { ...bosta.moveDelivery(tracking, 30, 'RTO'), timeStamp: at + 2_000 };
    const returned = { ...bosta.moveDelivery(tracking, 46, 'RTO'), timeStamp: at + 3_000 };
    for (const event of [refused, refused, coming, returned, returned, refused]) await webhook(event);
    const back = await orderOf(order.id);
    expect(back).toMatchObject({ status: 'cancelled', deliveryState: 'returned' });
    expect(back.deliveryHistory.map((step) => step.state)).toEqual(['shipped', 'refused', 'returned']);
    expect(await stockOf(t, product.id)).toEqual({ available: 5, sold: 0 });
  });

  it("prints the chosen orders' airway bills in one PDF, and refuses an order Bosta has not taken", async () => {
    const first = (await placed()).order;
    const second = (await placed()).order;
    await send([first.id, second.id]);
    await settled(first.id);
    await settled(second.id);
    const res = await call(
      admin,
      'GET',
      `/api/couriers/bosta/airway-bills?orderIds=${first.id},${second.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    const other = (await placed()).order;
    const refused = await call(
      admin,
      'GET',
      `/api/couriers/bosta/airway-bills?orderIds=${first.id},${other.id}`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(format(s.noAirwayBill, { number: other.number }));
  });

  it('cancels a Bosta shipment there and here, and the order may be sent again', async () => {
    const { order } = await placed();
    await send([order.id]);
    const tracking = (await settled(order.id)).shipment!.trackingNumber!;
    const res = await call(admin, 'DELETE', `/api/couriers/bosta/shipments/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(s.bostaCancelled);
    expect(bosta.deliveries.find((d) => d.trackingNumber === tracking)!.state).toBe(48);
    const back = await orderOf(order.id);
    expect(back).toMatchObject({ deliveryState: 'notShipped', shipment: { request: 'cancelled' } });
    expect((await call(admin, 'DELETE', `/api/couriers/bosta/shipments/${order.id}`)).json().message).toBe(
      s.notWithBosta,
    );
    await send([order.id]);
    const resent = await settled(order.id);
    expect(resent.shipment!.request).toBe('created');
    expect(resent.shipment!.trackingNumber).not.toBe(tracking);
  });

  it('lets only an admin send, cancel or print', async () => {
    const { shopper, order } = await placed();
    expect(
      (await call(shopper, 'POST', '/api/couriers/bosta/shipments', { orderIds: [order.id] })).statusCode,
    ).toBe(403);
    expect((await call(shopper, 'DELETE', `/api/couriers/bosta/shipments/${order.id}`)).statusCode).toBe(403);
    expect(
      (await call(shopper, 'GET', `/api/couriers/bosta/airway-bills?orderIds=${order.id}`)).statusCode,
    ).toBe(403);
    const status = (await call(admin, 'GET', '/api/couriers')).json();
    expect(status.couriers.bosta).toEqual({
      configured: true,
      webhookUrl: expect.stringMatching(/\/api\/couriers\/bosta\/webhook$/),
    });
  });
});

describe(`without Bosta's settings (${testDriver})`, () => {
  it('refuses to send, and every webhook', async () => {
    const t = await createTestApp();
    try {
      const admin = await createUser(t, { role: 'admin' });
      const shopper = await createUser(t);
      const product = await createProduct(t, { availableItems: 2 });
      const order = await placeTestOrder(t, shopper, [[product.id, 1]]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/couriers/bosta/shipments',
        headers: admin.headers,
        payload: { orderIds: [order.id] },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(s.bostaNotConfigured);
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/couriers/bosta/webhook',
        headers: { 'content-type': 'application/json', authorization: 'anything-at-all-16' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/couriers', headers: admin.headers })).json().couriers
          .bosta.configured,
      ).toBe(false);
    } finally {
      await t.close();
    }
  });
});
