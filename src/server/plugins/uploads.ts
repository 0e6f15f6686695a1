import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@/shared/messages';
import { AppError } from '../errors';
import type { ObjectStore } from '../storage/types';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Whether a key may be served to anyone. Payment proofs live under `private/` and are reached only
 * through signed links; a key with empty, `.` or `..` segments could be normalised by a store into
 * another one (`a/../private/x`), so it is refused rather than interpreted.
 */
export function isPublicKey(key: string): boolean {
  if (!key || key.includes('\\') || key.includes('\0')) return false;
  const segments = key.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return false;
  return segments[0]?.toLowerCase() !== 'private';
}

/** `GET /uploads/*`: public images from the image store. Their names change with their content, so they are cached for a year. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ store: ObjectStore }> = async (app, options) => {
  app.get(
    '/uploads/*',
    {
      // A page of products loads dozens of images; the API's limit is not for these.
      config: { rateLimit: false },
      schema: {
        hide: true,
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isPublicKey(key)) throw new AppError('NOT_FOUND', messages.errors.notFound);
      const object = await options.store.get(key).catch(() => null);
      if (!object) throw new AppError('NOT_FOUND', messages.errors.notFound);
      // Helmet's same-origin policy would stop a shop front served from another origin showing them.
      reply
        .header('cache-control', PUBLIC_CACHE_CONTROL)
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(object.contentType);
      if (object.size !== undefined) reply.header('content-length', object.size);
      return reply.send(object.body);
    },
  );
};
