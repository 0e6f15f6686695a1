import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { format, messages } from '@/shared/messages';
import { databaseUnavailableReason } from '../db/faults';
import { AppError } from '../errors';

/** Every text of the dictionary: a validation message found here already says what is wrong in our words. */
const dictionaryTexts = new Set<string>(
  Object.values(messages).flatMap((group) =>
    Object.values(group).filter((v): v is string => typeof v === 'string'),
  ),
);

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeIssue(issue: ValidationIssue): string {
  const path =
    issue.params?.issue?.path?.map(String).join('.') ?? issue.instancePath?.replace(/^\//, '') ?? '';
  const text = issue.params?.issue?.message ?? issue.message ?? messages.errors.badRequest;
  if (!path || dictionaryTexts.has(text) || text.toLowerCase().includes(path.toLowerCase())) return text;
  return format(messages.errors.invalidField, { field: path, rule: text });
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
    .send({ success: false, message: messages.errors.badUrl });
}

/** What a 503 asks a client to wait: a dropped connection or a full image queue passes in seconds. */
const RETRY_AFTER_SECONDS = 5;

/**
 * One place turns every failure into `{ success: false, message }` with its status (DESIGN §2). The text
 * of an unexpected error never reaches the caller: it may hold SQL, paths or secrets.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
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
        return reply.status(error.statusCode).send({ success: false, message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0] as ValidationIssue | undefined;
        return reply
          .status(400)
          .send({ success: false, message: first ? describeIssue(first) : messages.errors.badRequest });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message =
          status === 429
            ? messages.errors.tooManyRequests
            : status === 413
              ? messages.errors.payloadTooLarge
              : error.message || messages.errors.badRequest;
        return reply.status(status).send({ success: false, message });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ success: false, message: messages.errors.internal });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({
        success: false,
        message: format(messages.errors.routeNotFound, {
          method: request.method,
          url: request.url.split('?')[0] ?? '',
        }),
      });
    });
  },
  { name: 'errors' },
);
