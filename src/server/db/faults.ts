/**
 * Telling "the database cannot be reached right now" from "this query is wrong". The first is the
 * shop's weather (a PostgreSQL restart, a fail-over, a dropped connection, a full server) and answers
 * 503 until it passes; the second is a bug or a bad input and must stay what it is.
 */

/**
 * SQLSTATEs that say the connection, not the statement, failed: class 08 (connection exception),
 * 57P01 admin shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash shutdown, 57P03 cannot
 * connect now (starting up, shutting down, in recovery), 53300 too many connections; and 55000 below.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/**
 * 55000 (object not in prerequisite state) when it ends a session as it starts: the database refuses
 * new connections (`ALTER DATABASE … ALLOW_CONNECTIONS false`, as while a database is restored). The
 * same SQLSTATE from a statement is that statement's fault, so only the start-up check counts, known
 * by its routine (never translated) or, failing that, by ending the session (FATAL).
 */
const NOT_ACCEPTING_CONNECTIONS = '55000';
const refusesConnections = ({ routine, severity }: { routine?: unknown; severity?: unknown }) =>
  routine === 'CheckMyDatabase' || severity === 'FATAL';
const CONNECTION_EXCEPTION_CLASS = '08';

/** Socket errors of a server that is down, restarting, unreachable or whose connection was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool say these in words only (no code): the server closed the socket, the pool
 * gave up waiting for a connection (`connectionTimeoutMillis`), or a client that lost its connection
 * was asked again.
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/** The code or words that make this one error (not its causes) a sign of an unreachable database. */
function unavailableSign(error: object): string | null {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return code;
    if (code === NOT_ACCEPTING_CONNECTIONS && refusesConnections(error)) return code;
    // A SQLSTATE is five characters; an errno such as 'ENOENT' never starts with digits.
    if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return code;
  }
  if (typeof message !== 'string') return null;
  return UNAVAILABLE_MESSAGES.find((words) => message.startsWith(words)) ?? null;
}

/**
 * Why `error` means the database is unreachable for now (the SQLSTATE, socket code or driver words
 * that say so, safe to log), or null when it does not. Looks through the wrappers: Drizzle puts the
 * driver's error in `cause` (DrizzleQueryError, whose own message holds the SQL and its parameters),
 * pg-pool wraps a timed-out connect, and Node reports a refused dual-stack connect as an
 * AggregateError of one error per address.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  const seen = new Set<object>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const sign = unavailableSign(current);
    if (sign) return sign;
    pending.push((current as { cause?: unknown }).cause);
    const { errors } = current as { errors?: unknown };
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return null;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== null;
}
