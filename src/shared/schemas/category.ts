import { z } from 'zod';
import { messages } from '../messages';
import { limitParam, pageParam, searchParam } from './common';
import type { ImageDto } from './product';

export const CategoryQuerySchema = z.object({
  search: searchParam,
  page: pageParam,
  limit: limitParam(100),
});

export const CategoryFormSchema = z.object({
  name: z
    .string({ error: messages.admin.enterCategoryName })
    .trim()
    .min(1, messages.admin.enterCategoryName)
    .max(60, 'Category name must be at most 60 characters'),
});

export interface CategoryDto {
  _id: string;
  id: string;
  name: string;
  slug: string;
  image: ImageDto | null;
  productCount: number;
}
