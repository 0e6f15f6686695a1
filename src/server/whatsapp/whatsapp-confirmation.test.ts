import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import type { OrderDto } from '@/shared/schemas/order';
import type { FullSettingsAnswer } from '@/shared/schemas/settings';
import { whatsappEvents } from '../db/schema';
import { stockOf } from '../stock/test-products';
import { createTestApp, testDriver, type TestApp } from '../test/app';
import { createProduct } from '../test/catalog-fixtures';
import { eventually } from '../test/eventually';
import { startFakeWhatsApp, type FakeWhatsApp } from '../test/fakes/whatsapp';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';

const TEMPLATES = ['order_confirmation', 'order_status_update', 'order_shipped'];
const VERIFY_TOKEN = 'the-shop-verify-token-0123456789';

let phoneSequence = 0;
/** A number of its own per order: '0102…' as typed, '20102…' as WhatsApp knows it. */
const newPhone = () => `0102${String(1_000_000 + phoneSequence++).slice(-7)}`;
const digitsOf = (phone: string) => `2${phone}`;

describe(`confirming on WhatsApp Business (${testDriver})`, () => {
  let meta: FakeWhatsApp;
  let t: TestApp;
  let admin: TestUser;
  let webhookUrl: string;
  /** The sender's clock runs ahead of the real one by this: a delayed message falls due when a test moves it. */
  let ahead = 0;

  beforeAll(async () => {
    meta = await startFakeWhatsApp({ approvedTemplates: TEMPLATES });
    t = await createTestApp(
      {
        RATE_LIMIT_PER_MINUTE: '100000',
        WHATSAPP_TOKEN: meta.token,
        WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
        WHATSAPP_APP_SECRET: meta.appSecret,
        WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
        WHATSAPP_API_URL: meta.url,
      },
      { whatsapp: { pollMs: 30, backoff: () => 50, clock: () => Date.now() + ahead } },
    );
    admin = await createUser(t, { role: 'admin' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    webhookUrl = `http://127.0.0.1:${port}/api/whatsapp/webhook`;
  });
  afterAll(async () => {
    await t.close();
    await meta.close();
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const order = async (id: string) =>
    (await call(admin, 'GET', `/api/order/${id}`)).json<{ results: OrderDto }>().results;

  async function place(
    user: TestUser,
    phone: string,
    options: { productId?: string; accept?: string } = {},
  ): Promise<OrderDto> {
    const productId = options.productId ?? (await createProduct(t, { name: 'Layla Dress', price: 450 })).id;
    await call(user, 'POST', '/api/cart', { productId, quantity: 2 });
    const body = multipartBody({ ...gizaShipping, phone, paymentType: 'cash' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: {
        ...user.headers,
        ...body.headers,
        ...(options.accept ? { 'accept-language': options.accept } : {}),
      },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: OrderDto }>().order;
  }
  const sentTo = (phone: string) => meta.messages.filter((message) => message.to === digitsOf(phone));
  /** The customer taps a button of the confirmation she got. */
  function tap(phone: string, answer: 'confirm' | 'cancel', orderId: string, from = digitsOf(phone)) {
    const confirmation = sentTo(phone).find((message) => message.template === 'order_confirmation')!;
    return meta.buttonReplyBody({
      from,
      payload: `${answer}:${orderId}`,
      text: answer === 'confirm' ? 'Confirm' : 'Cancel',
      contextMessageId: confirmation.id,
    });
  }

  it('answers Meta’s verify handshake with the challenge, and only with the right token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(messages.confirmation.webhookVerifyRefused);
    const settings = await call(admin, 'GET', '/api/settings/full');
    expect(settings.json<FullSettingsAnswer>().settings.whatsappBusiness.configured).toBe(true);
  });

  it('asks once per order, in her language, and her Confirm confirms it (a replay changes nothing)', async () => {
    const shopper = await createUser(t);
    const phone = newPhone();
    const placed = await place(shopper, phone, { accept: 'ar' });
    const [message] = await eventually(
      'the confirmation sent',
      () => sentTo(phone),
      (sent) => sent.length > 0,
    );
    expect(message).toMatchObject({
      template: 'order_confirmation',
      language: 'ar',
      quickReplies: [`confirm:${placed.id}`, `cancel:${placed.id}`],
    });
    expect(message!.bodyParameters).toEqual([
      gizaShipping.name,
      placed.number,
      'Layla Dress × 2',
      '940 ج.م.',
      placed.address,
    ]);
    await eventually(
      'the order showing the message sent',
      () => order(placed.id),
      (o) => o.confirmation.messages[0]?.state === 'sent',
    );

    const reply = tap(phone, 'confirm', placed.id);
    const answered = await meta.sendWebhook(webhookUrl, reply);
    expect(answered.status).toBe(200);
    const confirmed = await order(placed.id);
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmation: { awaiting: false } });
    expect(confirmed.confirmation.contacts).toMatchObject([
      { channel: 'whatsapp', outcome: 'confirmed', source: 'customer', by: null, note: 'Confirm' },
    ]);
    // Meta sends a notification again when we were slow to answer: the same message id changes nothing.
    const again = await meta.sendWebhook(webhookUrl, reply);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body).message).toBe('replay');
    expect((await order(placed.id)).confirmation.contacts).toHaveLength(1);
    // One confirmation only, however often the order was read or changed since; the status change told her too.
    const statusSent = await eventually(
      'the status message sent',
      () => sentTo(phone),
      (sent) => sent.some((m) => m.template === 'order_status_update'),
    );
    expect(statusSent.filter((m) => m.template === 'order_confirmation')).toHaveLength(1);
  });

  it('her Cancel cancels the order and returns its stock; a tap after that is logged and changes nothing', async () => {
    const shopper = await createUser(t);
    const phone = newPhone();
    const product = await createProduct(t, { name: 'Nile Scarf', price: 200, availableItems: 5 });
    const placed = await place(shopper, phone, { productId: product.id });
    await eventually(
      'the confirmation sent',
      () => sentTo(phone),
      (sent) => sent.length > 0,
    );
    expect((await stockOf(t, product.id))?.available).toBe(3);

    await meta.sendWebhook(webhookUrl, tap(phone, 'cancel', placed.id));
    expect(await order(placed.id)).toMatchObject({ status: 'cancelled' });
    expect((await stockOf(t, product.id))?.available).toBe(5);

    const late = await meta.sendWebhook(webhookUrl, tap(phone, 'confirm', placed.id));
    expect(JSON.parse(late.body).message).toBe('late');
    expect(await order(placed.id)).toMatchObject({ status: 'cancelled' });
    expect((await stockOf(t, product.id))?.available).toBe(5);
  });

  it('refuses a forged or unsigned webhook (401, nothing stored) and a reply from another number', async () => {
    const shopper = await createUser(t);
    const phone = newPhone();
    const placed = await place(shopper, phone);
    await eventually(
      'the confirmation sent',
      () => sentTo(phone),
      (sent) => sent.length > 0,
    );
    const before = (await t.database.db.select().from(whatsappEvents)).length;

    const forged = await meta.sendWebhook(webhookUrl, tap(phone, 'confirm', placed.id), {
      secret: 'not-the-app-secret-at-all',
    });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body).message).toBe(messages.confirmation.webhookSignatureRefused);
    const unsigned = await meta.sendWebhook(webhookUrl, tap(phone, 'confirm', placed.id), {
      signature: null,
    });
    expect(unsigned.status).toBe(401);
    expect((await t.database.db.select().from(whatsappEvents)).length).toBe(before);

    const stranger = await meta.sendWebhook(webhookUrl, tap(phone, 'confirm', placed.id, '201199999999'));
    expect(JSON.parse(stranger.body).message).toBe('wrongNumber');
    expect(await order(placed.id)).toMatchObject({ status: 'pending', confirmation: { awaiting: true } });
  });

  it('waits out the owner’s delay before it asks', async () => {
    await call(admin, 'PATCH', '/api/settings', { confirmation: { messageDelayHours: 2 } });
    try {
      const shopper = await createUser(t);
      const phone = newPhone();
      const placed = await place(shopper, phone);
      expect(placed.confirmation.confirmBy).not.toBeNull();
      const queued = (await order(placed.id)).confirmation.messages;
      expect(queued).toMatchObject([{ purpose: 'confirmation', state: 'queued' }]);
      expect(Date.parse(queued[0]!.sendAt) - Date.parse(placed.createdAt)).toBeGreaterThan(
        2 * 3_600_000 - 60_000,
      );
      // The sender looks every 30 ms: a few looks later nothing has gone.
      const looked = meta.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(sentTo(phone)).toEqual([]);
      expect(meta.requests.length).toBe(looked);

      ahead += 2 * 3_600_000 + 1_000;
      await eventually(
        'the delayed confirmation sent',
        () => sentTo(phone),
        (sent) => sent.length === 1,
      );
    } finally {
      await call(admin, 'PATCH', '/api/settings', { confirmation: { messageDelayHours: 0 } });
    }
  });

  it('tries again after Meta’s outage, and gives up at once on a template Meta has not approved', async () => {
    const shopper = await createUser(t);
    const phone = newPhone();
    meta.failNext(2, 'status500');
    const placed = await place(shopper, phone);
    await eventually(
      'sent after the outage',
      () => sentTo(phone),
      (sent) => sent.length === 1,
    );
    const sent = await eventually(
      'the order showing it sent',
      () => order(placed.id),
      (o) => o.confirmation.messages[0]?.state === 'sent',
    );
    expect(sent.confirmation.messages[0]!.attempts).toBe(3);

    meta.approvedTemplates.delete('order_confirmation');
    try {
      const other = newPhone();
      const refused = await place(shopper, other);
      const failed = await eventually(
        'the refusal shown on the order',
        () => order(refused.id),
        (o) => o.confirmation.messages[0]?.state === 'failed',
      );
      expect(failed.confirmation.messages[0]).toMatchObject({ attempts: 1 });
      expect(failed.confirmation.messages[0]!.error).toContain('132001');
      // Not tried again: the order still awaits, for the owner to call.
      const tries = meta.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(meta.requests.length).toBe(tries);
      expect(failed.confirmation.awaiting).toBe(true);
    } finally {
      meta.approvedTemplates.add('order_confirmation');
    }
  });

  it('marks a message sent from Meta’s status when our own mark was lost', async () => {
    const shopper = await createUser(t);
    const phone = newPhone();
    await call(admin, 'PATCH', '/api/settings', { confirmation: { messageDelayHours: 1 } });
    let placed: OrderDto;
    try {
      placed = await place(shopper, phone);
    } finally {
      await call(admin, 'PATCH', '/api/settings', { confirmation: { messageDelayHours: 0 } });
    }
    // As if Meta had taken it and the process died before marking it: its status names the row.
    const [queued] = (await order(placed.id)).confirmation.messages;
    const status = meta.statusBody({
      messageId: 'wamid.HBgLMjAxMDEyMzQ1Njc4FQIAERgSQ0U1',
      status: 'sent',
      recipient: digitsOf(phone),
      callbackData: queued!._id,
    });
    const answered = await meta.sendWebhook(webhookUrl, status);
    expect(JSON.parse(answered.body).message).toBe('marked');
    ahead += 2 * 3_600_000;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sentTo(phone)).toEqual([]);
    expect((await order(placed.id)).confirmation.messages[0]).toMatchObject({ state: 'sent' });
    const events = await t.database.db
      .select()
      .from(whatsappEvents)
      .where(eq(whatsappEvents.eventKey, 'status:wamid.HBgLMjAxMDEyMzQ1Njc4FQIAERgSQ0U1:sent'));
    expect(events).toHaveLength(1);
  });
});
