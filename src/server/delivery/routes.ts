import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@/shared/messages';
import {
  BulkAnswerSchema,
  BulkDeliveryMoveSchema,
  DeliveryMoveSchema,
  DeliveryQuoteAnswerSchema,
  DeliveryQuoteQuerySchema,
} from '@/shared/schemas/delivery';
import { OrderSchema } from '@/shared/schemas/order';
import type { Db } from '../db/client';
import { currentUser } from '../plugins/auth-guard';
import { errorAnswers } from '../plugins/docs';
import { translatorFor } from '../plugins/language';
import type { SettingsStore } from '../settings/store';
import { quoteFor } from './quote';
import type { DeliveryService } from './service';

export interface DeliveryRoutesOptions {
  db: Db;
  settings: SettingsStore;
  delivery: DeliveryService;
}

const tags = ['Delivery'];
const OrderParamsSchema = z.object({ id: z.uuid({ error: messages.orders.invalidOrderId }) });
const MovedAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), order: OrderSchema })
  .describe('The order with its new delivery state');

/** Issue 36: what delivery costs before the order, and the road of an order after it. */
export const deliveryRoutes: FastifyPluginAsyncZod<DeliveryRoutesOptions> = async (app, options) => {
  const { db, settings, delivery } = options;
  const emptyBody = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  app.get(
    '/api/delivery/quote',
    {
      onRequest: app.identify,
      schema: {
        querystring: DeliveryQuoteQuerySchema,
        tags,
        summary: "What delivery to a governorate costs for the caller's cart",
        description:
          "The zone of the governorate, its fee (or free delivery once the cart's items reach the zone's " +
          'threshold), whether cash on delivery is taken there and its fee, the estimate in days, and the ' +
          "grand total. A visitor, or a cart not the caller's, is quoted for an empty cart.",
        response: { 200: DeliveryQuoteAnswerSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const { settings: shop } = await settings.current();
      const quote = await quoteFor(db, shop.deliveryZones, request.user, request.query);
      return { success: true as const, quote };
    },
  );

  app.post(
    '/api/order/:id/delivery',
    {
      onRequest: app.requireAdmin,
      preValidation: emptyBody,
      schema: {
        params: OrderParamsSchema,
        body: DeliveryMoveSchema,
        tags,
        summary: "Move an order's delivery by hand: shipped, delivered, refused, returned (admin)",
        description:
          'Shipped (with an optional tracking number and link) confirms a pending order; delivered ' +
          'completes it; refused at the door or returned cancels it and puts its stock back, once. ' +
          'A move the road does not allow (shipped twice, delivered before shipped) is 409.',
        response: { 200: MovedAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.shipping.moved[request.body.state],
      order: await delivery.move(currentUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/order/delivery',
    {
      onRequest: app.requireAdmin,
      preValidation: emptyBody,
      schema: {
        body: BulkDeliveryMoveSchema,
        tags,
        summary: 'Move the chosen orders’ delivery at once (admin)',
        description: 'Each order on its own: one refused (its reason in its result) leaves the others moved.',
        response: { 200: BulkAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const results = await delivery.moveMany(currentUser(request), request.body, translatorFor(request));
      const done = results.filter((result) => result.ok).length;
      return {
        success: true as const,
        message: translatorFor(request).phrase({
          template: messages.shipping.movedCount,
          values: { done, total: results.length },
        }),
        results,
      };
    },
  );
};
