import { z } from 'zod';
import {
  AVAILABILITIES,
  MAX_PAGE_SIZE,
  MAX_PRICE_EGP,
  MAX_STOCK,
  PRODUCT_SORTS,
  RATING_MAX,
  RATING_MIN,
} from '../constants';
import { format, messages } from '../messages';
import { filterParam, limitParam, moneyParam, pageParam, searchParam, text } from './common';

export const ProductQuerySchema = z.object({
  search: searchParam,
  /** A category's slug (the original admin filters with it). */
  slug: filterParam('slug'),
  /** A category id, slug or name; 'All categories' means none. */
  category: filterParam('category'),
  minPrice: moneyParam('minPrice'),
  maxPrice: moneyParam('maxPrice'),
  availability: z
    .enum(AVAILABILITIES, { error: `availability must be one of ${AVAILABILITIES.join(', ')}` })
    .optional(),
  sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
  page: pageParam,
  limit: limitParam(MAX_PAGE_SIZE),
});
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

export const RateSchema = z.object({
  rating: z.coerce
    .number({ error: messages.catalog.ratingRange })
    .int(messages.catalog.ratingRange)
    .min(RATING_MIN, messages.catalog.ratingRange)
    .max(RATING_MAX, messages.catalog.ratingRange),
});

const a = messages.admin;
const PRODUCT_NAME_MAX = 120;
const PRODUCT_DESCRIPTION_MAX = 5000;
const required = (value: unknown) => (value === '' || value === null ? undefined : value);

const productName = text('name', {
  max: PRODUCT_NAME_MAX,
  error: a.fillRequired,
  tooLong: format(a.nameTooLong, { max: PRODUCT_NAME_MAX }),
}).min(1, a.fillRequired);
const productDescription = text('description', {
  max: PRODUCT_DESCRIPTION_MAX,
  tooLong: format(a.descriptionTooLong, { max: PRODUCT_DESCRIPTION_MAX }),
});
const productPrice = z.preprocess(
  required,
  z.coerce.number({ error: a.fillRequired }).min(0, a.priceRule).max(MAX_PRICE_EGP, a.priceRule),
);
const productDiscount = z.preprocess(
  required,
  z.coerce
    .number({ error: a.discountRule })
    .int(a.discountRule)
    .min(0, a.discountRule)
    .max(100, a.discountRule)
    .optional(),
);
const productAvailableItems = z.preprocess(
  required,
  z.coerce
    .number({ error: a.fillRequired })
    .int(a.availableItemsRule)
    .min(0, a.availableItemsRule)
    .max(MAX_STOCK, a.availableItemsRule),
);
const productCategory = text('category', { max: 200, error: a.fillRequired }).min(1, a.fillRequired);

/**
 * The admin product form's fields (SPEC §5). Multipart sends text, so numbers are coerced; the images
 * travel as files beside these fields and are checked by the server's upload code.
 */
export const ProductFormSchema = z.object({
  name: productName,
  description: productDescription.optional().default(''),
  price: productPrice,
  discount: productDiscount,
  avaliableItems: productAvailableItems,
  category: productCategory,
});
export type ProductFormInput = z.input<typeof ProductFormSchema>;
export type ProductForm = z.output<typeof ProductFormSchema>;

/**
 * `PATCH /product/{id}`: the same fields and rules, each optional; a field left out (or sent empty, as a
 * form does for a number nobody typed) keeps its value. A name sent empty is still refused.
 */
export const ProductUpdateFormSchema = z.object({
  name: productName.optional(),
  description: productDescription.optional(),
  price: productPrice.optional(),
  discount: productDiscount,
  avaliableItems: productAvailableItems.optional(),
  category: z.preprocess(required, productCategory.optional()),
});
export type ProductUpdateForm = z.output<typeof ProductUpdateFormSchema>;

/** The product as the API answers it (DESIGN §2). */
export interface ProductDto {
  _id: string;
  id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  discount: number;
  finalPrice: number;
  defaultImage: ImageDto;
  subImages: ImageDto[];
  images: ImageDto[];
  category: { _id: string; id: string; name: string; slug: string } | null;
  avaliableItems: number;
  soldItems: number;
  inStock: boolean;
  averageRating: number;
  ratingCount: number;
  createdAt: string;
}

/**
 * An image answer: `url` is the original size; `srcset`, when smaller copies exist, lists them and the
 * original with their widths.
 */
export interface ImageDto {
  url: string;
  srcset?: string;
}

export interface ProductListDto {
  success: true;
  products: ProductDto[];
  page: number;
  totalPages: number;
  totalCount: number;
  maxPrice: number;
}
