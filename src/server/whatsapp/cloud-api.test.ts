import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWhatsApp, type FakeWhatsApp } from '../test/fakes/whatsapp';
import {
  createWhatsAppClient,
  GRAPH_API_VERSION,
  templateText,
  WhatsAppError,
  type TemplateMessage,
  type WhatsAppClient,
} from './cloud-api';

const confirmation: TemplateMessage = {
  to: '201012345678',
  template: 'order_confirmation',
  language: 'ar',
  bodyParameters: ['Mona', 'N-10234', '1,250.50 EGP'],
  quickReplies: ['confirm:N-10234', 'cancel:N-10234'],
  callbackData: 'order:N-10234',
};

/** What a call's WhatsAppError says, or fails the test when it succeeds or throws something else. */
async function whatsAppErrorOf(call: Promise<unknown>): Promise<WhatsAppError> {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WhatsAppError);
  return error as WhatsAppError;
}

let meta: FakeWhatsApp;
let client: WhatsAppClient;

beforeEach(async () => {
  meta = await startFakeWhatsApp({ approvedTemplates: ['order_confirmation'] });
  client = createWhatsAppClient({
    token: meta.token,
    phoneNumberId: meta.phoneNumberId,
    apiUrl: meta.url,
    timeoutMs: 1_000,
  });
});

afterEach(async () => {
  await meta.close();
});

describe('sending a template message', () => {
  it('sends it once, in the shape Meta documents, and answers the id Meta gave it', async () => {
    const sent = await client.sendTemplate(confirmation);

    expect(meta.requests).toEqual([
      { method: 'POST', path: `/${GRAPH_API_VERSION}/${meta.phoneNumberId}/messages`, status: 200 },
    ]);
    expect(meta.messages).toHaveLength(1);
    const [message] = meta.messages;
    expect(sent).toEqual({ messageId: message!.id });
    expect(message!.id).toMatch(/^wamid\./);
    expect(message!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '201012345678',
      type: 'template',
      template: {
        name: 'order_confirmation',
        language: { code: 'ar' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Mona' },
              { type: 'text', text: 'N-10234' },
              { type: 'text', text: '1,250.50 EGP' },
            ],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '0',
            parameters: [{ type: 'payload', payload: 'confirm:N-10234' }],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '1',
            parameters: [{ type: 'payload', payload: 'cancel:N-10234' }],
          },
        ],
      },
      biz_opaque_callback_data: 'order:N-10234',
    });
    expect(message).toMatchObject({
      to: '201012345678',
      template: 'order_confirmation',
      language: 'ar',
      quickReplies: ['confirm:N-10234', 'cancel:N-10234'],
      callbackData: 'order:N-10234',
    });
  });

  it('sends English as Meta names it, and leaves out the parts a message does not have', async () => {
    meta.approvedTemplates.add('hello');
    await client.sendTemplate({ to: '201012345678', template: 'hello', language: 'en', bodyParameters: [] });

    expect(meta.messages[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '201012345678',
      type: 'template',
      template: { name: 'hello', language: { code: 'en' } },
    });
  });

  it('flattens every body parameter to text Meta takes', async () => {
    await client.sendTemplate({
      ...confirmation,
      bodyParameters: ['Mona\tAdel', '14 Fawzy Moaz Street\r\nBuilding 7\n\n  Floor 3  ', 'a      b'],
    });

    expect(meta.messages[0]!.bodyParameters).toEqual([
      'Mona Adel',
      '14 Fawzy Moaz Street · Building 7 · Floor 3',
      'a b',
    ]);
  });

  it('sends the token as a Bearer token, and a wrong one is refused for good', async () => {
    const wrongToken = createWhatsAppClient({
      token: 'not-the-token',
      phoneNumberId: meta.phoneNumberId,
      apiUrl: meta.url,
    });

    const error = await whatsAppErrorOf(wrongToken.sendTemplate(confirmation));

    expect(error).toMatchObject({ retryable: false, status: 401, code: 190 });
    expect(error.reason).toBe(
      'Meta refused the message (190): Invalid OAuth access token - Cannot parse access token',
    );
    expect(meta.messages).toEqual([]);
  });
});

