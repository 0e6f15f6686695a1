import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import type { ProductDto } from '@/shared/schemas/product';
import { insertOrder } from '../admin/test-support';
import { LOW_STOCK_CAP } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct, createVariants } from '../test/catalog-fixtures';
import { createUser, type TestUser } from '../test/users';

interface StatsAnswer {
  success: boolean;
  totalProducts: number;
  totalCategories: number;
  totalOrders: number;
  ordersByStatus: Record<string, number>;
  revenue: number;
  recentProducts: ProductDto[];
}

describe('GET /api/dashboard/stats', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
  });
  afterAll(() => t.close());

  const stats = (user: TestUser | null) =>
    t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: user?.headers ?? {} });

  it('is for admins only: 401 for a visitor, 403 for a shopper', async () => {
    const visitor = await stats(null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, message: messages.auth.authenticationRequired });
    const user = await stats(shopper);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ success: false, message: messages.auth.adminOnly });
  });

  it('answers zeros for an empty shop', async () => {
    const res = await stats(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json<StatsAnswer>()).toEqual({
      success: true,
      totalProducts: 0,
      totalCategories: 0,
      totalOrders: 0,
      ordersByStatus: { pending: 0, confirmed: 0, completed: 0, cancelled: 0 },
      revenue: 0,
      revenueCounts: { label: 'Confirmed and delivered orders', statuses: ['confirmed', 'completed'] },
      today: { orders: 0, total: 0 },
      pendingOrders: 0,
      proofsToCheck: 0,
      toConfirm: 0,
      recentProducts: [],
      cashWithCouriers: { amount: 0, orders: 0 },
      ordersByDelivery: { notShipped: 0, shipped: 0, delivered: 0, refused: 0, returned: 0 },
    });
  });

  it('counts products, categories and orders, sums revenue and lists the 5 newest products', async () => {
    const women = await createCategory(t, { name: 'Women' });
    const girls = await createCategory(t, { name: 'Girls' });
    await createCategory(t, { name: 'Empty' });
    const made = [];
    for (let i = 1; i <= 7; i += 1) {
      made.push(
        // Piece 6 sold out: the owner's newest products are her newest, sold out or not (the
        // storefront's sorts put it last, issue 35).
        await createProduct(t, {
          name: `Piece ${i}`,
          category: i % 2 ? women : girls,
          price: 10 * i,
          ...(i === 6 ? { availableItems: 0 } : {}),
        }),
      );
    }
    await insertOrder(t, shopper, { status: 'pending', grandTotal: 100 });
    await insertOrder(t, shopper, { status: 'pending', grandTotal: 200 });
    await insertOrder(t, shopper, { status: 'confirmed', grandTotal: 170.5 });
    await insertOrder(t, shopper, { status: 'completed', grandTotal: 240.25 });
    await insertOrder(t, shopper, { status: 'completed', grandTotal: 90 });
    await insertOrder(t, shopper, { status: 'cancelled', grandTotal: 1000 });

    const body = (await stats(admin)).json<StatsAnswer>();
    expect(body).toMatchObject({
      success: true,
      totalProducts: 7,
      totalCategories: 3,
      totalOrders: 6,
      ordersByStatus: { pending: 2, confirmed: 1, completed: 2, cancelled: 1 },
      // Confirmed and completed only: 170.5 + 240.25 + 90.
      revenue: 500.75,
    });
    expect(body.recentProducts.map((product) => product.name)).toEqual([
      'Piece 7',
      'Piece 6',
      'Piece 5',
      'Piece 4',
      'Piece 3',
    ]);
    const newest = body.recentProducts[0]!;
    expect(newest).toMatchObject({
      _id: made[6]!.id,
      price: 70,
      finalPrice: 70,
      category: { name: 'Women' },
      avaliableItems: 10,
    });
  });
});

