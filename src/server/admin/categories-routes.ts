import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@/shared/messages';
import {
  CategoryMoveSchema,
  CategoryMultipartSchema,
  CategorySavedAnswerSchema,
  CategoryUpdateMultipartSchema,
} from '@/shared/schemas/category';
import { DoneAnswerSchema, IdSchema } from '@/shared/schemas/common';
import { readMultipartForm } from '../images/multipart';
import { errorAnswers } from '../plugins/docs';
import {
  createAdminCategoriesService,
  type AdminCategoriesDeps,
  type CategoryFormUpload,
} from './categories-service';

const tags = ['admin'];
const IdParams = z.object({ id: IdSchema });

async function readCategoryForm(request: FastifyRequest): Promise<CategoryFormUpload> {
  const form = await readMultipartForm(request, { files: { category: { max: 1 }, image: { max: 1 } } });
  return { fields: form.fields, image: form.files.category[0] ?? form.files.image[0] };
}

/**
 * The admin's category writes: `POST`, `PATCH`, `DELETE /api/category` (SPEC §7) and the owner's order
 * (`POST /api/category/{id}/move`, issue 16). Reads are the catalogue's.
 */
export const adminCategoriesRoutes: FastifyPluginAsyncZod<AdminCategoriesDeps> = async (app, options) => {
  const service = createAdminCategoriesService(options);
  // On the request, before any upload is read: a visitor gets 401 and a shopper 403 whatever they sent.
  const onRequest = app.requireAdmin;

  app.post(
    '/api/category',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a category (admin)',
        description: 'The name and a picture (under "category" or "image") are both required.',
        multipartBody: CategoryMultipartSchema,
        response: { 201: CategorySavedAnswerSchema, ...errorAnswers(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const category = await service.create(await readCategoryForm(request));
      return reply
        .status(201)
        .send({ success: true as const, message: messages.admin.categoryCreated, category });
    },
  );

  app.patch(
    '/api/category/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Rename a category or replace its picture (admin)',
        description: 'A new name, a new picture (under "category" or "image"), or both.',
        multipartBody: CategoryUpdateMultipartSchema,
        params: IdParams,
        response: { 200: CategorySavedAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.admin.categoryUpdated,
      category: await service.update(request.params.id, await readCategoryForm(request)),
    }),
  );

  app.delete(
    '/api/category/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a category (admin); refused with 409 while it has products',
        params: IdParams,
        response: { 200: DoneAnswerSchema.describe('Deleted'), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return { success: true as const, message: messages.admin.categoryDeleted };
    },
  );

  app.post(
    '/api/category/:id/move',
    {
      onRequest,
      schema: {
        tags,
        summary: "Move a category one place up or down in the shop's order (admin)",
        description:
          'GET /category answers the categories in this order. The first moved up, or the last moved down, stays.',
        params: IdParams,
        body: CategoryMoveSchema,
        response: { 200: DoneAnswerSchema.describe('Moved'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.move(request.params.id, request.body.direction);
      return { success: true as const, message: messages.admin.categoryMoved };
    },
  );
};
