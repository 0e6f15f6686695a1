import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@/shared/messages';
import { AddToCartSchema, CartProductParamsSchema, SetQuantitySchema } from '@/shared/schemas/cart';
import { currentUser } from '../plugins/auth-guard';
import { createCartService, type CartDeps } from './service';

const tags = ['Cart'];

/** The cart of SPEC §7 and DESIGN §2; every change answers the whole cart so a client need not ask again. */
export const cartRoutes: FastifyPluginAsyncZod<CartDeps> = async (app, deps) => {
  const cart = createCartService(deps);

  // On the request, before the body is read: a visitor gets 401 and an admin 403 whatever they sent.
  app.addHook('onRequest', app.requireShopper(messages.cart.cartNotAvailableForAdmins));
  // Clients send these calls with an empty body; the schema then names the missing product id.
  const emptyBodyIsObject = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  app.post(
    '/api/cart/create',
    { schema: { tags, summary: "Create the caller's cart (idempotent)" } },
    async (request) => ({
      success: true,
      message: messages.cart.cartCreated,
      cart: await cart.get(currentUser(request)),
    }),
  );

  app.get(
    '/api/cart',
    { schema: { tags, summary: "The caller's cart, created on first use" } },
    async (request) => ({
      success: true,
      cart: await cart.get(currentUser(request)),
    }),
  );

  app.post(
    '/api/cart',
    {
      preValidation: emptyBodyIsObject,
      schema: { body: AddToCartSchema, tags, summary: 'Add a product or raise its quantity' },
    },
    async (request) => ({
      success: true,
      message: messages.cart.productAdded,
      cart: await cart.add(currentUser(request), request.body.productId, request.body.quantity),
    }),
  );

  app.patch(
    '/api/cart',
    {
      preValidation: emptyBodyIsObject,
      schema: { body: SetQuantitySchema, tags, summary: "Set a line's quantity" },
    },
    async (request) => ({
      success: true,
      message: messages.cart.quantityUpdated,
      cart: await cart.setQuantity(currentUser(request), request.body.productId, request.body.quantity),
    }),
  );

  app.patch(
    '/api/cart/:productId',
    { schema: { params: CartProductParamsSchema, tags, summary: 'Remove a product from the cart' } },
    async (request) => ({
      success: true,
      message: messages.cart.productRemoved,
      cart: await cart.remove(currentUser(request), request.params.productId),
    }),
  );

  app.put('/api/cart/clear', { schema: { tags, summary: 'Empty the cart' } }, async (request) => ({
    success: true,
    message: messages.cart.cartCleared,
    cart: await cart.clear(currentUser(request)),
  }));
};
