import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

/** Vite names everything under assets/ by its content, so a cached copy can never be stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: the browser must ask again each time (it may get a 304). */
const REVALIDATE = 'no-cache';
/** favicon, robots.txt and the like keep their names across builds. */
const SHORT = 'public, max-age=3600';

const PRECOMPRESSED = /\.(br|gz)$/;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** What the server writes into index.html for the app to read once at start (src/web/lib/shop.ts). */
export interface PageSettings {
  shopName: string;
  walletNumber: string;
}

function setMeta(html: string, name: string, value: string): string {
  return html.replace(
    new RegExp(`(<meta\\s+name="${name}"\\s+content=")[^"]*(")`),
    (_match, start: string, end: string) => `${start}${escapeHtml(value)}${end}`,
  );
}

/** index.html with the shop's name (`<meta name="shop-name">` and the title) and wallet number filled in. */
export function personaliseIndexHtml(html: string, settings: PageSettings): string {
  let page = setMeta(html, 'shop-name', settings.shopName);
  page = setMeta(page, 'wallet-number', settings.walletNumber);
  return page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(settings.shopName)}</title>`);
}

async function listFiles(root: string): Promise<Set<string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter((file) => !PRECOMPRESSED.test(file)),
  );
}

function decodePath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

/**
 * Serves the built SPA from `distDir`: its files with fitting cache headers (and their .br/.gz twins
 * when the browser takes them), and index.html for every other GET outside /api, so the client router
 * can show deep links (history fallback). The list of files is read once at start-up: a request can
 * only ever name one of them, so no path from a URL reaches the file system. Without a build (tests,
 * `npm run serve` before `vite build`) nothing is registered and the API works alone.
 */
export async function webAppRoutes(
  app: FastifyInstance,
  options: { distDir: string } & PageSettings,
): Promise<void> {
  const root = resolve(options.distDir);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir: root }, 'no web build found: serving the API only');
    return;
  }
  const indexHtml = personaliseIndexHtml(await readFile(indexPath, 'utf8'), options);
  // no-cache makes the browser ask on every visit; the tag lets the answer be an empty 304.
  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
  const files = await listFiles(root);
  files.delete('index.html');

  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    // Cache headers come from setHeaders, per file; send's own default would say max-age=0.
    cacheControl: false,
    setHeaders: (reply, path) => {
      const file = relative(root, path).split(sep).join('/');
      reply.header('cache-control', file.startsWith('assets/') ? IMMUTABLE : SHORT);
    },
  });

  app.get('/*', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    const path = decodePath(request.url);
    if (path === null) return reply.callNotFound();
    // An unknown API path is a client's mistake and must say so in JSON, not answer a web page.
    if (path === '/api' || path.startsWith('/api/')) return reply.callNotFound();
    const file = path.slice(1);
    if (files.has(file)) return reply.sendFile(file);
    // A missing hashed asset is a stale page asking for an old build: a 404, not the app's HTML.
    if (file.startsWith('assets/')) return reply.callNotFound();
    reply.header('cache-control', REVALIDATE).header('etag', indexEtag);
    if (request.headers['if-none-match'] === indexEtag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  });
}
