import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import zodArabic from 'zod/v4/locales/ar.js';
import { isolated } from '@/shared/bidi';
import { directionOf, languageFromAcceptLanguage } from '@/shared/language';
import { messages } from '@/shared/messages';
import { isDictionaryText, type Phrase, type Translator } from '@/shared/translate';
import { databaseUnavailableReason } from '../db/faults';
import { AppError } from '../errors';
import { translatorFor, translatorIn } from './language';

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown> & { issue?: { path?: PropertyKey[]; message?: string } };
}

const zodInArabic = zodArabic().localeError;

/** zod's English names the type it received ('received number'); its Arabic reads it from the input. */
const INPUT_OF_TYPE: Record<string, unknown> = {
  undefined: undefined,
  null: null,
  string: '',
  number: 0,
  boolean: false,
  array: [],
  object: {},
};

/**
 * A rule's message in the caller's language. The shared schemas word theirs with the dictionary, which
 * says them in any language; zod's own generic ones ('Invalid input: expected string, received number',
 * for a body no form would send) come from zod's Arabic locale, rebuilt from the issue.
 */
function ruleIn(translator: Translator, issue: ValidationIssue, english: string): string {
  if (translator.language === 'en' || translator.knows(english)) return translator.text(english);
  const { issue: _nested, ...params } = issue.params ?? {};
  const received = /received (\w+)$/.exec(english)?.[1];
  const input = received !== undefined && received in INPUT_OF_TYPE ? { input: INPUT_OF_TYPE[received] } : {};
  const said = zodInArabic({ ...params, ...input, code: issue.keyword, path: [], message: english } as never);
  return typeof said === 'string' ? said.trim() : english;
}

/**
 * A validation failure's answer: the schema's message, prefixed with the field when it does not name it
 * already (a dictionary text says what is wrong in our words, so it stands alone).
 */
function describeIssue(issue: ValidationIssue, translator: Translator): string {
  const path =
    issue.params?.issue?.path?.map(String).join('.') ?? issue.instancePath?.replace(/^\//, '') ?? '';
  const english = issue.params?.issue?.message ?? issue.message ?? messages.errors.badRequest;
  const rule = ruleIn(translator, issue, english);
  if (!path || isDictionaryText(english) || english.toLowerCase().includes(path.toLowerCase())) return rule;
  return translator.phrase({ template: messages.errors.invalidField, values: { field: path, rule } });
}

/**
 * Fastify's own answers to a request it cannot even route (a path whose percent-encoding is broken,
 * `FST_ERR_BAD_URL`), which never reach the error handler: the same `{ success: false, message }`.
 * Passed to Fastify as its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // Answered before any hook runs, so the request id the answer-headers plugin adds is set here too.
  void reply
    .status(status)
    .header('x-request-id', request.id)
    .send({
      success: false,
      message: translatorIn(languageFromAcceptLanguage(request.headers['accept-language'])).text(
        messages.errors.badUrl,
      ),
    });
}

/**
 * A 4xx that Fastify or a plugin raised in its own English words ('Body cannot be empty when
 * content-type is set to …'): English callers read it as today; other languages hear what its status means.
 */
function refusalIn(translator: Translator, status: number, english: string): string {
  if (status === 429) return translator.text(messages.errors.tooManyRequests);
  if (status === 413) return translator.text(messages.errors.payloadTooLarge);
  if (!english) return translator.text(messages.errors.badRequest);
  if (translator.language === 'en' || translator.knows(english)) return translator.text(english);
  if (status === 415) return translator.text(messages.errors.unsupportedMediaType);
  if (status === 404) return translator.text(messages.errors.notFound);
  return translator.text(messages.errors.badRequest);
}

/** What a 503 asks a client to wait: a dropped connection or a full image queue passes in seconds. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A refusal's words for its reader: for one who reads right to left, each name it carries (a product's
 * English name in 'Silk Scarf is out of stock', a size) is isolated, as the web isolates the values it
 * shows, so the name keeps its order inside the Arabic sentence the shop's toast shows. Counts stay
 * numbers (they choose the plural); English answers stay the English texts exactly.
 */
function refusalText(translator: Translator, phrase: Phrase): string {
  if (directionOf(translator.language) === 'ltr' || !phrase.values) return translator.phrase(phrase);
  const values = Object.fromEntries(
    Object.entries(phrase.values).map(([name, value]) => [
      name,
      typeof value === 'string' ? isolated(value) : value,
    ]),
  );
  return translator.phrase({ ...phrase, values });
}

/**
 * One place turns every failure into `{ success: false, message }` with its status (DESIGN §2). The text
 * of an unexpected error never reaches the caller: it may hold SQL, paths or secrets.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
      const translator = translatorFor(request);
      let error = thrown;
      const unavailable = error instanceof AppError ? null : databaseUnavailableReason(error);
      if (unavailable) {
        // A restart, a fail-over or a dropped connection: it passes, and the pool reconnects by itself.
        // Logged by its reason only: Drizzle's wrapper holds the SQL and its parameters.
        request.log.warn({ reason: unavailable }, 'database unavailable');
        error = new AppError('UNAVAILABLE', messages.errors.shopBusy);
      }
      if (error instanceof AppError) {
        // Busy or unreachable passes in moments: say when a client's retry is worth it.
        if (error.statusCode === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply
          .status(error.statusCode)
          .send({ success: false, message: refusalText(translator, error.phrase) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0] as ValidationIssue | undefined;
        const message = first
          ? describeIssue(first, translator)
          : translator.text(messages.errors.badRequest);
        return reply.status(400).send({ success: false, message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply
          .status(status)
          .send({ success: false, message: refusalIn(translator, status, error.message) });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ success: false, message: translator.text(messages.errors.internal) });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({
        success: false,
        message: translatorFor(request).phrase({
          template: messages.errors.routeNotFound,
          values: { method: request.method, url: request.url.split('?')[0] ?? '' },
        }),
      });
    });
  },
  { name: 'errors' },
);
