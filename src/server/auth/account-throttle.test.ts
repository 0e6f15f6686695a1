import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { createTranslator } from '@/shared/translate';
import { createTestApp, type TestApp } from '../test/app';
import { redisAnswers } from '../test/redis';
import { SIGN_IN_THROTTLE } from './sign-in-throttle';

const PASSWORD = 'Secret12';
const REDIS_URL = 'redis://127.0.0.1:6379';
const hasRedis = await redisAnswers(REDIS_URL);

/**
 * Issue 35, OWASP ASVS 2.2.1: wrong passwords slow down the account they aim at, from however many
 * addresses they come; the owner waits a short while and signs in, never locked out for good.
 */
describe('sign-in slowed down per account', () => {
  let t: TestApp;
  let clock = Date.parse('2026-12-03T10:00:00Z');
  const later = (ms: number) => (clock += ms);

  beforeAll(async () => {
    // Behind a proxy that says who asks: each guess comes from an address of its own.
    t = await createTestApp({ TRUST_PROXY: 'true' }, { clock: () => clock });
  });
  afterAll(() => t.close());

  let address = 0;
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'x-forwarded-for': `198.51.100.${(address = (address % 250) + 1)}`, ...headers },
      payload: { email, password },
    });

  let accounts = 0;
  /** A shopper who signed up with PASSWORD. */
  const createAccount = async () => {
    accounts += 1;
    const email = `throttled-${accounts}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'x-forwarded-for': `192.0.2.${accounts}` },
      payload: { name: 'Mona', email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    return { email };
  };

  it('refuses the right password with 429 after 15 wrong ones from 15 addresses, then lets it in after the pause', async () => {
    const { email } = await createAccount();
    const answers: number[] = [];
    for (let guess = 0; guess < 15; guess += 1) answers.push((await signIn(email, 'Wrong123')).statusCode);
    expect(answers.slice(0, SIGN_IN_THROTTLE.FAILURES)).toEqual(Array(SIGN_IN_THROTTLE.FAILURES).fill(401));
    expect(new Set(answers.slice(SIGN_IN_THROTTLE.FAILURES))).toEqual(new Set([429]));

    const refused = await signIn(email, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      message: createTranslator('en').phrase({
        template: messages.auth.accountPaused,
        values: { minutes: 1 },
      }),
    });
    expect(refused.json().message).toContain('wait a minute');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    const arabic = await signIn(email, PASSWORD, { 'accept-language': 'ar' });
    // Said in the caller's language: a minute, in Arabic.
    expect(arabic.json().message).toContain('يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى');

    later(Number(refused.headers['retry-after']) * 1000);
    const signedIn = await signIn(email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    // A success forgets the failures: the next wrong password is a plain 401 again.
    expect((await signIn(email, 'Wrong123')).statusCode).toBe(401);
  });

  it('signs in with the right password before the threshold', async () => {
    const { email } = await createAccount();
    for (let guess = 1; guess < SIGN_IN_THROTTLE.FAILURES; guess += 1) {
      expect((await signIn(email, 'Wrong123')).statusCode).toBe(401);
    }
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    for (let guess = 1; guess < SIGN_IN_THROTTLE.FAILURES; guess += 1) {
      expect((await signIn(email, 'Wrong123')).statusCode).toBe(401);
    }
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('pauses longer after each further wrong password, at most 15 minutes, and forgets old failures', async () => {
    const { email } = await createAccount();
    for (let guess = 0; guess < SIGN_IN_THROTTLE.FAILURES; guess += 1) await signIn(email, 'Wrong123');
    const pauses: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const paused = await signIn(email, 'Wrong123');
      expect(paused.statusCode).toBe(429);
      const seconds = Number(paused.headers['retry-after']);
      pauses.push(seconds);
      later(seconds * 1000);
      expect((await signIn(email, 'Wrong123')).statusCode).toBe(401);
    }
    expect(pauses).toEqual([60, 120, 240, 480, 900, 900]);
    // A window after the last pause, the account starts afresh: four wrong passwords are four 401s.
    later(SIGN_IN_THROTTLE.MAX_PAUSE_MS + SIGN_IN_THROTTLE.WINDOW_MS + 1);
    for (let guess = 1; guess < SIGN_IN_THROTTLE.FAILURES; guess += 1) {
      expect((await signIn(email, 'Wrong123')).statusCode).toBe(401);
    }
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts guesses sent all at once', async () => {
    const { email } = await createAccount();
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(email, 'Wrong123')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_THROTTLE.FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - SIGN_IN_THROTTLE.FAILURES);
  });

  it('slows down an address that has no account the same way, telling nothing of who exists', async () => {
    const email = 'no-such-shopper@example.com';
    for (let guess = 0; guess < SIGN_IN_THROTTLE.FAILURES; guess += 1) {
      expect((await signIn(email, 'Wrong123')).statusCode).toBe(401);
    }
    expect((await signIn(email, 'Wrong123')).statusCode).toBe(429);
  });
});

describe.skipIf(!hasRedis)('sign-in slowed down across processes (REDIS_URL)', () => {
  it('pauses the account in every process that shares the Redis', async () => {
    const [one, two] = await Promise.all([createTestApp({ REDIS_URL }), createTestApp({ REDIS_URL })]);
    try {
      const email = `throttled-${Date.now()}@example.com`;
      const signIn = (t: TestApp, guess: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress: `203.0.113.${guess}`,
          payload: { email, password: 'Wrong123' },
        });
      for (let guess = 1; guess <= SIGN_IN_THROTTLE.FAILURES; guess += 1) {
        expect((await signIn(one, guess)).statusCode).toBe(401);
      }
      expect((await signIn(two, 99)).statusCode).toBe(429);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
