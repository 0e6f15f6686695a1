import { finalPricePiastres, toEgp } from '@/shared/money';
import type { CategoryDto } from '@/shared/schemas/category';
import type { ProductDetailDto, ProductDto } from '@/shared/schemas/product';
import type { VariantDto } from '@/shared/schemas/variants';
import type { CategoryRow, ProductRow, ProductVariantRow } from '../db/schema';
import { imageDto } from '../images/urls';
import type { ObjectStore } from '../storage/types';

/** The product columns an answer needs; queries select exactly these. */
export type ProductDtoRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'slug'
  | 'description'
  | 'nameAr'
  | 'descriptionAr'
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
  | 'options'
  | 'optionsInStock'
>;

/** The variant columns an answer needs. */
export type VariantDtoRow = Pick<
  ProductVariantRow,
  'id' | 'sku' | 'options' | 'pricePiastres' | 'availableItems'
>;

/** The category as a product answer names it; null for a product without one. */
export type ProductCategoryRow = Pick<CategoryRow, 'id' | 'name' | 'nameAr' | 'slug'> | null;

export type CategoryDtoRow = Pick<
  CategoryRow,
  'id' | 'name' | 'nameAr' | 'description' | 'descriptionAr' | 'slug' | 'image' | 'sizeGuide'
>;

/** The category as a product's detail answer names it, with its size guide. */
export type ProductDetailCategoryRow = Pick<
  CategoryRow,
  'id' | 'name' | 'nameAr' | 'slug' | 'sizeGuide'
> | null;

/**
 * The average shown on cards: one decimal, 0 when nobody has rated (SPEC §2). Listing cards round it
 * in SQL with the same steps (migration 0015, `product_card`).
 */
export function averageRating(ratingSum: number, ratingCount: number): number {
  if (ratingCount <= 0) return 0;
  return Math.round((ratingSum / ratingCount) * 10) / 10;
}

/** A product's category as its answer names it. */
function productCategoryDto(category: ProductCategoryRow): ProductDto['category'] {
  return category
    ? { _id: category.id, id: category.id, name: category.name, nameAr: category.nameAr, slug: category.slug }
    : null;
}

/**
 * A product exactly as DESIGN §2 answers it: `_id` beside `id` and `avaliableItems` spelled so for the
 * original clients, money in EGP, and `images` = the default image then the sub-images. A listing
 * writes the same answer from the product's stored card (`productCardJson`; a test compares them).
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
    nameAr: row.nameAr,
    descriptionAr: row.descriptionAr,
    price: toEgp(row.pricePiastres),
    discount: row.discount,
    finalPrice: toEgp(row.finalPricePiastres),
    defaultImage,
    subImages,
    images: row.defaultImage ? [defaultImage, ...subImages] : subImages,
    category: productCategoryDto(category),
    avaliableItems: row.availableItems,
    soldItems: row.soldItems,
    inStock: row.availableItems > 0,
    averageRating: averageRating(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    createdAt: row.createdAt.toISOString(),
    options: row.options,
    optionsInStock: row.optionsInStock,
  };
}

/** A product's category as JSON text, as its answer names it. */
export function productCategoryJson(category: ProductCategoryRow): string {
  return JSON.stringify(productCategoryDto(category));
}

/**
 * The same answer as `productDto`, as JSON text, from a product's stored card (the whole answer but its
 * category, src/server/db/schema.ts) and its category's JSON text: joined, never parsed.
 */
export function productCardJson(card: string, categoryJson: string): string {
  return `${card.slice(0, -1)},"category":${categoryJson}}`;
}

/** A variant's answer: its own price or the product's, with the product's discount (issue 13). */
export function variantDto(
  product: Pick<ProductDtoRow, 'pricePiastres' | 'discount'>,
  row: VariantDtoRow,
): VariantDto {
  const pricePiastres = row.pricePiastres ?? product.pricePiastres;
  return {
    _id: row.id,
    id: row.id,
    sku: row.sku,
    options: row.options,
    price: toEgp(pricePiastres),
    finalPrice: toEgp(finalPricePiastres(pricePiastres, product.discount)),
    avaliableItems: row.availableItems,
    inStock: row.availableItems > 0,
  };
}

/** `GET /product/{id}`'s product: the listing's answer, its variants and its category's size guide. */
export function productDetailDto(
  store: ObjectStore,
  row: ProductDtoRow,
  category: ProductDetailCategoryRow,
  variants: VariantDtoRow[],
): ProductDetailDto {
  const product = productDto(store, row, category);
  return {
    ...product,
    category: product.category && category ? { ...product.category, sizeGuide: category.sizeGuide } : null,
    variants: variants.map((variant) => variantDto(row, variant)),
  };
}

/** A category as DESIGN §2 answers it; `image.url` is empty when it has no image. */
export function categoryDto(store: ObjectStore, row: CategoryDtoRow, productCount: number): CategoryDto {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    nameAr: row.nameAr,
    description: row.description,
    descriptionAr: row.descriptionAr,
    slug: row.slug,
    image: imageDto(store, row.image),
    productCount,
    sizeGuide: row.sizeGuide,
  };
}
