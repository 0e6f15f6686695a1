import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryState } from '@/shared/constants';
import { deliveryZonesOf } from '@/shared/delivery';
import { messages } from '@/shared/messages';
import { messagesAr } from '@/shared/messages/ar';
import type { BulkAnswer, DeliveryQuoteAnswer } from '@/shared/schemas/delivery';
import type { OrderDto } from '@/shared/schemas/order';
import type { DeliveryZone } from '@/shared/schemas/settings';
import { format } from '@/shared/messages';
import { outbox } from '../db/schema';
import { stockOf } from '../stock/test-products';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { createProduct } from '../test/catalog-fixtures';
import { multipartBody } from '../test/multipart';
import { placeTestOrder, withoutConfirmation } from '../test/orders';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';

const s = messages.shipping;

/** Checkout's fields with a governorate instead of a city (issue 36). */
const inGovernorate = (governorate: string) => {
  const { city: _city, ...rest } = gizaShipping;
  return { ...rest, governorate };
};

describe(`delivery zones and the road of an order (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
    // The road from the desk: cash orders ship without a confirmation first (its own tests: issue 37).
    await withoutConfirmation(t, admin);
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  /** The shop's zones: the default three, Alexandria its own zone, free over 1,000, cash at 15 EGP; Aswan in none. */
  async function setZones(): Promise<DeliveryZone[]> {
    const [cairo, giza, outside] = deliveryZonesOf({ Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 });
    const zones: DeliveryZone[] = [
      cairo!,
      giza!,
      { ...outside!, governorates: outside!.governorates.filter((g) => g !== 'EG-ALX' && g !== 'EG-ASN') },
      {
        id: 'alexandria',
        name: { en: 'Alexandria', ar: 'الإسكندرية' },
        governorates: ['EG-ALX'],
        fee: 60,
        freeOver: 1000,
        cashOnDelivery: true,
        cashOnDeliveryFee: 15,
        estimateDays: { min: 2, max: 3 },
      },
    ];
    const res = await call(admin, 'PATCH', '/api/settings', { deliveryZones: zones });
    expect(res.statusCode, res.body).toBe(200);
    return zones;
  }

  async function order(
    user: TestUser,
    price: number,
    shipping: Record<string, string>,
    paymentType: 'cash' | 'instapay' = 'cash',
  ) {
    const product = await createProduct(t, { price, availableItems: 10 });
    return { product, order: await placeTestOrder(t, user, [[product.id, 1]], paymentType, shipping) };
  }

  async function place(
    user: TestUser,
    price: number,
    shipping: Record<string, string>,
    paymentType = 'cash',
  ) {
    const product = await createProduct(t, { price, availableItems: 10 });
    await call(user, 'POST', '/api/cart', { productId: product.id, quantity: 1 });
    const body = multipartBody({ ...shipping, paymentType });
    return t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  }

  describe('zones', () => {
    it("charges a governorate's zone, free over its threshold, with its cash fee", async () => {
      await setZones();
      const shopper = await createUser(t);
      const small = (await order(shopper, 400, inGovernorate('EG-ALX'))).order;
      expect(small).toMatchObject({
        governorate: 'EG-ALX',
        city: 'Outside Cairo and Giza',
        // The courier reads the governorate, not DESIGN §3's 'Outside Cairo and Giza'.
        address: '12 Tahrir Street, Floor 3, Apartment 7, Near the mosque, Dokki, Alexandria',
        deliveryZone: { id: 'alexandria', name: { en: 'Alexandria', ar: 'الإسكندرية' } },
        totalPrice: 400,
        shippingFee: 60,
        cashOnDeliveryFee: 15,
        grandTotal: 475,
      });
      // At the threshold exactly: free; InstaPay pays no cash fee.
      const large = (await order(shopper, 1000, inGovernorate('EG-ALX'), 'instapay')).order;
      expect(large).toMatchObject({ shippingFee: 0, cashOnDeliveryFee: 0, grandTotal: 1000 });
    });

    it('serves a client that sends only a city, or only an address, at the fees of today', async () => {
      await setZones();
      const shopper = await createUser(t);
      const giza = (await order(shopper, 100, gizaShipping)).order;
      expect(giza).toMatchObject({ governorate: 'EG-GZ', shippingFee: 40, grandTotal: 140 });
      const outside = (await order(shopper, 100, { ...gizaShipping, city: 'Outside Cairo and Giza' })).order;
      expect(outside).toMatchObject({
        governorate: null,
        deliveryZone: { id: 'outside-cairo-and-giza' },
        shippingFee: 90,
      });
      const address = { name: 'Omar Khaled', phone: '01012345678' };
      const named = (await order(shopper, 100, { ...address, address: '5 Corniche, Alexandria' })).order;
      expect(named).toMatchObject({ governorate: 'EG-ALX', shippingFee: 60, cashOnDeliveryFee: 15 });
      const whole = (await order(shopper, 100, { ...address, address: '3 Main St, Outside Cairo and Giza' }))
        .order;
      expect(whole).toMatchObject({ governorate: null, city: 'Outside Cairo and Giza', shippingFee: 90 });
      const cairo = (await order(shopper, 100, { ...address, address: '9 Tahrir, القاهرة' })).order;
      expect(cairo).toMatchObject({ governorate: 'EG-C', shippingFee: 70 });
    });

    it('refuses an unknown governorate, one the shop does not deliver to, and cash where the zone takes none', async () => {
      const zones = await setZones();
      const shopper = await createUser(t);
      const unknown = await place(shopper, 100, inGovernorate('EG-XX'));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ success: false, message: messages.delivery.unknownGovernorate });
      const aswan = await place(shopper, 100, inGovernorate('EG-ASN'));
      expect(aswan.statusCode).toBe(400);
      expect(aswan.json().message).toBe(messages.delivery.notDelivered);

      const noCash = zones.map((zone) =>
        zone.id === 'alexandria' ? { ...zone, cashOnDelivery: false } : zone,
      );
      expect((await call(admin, 'PATCH', '/api/settings', { deliveryZones: noCash })).statusCode).toBe(200);
      const cash = await place(shopper, 100, inGovernorate('EG-ALX'));
      expect(cash.statusCode).toBe(400);
      expect(cash.json().message).toBe(messages.delivery.cashNotAllowed);
      // Nothing was taken: the cart still holds its line, and an Arabic shopper reads it in Arabic.
      const cart = (await call(shopper, 'GET', '/api/cart')).json<{ cart: { products: unknown[] } }>();
      expect(cart.cart.products.length).toBeGreaterThan(0);
      const body = multipartBody({ ...inGovernorate('EG-ALX'), paymentType: 'cash' });
      const arabic = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...shopper.headers, ...body.headers, 'accept-language': 'ar' },
        payload: body.payload,
      });
      expect(arabic.json().message).toBe(messagesAr.delivery.cashNotAllowed);
      await call(shopper, 'PUT', '/api/cart/clear');
    });

    it("quotes the caller's cart: fee, free delivery, cash fee, estimate, grand total", async () => {
      await setZones();
      const shopper = await createUser(t);
      const product = await createProduct(t, { price: 600, availableItems: 10 });
      await call(shopper, 'POST', '/api/cart', { productId: product.id, quantity: 1 });
      const quote = async (user: TestUser | null, query: string) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/delivery/quote?${query}`,
          headers: user?.headers ?? {},
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<DeliveryQuoteAnswer>().quote;
      };
      expect(await quote(shopper, 'governorate=EG-ALX&paymentType=cash')).toEqual({
        governorate: 'EG-ALX',
        zone: { id: 'alexandria', name: { en: 'Alexandria', ar: 'الإسكندرية' } },
        deliverable: true,
        subtotal: 600,
        shippingFee: 60,
        freeDelivery: false,
        freeOver: 1000,
        cashOnDeliveryAllowed: true,
        cashOnDeliveryFee: 15,
        estimateDays: { min: 2, max: 3 },
        grandTotal: 675,
      });
      // Two more pieces (the cart adds them): 1,800 EGP, over the zone's 1,000.
      await call(shopper, 'POST', '/api/cart', { productId: product.id, quantity: 2 });
      expect(await quote(shopper, 'governorate=EG-ALX&paymentType=instapay')).toMatchObject({
        subtotal: 1800,
        shippingFee: 0,
        freeDelivery: true,
        cashOnDeliveryFee: 0,
        grandTotal: 1800,
      });
      expect(await quote(null, 'governorate=EG-ASN')).toMatchObject({ deliverable: false, zone: null });
      expect(await quote(null, 'governorate=EG-C')).toMatchObject({ subtotal: 0, shippingFee: 70 });
      const bad = await t.app.inject({ method: 'GET', url: '/api/delivery/quote?governorate=Cairo' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(messages.delivery.unknownGovernorate);
      await call(shopper, 'PUT', '/api/cart/clear');
    });

    it("keeps DESIGN §3's shippingFees and the zones in agreement both ways", async () => {
      await setZones();
      const fees = await call(admin, 'PATCH', '/api/settings', { shippingFees: { Giza: 45 } });
      expect(fees.statusCode, fees.body).toBe(200);
      const settings = (await call(admin, 'GET', '/api/settings')).json().settings;
      expect(settings.shippingFees).toEqual({ Cairo: 70, Giza: 45, 'Outside Cairo and Giza': 90 });
      expect(settings.deliveryZones.find((zone: DeliveryZone) => zone.id === 'giza').fee).toBe(45);
      const twice = await call(admin, 'PATCH', '/api/settings', {
        deliveryZones: [
          { ...settings.deliveryZones[0], governorates: ['EG-C', 'EG-GZ'] },
          ...settings.deliveryZones.slice(1),
        ],
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().message).toBe(messages.settings.governorateInTwoZones);
    });
  });

  describe('the road', () => {
    const move = (orderId: string, state: string, extra: object = {}) =>
      call(admin, 'POST', `/api/order/${orderId}/delivery`, { state, ...extra });
    const road = (o: OrderDto) => o.deliveryHistory.map((step) => step.state);

    it('ships a pending order (confirming it) with its tracking, then delivers it (completing it, the cash collected)', async () => {
      await setZones();
      const shopper = await createUser(t);
      const { order: placed } = await order(shopper, 200, inGovernorate('EG-C'));
      const shipped = await move(placed.id, 'shipped', {
        trackingNumber: 'TRK-1',
        trackingUrl: 'https://track.example/TRK-1',
        note: 'With Ahmed',
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json().message).toBe(s.moved.shipped);
      const o = shipped.json<{ order: OrderDto }>().order;
      expect(o).toMatchObject({
        status: 'confirmed',
        deliveryState: 'shipped',
        shipment: {
          courier: 'manual',
          request: 'created',
          trackingNumber: 'TRK-1',
          trackingUrl: 'https://track.example/TRK-1',
          cashToCollect: 270,
          cashCollected: null,
          settled: false,
        },
      });
      expect(o.deliveryHistory).toEqual([
        {
          state: 'shipped',
          at: expect.any(String),
          source: 'staff',
          by: { _id: admin.id, username: admin.username },
          note: 'With Ahmed',
        },
      ]);

      // One e-mail for the parcel leaving, with its tracking, not a second for the confirmation.
      const mails = await t.database.db
        .select({ subject: outbox.subject, text: outbox.text, html: outbox.html })
        .from(outbox)
        .where(eq(outbox.recipient, shopper.email))
        .orderBy(outbox.createdAt, outbox.subject);
      expect(mails.map((mail) => mail.subject)).toEqual([
        expect.stringContaining(placed.number),
        expect.stringMatching(new RegExp(`order ${placed.number} is on its way$`)),
      ]);
      expect(mails[1]!.text).toContain('Tracking number: TRK-1');
      expect(mails[1]!.text).toContain('Follow your parcel: https://track.example/TRK-1');
      expect(mails[1]!.text).toContain('Please have 270');
      expect(mails[1]!.html).toContain('href="https://track.example/TRK-1"');

      const again = await move(placed.id, 'shipped');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(s.alreadyShipped);

      const delivered = (await move(placed.id, 'delivered')).json<{ order: OrderDto }>().order;
      expect(delivered).toMatchObject({
        status: 'completed',
        deliveryState: 'delivered',
        shipment: { cashCollected: 270 },
      });
      expect(road(delivered)).toEqual(['shipped', 'delivered']);
      // The shopper reads the same road on her order.
      const mine = (await call(shopper, 'GET', `/api/order/${placed.id}`)).json<{ results: OrderDto }>()
        .results;
      expect(road(mine)).toEqual(['shipped', 'delivered']);
      expect((await move(placed.id, 'returned')).json().message).toBe(s.alreadyDelivered);
    });

    it('puts the stock of a refused parcel back once, however often the news comes', async () => {
      const shopper = await createUser(t);
      const { product, order: placed } = await order(shopper, 150, inGovernorate('EG-GZ'));
      expect(await stockOf(t, product.id)).toEqual({ available: 9, sold: 1 });
      await move(placed.id, 'shipped');
      const refused = (await move(placed.id, 'refused')).json<{ order: OrderDto }>().order;
      expect(refused).toMatchObject({ status: 'cancelled', deliveryState: 'refused' });
      expect(await stockOf(t, product.id)).toEqual({ available: 10, sold: 0 });
      const twice = await move(placed.id, 'refused');
      expect(twice.statusCode).toBe(409);
      const returned = (await move(placed.id, 'returned')).json<{ order: OrderDto }>().order;
      expect(returned).toMatchObject({ status: 'cancelled', deliveryState: 'returned' });
      expect(road(returned)).toEqual(['shipped', 'refused', 'returned']);
      expect(await stockOf(t, product.id)).toEqual({ available: 10, sold: 0 });
    });

    it('refuses moves the road does not allow, each with its reason', async () => {
      const shopper = await createUser(t);
      const { order: placed } = await order(shopper, 100, gizaShipping);
      const early = await move(placed.id, 'delivered');
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(s.notShippedYet);
      await call(admin, 'PATCH', `/api/order/${placed.id}/status`, { status: 'cancelled' });
      const cancelled = await move(placed.id, 'shipped');
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().message).toBe(s.notShippable);
      const bad = await move(placed.id, 'lost');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(s.deliveryMoveRule);
      const link = await move(placed.id, 'shipped', { trackingUrl: 'javascript:alert(1)' });
      expect(link.statusCode).toBe(400);
      expect(link.json().message).toBe(s.trackingUrlRule);
      const missing = await move('00000000-0000-4000-8000-000000000000', 'shipped');
      expect(missing.statusCode).toBe(404);
    });

    it('lets only an admin move an order', async () => {
      const shopper = await createUser(t);
      const { order: placed } = await order(shopper, 100, gizaShipping);
      const mine = await call(shopper, 'POST', `/api/order/${placed.id}/delivery`, { state: 'shipped' });
      expect(mine.statusCode).toBe(403);
      const visitor = await t.app.inject({
        method: 'POST',
        url: `/api/order/${placed.id}/delivery`,
        payload: { state: 'shipped' },
      });
      expect(visitor.statusCode).toBe(401);
      const bulk = await call(shopper, 'POST', '/api/order/delivery', {
        orderIds: [placed.id],
        state: 'shipped',
      });
      expect(bulk.statusCode).toBe(403);
    });

    it('moves the chosen orders at once, each on its own, and the desk filters by the road', async () => {
      const shopper = await createUser(t);
      const first = (await order(shopper, 100, gizaShipping)).order;
      const second = (await order(shopper, 100, gizaShipping)).order;
      await move(second.id, 'shipped');
      const res = await call(admin, 'POST', '/api/order/delivery', {
        orderIds: [first.id, second.id],
        state: 'shipped',
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<BulkAnswer>();
      expect(answer.message).toBe(format(s.movedCount, { done: 1, total: 2 }));
      expect(answer.results).toEqual([
        { orderId: first.id, ok: true, message: s.moved.shipped },
        { orderId: second.id, ok: false, message: s.alreadyShipped },
      ]);
      const arabic = await t.app.inject({
        method: 'POST',
        url: '/api/order/delivery',
        headers: { ...admin.headers, 'accept-language': 'ar' },
        payload: { orderIds: [first.id], state: 'shipped' },
      });
      expect(arabic.json<BulkAnswer>().results[0]!.message).toBe(messagesAr.shipping.alreadyShipped);
      const none = await call(admin, 'POST', '/api/order/delivery', { orderIds: [], state: 'shipped' });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(s.orderIdsRule);

      const shippedPage = (await call(admin, 'GET', '/api/order?delivery=shipped&limit=100')).json<{
        results: OrderDto[];
      }>();
      const ids = shippedPage.results.map((o) => o.id);
      expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(shippedPage.results.every((o) => o.deliveryState === 'shipped')).toBe(true);
      const wrong = await call(admin, 'GET', '/api/order?delivery=lost');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(s.deliveryStateRule);
    });

    it('counts the road and the cash with couriers on the dashboard', async () => {
      const before = (await call(admin, 'GET', '/api/dashboard/stats')).json();
      const shopper = await createUser(t);
      const { order: placed } = await order(shopper, 300, gizaShipping);
      await move(placed.id, 'shipped');
      await move(placed.id, 'delivered');
      const after = (await call(admin, 'GET', '/api/dashboard/stats')).json();
      expect(after.cashWithCouriers.amount).toBeCloseTo(before.cashWithCouriers.amount + 340, 2);
      expect(after.cashWithCouriers.orders).toBe(before.cashWithCouriers.orders + 1);
      const delivered = (state: DeliveryState) =>
        after.ordersByDelivery[state] - before.ordersByDelivery[state];
      expect(delivered('delivered')).toBe(1);
    });

    it('settles the cash of delivered orders with a payout, all or none, and exports the reconciliation', async () => {
      const shopper = await createUser(t);
      const first = (await order(shopper, 200, gizaShipping)).order;
      const second = (await order(shopper, 100, gizaShipping)).order;
      const paid = (await order(shopper, 100, gizaShipping, 'instapay')).order;
      for (const o of [first, second, paid]) await move(o.id, 'shipped', { trackingNumber: `T-${o.number}` });
      await move(first.id, 'delivered');
      const payout = (orderIds: string[]) =>
        call(admin, 'POST', '/api/couriers/payouts', { courier: 'manual', orderIds, reference: 'Friday' });

      const early = await payout([first.id, second.id]);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(format(s.cashNotCollected, { number: second.number }));
      await move(second.id, 'delivered');
      const bosta = await call(admin, 'POST', '/api/couriers/payouts', {
        courier: 'bosta',
        orderIds: [first.id],
      });
      expect(bosta.json().message).toBe(format(s.otherCourier, { number: first.number }));

      const done = await payout([first.id, second.id]);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        message: format(s.payoutRecorded, { orders: 2 }),
        payout: { courier: 'manual', amount: 240 + 140, orders: 2, reference: 'Friday' },
      });
      const settled = (await call(admin, 'GET', `/api/order/${first.id}`)).json<{ results: OrderDto }>()
        .results;
      expect(settled.shipment).toMatchObject({ cashCollected: 240, settled: true });
      expect((await payout([first.id])).json().message).toBe(
        format(s.alreadySettled, { number: first.number }),
      );

      const csv = await call(admin, 'GET', '/api/couriers/cash.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="courier-cash-\d{4}-\d\d-\d\d\.csv"$/,
      );
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        [
          s.csvOrder,
          s.csvCourier,
          s.csvTracking,
          s.csvDelivery,
          s.csvCashToCollect,
          s.csvCashCollected,
          s.csvCollectedAt,
          s.csvPayout,
          s.csvPayoutReceivedAt,
        ].join(','),
      );
      const rowOf = (number: string) => lines.find((line) => line.startsWith(`${number},`));
      expect(rowOf(first.number)).toMatch(
        new RegExp(`^${first.number},Own delivery,T-${first.number},Delivered,240,240,[^,]+,Friday,`),
      );
      // A paid order is collected by nobody: it has no cash row.
      expect(rowOf(paid.number)).toBeUndefined();
    });

    it('marks a delivered road when the owner sets SPEC’s completed by hand', async () => {
      const shopper = await createUser(t);
      const { order: placed } = await order(shopper, 100, gizaShipping);
      const res = await call(admin, 'PATCH', `/api/order/${placed.id}/status`, { status: 'completed' });
      expect(res.json<{ results: OrderDto }>().results).toMatchObject({
        status: 'completed',
        deliveryState: 'delivered',
        deliveryHistory: [{ state: 'delivered', source: 'shop' }],
      });
    });
  });
});
