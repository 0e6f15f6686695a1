import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@/shared/messages';
import {
  CategoryAnswerSchema,
  CategoryListAnswerSchema,
  CategoryProductsAnswerSchema,
  CategoryProductsQuerySchema,
  CategoryQuerySchema,
} from '@/shared/schemas/category';
import { IdSchema, idOrSlugParam } from '@/shared/schemas/common';
import {
  ProductAnswerSchema,
  ProductListAnswerSchema,
  ProductQuerySchema,
  RateSchema,
  RatingAnswerSchema,
} from '@/shared/schemas/product';
import { currentUser } from '../plugins/auth-guard';
import { errorAnswers } from '../plugins/docs';
import { sendJson } from '../plugins/send-json';
import { createCatalogService, type CatalogDeps } from './service';

const IdOrSlugParams = z.object({ idOrSlug: idOrSlugParam });

/** The catalogue's public reads and the shoppers' ratings (DESIGN §2, SPEC §7). */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, deps) => {
  const catalog = createCatalogService(deps);

  app.get(
    '/api/product',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'List products with search, filters, sort and paging (all matches up to 1,000 without page)',
        querystring: ProductQuerySchema,
        response: { 200: ProductListAnswerSchema, ...errorAnswers(400) },
      },
    },
    async (request, reply) => sendJson(reply, await catalog.listProductsJson(request.query)),
  );

  app.get(
    '/api/product/:idOrSlug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product by id or slug',
        params: IdOrSlugParams,
        response: { 200: ProductAnswerSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      product: await catalog.getProduct(request.params.idOrSlug),
    }),
  );

  app.patch(
    '/api/product/:id/rate',
    {
      // Sign-in and role come before the body is judged: a visitor learns to sign in, not that 7 is too high.
      onRequest: app.requireShopper(messages.catalog.adminsCannotRate),
      schema: {
        tags: ['catalogue'],
        summary: "Rate a product 1 to 5 (a user's second rating replaces the first)",
        params: z.object({ id: IdSchema }),
        body: RateSchema,
        response: { 200: RatingAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await catalog.rateProduct(currentUser(request), request.params.id, request.body.rating);
      return { success: true as const, message: messages.catalog.ratingSubmitted, ...result };
    },
  );

  app.get(
    '/api/category',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'List categories with their product counts (all without page)',
        querystring: CategoryQuerySchema,
        response: { 200: CategoryListAnswerSchema, ...errorAnswers(400) },
      },
    },
    async (request) => ({ success: true as const, ...(await catalog.listCategories(request.query)) }),
  );

  app.get(
    '/api/category/:idOrSlug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One category by id or slug',
        params: IdOrSlugParams,
        response: { 200: CategoryAnswerSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      category: await catalog.getCategory(request.params.idOrSlug),
    }),
  );

  app.get(
    '/api/category/:idOrSlug/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A category's products, newest first (all up to 1,000 without page)",
        params: IdOrSlugParams,
        querystring: CategoryProductsQuerySchema,
        response: { 200: CategoryProductsAnswerSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const result = await catalog.listCategoryProducts(request.params.idOrSlug, request.query);
      return { success: true as const, message: messages.catalog.categoryProductsFetched, ...result };
    },
  );
};
