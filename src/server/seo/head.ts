import escapeHtml from 'escape-html';
import type { Thing, WithContext } from 'schema-dts';
import { LANGUAGE_PARAM, LANGUAGES, type Language } from '@/shared/language';
import { scriptJson } from '../plugins/script-json';

/** What one page's first HTML tells search engines and link previews about it. */
export interface PageHead {
  language: Language;
  /** The shop's name, for `og:site_name`. */
  siteName: string;
  title: string;
  description: string;
  /**
   * The page's own address on the shop, without its language: '/product/linen-dress', '/products?page=2'.
   * The canonical URL is this on the public origin, with `?lang=ar` for the Arabic page.
   */
  path: string;
  type: 'website' | 'product';
  /** Absolute: a preview fetched by WhatsApp or Facebook cannot resolve a path. */
  image?: string | undefined;
  product?: ProductOffer | undefined;
  /** Pages that are nobody's to find (a search's results, a product that does not exist). */
  noindex?: boolean;
  /**
   * The address names nothing: no route of the app, or a product, category or policy page that does
   * not exist. The page is still the app (it shows its not-found screen), answered with a 404.
   */
  notFound?: boolean;
  jsonLd: WithContext<Thing>[];
}

/** Open Graph's product fields (Facebook's and WhatsApp's catalogue previews). */
export interface ProductOffer {
  /** The price paid, after any discount, in EGP. */
  price: number;
  /** The price before the discount, when there is one. */
  originalPrice?: number | undefined;
  inStock: boolean;
}

/** Open Graph writes locales with an underscore and a country. */
const OG_LOCALE: Record<Language, string> = { en: 'en_EG', ar: 'ar_EG' };

/** An amount as feeds and Open Graph want it: a dot and two decimals, no grouping ('450.00'). */
export function plainAmount(egp: number): string {
  return egp.toFixed(2);
}

/** `path` on `origin` in `language`: the English page has no parameter, the Arabic one `?lang=ar`. */
export function localisedUrl(origin: string, path: string, language: Language): string {
  const url = new URL(path, `${origin}/`);
  url.searchParams.delete(LANGUAGE_PARAM);
  if (language !== 'en') url.searchParams.set(LANGUAGE_PARAM, language);
  return url.toString();
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/**
 * The tags `head` adds to a page, besides its title and description: canonical and language
 * alternates, Open Graph, Twitter's card and the JSON-LD. Every value is escaped.
 */
function headTags(head: PageHead, origin: string): string {
  const url = localisedUrl(origin, head.path, head.language);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...LANGUAGES.map(
      (language) =>
        `<link rel="alternate" hreflang="${language}" href="${escapeHtml(localisedUrl(origin, head.path, language))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(localisedUrl(origin, head.path, 'en'))}">`,
  ];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex, follow'));
  tags.push(
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALE[head.language]),
    ...LANGUAGES.filter((language) => language !== head.language).map((language) =>
      meta('property', 'og:locale:alternate', OG_LOCALE[language]),
    ),
  );
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image), meta('property', 'og:image:alt', head.title));
  }
  if (head.product) {
    tags.push(
      meta('property', 'product:price:amount', plainAmount(head.product.price)),
      meta('property', 'product:price:currency', 'EGP'),
      meta('property', 'product:availability', head.product.inStock ? 'in stock' : 'out of stock'),
      meta('property', 'product:condition', 'new'),
    );
    if (head.product.originalPrice !== undefined) {
      tags.push(
        meta('property', 'product:original_price:amount', plainAmount(head.product.originalPrice)),
        meta('property', 'product:original_price:currency', 'EGP'),
        meta('property', 'product:sale_price:amount', plainAmount(head.product.price)),
        meta('property', 'product:sale_price:currency', 'EGP'),
      );
    }
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image));
  for (const data of head.jsonLd)
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('');
}

/**
 * index.html with `head`: its `<title>` and `<meta name="description">` replaced, and the other tags
 * added at the end of `<head>`. Replacements are functions, so a `$'` in a product's name stays text.
 */
export function withHead(html: string, head: PageHead, origin: string): string {
  const title = escapeHtml(head.title);
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_match, start: string, end: string) => `${start}${escapeHtml(head.description)}${end}`,
    )
    .replace('</head>', () => `${headTags(head, origin)}</head>`);
}
