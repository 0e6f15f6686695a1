import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * helmet's headers with its default content security policy, which both the Vite build and swagger-ui
 * live within (STACK gotcha 11), widened only for images: previews of files picked in a form are
 * `blob:` URLs, and with S3_PUBLIC_URL or PUBLIC_URL product images come from that origin.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: Pick<Config, 'S3_PUBLIC_URL' | 'PUBLIC_URL'>) => {
    const imageOrigins = [options.S3_PUBLIC_URL, options.PUBLIC_URL]
      .filter((url): url is string => url !== undefined)
      .map((url) => new URL(url).origin);
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
          // A small shop may serve plain http on its own network; asking the browser to upgrade every
          // request there breaks every script and image. Behind TLS the proxy's HSTS does that job.
          upgradeInsecureRequests: null,
        },
      },
    });
  },
  { name: 'security-headers' },
);
