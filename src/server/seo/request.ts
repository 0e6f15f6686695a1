import type { FastifyRequest } from 'fastify';

/**
 * The shop's absolute origin: PUBLIC_URL when set (what links shared outside must carry), else the
 * origin this request reached (its Host, and X-Forwarded-* with TRUST_PROXY).
 */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
