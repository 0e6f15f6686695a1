import { count, eq } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@/shared/messages';
import type { CartDto } from '@/shared/schemas/cart';
import type { OrderDto } from '@/shared/schemas/order';
import { cartLines, orders, products } from '../db/schema';
import { insertTestProduct, stockOf } from '../stock/test-products';
import { createTestApp, type TestApp } from '../test/app';
import { fillImageQueue } from '../test/image-queue';
import { makeImage } from '../test/images';
import { multipartBody, type MultipartFilePart } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';
import type { ShopEventMap } from '../events';

const giza = gizaShipping;

interface OrderAnswer {
  success: boolean;
  message: string;
  order: OrderDto;
  results: OrderDto;
}

describe('orders API', () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    // Hundreds of calls a minute from one address: the shop's default limit is not what these tests are about.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    png = await makeImage(40, 30, 'png');
  });
  afterAll(() => t.close());

  async function addToCart(user: TestUser, productId: string, quantity: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.headers,
      payload: { productId, quantity },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ cart: CartDto }>().cart;
  }

  /** A shopper whose cart holds the given lines; answers the user and the cart's id. */
  async function shopperWithCart(lines: Array<[productId: string, quantity: number]>) {
    const user = await createUser(t);
    let cartId = '';
    for (const [productId, quantity] of lines) cartId = (await addToCart(user, productId, quantity)).id;
    if (!cartId) {
      cartId = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: user.headers })).json<{
        cart: CartDto;
      }>().cart.id;
    }
    return { user, cartId };
  }

  function placeOrder(
    user: TestUser | null,
    fields: Record<string, string>,
    files: Record<string, Buffer | MultipartFilePart> = {},
    headers: Record<string, string> = {},
  ) {
    const body = multipartBody(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...(user?.headers ?? {}), ...body.headers, ...headers },
      payload: body.payload,
    });
  }

  async function cartOf(user: TestUser) {
    return (await t.app.inject({ method: 'GET', url: '/api/cart', headers: user.headers })).json<{
      cart: CartDto;
    }>().cart;
  }

  async function orderCount(userId?: string) {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(userId ? eq(orders.userId, userId) : undefined);
    return row?.n ?? 0;
  }

  async function storedProofs(): Promise<string[]> {
    return readdir(join(t.storeDir, 'private', 'proofs')).catch(() => []);
  }

  function changeStatus(user: TestUser | null, orderId: string, status: string) {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}/status`,
      headers: user?.headers ?? {},
      payload: { status },
    });
  }

  async function placedOrder(lines: Array<[productId: string, quantity: number]>) {
    const { user, cartId } = await shopperWithCart(lines);
    const res = await placeOrder(user, { cartId, ...giza, paymentType: 'cash' });
    expect(res.statusCode).toBe(201);
    return { user, order: res.json<OrderAnswer>().order };
  }

  describe('POST /api/order', () => {
    it('takes the stock, snapshots the lines, computes the money and empties the cart, all at once', async () => {
      const dress = await insertTestProduct(t, {
        name: 'Linen Dress',
        price: 500,
        discount: 20,
        stock: 5,
        categoryName: 'Women',
      });
      const hat = await insertTestProduct(t, {
        name: 'Straw Hat',
        price: 75.5,
        stock: 2,
        categoryName: 'Accessories',
      });
      const { user, cartId } = await shopperWithCart([
        [dress.id, 2],
        [hat.id, 1],
      ]);
      const placed: Array<ShopEventMap['orderPlaced']> = [];
      const stop = t.app.events.on('orderPlaced', (event) => {
        placed.push(event);
      });

      const res = await placeOrder(user, { cartId, ...giza, paymentType: 'cash' });
      stop();
      expect(res.statusCode).toBe(201);
      const body = res.json<OrderAnswer>();
      expect(body.success).toBe(true);
      expect(body.message).toBe('Order created successfully');
      expect(body.results).toEqual(body.order);
      const order = body.order;
      expect(order).toEqual({
        _id: order.id,
        id: expect.any(String),
        number: expect.stringMatching(/^N-\d+$/),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        status: 'pending',
        name: 'Mona Ahmed',
        phone: '01012345678',
        address: '12 Tahrir Street, Floor 3, Apartment 7, Near the mosque, Dokki, Giza',
        street: 'Tahrir Street',
        building: '12',
        floor: '3',
        apartment: '7',
        landmark: 'Near the mosque',
        area: 'Dokki',
        city: 'Giza',
        // A city alone (an older checkout's) is Giza's governorate, charged as its zone.
        governorate: 'EG-GZ',
        deliveryZone: { id: 'giza', name: { en: 'Giza', ar: 'الجيزة' } },
        products: [
          {
            _id: expect.any(String),
            product: {
              _id: dress.id,
              id: dress.id,
              name: 'Linen Dress',
              nameAr: '',
              slug: dress.slug,
              finalPrice: 400,
              images: [{ url: expect.stringMatching(/^\/uploads\//), srcset: expect.any(String) }],
              defaultImage: { url: expect.stringMatching(/^\/uploads\//), srcset: expect.any(String) },
              category: { name: 'Women', nameAr: '' },
            },
            quantity: 2,
            unitPrice: 400,
            variant: null,
            variantToConfirm: false,
          },
          expect.objectContaining({
            product: expect.objectContaining({
              id: hat.id,
              finalPrice: 75.5,
              category: { name: 'Accessories', nameAr: '' },
            }),
            quantity: 1,
            unitPrice: 75.5,
            variant: null,
            variantToConfirm: false,
          }),
        ],
        totalPrice: 875.5,
        shippingFee: 40,
        cashOnDeliveryFee: 0,
        grandTotal: 915.5,
        paymentType: 'cash',
        paymentImage: null,
        createdBy: { _id: user.id, username: user.username, email: user.email },
        history: [
          {
            status: 'pending',
            at: body.order.createdAt,
            by: { _id: user.id, username: user.username },
            note: null,
          },
        ],
        payment: { verified: false, at: null, by: null },
        deliveryState: 'notShipped',
        shipment: null,
        deliveryHistory: [],
        // A cash order waits for the customer's word (issue 37) until a day from now.
        confirmation: { awaiting: true, confirmBy: expect.any(String), contacts: [], messages: [] },
        // The number's record is the shop's to read: never in the shopper's answer.
        customerRecord: null,
      });

      expect(await stockOf(t, dress.id)).toEqual({ available: 3, sold: 2 });
      expect(await stockOf(t, hat.id)).toEqual({ available: 1, sold: 1 });
      expect((await cartOf(user)).products).toEqual([]);
      expect(placed).toEqual([
        {
          orderId: order.id,
          userId: user.id,
          grandTotal: 915.5,
          productIds: expect.arrayContaining([dress.id, hat.id]) as string[],
        },
      ]);
      expect(placed[0]!.productIds).toHaveLength(2);
    });

    it('keeps the snapshot when the product changes later', async () => {
      const product = await insertTestProduct(t, { name: 'Old Name', price: 100 });
      const { user, order } = await placedOrder([[product.id, 1]]);
      await t.database.db
        .update(products)
        .set({ name: 'New Name', finalPricePiastres: 99_900, pricePiastres: 99_900 })
        .where(eq(products.id, product.id));
      const res = await t.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: user.headers });
      const line = res.json<{ results: OrderDto }>().results.products[0]!;
      expect(line.product.name).toBe('Old Name');
      expect(line.unitPrice).toBe(100);
    });

    it.each([
      ['Cairo', 'cash', 70],
      ['Giza', 'cash', 40],
      ['Outside Cairo and Giza', 'cash', 90],
      ['Cairo', 'instapay', 70],
      ['Giza', 'instapay', 40],
      ['Outside Cairo and Giza', 'instapay', 90],
    ])('%s, %s: shipping %i EGP on top of the items', async (city, paymentType, fee) => {
      const product = await insertTestProduct(t, { price: 120.25, discount: 0, stock: 9 });
      const { user, cartId } = await shopperWithCart([[product.id, 3]]);
      const res = await placeOrder(
        user,
        { cartId, ...giza, city, paymentType },
        paymentType === 'instapay' ? { paymentImage: png } : {},
      );
      expect(res.statusCode).toBe(201);
      const order = res.json<OrderAnswer>().order;
      expect(order).toMatchObject({
        city,
        paymentType,
        totalPrice: 360.75,
        shippingFee: fee,
        grandTotal: 360.75 + fee,
      });
    });

    it('stores an InstaPay proof privately and answers a signed link that works without a token', async () => {
      const product = await insertTestProduct(t);
      const { user, cartId } = await shopperWithCart([[product.id, 1]]);
      const res = await placeOrder(
        user,
        { cartId, ...giza, paymentType: 'instapay' },
        {
          paymentImage: {
            content: await makeImage(60, 40, 'jpeg'),
            filename: 'proof.jpg',
            contentType: 'image/jpeg',
          },
        },
      );
      expect(res.statusCode).toBe(201);
      const url = res.json<OrderAnswer>().order.paymentImage?.url ?? '';
      expect(url).toMatch(/^\/api\/files\/private\/proofs\/[0-9a-f]+\.webp\?expires=\d+&signature=/);
      const proof = await t.app.inject({ method: 'GET', url });
      expect(proof.statusCode).toBe(200);
      expect(proof.headers['content-type']).toBe('image/webp');
    });

    it('takes a proof for cash too, and none at all', async () => {
      const product = await insertTestProduct(t);
      const { user, cartId } = await shopperWithCart([[product.id, 1]]);
      const res = await placeOrder(user, { cartId, ...giza, paymentType: 'cash' }, { paymentImage: png });
      expect(res.statusCode).toBe(201);
      expect(res.json<OrderAnswer>().order.paymentImage?.url).toMatch(/^\/api\/files\/private\//);
    });

    describe('a refused proof changes nothing', () => {
      const cases: Array<[string, () => Record<string, Buffer | MultipartFilePart>, number, string]> = [
        ['missing for instapay', () => ({}), 400, 'Please upload payment proof for online payment'],
        [
          'a text file named .png',
          () => ({
            paymentImage: { content: Buffer.from('just some text, not a picture'), filename: 'proof.png' },
          }),
          415,
          'Please upload an image file',
        ],
        [
          'larger than 5 MB',
          () => ({ paymentImage: { content: Buffer.alloc(5 * 1024 * 1024 + 10, 7), filename: 'big.png' } }),
          413,
          'File size should be less than 5MB',
        ],
      ];
      it.each(cases)('%s', async (_label, files, status, message) => {
        const product = await insertTestProduct(t, { stock: 4 });
        const { user, cartId } = await shopperWithCart([[product.id, 2]]);
        const proofsBefore = await storedProofs();
        const res = await placeOrder(user, { cartId, ...giza, paymentType: 'instapay' }, files());
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ success: false, message });
        expect(await stockOf(t, product.id)).toEqual({ available: 4, sold: 0 });
        expect((await cartOf(user)).products.map((l) => l.quantity)).toEqual([2]);
        expect(await orderCount(user.id)).toBe(0);
        expect(await storedProofs()).toEqual(proofsBefore);
      });
    });

    it.each([
      ['Flat 3, 12 Nile Street, Giza', 'Giza', 40],
      ['5 Road 9, Maadi, CAIRO', 'Cairo', 70],
      ['14 Corniche, Alexandria', 'Outside Cairo and Giza', 90],
      ['14 Corniche, Aswan, Outside Cairo and Giza', 'Outside Cairo and Giza', 90],
      ['كورنيش النيل، أسوان، خارج القاهرة والجيزة', 'Outside Cairo and Giza', 90],
    ])('serves a client that sends only an address: %s', async (address, city, fee) => {
      const product = await insertTestProduct(t, { price: 50 });
      const { user, cartId } = await shopperWithCart([[product.id, 2]]);
      const res = await placeOrder(user, {
        cartId,
        name: 'Omar Khaled',
        phone: '+201112345678',
        address,
        paymentType: 'cash',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<OrderAnswer>().order).toMatchObject({
        address,
        city,
        street: '',
        totalPrice: 100,
        shippingFee: fee,
        grandTotal: 100 + fee,
      });
    });

    it.each<[string, Record<string, string>, string]>([
      ['a short address', { address: 'Giza' }, 'Address should be 5-300 characters long'],
      ['a bad phone', { phone: '0123' }, 'Please enter a valid Egyptian phone number'],
      ['a bad name', { name: 'M1' }, 'Name should contain only letters and spaces (3-50 characters)'],
      ['a bad payment type', { paymentType: 'card' }, 'Payment type must be cash or instapay'],
      ['a malformed cart id', { cartId: 'cart-1' }, 'Invalid cart ID'],
    ])('answers 400 for %s (address-only form)', async (_label, override, message) => {
      const product = await insertTestProduct(t);
      const { user, cartId } = await shopperWithCart([[product.id, 1]]);
      const fields = {
        cartId,
        name: 'Omar Khaled',
        phone: '01112345678',
        address: '1 Nile St, Cairo',
        paymentType: 'cash',
      };
      const res = await placeOrder(user, { ...fields, ...override });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    });

    it.each<[string, string]>([
      ['street', 'Street name should be 5-100 characters long'],
      ['building', 'Building number should be 1-5 digits'],
      ['floor', 'Floor number should be 1-3 digits'],
      ['apartment', 'Apartment number should be 1-4 digits'],
      ['area', 'Area should contain only letters and spaces (3-50 characters)'],
      ['city', 'Please select a valid city'],
    ])('checks the structured %s with the form rule', async (field, message) => {
      const product = await insertTestProduct(t);
      const { user, cartId } = await shopperWithCart([[product.id, 1]]);
      const res = await placeOrder(user, { cartId, ...giza, [field]: 'x!', paymentType: 'cash' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    });

    // Issue 11: a NUL in a text field reached the database and answered 500.
    it.each(['name', 'phone', 'street', 'building', 'landmark', 'area', 'city'])(
      'refuses a NUL in the %s with 400 naming it, placing nothing',
      async (field) => {
        const product = await insertTestProduct(t);
        const { user, cartId } = await shopperWithCart([[product.id, 1]]);
        const res = await placeOrder(user, {
          cartId,
          ...giza,
          [field]: 'Nile\u0000Corniche',
          paymentType: 'cash',
        });
        expect(res.statusCode).toBe(400);
        const message =
          field === 'city' ? 'Please select a valid city' : `${field} must not contain a NUL character`;
        expect(res.json()).toEqual({ success: false, message });
        expect(await orderCount(user.id)).toBe(0);
      },
    );

    it('refuses a NUL in an address-only form, and in the Idempotency-Key, with 400 naming it', async () => {
      const product = await insertTestProduct(t);
      const { user, cartId } = await shopperWithCart([[product.id, 1]]);
      const fields = { cartId, name: 'Omar Khaled', phone: '01112345678', paymentType: 'cash' };
      const res = await placeOrder(user, { ...fields, address: '1 Nile St\u0000, Cairo' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'address must not contain a NUL character' });
      const long = await placeOrder(
        user,
        { ...fields, address: '1 Nile St, Cairo' },
        {},
        {
          'idempotency-key': 'k'.repeat(201),
        },
      );
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ success: false, message: 'Idempotency-Key must be 1 to 200 characters' });
      expect(await orderCount(user.id)).toBe(0);
    });

    it('refuses an order whose total the money columns cannot hold with 400, changing nothing', async () => {
      // 3 × 10,000,000 EGP is 3,000,000,000 piastres: past PostgreSQL's integer (it answered 500).
      const product = await insertTestProduct(t, { price: 10_000_000, stock: 10 });
      const { user, cartId } = await shopperWithCart([[product.id, 3]]);
      const res = await placeOrder(user, { cartId, ...giza, paymentType: 'cash' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: messages.orders.orderTooLarge });
      expect(await orderCount(user.id)).toBe(0);
      expect(await stockOf(t, product.id)).toEqual({ available: 10, sold: 0 });
      expect((await cartOf(user)).products).toHaveLength(1);
    });

    it('asks for multipart: a JSON body is 415 in words that say so', async () => {
      const user = await createUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: user.headers,
        payload: { ...giza, paymentType: 'cash' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        success: false,
        message: 'This request must be sent as multipart/form-data',
      });
    });

    it('refuses an empty cart', async () => {
      const { user, cartId } = await shopperWithCart([]);
      const res = await placeOrder(user, { cartId, ...giza, paymentType: 'cash' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Your cart is empty' });
    });

    it("refuses another user's cart (403) and an unknown one (404)", async () => {
      const product = await insertTestProduct(t);
      const { cartId: othersCart, user: owner } = await shopperWithCart([[product.id, 1]]);
      const { user } = await shopperWithCart([[product.id, 1]]);
      const foreign = await placeOrder(user, { cartId: othersCart, ...giza, paymentType: 'cash' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ success: false, message: 'You can only order from your own cart' });
      expect((await cartOf(owner)).products).toHaveLength(1);

      const unknown = await placeOrder(user, { cartId: randomUUID(), ...giza, paymentType: 'cash' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ success: false, message: 'Cart not found' });

      // An InstaPay order's cart is checked before its proof (a cash order's under the transaction's lock).
      const foreignInstapay = await placeOrder(user, {
        cartId: othersCart,
        ...giza,
        paymentType: 'instapay',
      });
      expect(foreignInstapay.statusCode).toBe(403);
      expect(foreignInstapay.json()).toEqual({
        success: false,
        message: 'You can only order from your own cart',
      });
      const unknownInstapay = await placeOrder(user, {
        cartId: randomUUID(),
        ...giza,
        paymentType: 'instapay',
      });
      expect(unknownInstapay.statusCode).toBe(404);
      expect(unknownInstapay.json()).toEqual({ success: false, message: 'Cart not found' });
    });

    it("uses the caller's own cart when no cartId comes", async () => {
      const product = await insertTestProduct(t);
      const { user } = await shopperWithCart([[product.id, 1]]);
      const res = await placeOrder(user, { ...giza, paymentType: 'cash' });
      expect(res.statusCode).toBe(201);
    });

    it('a failed order (one line over the stock) leaves stock, cart and orders exactly as they were', async () => {
      const plenty = await insertTestProduct(t, { name: 'Plenty Tee', stock: 10 });
      const scarce = await insertTestProduct(t, { name: 'Scarce Scarf', stock: 3 });
      const { user, cartId } = await shopperWithCart([
        [plenty.id, 4],
        [scarce.id, 3],
      ]);
      // Someone else bought two scarves after this cart was filled.
      await t.database.db.update(products).set({ availableItems: 1 }).where(eq(products.id, scarce.id));
      const cartBefore = await cartOf(user);
      const ordersBefore = await orderCount();

      const res = await placeOrder(user, { cartId, ...giza, paymentType: 'instapay' }, { paymentImage: png });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: 'Only 1 items of Scarce Scarf are available' });
      expect(await stockOf(t, plenty.id)).toEqual({ available: 10, sold: 0 });
      expect(await stockOf(t, scarce.id)).toEqual({ available: 1, sold: 0 });
      expect(await cartOf(user)).toEqual(cartBefore);
      expect(await orderCount()).toBe(ordersBefore);
      const lines = await t.database.db.select().from(cartLines).where(eq(cartLines.cartId, cartId));
      expect(lines).toHaveLength(2);
    });

    describe('the proof is image work the shop bounds', () => {
      let bomb: Buffer;
      beforeAll(async () => {
        // 7000 × 7000 of one colour: a small file that would decode to 49 MP.
        bomb = await makeImage(7000, 7000);
      });

      it('checks the cart before the proof: a cart over the stock gets the stock answer whatever the proof', async () => {
        const scarce = await insertTestProduct(t, { name: 'Scarce Shawl', stock: 3 });
        const { user, cartId } = await shopperWithCart([[scarce.id, 3]]);
        await t.database.db.update(products).set({ availableItems: 1 }).where(eq(products.id, scarce.id));
        const proofsBefore = await storedProofs();
        const release = await fillImageQueue();
        try {
          for (const proof of [
            bomb,
            { content: Buffer.from('not a picture'), filename: 'proof.png' },
            // A good proof while the queue is full: no 503, the proof is never queued.
            png,
          ]) {
            const res = await placeOrder(
              user,
              { cartId, ...giza, paymentType: 'instapay' },
              { paymentImage: proof },
            );
            expect(res.statusCode).toBe(409);
            expect(res.json()).toEqual({
              success: false,
              message: 'Only 1 items of Scarce Shawl are available',
            });
          }
        } finally {
          await release();
        }
        expect(await storedProofs()).toEqual(proofsBefore);
        expect(await orderCount(user.id)).toBe(0);
      });

      it("an empty cart gets its own answer, not the proof's", async () => {
        const { user, cartId } = await shopperWithCart([]);
        const res = await placeOrder(
          user,
          { cartId, ...giza, paymentType: 'instapay' },
          { paymentImage: bomb },
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: 'Your cart is empty' });
      });

      it('refuses a proof over 40 megapixels with 413, changing nothing', async () => {
        const product = await insertTestProduct(t, { stock: 4 });
        const { user, cartId } = await shopperWithCart([[product.id, 1]]);
        const proofsBefore = await storedProofs();
        const res = await placeOrder(
          user,
          { cartId, ...giza, paymentType: 'instapay' },
          { paymentImage: bomb },
        );
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ success: false, message: 'Each image must be at most 40 megapixels' });
        expect(await stockOf(t, product.id)).toEqual({ available: 4, sold: 0 });
        expect(await storedProofs()).toEqual(proofsBefore);
      });

      it('answers 503 when the image queue is full, changing nothing; the same order goes through after', async () => {
        const product = await insertTestProduct(t, { stock: 4 });
        const { user, cartId } = await shopperWithCart([[product.id, 2]]);
        const proofsBefore = await storedProofs();
        const release = await fillImageQueue();
        try {
          const res = await placeOrder(
            user,
            { cartId, ...giza, paymentType: 'instapay' },
            { paymentImage: png },
          );
          expect(res.statusCode).toBe(503);
          expect(res.headers['retry-after']).toBe('5');
          expect(res.json()).toEqual({
            success: false,
            message: 'Too many images are being processed right now. Please try again in a moment.',
          });
          expect(await stockOf(t, product.id)).toEqual({ available: 4, sold: 0 });
          expect(await storedProofs()).toEqual(proofsBefore);
          expect(await orderCount(user.id)).toBe(0);
        } finally {
          await release();
        }
        const retry = await placeOrder(
          user,
          { cartId, ...giza, paymentType: 'instapay' },
          { paymentImage: png },
        );
        expect(retry.statusCode).toBe(201);
        expect(await storedProofs()).toHaveLength(proofsBefore.length + 1);
      });
    });

    it('names a sold-out product in the 409', async () => {
      const product = await insertTestProduct(t, { name: 'Last Bag', stock: 1 });
      const { user, cartId } = await shopperWithCart([[product.id, 1]]);
      await t.database.db.update(products).set({ availableItems: 0 }).where(eq(products.id, product.id));
      const res = await placeOrder(user, { cartId, ...giza, paymentType: 'cash' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Last Bag is out of stock');
    });

    it('Idempotency-Key: a retry answers the first order and places no second one', async () => {
      const product = await insertTestProduct(t, { stock: 5 });
      const { user, cartId } = await shopperWithCart([[product.id, 2]]);
      const key = { 'idempotency-key': randomUUID() };
      const first = await placeOrder(user, { cartId, ...giza, paymentType: 'cash' }, {}, key);
      // The cart is empty now: without the key this retry would be refused.
      const retry = await placeOrder(user, { cartId, ...giza, paymentType: 'cash' }, {}, key);
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(await orderCount(user.id)).toBe(1);
      expect(await stockOf(t, product.id)).toEqual({ available: 3, sold: 2 });

      // The key is the user's own: another user's same key places their own order.
      const other = await shopperWithCart([[product.id, 1]]);
      const theirs = await placeOrder(
        other.user,
        { cartId: other.cartId, ...giza, paymentType: 'cash' },
        {},
        key,
      );
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json<OrderAnswer>().order.id).not.toBe(first.json<OrderAnswer>().order.id);
    });

    it('Idempotency-Key: two submits at once still make one order', async () => {
      const product = await insertTestProduct(t, { stock: 5 });
      const { user, cartId } = await shopperWithCart([[product.id, 1]]);
      const key = { 'idempotency-key': randomUUID() };
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          placeOrder(user, { cartId, ...giza, paymentType: 'instapay' }, { paymentImage: png }, key),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
      const ids = new Set(answers.map((res) => res.json<OrderAnswer>().order.id));
      expect(ids.size).toBe(1);
      expect(await orderCount(user.id)).toBe(1);
      expect(await stockOf(t, product.id)).toEqual({ available: 4, sold: 1 });
      // Only the proof of the order that was placed is kept.
      const kept = answers[0]!.json<OrderAnswer>().order.paymentImage!.url;
      expect((await storedProofs()).filter((name) => kept.includes(name))).toHaveLength(1);
    });

    it('20 buyers racing for the last 5 items: exactly 5 orders and stock 0', async () => {
      const product = await insertTestProduct(t, { name: 'Limited Abaya', stock: 5 });
      const buyers = [];
      for (let i = 0; i < 20; i++) buyers.push(await shopperWithCart([[product.id, 1]]));
      const answers = await Promise.all(
        buyers.map(({ user, cartId }) => placeOrder(user, { cartId, ...giza, paymentType: 'cash' })),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(15);
      for (const res of answers.filter((r) => r.statusCode === 409)) {
        expect(res.json().message).toBe('Limited Abaya is out of stock');
      }
      expect(await stockOf(t, product.id)).toEqual({ available: 0, sold: 5 });
      const [row] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.name, giza.name));
      expect(row!.n).toBeGreaterThanOrEqual(5);
      let placed = 0;
      for (const { user } of buyers) placed += await orderCount(user.id);
      expect(placed).toBe(5);
    });

    it("the catalogue's cached counts see the stock change at once (sale and cancellation)", async () => {
      const name = `Counted Kaftan ${randomUUID().slice(0, 6)}`;
      const product = await insertTestProduct(t, { name, stock: 1 });
      const inStock = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/product?availability=inStock&page=1&search=${encodeURIComponent(name)}`,
          })
        ).json<{ totalCount: number }>().totalCount;
      expect(await inStock()).toBe(1);
      // Answered from the listing index once it is built: the order's products are what it follows.
      await vi.waitFor(async () =>
        expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toHaveProperty(
          'listing',
          'memory',
        ),
      );
      expect(await inStock()).toBe(1);
      const { user, order } = await placedOrder([[product.id, 1]]);
      expect(await inStock()).toBe(0);
      expect((await changeStatus(user, order.id, 'cancelled')).statusCode).toBe(200);
      expect(await inStock()).toBe(1);
    });

    it('401 without a token; 403 for an admin', async () => {
      const anonymous = await placeOrder(null, { ...giza, paymentType: 'cash' });
      expect(anonymous.statusCode).toBe(401);
      const admin = await createUser(t, { role: 'admin' });
      const res = await placeOrder(admin, { ...giza, paymentType: 'cash' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'The cart is not available for admins' });
    });
  });

  describe('reading orders', () => {
    it("GET /order/user/orders: the caller's orders, newest first", async () => {
      const product = await insertTestProduct(t, { stock: 10 });
      const { user, cartId } = await shopperWithCart([[product.id, 1]]);
      const first = (await placeOrder(user, { cartId, ...giza, paymentType: 'cash' })).json<OrderAnswer>()
        .order;
      await addToCart(user, product.id, 2);
      const second = (await placeOrder(user, { cartId, ...giza, paymentType: 'cash' })).json<OrderAnswer>()
        .order;
      await placedOrder([[product.id, 1]]); // someone else's

      const res = await t.app.inject({ method: 'GET', url: '/api/order/user/orders', headers: user.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; results: OrderDto[] }>();
      expect(body.success).toBe(true);
      expect(body.results.map((o) => o.id)).toEqual([second.id, first.id]);
      expect(body.results[0]).toEqual(second);
    });

    it('GET /order/:id: the owner and admins; 403 for another user, 404 missing, 400 malformed', async () => {
      const product = await insertTestProduct(t);
      const { user, order } = await placedOrder([[product.id, 1]]);
      const get = (who: TestUser | null, id: string) =>
        t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: who?.headers ?? {} });

      const own = await get(user, order.id);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ success: true, results: order });
      expect((await get(await createUser(t, { role: 'admin' }), order.id)).json().results.id).toBe(order.id);

      const stranger = await get(await createUser(t), order.id);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual({ success: false, message: 'You can only view your own orders' });
      const missing = await get(user, randomUUID());
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Order not found' });
      const malformed = await get(user, 'abc');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ success: false, message: 'Invalid order ID' });
      expect((await get(null, order.id)).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/order/:id/status', () => {
    it('the owner cancels a pending order and the stock comes back; not twice', async () => {
      const product = await insertTestProduct(t, { stock: 5 });
      const { user, order } = await placedOrder([[product.id, 3]]);
      expect(await stockOf(t, product.id)).toEqual({ available: 2, sold: 3 });
      const changes: Array<ShopEventMap['orderStatusChanged']> = [];
      const stop = t.app.events.on('orderStatusChanged', (event) => {
        changes.push(event);
      });

      const res = await changeStatus(user, order.id, 'cancelled');
      stop();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Order status updated successfully',
        results: {
          ...order,
          status: 'cancelled',
          // Cancelled, it no longer waits for her confirmation.
          confirmation: { ...order.confirmation, awaiting: false, confirmBy: null },
          history: [
            ...order.history,
            {
              status: 'cancelled',
              at: expect.any(String),
              by: { _id: user.id, username: user.username },
              note: null,
            },
          ],
        },
      });
      expect(await stockOf(t, product.id)).toEqual({ available: 5, sold: 0 });
      expect(changes).toEqual([
        {
          orderId: order.id,
          userId: user.id,
          from: 'pending',
          to: 'cancelled',
          changedBy: user.id,
          stockMoved: true,
        },
      ]);

      const again = await changeStatus(user, order.id, 'cancelled');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: 'This order can no longer be cancelled' });
      expect(await stockOf(t, product.id)).toEqual({ available: 5, sold: 0 });
    });

    it('the owner may cancel a confirmed order but not a completed one', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const product = await insertTestProduct(t, { stock: 5 });
      const confirmed = await placedOrder([[product.id, 1]]);
      expect((await changeStatus(admin, confirmed.order.id, 'confirmed')).statusCode).toBe(200);
      expect((await changeStatus(confirmed.user, confirmed.order.id, 'cancelled')).statusCode).toBe(200);

      const completed = await placedOrder([[product.id, 1]]);
      expect((await changeStatus(admin, completed.order.id, 'completed')).statusCode).toBe(200);
      const res = await changeStatus(completed.user, completed.order.id, 'cancelled');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: 'This order can no longer be cancelled' });
      expect(await stockOf(t, product.id)).toEqual({ available: 4, sold: 1 });
    });

    it('the owner may only cancel; other users may not touch it', async () => {
      const product = await insertTestProduct(t);
      const { user, order } = await placedOrder([[product.id, 1]]);
      for (const status of ['confirmed', 'completed', 'pending']) {
        const res = await changeStatus(user, order.id, status);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, message: 'You can only cancel your order' });
      }
      const stranger = await changeStatus(await createUser(t), order.id, 'cancelled');
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual({ success: false, message: 'You can only change your own orders' });
      expect((await changeStatus(null, order.id, 'cancelled')).statusCode).toBe(401);
    });

    it('admins set any status from any status, moving the stock with it', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const product = await insertTestProduct(t, { stock: 4 });
      const { order } = await placedOrder([[product.id, 2]]);
      expect(await stockOf(t, product.id)).toEqual({ available: 2, sold: 2 });

      for (const [status, stock] of [
        ['confirmed', { available: 2, sold: 2 }],
        ['completed', { available: 2, sold: 2 }],
        ['cancelled', { available: 4, sold: 0 }],
        ['pending', { available: 2, sold: 2 }],
        ['cancelled', { available: 4, sold: 0 }],
        ['completed', { available: 2, sold: 2 }],
      ] as const) {
        const res = await changeStatus(admin, order.id, status);
        expect(res.statusCode).toBe(200);
        expect(res.json<{ results: OrderDto }>().results.status).toBe(status);
        expect(await stockOf(t, product.id)).toEqual(stock);
      }
    });

    it('reopening a cancelled order whose stock is gone is refused with 409 and changes nothing', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const product = await insertTestProduct(t, { name: 'Rare Ring', stock: 3 });
      const { order } = await placedOrder([[product.id, 3]]);
      expect((await changeStatus(admin, order.id, 'cancelled')).statusCode).toBe(200);
      await placedOrder([[product.id, 2]]); // the returned rings sell again

      const res = await changeStatus(admin, order.id, 'confirmed');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: 'Cannot reopen this order: only 1 items of Rare Ring are left',
      });
      expect(await stockOf(t, product.id)).toEqual({ available: 1, sold: 2 });
      const current = await t.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: admin.headers,
      });
      expect(current.json<{ results: OrderDto }>().results.status).toBe('cancelled');
    });

    it('an order outlives its product: the snapshot stays, cancelling skips it, reopening is refused', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const product = await insertTestProduct(t, { name: 'Retired Robe', price: 300 });
      const kept = await insertTestProduct(t, { stock: 5 });
      const { user, order } = await placedOrder([
        [product.id, 1],
        [kept.id, 2],
      ]);
      await t.database.db.delete(products).where(eq(products.id, product.id));

      const read = await t.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: user.headers,
      });
      expect(read.statusCode).toBe(200);
      const line = read
        .json<{ results: OrderDto }>()
        .results.products.find((l) => l.product.name === 'Retired Robe');
      expect(line).toMatchObject({ quantity: 1, unitPrice: 300, product: { finalPrice: 300 } });

      expect((await changeStatus(user, order.id, 'cancelled')).statusCode).toBe(200);
      expect(await stockOf(t, kept.id)).toEqual({ available: 5, sold: 0 });
      const reopen = await changeStatus(admin, order.id, 'pending');
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json().message).toBe('Cannot reopen this order: only 0 items of Retired Robe are left');
      expect(await stockOf(t, kept.id)).toEqual({ available: 5, sold: 0 });
    });

    it('answers 400 for an unknown status, 404 for a missing order', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const product = await insertTestProduct(t);
      const { order } = await placedOrder([[product.id, 1]]);
      const bad = await changeStatus(admin, order.id, 'shipped');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        success: false,
        message: 'Status must be one of pending, confirmed, completed, cancelled',
      });
      const missing = await changeStatus(admin, randomUUID(), 'confirmed');
      expect(missing.statusCode).toBe(404);
    });
  });
});

