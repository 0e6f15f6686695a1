import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  BLOCK_MODES,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  CONTACT_SOURCES,
  CUSTOMER_RISKS,
  STATUS_NOTE_MAX,
  WHATSAPP_PURPOSES,
} from '../constants';
import { messages } from '../messages';
import { customers as adminTexts } from '../messages/customers';
import { ruleText } from '../translate';
import {
  AnswerIdSchema,
  CountSchema,
  TimestampSchema,
  limitParam,
  pageParam,
  searchParam,
  text,
} from './common';
import { GovernorateSchema } from './delivery';
import { ShippingSchema } from './checkout';

const m = messages.confirmation;

/** Who did something; null where nobody signed in did it. */
const ActorSchema = z.object({ _id: AnswerIdSchema, username: z.string() });

/** One contact with the customer about an order awaiting confirmation (issue 37). */
export const OrderContactSchema = z.object({
  _id: AnswerIdSchema,
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  /** 'staff' (by), 'customer' (her WhatsApp reply) or 'shop' (nobody answered in time). */
  source: z.enum(CONTACT_SOURCES),
  at: TimestampSchema,
  by: ActorSchema.nullable(),
  note: z.string().nullable(),
});
export type OrderContactDto = z.infer<typeof OrderContactSchema>;

/**
 * A WhatsApp message the shop sends about the order through WhatsApp Business (issue 37): queued (to
 * go at `sendAt`), sent (Meta accepted it), or failed (Meta refused it: `error` says why; no retry).
 */
export const OrderMessageSchema = z.object({
  _id: AnswerIdSchema,
  channel: z.literal('whatsapp'),
  purpose: z.enum(WHATSAPP_PURPOSES),
  state: z.enum(['queued', 'sent', 'failed']),
  sendAt: TimestampSchema,
  sentAt: TimestampSchema.nullable(),
  attempts: CountSchema,
  error: z.string().nullable(),
});
export type OrderMessageDto = z.infer<typeof OrderMessageSchema>;

/** The order's confirmation: whether it awaits the customer's word, until when, and every contact. */
export const OrderConfirmationSchema = z.object({
  /** True: 'To confirm'; it is not shipped before it is confirmed. */
  awaiting: z.boolean(),
  /** When, still unanswered, it is cancelled; null once it no longer awaits. */
  confirmBy: TimestampSchema.nullable(),
  contacts: z.array(OrderContactSchema),
  messages: z.array(OrderMessageSchema),
});

/** What the owner blocked a number for, and what the block refuses at checkout. */
export const CustomerBlockSchema = z.object({
  reason: z.string(),
  /** 'cash': cash on delivery is refused, paying first is not; 'all': every order is refused. */
  mode: z.enum(BLOCK_MODES),
  at: TimestampSchema,
});

/** A phone number's record (issue 37): its orders as they went, the owner's note and block. */
export const CustomerRecordSchema = z.object({
  /** The number in its one form (`01012345678`), whatever way each order wrote it. */
  phone: z.string(),
  orders: CountSchema,
  delivered: CountSchema,
  refused: CountSchema,
  returned: CountSchema,
  cancelled: CountSchema,
  /** Pending or confirmed and not yet delivered, refused or returned. */
  open: CountSchema,
  note: z.string(),
  blocked: CustomerBlockSchema.nullable(),
  /** Why the desk flags the number's orders: refused before, several open orders, blocked. */
  risks: z.array(z.enum(CUSTOMER_RISKS)),
});
export type CustomerRecordDto = z.infer<typeof CustomerRecordSchema>;

/** A customer of the owner's list: her record, the name and e-mail of her latest order, and when it was. */
export const CustomerSchema = CustomerRecordSchema.extend({
  name: z.string(),
  email: z.string(),
  lastOrderAt: TimestampSchema,
});
export type CustomerDto = z.infer<typeof CustomerSchema>;

/** `POST /order/{id}/contacts` (admin): a call or a message, and what came of it. */
export const ContactInputSchema = z
  .object({
    channel: z.enum(CONTACT_CHANNELS, { error: m.contactChannelRule }),
    outcome: z.enum(CONTACT_OUTCOMES, { error: m.contactOutcomeRule }),
    note: text('note', {
      max: STATUS_NOTE_MAX,
      tooLong: ruleText(messages.orders.noteRule, { max: STATUS_NOTE_MAX }),
    }).nullish(),
  })
  .strict();
export type ContactInput = z.infer<typeof ContactInputSchema>;

/**
 * `PATCH /order/{id}/address` (admin): the address the customer gave when she confirmed, while the order
 * awaits. With a governorate the fee is the zone's; without one the order keeps its governorate.
 */
export const AddressChangeSchema = ShippingSchema.omit({ name: true, phone: true, city: true }).extend({
  governorate: GovernorateSchema,
});
export type AddressChange = z.infer<typeof AddressChangeSchema>;

/** `PATCH /customers/{phone}` (admin): the note, and the block (null lifts it). */
export const CustomerPatchSchema = z
  .object({
    note: text('note', { max: 1000, tooLong: adminTexts.noteRule }),
    block: z
      .object({
        reason: text('reason', { max: 300, tooLong: adminTexts.blockReasonRule }).min(
          1,
          adminTexts.blockReasonRule,
        ),
        mode: z.enum(BLOCK_MODES, { error: adminTexts.blockModeRule }),
      })
      .strict()
      .nullable(),
  })
  .partial()
  .strict();
export type CustomerPatch = z.infer<typeof CustomerPatchSchema>;

export const CustomerParamsSchema = z.object({
  phone: text('phone', { max: 20 }).min(1, adminTexts.customerNotFound),
});

export const CustomerQuerySchema = z.object({
  /** A name or a phone number (any way it is written). */
  search: searchParam,
  page: pageParam,
  limit: limitParam(100).default(ADMIN_PAGE_SIZE),
});

export const CustomerPageAnswerSchema = z
  .object({
    success: z.literal(true),
    results: z.array(CustomerSchema),
    pagination: z.object({ page: CountSchema, pages: CountSchema, total: CountSchema, limit: CountSchema }),
  })
  .describe('A page of customers, the latest to order first');
export type CustomerPageAnswer = z.infer<typeof CustomerPageAnswerSchema>;

export const CustomerAnswerSchema = z
  .object({
    success: z.literal(true),
    message: z.string().optional(),
    customer: CustomerSchema,
  })
  .describe("The customer's record");
export type CustomerAnswer = z.infer<typeof CustomerAnswerSchema>;
