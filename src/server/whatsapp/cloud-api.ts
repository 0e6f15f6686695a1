/**
 * WhatsApp Business Cloud API (Meta's Graph API): sending an approved template message. Read on
 * 2026-12-06 from Meta's pages (and, where named, pages that quote them):
 *   [send]   https://developers.facebook.com/documentation/business-messaging/whatsapp/reference/whatsapp-business-phone-number/message-api
 *            (POST /{Version}/{Phone-Number-ID}/messages, Bearer token, the answer's shape; versions
 *            v23.0–v25.0 listed) and https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 *            (biz_opaque_callback_data: "Cloud API does not process this field, it just returns it" in the
 *            status webhooks)
 *   [tmpl]   https://developers.facebook.com/docs/whatsapp/api/messages/message-templates (the languages
 *            templates are sent in, with their codes: English `en`, English (US) `en_US`, Arabic `ar`)
 *   [btn]    https://whatsapp.github.io/WhatsApp-Nodejs-SDK/api-reference/types/button_parameter_object
 *            (Meta's own SDK: a quick-reply button's parameter is { type: 'payload', payload })
 *   [errors] https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
 *            (the error body; "build your app's error handling logic around `code` values and `details`";
 *            throttling codes 130429 and 131056, 131000 "Something went wrong… Try again")
 *   [log]    https://developers.facebook.com/docs/whatsapp/business-platform/changelog (132018 for invalid
 *            template parameters from v23.0; biz_opaque_callback_data raised from 256 to 512 characters)
 *   [param]  Meta's refusal "Param text cannot have new-line/tab characters or more than 4 consecutive
 *            spaces", as integrations report it (github.com/netflie/whatsapp-cloud-api/issues/201,
 *            github.com/dimagi/open-chat-studio/pull/4277).
 *
 * The request [send]:
 *   POST {apiUrl}/{version}/{phoneNumberId}/messages, `Authorization: Bearer <token>`, JSON:
 *     { messaging_product: 'whatsapp', recipient_type: 'individual', to: '201012345678', type: 'template',
 *       template: { name, language: { code },
 *                   components: [ { type: 'body', parameters: [{ type: 'text', text }, …] },
 *                                 { type: 'button', sub_type: 'quick_reply', index: '0',
 *                                   parameters: [{ type: 'payload', payload }] }, … ] },
 *       biz_opaque_callback_data?: string }
 *   → 200 { messaging_product: 'whatsapp', contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }.
 *   A quick reply's payload comes back in the messages webhook as `button.payload` when the customer taps
 *   it (see webhook.ts), which is how a reply is matched to what was asked.
 * A refusal [errors]: { error: { message: '(#132001) Template name does not exist in the translation',
 *   type, code, error_data: { messaging_product, details }, fbtrace_id } } with an HTTP 4xx or 5xx.
 */
import { z } from 'zod';

/** The Graph API version the requests name; Meta supports each version for about two years. */
export const GRAPH_API_VERSION = 'v25.0';
const DEFAULT_TIMEOUT_MS = 10_000;
/** biz_opaque_callback_data is at most 512 characters [log]. */
const CALLBACK_DATA_MAX_LENGTH = 512;

/**
 * Meta's codes of a refusal that passes with time, whatever the HTTP status it came with [errors]:
 * 4 (the app's call rate), 80007 (the business account's rate), 130429 (the number's throughput),
 * 131056 (too many messages to the same customer in a short time: "wait and retry") and 131000
 * ("Something went wrong", for which Meta's advice is to try again).
 */
const RETRYABLE_CODES = new Set([4, 80007, 130429, 131056, 131000]);

/** Our template languages, as the codes Meta names them [tmpl]; the template must exist in that code. */
const LANGUAGE_CODE = { en: 'en', ar: 'ar' } as const;

export interface TemplateMessage {
  /** The customer's number, digits with the country code and no '+': '201012345678'. */
  to: string;
  /** The approved template's name. */
  template: string;
  language: keyof typeof LANGUAGE_CODE;
  /** The body's {{1}}, {{2}}, … in order; each is flattened with templateText. */
  bodyParameters: string[];
  /** The payload of each quick-reply button, in the template's button order (index 0, 1, …). */
  quickReplies?: string[];
  /** Sent as biz_opaque_callback_data: Meta repeats it in every status webhook of this message. */
  callbackData?: string;
}

export interface WhatsAppClient {
  /** Sends one template message; answers Meta's id of it ('wamid.…'). Throws WhatsAppError. */
  sendTemplate(message: TemplateMessage): Promise<{ messageId: string }>;
}

export interface WhatsAppClientOptions {
  /** A system user's access token with the whatsapp_business_messaging permission. */
  token: string;
  /** The business phone number's id in Meta's WhatsApp Manager (not the number itself). */
  phoneNumberId: string;
  /** Meta's Graph API ('https://graph.facebook.com'), or a test's fake. */
  apiUrl: string;
  apiVersion?: string;
  /** How long one call may take before it is given up (and retried later). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Meta refused a message or could not be reached. `retryable` says whether trying again later may
 * succeed (an outage, a timeout, a rate limit) or cannot (Meta refused what we sent: no such template, a
 * bad parameter, a bad token); the job runners give up at once on `retryable: false`. `reason` is one
 * line for the owner, with Meta's code when there is one.
 */
export class WhatsAppError extends Error {
  readonly retryable: boolean;
  readonly status: number | undefined;
  /** Meta's error code (132001, 130429, …), when Meta answered one. */
  readonly code: number | undefined;
  readonly reason: string;

