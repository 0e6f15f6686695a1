import { z } from 'zod';
import { asciiDigitsOf, plainNumber } from '../digits';
import {
  AVAILABILITIES,
  MAX_IMAGE_BYTES,
  MAX_SUB_IMAGES,
  MAX_PAGE_SIZE,
  MAX_PRICE_EGP,
  MAX_STOCK,
  PRODUCT_SORTS,
  RATING_MAX,
  RATING_MIN,
} from '../constants';
import { messages } from '../messages';
import { ruleText } from '../translate';
import {
  AnswerIdSchema,
  BinaryFileSchema,
  CountSchema,
  EgpSchema,
  TimestampSchema,
  filterParam,
  limitParam,
  moneyParam,
  pageParam,
  searchParam,
  text,
} from './common';
import { ProductOptionSchema, SizeGuideSchema, VariantSchema, jsonField } from './variants';

/** `?size=` and `?color=`: comma-separated values, split by `optionFilterValues` (src/shared/listing.ts). */
function optionFilterParam(field: string, option: string) {
  return z
    .preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      text(field, { max: 500 }).optional(),
    )
    .describe(
      `Comma-separated ${option} values, e.g. \`M,L\`: a product matches when it has an in-stock variant ` +
        `with one of them (its option named ${option}, in any case; values as \`facets\` spells them)`,
    );
}

export const ProductQuerySchema = z.object({
  search: searchParam,
  /** A category's slug (the original admin filters with it). */
  slug: filterParam('slug'),
  /** A category id, slug or name; 'All categories' means none. */
  category: filterParam('category'),
  minPrice: moneyParam('minPrice'),
  maxPrice: moneyParam('maxPrice'),
  availability: z
    .enum(AVAILABILITIES, {
      error: ruleText(messages.errors.oneOf, { field: 'availability', values: AVAILABILITIES.join(', ') }),
    })
    .optional(),
  sort: z
    .enum(PRODUCT_SORTS, {
      error: ruleText(messages.errors.oneOf, { field: 'sort', values: PRODUCT_SORTS.join(', ') }),
    })
    .optional(),
  size: optionFilterParam('size', 'Size'),
  color: optionFilterParam('color', 'Color'),
  page: pageParam,
  limit: limitParam(MAX_PAGE_SIZE),
});
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

export const RateSchema = z.object({
  rating: plainNumber(
    'integer',
    messages.catalog.ratingRange,
    z
      .number({ error: messages.catalog.ratingRange })
      .int(messages.catalog.ratingRange)
      .min(RATING_MIN, messages.catalog.ratingRange)
      .max(RATING_MAX, messages.catalog.ratingRange),
  ),
});

const a = messages.admin;
const PRODUCT_NAME_MAX = 120;
const PRODUCT_DESCRIPTION_MAX = 5000;
const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);
/** A number field of the form: blank is "not given"; Arabic and Persian digits read as ASCII. */
const required = (value: unknown) => (value === '' || value === null ? undefined : asciiDigitsOf(value));

const productName = text('name', {
  max: PRODUCT_NAME_MAX,
  error: a.fillRequired,
  tooLong: ruleText(a.nameTooLong, { max: PRODUCT_NAME_MAX }),
}).min(1, a.fillRequired);
const productDescription = text('description', {
  max: PRODUCT_DESCRIPTION_MAX,
  tooLong: ruleText(a.descriptionTooLong, { max: PRODUCT_DESCRIPTION_MAX }),
});
/** The Arabic texts (issue 14): optional, the English limits; sent empty they clear the text. */
const productNameAr = text('nameAr', {
  max: PRODUCT_NAME_MAX,
  tooLong: ruleText(a.nameArTooLong, { max: PRODUCT_NAME_MAX }),
});
const productDescriptionAr = text('descriptionAr', {
  max: PRODUCT_DESCRIPTION_MAX,
  tooLong: ruleText(a.descriptionArTooLong, { max: PRODUCT_DESCRIPTION_MAX }),
});
const productPrice = z.preprocess(
  required,
  plainNumber(
    'money',
    ruleText(messages.errors.moneyFormat, { field: 'price' }),
    z.number({ error: a.fillRequired }).min(0, a.priceRule).max(MAX_PRICE_EGP, a.priceRule),
  ),
);
const productDiscount = z.preprocess(
  required,
  plainNumber(
    'integer',
    a.discountRule,
    z
      .number({ error: a.discountRule })
      .int(a.discountRule)
      .min(0, a.discountRule)
      .max(100, a.discountRule)
      .optional(),
  ),
);
const productAvailableItems = z.preprocess(
  required,
  plainNumber(
    'integer',
    a.availableItemsRule,
    z
      .number({ error: a.fillRequired })
      .int(a.availableItemsRule)
      .min(0, a.availableItemsRule)
      .max(MAX_STOCK, a.availableItemsRule),
  ),
);
const productCategory = text('category', { max: 200, error: a.fillRequired }).min(1, a.fillRequired);

