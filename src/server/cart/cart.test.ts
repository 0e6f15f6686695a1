import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartDto } from '@/shared/schemas/cart';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';

describe('cart API', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Hundreds of calls a minute from one address: the shop's default limit is not what these tests are about.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  it('creates the cart on the first GET and answers the contract shape', async () => {
    const user = await createUser(t);
    const res = await call(user, 'GET', '/api/cart');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; cart: CartDto }>();
    expect(body.success).toBe(true);
    expect(body.cart).toEqual({ _id: body.cart.id, id: expect.any(String), products: [], subtotal: 0 });
    const again = await call(user, 'GET', '/api/cart');
    expect(again.json<{ cart: CartDto }>().cart.id).toBe(body.cart.id);
  });

  it('POST /cart/create is idempotent: the same cart every time, even at once', async () => {
    const user = await createUser(t);
    const answers = await Promise.all([1, 2, 3].map(() => call(user, 'POST', '/api/cart/create')));
    const ids = answers.map((res) => {
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; message: string; cart: CartDto }>();
      expect(body.success).toBe(true);
      expect(body.message).toBe('Cart is ready');
      return body.cart.id;
    });
    expect(new Set(ids).size).toBe(1);
  });

  it('adds a product, raises its line, and computes the subtotal from current prices', async () => {
    const user = await createUser(t);
    const dress = await insertTestProduct(t, { name: 'Cotton Dress', price: 250, discount: 10, stock: 8 });
    const scarf = await insertTestProduct(t, { name: 'Silk Scarf', price: 99.99, stock: 3 });

    const first = await call(user, 'POST', '/api/cart', { productId: dress.id, quantity: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'Product added to cart successfully' });

    const second = await call(user, 'POST', '/api/cart', { productId: dress.id });
    await call(user, 'POST', '/api/cart', { productId: scarf.id, quantity: 1 });
    expect(second.json<{ cart: CartDto }>().cart.products[0]!.quantity).toBe(3);

    const { cart } = (await call(user, 'GET', '/api/cart')).json<{ cart: CartDto }>();
    expect(cart.products).toEqual([
      {
        _id: expect.any(String),
        productId: {
          _id: dress.id,
          id: dress.id,
          name: 'Cotton Dress',
          nameAr: '',
          slug: dress.slug,
          finalPrice: 225,
          defaultImage: { url: expect.stringMatching(/^\/uploads\/products\//), srcset: expect.any(String) },
          avaliableItems: 8,
        },
        quantity: 3,
        // A product without variants: its line names none.
        variantId: null,
        variantToConfirm: false,
        variant: null,
      },
      expect.objectContaining({ quantity: 1, productId: expect.objectContaining({ finalPrice: 99.99 }) }),
    ]);
    // 3 × 225 + 99.99, summed in piastres.
    expect(cart.subtotal).toBe(774.99);
  });

  it('refuses more than the stock, also when an add would push the line over it', async () => {
    const user = await createUser(t);
    const product = await insertTestProduct(t, { name: 'Wool Hat', stock: 3 });
    const tooMany = await call(user, 'POST', '/api/cart', { productId: product.id, quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ success: false, message: 'Only 3 items of Wool Hat are available' });

    expect((await call(user, 'POST', '/api/cart', { productId: product.id, quantity: 2 })).statusCode).toBe(
      200,
    );
    const over = await call(user, 'POST', '/api/cart', { productId: product.id, quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only 3 items of Wool Hat are available');
    const { cart } = (await call(user, 'GET', '/api/cart')).json<{ cart: CartDto }>();
    expect(cart.products[0]!.quantity).toBe(2);

    const setOver = await call(user, 'PATCH', '/api/cart', { productId: product.id, quantity: 5 });
    expect(setOver.statusCode).toBe(409);
    expect(setOver.json().message).toBe('Only 3 items of Wool Hat are available');
  });

  it('refuses a product with no stock with 409', async () => {
    const user = await createUser(t);
    const product = await insertTestProduct(t, { name: 'Sold Bag', stock: 0 });
    const res = await call(user, 'POST', '/api/cart', { productId: product.id, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Sold Bag is out of stock' });
  });

  it('answers 400 Invalid product ID for a missing or malformed id, 404 for an unknown product', async () => {
    const user = await createUser(t);
    for (const payload of [undefined, {}, { productId: 'abc' }, { productId: 12 }]) {
      const res = await call(user, 'POST', '/api/cart', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Invalid product ID' });
    }
    const malformedRemove = await call(user, 'PATCH', '/api/cart/not-a-uuid');
    expect(malformedRemove.statusCode).toBe(400);
    expect(malformedRemove.json().message).toBe('Invalid product ID');

    const unknown = await call(user, 'POST', '/api/cart', { productId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Product not found' });
  });

  it('rejects a quantity below 1', async () => {
    const user = await createUser(t);
    const product = await insertTestProduct(t);
    await call(user, 'POST', '/api/cart', { productId: product.id });
    for (const quantity of [0, -1, 1.5, 'x']) {
      const res = await call(user, 'PATCH', '/api/cart', { productId: product.id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Quantity must be a whole number of at least 1');
    }
  });

  it('PATCH /cart sets a quantity; 404 when the product is not in the cart', async () => {
    const user = await createUser(t);
    const product = await insertTestProduct(t, { price: 10, stock: 10 });
    const other = await insertTestProduct(t);
    await call(user, 'POST', '/api/cart', { productId: product.id, quantity: 4 });

    const res = await call(user, 'PATCH', '/api/cart', { productId: product.id, quantity: 2 });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; message: string; cart: CartDto }>();
    expect(body).toMatchObject({ success: true, message: 'Product Updated Successfully' });
    expect(body.cart.products.map((line) => line.quantity)).toEqual([2]);
    expect(body.cart.subtotal).toBe(20);

    const absent = await call(user, 'PATCH', '/api/cart', { productId: other.id, quantity: 1 });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ success: false, message: 'Product not found in cart' });
  });

  it('PATCH /cart/:productId removes the line; 404 when it is not there', async () => {
    const user = await createUser(t);
    const keep = await insertTestProduct(t);
    const drop = await insertTestProduct(t);
    await call(user, 'POST', '/api/cart', { productId: keep.id });
    await call(user, 'POST', '/api/cart', { productId: drop.id });

    const res = await call(user, 'PATCH', `/api/cart/${drop.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; message: string; cart: CartDto }>();
    expect(body).toMatchObject({ success: true, message: 'Product deleted successfully' });
    expect(body.cart.products.map((line) => line.productId.id)).toEqual([keep.id]);

    const again = await call(user, 'PATCH', `/api/cart/${drop.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: 'Product not found in cart' });
  });

  it('PUT /cart/clear empties the cart', async () => {
    const user = await createUser(t);
    await call(user, 'POST', '/api/cart', { productId: (await insertTestProduct(t)).id, quantity: 2 });
    const res = await call(user, 'PUT', '/api/cart/clear');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Cart cleared successfully',
      cart: expect.objectContaining({ products: [], subtotal: 0 }),
    });
  });

  describe('an empty body sent as JSON (a SPEC §7 client does so)', () => {
    const emptyJson = (user: TestUser, method: 'POST' | 'PATCH' | 'PUT', url: string, payload = '') =>
      t.app.inject({
        method,
        url,
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload,
      });

    it('is read as {} by the calls that take no body', async () => {
      const user = await createUser(t);
      const created = await emptyJson(user, 'POST', '/api/cart/create');
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ success: true, message: 'Cart is ready' });

      const kept = await insertTestProduct(t);
      const dropped = await insertTestProduct(t);
      await call(user, 'POST', '/api/cart', { productId: kept.id });
      await call(user, 'POST', '/api/cart', { productId: dropped.id });
      const removed = await emptyJson(user, 'PATCH', `/api/cart/${dropped.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json<{ cart: CartDto }>().cart.products.map((line) => line.productId.id)).toEqual([
        kept.id,
      ]);

      const cleared = await t.app.inject({
        method: 'PUT',
        url: '/api/cart/clear',
        headers: { ...user.headers, 'content-type': 'application/json; charset=utf-8' },
        payload: '',
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject({ success: true, cart: { products: [] } });
      // `{}` as such, as before.
      expect((await emptyJson(user, 'PUT', '/api/cart/clear', '{}')).statusCode).toBe(200);
    });

    it('keeps refusing a body that is not JSON, and every other call keeps its validation', async () => {
      const user = await createUser(t);
      const broken = await emptyJson(user, 'PUT', '/api/cart/clear', '{"a":');
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({
        success: false,
        message: "Body is not valid JSON but content-type is set to 'application/json'",
      });
      const add = await emptyJson(user, 'POST', '/api/cart');
      expect(add.statusCode).toBe(400);
      expect(add.json()).toEqual({
        success: false,
        message: "Body cannot be empty when content-type is set to 'application/json'",
      });
      const signin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(signin.statusCode).toBe(400);
      expect(signin.json().message).toBe(
        "Body cannot be empty when content-type is set to 'application/json'",
      );
    });
  });

  it("keeps each user's cart to themselves", async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    await call(alice, 'POST', '/api/cart', { productId: (await insertTestProduct(t)).id });
    const bobs = (await call(bob, 'GET', '/api/cart')).json<{ cart: CartDto }>().cart;
    expect(bobs.products).toEqual([]);
  });

  const everyCall: Array<[method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object]> = [
    ['POST', '/api/cart/create'],
    ['GET', '/api/cart'],
    ['POST', '/api/cart', { productId: randomUUID(), quantity: 1 }],
    ['PATCH', '/api/cart', { productId: randomUUID(), quantity: 1 }],
    ['PATCH', `/api/cart/${randomUUID()}`],
    ['PUT', '/api/cart/clear'],
  ];

  it.each(everyCall)('%s %s: 401 without a token', async (method, url, payload) => {
    const res = await call(null, method, url, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
  });

  it.each(everyCall)('%s %s: 403 for an admin', async (method, url, payload) => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await call(admin, method, url, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'The cart is not available for admins' });
  });

  it('403 for an admin comes before any check of the body', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await call(admin, 'POST', '/api/cart', { productId: 'nonsense' });
    expect(res.statusCode).toBe(403);
  });
});
