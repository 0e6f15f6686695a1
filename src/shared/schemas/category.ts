import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { format, messages } from '../messages';
import { limitParam, pageParam, searchParam, text } from './common';
import type { ImageDto } from './product';

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
});

export interface CategoryDto {
  _id: string;
  id: string;
  name: string;
  slug: string;
  image: ImageDto | null;
  productCount: number;
}