  constructor(
    reason: string,
    options: { retryable: boolean; status?: number; code?: number; cause?: unknown },
  ) {
    super(reason, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'WhatsAppError';
    this.reason = reason;
    this.retryable = options.retryable;
    this.status = options.status;
    this.code = options.code;
  }
}

/**
 * A text as Meta takes it in a template parameter: Meta refuses a parameter with a newline or a tab in
 * it, or more than four spaces in a row [param]. So the lines of a text (an address typed on three lines)
 * are joined with ' · ', and every other run of white space becomes one space.
 */
export function templateText(value: string): string {
  return value
    .split(/[\r\n\v\f\u0085\u2028\u2029]+/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join(' · ');
}

/** The parts of an error Meta reports, in a refusal's body or a failed status's `errors` [errors]. */
export interface MetaErrorParts {
  code?: number | undefined;
  /** `message` of a refusal ('(#132001) Template name does not exist…') or `title` of a status error. */
  message?: string | undefined;
  details?: string | undefined;
}

/**
 * One line of Meta's words about an error, its code first: '(132001): Template name does not exist in
 * the translation: template name (x) does not exist in en'. The message loses the '(#132001)' Meta starts
 * it with, and the details follow when they say more than the message.
 */
export function metaErrorText(parts: MetaErrorParts): string {
  const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const title = oneLine(parts.message).replace(/^\(#\d+\)\s*/, '');
  const details = oneLine(parts.details);
  const sameWords = details.toLowerCase().replace(/\W/g, '') === title.toLowerCase().replace(/\W/g, '');
  const text = [title, sameWords ? '' : details].filter(Boolean).join(': ') || 'no reason given';
  return parts.code === undefined ? text : `(${parts.code}): ${text}`;
}

const MetaErrorBodySchema = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});

const SentSchema = z.object({
  messages: z.array(z.object({ id: z.string().min(1) })).min(1),
});

/** Whether an HTTP status may change on a later try: Meta's outage, its own timeout, or "slow down". */
function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** The body of POST /messages for a template message (see the comment at the top). */
function templateMessageBody(message: TemplateMessage): Record<string, unknown> {
  const components: Array<Record<string, unknown>> = [];
  if (message.bodyParameters.length > 0) {
    components.push({
      type: 'body',
      parameters: message.bodyParameters.map((value) => ({ type: 'text', text: templateText(value) })),
    });
  }
  (message.quickReplies ?? []).forEach((payload, index) => {
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      // Meta's examples write the button's index as a string.
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    });
  });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: message.template,
      language: { code: LANGUAGE_CODE[message.language] },
      ...(components.length > 0 ? { components } : {}),
    },
    ...(message.callbackData === undefined ? {} : { biz_opaque_callback_data: message.callbackData }),
  };
}

/** What is wrong with a message before Meta sees it, or null: such a message can never be sent. */
function messageRefusal(message: TemplateMessage): string | null {
  if (!/^\d{8,15}$/.test(message.to)) {
    return `The WhatsApp number must be digits with the country code (as 201012345678), not "${message.to}"`;
  }
  if (message.template.trim() === '') return 'The WhatsApp template has no name';
  if ((message.callbackData?.length ?? 0) > CALLBACK_DATA_MAX_LENGTH) {
    return `The message's callback data is longer than Meta's ${CALLBACK_DATA_MAX_LENGTH} characters`;
  }
  return null;
}

export function createWhatsAppClient(options: WhatsAppClientOptions): WhatsAppClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const version = options.apiVersion ?? GRAPH_API_VERSION;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url = `${apiUrl}/${version}/${encodeURIComponent(options.phoneNumberId)}/messages`;

  /** The WhatsAppError of a refusal: Meta's code decides when it has one, else the HTTP status. */
  async function refusalOf(response: Response): Promise<WhatsAppError> {
    const text = await response.text().catch(() => '');
    let parsed: z.infer<typeof MetaErrorBodySchema> | null = null;
    try {
      const result = MetaErrorBodySchema.safeParse(JSON.parse(text));
      if (result.success) parsed = result.data;
    } catch {
      // Not JSON (a proxy's error page): the status says it.
    }
    const status = response.status;
    const code = parsed?.error.code;
    const retryable = isRetryableStatus(status) || (code !== undefined && RETRYABLE_CODES.has(code));
    if (!parsed) {
      return new WhatsAppError(`Meta answered HTTP ${status}`, { retryable, status });
    }
    const words = metaErrorText({
      code,
      message: parsed.error.message,
      details: parsed.error.error_data?.details,
    });
    const lead = retryable ? 'Meta could not take the message now' : 'Meta refused the message';
    return new WhatsAppError(`${lead} ${words}`, {
      retryable,
      status,
      ...(code === undefined ? {} : { code }),
    });
  }

  return {
    async sendTemplate(message) {
      const refusal = messageRefusal(message);
      if (refusal) throw new WhatsAppError(refusal, { retryable: false });

      let response: Response;
      try {
        response = await fetchFn(url, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(templateMessageBody(message)),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // A timeout, a refused connection, a reset: Meta may or may not have sent it. Trying again is the
        // lesser harm (Meta has no idempotency key for messages, so the customer may get it twice).
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        const reason = timedOut
          ? `Meta did not answer within ${timeoutMs} ms`
          : `Meta could not be reached (${error instanceof Error ? error.message : String(error)})`;
        throw new WhatsAppError(reason, { retryable: true, cause: error });
      }
      if (!response.ok) throw await refusalOf(response);

      const answer: unknown = await response.json().catch(() => null);
      const sent = SentSchema.safeParse(answer);
      if (!sent.success) {
        // Meta said yes, so the message is on its way: sending it again would send it twice.
        throw new WhatsAppError('Meta took the message but answered no message id', {
          retryable: false,
          status: response.status,
        });
      }
      return { messageId: sent.data.messages[0]!.id };
    },
  };
}
