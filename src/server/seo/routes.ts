import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CatalogService } from '../catalog/service';
import type { Db } from '../db/client';
import type { ObjectStore } from '../storage/types';
import { catalogueBatches } from './catalogue';
import { csvFeed, rssFeed } from './feed';
import type { SeoShop } from './pages';
import { POLICY_PAGE_SLUGS } from './policy-pages';
import { categoriesLastModified, chunkStart, sitemapChunks, type SitemapChunk } from './queries';
import { publicOrigin } from './request';
import { pagesSitemap, productsSitemap, SITEMAP_MAX_URLS, sitemapIndex } from './sitemap';

/** Crawlers and feed readers come back every few hours; an hour-old copy is fresh enough for them. */
const CACHE = 'public, max-age=3600';
const PRODUCTS_SITEMAP = /^products-([1-9]\d{0,5})\.xml$/;
/** How long the sitemap index's figures are served before they are counted again. */
const SITEMAP_INDEX_LIFETIME_MS = 10 * 60_000;

interface SitemapIndexFacts {
  chunks: SitemapChunk[];
  pagesLastModified: Date | null;
}

export interface SeoRoutesOptions {
  db: Db;
  store: ObjectStore;
  catalog: CatalogService;
  /** PUBLIC_URL: the origin of every address written; else each request's own. */
  publicUrl: string | undefined;
  shop: () => SeoShop | Promise<SeoShop>;
  /** Products per sitemap file; tests make it small to see several. */
  sitemapSize?: number;
}

/**
 * What crawlers and shopping platforms read: /robots.txt, /sitemap.xml (an index of sitemaps of at most
 * 50,000 addresses), and the product feeds for Google Merchant Center and Meta (Instagram and Facebook
 * shops) at /feeds/products.xml and /feeds/products.csv. The long answers are streamed from keyset
 * batches, so 100,000 products take the memory of a few hundred.
 */
export async function seoRoutes(app: FastifyInstance, options: SeoRoutesOptions): Promise<void> {
  const { db, store, catalog } = options;
  const size = options.sitemapSize ?? SITEMAP_MAX_URLS;
  const route = { schema: { hide: true } };

  /**
   * Text written as it is made, read only as fast as the client takes it. A failure after the answer
   * began cuts the file short (Fastify logs it): a crawler then sees a broken file, never a wrong one.
   */
  const streamed = (reply: FastifyReply, type: string, chunks: AsyncIterable<string>) =>
    reply.type(type).header('cache-control', CACHE).send(Readable.from(chunks));

  /**
   * The products cut into sitemaps and each one's last change: one pass over the whole table (a second
   * or more at 100,000 products on PGlite), so it is kept for a while rather than until the next
   * catalogue change, which at the shop's pace would be every few seconds. Past that, the old answer is
   * still served while one caller's pass replaces it. A crawler reads the index hours apart: minutes-old
   * lastmod values cost it nothing.
   */
  const indexCache = new LRUCache<'index', SitemapIndexFacts>({
    max: 1,
    ttl: SITEMAP_INDEX_LIFETIME_MS,
    allowStale: true,
    noDeleteOnStaleGet: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async () => {
      const [chunks, pagesLastModified] = await Promise.all([
        sitemapChunks(db, size),
        categoriesLastModified(db),
      ]);
      return { chunks, pagesLastModified };
    },
  });
  const sitemapIndexFacts = async (): Promise<SitemapIndexFacts> => {
    const facts = await indexCache.fetch('index');
    if (!facts) throw new Error('the sitemap index answered nothing');
    return facts;
  };

  app.get('/robots.txt', route, async (request, reply) => {
    const origin = publicOrigin(request, options.publicUrl);
    const lines = [
      'User-agent: *',
      // The owner's area, each shopper's own pages and the API are nobody's search results.
      'Disallow: /dashboard',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /orders',
      'Disallow: /api/',
      'Allow: /',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(lines.join('\n'));
  });

  app.get('/sitemap.xml', route, async (request, reply) => {
    const origin = publicOrigin(request, options.publicUrl);
    const { chunks, pagesLastModified } = await sitemapIndexFacts();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(sitemapIndex(origin, pagesLastModified, chunks));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', route, async (request, reply) => {
    const origin = publicOrigin(request, options.publicUrl);
    if (request.params.file === 'pages.xml') {
      const [categories, lastModified] = await Promise.all([
        catalog.listCategories({}),
        categoriesLastModified(db),
      ]);
      const pages = [
        { path: '/', lastModified },
        { path: '/products', lastModified },
        { path: '/categories', lastModified },
        ...categories.categories.map((category) => ({
          path: `/category/${encodeURIComponent(category.slug)}`,
          lastModified,
        })),
        ...POLICY_PAGE_SLUGS.map((slug) => ({ path: `/pages/${slug}`, lastModified: null })),
      ];
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CACHE)
        .send(pagesSitemap(origin, pages));
    }
    const number = PRODUCTS_SITEMAP.exec(request.params.file)?.[1];
    const start = number ? await chunkStart(db, Number(number) - 1, size) : undefined;
    if (start === undefined) return reply.callNotFound();
    const batches = catalogueBatches(db, {
      from: { id: start, inclusive: true },
      limit: size,
      withVariants: false,
    });
    return streamed(reply, 'application/xml; charset=utf-8', productsSitemap(origin, batches));
  });

  app.get('/feeds/products.xml', route, async (request, reply) => {
    const context = {
      origin: publicOrigin(request, options.publicUrl),
      shopName: (await options.shop()).name,
      store,
    };
    return streamed(reply, 'application/rss+xml; charset=utf-8', rssFeed(catalogueBatches(db), context));
  });

  app.get('/feeds/products.csv', route, async (request, reply) => {
    const context = {
      origin: publicOrigin(request, options.publicUrl),
      shopName: (await options.shop()).name,
      store,
    };
    const csv = csvFeed(catalogueBatches(db), context, (error) =>
      request.log.error({ err: error }, 'the CSV feed failed after it began'),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', CACHE)
      .header('content-disposition', 'inline; filename="products.csv"')
      .send(csv);
  });
}
