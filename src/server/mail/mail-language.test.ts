import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { messagesAr } from '@/shared/messages/ar';
import type { OrderDto } from '@/shared/schemas/order';
import { orders, outbox, users } from '../db/schema';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, type TestApp } from '../test/app';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { createUser, type TestUser } from '../test/users';

const SHOP_EMAIL = 'owner@nour.test';
const AR = { 'accept-language': 'ar' };

/** The checkout form as an Arabic keyboard fills it: the phone and the numbers of the address in Arabic-Indic digits. */
const arabicShipping = {
  ...gizaShipping,
  name: 'منى أحمد',
  phone: '٠١٠١٢٣٤٥٦٧٨',
  street: 'شارع التحرير',
  building: '١٢',
  floor: '۳',
  apartment: '٧',
  landmark: 'بجوار المسجد',
  area: 'الدقي',
};

describe('e-mails in the language of the order (issue 14)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(): Promise<{ t: TestApp; server: TestSmtpServer }> {
    const server = await startSmtpServer();
    cleanups.push(() => server.close());
    const t = await createTestApp(
      {
        RATE_LIMIT_PER_MINUTE: '100000',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        SHOP_EMAIL,
        SMTP_URL: server.url,
      },
      { mail: { worker: { pollMs: 20, retryBaseMs: 10, retryMaxMs: 50 } } },
    );
    cleanups.push(() => t.close());
    return { t, server };
  }

  async function placeOrder(
    t: TestApp,
    shopper: TestUser,
    fields: Record<string, string>,
    headers: Record<string, string>,
  ): Promise<OrderDto> {
    const product = await insertTestProduct(t, {
      name: 'Silk Scarf',
      nameAr: 'وشاح حرير',
      price: 250,
      stock: 5,
    });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { ...shopper.headers, ...headers },
      // A quantity typed with an Arabic keyboard.
      payload: { productId: product.id, quantity: '٢' },
    });
    expect(added.statusCode).toBe(200);
    const body = multipartBody({ ...fields, paymentType: 'instapay' }, {});
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...shopper.headers, ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    // InstaPay needs its proof: the refusal is Arabic too; the order goes through as cash.
    expect(res.json().message).toBe(messagesAr.orders.proofRequired);
    const cash = multipartBody({ ...fields, paymentType: 'cash' }, {});
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...shopper.headers, ...headers, ...cash.headers },
      payload: cash.payload,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().message).toBe(messagesAr.orders.orderCreated);
    return placed.json<{ order: OrderDto }>().order;
  }

  it('stores the typed Arabic digits as ASCII, mails the shopper in Arabic and the owner in English', async () => {
    const { t, server } = await setUp();
    const shopper = await createUser(t, { username: 'Mona' });
    const order = await placeOrder(t, shopper, arabicShipping, AR);

    // What the SPEC's rules checked and the database keeps is ASCII.
    expect(order).toMatchObject({
      phone: '01012345678',
      building: '12',
      floor: '3',
      apartment: '7',
      city: 'Giza',
    });
    expect(order.products[0]?.quantity).toBe(2);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ phone: '01012345678', building: '12', language: 'ar' });
    // The order keeps its address line in the words it was placed in; the city's value stays English.
    expect(order.address).toBe('12 شارع التحرير، الدور 3، شقة 7، بجوار المسجد، الدقي، الجيزة');
    expect(row?.address).toBe(order.address);

    const mails = await server.waitForMessages(2);
    const toShopper = mails.find(
      (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === shopper.email,
    );
    const toShop = mails.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === SHOP_EMAIL);
    expect(toShopper?.subject).toBe(`طلبك رقم ${order.number} من Nour`);
    expect(toShopper?.text).toContain('مرحبًا منى أحمد،');
    expect(toShopper?.text).toContain(`رقم طلبك هو ${order.number}`);
    // The product by the Arabic name its owner gave it.
    expect(toShopper?.text).toContain('وشاح حرير × 2: 500 ج.م.');
    expect(toShopper?.text).toContain('المجموع الفرعي: 500 ج.م.');
    expect(toShopper?.text).toContain('رسوم الشحن: 40 ج.م.');
    expect(toShopper?.text).toContain('الإجمالي: 540 ج.م.');
    expect(toShopper?.text).toContain('طريقة الدفع: الدفع عند الاستلام.');
    expect(toShopper?.text).toContain(
      'يُرجى تحويل رسوم الشحن البالغة 40 ج.م. إلى رقم المحفظة الإلكترونية 01012345678.',
    );
    // The address in Arabic words, the city by its Arabic name.
    expect(toShopper?.text).toContain(
      'التوصيل إلى: منى أحمد، 12 شارع التحرير، الدور 3، شقة 7، بجوار المسجد، الدقي، الجيزة، 01012345678',
    );
    expect(toShopper?.text).toMatch(new RegExp(`تابع طلبك من هنا: http://\\S+/orders/${order._id}$`, 'm'));
    expect(toShopper?.html).toContain('<html lang="ar" dir="rtl">');
    expect(toShopper?.text).not.toMatch(/Subtotal|Thank you|EGP/);

    expect(toShop?.subject).toBe(`New order ${order.number}: 540 EGP`);
    expect(toShop?.text).toContain(`Mona (${shopper.email}) placed order ${order.number}.`);
    expect(toShop?.html).not.toContain('dir="rtl"');
    // The owner's notice is English, with the products' English names; the address is the order's own.
    expect(toShop?.text).toContain('Silk Scarf × 2');
    expect(toShop?.text).not.toContain('وشاح حرير');
    expect(toShop?.text).toContain(
      'منى أحمد, 12 شارع التحرير، الدور 3، شقة 7، بجوار المسجد، الدقي، الجيزة, 01012345678',
    );

    // The admin changes the status in English; the shopper reads it in the order's language.
    const admin = await createUser(t, { role: 'admin' });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${order.id}/status`,
      headers: admin.headers,
      payload: { status: 'confirmed', note: 'Packed today' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [, , confirmed] = await server.waitForMessages(3);
    expect(confirmed?.to).toMatchObject({ text: shopper.email });
    expect(confirmed?.subject).toBe(
      `أصبحت حالة طلبك ${order.number} من Nour: ${messagesAr.orders.confirmed}`,
    );
    expect(confirmed?.text).toContain(`تغيّرت حالة طلبك رقم ${order.number} إلى: تم التأكيد.`);
    expect(confirmed?.text).toContain('ملاحظة من المتجر: Packed today');
  });

  it("takes the order's language from the shopper's saved one when the request names none", async () => {
    const { t, server } = await setUp();
    const shopper = await createUser(t);
    await t.database.db.update(users).set({ language: 'ar' }).where(eq(users.id, shopper.id));
    const order = await placeOrder(t, shopper, arabicShipping, {});
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.language).toBe('ar');
    const mails = await server.waitForMessages(2);
    expect(mails.some((mail) => mail.subject === `طلبك رقم ${order.number} من Nour`)).toBe(true);
  });

  it("mails the reset link in the requester's language, else the account's, else English", async () => {
    const { t } = await setUp();
    const email = `reset-${randomUUID()}@example.com`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Salma', email, password: 'Old12345', confirmPassword: 'Old12345' },
    });
    expect(signup.statusCode).toBe(201);
    const forgot = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email }, headers });
    // The link's e-mail is written to the outbox in the request's own transaction.
    const subjects = async () => {
      const rows = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, email))
        .orderBy(outbox.createdAt);
      return rows.map((r) => r.subject);
    };

    const arabic = await forgot(AR);
    expect(arabic.json().message).toBe(messagesAr.auth.resetLinkSent);
    await forgot({});
    expect(await subjects()).toEqual(['إعادة تعيين كلمة المرور لحسابك في Nour', 'Reset your Nour password']);

    await t.database.db.update(users).set({ language: 'ar' }).where(eq(users.email, email));
    await forgot({});
    await forgot({ 'accept-language': 'en' });
    expect((await subjects()).slice(2)).toEqual([
      'إعادة تعيين كلمة المرور لحسابك في Nour',
      'Reset your Nour password',
    ]);
  });
});