/**
 * The admin product form's fields (SPEC §5). Multipart sends text, so numbers are coerced; the images
 * travel as files beside these fields and are checked by the server's upload code.
 */
export const ProductFormSchema = z.object({
  name: productName,
  description: productDescription.optional().default(''),
  nameAr: productNameAr.optional().default(''),
  descriptionAr: productDescriptionAr.optional().default(''),
  price: productPrice,
  discount: productDiscount,
  avaliableItems: productAvailableItems,
  category: productCategory,
});

/**
 * The product form's `options` and `variants` fields (issue 13), JSON text in the multipart body; both
 * are sent together or neither. A product with variants takes its stock from them, and its own
 * `avaliableItems` field is then ignored. Sending `[]` for both turns a product back into one stock figure.
 */
export const ProductVariantsFieldsSchema = z.object({
  options: jsonField(z.unknown(), messages.admin.optionsJson).optional(),
  variants: jsonField(z.unknown(), messages.admin.variantsJson).optional(),
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
  nameAr: productNameAr.optional(),
  descriptionAr: productDescriptionAr.optional(),
  price: productPrice.optional(),
  discount: productDiscount,
  avaliableItems: productAvailableItems.optional(),
  category: z.preprocess(required, productCategory.optional()),
});

/**
 * An image answer: `url` is the original size (empty when there is no image); `srcset`, when smaller
 * copies exist, lists them and the original with their widths.
 */
export const ImageSchema = z.object({
  url: z.string(),
  srcset: z.string().optional(),
});
export type ImageDto = z.infer<typeof ImageSchema>;

/** A product's category as a product answer names it; null for a product without one. */
const ProductCategorySchema = z.object({
  _id: AnswerIdSchema,
  id: AnswerIdSchema,
  name: z.string(),
  /** The Arabic name (issue 14); empty when there is none. */
  nameAr: z.string(),
  slug: z.string(),
});

/** The product as the API answers it (DESIGN §2), with its options (issue 13). */
export const ProductSchema = z.object({
  _id: AnswerIdSchema,
  id: AnswerIdSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** The Arabic name and description (issue 14); empty when the owner wrote none (show the English). */
  nameAr: z.string(),
  descriptionAr: z.string(),
  price: EgpSchema,
  /** A whole percent, 0 to 100. */
  discount: z.number().int().min(0).max(100),
  /** `round(price × (100 − discount) / 100, 2)`. */
  finalPrice: EgpSchema,
  defaultImage: ImageSchema,
  subImages: z.array(ImageSchema),
  /** The default image (when there is one) followed by the sub-images. */
  images: z.array(ImageSchema),
  category: ProductCategorySchema.nullable(),
  /** The stock, spelled as the original clients read it. */
  avaliableItems: CountSchema,
  soldItems: CountSchema,
  inStock: z.boolean(),
  /** One decimal; 0 when nobody has rated. */
  averageRating: z.number().min(0).max(RATING_MAX),
  ratingCount: CountSchema,
  createdAt: TimestampSchema,
  /** The product's options (at most 3), each with its values in order; empty for a product without variants. */
  options: z.array(ProductOptionSchema),
  /**
   * For each option, the values some in-stock variant has, in the option's order (e.g. `{ Size: ['M',
   * 'L'], Color: ['Navy'] }`): what a card shows as available. Empty for a product without variants.
   */
  optionsInStock: z.record(z.string(), z.array(z.string())),
});
export type ProductDto = z.infer<typeof ProductSchema>;

/**
 * `GET /product/{id}`'s product: the listing's fields, its variants (empty for a product without
 * options) and its category's size guide. For a product with variants, `avaliableItems` is the sum of
 * theirs and `inStock` is true when any variant is.
 */
export const ProductDetailSchema = ProductSchema.extend({
  category: ProductCategorySchema.extend({
    /** The category's size chart, null when it has none. */
    sizeGuide: SizeGuideSchema.nullable(),
  }).nullable(),
  variants: z.array(VariantSchema),
});
export type ProductDetailDto = z.infer<typeof ProductDetailSchema>;

