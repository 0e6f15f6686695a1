import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local WhatsApp Business Cloud API (Meta's Graph API) for tests, answering the requests
 * src/server/whatsapp/cloud-api.ts makes as Meta documents them, and sending webhooks as Meta does.
 * Read from Meta's pages (the tops of cloud-api.ts and webhook.ts quote each):
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/reference/whatsapp-business-phone-number/message-api
 *   https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 *   https://developers.facebook.com/docs/whatsapp/api/messages/message-templates
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
 *   https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/reference/messages/status
 *   https://developers.facebook.com/docs/graph-api/webhooks/getting-started (verify handshake, X-Hub-Signature-256)
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/button
 *   https://whatsapp.github.io/WhatsApp-Nodejs-SDK/api-reference/types/button_parameter_object
 * What it does:
 *   - POST /{version}/{phoneNumberId}/messages with `Authorization: Bearer <token>`: checks the token
 *     (401, code 190 otherwise), the path (400, code 100), the body (messaging_product 'whatsapp', type
 *     'template', `to` in digits, a template name and language code: 400, code 100), that the template
 *     is approved (404, code 132001), and Meta's rule on parameter text (400, code 132018); then keeps
 *     the message and answers { messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }.
 *   - Faults on demand: Meta's outage (500, 131000 "Something went wrong"), throttling (429, 130429
 *     "Rate limit hit"), a refusal (400, 100 "Invalid parameter"), or no answer at all.
 *   - Webhook bodies of a quick-reply tap and of a status, and a POST that signs the body's exact bytes
 *     in X-Hub-Signature-256 with the app secret.
 */

/** A message the fake took, as sent and as read. */
export interface FakeSentMessage {
  /** The id the fake answered ('wamid.…'). */
  id: string;
  /** The request's parsed body, as is. */
  body: Record<string, unknown>;
  to: string;
  template: string;
  /** The language code sent ('en', 'ar'). */
  language: string;
  bodyParameters: string[];
  /** The quick-reply payloads, in button index order. */
  quickReplies: string[];
  callbackData: string | null;
}

/**
 * How the next requests fail: Meta's outage (500), Meta refusing the request (400), Meta throttling
 * (429), or no answer at all ('timeout': the answer never comes, as when the connection dies).
 */
export type FakeWhatsAppFault = 'status500' | 'status400' | 'status429' | 'timeout';

