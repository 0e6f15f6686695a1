import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { messagesAr } from '@/shared/messages/ar';
import { AccountAnswerSchema, AccountSavedAnswerSchema, AuthResultSchema } from '@/shared/schemas/auth';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { strictly } from '../test/strict-schema';
import { createUser } from '../test/users';

const AR = { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };

let serial = 0;
function signupBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: 'Mona',
    email: `lang${serial}@example.com`,
    password: 'Secret12',
    confirmPassword: 'Secret12',
    ...overrides,
  };
}

describe("the API speaks the caller's language (issue 14)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('Accept-Language', () => {
    it('says a service failure in Arabic for ar, and in English without it', async () => {
      const payload = { email: 'nobody@example.com', password: 'Secret12' };
      const arabic = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload, headers: AR });
      expect(arabic.statusCode).toBe(401);
      expect(arabic.json()).toEqual({ success: false, message: messagesAr.auth.invalidCredentials });
      const english = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload });
      expect(english.json()).toEqual({ success: false, message: messages.auth.invalidCredentials });
    });

    it("says a shared schema's message in Arabic, and its rule filled at start-up too", async () => {
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupBody({ name: '' }),
        headers: AR,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(messagesAr.auth.nameRequired);

      const long = await t.app.inject({
        method: 'GET',
        url: `/api/product?search=${'a'.repeat(101)}`,
        headers: AR,
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe('يجب ألا يزيد طول search على 100 حرف');
      const longInEnglish = await t.app.inject({
        method: 'GET',
        url: `/api/product?search=${'a'.repeat(101)}`,
      });
      expect(longInEnglish.json().message).toBe('search must be at most 100 characters');
    });

    it("says zod's own messages in Arabic, for a body no form would send", async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'a@example.com', password: 5 },
        headers: AR,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messagesAr.auth.passwordRequired);
    });

    it('says a filled-in failure with its values, and an unknown route', async () => {
      const route = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1', headers: AR });
      expect(route.statusCode).toBe(404);
      expect(route.json()).toEqual({ success: false, message: 'المسار GET /api/nothing-here غير موجود' });
      const english = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: EN });
      expect(english.json().message).toBe('Route GET /api/nothing-here not found');
    });

    it('says a success message in Arabic', async () => {
      const shopper = await createUser(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/cart/clear',
        headers: { ...shopper.headers, ...AR },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(messagesAr.cart.cartCleared);
    });

    it('says a broken address in Arabic, though Fastify answers it before any hook', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/product/%E0%A4%A', headers: AR });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: messagesAr.errors.badUrl });
    });

    it('tells caches that API answers vary by Accept-Language', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/category',
        headers: { 'accept-encoding': 'gzip', ...AR },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers.vary)).toMatch(/accept-language/i);
    });

    it('says a guard refusal in Arabic', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/order', headers: AR });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(messagesAr.auth.authenticationRequired);
    });

    it("says Fastify's own refusals by their status in Arabic, and as today in English", async () => {
      const request = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: '{"email": ',
          headers: { 'content-type': 'application/json', ...headers },
        });
      const arabic = await request(AR);
      expect(arabic.statusCode).toBe(400);
      expect(arabic.json().message).toBe(messagesAr.errors.invalidJsonBody);
      const english = await request({});
      expect(english.statusCode).toBe(400);
      expect(english.json().message).toBe(
        "Body is not valid JSON but content-type is set to 'application/json'",
      );
    });
  });

  describe("the user's saved language", () => {
    it('is null until chosen; PATCH /api/auth/me saves it and answers the account', async () => {
      const shopper = await createUser(t);
      const before = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: shopper.headers });
      expect(before.statusCode).toBe(200);
      expect(strictly(AccountAnswerSchema).parse(before.json())).toEqual({
        success: true,
        user: {
          _id: shopper.id,
          id: shopper.id,
          username: shopper.username,
          email: shopper.email,
          role: 'user',
          language: null,
        },
      });

      const saved = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: shopper.headers,
        payload: { language: 'ar' },
      });
      expect(saved.statusCode).toBe(200);
      const answer = strictly(AccountSavedAnswerSchema).parse(saved.json());
      // Said in the language just chosen: the request named none.
      expect(answer).toMatchObject({ message: messagesAr.auth.settingsSaved, user: { language: 'ar' } });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, shopper.id));
      expect(row?.language).toBe('ar');

      const cleared = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: { ...shopper.headers, ...EN },
        payload: { language: null },
      });
      expect(cleared.json()).toMatchObject({
        message: messages.auth.settingsSaved,
        user: { language: null },
      });
    });

    it('refuses a language the shop does not speak, and a caller without a token', async () => {
      const shopper = await createUser(t);
      const bad = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: shopper.headers,
        payload: { language: 'fr' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(messages.auth.languageRule);
      const anonymous = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        payload: { language: 'ar' },
      });
      expect(anonymous.statusCode).toBe(401);
      const read = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(read.statusCode).toBe(401);
    });

    it('speaks to a signed-in caller in their saved language when the request names none', async () => {
      const shopper = await createUser(t);
      await t.database.db.update(users).set({ language: 'ar' }).where(eq(users.id, shopper.id));
      // A guarded route (the guard reads the user in onRequest)...
      const order = await t.app.inject({
        method: 'GET',
        url: '/api/order/not-a-uuid',
        headers: shopper.headers,
      });
      expect(order.statusCode).toBe(400);
      expect(order.json().message).toBe(messagesAr.orders.invalidOrderId);
      // ...a public route's validation...
      const listing = await t.app.inject({
        method: 'GET',
        url: '/api/product?page=0',
        headers: shopper.headers,
      });
      expect(listing.statusCode).toBe(400);
      expect(listing.json().message).not.toBe(messages.errors.badRequest);
      expect(listing.json().message).toMatch(/[\u0600-\u06FF]/);
      // ...and a success.
      const cleared = await t.app.inject({ method: 'PUT', url: '/api/cart/clear', headers: shopper.headers });
      expect(cleared.json().message).toBe(messagesAr.cart.cartCleared);
    });

    it('gives way to an Accept-Language that names a shop language', async () => {
      const shopper = await createUser(t);
      await t.database.db.update(users).set({ language: 'ar' }).where(eq(users.id, shopper.id));
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/order/not-a-uuid',
        headers: { ...shopper.headers, ...EN },
      });
      expect(res.json().message).toBe(messages.orders.invalidOrderId);
    });

    it('is chosen at sign-up, answered by sign-up and sign-in, and speaks their success', async () => {
      const body = signupBody({ language: 'ar' });
      const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
      expect(signup.statusCode).toBe(201);
      const signedUp = strictly(AuthResultSchema).parse(signup.json());
      expect(signedUp).toMatchObject({ language: 'ar', message: messagesAr.auth.signupSuccess });

      const signin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: body.email, password: body.password },
      });
      expect(strictly(AuthResultSchema).parse(signin.json())).toMatchObject({
        language: 'ar',
        message: messagesAr.auth.signinSuccess,
      });
      const inEnglish = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: body.email, password: body.password },
        headers: EN,
      });
      expect(inEnglish.json()).toMatchObject({ language: 'ar', message: messages.auth.signinSuccess });

      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupBody({ language: 'de' }),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(messages.auth.languageRule);
    });
  });
});
