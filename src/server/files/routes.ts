import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@/shared/messages';
import { text } from '@/shared/schemas/common';
import { AppError } from '../errors';
import { errorAnswers } from '../plugins/docs';
import type { ObjectStore } from '../storage/types';
import type { UrlSigner } from './signing';

/** Keys we write are `private/<folder>/<hex>.webp`; anything else (`..`, `\`, `%00`) is no file of ours. */
const PRIVATE_KEY = /^private\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

// The key is judged by PRIVATE_KEY below: anything else (a NUL too) is answered 404, as no file of ours.
const FileParamsSchema = z.object({ '*': z.string() });
// Both optional: a link without them is answered 403 like a tampered one, not 400.
const FileQuerySchema = z.object({
  expires: text('expires', { max: 20, trim: false }).optional(),
  signature: text('signature', { max: 200, trim: false }).optional(),
});

/** A file's bytes, streamed as they are: never JSON, so never serialized (the backup archive too). */
export const FileBodySchema = z.custom<Readable>().meta({ type: 'string', format: 'binary' });

/** Serves private files (payment proofs) to holders of a signed, unexpired link. */
export const filesRoutes: FastifyPluginAsyncZod<{ store: ObjectStore; signer: UrlSigner }> = async (
  app,
  options,
) => {
  const { store, signer } = options;

  app.get(
    '/api/files/private/*',
    {
      schema: {
        params: FileParamsSchema,
        querystring: FileQuerySchema,
        tags: ['files'],
        summary: 'A private file (a payment proof) through a signed link that expires',
        response: {
          200: {
            description: 'The file (payment proofs are WebP images)',
            content: { 'image/webp': { schema: FileBodySchema } },
          },
          ...errorAnswers(403, 404),
        },
      },
    },
    async (request, reply) => {
      const key = `private/${request.params['*']}`;
      const { expires = '', signature = '' } = request.query;
      if (!PRIVATE_KEY.test(key) || key.split('/').includes('..')) {
        throw new AppError('NOT_FOUND', messages.errors.fileNotFound);
      }
      // The signature is checked before the store is asked, so nobody can probe which files exist.
      if (!signer.verify(key, expires, signature)) {
        throw new AppError('FORBIDDEN', messages.errors.fileLinkInvalid);
      }
      const object = await store.get(key);
      if (!object) throw new AppError('NOT_FOUND', messages.errors.fileNotFound);

      // Cache-Control: no-store comes from the answer-headers plugin, as for every private answer. The
      // signed link is the permission, so a shop front on another origin may show the proof it was given.
      reply
        .header('Content-Type', object.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (object.size !== undefined) reply.header('Content-Length', object.size);
      return reply.send(object.body);
    },
  );
};
