/**
 * The WhatsApp Business Cloud API's webhook (Meta's Graph API webhooks): the subscription handshake, the
 * signature of every notification, and what a notification says. Read on 2026-12-06 from Meta's pages
 * (and, where named, copies of them):
 *   [hooks]   https://developers.facebook.com/docs/graph-api/webhooks/getting-started (verification
 *             requests: GET with hub.mode=subscribe, hub.challenge, hub.verify_token, answered with the
 *             challenge; event notifications signed in X-Hub-Signature-256 as 'sha256=' and the hex
 *             HMAC-SHA256 of the payload, keyed with the app secret)
 *   [button]  https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/button
 *             (a tap on a template's quick-reply button: type 'button', button: { payload, text },
 *             context.id the message the button was on; copy at support.chatarchitect.com)
 *   [inter]   https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/interactive
 *             (type 'interactive', interactive: { type: 'button_reply', button_reply: { id, title } } or
 *             { type: 'list_reply', list_reply: { id, title, description } })
 *   [text]    https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/text
 *             (type 'text', text: { body }; context only for some)
 *   [status]  https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/reference/messages/status
 *             (statuses[]: { id, status, timestamp, recipient_id, biz_opaque_callback_data "only included
 *             if message sent with biz_opaque_callback_data", errors[] when failed })
 *   [errors]  https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
 *             (a status error: { code, title, message, error_data: { details } })
 *
 * Every notification is { object: 'whatsapp_business_account', entry: [{ id, changes: [{ field: 'messages',
 * value: { messaging_product, metadata: { display_phone_number, phone_number_id }, contacts?, messages?,
 * statuses? } }] }] }; `timestamp` is Unix seconds, as a string. One notification may carry several
 * messages and statuses, so it is read into a list of events; a piece that is not one we know (a
 * reaction, an image, another field) is left out rather than failing the rest.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { secretMatches } from '../couriers/types';
import { metaErrorText } from './cloud-api';

/** A customer's answer: a tap on a quick-reply or reply button, or a message typed. */
export interface WhatsAppReply {
  kind: 'reply';
  /** Meta's id of the customer's message ('wamid.…'): the same when Meta sends the notification again. */
  messageId: string;
  /** The customer's number, digits with the country code. */
  from: string;
  /** Our business number's id the customer wrote to. */
  phoneNumberId: string;
  at: Date;
  /** The tapped button's payload (a template's quick reply) or id (an interactive button or list row). */
  payload: string | null;
  /** The button's label, or the text typed. */
  text: string | null;
  /** The message replied to: the one the tapped button was on. */
  contextMessageId: string | null;
}

/** What became of a message we sent. */
export interface WhatsAppStatus {
  kind: 'status';
  messageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** The customer's WhatsApp id (their number's digits). */
  recipient: string;
  at: Date;
  /** The message's biz_opaque_callback_data, as we sent it. */
  callbackData: string | null;
  /** Meta's words on why it failed, with the code. */
  error: string | null;
}

export type WhatsAppEvent = WhatsAppReply | WhatsAppStatus;

/** The challenge is an integer [hooks]; anything that could be markup is not echoed back. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;
const SIGNATURE_PATTERN = /^sha256=([0-9a-f]{64})$/i;

/**
 * Meta's GET handshake when the owner sets the webhook's URL [hooks]: the challenge to answer (with 200,
 * as text/plain) when the verify token is ours, else null (answer 403). The token is compared in constant
 * time, so its characters cannot be found one by one.
 */
export function verifySubscription(query: Record<string, unknown>, verifyToken: string): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
  if (!CHALLENGE_PATTERN.test(challenge)) return null;
  return secretMatches(token, verifyToken) ? challenge : null;
}

/**
 * Whether X-Hub-Signature-256 signs these exact bytes with our app secret [hooks]. It must be checked
 * against the raw body as received: Meta signs its payload as sent (escaping non-ASCII characters as
 * \uXXXX, [hooks] says), and JSON parsed and written again is not the same bytes.
 */
export function hasValidSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  if (header === undefined || appSecret === '') return false;
  const match = SIGNATURE_PATTERN.exec(header.trim());
  if (!match) return false;
  const sent = Buffer.from(match[1]!, 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** Unix seconds, as Meta writes them (a string, at times a number). */
const TimestampSchema = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]);

const NotificationSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.unknown()),
});

