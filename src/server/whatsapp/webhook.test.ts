import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWhatsApp, type FakeWhatsApp } from '../test/fakes/whatsapp';
import { hasValidSignature, parseWebhook, verifySubscription, type WhatsAppEvent } from './webhook';

const APP_SECRET = 'app-secret-of-the-shop';
const PHONE_NUMBER_ID = '106540352242922';

function signatureOf(body: string, secret = APP_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** A notification of one 'messages' change with this value, as Meta sends it. */
function notification(value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '201000000000', phone_number_id: PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

let meta: FakeWhatsApp;
/** A receiver that answers what our side makes of each webhook: 200 with its events, or 401. */
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  meta = await startFakeWhatsApp({ appSecret: APP_SECRET, phoneNumberId: PHONE_NUMBER_ID });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = request.headers['x-hub-signature-256'];
      if (!hasValidSignature(raw, typeof header === 'string' ? header : undefined, APP_SECRET)) {
        response.writeHead(401).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(parseWebhook(raw.toString('utf8'))));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/whatsapp`;
});

afterAll(async () => {
  await meta.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('the subscription handshake', () => {
  const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'verify-me', 'hub.challenge': '1158201444' };

  it('answers the challenge when the verify token is ours', () => {
    expect(verifySubscription(query, 'verify-me')).toBe('1158201444');
  });

  it('answers nothing for another token, another mode, or a missing part', () => {
    expect(verifySubscription(query, 'verify-you')).toBeNull();
    expect(verifySubscription(query, '')).toBeNull();
    expect(verifySubscription({ ...query, 'hub.mode': 'unsubscribe' }, 'verify-me')).toBeNull();
    expect(verifySubscription({ ...query, 'hub.challenge': undefined }, 'verify-me')).toBeNull();
    expect(verifySubscription({ ...query, 'hub.verify_token': ['verify-me'] }, 'verify-me')).toBeNull();
    expect(verifySubscription({}, 'verify-me')).toBeNull();
  });

  it('does not echo a challenge that could be markup', () => {
    expect(verifySubscription({ ...query, 'hub.challenge': '<script>' }, 'verify-me')).toBeNull();
  });
});

describe('the signature', () => {
  const body = notification({ statuses: [] });

  it('is valid for the HMAC-SHA256 of the exact bytes with the app secret', () => {
    expect(hasValidSignature(body, signatureOf(body), APP_SECRET)).toBe(true);
    expect(hasValidSignature(Buffer.from(body), signatureOf(body), APP_SECRET)).toBe(true);
    const upperHex = signatureOf(body).replace(/[0-9a-f]{64}$/, (hex) => hex.toUpperCase());
    expect(hasValidSignature(body, upperHex, APP_SECRET)).toBe(true);
  });

  it('is invalid for another secret, other bytes, or the same JSON written again', () => {
    expect(hasValidSignature(body, signatureOf(body, 'another-secret'), APP_SECRET)).toBe(false);
    expect(hasValidSignature(`${body} `, signatureOf(body), APP_SECRET)).toBe(false);
    const arabic = notification({ messages: [{ text: { body: 'منى' } }] }).replace(
      'منى',
      '\\u0645\\u0646\\u0649',
    );
    const rewritten = JSON.stringify(JSON.parse(arabic));
    expect(hasValidSignature(rewritten, signatureOf(arabic), APP_SECRET)).toBe(false);
  });

  it('is invalid when missing, malformed, or of the wrong length', () => {
    const hex = signatureOf(body).slice('sha256='.length);
    expect(hasValidSignature(body, undefined, APP_SECRET)).toBe(false);
    expect(hasValidSignature(body, '', APP_SECRET)).toBe(false);
    expect(hasValidSignature(body, hex, APP_SECRET)).toBe(false);
    expect(hasValidSignature(body, `sha1=${hex}`, APP_SECRET)).toBe(false);
    expect(hasValidSignature(body, `sha256=${hex.slice(0, 62)}`, APP_SECRET)).toBe(false);
    expect(hasValidSignature(body, `sha256=${hex}00`, APP_SECRET)).toBe(false);
    expect(hasValidSignature(body, `sha256=${'z'.repeat(64)}`, APP_SECRET)).toBe(false);
  });

  it('is never valid with an empty app secret', () => {
    expect(hasValidSignature(body, signatureOf(body, ''), '')).toBe(false);
  });

  it('is what the fake signs, and a forged or missing one is refused', async () => {
    const tap = meta.buttonReplyBody({
      from: '201012345678',
      payload: 'confirm:N-10234',
      text: 'Confirm',
      contextMessageId: 'wamid.sent',
    });
    await expect(meta.sendWebhook(receiverUrl, tap)).resolves.toMatchObject({ status: 200 });
    await expect(meta.sendWebhook(receiverUrl, tap, { secret: 'not-ours' })).resolves.toMatchObject({
      status: 401,
    });
    await expect(
      meta.sendWebhook(receiverUrl, tap, { signature: `sha256=${'0'.repeat(64)}` }),
    ).resolves.toMatchObject({ status: 401 });
    await expect(meta.sendWebhook(receiverUrl, tap, { signature: null })).resolves.toMatchObject({
      status: 401,
    });
  });
});

describe('reading a notification', () => {
  it('reads a tap on a template quick-reply button', async () => {
    const tap = meta.buttonReplyBody({
      from: '201012345678',
      payload: 'confirm:N-10234',
      text: 'تأكيد',
      contextMessageId: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=',
      messageId: 'wamid.reply-1',
      timestamp: 1_739_321_024,
    });

    const answer = await meta.sendWebhook(receiverUrl, tap);

    expect(JSON.parse(answer.body)).toEqual([
      {
        kind: 'reply',
        messageId: 'wamid.reply-1',
        from: '201012345678',
        phoneNumberId: PHONE_NUMBER_ID,
        at: '2025-02-12T00:43:44.000Z',
        payload: 'confirm:N-10234',
        text: 'تأكيد',
        contextMessageId: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=',
      },
    ]);
  });

  it('reads a tap on an interactive reply button, and on a list row', () => {
    const body = notification({
      messages: [
        {
          context: { from: '201000000000', id: 'wamid.question' },
          from: '201012345678',
          id: 'wamid.reply-2',
          timestamp: '1739321024',
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'cancel-button', title: 'Cancel' } },
        },
        {
          from: '201012345678',
          id: 'wamid.reply-3',
          timestamp: '1739321025',
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: 'row-2', title: 'Size M', description: '' } },
        },
      ],
    });

    expect(parseWebhook(body)).toEqual<WhatsAppEvent[]>([
      {
        kind: 'reply',
        messageId: 'wamid.reply-2',
        from: '201012345678',
        phoneNumberId: PHONE_NUMBER_ID,
        at: new Date(1_739_321_024_000),
        payload: 'cancel-button',
        text: 'Cancel',
        contextMessageId: 'wamid.question',
      },
      {
        kind: 'reply',
        messageId: 'wamid.reply-3',
        from: '201012345678',
        phoneNumberId: PHONE_NUMBER_ID,
        at: new Date(1_739_321_025_000),
        payload: 'row-2',
        text: 'Size M',
        contextMessageId: null,
      },
    ]);
  });

  it('reads a typed message as a reply without a payload', () => {
    const body = notification({
      contacts: [{ profile: { name: 'Mona' }, wa_id: '201012345678' }],
      messages: [
        {
          from: '201012345678',
          id: 'wamid.typed',
          timestamp: '1739321024',
          type: 'text',
          text: { body: 'Can you deliver tomorrow?' },
          context: { forwarded: true },
        },
      ],
    });

    expect(parseWebhook(body)).toEqual([
      {
        kind: 'reply',
        messageId: 'wamid.typed',
        from: '201012345678',
        phoneNumberId: PHONE_NUMBER_ID,
        at: new Date(1_739_321_024_000),
        payload: null,
        text: 'Can you deliver tomorrow?',
        contextMessageId: null,
      },
    ]);
  });

  it('reads statuses with their callback data, and why one failed', async () => {
    const delivered = meta.statusBody({
      messageId: 'wamid.sent-1',
      status: 'delivered',
      recipient: '201012345678',
      callbackData: 'order:N-10234',
      timestamp: 1_739_321_024,
    });
    const failed = meta.statusBody({
      messageId: 'wamid.sent-2',
      status: 'failed',
      recipient: '201099999999',
      timestamp: 1_739_321_030,
    });

    const answers = await Promise.all([
      meta.sendWebhook(receiverUrl, delivered),
      meta.sendWebhook(receiverUrl, failed),
    ]);

    expect(answers.map((answer) => JSON.parse(answer.body) as unknown)).toEqual([
      [
        {
          kind: 'status',
          messageId: 'wamid.sent-1',
          status: 'delivered',
          recipient: '201012345678',
          at: '2025-02-12T00:43:44.000Z',
          callbackData: 'order:N-10234',
          error: null,
        },
      ],
      [
        {
          kind: 'status',
          messageId: 'wamid.sent-2',
          status: 'failed',
          recipient: '201099999999',
          at: '2025-02-12T00:43:50.000Z',
          callbackData: null,
          error: '(131026): Message undeliverable',
        },
      ],
    ]);
  });

  it('keeps what it knows of a notification and leaves out the rest', () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        'not an entry',
        {
          id: '1',
          changes: [
            { field: 'message_template_status_update', value: { event: 'APPROVED' } },
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: PHONE_NUMBER_ID },
                messages: [
                  {
                    from: '201012345678',
                    id: 'wamid.img',
                    timestamp: '1',
                    type: 'image',
                    image: { id: '2' },
                  },
                  { from: '201012345678', id: 'wamid.emoji', timestamp: '1', type: 'reaction' },
                  { from: 'not digits', id: 'wamid.bad', timestamp: '1', type: 'text', text: { body: 'x' } },
                  {
                    from: '201012345678',
                    id: 'wamid.ok',
                    timestamp: '1',
                    type: 'text',
                    text: { body: 'ok' },
                  },
                ],
                statuses: [
                  { id: 'wamid.x', status: 'deleted', timestamp: '1', recipient_id: '2010' },
                  { id: 'wamid.y', status: 'read', timestamp: 'yesterday', recipient_id: '2010' },
                  { id: 'wamid.z', status: 'read', timestamp: '1', recipient_id: '2010' },
                ],
              },
            },
          ],
        },
      ],
    });

    expect(parseWebhook(body).map((event) => event.messageId)).toEqual(['wamid.ok', 'wamid.z']);
  });

  it('answers no events for junk', () => {
    expect(parseWebhook('')).toEqual([]);
    expect(parseWebhook('not json')).toEqual([]);
    expect(parseWebhook('null')).toEqual([]);
    expect(parseWebhook('[]')).toEqual([]);
    expect(parseWebhook(JSON.stringify({ object: 'page', entry: [] }))).toEqual([]);
    expect(parseWebhook(JSON.stringify({ object: 'whatsapp_business_account', entry: 'x' }))).toEqual([]);
  });
});
