import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { format, messages } from '../messages';
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

export const CategoryFormSchema = z.object({
  name: text('name', {
    max: CATEGORY_NAME_MAX,
    error: messages.admin.enterCategoryName,
    tooLong: format(messages.admin.categoryNameTooLong, { max: CATEGORY_NAME_MAX }),
  }).min(1, messages.admin.enterCategoryName),
  /** The Arabic name (issue 14): optional; sent empty it clears the name, left out keeps it. */
  nameAr: text('nameAr', {
    max: CATEGORY_NAME_MAX,
    tooLong: format(messages.admin.categoryNameArTooLong, { max: CATEGORY_NAME_MAX }),
  }).optional(),
  /** JSON text (issue 13); empty removes the guide, left out keeps it. */
  sizeGuide: SizeGuideFieldSchema.optional(),
});

/** A category as the API answers it (DESIGN §2); `image.url` is empty when it has no picture. */
export const CategorySchema = z.object({
  _id: AnswerIdSchema,
  id: AnswerIdSchema,
  name: z.string(),
  /** The Arabic name (issue 14); empty when there is none. */
  nameAr: z.string(),
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