export interface FakeWhatsApp {
  /** To pass as the client's apiUrl. */
  url: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** Every message taken, in order. */
  messages: FakeSentMessage[];
  /** Every request received, in order, with the status answered (null while held by a 'timeout'). */
  requests: Array<{ method: string; path: string; status: number | null }>;
  /** The names of the templates Meta has approved; sending any other is refused with 132001. */
  approvedTemplates: Set<string>;
  /** The next `count` requests fail as `kind` says. */
  failNext(count: number, kind: FakeWhatsAppFault): void;
  /** The notification Meta sends when the customer taps a template's quick-reply button. */
  buttonReplyBody(reply: {
    from: string;
    payload: string;
    text: string;
    /** The id of the message the button was on. */
    contextMessageId: string;
    messageId?: string;
    /** Unix seconds; now by default. */
    timestamp?: number;
  }): Record<string, unknown>;
  /** The notification Meta sends when a message is sent, delivered, read or fails. */
  statusBody(status: {
    messageId: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    recipient: string;
    callbackData?: string;
    timestamp?: number;
  }): Record<string, unknown>;
  /**
   * POSTs `body` to `targetUrl` as Meta does: serialised once, and those bytes signed with the app
   * secret (or `secret`) in X-Hub-Signature-256. `signature` sends that header as given instead (a
   * forgery), and null sends none.
   */
  sendWebhook(
    targetUrl: string,
    body: unknown,
    options?: { secret?: string; signature?: string | null },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const WHATSAPP_BUSINESS_ACCOUNT_ID = '102290129340398';
const DISPLAY_PHONE_NUMBER = '201000000000';
/** Meta's words when a parameter's text breaks its rule, as integrations quote them. */
const PARAMETER_TEXT_RULE =
  'Param text cannot have new-line/tab characters or more than 4 consecutive spaces';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Graph API error body, as Meta's error codes page shows it. */
function metaError(code: number, title: string, details: string, type = 'OAuthException') {
  return {
    error: {
      message: `(#${code}) ${title}`,
      type,
      code,
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  };
}

const INVALID_TOKEN = {
  error: {
    message: 'Invalid OAuth access token - Cannot parse access token',
    type: 'OAuthException',
    code: 190,
    fbtrace_id: 'fake',
  },
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

/** A template's components that are objects (the body, each button). */
function componentsOf(template: Record<string, unknown>): Array<Record<string, unknown>> {
  return Array.isArray(template.components) ? template.components.filter(isRecord) : [];
}

function parametersOf(component: Record<string, unknown>): Array<Record<string, unknown>> {
  return Array.isArray(component.parameters) ? component.parameters.filter(isRecord) : [];
}

/** What Meta says is wrong with a message body, as [status, error body], or null when it takes it. */
function bodyRefusal(body: unknown): [number, unknown] | null {
  const invalid = (details: string): [number, unknown] => [400, metaError(100, 'Invalid parameter', details)];
  if (!isRecord(body)) return invalid('The request body must be a JSON object');
  if (body.messaging_product !== 'whatsapp') {
    return invalid('The parameter messaging_product is required and must be whatsapp');
  }
  if (body.type !== 'template') return invalid('This fake takes only messages of type template');
  if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) {
    return invalid('to must be a phone number in digits with its country code');
  }
  const template = body.template;
  if (!isRecord(template) || typeof template.name !== 'string' || template.name === '') {
    return invalid('template.name is required');
  }
  if (!isRecord(template.language) || typeof template.language.code !== 'string') {
    return invalid('template.language.code is required');
  }
  if (template.components !== undefined && !Array.isArray(template.components)) {
    return invalid('template.components must be an array');
  }
  if (
    body.biz_opaque_callback_data !== undefined &&
    (typeof body.biz_opaque_callback_data !== 'string' || body.biz_opaque_callback_data.length > 512)
  ) {
    return invalid('biz_opaque_callback_data must be a string of at most 512 characters');
  }
  for (const component of componentsOf(template)) {
    for (const parameter of parametersOf(component)) {
      if (component.type === 'body') {
        if (parameter.type !== 'text' || typeof parameter.text !== 'string' || parameter.text === '') {
          return invalid('A body parameter must be { type: "text", text } with some text');
        }
        if (/[\n\t]| {5,}/.test(parameter.text)) {
          return [400, metaError(132018, 'Template parameter error', PARAMETER_TEXT_RULE)];
        }
      }
      if (component.type === 'button' && component.sub_type === 'quick_reply') {
        if (parameter.type !== 'payload' || typeof parameter.payload !== 'string') {
          return invalid('A quick-reply button parameter must be { type: "payload", payload }');
        }
      }
    }
  }
  return null;
}

function sentMessageOf(id: string, body: Record<string, unknown>): FakeSentMessage {
  const template = body.template as Record<string, unknown>;
  const components = componentsOf(template);
  const bodyParameters = components
    .filter((component) => component.type === 'body')
    .flatMap((component) => parametersOf(component).map((parameter) => String(parameter.text)));
  const quickReplies = components
    .filter((component) => component.type === 'button' && component.sub_type === 'quick_reply')
    .sort((a, b) => Number(a.index) - Number(b.index))
    .flatMap((component) => parametersOf(component).map((parameter) => String(parameter.payload)));
  return {
    id,
    body,
    to: String(body.to),
    template: String(template.name),
    language: String((template.language as Record<string, unknown>).code),
    bodyParameters,
    quickReplies,
    callbackData: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null,
  };
}

/** A message id shaped as Meta's ('wamid.' and base64). */
function messageId(): string {
  return `wamid.${randomBytes(30).toString('base64')}`;
}

export async function startFakeWhatsApp(
  options: {
    token?: string;
    phoneNumberId?: string;
    appSecret?: string;
    /** A port of its own (a journey's server is told it before the fake starts); any free one by default. */
    port?: number;
    approvedTemplates?: Iterable<string>;
  } = {},
): Promise<FakeWhatsApp> {
  const token = options.token ?? `fake-meta-${randomBytes(12).toString('hex')}`;
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const appSecret = options.appSecret ?? randomBytes(16).toString('hex');
  const messages: FakeSentMessage[] = [];
  const requests: FakeWhatsApp['requests'] = [];
  const approvedTemplates = new Set(options.approvedTemplates ?? []);
  const faults: FakeWhatsAppFault[] = [];
  /** Answers held back by a 'timeout' fault, ended on close. */
  const hanging = new Set<ServerResponse>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-graph');
    const method = request.method ?? 'GET';
    const logged: FakeWhatsApp['requests'][number] = { method, path: url.pathname, status: null };
    requests.push(logged);
    const reply = (status: number, body: unknown) => {
      logged.status = status;
      answer(response, status, body);
    };
    const text = await readBody(request);

    if (request.headers.authorization !== `Bearer ${token}`) return reply(401, INVALID_TOKEN);

    const fault = faults.shift();
    if (fault === 'timeout') {
      // Taken, never told: the answer is held until close().
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    if (fault === 'status500') {
      return reply(500, metaError(131000, 'Something went wrong', 'Something went wrong'));
    }
    if (fault === 'status429') {
      return reply(
        429,
        metaError(130429, 'Rate limit hit', 'Cloud API message throughput has been reached.'),
      );
    }
    if (fault === 'status400') {
      return reply(400, metaError(100, 'Invalid parameter', 'Invalid parameter (injected fault)'));
    }

    const path = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(url.pathname);
    if (method !== 'POST' || !path || decodeURIComponent(path[2]!) !== phoneNumberId) {
      return reply(
        400,
        metaError(
          100,
          `Unsupported ${method.toLowerCase()} request`,
          `Object with ID '${url.pathname}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
          'GraphMethodException',
        ),
      );
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    const refusal = bodyRefusal(body);
    if (refusal) return reply(...refusal);
    const sent = sentMessageOf(messageId(), body as Record<string, unknown>);
    if (!approvedTemplates.has(sent.template)) {
      return reply(
        404,
        metaError(
          132001,
          'Template name does not exist in the translation',
          `template name (${sent.template}) does not exist in ${sent.language}`,
        ),
      );
    }
    messages.push(sent);
    reply(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: sent.to, wa_id: sent.to }],
      messages: [{ id: sent.id }],
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        answer(response, 500, metaError(1, 'An unknown error occurred', String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** A notification of one change of the 'messages' field (the shape at the top of webhook.ts). */
  const notification = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WHATSAPP_BUSINESS_ACCOUNT_ID,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: DISPLAY_PHONE_NUMBER, phone_number_id: phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
  const now = () => Math.floor(Date.now() / 1000);

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    phoneNumberId,
    appSecret,
    messages,
    requests,
    approvedTemplates,
    failNext(count, kind) {
      for (let index = 0; index < count; index += 1) faults.push(kind);
    },
    buttonReplyBody(reply) {
      return notification({
        contacts: [{ profile: { name: 'Customer' }, wa_id: reply.from }],
        messages: [
          {
            context: { from: DISPLAY_PHONE_NUMBER, id: reply.contextMessageId },
            from: reply.from,
            id: reply.messageId ?? messageId(),
            timestamp: String(reply.timestamp ?? now()),
            type: 'button',
            button: { payload: reply.payload, text: reply.text },
          },
        ],
      });
    },
    statusBody(status) {
      return notification({
        statuses: [
          {
            id: status.messageId,
            status: status.status,
            timestamp: String(status.timestamp ?? now()),
            recipient_id: status.recipient,
            ...(status.callbackData === undefined ? {} : { biz_opaque_callback_data: status.callbackData }),
            ...(status.status === 'failed'
              ? {
                  errors: [
                    {
                      code: 131026,
                      title: 'Message undeliverable',
                      message: 'Message undeliverable',
                      error_data: { details: 'Message Undeliverable.' },
                    },
                  ],
                }
              : {}),
          },
        ],
      });
    },
    async sendWebhook(targetUrl, body, webhookOptions = {}) {
      // Serialised once: the signature is of these bytes, as Meta's is of the bytes it sends.
      const raw = typeof body === 'string' ? body : JSON.stringify(body);
      const signature =
        webhookOptions.signature === undefined
          ? `sha256=${createHmac('sha256', webhookOptions.secret ?? appSecret)
              .update(raw)
              .digest('hex')}`
          : webhookOptions.signature;
      const response = await fetch(targetUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(signature === null ? {} : { 'X-Hub-Signature-256': signature }),
        },
        body: raw,
      });
      return { status: response.status, body: await response.text() };
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
