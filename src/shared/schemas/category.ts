import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { messages } from '../messages';
import { ruleText } from '../translate';
import {
  AnswerIdSchema,
  BinaryFileSchema,
  CountSchema,
  limitParam,
  pageParam,
  searchParam,
  text,
} from './common';
import { ImageSchema, ProductSchema } from './product';
import { SizeGuideFieldSchema, SizeGuideSchema } from './variants';

export const CategoryQuerySchema = z.object({
  search: searchParam,
  page: pageParam,
  limit: limitParam(100),
});

/** `GET /category/{slug}/products`: without `page`, all of the category's products up to 1,000. */
export const CategoryProductsQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(MAX_PAGE_SIZE),
});

const CATEGORY_NAME_MAX = 60;
/** A category's description (issue 35): a few sentences above its products. */
export const CATEGORY_DESCRIPTION_MAX = 500;

export const CategoryFormSchema = z.object({
  name: text('name', {
    max: CATEGORY_NAME_MAX,
    error: messages.admin.enterCategoryName,
    tooLong: ruleText(messages.admin.categoryNameTooLong, { max: CATEGORY_NAME_MAX }),
  }).min(1, messages.admin.enterCategoryName),
  /** The Arabic name (issue 14): optional; sent empty it clears the name, left out keeps it. */
  nameAr: text('nameAr', {
    max: CATEGORY_NAME_MAX,
    tooLong: ruleText(messages.admin.categoryNameArTooLong, { max: CATEGORY_NAME_MAX }),
  }).optional(),
  /** The page's description (issue 35), English and Arabic: optional; sent empty it clears, left out keeps it. */
  description: text('description', {
    max: CATEGORY_DESCRIPTION_MAX,
    tooLong: ruleText(messages.admin.categoryDescriptionTooLong, { max: CATEGORY_DESCRIPTION_MAX }),
  }).optional(),
  descriptionAr: text('descriptionAr', {
    max: CATEGORY_DESCRIPTION_MAX,
    tooLong: ruleText(messages.admin.categoryDescriptionArTooLong, { max: CATEGORY_DESCRIPTION_MAX }),
  }).optional(),
  /** JSON text (issue 13); empty removes the guide, left out keeps it. */
  sizeGuide: SizeGuideFieldSchema.optional(),
});

/** `POST /category/{id}/move` (issue 16): one place earlier or later in the owner's order. */
export const CategoryMoveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: messages.admin.chooseMoveDirection }),
});
export type CategoryMoveDirection = z.infer<typeof CategoryMoveSchema>['direction'];

/** A category as the API answers it (DESIGN §2); `image.url` is empty when it has no picture. */
export const CategorySchema = z.object({
  _id: AnswerIdSchema,
  id: AnswerIdSchema,
  name: z.string(),
  /** The Arabic name (issue 14); empty when there is none. */
  nameAr: z.string(),
  /** The category's description (issue 35), English and Arabic; empty when there is none. */
  description: z.string(),
  descriptionAr: z.string(),
  slug: z.string(),
  image: ImageSchema,
  productCount: CountSchema,
  /** The category's size chart (issue 13), null when it has none. */
  sizeGuide: SizeGuideSchema.nullable(),
});
export type CategoryDto = z.infer<typeof CategorySchema>;

/** `GET /category`: a page of categories, or all of them without `page`. */
export const CategoryListAnswerSchema = z
  .object({
    success: z.literal(true),
    categories: z.array(CategorySchema),
    page: CountSchema,
    totalPages: CountSchema,
    totalCount: CountSchema,
  })
  .describe('The matching categories with their product counts');
export type CategoryListAnswer = z.infer<typeof CategoryListAnswerSchema>;

/** `GET /category/{id or slug}`. */
export const CategoryAnswerSchema = z
  .object({ success: z.literal(true), category: CategorySchema })
  .describe('The category');
export type CategoryAnswer = z.infer<typeof CategoryAnswerSchema>;

/** `GET /category/{id or slug}/products`: the category and a page of its products, newest first. */
export const CategoryProductsAnswerSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    category: CategorySchema,
    products: z.array(ProductSchema),
    page: CountSchema,
    totalPages: CountSchema,
    totalCount: CountSchema,
  })
  .describe('The category and its products');
export type CategoryProductsAnswer = z.infer<typeof CategoryProductsAnswerSchema>;

/** `POST /category` and `PATCH /category/{id}`: the category as saved. */
export const CategorySavedAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), category: CategorySchema })
  .describe('The category as saved');
export type CategorySavedAnswer = z.infer<typeof CategorySavedAnswerSchema>;

/**
 * `POST /category`'s multipart body, for the API description only: the route reads the parts itself
 * and checks `name` with CategoryFormSchema. The picture comes under `category` (SPEC §7) or `image`.
 */
export const CategoryMultipartSchema = z.object({
  name: z.string().max(CATEGORY_NAME_MAX).describe('The category name'),
  nameAr: z.string().max(CATEGORY_NAME_MAX).describe('The name in Arabic; empty clears it').optional(),
  description: z
    .string()
    .max(CATEGORY_DESCRIPTION_MAX)
    .describe("The category page's description; empty clears it")
    .optional(),
  descriptionAr: z
    .string()
    .max(CATEGORY_DESCRIPTION_MAX)
    .describe('The description in Arabic; empty clears it')
    .optional(),
  category: BinaryFileSchema.describe('The picture (SPEC §7 names this field "category")').optional(),
  image: BinaryFileSchema.describe('The picture, under the name the admin form uses').optional(),
  sizeGuide: z
    .string()
    .describe(
      'JSON text: `{ "columns": ["Size", "Chest (cm)"], "rows": [["S", "86-91"]] }`; empty removes it',
    )
    .optional(),
} satisfies Record<keyof z.input<typeof CategoryFormSchema> | 'category' | 'image', z.ZodType>);

/** `PATCH /category/{id}`'s multipart body: a new name (English or Arabic), a new picture, or both. */
export const CategoryUpdateMultipartSchema = CategoryMultipartSchema.partial();
