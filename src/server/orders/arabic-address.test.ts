import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@/shared/schemas/order';
import { orders } from '../db/schema';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, type TestApp } from '../test/app';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';

const AR = { 'accept-language': 'ar' };
const EN = { 'accept-language': 'en' };

const arabicShipping = {
  ...gizaShipping,
  name: 'منى أحمد',
  street: 'شارع التحرير',
  building: '١٢',
  floor: '٥',
  apartment: '١٢',
  landmark: 'بجوار المسجد',
  area: 'الدقي',
};
const ARABIC_LINE = '12 شارع التحرير، الدور 5، شقة 12، بجوار المسجد، الدقي، الجيزة';
const ENGLISH_LINE = '12 Tahrir Street, Floor 3, Apartment 7, Near the mosque, Dokki, Giza';

/** The address line an order keeps is written in the language it was placed in (issue 14). */
describe('the address line of an order placed in Arabic', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  async function place(
    shopper: TestUser,
    fields: Record<string, string>,
    headers: Record<string, string>,
  ): Promise<OrderDto> {
    const product = await insertTestProduct(t, { stock: 5 });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: product.id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const body = multipartBody({ ...fields, paymentType: 'cash' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...shopper.headers, ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: OrderDto }>().order;
  }

  it('is stored and answered in Arabic words, read the same by every reader and in the export', async () => {
    const shopper = await createUser(t);
    const order = await place(shopper, arabicShipping, AR);
    expect(order).toMatchObject({ address: ARABIC_LINE, city: 'Giza', building: '12', floor: '5' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ address: ARABIC_LINE, language: 'ar' });

    // The order's own line, whatever language it is read in later.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}`,
      headers: shopper.headers,
    });
    expect(mine.json<{ results: OrderDto }>().results.address).toBe(ARABIC_LINE);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/order/user/orders',
      headers: { ...shopper.headers, ...EN },
    });
    expect(list.json<{ results: OrderDto[] }>().results[0]?.address).toBe(ARABIC_LINE);
    const desk = await t.app.inject({ method: 'GET', url: '/api/order?limit=50', headers: admin.headers });
    const onDesk = desk.json<{ results: OrderDto[] }>().results.find((o) => o.id === order.id);
    expect(onDesk?.address).toBe(ARABIC_LINE);

    const csv = await t.app.inject({ method: 'GET', url: '/api/order/export.csv', headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\n').find((text) => text.startsWith(order.number));
    expect(line).toContain(`,Giza,${ARABIC_LINE},`);
  });

  it('stays the English line of today for an order placed in English', async () => {
    const shopper = await createUser(t);
    const english = await place(shopper, gizaShipping, EN);
    expect(english.address).toBe(ENGLISH_LINE);
    const unnamed = await place(shopper, gizaShipping, {});
    expect(unnamed.address).toBe(ENGLISH_LINE);
    // An Arabic street in an English order keeps the English words around it.
    const mixed = await place(shopper, { ...gizaShipping, street: 'شارع التحرير' }, EN);
    expect(mixed.address).toBe('12 شارع التحرير, Floor 3, Apartment 7, Near the mosque, Dokki, Giza');
  });

  it('follows the saved language of a shopper whose request names none', async () => {
    const shopper = await createUser(t);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: shopper.headers,
      payload: { language: 'ar' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await place(shopper, arabicShipping, {})).address).toBe(ARABIC_LINE);
    // An explicit English request outranks it.
    expect((await place(shopper, gizaShipping, EN)).address).toBe(ENGLISH_LINE);
  });

  it("keeps a SPEC §7 client's address as typed and reads its city in either language", async () => {
    const shopper = await createUser(t);
    const addressOnly = (address: string) => ({ name: 'Mona Ahmed', phone: '01012345678', address });
    const cases: Array<[address: string, headers: Record<string, string>, city: string, fee: number]> = [
      ['5 شارع الهرم، الجيزة', AR, 'Giza', 40],
      ['شارع النزهة، مصر الجديدة، القاهره', AR, 'Cairo', 70],
      ['كورنيش النيل، أسوان', AR, 'Outside Cairo and Giza', 90],
      ['12 Nile Street, Cairo', EN, 'Cairo', 70],
      ['5 Haram Street, GIZA', {}, 'Giza', 40],
      ['شارع الهرم، جيزة', EN, 'Giza', 40],
    ];
    for (const [address, headers, city, fee] of cases) {
      const order = await place(shopper, addressOnly(address), headers);
      expect(order, address).toMatchObject({ address, city, shippingFee: fee, street: '', building: '' });
    }
  });
});
