import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '@/shared/schemas/product';
import { products, ratings, type ProductRow } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createProduct } from '../test/catalog-fixtures';
import { createUser, type TestUser } from '../test/users';

interface RateAnswer {
  success: boolean;
  message: string;
  averageRating: number;
  ratingCount: number;
  product: ProductDto;
}

describe('PATCH /api/product/:id/rate', () => {
  let t: TestApp;
  /** Rated only by tests that take nothing from it: the others make a product of their own. */
  let product: ProductRow;
  let shopper: TestUser;
  let admin: TestUser;

  function rate(productId: string, payload: unknown, headers: Record<string, string> = shopper.headers) {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/product/${productId}/rate`,
      headers,
      payload: payload as object,
    });
  }

  async function totals(productId: string) {
    const [row] = await t.database.db
      .select({ sum: products.ratingSum, count: products.ratingCount })
      .from(products)
      .where(eq(products.id, productId));
    return row;
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    product = await createProduct(t, { name: 'Untouched Scarf' });
    shopper = await createUser(t);
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('records a rating and answers the new average, count and product', async () => {
    const scarf = await createProduct(t, { name: 'Rated Scarf' });
    const res = await rate(scarf.id, { rating: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RateAnswer>();
    expect(body).toMatchObject({
      success: true,
      message: 'Rating submitted successfully',
      averageRating: 4,
      ratingCount: 1,
      product: { id: scarf.id, name: 'Rated Scarf', averageRating: 4, ratingCount: 1 },
    });
    expect(await totals(scarf.id)).toEqual({ sum: 4, count: 1 });
  });

  it("replaces the user's earlier rating instead of adding a second", async () => {
    const target = await createProduct(t);
    await rate(target.id, { rating: 4 });
    const res = await rate(target.id, { rating: 2 });
    expect(res.json<RateAnswer>()).toMatchObject({ averageRating: 2, ratingCount: 1 });
    const rows = await t.database.db
      .select({ rating: ratings.rating })
      .from(ratings)
      .where(and(eq(ratings.userId, shopper.id), eq(ratings.productId, target.id)));
    expect(rows).toEqual([{ rating: 2 }]);
  });

  it("averages different users' ratings to one decimal", async () => {
    const target = await createProduct(t);
    const other = await createUser(t);
    const third = await createUser(t);
    await rate(target.id, { rating: 2 });
    await rate(target.id, { rating: 5 }, other.headers);
    const res = await rate(target.id, { rating: 5 }, third.headers);
    // (2 + 5 + 5) / 3 = 4, then the first user changes to 3: (3 + 5 + 5) / 3 = 4.33… → 4.3
    expect(res.json<RateAnswer>()).toMatchObject({ averageRating: 4, ratingCount: 3 });
    const again = await rate(target.id, { rating: 3 });
    expect(again.json<RateAnswer>()).toMatchObject({ averageRating: 4.3, ratingCount: 3 });
    const detail = await t.app.inject({ method: 'GET', url: `/api/product/${target.id}` });
    expect(detail.json<{ product: ProductDto }>().product).toMatchObject({
      averageRating: 4.3,
      ratingCount: 3,
    });
  });

  it('accepts a rating sent as text, as a form would', async () => {
    const res = await rate(product.id, { rating: '3' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a visitor with 401, before judging the body', async () => {
    for (const payload of [{ rating: 4 }, { rating: 9 }]) {
      const res = await rate(product.id, payload, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
    }
  });

  it('refuses a bad token with 401', async () => {
    const res = await rate(product.id, { rating: 4 }, { token: 'not-a-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ success: boolean }>().success).toBe(false);
  });

  it('refuses admins with 403', async () => {
    const before = await totals(product.id);
    const res = await rate(product.id, { rating: 5 }, admin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Admins cannot rate products' });
    expect(await totals(product.id)).toEqual(before);
  });

  it('answers 404 for a missing product', async () => {
    const res = await rate('00000000-0000-4000-8000-000000000000', { rating: 4 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Product not found' });
  });

  it('answers 400 for a malformed product id', async () => {
    const res = await rate('not-an-id', { rating: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Invalid id' });
  });

  it('answers 400 for a rating outside 1 to 5, a fraction, text or none', async () => {
    const before = await totals(product.id);
    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: 'abc' }, {}]) {
      const res = await rate(product.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Rating must be a whole number from 1 to 5' });
    }
    expect(await totals(product.id)).toEqual(before);
  });

  it('keeps exact totals under 20 concurrent ratings by different users', async () => {
    const target = await createProduct(t, { name: 'Busy Product' });
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    // Ratings 1..5 four times over: sum 60, average 3.
    const answers = await Promise.all(
      users.map((user, i) => rate(target.id, { rating: (i % 5) + 1 }, user.headers)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(await totals(target.id)).toEqual({ sum: 60, count: 20 });
    const detail = await t.app.inject({ method: 'GET', url: `/api/product/${target.id}` });
    expect(detail.json<{ product: ProductDto }>().product).toMatchObject({
      averageRating: 3,
      ratingCount: 20,
    });
  });

  it('keeps exact totals when one user changes a rating many times at once', async () => {
    const target = await createProduct(t, { name: 'Flip-Flop Product' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => rate(target.id, { rating: (i % 5) + 1 })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const [stored] = await t.database.db
      .select({ rating: ratings.rating })
      .from(ratings)
      .where(and(eq(ratings.userId, shopper.id), eq(ratings.productId, target.id)));
    expect(await totals(target.id)).toEqual({ sum: stored?.rating, count: 1 });
  });

  it('shows a new rating in the next listing and detail at once, though both are cached', async () => {
    const featured = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/product?page=1&sort=featured' });
      return res.json<{ products: ProductDto[] }>().products;
    };
    const newcomer = await createProduct(t, { name: 'Newcomer' });
    const detail = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/product/${newcomer.slug}` });
      return res.json<{ product: ProductDto }>().product;
    };
    expect((await featured()).find((p) => p.id === newcomer.id)?.ratingCount).toBe(0);
    expect((await detail()).ratingCount).toBe(0);
    await rate(newcomer.id, { rating: 5 });
    const after = await featured();
    expect(after[0]).toMatchObject({ id: newcomer.id, averageRating: 5, ratingCount: 1 });
    expect(await detail()).toMatchObject({ averageRating: 5, ratingCount: 1 });
  });

  it('moves a rated product up the featured order', async () => {
    const liked = await createProduct(t, { name: 'Liked Shawl' });
    const middling = await createProduct(t, { name: 'Middling Shawl' });
    const raters = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    for (const [i, rater] of raters.entries()) {
      await rate(liked.id, { rating: [4, 5, 4][i] }, rater.headers);
      await rate(middling.id, { rating: 3 }, rater.headers);
    }
    const listing = await t.app.inject({ method: 'GET', url: '/api/product?sort=featured' });
    const names = listing.json<{ products: ProductDto[] }>().products.map((p) => p.name);
    expect(names.indexOf('Liked Shawl')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('Liked Shawl')).toBeLessThan(names.indexOf('Middling Shawl'));
  });
});
