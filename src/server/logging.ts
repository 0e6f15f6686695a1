import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Config } from './config';

/**
 * A caller's own request id is kept so its logs and ours line up; anything else in that header (too
 * long, spaces, control characters) could forge or break log lines, so it is replaced by a UUID.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Keys whose values never reach a log line, at any depth a log call is likely to use: secrets (a
 * password, its hash, a token, the JWT secret, a signed link's signature) and a shopper's personal
 * data (email, phone, the parts of an address).
 */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'hash',
  'token',
  'authorization',
  'cookie',
  'jwtSecret',
  'JWT_SECRET',
  'secret',
  'signature',
  'email',
  'phone',
  'address',
  'street',
  'building',
  'floor',
  'apartment',
  'landmark',
];

const SECRETS = new Set(SECRET_KEYS);

/** Keys whose values a serializer writes (./logging.ts's own, or Fastify's): they keep only what is safe. */
const SERIALIZED = new Set(['req', 'res', 'err', 'error']);

/** How deep into a logged object secrets are looked for; deeper values are left out of the line. */
const SCRUB_DEPTH = 6;

const REDACTED = '[redacted]';

/**
 * A log line's fields with every secret key's value replaced, at any depth a log call is likely to
 * use; the caller's objects are copied, never changed. pino's own path-based redaction did the same
 * with 76 wildcard paths at about 50 µs a line, a twentieth of a busy server's time (issue 18).
 */
function scrubSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  const scrubbed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    scrubbed[key] = SERIALIZED.has(key) ? value : scrubValue(key, value, 1);
  }
  return scrubbed;
}

function scrubValue(key: string, value: unknown, depth: number): unknown {
  if (SECRETS.has(key) && value !== undefined) return REDACTED;
  if (typeof value !== 'object' || value === null || value instanceof Date || ArrayBuffer.isView(value)) {
    return value;
  }
  if (value instanceof Error) return value;
  if (depth >= SCRUB_DEPTH) return '[deeper]';
  if (Array.isArray(value)) return value.map((item) => scrubValue('', item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [inner, innerValue] of Object.entries(value))
    copy[inner] = scrubValue(inner, innerValue, depth + 1);
  return copy;
}

/** Fields of a database or library error that say what went wrong without repeating anyone's data. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'routine',
] as const;

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * Errors as a log line may hold them. Drizzle's failed-query error repeats the statement's parameters
 * in its message and stack (a new user's hash and email, an order's phone and address), and pg's error
 * `detail` quotes the row's values ("Key (email)=(…) already exists"): both are cut, the SQL text and
 * the error codes stay.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: 'a non-Error value was thrown', stack: '' };
  }
  const record = error as unknown as Record<string, unknown>;
  const scrub = (text: string): string =>
    Array.isArray(record.params) ? text.split(`\nparams: ${String(record.params)}`).join('') : text;
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: scrub(error.message),
    stack: scrub(error.stack ?? ''),
  };
  for (const field of SAFE_ERROR_FIELDS) {
    if (record[field] !== undefined) logged[field] = record[field];
  }
  if (error.cause !== undefined && depth < 4) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** What a request log line says of the request: never the query string, which may carry a signed link. */
function serializeRequest(request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
}): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    hostname: request.hostname,
    remoteAddress: request.ip,
  };
}

/** Images and the web app's files: thousands per visit, and their failures are logged as errors anyway. */
const QUIET_PATH = /^\/(uploads|assets)\/|\.(js|css|svg|png|ico|webp|woff2?|txt|json|webmanifest)$/;

export function isQuietRequest(request: Pick<IncomingMessage, 'url'>): boolean {
  const path = (request.url ?? '').split('?')[0] ?? '';
  return !path.startsWith('/api/') && QUIET_PATH.test(path);
}

/**
 * One line per request, when it is answered: what was asked, the status and how long it took.
 * Fastify's default adds a line as each request arrives, which says nothing the answer's line does
 * not, and at a thousand requests a second its serializing and redacting were a few per cent of the
 * server's time (issue 18, profiled). A request that fails still logs its error as it happens.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The logger and request-id options of the Fastify instance, so every line of a request carries its id. */
export function loggingOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  /** Where lines go: standard output unless a test captures them. */
  destination?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  return {
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            formatters: { log: scrubSecrets },
            serializers: { err: serializeError, error: serializeError, req: serializeRequest },
            ...(destination ? { stream: destination } : {}),
          },
    genReqId: requestIdOf,
    logController: new OneLinePerRequest({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: isQuietRequest,
    }),
  };
}
