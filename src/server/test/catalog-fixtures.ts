import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { finalPricePiastres, toPiastres } from '@/shared/money';
import type { ProductOption } from '@/shared/schemas/variants';
import { FALLBACK_CATEGORY_SLUG, FALLBACK_PRODUCT_SLUG, slugify } from '../catalog/slugs';
import {
  categories,
  products,
  productVariants,
  type CategoryRow,
  type ProductRow,
  type ProductVariantRow,
  type StoredImage,
} from '../db/schema';
import { refreshVariantTotals } from '../stock/stock';
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
  /** The Arabic name (issue 14); empty by default, as for a product the owner wrote in English only. */
  nameAr?: string;
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
      nameAr: options.nameAr ?? '',
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

export interface VariantFixture {
  sku?: string;
  options: Record<string, string>;
  availableItems?: number;
  /** In EGP; left out for the product's price. */
  price?: number;
}

/**
 * Gives a product options and variants straight in the database, and its totals as the stock module
 * keeps them (stock = the variants' sum, in-stock values per option). Answers the variants in order.
 */
export async function createVariants(
  t: TestApp,
  product: { id: string },
  options: ProductOption[],
  variants: VariantFixture[],
): Promise<ProductVariantRow[]> {
  const rows = await t.database.db.transaction(async (tx) => {
    await tx.update(products).set({ options }).where(eq(products.id, product.id));
    const inserted = await tx
      .insert(productVariants)
      .values(
        variants.map((variant, position) => ({
          productId: product.id,
          sku: variant.sku ?? `SKU-${randomUUID().slice(0, 12)}`,
          options: variant.options,
          pricePiastres: variant.price === undefined ? null : toPiastres(variant.price),
          availableItems: variant.availableItems ?? 5,
          position,
        })),
      )
      .returning();
    await refreshVariantTotals(tx, [product.id]);
    return inserted;
  });
  t.app.events.emit('productChanged', { productId: product.id, change: 'updated' });
  return rows;
}
