import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { shopDay } from '@/shared/dates';
import { messages } from '@/shared/messages';
import { DoneAnswerSchema } from '@/shared/schemas/common';
import {
  AirwayBillsQuerySchema,
  BulkAnswerSchema,
  CourierPayoutAnswerSchema,
  CourierPayoutSchema,
  CouriersAnswerSchema,
  CourierShipmentsSchema,
  type CouriersStatus,
} from '@/shared/schemas/delivery';
import type { Db } from '../db/client';
import { currentUser } from '../plugins/auth-guard';
import { errorAnswers } from '../plugins/docs';
import { translatorFor } from '../plugins/language';
import type { BostaShipping } from './bosta-shipping';
import { cashCsv, recordPayout } from './cash';

export interface CourierRoutesOptions {
  db: Db;
  /** Whether each courier is connected, and the webhook address to give it. */
  couriers: CouriersStatus;
  bosta: BostaShipping;
}

const tags = ['Couriers'];
const CsvBodySchema = z.custom<Readable>().meta({ type: 'string', format: 'binary' });
const PdfBodySchema = z.custom<Buffer>().meta({ type: 'string', format: 'binary' });
const OrderIdParamsSchema = z.object({ orderId: z.uuid({ error: messages.orders.invalidOrderId }) });

/** Issue 36: the couriers the shop sends with, and the cash they collect for it. */
export const courierRoutes: FastifyPluginAsyncZod<CourierRoutesOptions> = async (app, options) => {
  const { db, couriers, bosta } = options;
  const emptyBody = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  app.get(
    '/api/couriers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Whether each courier is connected, and its webhook address (admin)',
        response: { 200: CouriersAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => ({ success: true as const, couriers }),
  );

  app.get(
    '/api/couriers/cash.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'The cash reconciliation as CSV (admin)',
        description:
          'Every parcel with cash to collect or collected, newest first: order, courier, tracking number, ' +
          'delivery, cash to collect, cash collected and when, and the payout that settled it.',
        response: {
          200: {
            description: 'The reconciliation as a CSV file',
            content: { 'text/csv': { schema: CsvBodySchema } },
          },
          ...errorAnswers(401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = cashCsv(db, (error) =>
        request.log.error({ err: error }, 'cash export failed after it began'),
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="courier-cash-${shopDay()}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/api/couriers/payouts',
    {
      onRequest: app.requireAdmin,
      preValidation: emptyBody,
      schema: {
        body: CourierPayoutSchema,
        tags,
        summary: "Mark a courier's payout received for the orders it covers (admin)",
        description:
          'Settles the cash collected on those orders, all or none: each must be delivered by that courier ' +
          'with its cash collected and not settled yet (409 names the first that is not).',
        response: { 200: CourierPayoutAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const payout = await recordPayout(db, currentUser(request), request.body);
      return {
        success: true as const,
        message: translatorFor(request).phrase({
          template: messages.shipping.payoutRecorded,
          values: { orders: payout.orders },
        }),
        payout,
      };
    },
  );

  app.post(
    '/api/couriers/bosta/shipments',
    {
      onRequest: app.requireAdmin,
      preValidation: emptyBody,
      schema: {
        body: CourierShipmentsSchema,
        tags,
        summary: 'Send the chosen orders to Bosta (admin)',
        description:
          'Each order on its own becomes a job, written with its shipment in one transaction, that creates ' +
          "the delivery at Bosta (looking the order's number up first, so a retry never makes a second). " +
          "The order shows it shipped, with its tracking number, once Bosta has it; Bosta's refusal shows " +
          'on the order. 409 while Bosta is not connected.',
        response: { 200: BulkAnswerSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const translator = translatorFor(request);
      const results = await bosta.send(currentUser(request), request.body.orderIds, translator);
      return {
        success: true as const,
        message: translator.phrase({
          template: messages.shipping.bostaQueuedCount,
          values: { done: results.filter((result) => result.ok).length, total: results.length },
        }),
        results,
      };
    },
  );

  app.delete(
    '/api/couriers/bosta/shipments/:orderId',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: OrderIdParamsSchema,
        tags,
        summary: "Cancel an order's Bosta shipment (admin)",
        description:
          'At Bosta first (Bosta refuses once it has picked the parcel up), then here: the order goes back ' +
          'to not shipped, and may be sent again.',
        response: {
          200: DoneAnswerSchema.describe('The shipment cancelled'),
          ...errorAnswers(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      await bosta.cancel(currentUser(request), request.params.orderId);
      return { success: true as const, message: messages.shipping.bostaCancelled };
    },
  );

  app.get(
    '/api/couriers/bosta/airway-bills',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: AirwayBillsQuerySchema,
        tags,
        summary: "The chosen orders' Bosta airway bills in one PDF (admin)",
        description: '`orderIds`: the orders, separated by commas, each sent to Bosta and taken by it.',
        response: {
          200: { description: 'The airway bills', content: { 'application/pdf': { schema: PdfBodySchema } } },
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const pdf = await bosta.airwayBills(request.query.orderIds);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="airway-bills-${shopDay()}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  // Bosta's webhook reads its body as sent: it is stored raw, as Bosta wrote it.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/api/couriers/bosta/webhook',
      {
        schema: {
          body: z.string().max(100_000),
          tags,
          summary: "Bosta's delivery webhook",
          description:
            "Authenticated by the custom header set in Bosta's dashboard (BOSTA_WEBHOOK_HEADER, value " +
            'BOSTA_WEBHOOK_SECRET), compared in constant time: 401 otherwise, and nothing is stored. Each ' +
            "event is stored once; it moves the order's delivery unless an event Bosta dated later came first.",
          response: {
            200: DoneAnswerSchema.describe('The event received; `message` says what it did'),
            ...errorAnswers(400, 401),
          },
        },
      },
      async (request) => {
        const outcome = await bosta.receiveWebhook(request.headers, request.body);
        return { success: true as const, message: outcome };
      },
    );
  });
};
