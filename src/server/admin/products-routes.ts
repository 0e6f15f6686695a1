import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_SUB_IMAGES } from '@/shared/constants';
import { messages } from '@/shared/messages';
import { DoneAnswerSchema, IdSchema } from '@/shared/schemas/common';
import {
  ProductMultipartSchema,
  ProductSavedAnswerSchema,
  ProductUpdateMultipartSchema,
} from '@/shared/schemas/product';
import { readMultipartForm } from '../images/multipart';
import { errorAnswers } from '../plugins/docs';
import {
  createAdminProductsService,
  type AdminProductsDeps,
  type ProductFormUpload,
} from './products-service';

const tags = ['admin'];
const IdParams = z.object({ id: IdSchema });

async function readProductForm(request: FastifyRequest): Promise<ProductFormUpload> {
  const form = await readMultipartForm(request, {
    files: { defaultImage: { max: 1 }, subImages: { max: MAX_SUB_IMAGES } },
  });
  return {
    fields: form.fields,
    fieldLists: form.fieldLists,
    defaultImage: form.files.defaultImage[0],
    subImages: form.files.subImages,
  };
}

/** The admin's product writes: `POST`, `PATCH`, `DELETE /api/product` (SPEC §7). Reads are the catalogue's. */
export const adminProductsRoutes: FastifyPluginAsyncZod<AdminProductsDeps> = async (app, options) => {
  const service = createAdminProductsService(options);
  // On the request, before any upload is read: a visitor gets 401 and a shopper 403 whatever they sent.
  const onRequest = app.requireAdmin;

  app.post(
    '/api/product',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a product (admin)',
        multipartBody: ProductMultipartSchema,
        response: { 201: ProductSavedAnswerSchema, ...errorAnswers(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const product = await service.create(await readProductForm(request));
      return reply
        .status(201)
        .send({ success: true as const, message: messages.admin.productCreated, product });
    },
  );

  app.patch(
    '/api/product/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Update a product (admin)',
        description:
          'Every field optional. A new defaultImage replaces the old one, new subImages are added, and ' +
          'removeSubImages drops sub-images.',
        multipartBody: ProductUpdateMultipartSchema,
        params: IdParams,
        response: { 200: ProductSavedAnswerSchema, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.admin.productUpdated,
      product: await service.update(request.params.id, await readProductForm(request)),
    }),
  );

  app.delete(
    '/api/product/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a product (admin); past orders keep their snapshot of it',
        params: IdParams,
        response: { 200: DoneAnswerSchema.describe('Deleted'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return { success: true as const, message: messages.admin.productDeleted };
    },
  );
};
