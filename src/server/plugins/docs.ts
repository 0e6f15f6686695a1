import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { TOKEN_HEADER } from '@/shared/constants';

export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI description, made from the routes' zod schemas: the UI at /api/docs, the JSON at
 * /api/docs/json. Registered before the routes, since it collects them as they are added.
 */
export const apiDocs = fp(
  async (app: FastifyInstance, options: { shopName: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${options.shopName} API`,
          description:
            'The storefront and admin API. Signed-in calls send the session token in the `token` header.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'api-docs' },
);
