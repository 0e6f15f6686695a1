import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';

/** A server listening on `::` sees IPv4 clients as `::ffff:127.0.0.1`; the allow list names them plainly. */
function withoutIpv4Mapping(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}

/**
 * A generous limit for every route (per client address and minute), tighter ones where a route sets
 * its own (`config.rateLimit`, as sign-in does). With REDIS_URL the counts live in Redis, so several
 * processes behind a load balancer share them (DESIGN §5). Addresses in RATE_LIMIT_ALLOW_LIST skip
 * every limit; nothing is allowed by default.
 */
export const rateLimiting = fp(
  async (
    app: FastifyInstance,
    options: Pick<Config, 'RATE_LIMIT_PER_MINUTE' | 'RATE_LIMIT_ALLOW_LIST' | 'REDIS_URL'>,
  ) => {
    const allowed = new Set(options.RATE_LIMIT_ALLOW_LIST.map(withoutIpv4Mapping));
    let redis: Redis | undefined;
    if (options.REDIS_URL) {
      redis = new Redis(options.REDIS_URL, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        // While Redis is away, fail at once (and let the request through) instead of queueing behind reconnects.
        enableOfflineQueue: false,
      });
      // Errors surface through the limiter (skipOnError below); the client keeps reconnecting meanwhile.
      redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unreachable'));
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: options.RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      ...(allowed.size > 0
        ? { allowList: (request: FastifyRequest) => allowed.has(withoutIpv4Mapping(request.ip)) }
        : {}),
      // A shop that cannot reach Redis should keep selling rather than refuse every request.
      skipOnError: true,
      ...(redis ? { redis, nameSpace: 'nour-rate-limit-' } : {}),
    });
  },
  { name: 'rate-limiting' },
);
