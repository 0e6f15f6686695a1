import { eq, isNotNull, isNull } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mail as mailTexts } from '@/shared/messages/mail';
import type { OrderDto } from '@/shared/schemas/order';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, freshDatabase, testConfig, type TestApp } from '../test/app';
import { placeTestOrder } from '../test/orders';
import { freePort, startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { createUser } from '../test/users';
import { describeMailDelivery, mailOutboxDir, type MailOverrides } from './mailer';
import { claimDueMail } from './outbox';
import { smtpTransport } from './transport';
import { OutboxWorker, retryDelayMs } from './worker';

const SHOP_EMAIL = 'owner@nour.test';
const MAIL_FROM = 'Nour <shop@nour.test>';
/** Retries within milliseconds, so an outage in a test is over quickly; nothing else changes. */
const FAST: MailOverrides = { worker: { pollMs: 20, retryBaseMs: 10, retryMaxMs: 50 } };
const quiet = { warn: () => undefined, error: () => undefined };

describe('e-mails through the outbox', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function smtp(port?: number): Promise<TestSmtpServer> {
    const server = await startSmtpServer(port);
    cleanups.push(() => server.close());
    return server;
  }

  async function app(
    smtpUrl: string | undefined,
    options: { database?: Database; mail?: MailOverrides } = {},
  ): Promise<TestApp> {
    const t = await createTestApp(
      { RATE_LIMIT_PER_MINUTE: '100000', MAIL_FROM, SHOP_EMAIL, ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}) },
      { mail: options.mail ?? FAST, ...(options.database ? { database: options.database } : {}) },
    );
    cleanups.push(() => t.close());
    return t;
  }

  /** One database for two app processes in turn (the first "crashes", the second is the restart). */
  async function sharedDatabase(): Promise<Database> {
    const database = await freshDatabase();
    cleanups.push(() => database.close());
    return { ...database, close: async () => undefined };
  }

  async function unsent(t: TestApp) {
    return t.database.db.select().from(outbox).where(isNull(outbox.sentAt));
  }

  async function orderOf(t: TestApp): Promise<{ order: OrderDto; email: string }> {
    const product = await insertTestProduct(t, { name: 'Silk <Scarf> & Co', price: 250, stock: 5 });
    const shopper = await createUser(t, { username: 'Mona' });
    return { order: await placeTestOrder(t, shopper, [[product.id, 2]], 'instapay'), email: shopper.email };
  }

  it('mails the shopper the order (number, lines, totals, payment instructions) and the shop a notice', async () => {
    const server = await smtp();
    const t = await app(server.url);
    const { order, email } = await orderOf(t);
    expect(order.number).toMatch(/^N-\d+$/);

    const mails = await server.waitForMessages(2);
    const toShopper = mails.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
    const toShop = mails.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === SHOP_EMAIL);
    expect(toShopper?.subject).toBe(`Your Nour order ${order.number}`);
    expect(toShopper?.from?.value).toEqual([{ name: 'Nour', address: 'shop@nour.test' }]);
    expect(toShopper?.text).toContain(`Your order number is ${order.number}`);
    expect(toShopper?.text).toContain('Silk <Scarf> & Co × 2: 500 EGP');
    expect(toShopper?.text).toContain('Subtotal: 500 EGP');
    expect(toShopper?.text).toContain('Shipping fee: 40 EGP');
    expect(toShopper?.text).toContain('Total: 540 EGP');
    expect(toShopper?.text).toContain(
      'Please send the total of 540 EGP to the mobile wallet number 01012345678.',
    );
    // It leads to the order's own page (its timeline and how to pay), not to the list of every order.
    expect(toShopper?.text).toMatch(new RegExp(`See your order: http://\\S+/orders/${order._id}$`, 'm'));
    expect(toShopper?.html).toContain(`/orders/${order._id}"`);
    // The HTML copy says the same, with the product's name escaped rather than taken as markup.
    expect(toShopper?.html).toContain(order.number);
    expect(toShopper?.html).toContain('Silk &lt;Scarf&gt; &amp; Co');
    expect(toShopper?.html).not.toContain('<Scarf>');

    expect(toShop?.subject).toBe(`New order ${order.number}: 540 EGP`);
    expect(toShop?.text).toContain(`Mona (${email}) placed order ${order.number}.`);
    expect(toShop?.text).toContain('Payment method: Online (InstaPay)');
    await vi.waitFor(async () => expect(await unsent(t)).toEqual([]));
  });

  it('mails the shopper every status change, and nothing for a change to the same status', async () => {
    const server = await smtp();
    const t = await app(server.url);
    const { order, email } = await orderOf(t);
    await server.waitForMessages(2);
    const admin = await createUser(t, { role: 'admin' });
    const change = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/order/${order.id}/status`,
        headers: admin.headers,
        payload: { status },
      });

    expect((await change('confirmed')).statusCode).toBe(200);
    const [, , confirmed] = await server.waitForMessages(3);
    expect(confirmed?.to).toMatchObject({ text: email });
    expect(confirmed?.subject).toBe(`Your Nour order ${order.number} is now Confirmed`);
    expect(confirmed?.text).toContain(`The status of your order ${order.number} changed to: Confirmed.`);
    expect(confirmed?.text).toMatch(new RegExp(`See your order: http://\\S+/orders/${order._id}$`, 'm'));

    expect((await change('confirmed')).statusCode).toBe(200);
    expect((await change('completed')).statusCode).toBe(200);
    const [, , , delivered] = await server.waitForMessages(4);
    expect(delivered?.subject).toBe(`Your Nour order ${order.number} is now Delivered`);
    await vi.waitFor(async () => expect(await unsent(t)).toEqual([]));
    expect(await t.database.db.select().from(outbox)).toHaveLength(4);
  });

  it('writes no mail for an order that was refused', async () => {
    const t = await app(undefined, { mail: { ...FAST, startWorker: false } });
    const product = await insertTestProduct(t, { stock: 1 });
    const shopper = await createUser(t);
    await expect(placeTestOrder(t, shopper, [[product.id, 2]])).rejects.toThrow(/409/);
    expect(await t.database.db.select().from(outbox)).toEqual([]);
  });

  it('keeps the mail while the SMTP server is down and sends it once when it is back', async () => {
    const port = await freePort();
    const t = await app(`smtp://127.0.0.1:${port}`);
    const { order } = await orderOf(t);

    // Tried and failed more than once: each failure is recorded and pushed further out.
    await vi.waitFor(
      async () => {
        const rows = await unsent(t);
        expect(rows).toHaveLength(2);
        expect(rows.every((row) => row.attempts >= 2 && row.lastError !== null)).toBe(true);
      },
      { timeout: 10_000 },
    );

    const server = await smtp(port);
    const mails = await server.waitForMessages(2);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [`New order ${order.number}: 540 EGP`, `Your Nour order ${order.number}`].sort(),
    );
    await vi.waitFor(async () => expect(await unsent(t)).toEqual([]));
    expect(server.received).toHaveLength(2);
  });

  it('retries a message the SMTP server refused for now (451) and delivers it once', async () => {
    const server = await smtp();
    server.behave('reject');
    const t = await app(server.url);
    await orderOf(t);
    await vi.waitFor(() => expect(server.rejected).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(server.received).toEqual([]);

    server.behave('accept');
    await server.waitForMessages(2);
    await vi.waitFor(async () => expect(await unsent(t)).toEqual([]));
    expect(server.received).toHaveLength(2);
    expect(new Set(server.received.map((mail) => mail.messageId)).size).toBe(2);
  });

  it('sends after a restart what a process committed but never sent, once', async () => {
    const server = await smtp();
    const database = await sharedDatabase();
    // The first process places an order and changes it, then dies before its worker sent anything.
    const first = await app(server.url, { database, mail: { ...FAST, startWorker: false } });
    const { order } = await orderOf(first);
    const admin = await createUser(first, { role: 'admin' });
    await first.app.inject({
      method: 'PATCH',
      url: `/api/order/${order.id}/status`,
      headers: admin.headers,
      payload: { status: 'confirmed' },
    });
    expect(await unsent(first)).toHaveLength(3);
    expect(server.received).toEqual([]);
    await first.close();

    const restarted = await app(server.url, { database });
    const mails = await server.waitForMessages(3);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        `New order ${order.number}: 540 EGP`,
        `Your Nour order ${order.number}`,
        `Your Nour order ${order.number} is now Confirmed`,
      ].sort(),
    );
    await vi.waitFor(async () => expect(await unsent(restarted)).toEqual([]));
    expect(server.received).toHaveLength(3);
  });

  it('sends what a worker claimed and then died with, once its lease is over, and only then', async () => {
    const server = await smtp();
    const t = await app(server.url, { mail: { ...FAST, startWorker: false } });
    await orderOf(t);
    // The dead worker's claim: its lease stands, and nothing else marks the rows.
    const claimed = await claimDueMail(t.database.db, 400, 10);
    expect(claimed).toHaveLength(2);

    const worker = new OutboxWorker(t.database.db, smtpTransport(server.url, MAIL_FROM), quiet, FAST.worker);
    cleanups.push(() => worker.stop());
    // While the lease holds, the rows are the dead worker's: a second process does not send them.
    expect(await worker.runOnce()).toBe(0);
    expect(server.received).toEqual([]);

    await vi.waitFor(async () => expect(await worker.runOnce()).toBe(2), { interval: 50, timeout: 5_000 });
    await server.waitForMessages(2);
    expect(await worker.runOnce()).toBe(0);
    expect(server.received).toHaveLength(2);
    const rows = await t.database.db.select().from(outbox);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 2)).toBe(true);
  });

  it('lets two workers drain one outbox without sending any message twice', async () => {
    const server = await smtp();
    const t = await app(server.url, { mail: { ...FAST, startWorker: false } });
    const product = await insertTestProduct(t, { stock: 100 });
    for (let i = 0; i < 6; i += 1) await placeTestOrder(t, await createUser(t), [[product.id, 1]]);
    const workers = [1, 2].map(
      () =>
        new OutboxWorker(t.database.db, smtpTransport(server.url, MAIL_FROM), quiet, {
          ...FAST.worker,
          batchSize: 2,
        }),
    );
    cleanups.push(async () => {
      for (const worker of workers) await worker.stop();
    });
    const sent = await Promise.all(workers.map((worker) => worker.runOnce()));
    expect(sent[0]! + sent[1]!).toBe(12);
    expect(server.received).toHaveLength(12);
    expect(new Set(server.received.map((mail) => mail.messageId)).size).toBe(12);
  });

  it('marks a batch sent in one statement, or each message as it goes once the batch is slow', async () => {
    const server = await smtp();
    const t = await app(server.url, { mail: { ...FAST, startWorker: false } });
    const product = await insertTestProduct(t, { stock: 100 });
    const sentTimes = async () =>
      (
        await t.database.db.select({ sentAt: outbox.sentAt }).from(outbox).where(isNotNull(outbox.sentAt))
      ).map((row) => row.sentAt!.toISOString());
    const drain = async (markWithinMs: number) => {
      const worker = new OutboxWorker(t.database.db, smtpTransport(server.url, MAIL_FROM), quiet, {
        ...FAST.worker,
        markWithinMs,
      });
      cleanups.push(() => worker.stop());
      return worker.runOnce();
    };

    for (let i = 0; i < 3; i += 1) await placeTestOrder(t, await createUser(t), [[product.id, 1]]);
    expect(await drain(60_000)).toBe(6);
    // One statement's now(): every message of the batch carries the same time.
    expect(new Set(await sentTimes())).toHaveProperty('size', 1);

    for (let i = 0; i < 3; i += 1) await placeTestOrder(t, await createUser(t), [[product.id, 1]]);
    expect(await drain(0)).toBe(6);
    expect(new Set(await sentTimes())).toHaveProperty('size', 7);
    expect(await unsent(t)).toEqual([]);
    expect(server.received).toHaveLength(12);
  });

  it('without SMTP_URL, writes each message as an .eml file under DATA_DIR/outbox', async () => {
    const t = await app(undefined);
    const { order } = await orderOf(t);
    const dir = mailOutboxDir(t.config.DATA_DIR);
    await vi.waitFor(async () =>
      expect((await readdir(dir)).filter((f) => f.endsWith('.eml'))).toHaveLength(2),
    );
    const files = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
    const parsed = await Promise.all(
      files.map(async (name) => simpleParser(await readFile(join(dir, name)))),
    );
    expect(parsed.map((mail) => mail.subject).sort()).toEqual(
      [`New order ${order.number}: 540 EGP`, `Your Nour order ${order.number}`].sort(),
    );
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, SHOP_EMAIL))).toMatchObject([
      { sentAt: expect.any(Date) },
    ]);
  });

  it('says at start-up where e-mails go', () => {
    const files = testConfig({ DATA_DIR: '/srv/nour' });
    expect(describeMailDelivery(files)).toBe(
      'Mail:      no SMTP_URL, so e-mails are written as .eml files under /srv/nour/outbox',
    );
    const relay = testConfig({ SMTP_URL: 'smtp://user:secret@mail.example:587', MAIL_FROM });
    expect(describeMailDelivery(relay)).toBe(
      'Mail:      SMTP (mail.example:587), from Nour <shop@nour.test>',
    );
    expect(describeMailDelivery(relay)).not.toContain('secret');
  });

  it('waits twice as long after each failure, up to the ceiling', () => {
    const options = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, options))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(20, options)).toBe(3_600_000);
  });

  it('refuses a malformed SMTP_URL or SHOP_EMAIL at start-up', () => {
    expect(() => testConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => testConfig({ SHOP_EMAIL: 'not-an-address' })).toThrow(/SHOP_EMAIL/);
    expect(mailTexts.fileDelivery).toContain('{dir}');
  });
});
