import { z } from 'zod';

/** GET /api/health: the server and its database answer. */
export const HealthAnswerSchema = z
  .object({
    success: z.literal(true),
    status: z.literal('ok'),
    /** The embedded database (PGlite) or a PostgreSQL server. */
    database: z.enum(['pglite', 'pg']),
    /**
     * Which of the server's processes answered (its process id), when several share the port
     * (WEB_CONCURRENCY): what tells a person, or a test, that each of them serves.
     */
    pid: z.number().int().optional(),
    /**
     * Where this process finds the listing's products: in its memory once its listing index is built
     * and follows every change (a moment after it starts), from the database until then.
     */
    listing: z.enum(['memory', 'database']),
  })
  .describe('The shop can serve');
