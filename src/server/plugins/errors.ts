import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { languageFromAcceptLanguage } from '@/shared/language';
import { messages } from '@/shared/messages';
import type { Translator } from '@/shared/translate';
import type { Database } from '../db/client';
import { databaseUnavailableReason } from '../db/faults';
import { AppError } from '../errors';
import { describeIssue, type SchemaIssue } from '../invalid-input';
import { translatorFor, translatorIn } from './language';

/** An entry of Fastify's validation error, as fastify-type-provider-zod builds it from a zod issue. */
interface ValidationEntry {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown> & { issue?: { path?: PropertyKey[]; message?: string } };
}

function issueOfEntry({ keyword, instancePath, message, params = {} }: ValidationEntry): SchemaIssue {
  const { issue, ...rest } = params;
  return {
    code: keyword,
    // A JSON pointer ('/announcement/en') read as the schemas name fields ('announcement.en').
    path: issue?.path?.map(String).join('.') ?? instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '',
    message: issue?.message ?? message ?? messages.errors.badRequest,
    params: rest,
  };
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

/** Node's refusals of what it could not read as a request, by its error's code, and their texts. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: messages.errors.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: messages.errors.requestTimeout },
};

/**
 * Node's own answers to a request it could not read (its address and headers over 16 kB, a request
 * slower than its timeout, bytes that are no HTTP), which no hook or handler ever sees: the same
 * `{ success: false, message }`, in the language the bytes that came ask for. Passed to Fastify as its
 * `clientErrorHandler` option; the connection then ends, as Node's own answer ends it.
 */
export function clientErrors(error: ConnectionError, socket: Socket): void {
  // A connection the client reset: nobody is there to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code] ?? {
    status: 400,
    message: messages.errors.badRequest,
  };
  // Node's error carries the bytes read so far (typed by Fastify as their JSON form: they are a Buffer).
  const raw: unknown = (error as { rawPacket?: unknown }).rawPacket;
  const read = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  const asked = /\r\naccept-language:([^\r\n]*)/i.exec(read)?.[1];
  const body = JSON.stringify({
    success: false,
    message: translatorIn(languageFromAcceptLanguage(asked?.trim())).text(message),
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
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
 * One place turns every failure into `{ success: false, message }` with its status (DESIGN §2). The text
 * of an unexpected error never reaches the caller: it may hold SQL, paths or secrets.
 */
export const errorHandler = fp(
  async (app: FastifyInstance, options: { database?: Pick<Database, 'onConnected'> }) => {
    // The outage being told: its first failure is logged, the others are the same news. It is over
    // when the pool opens a connection again. Without the database to hear that from (a test's bare
    // app), every failure is logged.
    let outage: string | null = null;
    options.database?.onConnected(() => {
      if (outage) app.log.info({ reason: outage }, 'database reachable again');
      outage = null;
    });
    app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
      const translator = translatorFor(request);
      let error = thrown;
      const unavailable = error instanceof AppError ? null : databaseUnavailableReason(error);
      if (unavailable) {
        // A restart, a fail-over, a dropped connection, a database refusing connections: it passes,
        // and the pool reconnects by itself. Logged by its reason only: Drizzle's wrapper holds the SQL
        // and its parameters.
        if (!outage) request.log.warn({ reason: unavailable }, 'database unavailable');
        if (options.database) outage = unavailable;
        error = new AppError('UNAVAILABLE', messages.errors.shopBusy);
      }
      if (error instanceof AppError) {
        // Busy or unreachable passes in moments: say when a client's retry is worth it.
        if (error.statusCode === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply.status(error.statusCode).send({ success: false, message: error.saidIn(translator) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0] as ValidationEntry | undefined;
        const message = first
          ? describeIssue(issueOfEntry(first), translator)
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
