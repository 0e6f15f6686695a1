import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DashboardStatsAnswerSchema,
  LowStockAnswerSchema,
  LowStockQuerySchema,
} from '@/shared/schemas/dashboard';
import { errorAnswers } from '../plugins/docs';
import { createDashboardService, type DashboardDeps } from './service';

/** The admin dashboard's figures (DESIGN §2), all counted in SQL. */
export const dashboardRoutes: FastifyPluginAsyncZod<DashboardDeps> = async (app, deps) => {
  const dashboard = createDashboardService(deps);

  app.get(
    '/api/dashboard/stats',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Shop totals, orders per status, revenue (EGP, confirmed and completed grand totals) and the 5 newest products',
        response: { 200: DashboardStatsAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => ({ success: true as const, ...(await dashboard.stats()) }),
  );

  app.get(
    '/api/dashboard/low-stock',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Products and variants about to run out (admin)',
        description:
          'Products without variants and single variants with at most `threshold` items in stock ' +
          '(`LOW_STOCK_THRESHOLD`, 3 by default, when left out), lowest stock first, at most 50.',
        querystring: LowStockQuerySchema,
        response: { 200: LowStockAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await dashboard.lowStockItems(request.query.threshold)),
    }),
  );
};
