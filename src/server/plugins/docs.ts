import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { TOKEN_HEADER } from '@/shared/shell-constants';
import { ErrorResponseSchema } from '@/shared/schemas/common';

export const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A `multipart/form-data` body with its fields and files, for the API document only: the route reads
     * the parts itself (src/server/images/multipart.ts), since a route's `body` schema cannot see them.
     */
    multipartBody?: z.ZodObject;
  }
}

/** What each failure means, whatever the route; the answer is always `{ success: false, message }`. */
const ERROR_MEANINGS = {
  400: 'Bad input: the message names the field and the rule',
  401: 'No token, or one that is no longer valid',
  403: 'Signed in, but not allowed: the wrong role, or not the owner',
  404: 'Not found',
  409: 'A conflict: not enough stock, a taken email, a category that still has products',
  413: 'Too large',
  410: 'Gone: a link that works once, used already',
  415: 'Not a multipart form, or a file that is not an image',
  429: 'Too many requests; try again in a minute',
  '5xx': 'The server failed, or is too busy or without its database (503, with Retry-After)',
} as const;

type ErrorStatus = Exclude<keyof typeof ERROR_MEANINGS, 429 | '5xx'>;
type ErrorAnswerSchema = typeof ErrorResponseSchema;

const errorAnswer = Object.fromEntries(
  Object.entries(ERROR_MEANINGS).map(([status, meaning]) => [status, ErrorResponseSchema.describe(meaning)]),
) as Record<keyof typeof ERROR_MEANINGS, ErrorAnswerSchema>;

/**
 * A route's failures for its `response` schema: the statuses it answers besides those every route may
 * (429 from the rate limit, and 5xx), each with the one error shape of DESIGN §2.
 */
export function errorAnswers<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S | 429 | '5xx', ErrorAnswerSchema> {
  const answers: Partial<Record<keyof typeof ERROR_MEANINGS, ErrorAnswerSchema>> = {};
  for (const status of [...statuses, 429, '5xx'] as const) answers[status] = errorAnswer[status];
  return answers as Record<S | 429 | '5xx', ErrorAnswerSchema>;
}

/** Each route's zod schemas as JSON Schema; a multipart route's form becomes its request body. */
const describeRoute: SwaggerTransform = (document) => {
  const { multipartBody, ...schema } = document.schema ?? {};
  if (!multipartBody) return jsonSchemaTransform(document);
  return jsonSchemaTransform({
    ...document,
    schema: { ...schema, body: multipartBody, consumes: ['multipart/form-data'] },
  });
};

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
      transform: describeRoute,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'api-docs' },
);
