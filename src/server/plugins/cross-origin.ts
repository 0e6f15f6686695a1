import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The headers a web client sends besides the simple ones: the session token (either way), JSON, and retries' keys. */
export const CORS_ALLOWED_HEADERS = [
  'token',
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'X-Request-Id',
];
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Lets web clients served from the listed origins call the API from a browser (preflight answered
 * 204). Any other origin gets no CORS header at all, so its browser keeps refusing; with no origin
 * listed nothing is registered. The token travels in a header, never a cookie, so no credentials mode.
 */
export const crossOrigin = fp(
  async (app: FastifyInstance, options: { origins: string[] }) => {
    if (options.origins.length === 0) return;
    const allowed = new Set(options.origins);
    await app.register(cors, {
      origin: (origin, callback) =>
        callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
      methods: CORS_METHODS,
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: ['X-Request-Id'],
      // A day: the answer is the same for every path, and each preflight costs the shopper a round trip.
      maxAge: 86_400,
      // A preflight without Access-Control-Request-Method is no browser's; it is answered like any request.
      strictPreflight: false,
    });
  },
  { name: 'cross-origin' },
);
