import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import type { ProductDto } from '@/shared/schemas/product';
import { insertOrder } from '../admin/test-support';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct } from '../test/catalog-fixtures';
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
      recentProducts: [],
    });
  });

  it('counts products, categories and orders, sums revenue and lists the 5 newest products', async () => {
    const women = await createCategory(t, { name: 'Women' });
    const girls = await createCategory(t, { name: 'Girls' });
    await createCategory(t, { name: 'Empty' });
    const made = [];
    for (let i = 1; i <= 7; i += 1) {
      made.push(
        await createProduct(t, { name: `Piece ${i}`, category: i % 2 ? women : girls, price: 10 * i }),
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
