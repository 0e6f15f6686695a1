import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartDto } from '@/shared/schemas/cart';
import type { OrderDto } from '@/shared/schemas/order';
import { outbox, productVariants, type ProductVariantRow } from '../db/schema';
import { stockOf } from '../stock/test-products';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { createProduct, createVariants } from '../test/catalog-fixtures';
import { multipartBody } from '../test/multipart';
import { createUser, type TestUser } from '../test/users';

// Issue 35: the specification's own client (SPEC §7) sends `POST /cart {productId, quantity}` and
// nothing else, so it cannot choose a size. Its line of a product with variants is taken with the size
// to confirm, held to the product's total stock; the order waits for the owner to choose the variant.

const SIZE_COLOR = [
  { name: 'Size', values: ['S', 'M'] },
  { name: 'Color', values: ['Navy', 'Sand'] },
];

describe(`a SPEC §7 client's line of a product with variants (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** S Navy sold out, M Navy 5, M Sand 2: 7 in all. */
  async function dress(stock: [number, number, number] = [0, 5, 2]) {
    const name = `Nile Dress ${randomUUID().slice(0, 6)}`;
    const product = await createProduct(t, { name, price: 500 });
    const [sNavy, mNavy, mSand] = (await createVariants(t, product, SIZE_COLOR, [
      { sku: `${name}-S-NAVY`, options: { Size: 'S', Color: 'Navy' }, availableItems: stock[0] },
      { sku: `${name}-M-NAVY`, options: { Size: 'M', Color: 'Navy' }, availableItems: stock[1] },
      { sku: `${name}-M-SAND`, options: { Size: 'M', Color: 'Sand' }, availableItems: stock[2] },
    ])) as [ProductVariantRow, ProductVariantRow, ProductVariantRow];
    return { product, sNavy, mNavy, mSand };
  }

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const addToCart = (user: TestUser, productId: string, quantity: number) =>
    call(user, 'POST', '/api/cart', { productId, quantity });
  /** What SPEC §7's checkout sends: the cart, a name, a phone, an address text and the payment. */
  async function placeOrder(user: TestUser) {
    const cartId = (await call(user, 'GET', '/api/cart')).json<{ cart: CartDto }>().cart.id;
    const body = multipartBody({
      cartId,
      name: 'Omar Khaled',
      phone: '01012345678',
      address: '12 Nile Street, Dokki, Giza',
      paymentType: 'cash',
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  }
  const setStatus = (user: TestUser, orderId: string, status: string) =>
    call(user, 'PATCH', `/api/order/${orderId}/status`, { status });
  const setVariant = (user: TestUser, orderId: string, lineId: string, variantId: string) =>
    call(user, 'PATCH', `/api/order/${orderId}/lines/${lineId}/variant`, { variantId });
  const variantStock = async (id: string) => {
    const [row] = await t.database.db
      .select({ available: productVariants.availableItems, sold: productVariants.soldItems })
      .from(productVariants)
      .where(eq(productVariants.id, id));
    return row ?? null;
  };

  it('adds it with the size to confirm, held to the product total', async () => {
    const { product } = await dress();
    const user = await createUser(t);
    const res = await addToCart(user, product.id, 2);
    expect(res.statusCode, res.body).toBe(200);
    const [line] = res.json<{ cart: CartDto }>().cart.products;
    expect(line).toMatchObject({
      quantity: 2,
      variantId: null,
      variant: null,
      variantToConfirm: true,
      productId: { id: product.id, finalPrice: 500, avaliableItems: 7 },
    });
    // 2 + 5 is the total; one more is not.
    expect((await addToCart(user, product.id, 5)).statusCode).toBe(200);
    const over = await addToCart(user, product.id, 1);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ success: false, message: `Only 7 items of ${product.name} are available` });
    const tooMany = await addToCart(await createUser(t), product.id, 8);
    expect(tooMany.statusCode).toBe(409);
  });

  it('refuses a product whose every variant is sold out', async () => {
    const { product } = await dress([0, 0, 0]);
    const res = await addToCart(await createUser(t), product.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: `${product.name} is out of stock` });
  });

  it('orders it taking no stock, refuses to confirm it, takes the chosen variant, then confirms and cancels', async () => {
    const { product, sNavy, mNavy, mSand } = await dress();
    const other = await dress();
    const user = await createUser(t);
    await addToCart(user, product.id, 3);
    const placed = await placeOrder(user);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: OrderDto }>().order;
    const line = order.products[0]!;
    expect(line).toMatchObject({ variant: null, variantToConfirm: true, quantity: 3, unitPrice: 500 });
    expect(order).toMatchObject({ totalPrice: 1500, city: 'Giza', shippingFee: 40 });
    // Nothing taken yet: the owner has not said which.
    expect(await stockOf(t, product.id)).toEqual({ available: 7, sold: 0 });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, user.email));
    expect(mail?.text).toContain(`${product.name} (Size to confirm)`);

    for (const status of ['confirmed', 'completed']) {
      const refused = await setStatus(admin, order.id, status);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        success: false,
        message: `Choose the size or colour of ${product.name} before confirming this order`,
      });
    }

    // Only the owner, only a variant of the line's product, only one with the stock.
    expect((await setVariant(user, order.id, line._id, mNavy.id)).statusCode).toBe(403);
    const foreign = await setVariant(admin, order.id, line._id, other.mNavy.id);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`This choice is not one of ${product.name}`);
    const soldOut = await setVariant(admin, order.id, line._id, sNavy.id);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe(`${product.name} (S / Navy) is out of stock`);
    const short = await setVariant(admin, order.id, line._id, mSand.id);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(`Only 2 items of ${product.name} (M / Sand) are available`);
    expect((await setVariant(admin, order.id, randomUUID(), mNavy.id)).statusCode).toBe(404);
    expect(await stockOf(t, product.id)).toEqual({ available: 7, sold: 0 });

    const chosen = await setVariant(admin, order.id, line._id, mNavy.id);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ success: true, message: 'Size and colour saved' });
    expect(chosen.json<{ order: OrderDto }>().order.products[0]).toMatchObject({
      variant: { sku: mNavy.sku, options: { Size: 'M', Color: 'Navy' } },
      variantToConfirm: false,
      unitPrice: 500,
    });
    expect(await variantStock(mNavy.id)).toEqual({ available: 2, sold: 3 });
    expect(await stockOf(t, product.id)).toEqual({ available: 4, sold: 3 });
    expect((await setVariant(admin, order.id, line._id, mSand.id)).statusCode).toBe(409);
    // The product's detail agrees with its variants.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).json<{
      product: { avaliableItems: number };
    }>();
    expect(detail.product.avaliableItems).toBe(4);

    expect((await setStatus(admin, order.id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(admin, order.id, 'cancelled')).statusCode).toBe(200);
    expect(await variantStock(mNavy.id)).toEqual({ available: 5, sold: 0 });
    expect(await stockOf(t, product.id)).toEqual({ available: 7, sold: 0 });
  });

  it('cancels and reopens an order whose size is still to confirm without moving stock', async () => {
    const { product, mNavy } = await dress();
    const plain = await createProduct(t, {
      name: `Plain Belt ${randomUUID().slice(0, 6)}`,
      availableItems: 4,
    });
    const user = await createUser(t);
    await addToCart(user, product.id, 2);
    await addToCart(user, plain.id, 1);
    const order = (await placeOrder(user)).json<{ order: OrderDto }>().order;
    expect(await stockOf(t, plain.id)).toEqual({ available: 3, sold: 1 });

    expect((await setStatus(user, order.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(t, product.id)).toEqual({ available: 7, sold: 0 });
    expect(await stockOf(t, plain.id)).toEqual({ available: 4, sold: 0 });
    const whileCancelled = await setVariant(admin, order.id, order.products[0]!._id, mNavy.id);
    expect(whileCancelled.statusCode).toBe(409);
    expect(whileCancelled.json().message).toBe(
      'The size or colour of a line can be chosen only while the order is pending',
    );

    expect((await setStatus(admin, order.id, 'pending')).statusCode).toBe(200);
    expect(await stockOf(t, product.id)).toEqual({ available: 7, sold: 0 });
    expect(await stockOf(t, plain.id)).toEqual({ available: 3, sold: 1 });
  });

  it('holds the order to the product total with its other lines of the product', async () => {
    const { product, mNavy } = await dress();
    const user = await createUser(t);
    await call(user, 'POST', '/api/cart', { productId: product.id, variantId: mNavy.id, quantity: 4 });
    expect((await addToCart(user, product.id, 3)).statusCode).toBe(200);
    // Another shopper buys one: 6 left for the 7 this cart wants.
    const rival = await createUser(t);
    await call(rival, 'POST', '/api/cart', { productId: product.id, variantId: mNavy.id, quantity: 1 });
    expect((await placeOrder(rival)).statusCode).toBe(201);
    const res = await placeOrder(user);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: `Only 6 items of ${product.name} are available` });
    expect(await stockOf(t, product.id)).toEqual({ available: 6, sold: 1 });
  });
});