describe('GET /api/order (admin list)', () => {
  let t: TestApp;
  let admin: TestUser;
  const made: Array<{ id: string; name: string; phone: string; status: string; email: string }> = [];

  beforeAll(async () => {
    // Hundreds of calls a minute from one address: the shop's default limit is not what these tests are about.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
    const alice = await createUser(t, { username: 'Alice' });
    const bob = await createUser(t, { username: 'Bob' });
    const statuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
    const base = Date.now() - 60_000;
    for (let i = 0; i < 13; i++) {
      const customer = i % 3 === 0 ? bob : alice;
      const [row] = await t.database.db
        .insert(orders)
        .values({
          userId: customer.id,
          status: statuses[i % 4],
          name: i % 3 === 0 ? 'Bob Samir' : `Alice Number ${String.fromCharCode(97 + i)}`,
          phone: `010000000${String(i).padStart(2, '0')}`,
          address: '1 Nile St, Cairo',
          city: 'Cairo',
          paymentType: 'cash',
          totalPiastres: 10_000,
          shippingFeePiastres: 7_000,
          grandTotalPiastres: 17_000,
          createdAt: new Date(base + i * 1000),
        })
        .returning();
      made.unshift({
        id: row!.id,
        name: row!.name,
        phone: row!.phone,
        status: row!.status,
        email: customer.email,
      });
    }
  });
  afterAll(() => t.close());

  const list = (query: string, who?: TestUser) =>
    t.app.inject({ method: 'GET', url: `/api/order${query}`, headers: (who ?? admin).headers });

  interface ListAnswer {
    success: boolean;
    results: OrderDto[];
    pagination: { page: number; pages: number; total: number; limit: number };
  }

  it('pages newest first, 10 by default', async () => {
    const first = (await list('')).json<ListAnswer>();
    expect(first.success).toBe(true);
    expect(first.pagination).toEqual({ page: 1, pages: 2, total: 13, limit: 10 });
    expect(first.results.map((o) => o.id)).toEqual(made.slice(0, 10).map((o) => o.id));
    const second = (await list('?page=2&limit=10')).json<ListAnswer>();
    expect(second.pagination).toEqual({ page: 2, pages: 2, total: 13, limit: 10 });
    expect(second.results.map((o) => o.id)).toEqual(made.slice(10).map((o) => o.id));
    const small = (await list('?page=3&limit=5')).json<ListAnswer>();
    expect(small.pagination).toEqual({ page: 3, pages: 3, total: 13, limit: 5 });
    expect(small.results).toHaveLength(3);
  });

  it('filters by status', async () => {
    const body = (await list('?status=cancelled')).json<ListAnswer>();
    const expected = made.filter((o) => o.status === 'cancelled');
    expect(body.pagination.total).toBe(expected.length);
    expect(body.results.map((o) => o.id)).toEqual(expected.map((o) => o.id));
    expect((await list('?status=')).json<ListAnswer>().pagination.total).toBe(13);
  });

  it('searches by order id prefix, customer name, phone and email', async () => {
    const target = made[4]!;
    const byId = (await list(`?search=${target.id.slice(0, 8)}`)).json<ListAnswer>();
    expect(byId.results.map((o) => o.id)).toContain(target.id);
    expect(byId.results.every((o) => o.id.startsWith(target.id.slice(0, 8)))).toBe(true);

    const byName = (await list('?search=bob%20sam')).json<ListAnswer>();
    expect(byName.pagination.total).toBe(made.filter((o) => o.name === 'Bob Samir').length);

    const byPhone = (await list(`?search=${target.phone}`)).json<ListAnswer>();
    expect(byPhone.results.map((o) => o.id)).toEqual([target.id]);

    const byEmail = (await list(`?search=${encodeURIComponent(target.email)}`)).json<ListAnswer>();
    expect(byEmail.pagination.total).toBe(made.filter((o) => o.email === target.email).length);

    const combined = (await list('?search=alice&status=pending')).json<ListAnswer>();
    expect(combined.results.every((o) => o.status === 'pending' && o.name.startsWith('Alice'))).toBe(true);

    const wildcard = (await list('?search=%25')).json<ListAnswer>();
    expect(wildcard.pagination.total).toBe(0);
  });

  it('refuses anyone but an admin, and bad query values', async () => {
    expect((await list('', await createUser(t))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/order' })).statusCode).toBe(401);
    const bad = await list('?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be one of pending, confirmed, completed, cancelled');
    expect((await list('?page=0')).statusCode).toBe(400);
  });
});
