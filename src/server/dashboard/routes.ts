import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import type { ObjectStore } from '../storage/types';
import { createDashboardService } from './service';

/** The admin dashboard's figures (DESIGN §2), all counted in SQL. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; store: ObjectStore }> = async (
  app,
  options,
) => {
  const dashboard = createDashboardService(options.db, options.store);

  app.get(
    '/api/dashboard/stats',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Shop totals, orders per status, revenue (EGP, confirmed and completed grand totals) and the 5 newest products',
      },
    },
    async () => ({ success: true, ...(await dashboard.stats()) }),
  );
};
