import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { outbox, passwordResets } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';

const m = messages.auth;

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {
        RATE_LIMIT_PER_MINUTE: '100000',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        PUBLIC_URL: 'https://shop.example',
      },
      { mail: { startWorker: false } },
    );
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  async function signUp(): Promise<{ email: string; token: string }> {
    const email = `reset-${randomUUID()}@example.com`;
    const res = await post('/api/auth/signup', {
      name: 'Salma',
      email,
      password: 'Old12345',
      confirmPassword: 'Old12345',
    });
    expect(res.statusCode).toBe(201);
    return { email, token: res.json<{ results: { token: string } }>().results.token };
  }

  /** The reset links mailed to this address, newest last, read from the outbox as the e-mail says them. */
  async function mailedTokens(email: string): Promise<string[]> {
    const rows = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(outbox.createdAt);
    return rows.map((row) => {
      const match = /https:\/\/shop\.example\/reset-password\?token=([\w-]+)/.exec(row.text);
      if (!match) throw new Error(`no reset link in: ${row.text}`);
      expect(row.html).toContain(`href="https://shop.example/reset-password?token=${match[1]}"`);
      return match[1]!;
    });
  }

  async function askForLink(email: string): Promise<string> {
    const res = await post('/api/auth/forgot', { email });
    expect(res.statusCode).toBe(200);
    const tokens = await mailedTokens(email);
    return tokens[tokens.length - 1]!;
  }

  const reset = (token: string, password = 'New12345', confirmPassword = password) =>
    post('/api/auth/reset', { token, password, confirmPassword });

  const myOrders = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/order/user/orders', headers: { token } });

  it('answers the same whether or not the account exists, and mails only an account', async () => {
    const { email } = await signUp();
    const known = await post('/api/auth/forgot', { email: email.toUpperCase() });
    const unknown = await post('/api/auth/forgot', { email: `nobody-${randomUUID()}@example.com` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: m.resetLinkSent });
    expect(unknown.body).toBe(known.body);
    expect(await mailedTokens(email)).toHaveLength(1);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail?.subject).toBe('Reset your Nour password');
  });

  it('keeps only a hash of the token, valid for one hour', async () => {
    const { email } = await signUp();
    const token = await askForLink(email);
    const [row] = await t.database.db
      .select({
        tokenHash: passwordResets.tokenHash,
        minutes: sql<number>`extract(epoch from ${passwordResets.expiresAt} - now()) / 60`.mapWith(Number),
      })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.minutes).toBeGreaterThan(59);
    expect(row?.minutes).toBeLessThanOrEqual(60);
  });

  it('sets the new password and ends every session from before, once per link', async () => {
    const { email, token: oldSession } = await signUp();
    expect((await myOrders(oldSession)).statusCode).toBe(200);
    const link = await askForLink(email);

    const done = await reset(link);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: m.passwordChanged });

    const refused = await myOrders(oldSession);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(m.invalidToken);
    expect((await post('/api/auth/signin', { email, password: 'Old12345' })).statusCode).toBe(401);
    const signedIn = await post('/api/auth/signin', { email, password: 'New12345' });
    expect(signedIn.statusCode).toBe(200);
    expect((await myOrders(signedIn.json<{ results: { token: string } }>().results.token)).statusCode).toBe(
      200,
    );

    const again = await reset(link, 'Other1234');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(m.resetLinkInvalid);
    expect((await post('/api/auth/signin', { email, password: 'New12345' })).statusCode).toBe(200);
  });

  it('ends the other links of the account when one is used', async () => {
    const { email } = await signUp();
    const older = await askForLink(email);
    const newer = await askForLink(email);
    expect((await reset(newer)).statusCode).toBe(200);
    expect((await reset(older, 'Other1234')).json().message).toBe(m.resetLinkInvalid);
  });

  it('refuses an expired link', async () => {
    const { email } = await signUp();
    const link = await askForLink(email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, createHash('sha256').update(link).digest('hex')));
    const res = await reset(link);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.resetLinkInvalid);
    expect((await post('/api/auth/signin', { email, password: 'Old12345' })).statusCode).toBe(200);
  });

  it('refuses a wrong or missing token, and a password against the rules of SPEC §5', async () => {
    const { email } = await signUp();
    const link = await askForLink(email);
    expect((await reset('not-a-token')).json()).toEqual({ success: false, message: m.resetLinkInvalid });
    expect(
      (await post('/api/auth/reset', { password: 'New12345', confirmPassword: 'New12345' })).json(),
    ).toEqual({
      success: false,
      message: m.resetLinkInvalid,
    });
    const weak = await reset(link, 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(m.passwordRule);
    const mismatch = await reset(link, 'New12345', 'New12346');
    expect(mismatch.json().message).toBe(m.passwordsDoNotMatch);
    // Refusals spend nothing: the link still works.
    expect((await reset(link)).statusCode).toBe(200);
  });

  it('refuses a malformed address', async () => {
    const res = await post('/api/auth/forgot', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.signinEmailInvalid);
    expect((await post('/api/auth/forgot', {})).json().message).toBe(m.signinEmailRequired);
  });
});

describe('forgot and reset password limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' }, { mail: { startWorker: false } });
  });
  afterAll(() => t.close());

  it('limits attempts per address like sign-in', async () => {
    for (const url of ['/api/auth/forgot', '/api/auth/reset']) {
      const payload = url.endsWith('forgot')
        ? { email: 'someone@example.com' }
        : { token: 'x', password: 'New12345', confirmPassword: 'New12345' };
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await t.app.inject({ method: 'POST', url, payload }));
      expect(answers.map((res) => res.statusCode)).toEqual([
        url.endsWith('forgot') ? 200 : 400,
        expect.any(Number),
        429,
      ]);
      expect(answers[2]!.json()).toEqual({ success: false, message: m.tooManyAttempts });
    }
  });
});
