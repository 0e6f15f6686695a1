import { z } from 'zod';

/** GET /api/health: the server and its database answer. */
export const HealthAnswerSchema = z
  .object({
    success: z.literal(true),
    status: z.literal('ok'),
    /** The embedded database (PGlite) or a PostgreSQL server. */
    database: z.enum(['pglite', 'pg']),
  })
  .describe('The shop can serve');
