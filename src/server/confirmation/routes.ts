import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@/shared/messages';
import { DoneAnswerSchema } from '@/shared/schemas/common';
import {
  AddressChangeSchema,
  ContactInputSchema,
  CustomerAnswerSchema,
  CustomerPageAnswerSchema,
  CustomerParamsSchema,
  CustomerPatchSchema,
  CustomerQuerySchema,
} from '@/shared/schemas/confirmation';
import { OrderAnswerSchema } from '@/shared/schemas/order';
import { AppError } from '../errors';
import { currentUser } from '../plugins/auth-guard';
import { errorAnswers } from '../plugins/docs';
import { hasValidSignature, verifySubscription } from '../whatsapp/webhook';
import type { ConfirmationService } from './service';

export interface ConfirmationRoutesOptions {
  confirmation: ConfirmationService;
  /** WhatsApp Business's webhook secrets; null when it is not configured (the webhook answers 404). */
  whatsapp: { appSecret: string; verifyToken: string } | null;
}

const OrderParamsSchema = z.object({ id: z.uuid({ error: messages.orders.invalidOrderId }) });
const OrderChangeAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), order: OrderAnswerSchema.shape.results })
  .describe('The order as it is now');

const m = messages.confirmation;
const emptyBody = async (request: FastifyRequest) => {
  request.body ??= {};
};

/** Issue 37: confirming cash orders, the customers' records, and WhatsApp's webhook. */
export const confirmationRoutes: FastifyPluginAsyncZod<ConfirmationRoutesOptions> = async (app, options) => {
  const { confirmation, whatsapp } = options;

  app.post(
    '/api/order/:id/contacts',
    {
      onRequest: app.requireAdmin,
      preValidation: emptyBody,
      schema: {
        params: OrderParamsSchema,
        body: ContactInputSchema,
        tags: ['Orders'],
        summary: 'Log a call or a message to the customer, and what came of it (admin)',
        description:
          "While the order is pending or confirmed. 'confirmed' confirms a pending order; 'cancelled' " +
          'cancels it and returns its stock; noAnswer and askedToChange are logged only.',
        response: { 200: OrderChangeAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.contactLogged,
      order: await confirmation.logContact(currentUser(request), request.params.id, request.body),
    }),
  );

  app.patch(
    '/api/order/:id/address',
    {
      onRequest: app.requireAdmin,
      preValidation: emptyBody,
      schema: {
        params: OrderParamsSchema,
        body: AddressChangeSchema,
        tags: ['Orders'],
        summary: 'Change the address of an order awaiting confirmation (admin)',
        description:
          "The structured address and its governorate, checked as checkout checks them; the fees become the new zone's. " +
          '409 once the order no longer awaits confirmation.',
        response: { 200: OrderChangeAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: m.addressChanged,
      order: await confirmation.changeAddress(currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/customers',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: CustomerQuerySchema,
        tags: ['Customers'],
        summary: "The shop's customers, one per phone number, the latest to order first (admin)",
        description: 'search: a name, or a phone number written any way (01…, +201…, Arabic digits).',
        response: { 200: CustomerPageAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await confirmation.customers(request.query)) }),
  );

  app.get(
    '/api/customers/:phone',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: CustomerParamsSchema,
        tags: ['Customers'],
        summary: "A phone number's record: its orders as they went, the note and the block (admin)",
        response: { 200: CustomerAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      customer: await confirmation.customer(request.params.phone),
    }),
  );

  app.patch(
    '/api/customers/:phone',
    {
      onRequest: app.requireAdmin,
      preValidation: emptyBody,
      schema: {
        params: CustomerParamsSchema,
        body: CustomerPatchSchema,
        tags: ['Customers'],
        summary: 'Write the note about a number, or block it (null lifts the block) (admin)',
        description:
          "block.mode 'cash' refuses cash on delivery at checkout (paying first stays open); 'all' refuses every order.",
        response: { 200: CustomerAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.customers.customerSaved,
      customer: await confirmation.saveCustomer(currentUser(request), request.params.phone, request.body),
    }),
  );

  app.get(
    '/api/whatsapp/webhook',
    {
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        tags: ['WhatsApp'],
        summary: "Meta's verify handshake of the WhatsApp webhook",
        description:
          'hub.mode=subscribe with hub.verify_token equal to WHATSAPP_VERIFY_TOKEN: answers hub.challenge as text; 403 otherwise.',
        response: {
          200: z.string().describe('hub.challenge, as sent'),
          ...errorAnswers(403, 404),
        },
      },
    },
    async (request, reply) => {
      if (!whatsapp) throw new AppError('NOT_FOUND', m.whatsappNotConfigured);
      const challenge = verifySubscription(request.query, whatsapp.verifyToken);
      if (challenge === null) throw new AppError('FORBIDDEN', m.webhookVerifyRefused);
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  // The webhook's signature is over the body's bytes as Meta sent them: it is read as a string.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/api/whatsapp/webhook',
      {
        schema: {
          body: z.string().max(1_000_000),
          tags: ['WhatsApp'],
          summary: "WhatsApp Business's webhook: the customers' replies and the messages' statuses",
          description:
            'Checked against X-Hub-Signature-256 (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET, in constant ' +
            "time): 401 otherwise, and nothing is stored. A 'Confirm' or 'Cancel' reply from the order's own number " +
            'confirms or cancels an order that still awaits confirmation; each event is applied once.',
          response: {
            200: DoneAnswerSchema.describe('Received; `message` says what each event did'),
            ...errorAnswers(400, 401, 404),
          },
        },
      },
      async (request) => {
        if (!whatsapp) throw new AppError('NOT_FOUND', m.whatsappNotConfigured);
        const signature = request.headers['x-hub-signature-256'];
        if (
          !hasValidSignature(
            request.body,
            typeof signature === 'string' ? signature : undefined,
            whatsapp.appSecret,
          )
        ) {
          throw new AppError('UNAUTHORIZED', m.webhookSignatureRefused);
        }
        const outcomes = await confirmation.receiveWebhook(request.body);
        return { success: true as const, message: outcomes.join(', ') || 'nothing' };
      },
    );
  });
};