/** One value of a listing filter and how many products under the other filters have it in stock. */
export const FacetSchema = z.object({ value: z.string(), count: CountSchema });
export type Facet = z.infer<typeof FacetSchema>;

/** `GET /product`: a page of matches, or all of them up to 1,000 without `page`. */
export const ProductListAnswerSchema = z
  .object({
    success: z.literal(true),
    products: z.array(ProductSchema),
    page: CountSchema,
    totalPages: CountSchema,
    totalCount: CountSchema,
    /** The highest finalPrice under the other filters, for the price slider. */
    maxPrice: EgpSchema,
    /**
     * The sizes and colours in stock among the matches, each with its count of products, most common
     * first. Each is counted under every filter but its own, so choosing M still shows L to add.
     */
    facets: z.object({ size: z.array(FacetSchema), color: z.array(FacetSchema) }),
  })
  .describe('The matching products, one page of them when `page` is given');
export type ProductListAnswer = z.infer<typeof ProductListAnswerSchema>;

/** `GET /product/{id or slug}`. */
export const ProductAnswerSchema = z
  .object({ success: z.literal(true), product: ProductDetailSchema })
  .describe("The product, with its variants and its category's size guide");
export type ProductAnswer = z.infer<typeof ProductAnswerSchema>;

/** `POST /product` and `PATCH /product/{id}`: the product as saved. */
export const ProductSavedAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), product: ProductDetailSchema })
  .describe('The product as saved');
export type ProductSavedAnswer = z.infer<typeof ProductSavedAnswerSchema>;

/** `PATCH /product/{id}/rate`: the new totals, and the product with them. */
export const RatingAnswerSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    averageRating: z.number().min(0).max(RATING_MAX),
    ratingCount: CountSchema,
    product: ProductSchema,
  })
  .describe("The product's new average and count");
export type RatingAnswer = z.infer<typeof RatingAnswerSchema>;

/**
 * `POST /product`'s multipart body, for the API description only: the route reads the parts itself
 * (src/server/images/multipart.ts) and checks the text fields with ProductFormSchema.
 */
export const ProductMultipartSchema = z.object({
  name: z.string().max(PRODUCT_NAME_MAX).describe('The product name'),
  description: z.string().max(PRODUCT_DESCRIPTION_MAX).describe('Free text').optional(),
  nameAr: z.string().max(PRODUCT_NAME_MAX).describe('The name in Arabic; empty clears it').optional(),
  descriptionAr: z
    .string()
    .max(PRODUCT_DESCRIPTION_MAX)
    .describe('The description in Arabic; empty clears it')
    .optional(),
  price: z.number().min(0).max(MAX_PRICE_EGP).describe('The price in EGP'),
  discount: z.number().int().min(0).max(100).describe('A whole percent (0 when left out)').optional(),
  avaliableItems: z.number().int().min(0).max(MAX_STOCK).describe('The stock'),
  category: z.string().max(200).describe("The category's id, slug or name"),
  defaultImage: BinaryFileSchema.describe(`The main picture (at most ${MAX_IMAGE_MB} MB)`),
  subImages: z
    .array(BinaryFileSchema)
    .max(MAX_SUB_IMAGES)
    .describe(`More pictures: the field repeated, up to ${MAX_SUB_IMAGES}`)
    .optional(),
  options: z
    .string()
    .describe(
      'JSON text: up to 3 options, `[{ "name": "Size", "values": ["S", "M"] }]`; sent with `variants`',
    )
    .optional(),
  variants: z
    .string()
    .describe(
      'JSON text: `[{ "id"?: existing variant id, "sku": "LD-M", "options": { "Size": "M" }, ' +
        '"avaliableItems": 4, "price"?: EGP or null }]`: every variant kept, added or (left out) removed; ' +
        "its stock replaces the product's `avaliableItems`",
    )
    .optional(),
} satisfies Record<
  keyof ProductFormInput | 'defaultImage' | 'subImages' | 'options' | 'variants',
  z.ZodType
>);

/** `PATCH /product/{id}`'s multipart body, for the API description only: every field optional. */
export const ProductUpdateMultipartSchema = ProductMultipartSchema.partial().extend({
  defaultImage: BinaryFileSchema.describe('A new main picture, replacing the old one').optional(),
  subImages: z
    .array(BinaryFileSchema)
    .max(MAX_SUB_IMAGES)
    .describe('More pictures, added to those kept (the field repeated)')
    .optional(),
  removeSubImages: z
    .array(z.string())
    .describe('Urls of sub-images to drop: the field repeated, or one JSON list')
    .optional(),
});
