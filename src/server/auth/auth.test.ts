import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { users } from '../db/schema';
import { authGuard } from '../plugins/auth-guard';
import { errorHandler } from '../plugins/errors';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/app';
import { createUser } from '../test/users';
import { ensureAdmin, AdminAccountError } from './service';
import { verifyPassword } from './passwords';

const m = messages.auth;

const validSignup = {
  name: 'Mona',
  email: 'mona@example.com',
  password: 'Secret12',
  confirmPassword: 'Secret12',
};

/** A valid address of exactly `length` characters (at least 140), its last label stretched to fit. */
function emailOfLength(length: number, local = 'a'.repeat(64)): string {
  const fixed = `${local}@${'b'.repeat(63)}.`;
  return `${fixed}${'d'.repeat(length - fixed.length - '.com'.length)}.com`;
}

let serial = 0;
/** A fresh address per test, so tests never trip over each other's accounts. */
function uniqueSignup(overrides: Partial<typeof validSignup> = {}) {
  serial += 1;
  return { ...validSignup, email: `shopper${serial}@example.com`, ...overrides };
}

/**
 * A bare Fastify with only the error handler and the guards, on the test app's database: it carries
 * test-only routes (the real app has no route that is only guarded) without touching the app itself.
 */
async function guardProbe(t: TestApp): Promise<FastifyInstance> {
  const probe = Fastify();
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  await probe.register(errorHandler);
  await probe.register(authGuard, { db: t.database.db, tokens: t.tokens });
  probe.get('/signed-in', { preHandler: probe.authenticate }, async (request) => ({ user: request.user }));
  probe.get('/admin-only', { preHandler: probe.requireAdmin }, async (request) => ({ user: request.user }));
  await probe.ready();
  return probe;
}

