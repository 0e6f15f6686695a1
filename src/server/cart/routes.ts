import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@/shared/messages';
import {
  AddToCartSchema,
  CartAnswerSchema,
  CartChangeAnswerSchema,
  CartProductParamsSchema,
  SetQuantitySchema,
} from '@/shared/schemas/cart';
import { currentUser } from '../plugins/auth-guard';
import { errorAnswers } from '../plugins/docs';
import { readEmptyJsonBodyAsObject } from '../plugins/empty-json-body';
import { createCartService, type CartDeps } from './service';

const tags = ['Cart'];
/** Every cart route: a visitor gets 401, an admin 403 (no cart at all). */
const signedOutOrAdmin = errorAnswers(401, 403);
/** A change names a product: a malformed id is 400, one that is gone 404, more than the stock 409. */
const cartChangeResponse = { 200: CartChangeAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) };

/** The cart of SPEC §7 and DESIGN §2; every change answers the whole cart so a client need not ask again. */
export const cartRoutes: FastifyPluginAsyncZod<CartDeps> = async (app, deps) => {
  const cart = createCartService(deps);

  // On the request, before the body is read: a visitor gets 401 and an admin 403 whatever they sent.
  app.addHook('onRequest', app.requireShopper(messages.cart.cartNotAvailableForAdmins));
  // Clients send these calls with an empty body; the schema then names the missing product id.
  const emptyBodyIsObject = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  app.get(
    '/api/cart',
    {
      schema: {
        tags,
        summary: "The caller's cart, created on first use",
        response: { 200: CartAnswerSchema, ...signedOutOrAdmin },
      },
    },
    async (request) => ({
      success: true as const,
      cart: await cart.get(currentUser(request)),
    }),
  );

  app.post(
    '/api/cart',
    {
      preValidation: emptyBodyIsObject,
      schema: {
        body: AddToCartSchema,
        tags,
        summary: 'Add a product (and, for a product with variants, its chosen variant) or raise its quantity',
        response: cartChangeResponse,
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.cart.productAdded,
      cart: await cart.add(currentUser(request), request.body),
    }),
  );

  app.patch(
    '/api/cart',
    {
      preValidation: emptyBodyIsObject,
      schema: {
        body: SetQuantitySchema,
        tags,
        summary: "Set a line's quantity",
        description:
          'The line is the product and `variantId`; without `variantId`, the only line of that product.',
        response: cartChangeResponse,
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.cart.quantityUpdated,
      cart: await cart.setQuantity(currentUser(request), request.body),
    }),
  );

  // The calls that take no body, in a context of their own: an empty JSON body is `{}` there only.
  await app.register(async (context) => {
    readEmptyJsonBodyAsObject(context);
    const bodiless = context.withTypeProvider<ZodTypeProvider>();

    bodiless.post(
      '/api/cart/create',
      {
        schema: {
          tags,
          summary: "Create the caller's cart (idempotent)",
          response: { 200: CartChangeAnswerSchema, ...signedOutOrAdmin },
        },
      },
      async (request) => ({
        success: true as const,
        message: messages.cart.cartCreated,
        cart: await cart.get(currentUser(request)),
      }),
    );

    bodiless.patch(
      '/api/cart/:productId',
      {
        schema: {
          params: CartProductParamsSchema,
          tags,
          summary: "Remove a line (by the line's _id) or a product (every line of it) from the cart",
          response: { 200: CartChangeAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        message: messages.cart.productRemoved,
        cart: await cart.remove(currentUser(request), request.params.productId),
      }),
    );

    bodiless.put(
      '/api/cart/clear',
      {
        schema: {
          tags,
          summary: 'Empty the cart',
          response: { 200: CartChangeAnswerSchema, ...signedOutOrAdmin },
        },
      },
      async (request) => ({
        success: true as const,
        message: messages.cart.cartCleared,
        cart: await cart.clear(currentUser(request)),
      }),
    );
  });
};