describe('GET /api/dashboard/low-stock', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
  });
  afterAll(() => t.close());

  const lowStock = (user: TestUser | null, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/dashboard/low-stock${query}`, headers: user?.headers ?? {} });

  it('is for admins only: 401 for a visitor, 403 for a shopper', async () => {
    expect((await lowStock(null)).statusCode).toBe(401);
    const user = await lowStock(shopper);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ success: false, message: messages.auth.adminOnly });
  });

  it('lists products without variants and single variants at or under the threshold, lowest first', async () => {
    const scarf = await createProduct(t, { name: 'Silk Scarf', availableItems: 2 });
    await createProduct(t, { name: 'Plenty Bag', availableItems: 40 });
    const dress = await createProduct(t, { name: 'Layla Dress' });
    const [small, medium] = await createVariants(
      t,
      dress,
      [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Color', values: ['Navy'], valuesAr: ['كحلي'] },
      ],
      [
        { sku: 'LD-S-NAVY', options: { Size: 'S', Color: 'Navy' }, availableItems: 0 },
        { sku: 'LD-M-NAVY', options: { Size: 'M', Color: 'Navy' }, availableItems: 3 },
        { sku: 'LD-L-NAVY', options: { Size: 'L', Color: 'Navy' }, availableItems: 12 },
      ],
    );

    const res = await lowStock(admin);
    expect(res.statusCode).toBe(200);
    // The default threshold is LOW_STOCK_THRESHOLD's 3; the dress itself (15 in all) is listed by its variants.
    expect(res.json()).toEqual({
      success: true,
      threshold: 3,
      items: [
        {
          productId: dress.id,
          variantId: small!.id,
          name: 'Layla Dress',
          nameAr: '',
          slug: dress.slug,
          sku: 'LD-S-NAVY',
          options: { Size: 'S', Color: 'Navy' },
          // The Arabic page says the colour as the owner wrote it in Arabic (issue 35).
          optionsAr: { Size: 'S', Color: 'كحلي' },
          avaliableItems: 0,
        },
        {
          productId: scarf.id,
          variantId: null,
          name: 'Silk Scarf',
          nameAr: '',
          slug: scarf.slug,
          sku: null,
          options: null,
          optionsAr: null,
          avaliableItems: 2,
        },
        {
          productId: dress.id,
          variantId: medium!.id,
          name: 'Layla Dress',
          nameAr: '',
          slug: dress.slug,
          sku: 'LD-M-NAVY',
          options: { Size: 'M', Color: 'Navy' },
          optionsAr: { Size: 'M', Color: 'كحلي' },
          avaliableItems: 3,
        },
      ],
    });

    const zero = (await lowStock(admin, '?threshold=0')).json<{ threshold: number; items: unknown[] }>();
    expect(zero.threshold).toBe(0);
    expect(zero.items).toHaveLength(1);
  });

  it('lists by the stock itself on both sides of LOW_STOCK_CAP, lowest first', async () => {
    // Under the cap the list walks `low_stock`, at or over it the stock: each must still order by stock.
    const other = await createTestApp();
    try {
      const otherAdmin = await createUser(other, { role: 'admin' });
      const stocks = [LOW_STOCK_CAP + 4, LOW_STOCK_CAP, 1, LOW_STOCK_CAP - 1, LOW_STOCK_CAP + 1, 0];
      for (const [index, availableItems] of stocks.entries()) {
        await createProduct(other, { name: `Bag ${index}`, availableItems });
      }
      const listed = async (threshold: number) => {
        const res = await other.app.inject({
          method: 'GET',
          url: `/api/dashboard/low-stock?threshold=${threshold}`,
          headers: otherAdmin.headers,
        });
        return res
          .json<{ items: Array<{ avaliableItems: number }> }>()
          .items.map((item) => item.avaliableItems);
      };
      expect(await listed(LOW_STOCK_CAP - 1)).toEqual([0, 1, LOW_STOCK_CAP - 1]);
      expect(await listed(LOW_STOCK_CAP)).toEqual([0, 1, LOW_STOCK_CAP - 1, LOW_STOCK_CAP]);
      expect(await listed(LOW_STOCK_CAP + 4)).toEqual([
        0,
        1,
        LOW_STOCK_CAP - 1,
        LOW_STOCK_CAP,
        LOW_STOCK_CAP + 1,
        LOW_STOCK_CAP + 4,
      ]);
    } finally {
      await other.close();
    }
  });

  it('refuses a threshold that is not a whole number of at least 0', async () => {
    const res = await lowStock(admin, '?threshold=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('threshold must be a whole number');
  });

  it('takes its default from LOW_STOCK_THRESHOLD', async () => {
    const other = await createTestApp({ LOW_STOCK_THRESHOLD: '10' });
    try {
      const otherAdmin = await createUser(other, { role: 'admin' });
      await createProduct(other, { name: 'Nine Left', availableItems: 9 });
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/dashboard/low-stock',
        headers: otherAdmin.headers,
      });
      expect(res.json()).toMatchObject({ threshold: 10, items: [{ name: 'Nine Left', avaliableItems: 9 }] });
    } finally {
      await other.close();
    }
  });
});
