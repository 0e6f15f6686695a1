import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Language } from '@/shared/language';
import { messages } from '@/shared/messages';
import {
  AccountAnswerSchema,
  AccountSavedAnswerSchema,
  AccountSettingsSchema,
  AuthResultSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SigninSchema,
  SignupSchema,
} from '@/shared/schemas/auth';
import { DoneAnswerSchema } from '@/shared/schemas/common';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { requestPasswordReset, resetPassword } from './password-reset';
import { currentUser } from '../plugins/auth-guard';
import { errorAnswers } from '../plugins/docs';
import { readAccount, saveSettings, signIn, signUp } from './service';
import type { SignInThrottle } from './sign-in-throttle';
import type { TokenService } from './tokens';

/** The account's own language for the answer, when the request named none (plugins/language.ts). */
function hearsOwnLanguage(request: FastifyRequest, language: Language | null): void {
  if (language && !request.askedLanguage) request.language = language;
}

export interface AuthRoutesOptions {
  db: Db;
  tokens: TokenService;
  /** Attempts per minute per address on each of sign-in, sign-up, forgot and reset. */
  attemptsPerMinute: number;
  mail: Pick<Mailer, 'passwordReset' | 'committed'>;
  /** Each account's wrong passwords, whatever address they came from (sign-in-throttle.ts). */
  throttle: SignInThrottle;
}

/** `POST /api/auth/signup` and `POST /api/auth/signin` (DESIGN §2, SPEC §7), forgot and reset (issue 15). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const deps = { db: options.db, tokens: options.tokens };
  // Guessing passwords is the attack these routes invite, so they get a much tighter limit than the rest.
  const rateLimit = {
    max: options.attemptsPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS', messages.auth.tooManyAttempts),
  };

  // A form posted with no body at all should hear which field is missing, not that the body is.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  app.post(
    '/signup',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account and sign in',
        body: SignupSchema,
        response: { 201: AuthResultSchema, ...errorAnswers(400, 409) },
      },
    },
    async (request, reply) => {
      const result = await signUp(deps, request.body);
      hearsOwnLanguage(request, result.language);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/signin',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: SigninSchema,
        response: { 200: AuthResultSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // Checked before the password, and said alike for any address: it tells nobody what exists.
      const waitMs = await options.throttle.attempt(email);
      if (waitMs > 0) {
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
        throw new AppError('TOO_MANY_REQUESTS', messages.auth.accountPaused, {
          minutes: Math.ceil(waitMs / 60_000),
        });
      }
      const result = await signIn(deps, request.body);
      await options.throttle.succeeded(email);
      hearsOwnLanguage(request, result.language);
      return result;
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account, with the language it chose (null until it chooses one)',
        response: { 200: AccountAnswerSchema.describe('The signed-in account'), ...errorAnswers(401) },
      },
    },
    async (request) => ({
      success: true as const,
      user: await readAccount(options.db, currentUser(request).id),
    }),
  );

  app.patch(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: "Change the account's settings: its language (en or ar; null forgets the choice)",
        body: AccountSettingsSchema,
        response: {
          200: AccountSavedAnswerSchema.describe('The account as saved'),
          ...errorAnswers(400, 401),
        },
      },
    },
    async (request) => {
      const user = await saveSettings(options.db, currentUser(request).id, request.body);
      // The answer is in the language just chosen, unless the request named its own.
      hearsOwnLanguage(request, user.language);
      return { success: true as const, message: messages.auth.settingsSaved, user };
    },
  );

  app.post(
    '/forgot',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Mail a link to choose a new password (the same answer whether or not the account exists)',
        body: ForgotPasswordSchema,
        response: { 200: DoneAnswerSchema.describe('The same text for any address'), ...errorAnswers(400) },
      },
    },
    async (request) => {
      await requestPasswordReset(
        { db: options.db, mail: options.mail },
        request.body.email,
        request.askedLanguage,
      );
      return { success: true as const, message: messages.auth.resetLinkSent };
    },
  );

  app.post(
    '/reset',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: "Set a new password with a reset link's token; ends every session of the account",
        body: ResetPasswordSchema,
        response: { 200: DoneAnswerSchema.describe('The new password is set'), ...errorAnswers(400) },
      },
    },
    async (request) => {
      await resetPassword({ db: options.db }, request.body);
      return { success: true as const, message: messages.auth.passwordChanged };
    },
  );
};
