import { randomUUID } from 'node:crypto';
import { finalPricePiastres, toPiastres } from '@/shared/money';
import { FALLBACK_CATEGORY_SLUG, FALLBACK_PRODUCT_SLUG, slugify } from '../catalog/slugs';
import { categories, products, type CategoryRow, type ProductRow, type StoredImage } from '../db/schema';
import type { TestApp } from './app';

/** The admin's slug for `name`, made unique with a random ending, so fixtures never collide. */
function uniqueTestSlug(name: string, fallback: string): string {
  return `${slugify(name, fallback)}-${randomUUID().slice(0, 8)}`;
}

let lastCreatedAt = 0;
/** Each fixture is strictly newer than the one before, so "newest first" is the order they were made in. */
function nextCreatedAt(): Date {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt);
}

export interface CategoryFixture {
  name?: string;
  /** Defaults to a unique slug made from the name. */
  slug?: string;
  image?: StoredImage | null;
  createdAt?: Date;
}

/** A category straight in the database, for tests of everything that reads categories. */
export async function createCategory(t: TestApp, options: CategoryFixture = {}): Promise<CategoryRow> {
  const name = options.name ?? `Category ${randomUUID().slice(0, 8)}`;
  const [row] = await t.database.db
    .insert(categories)
    .values({
      name,
      slug: options.slug ?? uniqueTestSlug(name, FALLBACK_CATEGORY_SLUG),
      image:
        options.image === undefined ? { key: `categories/${randomUUID()}.webp`, widths: [] } : options.image,
      createdAt: options.createdAt ?? nextCreatedAt(),
    })
    .returning();
  if (!row) throw new Error('category not created');
  // Written past the services, so announced as they would.
  t.app.events.emit('categoryChanged', { categoryId: row.id, change: 'created' });
  return row;
}

export interface ProductFixture {
  name?: string;
  /** Defaults to a unique slug made from the name. */
  slug?: string;
  description?: string;
  /** In EGP, as an admin types it; stored in piastres. */
  price?: number;
  /** A whole percent, 0 to 100. */
  discount?: number;
  availableItems?: number;
  soldItems?: number;
  /** The product's category (a row from `createCategory`), or null for none. */
  category?: { id: string } | null;
  defaultImage?: StoredImage | null;
  subImages?: StoredImage[];
  ratingSum?: number;
  ratingCount?: number;
  createdAt?: Date;
}

/** A product straight in the database, with its final price computed as the admin's writes do. */
export async function createProduct(t: TestApp, options: ProductFixture = {}): Promise<ProductRow> {
  const name = options.name ?? `Product ${randomUUID().slice(0, 8)}`;
  const pricePiastres = toPiastres(options.price ?? 100);
  const discount = options.discount ?? 0;
  const [row] = await t.database.db
    .insert(products)
    .values({
      name,
      slug: options.slug ?? uniqueTestSlug(name, FALLBACK_PRODUCT_SLUG),
      description: options.description ?? `About ${name}`,
      pricePiastres,
      discount,
      finalPricePiastres: finalPricePiastres(pricePiastres, discount),
      availableItems: options.availableItems ?? 10,
      soldItems: options.soldItems ?? 0,
      categoryId: options.category === undefined || options.category === null ? null : options.category.id,
      defaultImage:
        options.defaultImage === undefined
          ? { key: `products/${randomUUID()}.webp`, widths: [] }
          : options.defaultImage,
      subImages: options.subImages ?? [],
      ratingSum: options.ratingSum ?? 0,
      ratingCount: options.ratingCount ?? 0,
      createdAt: options.createdAt ?? nextCreatedAt(),
    })
    .returning();
  if (!row) throw new Error('product not created');
  t.app.events.emit('productChanged', { productId: row.id, change: 'created' });
  return row;
}
