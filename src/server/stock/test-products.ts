import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { products, type StoredImage } from '../db/schema';
import type { TestApp } from '../test/app';
import { createCategory, createProduct } from '../test/catalog-fixtures';

export interface TestProductOptions {
  name?: string;
  nameAr?: string;
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
  const category = await createCategory(t, { name: options.categoryName ?? 'Women' });
  return createProduct(t, {
    name: options.name ?? `Linen Dress ${suffix}`,
    ...(options.nameAr === undefined ? {} : { nameAr: options.nameAr }),
    price: options.price ?? 100,
    discount: options.discount ?? 0,
    availableItems: options.stock ?? 10,
    category,
    defaultImage:
      options.image === undefined ? { key: `products/${suffix}.webp`, widths: [320] } : options.image,
  });
}

export async function stockOf(t: TestApp, productId: string) {
  const [row] = await t.database.db
    .select({ available: products.availableItems, sold: products.soldItems })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}
