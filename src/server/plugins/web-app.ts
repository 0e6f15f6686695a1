import fastifyStatic from '@fastify/static';
import type { DehydratedState } from '@tanstack/query-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { SHOP_SETTINGS_SCRIPT_ID } from '@/shared/constants';
import { FIRST_SCREEN_SCRIPT_ID } from '@/shared/first-screen';
import type { Language } from '@/shared/language';
import escapeHtml from 'escape-html';
import { arabicAssetsOf, inLanguage, languageCookie, pageLanguageOf, typefaceHeld } from './page-language';
import { withHead, type PageHead } from '../seo/head';
import type { PageRequest } from '../seo/pages';
import { publicOrigin } from '../seo/request';
import { scriptJson } from './script-json';

/** Vite names everything under assets/ by its content, so a cached copy can never be stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: the browser must ask again each time (it may get a 304). */
const REVALIDATE = 'no-cache';
/** favicon, robots.txt and the like keep their names across builds. */
const SHORT = 'public, max-age=3600';

const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * What a page needs first, sent inside it so the browser need not wait for the scripts to ask: the
 * data of its first queries, as TanStack Query's dehydrated state (the storefront hydrates its cache
 * with it, src/web/lib/first-screen.ts), and the picture to fetch at once.
 */
export interface FirstScreen {
  state: DehydratedState;
  image?: { url: string; srcset?: string | undefined; sizes: string } | undefined;
  /** The page's own modules (source paths, as the build's manifest names them), loaded with the app's. */
  modules?: string[];
  /**
   * Markup drawn below the top bar's frame until the app's first render replaces it (e.g. the product
   * page's main picture where the page puts it), so the largest paint need not wait for the scripts.
   */
  frame?: string | undefined;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export type FirstScreenOf = (
  path: string,
  search: URLSearchParams,
  language: Language,
) => Promise<FirstScreen | undefined>;

/** The head of a page for search engines and link previews (src/server/seo/pages.ts). */
export type PageHeadOf = (page: PageRequest) => Promise<PageHead>;

/**
 * The files of `modules` and of everything they import, per the build's manifest, that `html` does not
 * load already: what the router would fetch only after the app's own scripts have run.
 */
export function moduleFilesOf(
  modules: readonly string[],
  manifest: Record<string, ManifestChunk>,
  html: string,
): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files].filter((file) => file.endsWith('.js') && !html.includes(`/${file}`));
}

/**
 * index.html with the first screen: its picture preloaded, its modules preloaded at low priority
 * (`moduleFiles`, from `moduleFilesOf`) and its data inlined (as data, never run).
 */
export function withFirstScreen(
  html: string,
  screen: FirstScreen,
  moduleFiles: readonly string[] = [],
): string {
  // The picture goes first, before the app's own scripts, so it does not queue behind them.
  const picture = screen.image
    ? `<link rel="preload" as="image" href="${escapeHtml(screen.image.url)}"` +
      (screen.image.srcset
        ? ` imagesrcset="${escapeHtml(screen.image.srcset)}" imagesizes="${escapeHtml(screen.image.sizes)}"`
        : '') +
      ' fetchpriority="high">'
    : '';
  // At low priority: the page's code runs only after the app's own (which the browser fetches first, at
  // high priority) and is not needed to draw the top bar's frame that index.html shows meanwhile.
  const modules = moduleFiles
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeHtml(file)}">`)
    .join('');
  const dataScript = `<script type="application/json" id="${FIRST_SCREEN_SCRIPT_ID}">${scriptJson(screen.state)}</script>`;
  // Functions, not strings, as replacements: a `$'` in a product's text must stay text.
  let page = picture ? html.replace('<script', () => `${picture}<script`) : html;
  if (screen.frame) page = withFrame(page, screen.frame);
  return page.replace('</head>', () => `${modules}${dataScript}</head>`);
}

/**
 * `html` with `frame` in `#root`, after the top bar's frame when index.html has one (the app's first
 * render replaces both); as it was when there is no `#root`.
 */
function withFrame(html: string, frame: string): string {
  const root = /<div id="root"[^>]*>/.exec(html);
  if (!root) return html;
  const start = root.index + root[0].length;
  const header = /^\s*(?:<!--[\s\S]*?-->\s*)*<header\b[\s\S]*?<\/header>/.exec(html.slice(start));
  const at = start + (header?.[0].length ?? 0);
  return `${html.slice(0, at)}${frame}${html.slice(at)}`;
}