describe('auth API', () => {
  let t: TestApp;
  let probe: FastifyInstance;

  beforeAll(async () => {
    // These tests sign up far more often than a person would; the limit has its own tests below.
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    probe = await guardProbe(t);
  });
  afterAll(async () => {
    await probe.close();
    await t.close();
  });

  const signup = (payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', ...(payload === undefined ? {} : { payload }) });
  const signin = (payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', ...(payload === undefined ? {} : { payload }) });

  describe('POST /api/auth/signup', () => {
    it('creates a customer and answers the token, role, username and email (201)', async () => {
      const body = uniqueSignup({ email: '  New.Shopper@Example.COM ' });
      const res = await signup(body);
      expect(res.statusCode).toBe(201);
      const json = res.json();
      expect(json).toEqual({
        success: true,
        message: m.signupSuccess,
        results: { token: expect.any(String) },
        role: 'user',
        username: 'Mona',
        email: 'new.shopper@example.com',
        language: null,
      });
      expect(res.body).not.toContain('Secret12');
      expect(res.body).not.toContain('argon2');
      const claims = await t.tokens.verify(json.results.token);
      expect(claims?.role).toBe('user');

      const [row] = await t.database.db.select().from(users).where(eq(users.id, claims!.userId));
      expect(row?.email).toBe('new.shopper@example.com');
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain('Secret12');
    });

    it('makes a customer even when the body asks to be an admin', async () => {
      const res = await signup({ ...uniqueSignup(), role: 'admin' });
      expect(res.statusCode).toBe(201);
      expect(res.json().role).toBe('user');
      const claims = await t.tokens.verify(res.json().results.token);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, claims!.userId));
      expect(row?.role).toBe('user');
    });

    it('refuses a taken email with 409, in any case', async () => {
      const body = uniqueSignup();
      expect((await signup(body)).statusCode).toBe(201);
      const again = await signup(body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: m.emailTaken });
      const shouted = await signup({ ...body, email: body.email.toUpperCase() });
      expect(shouted.statusCode).toBe(409);
      expect(shouted.json()).toEqual({ success: false, message: m.emailTaken });
    });

    const invalid: [string, Record<string, unknown> | undefined, string][] = [
      ['no body at all', undefined, m.nameRequired],
      ['an empty body', {}, m.nameRequired],
      ['a missing name', { ...validSignup, name: undefined }, m.nameRequired],
      ['an empty name', { ...validSignup, name: '   ' }, m.nameRequired],
      ['a short name', { ...validSignup, name: 'Mo' }, m.nameMin],
      ['a long name', { ...validSignup, name: 'M'.repeat(16) }, m.nameMax],
      ['a missing email', { ...validSignup, email: undefined }, m.emailRequired],
      ['an empty email', { ...validSignup, email: '' }, m.emailRequired],
      ['a bad email', { ...validSignup, email: 'mona@' }, m.emailInvalid],
      ['a missing password', { ...validSignup, password: undefined }, m.passwordRequired],
      [
        'a password without a digit',
        { ...validSignup, password: 'Secretxx', confirmPassword: 'Secretxx' },
        m.passwordRule,
      ],
      [
        'a password without an uppercase letter',
        { ...validSignup, password: 'secret12', confirmPassword: 'secret12' },
        m.passwordRule,
      ],
      ['a short password', { ...validSignup, password: 'Se12', confirmPassword: 'Se12' }, m.passwordRule],
      [
        'a long password',
        { ...validSignup, password: 'Secret123456', confirmPassword: 'Secret123456' },
        m.passwordRule,
      ],
      [
        'a password with a symbol',
        { ...validSignup, password: 'Secret12!', confirmPassword: 'Secret12!' },
        m.passwordRule,
      ],
      ['a missing confirmation', { ...validSignup, confirmPassword: undefined }, m.confirmRequired],
      ['a confirmation that differs', { ...validSignup, confirmPassword: 'Secret13' }, m.passwordsDoNotMatch],
      // PostgreSQL's text cannot hold a NUL: refused by name, never a 500 (issue 11).
      ['a NUL in the name', { ...validSignup, name: 'Mo\u0000na' }, 'name must not contain a NUL character'],
      [
        'a NUL in the email',
        { ...validSignup, email: 'mo\u0000na@example.com' },
        'email must not contain a NUL character',
      ],
      ['an email of 255 characters', { ...validSignup, email: emailOfLength(255) }, m.emailTooLong],
      ['an email of 100,000 characters', { ...validSignup, email: emailOfLength(100_000) }, m.emailTooLong],
    ];
    it.each(invalid)('answers 400 for %s with the rule', async (_case, body, message) => {
      const res = await signup(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    });
  });

  describe('limits of sign-up and sign-in fields', () => {
    it('accepts an email of 254 characters, the longest there is', async () => {
      serial += 1;
      const email = emailOfLength(254, `shopper${serial}`.padEnd(64, 'x'));
      expect(email).toHaveLength(254);
      const res = await signup({ ...validSignup, email });
      expect(res.statusCode, res.body).toBe(201);
      expect((await signin({ email, password: validSignup.password })).statusCode).toBe(200);
    });

    it('refuses a NUL or an over-long email or password at sign-in with 400 naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ email: 'mo\u0000na@example.com', password: 'Secret12' }, 'email must not contain a NUL character'],
        [{ email: emailOfLength(255), password: 'Secret12' }, m.signinEmailInvalid],
        [
          { email: 'mona@example.com', password: 'Secret\u000012' },
          'password must not contain a NUL character',
        ],
        [{ email: 'mona@example.com', password: 'S'.repeat(129) }, 'password must be at most 128 characters'],
      ];
      for (const [body, message] of cases) {
        const res = await signin(body);
        expect(res.statusCode, message).toBe(400);
        expect(res.json()).toEqual({ success: false, message });
      }
    });
  });

  describe('POST /api/auth/signin', () => {
    it('signs in with the email in any case and answers the same shape (200)', async () => {
      const body = uniqueSignup({ name: 'Layla' });
      await signup(body);
      const res = await signin({ email: body.email.toUpperCase(), password: body.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: m.signinSuccess,
        results: { token: expect.any(String) },
        role: 'user',
        username: 'Layla',
        email: body.email,
        language: null,
      });
      expect(res.body).not.toContain(body.password);
      expect(res.body).not.toContain('argon2');
    });

    it('answers 401 with one message for a wrong password and for an unknown email', async () => {
      const body = uniqueSignup();
      await signup(body);
      const wrong = await signin({ email: body.email, password: 'Wrong123' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ success: false, message: m.invalidCredentials });
      const unknown = await signin({ email: 'nobody@example.com', password: body.password });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ success: false, message: m.invalidCredentials });
    });

    it('cannot be used by a user whose stored hash is not a password hash', async () => {
      const user = await createUser(t);
      const res = await signin({ email: user.email, password: 'not-a-real-hash' });
      expect(res.statusCode).toBe(401);
    });

    const invalid: [string, Record<string, unknown> | undefined, string][] = [
      ['no body at all', undefined, m.signinEmailRequired],
      ['a missing email', { password: 'Secret12' }, m.signinEmailRequired],
      ['a bad email', { email: 'mona', password: 'Secret12' }, m.signinEmailInvalid],
      ['a missing password', { email: 'mona@example.com' }, m.passwordRequired],
      ['an empty password', { email: 'mona@example.com', password: '' }, m.passwordRequired],
    ];
    it.each(invalid)('answers 400 for %s with the rule', async (_case, body, message) => {
      const res = await signin(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    });
  });

  describe('tokens and guards', () => {
    it('accepts the token in the `token` header and as a Bearer token', async () => {
      const res = await signup(uniqueSignup({ name: 'Nadia' }));
      const { token } = res.json().results;
      const viaHeader = await probe.inject({ method: 'GET', url: '/signed-in', headers: { token } });
      expect(viaHeader.statusCode).toBe(200);
      expect(viaHeader.json().user).toMatchObject({ role: 'user', username: 'Nadia' });
      expect(viaHeader.body).not.toContain('password');
      const viaBearer = await probe.inject({
        method: 'GET',
        url: '/signed-in',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(viaBearer.statusCode).toBe(200);
    });

    it('accepts a session token any HS256 library signed with the secret (sessions outlive a library change)', async () => {
      const user = await createUser(t);
      const token = await new SignJWT({ role: 'user', sv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const res = await probe.inject({ method: 'GET', url: '/signed-in', headers: { token } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: user.id, role: 'user' });
    });

    it('answers 401 without a token, and for an expired or forged one', async () => {
      const user = await createUser(t);
      const none = await probe.inject({ method: 'GET', url: '/signed-in' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ success: false, message: m.authenticationRequired });

      const expired = await new SignJWT({ role: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const forged = await new SignJWT({ role: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'));
      // Unsigned ('alg: none'), or signed with another algorithm than HS256.
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ sub: user.id, role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }),
      ).toString('base64url')}.`;
      const otherAlgorithm = await new SignJWT({ role: 'user' })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(user.id)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      for (const token of [expired, forged, unsigned, otherAlgorithm, 'not.a.token']) {
        const res = await probe.inject({ method: 'GET', url: '/signed-in', headers: { token } });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, message: m.invalidToken });
      }
    });

    it('refuses with 401 a token of the right secret whose subject is no account id', async () => {
      const signed = (subject: string) =>
        new SignJWT({ role: 'admin', sv: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(subject)
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      for (const subject of ['not-an-id', '1', '', "' or 1=1 --", 'a'.repeat(5000)]) {
        const token = await signed(subject);
        for (const url of ['/api/order/user/orders', '/api/dashboard/stats']) {
          const res = await t.app.inject({ method: 'GET', url, headers: { token } });
          expect(res.statusCode, `${url} ${subject.slice(0, 20)}`).toBe(401);
          expect(res.json()).toEqual({ success: false, message: m.invalidToken });
        }
      }
      // Public pages that adapt to the caller read such a token as none.
      const products = await t.app.inject({
        method: 'GET',
        url: '/api/product',
        headers: { token: await signed('not-an-id') },
      });
      expect(products.statusCode).toBe(200);
    });

    it('lets an admin through requireAdmin and refuses a user with 403', async () => {
      const user = await createUser(t);
      const admin = await createUser(t, { role: 'admin' });
      const asUser = await probe.inject({ method: 'GET', url: '/admin-only', headers: user.headers });
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json()).toEqual({ success: false, message: m.adminOnly });
      const asAdmin = await probe.inject({ method: 'GET', url: '/admin-only', headers: admin.headers });
      expect(asAdmin.statusCode).toBe(200);
      const anonymous = await probe.inject({ method: 'GET', url: '/admin-only' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('ensureAdmin', () => {
    it('creates an admin who can sign in', async () => {
      const result = await ensureAdmin(t.database.db, {
        name: 'Owner',
        email: 'Owner@Example.com',
        password: 'Owner123',
      });
      expect(result).toEqual({ outcome: 'created', email: 'owner@example.com' });
      const res = await signin({ email: 'owner@example.com', password: 'Owner123' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role: 'admin', username: 'Owner' });
      const again = await ensureAdmin(t.database.db, {
        name: 'Owner',
        email: 'owner@example.com',
        password: 'Owner123',
      });
      expect(again.outcome).toBe('unchanged');
    });

    it('promotes an existing customer and sets the given password', async () => {
      const body = uniqueSignup();
      await signup(body);
      const result = await ensureAdmin(t.database.db, {
        name: 'Boss',
        email: body.email,
        password: 'Boss1234',
      });
      expect(result.outcome).toBe('promoted');
      const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
      expect(row?.role).toBe('admin');
      expect(await verifyPassword(row!.passwordHash, 'Boss1234')).toBe(true);

      const changed = await ensureAdmin(t.database.db, {
        name: 'Boss',
        email: body.email,
        password: 'Boss5678',
      });
      expect(changed.outcome).toBe('updated');
    });

    it('refuses an account that breaks the sign-up rules', async () => {
      await expect(
        ensureAdmin(t.database.db, { name: 'Boss', email: 'boss@example.com', password: 'weak' }),
      ).rejects.toThrow(AdminAccountError);
      await expect(
        ensureAdmin(t.database.db, { name: 'Boss', email: 'boss@example.com', password: 'weak' }),
      ).rejects.toThrow(m.passwordRule);
    });
  });
});

describe('auth rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 with its own message once an address has used its attempts', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'nobody@example.com', password: 'Secret12' },
      });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ success: false, message: m.tooManyAttempts });
    expect(third.headers['retry-after']).toBeDefined();
    // Another address is not held back by this one's attempts.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: '10.1.2.3',
      payload: { email: 'nobody@example.com', password: 'Secret12' },
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('auth rate limit allow list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_ALLOW_LIST: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('never limits an allow-listed address', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'nobody@example.com', password: 'Secret12' },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
