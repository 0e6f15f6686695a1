import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, type TestApp } from '../test/app';
import { createVariants } from '../test/catalog-fixtures';
import { multipartBody } from '../test/multipart';
import { placeTestOrder } from '../test/orders';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';

const AR = { 'accept-language': 'ar' };
const EN = { 'accept-language': 'en' };

/**
 * Stock and cart refusals name the product as the reader knows it (issue 14): its Arabic name to an
 * Arabic caller when the owner wrote one, its English name otherwise, and English callers read
 * exactly what they always did.
 */
describe('product names in stock and cart messages', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  function addToCart(shopper: TestUser, payload: object, headers: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { ...shopper.headers, ...headers },
      payload,
    });
  }

  it('names the product in Arabic when the cart holds more than the shelf, in English for English callers', async () => {
    const shopper = await createUser(t);
    const dress = await insertTestProduct(t, { name: 'Linen Dress', nameAr: 'فستان كتان', stock: 2 });
    const arabic = await addToCart(shopper, { productId: dress.id, quantity: 3 }, AR);
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json()).toEqual({ success: false, message: 'المتوفر من فستان كتان قطعتان فقط' });
    const english = await addToCart(shopper, { productId: dress.id, quantity: 3 }, EN);
    expect(english.json()).toEqual({ success: false, message: 'Only 2 items of Linen Dress are available' });
    const unnamed = await addToCart(shopper, { productId: dress.id, quantity: 3 }, {});
    expect(unnamed.json().message).toBe('Only 2 items of Linen Dress are available');
  });

  it('falls back to the English name in an Arabic sentence when the owner wrote no Arabic one', async () => {
    const shopper = await createUser(t);
    const scarf = await insertTestProduct(t, { name: 'Silk Scarf', stock: 0 });
    const arabic = await addToCart(shopper, { productId: scarf.id, quantity: 1 }, AR);
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().message).toBe('Silk Scarf غير متوفر حاليًا');
    const english = await addToCart(shopper, { productId: scarf.id, quantity: 1 }, EN);
    expect(english.json().message).toBe('Silk Scarf is out of stock');
  });

  it('names a variant by the Arabic name and its values, and a choice that is not the product’s', async () => {
    const shopper = await createUser(t);
    const dress = await insertTestProduct(t, { name: 'Layla Dress', nameAr: 'فستان ليلى', stock: 0 });
    const [medium] = await createVariants(
      t,
      dress,
      [{ name: 'Size', values: ['M', 'L'] }],
      [
        { options: { Size: 'M' }, availableItems: 1 },
        { options: { Size: 'L' }, availableItems: 0 },
      ],
    );
    const plain = await insertTestProduct(t, { name: 'Cotton Tee', nameAr: 'تيشيرت قطن', stock: 5 });

    const short = await addToCart(shopper, { productId: dress.id, variantId: medium!.id, quantity: 4 }, AR);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('المتوفر من فستان ليلى (M) قطعة واحدة فقط');
    const shortEn = await addToCart(shopper, { productId: dress.id, variantId: medium!.id, quantity: 4 }, EN);
    expect(shortEn.json().message).toBe('Only 1 items of Layla Dress (M) are available');

    const stranger = await addToCart(
      shopper,
      { productId: plain.id, variantId: medium!.id, quantity: 1 },
      AR,
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('هذا الاختيار ليس من اختيارات تيشيرت قطن');
    const strangerEn = await addToCart(
      shopper,
      { productId: plain.id, variantId: medium!.id, quantity: 1 },
      EN,
    );
    expect(strangerEn.json().message).toBe('This choice is not one of Cotton Tee');
  });

  it('names the product in Arabic when its stock ran out before checkout', async () => {
    const shopper = await createUser(t);
    const bag = await insertTestProduct(t, { name: 'Leather Bag', nameAr: 'حقيبة جلد', stock: 3 });
    const added = await addToCart(shopper, { productId: bag.id, quantity: 2 }, AR);
    expect(added.statusCode, added.body).toBe(200);
    // The owner counts the shelf again while the bag waits in the cart.
    await t.database.db.update(products).set({ availableItems: 1 }).where(eq(products.id, bag.id));

    const order = (headers: Record<string, string>) => {
      const body = multipartBody({ ...gizaShipping, paymentType: 'cash' });
      return t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...shopper.headers, ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const arabic = await order(AR);
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().message).toBe('المتوفر من حقيبة جلد قطعة واحدة فقط');
    const english = await order(EN);
    expect(english.statusCode).toBe(409);
    expect(english.json().message).toBe('Only 1 items of Leather Bag are available');
  });

  it('names the product in Arabic when a cancelled order cannot be reopened', async () => {
    const shopper = await createUser(t);
    const lamp = await insertTestProduct(t, { name: 'Brass Lamp', nameAr: 'مصباح نحاسي', stock: 2 });
    const placed = await placeTestOrder(t, shopper, [[lamp.id, 2]]);
    const setStatus = (status: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/order/${placed.id}/status`,
        headers: { ...admin.headers, ...headers },
        payload: { status },
      });
    expect((await setStatus('cancelled', AR)).statusCode).toBe(200);
    await t.database.db.update(products).set({ availableItems: 1 }).where(eq(products.id, lamp.id));

    const arabic = await setStatus('pending', AR);
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().message).toBe('لا يمكن إعادة فتح هذا الطلب: لم تتبقَّ من مصباح نحاسي سوى قطعة واحدة');
    const english = await setStatus('pending', EN);
    expect(english.json().message).toBe('Cannot reopen this order: only 1 items of Brass Lamp are left');
  });

  it('names a deleted product by the Arabic name its order kept', async () => {
    const shopper = await createUser(t);
    const vase = await insertTestProduct(t, { name: 'Clay Vase', nameAr: 'مزهرية فخار', stock: 2 });
    const placed = await placeTestOrder(t, shopper, [[vase.id, 1]]);
    const setStatus = (status: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/order/${placed.id}/status`,
        headers: { ...admin.headers, ...headers },
        payload: { status },
      });
    expect((await setStatus('cancelled', AR)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/${vase.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const arabic = await setStatus('confirmed', AR);
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().message).toBe('لا يمكن إعادة فتح هذا الطلب: لم تتبقَّ أي قطعة من مزهرية فخار');
    const english = await setStatus('confirmed', EN);
    expect(english.json().message).toBe('Cannot reopen this order: only 0 items of Clay Vase are left');
  });
});