function etagOf(content: string): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
}

/**
 * The tag of a page with a first screen. Its data carries the time it was read, so no two such pages
 * are the same bytes: the tag is weak (RFC 9110 §8.8.1) and made of everything but those times, so a
 * page whose data has not changed still answers 304. The browser's copy then says its data is older,
 * and TanStack Query asks again for it once it is stale, as for data it fetched itself.
 */
function firstScreenEtag(indexEtag: string, screen: FirstScreen, moduleFiles: readonly string[]): string {
  const data = screen.state.queries.map((query) => [query.queryHash, query.state.data]);
  return `W/${etagOf(JSON.stringify([indexEtag, data, screen.image, screen.frame, moduleFiles]))}`;
}

/**
 * What the server writes into index.html for the app to read once at start (src/web/lib/shop.ts): from
 * the owner's settings, read for each page served, so a change shows on the next page load.
 */
export interface PageSettings {
  shopName: string;
  /** The name in Arabic, which Arabic pages carry instead; empty or absent: the English one. */
  shopNameAr?: string | undefined;
  walletNumber: string;
  /** The digits of the shop's wa.me links; undefined (SHOP_WHATSAPP unset) hides them. */
  whatsappNumber?: string | undefined;
  /**
   * The public settings (`GET /api/settings`'s), written into the page as data so the footer, the
   * announcement and the fees show with the first render, without a request of their own.
   */
  publicSettings?: unknown;
}

function setMeta(html: string, name: string, value: string): string {
  return html.replace(
    new RegExp(`(<meta\\s+name="${name}"\\s+content=")[^"]*(")`),
    (_match, start: string, end: string) => `${start}${escapeHtml(value)}${end}`,
  );
}

/**
 * index.html with the shop's name (`<meta name="shop-name">` and the title), wallet number and
 * WhatsApp number (empty when there is none) filled in.
 */