describe('when Meta refuses or cannot be reached', () => {
  it('an outage (500) may pass: retryable, with Meta code and words', async () => {
    meta.failNext(1, 'status500');

    const error = await whatsAppErrorOf(client.sendTemplate(confirmation));

    expect(error).toMatchObject({ retryable: true, status: 500, code: 131000 });
    expect(error.reason).toBe('Meta could not take the message now (131000): Something went wrong');
    // The next try goes through.
    const sent = await client.sendTemplate(confirmation);
    expect(sent).toEqual({ messageId: meta.messages[0]!.id });
  });

  it('throttling (429, 130429) is retryable', async () => {
    meta.failNext(1, 'status429');

    const error = await whatsAppErrorOf(client.sendTemplate(confirmation));

    expect(error).toMatchObject({ retryable: true, status: 429, code: 130429 });
    expect(error.reason).toBe(
      'Meta could not take the message now (130429): Rate limit hit: Cloud API message throughput has been reached.',
    );
  });

  it('a template Meta has not approved (132001) is not retryable, and says which', async () => {
    const error = await whatsAppErrorOf(client.sendTemplate({ ...confirmation, template: 'order_shipped' }));

    expect(error).toMatchObject({ retryable: false, status: 404, code: 132001 });
    expect(error.reason).toBe(
      'Meta refused the message (132001): Template name does not exist in the translation: ' +
        'template name (order_shipped) does not exist in ar',
    );
    expect(error.message).toBe(error.reason);
  });

  it('a refused request (400) is not retryable', async () => {
    meta.failNext(1, 'status400');

    const error = await whatsAppErrorOf(client.sendTemplate(confirmation));

    expect(error).toMatchObject({ retryable: false, status: 400, code: 100 });
    expect(error.reason).toBe(
      'Meta refused the message (100): Invalid parameter: Invalid parameter (injected fault)',
    );
  });

  it('pair rate limit (131056) is retryable even when it comes as a 400', async () => {
    const throttled = createWhatsAppClient({
      token: 't',
      phoneNumberId: '1',
      apiUrl: 'https://graph.example',
      fetch: async () =>
        Response.json(
          {
            error: {
              message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
              type: 'OAuthException',
              code: 131056,
              error_data: {
                messaging_product: 'whatsapp',
                details:
                  'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
              },
            },
          },
          { status: 400 },
        ),
    });

    const error = await whatsAppErrorOf(throttled.sendTemplate(confirmation));

    expect(error).toMatchObject({ retryable: true, status: 400, code: 131056 });
  });

  it('an answer that is not Meta’s JSON is judged by its status', async () => {
    const proxy = createWhatsAppClient({
      token: 't',
      phoneNumberId: '1',
      apiUrl: 'https://graph.example',
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });

    const error = await whatsAppErrorOf(proxy.sendTemplate(confirmation));

    expect(error).toMatchObject({ retryable: true, status: 502, reason: 'Meta answered HTTP 502' });
    expect(error.code).toBeUndefined();
  });

  it('no answer within the timeout is retryable', async () => {
    meta.failNext(1, 'timeout');
    const impatient = createWhatsAppClient({
      token: meta.token,
      phoneNumberId: meta.phoneNumberId,
      apiUrl: meta.url,
      timeoutMs: 100,
    });

    const error = await whatsAppErrorOf(impatient.sendTemplate(confirmation));

    expect(error).toMatchObject({ retryable: true, reason: 'Meta did not answer within 100 ms' });
    expect(error.status).toBeUndefined();
  });

  it('a server that cannot be reached is retryable', async () => {
    const unreachable = createWhatsAppClient({
      token: 't',
      phoneNumberId: '1',
      apiUrl: 'http://127.0.0.1:1',
      timeoutMs: 1_000,
    });

    const error = await whatsAppErrorOf(unreachable.sendTemplate(confirmation));

    expect(error.retryable).toBe(true);
    expect(error.reason).toMatch(/^Meta could not be reached/);
  });

  it('a number that is not digits is refused before Meta is asked', async () => {
    const error = await whatsAppErrorOf(client.sendTemplate({ ...confirmation, to: '+20 101 234 5678' }));

    expect(error.retryable).toBe(false);
    expect(meta.requests).toEqual([]);
  });
});

describe('templateText', () => {
  it('keeps a one-line text as it is', () => {
    expect(templateText('Mona Adel')).toBe('Mona Adel');
    expect(templateText('منى عادل')).toBe('منى عادل');
  });

  it('joins lines with a middle dot and collapses tabs and runs of spaces', () => {
    expect(templateText('  Street 14\n\n\tBuilding 7\u2028Floor 3 ')).toBe(
      'Street 14 · Building 7 · Floor 3',
    );
    expect(templateText('a     b\u00a0\u00a0c')).toBe('a b c');
  });

  it('never leaves what Meta refuses: a newline, a tab, or five spaces in a row', () => {
    for (const value of ['\n', '\t\t', 'a\r\rb', '     ', 'x \n \n y', 'p\u000bq']) {
      expect(templateText(value)).not.toMatch(/[\n\r\t\v]| {5,}/);
    }
  });
});
