import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * The headers helmet sets, found once: helmet is middleware that writes the same headers on every
 * response unless a policy takes per-request values (CSP nonces), which this shop's does not. Running
 * it per request (as @fastify/helmet does, with two hooks, one of them async) was a tenth of a fresh
 * listing page's CPU (issue 18); setting the headers it wrote once costs one call.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let wrote = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    wrote = true;
  });
  // helmet calls back at once; a version that did not would leave answers without their headers.
  if (!wrote) throw new Error('helmet did not write its headers synchronously');
  return headers;
}

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
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
          // A small shop may serve plain http on its own network; asking the browser to upgrade every
          // request there breaks every script and image. Behind TLS the proxy's HSTS does that job.
          upgradeInsecureRequests: null,
        },
      },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
