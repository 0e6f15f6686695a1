import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_SUB_IMAGES } from '@/shared/constants';
import { messages } from '@/shared/messages';
import { IdSchema } from '@/shared/schemas/common';
import { readMultipartForm } from '../images/multipart';
import {
  createAdminProductsService,
  type AdminProductsDeps,
  type ProductFormUpload,
} from './products-service';

const tags = ['admin'];
const IdParams = z.object({ id: IdSchema });
const FORM_DESCRIPTION =
  'multipart/form-data: name, description, price (EGP), avaliableItems, category (id, slug or name), ' +
  'optional discount (0–100), a defaultImage file and repeated subImages files';

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
        description: FORM_DESCRIPTION,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const product = await service.create(await readProductForm(request));
      return reply.status(201).send({ success: true, message: messages.admin.productCreated, product });
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
          `${FORM_DESCRIPTION}; every field optional. A new defaultImage replaces the old one, new subImages ` +
          'are added, and removeSubImages (urls, repeated or one JSON list) drops sub-images.',
        consumes: ['multipart/form-data'],
        params: IdParams,
      },
    },
    async (request) => ({
      success: true,
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
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return { success: true, message: messages.admin.productDeleted };
    },
  );
};
