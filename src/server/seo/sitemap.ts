import { LANGUAGES } from '@/shared/language';
import type { CatalogueProduct } from './catalogue';
import { localisedUrl } from './head';
import type { SitemapChunk } from './queries';
import { xmlText } from './xml';

/** The sitemaps protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

/** The products sitemap number `index` (from 1, as its address counts). */
export const productsSitemapPath = (index: number) => `/sitemaps/products-${index}.xml`;
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';

/**
 * One page's entry: its English address, its last change, and its address in each language as an
 * alternate (hreflang), so the Arabic pages are found as the twins of the English ones.
 */
function urlEntry(origin: string, path: string, lastModified: Date | null): string {
  const alternates = LANGUAGES.map(
    (language) =>
      `<xhtml:link rel="alternate" hreflang="${language}" href="${xmlText(localisedUrl(origin, path, language))}"/>`,
  ).join('');
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
  return `<url><loc>${xmlText(localisedUrl(origin, path, 'en'))}</loc>${lastmod}${alternates}</url>\n`;
}

/** /sitemap.xml: the pages sitemap, then one products sitemap per SITEMAP_MAX_URLS products. */
export function sitemapIndex(origin: string, pagesLastModified: Date | null, chunks: SitemapChunk[]): string {
  const entry = (path: string, lastModified: Date | null) =>
    `<sitemap><loc>${xmlText(origin + path)}</loc>${
      lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''
    }</sitemap>\n`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entry(PAGES_SITEMAP_PATH, pagesLastModified) +
    chunks.map((chunk) => entry(productsSitemapPath(chunk.index + 1), chunk.lastModified)).join('') +
    '</sitemapindex>\n'
  );
}

/** The shop's other pages: home, listing, categories, each category, the policy pages. */
export function pagesSitemap(
  origin: string,
  pages: readonly { path: string; lastModified: Date | null }[],
): string {
  return (
    URLSET_OPEN + pages.map((page) => urlEntry(origin, page.path, page.lastModified)).join('') + URLSET_CLOSE
  );
}

/** One products sitemap, written a batch at a time as the client takes it. */
export async function* productsSitemap(
  origin: string,
  batches: AsyncIterable<CatalogueProduct[]>,
): AsyncGenerator<string> {
  yield URLSET_OPEN;
  for await (const batch of batches) {
    yield batch
      .map(({ product }) =>
        urlEntry(origin, `/product/${encodeURIComponent(product.slug)}`, product.updatedAt),
      )
      .join('');
  }
  yield URLSET_CLOSE;
}
