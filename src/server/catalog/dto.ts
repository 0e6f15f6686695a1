import { toEgp } from '@/shared/money';
import type { CategoryDto } from '@/shared/schemas/category';
import type { ProductDto } from '@/shared/schemas/product';
import type { CategoryRow, ProductRow } from '../db/schema';
import { imageDto } from '../images/urls';
import type { ObjectStore } from '../storage/types';

/** The product columns an answer needs; queries select exactly these. */
export type ProductDtoRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'slug'
  | 'description'
  | 'pricePiastres'
  | 'discount'
  | 'finalPricePiastres'
  | 'availableItems'
  | 'soldItems'
  | 'defaultImage'
  | 'subImages'
  | 'ratingSum'
  | 'ratingCount'
  | 'createdAt'
>;

/** The category as a product answer names it; null for a product without one. */
export type ProductCategoryRow = Pick<CategoryRow, 'id' | 'name' | 'slug'> | null;

export type CategoryDtoRow = Pick<CategoryRow, 'id' | 'name' | 'slug' | 'image'>;

/** The average shown on cards: one decimal, 0 when nobody has rated (SPEC §2). */
export function averageRating(ratingSum: number, ratingCount: number): number {
  if (ratingCount <= 0) return 0;
  return Math.round((ratingSum / ratingCount) * 10) / 10;
}

/**
 * A product exactly as DESIGN §2 answers it: `_id` beside `id` and `avaliableItems` spelled so for the
 * original clients, money in EGP, and `images` = the default image then the sub-images.
 */
export function productDto(store: ObjectStore, row: ProductDtoRow, category: ProductCategoryRow): ProductDto {
  const defaultImage = imageDto(store, row.defaultImage);
  const subImages = row.subImages.map((image) => imageDto(store, image));
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: toEgp(row.pricePiastres),
    discount: row.discount,
    finalPrice: toEgp(row.finalPricePiastres),
    defaultImage,
    subImages,
    images: row.defaultImage ? [defaultImage, ...subImages] : subImages,
    category: category
      ? { _id: category.id, id: category.id, name: category.name, slug: category.slug }
      : null,
    avaliableItems: row.availableItems,
    soldItems: row.soldItems,
    inStock: row.availableItems > 0,
    averageRating: averageRating(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A category as DESIGN §2 answers it; `image.url` is empty when it has no image. */
export function categoryDto(store: ObjectStore, row: CategoryDtoRow, productCount: number): CategoryDto {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: imageDto(store, row.image),
    productCount,
  };
}
