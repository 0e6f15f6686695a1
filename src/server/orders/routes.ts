import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '@/shared/constants';
import { shopDay } from '@/shared/dates';
import { messages } from '@/shared/messages';
import { IdempotencyKeySchema } from '@/shared/schemas/checkout';
import {
  AdminOrderQuerySchema,
  MyOrdersAnswerSchema,
  OrderAnswerSchema,
  OrderFilterSchema,
  OrderMultipartSchema,
  OrderPageAnswerSchema,
  OrderPaymentAnswerSchema,
  OrderStatusAnswerSchema,
  LineVariantUpdateSchema,
  OrderVariantAnswerSchema,
  PaymentUpdateSchema,
  PlacedOrderAnswerSchema,
  StatusUpdateSchema,
} from '@/shared/schemas/order';
import { AppError } from '../errors';
import { readMultipartForm } from '../images/multipart';
import { currentUser } from '../plugins/auth-guard';
import { errorAnswers } from '../plugins/docs';
import { inCheckoutWords, type OrderService } from './service';

export interface OrderRoutesOptions {
  /** The orders' rules (./service.ts), shared with the delivery's routes. */
  service: OrderService;
}

const tags = ['Orders'];
const OrderParamsSchema = z.object({ id: z.uuid({ error: messages.orders.invalidOrderId }) });
const OrderLineParamsSchema = OrderParamsSchema.extend({
  lineId: z.uuid({ error: messages.orders.lineIdRule }),
});
/** The export's bytes, streamed as they are written: never JSON, so never serialized. */
const CsvBodySchema = z.custom<Readable>().meta({ type: 'string', format: 'binary' });

/** The orders of SPEC §7 and DESIGN §2. */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, options) => {
  const { service } = options;
  app.post(
    '/api/order',
    {
      onRequest: app.requireShopper(messages.cart.cartNotAvailableForAdmins),
      schema: {
        tags,
        summary: 'Place an order from the cart',
        description:
          'Either the structured address (street, building, floor, apartment, landmark, area, city) or ' +
          'only address. An Idempotency-Key header makes a retry return the first order.',
        multipartBody: OrderMultipartSchema,
        response: { 201: PlacedOrderAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      // Judged before the body is read; the key is stored, so it follows the rules of every text.
      const key = IdempotencyKeySchema.optional().safeParse(typeof header === 'string' ? header : undefined);
      if (!key.success) {
        throw new AppError('BAD_REQUEST', key.error.issues[0]?.message ?? messages.orders.idempotencyKeyRule);
      }
      const form = await readMultipartForm(request, { files: { paymentImage: { max: 1 } } }).catch(
        (error) => {
          throw inCheckoutWords(error);
        },
      );
      const { order } = await service.place(currentUser(request), {
        fields: form.fields,
        proof: form.files.paymentImage[0] ?? null,
        idempotencyKey: key.data,
        language: request.language,
      });
      // A replay answers exactly what the first request did, so a client cannot tell them apart.
      return reply
        .status(201)
        .send({ success: true as const, message: messages.orders.orderCreated, order, results: order });
    },
  );

  app.get(
    '/api/order/user/orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's orders, newest first",
        response: { 200: MyOrdersAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => ({ success: true as const, results: await service.mine(currentUser(request)) }),
  );

  app.get(
    '/api/order/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: OrderParamsSchema,
        tags,
        summary: 'One order, for its owner or an admin',
        response: { 200: OrderAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      results: await service.get(currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/api/order',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: AdminOrderQuerySchema,
        tags,
        summary: 'All orders, paged (admin)',
        response: { 200: OrderPageAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await service.list(request.query)) }),
  );

  app.get(
    '/api/order/export.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: OrderFilterSchema,
        tags,
        summary: 'The orders as CSV, with the same filters as the list (admin)',
        description:
          'Newest first, streamed: UTF-8 with a byte order mark, RFC 4180 quoting. Columns: number, date ' +
          '(Cairo), customer, phone, email, city, address, payment method, proof state, items, total, ' +
          'shipping, grand total, status, then (issue 36) governorate, cash on delivery fee and delivery.',
        response: {
          200: {
            description: 'The filtered orders as a CSV file',
            content: { 'text/csv': { schema: CsvBodySchema } },
          },
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = service.exportCsv(request.query, (error) =>
        request.log.error({ err: error }, 'order export failed after it began'),
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${shopDay()}.csv"`)
        .send(csv);
    },
  );

  app.patch(
    '/api/order/:id/status',
    {
      onRequest: app.authenticate,
      // A body-less request then gets the status rule rather than "expected object".
      preValidation: async (request: FastifyRequest) => {
        request.body ??= {};
      },
      schema: {
        params: OrderParamsSchema,
        body: StatusUpdateSchema,
        tags,
        summary: 'Change the status (admins: any; the owner: cancel while pending or confirmed)',
        description:
          "An optional note goes into the order's history and the customer's e-mail. Setting the status " +
          'the order already has changes nothing and adds no history entry.',
        response: { 200: OrderStatusAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.orders.statusUpdated,
      results: await service.changeStatus(
        currentUser(request),
        request.params.id,
        request.body.status,
        request.body.note || null,
      ),
    }),
  );

  app.patch(
    '/api/order/:id/payment',
    {
      onRequest: app.requireAdmin,
      preValidation: async (request: FastifyRequest) => {
        request.body ??= {};
      },
      schema: {
        params: OrderParamsSchema,
        body: PaymentUpdateSchema,
        tags,
        summary: 'Mark the payment received, or undo the mark (admin)',
        description:
          'Apart from the status: records who marked it and when. Marking it again keeps the first mark.',
        response: { 200: OrderPaymentAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { verified } = request.body;
      return {
        success: true as const,
        message: verified ? messages.orders.paymentVerified : messages.orders.paymentUnverified,
        order: await service.setPaymentVerified(currentUser(request), request.params.id, verified),
      };
    },
  );
  app.patch(
    '/api/order/:id/lines/:lineId/variant',
    {
      onRequest: app.requireAdmin,
      preValidation: async (request: FastifyRequest) => {
        request.body ??= {};
      },
      schema: {
        params: OrderLineParamsSchema,
        body: LineVariantUpdateSchema,
        tags,
        summary: 'Choose the variant of a line ordered with its size to confirm (admin)',
        description:
          'For a line a client ordered without a variant (`variantToConfirm`), while the order is pending: ' +
          "the variant's stock is taken (409 when it has not enough), and the order may then be confirmed. " +
          "While the order awaits the customer's confirmation (issue 37), a line's size or colour may be " +
          "changed too: the old variant's stock comes back, the new one's is taken, and the history says so.",
        response: { 200: OrderVariantAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.orders.variantSet,
      order: await service.setLineVariant(
        request.params.id,
        request.params.lineId,
        request.body.variantId,
        currentUser(request),
      ),
    }),
  );
};
