import { finalPricePiastres, toEgp } from '@/shared/money';
import type { CategoryDto } from '@/shared/schemas/category';
import type { ProductDetailDto, ProductDto } from '@/shared/schemas/product';
import type { VariantDto } from '@/shared/schemas/variants';
import type { CategoryRow, ProductRow, ProductVariantRow } from '../db/schema';
import { imageDto } from '../images/urls';
import type { ObjectStore } from '../storage/types';

/** A product's texts, named alike in its row and its answer. */
type ProductTextKey = 'id' | 'name' | 'slug' | 'description' | 'nameAr' | 'descriptionAr';

/** The product columns an answer needs; queries select exactly these. */
export type ProductDtoRow = Pick<
  ProductRow,
  | ProductTextKey
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

export type CategoryDtoRow = Pick<CategoryRow, 'id' | 'name' | 'nameAr' | 'slug' | 'image' | 'sizeGuide'>;

/** The category as a product's detail answer names it, with its size guide. */
export type ProductDetailCategoryRow = Pick<
  CategoryRow,
  'id' | 'name' | 'nameAr' | 'slug' | 'sizeGuide'
> | null;

/** The average shown on cards: one decimal, 0 when nobody has rated (SPEC §2). */
export function averageRating(ratingSum: number, ratingCount: number): number {
  if (ratingCount <= 0) return 0;
  return Math.round((ratingSum / ratingCount) * 10) / 10;
}

/**
 * The fields of a product's answer that are its columns as they are: what the generated column
 * `products.card_answer` holds as JSON text (migration 0014), so a listing writes them into its answer
 * without parsing or serializing the long texts again (issue 18).
 */
type ProductAnswerColumns = Pick<
  ProductDto,
  | '_id'
  | ProductTextKey
  | 'discount'
  | 'avaliableItems'
  | 'soldItems'
  | 'ratingCount'
  | 'options'
  | 'optionsInStock'
>;

/** What the rest of a product's answer is computed from: what `products.card_facts` holds. */
export type ProductCardFacts = Pick<
  ProductDtoRow,
  | 'id'
  | 'pricePiastres'
  | 'finalPricePiastres'
  | 'availableItems'
  | 'ratingSum'
  | 'ratingCount'
  | 'createdAt'
  | 'defaultImage'
  | 'subImages'
>;

/** A listing card as read: its answer's columns as JSON text, and the facts for the rest. */
export interface ProductCardText {
  answer: string;
  facts: ProductCardFacts;
}

function answerColumns(row: ProductDtoRow): ProductAnswerColumns {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    nameAr: row.nameAr,
    descriptionAr: row.descriptionAr,
    discount: row.discount,
    avaliableItems: row.availableItems,
    soldItems: row.soldItems,
    ratingCount: row.ratingCount,
    options: row.options,
    optionsInStock: row.optionsInStock,
  };
}

/** The answer's computed fields but the images: money in EGP, the category, the rating, the date. */
function computedScalars(
  facts: ProductCardFacts,
  category: ProductCategoryRow,
): Omit<ProductDto, keyof ProductAnswerColumns | 'defaultImage' | 'subImages' | 'images'> {
  return {
    price: toEgp(facts.pricePiastres),
    finalPrice: toEgp(facts.finalPricePiastres),
    category: category
      ? {
          _id: category.id,
          id: category.id,
          name: category.name,
          nameAr: category.nameAr,
          slug: category.slug,
        }
      : null,
    inStock: facts.availableItems > 0,
    averageRating: averageRating(facts.ratingSum, facts.ratingCount),
    createdAt: facts.createdAt.toISOString(),
  };
}

/**
 * A product exactly as DESIGN §2 answers it: `_id` beside `id` and `avaliableItems` spelled so for the
 * original clients, money in EGP, and `images` = the default image then the sub-images.
 */
export function productDto(store: ObjectStore, row: ProductDtoRow, category: ProductCategoryRow): ProductDto {
  const defaultImage = imageDto(store, row.defaultImage);
  const subImages = row.subImages.map((image) => imageDto(store, image));
  return {
    ...answerColumns(row),
    ...computedScalars(row, category),
    defaultImage,
    subImages,
    images: row.defaultImage ? [defaultImage, ...subImages] : subImages,
  };
}

/**
 * The same answer as `productDto`, as JSON text, from a listing card: the stored columns' text as it
 * is, then the computed fields, each image written once though `images` repeats them (a test
 * compares the two answers on awkward texts).
 */
export function productCardJson(
  store: ObjectStore,
  card: ProductCardText,
  category: ProductCategoryRow,
): string {
  const { facts } = card;
  const defaultImage = JSON.stringify(imageDto(store, facts.defaultImage));
  const subImages = facts.subImages.map((image) => JSON.stringify(imageDto(store, image)));
  const images = facts.defaultImage ? [defaultImage, ...subImages] : subImages;
  return (
    `${card.answer.slice(0, -1)},"defaultImage":${defaultImage},"subImages":[${subImages.join(',')}],` +
    `"images":[${images.join(',')}],${JSON.stringify(computedScalars(facts, category)).slice(1)}`
  );
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
    slug: row.slug,
    image: imageDto(store, row.image),
    productCount,
    sizeGuide: row.sizeGuide,
  };
}
