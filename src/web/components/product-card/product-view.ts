import type { ImageDto, ProductDto } from '@/shared/schemas/product';
import { localizedName } from '@/web/lib/localized';

/**
 * A product as a storefront screen may hold it. The API answers `ProductDto`, but SPEC §3 lists older
 * shapes (title for name, a string or list for category, a discount sent as text), and the card's
 * fallbacks exist for exactly those, so every field is optional here.
 */
export interface ShownProduct {
  _id?: string;
  id?: string;
  name?: string;
  title?: string;
  slug?: string;
  description?: string;
  /** The Arabic texts (issue 14); an older shape has none. */
  nameAr?: string;
  descriptionAr?: string;
  price?: number | string;
  discount?: number | string;
  finalPrice?: number | string;
  defaultImage?: ImageDto | null;
  images?: ImageDto[];
  category?: ProductDto['category'] | string | string[] | null;
  avaliableItems?: number;
  averageRating?: number;
  ratingCount?: number;
  /** Sizes, colours (issue 13); a product without them, or of an older shape, has none. */
  options?: { name: string; values: string[]; valuesAr?: string[] | undefined }[];
  /** For each option, the values some variant has in stock. */
  optionsInStock?: Record<string, string[]>;
}

export function idOf(product: ShownProduct): string | undefined {
  return product._id ?? product.id;
}

/**
 * The product's name in the page's language (the English on an Arabic page without an Arabic one), or
 * undefined so each place can use its own SPEC fallback.
 */
export function nameOf(product: ShownProduct): string | undefined {
  const name = localizedName({ name: product.name ?? product.title, nameAr: product.nameAr }).trim();
  return name === '' ? undefined : name;
}

export function categoryNameOf(product: ShownProduct): string | undefined {
  const { category } = product;
  if (!category) return undefined;
  if (typeof category === 'string') return category.trim() || undefined;
  if (Array.isArray(category)) return category.filter(Boolean).join(', ') || undefined;
  return localizedName(category) || undefined;
}

/** SPEC §2: the default image, falling back to the first of `images`. */
export function imageOf(product: ShownProduct): ImageDto | undefined {
  if (product.defaultImage?.url) return product.defaultImage;
  const first = product.images?.[0];
  return first?.url ? first : undefined;
}

export function toNumber(value: number | string | undefined | null): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** SPEC §4: out of stock when avaliableItems equals 0 (an unknown count is not "out"). */
export function isOutOfStock(product: ShownProduct): boolean {
  return product.avaliableItems === 0;
}

/**
 * The average to one decimal, or undefined for a product nobody has rated: a card and a product's
 * page show no stars for it, since '★ 0' reads as a bad mark (issue 16).
 */
export function ratingLabel(averageRating: number | undefined): string | undefined {
  return averageRating && averageRating > 0 ? averageRating.toFixed(1) : undefined;
}

/** A product with options is added from its page, where a size and colour are chosen (issue 13). */
export function hasOptions(product: ShownProduct): boolean {
  return (product.options?.length ?? 0) > 0;
}
