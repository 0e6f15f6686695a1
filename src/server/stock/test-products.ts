import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { finalPricePiastres, toPiastres } from '@/shared/money';
import { categories, products, type StoredImage } from '../db/schema';
import type { TestApp } from '../test/app';

export interface TestProductOptions {
  name?: string;
  /** In EGP. */
  price?: number;
  discount?: number;
  stock?: number;
  categoryName?: string;
  image?: StoredImage | null;
}

/** A product (and its category) straight in the database, for tests of the cart and orders. */
export async function insertTestProduct(t: TestApp, options: TestProductOptions = {}) {
  const suffix = randomUUID().slice(0, 8);
  const name = options.name ?? `Linen Dress ${suffix}`;
  const [category] = await t.database.db
    .insert(categories)
    .values({ name: options.categoryName ?? 'Women', slug: `women-${suffix}` })
    .returning();
  const price = toPiastres(options.price ?? 100);
  const discount = options.discount ?? 0;
  const [row] = await t.database.db
    .insert(products)
    .values({
      name,
      slug: `product-${suffix}`,
      pricePiastres: price,
      discount,
      finalPricePiastres: finalPricePiastres(price, discount),
      availableItems: options.stock ?? 10,
      categoryId: category!.id,
      defaultImage:
        options.image === undefined ? { key: `products/${suffix}.webp`, widths: [320] } : options.image,
    })
    .returning();
  return row!;
}

export async function stockOf(t: TestApp, productId: string) {
  const [row] = await t.database.db
    .select({ available: products.availableItems, sold: products.soldItems })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}
