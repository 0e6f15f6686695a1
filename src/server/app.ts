import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { messages } from '@/shared/messages';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError } from './errors';
import type { ObjectStore } from './storage/types';
import { authGuard } from './plugins/auth-guard';
import { cartRoutes } from './cart/routes';
import { errorHandler } from './plugins/errors';

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** Product and category images, and payment proofs under `private/`. */
  store: ObjectStore;
}

/** Builds the whole application without listening, so tests `inject` requests into the real thing. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, tokens } = deps;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    // Ids in paths are UUIDs and slugs; nothing legitimate comes near this.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(authGuard, { db: database.db, tokens });

  app.get('/api/health', async () => {
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      throw new AppError('UNAVAILABLE', messages.errors.databaseUnavailable);
    }
    return { success: true, status: 'ok', database: database.driver };
  });

  await app.register(cartRoutes, { db: database.db, store: deps.store });

  return app;
}