export function personaliseIndexHtml(html: string, settings: PageSettings): string {
  let page = setMeta(html, 'shop-name', settings.shopName);
  page = setMeta(page, 'wallet-number', settings.walletNumber);
  page = setMeta(page, 'whatsapp-number', settings.whatsappNumber ?? '');
  const name = escapeHtml(settings.shopName);
  page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`);
  if (settings.publicSettings !== undefined) {
    const data = `<script type="application/json" id="${SHOP_SETTINGS_SCRIPT_ID}">${scriptJson(settings.publicSettings)}</script>`;
    page = page.replace('</head>', () => `${data}</head>`);
  }
  // The top bar's frame shown while the scripts load carries the name too.
  return page.replace(
    /(<a\b[^>]*\bdata-shop-name\b[^>]*>)[^<]*(<\/a)/,
    (_match, start: string, end: string) => `${start}${name}${end}`,
  );
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
  options: {
    distDir: string;
    firstScreen?: FirstScreenOf | undefined;
    pageHead?: PageHeadOf | undefined;
    /** PUBLIC_URL: the origin of the canonical and preview addresses; else each request's own. */
    publicUrl?: string | undefined;
    /** The settings as they are now (a memory read while they are known to be current). */
    pageSettings: () => Promise<PageSettings>;
  },
): Promise<void> {
  const root = resolve(options.distDir);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir: root }, 'no web build found: serving the API only');
    return;
  }
  const template = await readFile(indexPath, 'utf8');
  const files = await listFiles(root);
  files.delete('index.html');
  const manifestPath = join(root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
    : {};

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

  // One index.html per language (its `<html lang dir>`, and Arabic's dictionary preloaded), and the
  // Arabic one twice (drawn in the typeface or not yet), each with its own tag, so a browser's copy of
  // one is never taken for another; all personalised for the settings last seen, and made again only
  // when they change.
  const arabicAssets = arabicAssetsOf(manifest);
  const variants = { en: ['en', false], ar: ['ar', false], arTypeface: ['ar', true] } as const;
  type Variant = keyof typeof variants;
  let personalised: { settings: string; pages: Record<Variant, { html: string; etag: string }> } | undefined;
  async function indexPage(variant: Variant): Promise<{ html: string; etag: string }> {
    const settings = await options.pageSettings();
    const key = JSON.stringify(settings);
    if (personalised?.settings !== key) {
      const named = (pageLanguage: Language) =>
        personaliseIndexHtml(template, {
          ...settings,
          shopName: (pageLanguage === 'ar' && settings.shopNameAr?.trim()) || settings.shopName,
        });
      const html = { en: named('en'), ar: named('ar') };
      const pageIn = ([pageLanguage, typeface]: (typeof variants)[Variant]) => {
        const page = inLanguage(html[pageLanguage], pageLanguage, arabicAssets, typeface);
        // no-cache makes the browser ask on every visit; the tag lets the answer be an empty 304.
        return { html: page, etag: etagOf(page) };
      };
      personalised = {
        settings: key,
        pages: { en: pageIn(variants.en), ar: pageIn(variants.ar), arTypeface: pageIn(variants.arTypeface) },
      };
    }
    return personalised.pages[variant];
  }

  /** index.html in its language (`variant`), with the first screen of `path` when there is one; the bare page if that fails. */
  async function pageOf(
    path: string,
    search: URLSearchParams,
    variant: Variant,
  ): Promise<{ html: string; etag: string }> {
    const index = await indexPage(variant);
    if (!options.firstScreen) return index;
    try {
      const screen = await options.firstScreen(path, search, variants[variant][0]);
      if (!screen) return index;
      const moduleFiles = moduleFilesOf(screen.modules ?? [], manifest, index.html);
      return {
        html: withFirstScreen(index.html, screen, moduleFiles),
        etag: firstScreenEtag(index.etag, screen, moduleFiles),
      };
    } catch (error) {
      app.log.warn({ err: error, path }, 'first screen left out: the page will ask for its data itself');
      return index;
    }
  }

  /**
   * The page with its own head (title, description, canonical, previews, structured data) for its
   * address and language; the page as it is if that fails. The head is part of the tag: it changes with
   * the address's language and with the product's price or stock.
   */
  async function withPageHead(
    page: { html: string; etag: string },
    { path, search, language }: { path: string; search: URLSearchParams; language: Language },
    request: FastifyRequest,
  ): Promise<{ html: string; etag: string; notFound?: boolean }> {
    if (!options.pageHead) return page;
    try {
      const origin = publicOrigin(request, options.publicUrl);
      const head = await options.pageHead({ path, search, language, origin });
      const weak = page.etag.startsWith('W/');
      const tag = etagOf(JSON.stringify([page.etag, head, origin]));
      return {
        html: withHead(page.html, head, origin),
        etag: weak ? `W/${tag}` : tag,
        ...(head.notFound ? { notFound: true } : {}),
      };
    } catch (error) {
      app.log.warn({ err: error, path }, 'page head left out: the page keeps the shop-wide one');
      return page;
    }
  }

  app.get('/*', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    const path = decodePath(request.url);
    if (path === null) return reply.callNotFound();
    // An unknown API path is a client's mistake and must say so in JSON, not answer a web page.
    if (path === '/api' || path.startsWith('/api/')) return reply.callNotFound();
    const file = path.slice(1);
    if (files.has(file)) return reply.sendFile(file);
    // A missing hashed asset is a stale page asking for an old build: a 404, not the app's HTML.
    if (file.startsWith('assets/')) return reply.callNotFound();
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    const { language, chosenInUrl } = pageLanguageOf(search, request.headers.cookie);
    const variant = language === 'en' ? 'en' : typefaceHeld(request.headers.cookie) ? 'arTypeface' : 'ar';
    const page = await pageOf(path, search, variant);
    const { html, etag, notFound } = await withPageHead(page, { path, search, language }, request);
    if (chosenInUrl) reply.header('set-cookie', languageCookie(language));
    // The page's language may come from the visitor's cookie: a shared cache must keep one copy per cookie.
    reply.header('cache-control', REVALIDATE).header('vary', 'Cookie');
    // An address that names nothing is the app all the same (its not-found screen shows), but says 404,
    // so search engines drop it and a broken link shows up in the logs; the head already read the
    // product, category or policy page, so knowing costs no query of its own.
    if (notFound) return reply.status(404).type('text/html; charset=utf-8').send(html);
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
