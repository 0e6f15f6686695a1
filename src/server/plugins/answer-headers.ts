import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers about one person or only for an admin: no browser, proxy or CDN may keep a copy. */
const PRIVATE_PATHS = /^\/api\/(cart|order|auth|dashboard|files\/private)(\/|\?|$)/;

/**
 * Whether an answer belongs to one caller: a private path, any change (which answers with what was
 * changed), or any request that carries a token (an admin's list, a user's own view).
 */
export function isPrivateAnswer(request: FastifyRequest): boolean {
  if (!request.url.startsWith('/api/')) return false;
  if (PRIVATE_PATHS.test(request.url)) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  return request.headers.token !== undefined || request.headers.authorization !== undefined;
}

/**
 * Headers every answer gets, errors included: the request's id (the caller's own, or the one made for
 * it) so a support question can be matched to the log, and `Cache-Control: no-store` on private answers.
 */
export const answerHeaders = fp(
  async (app: FastifyInstance) => {
    // One callback-style hook on the way out, errors and not-found answers included: it runs on every
    // request, so it costs no promise and no second hook.
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-request-id', request.id);
      if (isPrivateAnswer(request)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'answer-headers' },
);
