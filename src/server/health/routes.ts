import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import cluster from 'node:cluster';
import { messages } from '@/shared/messages';
import { HealthAnswerSchema } from '@/shared/schemas/health';
import type { ListingIndexKeeper } from '../catalog/listing-index-keeper';
import type { Database } from '../db/client';
import { databaseUnavailableReason } from '../db/faults';
import { AppError } from '../errors';
import { errorAnswers } from '../plugins/docs';

/**
 * Whether the shop can serve: for a load balancer, a container's health check or a person. While
 * PostgreSQL restarts it says so (503); the pool reconnects by itself once it is back.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  listingIndex: ListingIndexKeeper;
}> = async (app, { database, listingIndex }) => {
  // Seen here rather than by each request: a connection can die while it sits idle in the pool.
  database.onConnectionLost((error) => {
    app.log.warn({ reason: databaseUnavailableReason(error) ?? error.message }, 'database connection lost');
  });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers when the database does',
        response: { 200: HealthAnswerSchema, ...errorAnswers() },
      },
    },
    async (request) => {
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ reason: databaseUnavailableReason(error) }, 'health check: no database');
        throw new AppError('UNAVAILABLE', messages.errors.databaseUnavailable);
      }
      return {
        success: true as const,
        status: 'ok' as const,
        database: database.driver,
        listing: listingIndex.isTrusted() ? ('memory' as const) : ('database' as const),
        ...(cluster.isWorker ? { pid: process.pid } : {}),
      };
    },
  );
};
