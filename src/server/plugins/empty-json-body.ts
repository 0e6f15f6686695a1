import type { FastifyInstance } from 'fastify';

/**
 * In the encapsulated context `app` (a plugin of its own), an empty body sent with
 * `Content-Type: application/json` is read as `{}`: SPEC §7's client sends its calls that take no
 * body (`POST /cart/create`, `PATCH /cart/{id}`, `PUT /cart/clear`) so, and Fastify's own parser
 * refuses them with 400. Any other body is parsed as Fastify parses it (a broken or poisoned one is
 * still a 400), and every route outside the context keeps refusing an empty JSON body.
 */
export function readEmptyJsonBodyAsObject(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
}
