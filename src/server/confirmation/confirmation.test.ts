import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format, messages } from '@/shared/messages';
import { messagesAr } from '@/shared/messages/ar';
import type { CustomerAnswer, CustomerPageAnswer } from '@/shared/schemas/confirmation';
import type { DashboardStatsAnswer } from '@/shared/schemas/dashboard';
import type { OrderDto, OrderPageAnswer } from '@/shared/schemas/order';
import type { FullSettings } from '@/shared/schemas/settings';
import { outbox, productVariants, type ProductVariantRow } from '../db/schema';
import { stockOf } from '../stock/test-products';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { createProduct, createVariants } from '../test/catalog-fixtures';
import { eventually } from '../test/eventually';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';

const c = messages.confirmation;
const SIZE_COLOR = [
  { name: 'Size', values: ['S', 'M'] },
  { name: 'Color', values: ['Navy', 'Sand'] },
];

/** A phone number of its own for each test, so one test's record never counts in another's. */
let phoneSequence = 0;
const newPhone = () => `0101${String(1_000_000 + phoneSequence++).slice(-7)}`;

describe(`confirming cash orders before they ship (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  /** The no-answer deadlines fall due on this clock (the job runner's), moved by the tests. */
  let now = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { jobs: { pollMs: 50, clock: () => now } });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  async function place(
    user: TestUser,
    options: {
      phone?: string;
      paymentType?: 'cash' | 'instapay';
      price?: number;
      productId?: string;
      /** The cart is filled already: nothing more is added. */
      cartReady?: boolean;
    } = {},
  ) {
    if (!options.cartReady) {
      const productId = options.productId ?? (await createProduct(t, { price: options.price ?? 300 })).id;
      await call(user, 'POST', '/api/cart', { productId, quantity: 1 });
    }
    const paymentType = options.paymentType ?? 'cash';
    const body = multipartBody(
      { ...gizaShipping, phone: options.phone ?? newPhone(), paymentType },
      paymentType === 'instapay' ? { paymentImage: await tinyPng() } : {},
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  }
  async function placed(user: TestUser, options: Parameters<typeof place>[1] = {}): Promise<OrderDto> {
    const res = await place(user, options);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: OrderDto }>().order;
  }
  const order = async (id: string) =>
    (await call(admin, 'GET', `/api/order/${id}`)).json<{ results: OrderDto }>().results;
  const contact = (orderId: string, payload: object, user = admin) =>
    call(user, 'POST', `/api/order/${orderId}/contacts`, payload);
  const ship = (orderId: string) =>
    call(admin, 'POST', `/api/order/${orderId}/delivery`, { state: 'shipped' });

  it('a cash order awaits confirmation: on the desk and the dashboard, and not shipped before it', async () => {
    const shopper = await createUser(t);
    const cash = await placed(shopper);
    expect(cash.status).toBe('pending');
    expect(cash.confirmation).toMatchObject({ awaiting: true, contacts: [], messages: [] });
    // Cancelled if nobody answers within 24 hours (no WhatsApp delay by default).
    const deadline = Date.parse(cash.confirmation.confirmBy!) - Date.parse(cash.createdAt);
    expect(Math.abs(deadline - 24 * 3_600_000)).toBeLessThan(60_000);

    const desk = await call(admin, 'GET', '/api/order?confirmation=toConfirm&limit=100');
    expect(desk.json<OrderPageAnswer>().results.map((o) => o.id)).toContain(cash.id);
    const stats = await call(admin, 'GET', '/api/dashboard/stats');
    expect(stats.json<DashboardStatsAnswer>().toConfirm).toBeGreaterThanOrEqual(1);

    const refused = await ship(cash.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(format(c.notShippedBeforeConfirmed, { number: cash.number }));
    const inArabic = await t.app.inject({
      method: 'POST',
      url: `/api/order/${cash.id}/delivery`,
      headers: { ...admin.headers, 'accept-language': 'ar' },
      payload: { state: 'shipped' },
    });
    expect(inArabic.json().message).toBe(
      format(messagesAr.confirmation.notShippedBeforeConfirmed, { number: cash.number }, 'ar'),
    );

    // The owner called: no answer, then confirmed. Each call is logged; the second confirms it.
    const noAnswer = await contact(cash.id, { channel: 'phone', outcome: 'noAnswer' });
    expect(noAnswer.statusCode, noAnswer.body).toBe(200);
    expect(noAnswer.json().order).toMatchObject({ status: 'pending', confirmation: { awaiting: true } });
    const confirmed = await contact(cash.id, {
      channel: 'phone',
      outcome: 'confirmed',
      note: 'Size M is fine',
    });
    expect(confirmed.json().message).toBe(c.contactLogged);
    const after = confirmed.json<{ order: OrderDto }>().order;
    expect(after.status).toBe('confirmed');
    expect(after.confirmation.awaiting).toBe(false);
    expect(after.confirmation.confirmBy).toBeNull();
    expect(after.confirmation.contacts).toMatchObject([
      { channel: 'phone', outcome: 'noAnswer', source: 'staff', by: { _id: admin.id }, note: null },
      { channel: 'phone', outcome: 'confirmed', source: 'staff', note: 'Size M is fine' },
    ]);
    const desk2 = await call(admin, 'GET', '/api/order?confirmation=toConfirm&limit=100');
    expect(desk2.json<OrderPageAnswer>().results.map((o) => o.id)).not.toContain(cash.id);

    expect((await ship(cash.id)).statusCode).toBe(200);
  });

  it("keeps the shop's notes from the shopper: her answers carry no contacts, messages or record", async () => {
    const shopper = await createUser(t);
    const cash = await placed(shopper);
    await contact(cash.id, { channel: 'phone', outcome: 'noAnswer', note: 'Sounded unsure; call after 6' });
    expect((await order(cash.id)).confirmation.contacts).toHaveLength(1);
    const own = (await call(shopper, 'GET', `/api/order/${cash.id}`)).json<{ results: OrderDto }>().results;
    expect(own.confirmation).toMatchObject({ awaiting: true, contacts: [], messages: [] });
    expect(own.customerRecord).toBeNull();
    const mine = (await call(shopper, 'GET', '/api/order/user/orders')).json<{ results: OrderDto[] }>()
      .results;
    expect(mine.find((o) => o.id === cash.id)).toMatchObject({
      customerRecord: null,
      confirmation: { contacts: [] },
    });
    expect(JSON.stringify(mine)).not.toContain('Sounded unsure');
  });

  it('InstaPay orders, and cash orders once the owner turns the switch off, do not await', async () => {
    const shopper = await createUser(t);
    expect((await placed(shopper, { paymentType: 'instapay' })).confirmation.awaiting).toBe(false);
    const off = await call(admin, 'PATCH', '/api/settings', { confirmation: { cashOrders: false } });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const cash = await placed(shopper);
      expect(cash.confirmation).toMatchObject({ awaiting: false, confirmBy: null });
      expect((await ship(cash.id)).statusCode).toBe(200);
    } finally {
      await call(admin, 'PATCH', '/api/settings', { confirmation: { cashOrders: true } });
    }
  });

  it('a contact that cancels returns the stock; contacts need an open order, a known channel and outcome', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, { availableItems: 5 });
    const cash = await placed(shopper, { productId: product.id });
    expect((await stockOf(t, product.id))?.available).toBe(4);
    const cancelled = await contact(cash.id, {
      channel: 'whatsapp',
      outcome: 'cancelled',
      note: 'Changed her mind',
    });
    expect(cancelled.json<{ order: OrderDto }>().order).toMatchObject({
      status: 'cancelled',
      confirmation: { awaiting: false },
    });
    expect((await stockOf(t, product.id))?.available).toBe(5);

    const late = await contact(cash.id, { channel: 'phone', outcome: 'confirmed' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(c.contactOnlyWhileOpen);

    const other = await placed(shopper);
    const badChannel = await contact(other.id, { channel: 'sms', outcome: 'confirmed' });
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json().message).toBe(c.contactChannelRule);
    const badOutcome = await contact(other.id, { channel: 'phone', outcome: 'maybe' });
    expect(badOutcome.json().message).toBe(c.contactOutcomeRule);
    const longNote = await contact(other.id, {
      channel: 'phone',
      outcome: 'noAnswer',
      note: 'x'.repeat(501),
    });
    expect(longNote.statusCode).toBe(400);
    expect((await contact(randomUUID(), { channel: 'phone', outcome: 'noAnswer' })).statusCode).toBe(404);
    // The owner's alone: a shopper may not log a contact, nobody signed out may.
    expect((await contact(other.id, { channel: 'phone', outcome: 'confirmed' }, shopper)).statusCode).toBe(
      403,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/order/${other.id}/contacts`,
      payload: { channel: 'phone', outcome: 'confirmed' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await order(other.id)).confirmation.contacts).toEqual([]);
  });

  describe('changes while the order awaits', () => {
    async function dress() {
      const name = `Nile Dress ${randomUUID().slice(0, 6)}`;
      const product = await createProduct(t, { name, price: 500 });
      const [mNavy, mSand] = (await createVariants(t, product, SIZE_COLOR, [
        { sku: `${name}-M-NAVY`, options: { Size: 'M', Color: 'Navy' }, availableItems: 3 },
        { sku: `${name}-M-SAND`, options: { Size: 'M', Color: 'Sand' }, availableItems: 1 },
      ])) as [ProductVariantRow, ProductVariantRow];
      return { product, mNavy, mSand };
    }
    const variantStock = async (id: string) => {
      const [row] = await t.database.db
        .select({ available: productVariants.availableItems })
        .from(productVariants)
        .where(eq(productVariants.id, id));
      return row?.available;
    };

    it("changes a line's colour, moving the stock in one step, with the change in the history", async () => {
      const shopper = await createUser(t);
      const { product, mNavy, mSand } = await dress();
      await call(shopper, 'POST', '/api/cart', { productId: product.id, quantity: 1, variantId: mNavy.id });
      const cash = await placed(shopper, { cartReady: true });
      const line = cash.products.find((l) => l.variant?.options.Color === 'Navy')!;
      expect(await variantStock(mNavy.id)).toBe(2);

      const changed = await call(admin, 'PATCH', `/api/order/${cash.id}/lines/${line._id}/variant`, {
        variantId: mSand.id,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const after = changed.json<{ order: OrderDto }>().order;
      expect(after.products.find((l) => l._id === line._id)?.variant?.options).toEqual({
        Size: 'M',
        Color: 'Sand',
      });
      expect(await variantStock(mNavy.id)).toBe(3);
      expect(await variantStock(mSand.id)).toBe(0);
      expect(after.history.at(-1)).toMatchObject({
        status: 'pending',
        by: { _id: admin.id },
        note: format(c.historyVariantChanged, { name: product.name, from: 'M / Navy', to: 'M / Sand' }),
      });

      // Sand is sold out now: back to Navy works, a second Sand does not (409, nothing moved).
      const shopper2 = await createUser(t);
      await call(shopper2, 'POST', '/api/cart', { productId: product.id, quantity: 1, variantId: mNavy.id });
      const second = await placed(shopper2, { cartReady: true });
      const navyLine = second.products.find((l) => l.variant?.options.Color === 'Navy')!;
      const none = await call(admin, 'PATCH', `/api/order/${second.id}/lines/${navyLine._id}/variant`, {
        variantId: mSand.id,
      });
      expect(none.statusCode).toBe(409);
      expect(await variantStock(mNavy.id)).toBe(2);

      // Once confirmed, the order is as agreed: no more changes.
      await contact(cash.id, { channel: 'phone', outcome: 'confirmed' });
      const closed = await call(admin, 'PATCH', `/api/order/${cash.id}/lines/${line._id}/variant`, {
        variantId: mNavy.id,
      });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(messages.orders.lineHasVariant);
    });

    it('changes the address, charging the new zone, while it awaits only', async () => {
      const shopper = await createUser(t);
      const cash = await placed(shopper, { price: 300 });
      expect(cash).toMatchObject({ city: 'Giza', shippingFee: 40 });
      const address = {
        street: 'Corniche Road',
        building: '4',
        floor: '2',
        apartment: '9',
        landmark: '',
        area: 'Smouha',
        governorate: 'EG-ALX',
      };
      const changed = await call(admin, 'PATCH', `/api/order/${cash.id}/address`, address);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().message).toBe(c.addressChanged);
      const after = changed.json<{ order: OrderDto }>().order;
      expect(after).toMatchObject({
        governorate: 'EG-ALX',
        city: 'Outside Cairo and Giza',
        street: 'Corniche Road',
        address: '4 Corniche Road, Floor 2, Apartment 9, Smouha, Alexandria',
        shippingFee: 90,
        grandTotal: 390,
        totalPrice: 300,
      });
      expect(after.history.at(-1)?.note).toBe(
        format(c.historyAddressChanged, {
          address: '4 Corniche Road, Floor 2, Apartment 9, Smouha, Alexandria',
        }),
      );
      const bad = await call(admin, 'PATCH', `/api/order/${cash.id}/address`, { ...address, building: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(messages.orders.buildingRule);

      await contact(cash.id, { channel: 'phone', outcome: 'confirmed' });
      const closed = await call(admin, 'PATCH', `/api/order/${cash.id}/address`, address);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(c.changeOnlyWhileAwaiting);
    });
  });

  it('cancels an order nobody confirmed by its deadline, returns its stock once and tells the customer', async () => {
    const shopper = await createUser(t);
    const product = await createProduct(t, { availableItems: 4 });
    const cash = await placed(shopper, { productId: product.id });
    const answered = await placed(shopper);
    await contact(answered.id, { channel: 'phone', outcome: 'confirmed' });
    expect((await stockOf(t, product.id))?.available).toBe(3);

    // An hour before the deadline nothing happens.
    now = Date.parse(cash.confirmation.confirmBy!) - 3_600_000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await order(cash.id)).status).toBe('pending');

    now = Date.parse(cash.confirmation.confirmBy!) + 1_000;
    const cancelled = await eventually(
      'the unanswered order cancelled',
      () => order(cash.id),
      (o) => o.status === 'cancelled',
    );
    expect(cancelled.confirmation.awaiting).toBe(false);
    expect(cancelled.confirmation.contacts).toMatchObject([
      { outcome: 'noAnswer', source: 'shop', by: null, note: format(c.historyNoAnswer, { hours: 24 }) },
    ]);
    expect(cancelled.history.at(-1)).toMatchObject({ status: 'cancelled', by: null });
    expect((await stockOf(t, product.id))?.available).toBe(4);
    const told = await t.database.db.select().from(outbox).where(eq(outbox.recipient, shopper.email));
    expect(told.some((mail) => mail.subject.includes(cash.number) && mail.text.includes('Cancelled'))).toBe(
      true,
    );
    // The confirmed one stays; a later look changes nothing and returns nothing twice.
    now += 48 * 3_600_000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await order(answered.id)).status).toBe('confirmed');
    expect((await stockOf(t, product.id))?.available).toBe(4);
    now = Date.now();
  });

  describe("the customer's record, blocks and prepay rules", () => {
    it('counts one number however it is written, and flags several open orders', async () => {
      const shopper = await createUser(t);
      const phone = newPhone();
      const first = await placed(shopper, { phone });
      await placed(shopper, { phone: `+2${phone}` });
      const arabic = phone.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
      const third = await placed(shopper, { phone: arabic });
      // Her own answer leaves the shop's record out; the shop's shows it.
      expect(third.customerRecord).toBeNull();
      expect((await order(third.id)).customerRecord).toMatchObject({
        phone,
        orders: 3,
        open: 3,
        refused: 0,
        risks: ['severalOpen'],
      });
      expect((await order(first.id)).customerRecord?.orders).toBe(3);

      const found = await call(admin, 'GET', `/api/customers/${encodeURIComponent(`+2${phone}`)}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<CustomerAnswer>().customer).toMatchObject({
        phone,
        name: gizaShipping.name,
        email: shopper.email,
        orders: 3,
      });
      const bySearch = await call(
        admin,
        'GET',
        `/api/customers?search=${encodeURIComponent(arabic.slice(-6))}`,
      );
      expect(bySearch.json<CustomerPageAnswer>().results.map((row) => row.phone)).toEqual([phone]);
      const ofNumber = await call(admin, 'GET', `/api/order?customer=${encodeURIComponent(`+2${phone}`)}`);
      expect(ofNumber.json<OrderPageAnswer>().pagination.total).toBe(3);
      const unknown = await call(admin, 'GET', `/api/customers/${newPhone()}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(messages.customers.customerNotFound);
      expect((await call(shopper, 'GET', '/api/customers')).statusCode).toBe(403);
    });

    it('a refused parcel flags the number, and the prepay rule then asks it to pay first', async () => {
      const shopper = await createUser(t);
      const phone = newPhone();
      const cash = await placed(shopper, { phone });
      await contact(cash.id, { channel: 'phone', outcome: 'confirmed' });
      await ship(cash.id);
      const refused = await call(admin, 'POST', `/api/order/${cash.id}/delivery`, { state: 'refused' });
      expect(refused.statusCode, refused.body).toBe(200);
      const next = await placed(shopper, { phone, paymentType: 'instapay' });
      expect((await order(next.id)).customerRecord).toMatchObject({
        refused: 1,
        cancelled: 0,
        risks: ['refusedBefore'],
      });

      await call(admin, 'PATCH', '/api/settings', { prepay: { refusalsAtLeast: 1 } });
      try {
        const asked = await place(shopper, { phone });
        expect(asked.statusCode).toBe(403);
        expect(asked.json().message).toBe(c.prepayRefusals);
        // Paying first is the way through.
        expect((await place(shopper, { phone, paymentType: 'instapay' })).statusCode).toBe(201);
      } finally {
        await call(admin, 'PATCH', '/api/settings', { prepay: { refusalsAtLeast: null } });
      }
    });

    it('asks a first order over the amount to pay first, on the server whatever the page did', async () => {
      const shopper = await createUser(t);
      const phone = newPhone();
      const saved = await call(admin, 'PATCH', '/api/settings', { prepay: { firstOrderOver: 1000 } });
      expect(saved.statusCode, saved.body).toBe(200);
      try {
        const product = await createProduct(t, { price: 1200, availableItems: 3 });
        const refused = await place(shopper, { phone, productId: product.id });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(format(c.prepayFirstOrder, { amount: '1,000' }));
        // Nothing was taken, and the cart is still there.
        expect((await stockOf(t, product.id))?.available).toBe(3);
        // Under the amount a new number pays cash; after a first order the rule no longer applies.
        await call(shopper, 'PUT', '/api/cart/clear');
        expect((await place(shopper, { phone, price: 200 })).statusCode).toBe(201);
        expect((await place(shopper, { phone, price: 1200 })).statusCode).toBe(201);
      } finally {
        await call(admin, 'PATCH', '/api/settings', { prepay: { firstOrderOver: null } });
      }
      const bad = await call(admin, 'PATCH', '/api/settings', { prepay: { refusalsAtLeast: 0 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(messages.settings.refusalsRule);
      const hours = await call(admin, 'PATCH', '/api/settings', { confirmation: { noAnswerHours: 0 } });
      expect(hours.statusCode).toBe(400);
      // A rule filled when the schema was built is named by its field.
      expect(hours.json().message).toBe(
        `confirmation.noAnswerHours: ${format(messages.settings.hoursRule, { min: 1, max: 168 })}`,
      );
      const delay = await call(admin, 'PATCH', '/api/settings', { confirmation: { messageDelayHours: 49 } });
      expect(delay.json().message).toBe(
        `confirmation.messageDelayHours: ${format(messages.settings.hoursRule, { min: 0, max: 48 })}`,
      );
      const template = await call(admin, 'PATCH', '/api/settings', {
        whatsappMessages: { confirmationTemplate: 'Order Confirm!' },
      });
      expect(template.statusCode).toBe(400);
      expect(template.json().message).toBe(messages.settings.templateNameRule);
      // Nothing of the refused patches was kept.
      const kept = (await call(admin, 'GET', '/api/settings/full')).json<{ settings: FullSettings }>()
        .settings;
      expect(kept.confirmation).toMatchObject({ noAnswerHours: 24, messageDelayHours: 0 });
      expect(kept.whatsappMessages.confirmationTemplate).toBe('order_confirmation');
    });

    it('a blocked number cannot pay cash (or order at all), with the shop’s WhatsApp link', async () => {
      const shopper = await createUser(t);
      const phone = newPhone();
      await placed(shopper, { phone, paymentType: 'instapay' });
      await call(admin, 'PATCH', '/api/settings', { whatsapp: '01098765432' });
      const blocked = await call(admin, 'PATCH', `/api/customers/${phone}`, {
        note: 'Refused twice in October',
        block: { reason: 'Fake orders', mode: 'cash' },
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json<CustomerAnswer>().customer).toMatchObject({
        note: 'Refused twice in October',
        blocked: { reason: 'Fake orders', mode: 'cash' },
        risks: ['blocked'],
      });
      const cash = await place(shopper, { phone: `+2${phone}` });
      expect(cash.statusCode).toBe(403);
      expect(cash.json().message).toBe(format(c.cashBlockedChat, { link: 'https://wa.me/201098765432' }));
      expect((await place(shopper, { phone, paymentType: 'instapay' })).statusCode).toBe(201);

      await call(admin, 'PATCH', `/api/customers/${phone}`, {
        block: { reason: 'Fake orders', mode: 'all' },
      });
      const any = await place(shopper, { phone, paymentType: 'instapay' });
      expect(any.statusCode).toBe(403);
      expect(any.json().message).toBe(format(c.orderBlockedChat, { link: 'https://wa.me/201098765432' }));

      const lifted = await call(admin, 'PATCH', `/api/customers/${phone}`, { block: null });
      expect(lifted.json<CustomerAnswer>().customer).toMatchObject({
        blocked: null,
        note: 'Refused twice in October',
      });
      expect((await place(shopper, { phone })).statusCode).toBe(201);

      const noReason = await call(admin, 'PATCH', `/api/customers/${phone}`, {
        block: { reason: '', mode: 'cash' },
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toBe(messages.customers.blockReasonRule);
      const badMode = await call(admin, 'PATCH', `/api/customers/${phone}`, {
        block: { reason: 'x', mode: 'some' },
      });
      expect(badMode.json().message).toBe(messages.customers.blockModeRule);
      expect((await call(admin, 'PATCH', `/api/customers/${newPhone()}`, { note: 'x' })).statusCode).toBe(
        404,
      );
      expect((await call(shopper, 'PATCH', `/api/customers/${phone}`, { block: null })).statusCode).toBe(403);
    });
  });
});

async function tinyPng(): Promise<Buffer> {
  const { makeImage } = await import('../test/images');
  return makeImage(40, 30, 'png');
}