const EntrySchema = z.object({ changes: z.array(z.unknown()) });

const ChangeSchema = z.object({
  field: z.literal('messages'),
  value: z.object({
    metadata: z.object({ phone_number_id: z.string().min(1) }),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
  }),
});

const ReplyChoiceSchema = z.object({ id: z.string().min(1), title: z.string().optional() });

const MessageSchema = z.object({
  id: z.string().min(1),
  from: z.string().regex(/^\d+$/),
  timestamp: TimestampSchema,
  type: z.string(),
  // A forwarded message has a context without an id [text].
  context: z.object({ id: z.string().min(1).optional() }).optional(),
  button: z.object({ payload: z.string().optional(), text: z.string().optional() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: ReplyChoiceSchema.optional(),
      list_reply: ReplyChoiceSchema.optional(),
    })
    .optional(),
  text: z.object({ body: z.string() }).optional(),
});

const StatusSchema = z.object({
  id: z.string().min(1),
  // Meta has sent other statuses ('deleted', 'warning') in the past: those are left out.
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: TimestampSchema,
  recipient_id: z.string().min(1),
  biz_opaque_callback_data: z.string().optional(),
  errors: z
    .array(
      z.object({
        code: z.number().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

function dateOf(timestamp: z.infer<typeof TimestampSchema>): Date | null {
  const date = new Date(Number(timestamp) * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The reply a message is, or null for a message we do not read (media, a reaction, a location). */
function replyOf(raw: unknown, phoneNumberId: string): WhatsAppReply | null {
  const parsed = MessageSchema.safeParse(raw);
  if (!parsed.success) return null;
  const message = parsed.data;
  const at = dateOf(message.timestamp);
  if (!at) return null;

  let payload: string | null = null;
  let text: string | null = null;
  if (message.type === 'button' && message.button) {
    payload = message.button.payload ?? null;
    text = message.button.text ?? null;
  } else if (message.type === 'interactive' && message.interactive) {
    const choice =
      message.interactive.type === 'button_reply'
        ? message.interactive.button_reply
        : message.interactive.type === 'list_reply'
          ? message.interactive.list_reply
          : undefined;
    if (!choice) return null;
    payload = choice.id;
    text = choice.title ?? null;
  } else if (message.type === 'text' && message.text) {
    text = message.text.body;
  } else {
    return null;
  }
  return {
    kind: 'reply',
    messageId: message.id,
    from: message.from,
    phoneNumberId,
    at,
    payload,
    text,
    contextMessageId: message.context?.id ?? null,
  };
}

function statusOf(raw: unknown): WhatsAppStatus | null {
  const parsed = StatusSchema.safeParse(raw);
  if (!parsed.success) return null;
  const status = parsed.data;
  const at = dateOf(status.timestamp);
  if (!at) return null;
  const errors = (status.errors ?? []).map((error) =>
    metaErrorText({
      code: error.code,
      message: error.title ?? error.message,
      details: error.error_data?.details,
    }),
  );
  return {
    kind: 'status',
    messageId: status.id,
    status: status.status,
    recipient: status.recipient_id,
    at,
    callbackData: status.biz_opaque_callback_data ?? null,
    error: errors.length > 0 ? errors.join('; ') : null,
  };
}

/**
 * The events of a notification's raw body, in the order Meta lists them; an empty list when the body is
 * not JSON or not a WhatsApp notification. Meta sends a notification again until it is answered with
 * 200, so the same event can arrive twice: its messageId (with the status) tells them apart.
 */
export function parseWebhook(rawBody: string): WhatsAppEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return [];
  }
  const notification = NotificationSchema.safeParse(body);
  if (!notification.success) return [];

  const events: WhatsAppEvent[] = [];
  for (const rawEntry of notification.data.entry) {
    const entry = EntrySchema.safeParse(rawEntry);
    if (!entry.success) continue;
    for (const rawChange of entry.data.changes) {
      const change = ChangeSchema.safeParse(rawChange);
      if (!change.success) continue;
      const { metadata, messages = [], statuses = [] } = change.data.value;
      for (const message of messages) {
        const reply = replyOf(message, metadata.phone_number_id);
        if (reply) events.push(reply);
      }
      for (const rawStatus of statuses) {
        const status = statusOf(rawStatus);
        if (status) events.push(status);
      }
    }
  }
  return events;
}
