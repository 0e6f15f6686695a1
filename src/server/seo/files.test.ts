import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRow } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct, createVariants } from '../test/catalog-fixtures';
import { catalogueBatches } from './catalogue';
import { CSV_COLUMNS, googleProductCategory } from './feed';
import { chunkStart, sitemapChunks } from './queries';
import { productsSitemap } from './sitemap';

const ORIGIN = 'https://shop.example';
/** Elements that may repeat are always lists, so a count of one reads like a count of many. */
const xml = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap', 'item', 'g:additional_image_link', 'xhtml:link'].includes(name),
});

/** The body, after checking it is well-formed XML (fast-xml-parser's validator names the first error). */
function parsedXml(body: string): Record<string, unknown> {
  expect(XMLValidator.validate(body)).toBe(true);
  return xml.parse(body) as Record<string, unknown>;
}

interface FeedItemXml {
  'g:id': string;
  'g:title': string;
  'g:description': string;
  'g:link': string;
  'g:image_link'?: string;
  'g:additional_image_link'?: string[];
  'g:availability': string;
  'g:price': string;
  'g:sale_price'?: string;
  'g:brand': string;
  'g:condition': string;
  'g:google_product_category'?: number;
  'g:item_group_id'?: string;
  'g:size'?: string;
  'g:color'?: string;
}

/** A minimal RFC 4180 reader for the test's checks: quoted cells, doubled quotes, commas and line breaks. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i];
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += character;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('robots.txt, the sitemaps and the product feeds', () => {
  let t: TestApp;
  let dress: ProductRow;
  let sized: ProductRow;
  let plain: ProductRow;

  beforeAll(async () => {
    // No web build: these answer their own content, never the app's page.
    t = await createTestApp({ PUBLIC_URL: ORIGIN });
    const women = await createCategory(t, { name: 'Women', slug: 'women' });
    const accessories = await createCategory(t, { name: 'Accessories', slug: 'accessories' });
    dress = await createProduct(t, {
      name: 'Linen Dress & "Belt" <new>',
      slug: 'linen-dress',
      description: 'Light\u000b linen, for summer.',
      price: 1000,
      discount: 10,
      category: women,
      defaultImage: { key: 'products/dress.webp', widths: [] },
      subImages: [
        { key: 'products/dress-back.webp', widths: [] },
        { key: 'products/dress-side.webp', widths: [] },
      ],
    });
    plain = await createProduct(t, {
      name: 'Silk Scarf',
      price: 450,
      category: accessories,
      availableItems: 0,
    });
    sized = await createProduct(t, { name: 'Sized Shirt', price: 600, category: women });
    await createVariants(
      t,
      sized,
      [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Color', values: ['Navy'] },
      ],
      [
        { sku: 'SH-M-NAVY', options: { Size: 'M', Color: 'Navy' }, availableItems: 2 },
        { sku: 'SH-L-NAVY', options: { Size: 'L', Color: 'Navy' }, availableItems: 0, price: 650 },
      ],
    );
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res;
  };

  it('robots.txt keeps crawlers out of the admin, cart, checkout and API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    for (const path of ['/dashboard', '/cart', '/checkout', '/api/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('sitemap.xml is an index of the pages sitemap and the products sitemaps, each with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const index = parsedXml(res.body) as { sitemapindex: { sitemap: { loc: string; lastmod?: string }[] } };
    const sitemaps = index.sitemapindex.sitemap;
    expect(sitemaps.map((entry) => entry.loc)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/products-1.xml`,
    ]);
    for (const entry of sitemaps) expect(Number.isNaN(Date.parse(entry.lastmod ?? ''))).toBe(false);

    const products = parsedXml((await get('/sitemaps/products-1.xml')).body) as {
      urlset: {
        url: { loc: string; lastmod: string; 'xhtml:link': { '@_hreflang': string; '@_href': string }[] }[];
      };
    };
    const urls = products.urlset.url;
    // Every product once: the count matches the catalogue.
    expect(urls).toHaveLength(3);
    const entry = urls.find((url) => url.loc === `${ORIGIN}/product/linen-dress`);
    expect(Number.isNaN(Date.parse(entry?.lastmod ?? ''))).toBe(false);
    expect(entry?.['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']])).toEqual([
      ['en', `${ORIGIN}/product/linen-dress`],
      ['ar', `${ORIGIN}/product/linen-dress?lang=ar`],
    ]);

    const pages = parsedXml((await get('/sitemaps/pages.xml')).body) as {
      urlset: { url: { loc: string }[] };
    };
    expect(pages.urlset.url.map((url) => url.loc)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/products`,
      `${ORIGIN}/categories`,
      // The categories in the shop's order.
      `${ORIGIN}/category/women`,
      `${ORIGIN}/category/accessories`,
      `${ORIGIN}/pages/shipping`,
      `${ORIGIN}/pages/returns`,
      `${ORIGIN}/pages/privacy`,
      `${ORIGIN}/pages/contact`,
    ]);

    // A sitemap past the last one, or any other name, is not found (and not the app's page).
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/products-2.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/other.xml' })).statusCode).toBe(404);
  });

  it('cuts the products into sitemaps of the size asked, each starting where the last ended', async () => {
    const chunks = await sitemapChunks(t.database.db, 2);
    expect(chunks.map((chunk) => [chunk.index, chunk.products])).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(chunks.every((chunk) => chunk.lastModified instanceof Date)).toBe(true);
    const seen: string[] = [];
    for (const chunk of chunks) {
      const start = await chunkStart(t.database.db, chunk.index, 2);
      let body = '';
      const batches = catalogueBatches(t.database.db, {
        from: { id: start!, inclusive: true },
        limit: 2,
        withVariants: false,
      });
      for await (const part of productsSitemap(ORIGIN, batches)) body += part;
      const urls = (parsedXml(body) as { urlset: { url: { loc: string }[] } }).urlset.url;
      expect(urls).toHaveLength(chunk.products);
      seen.push(...urls.map((url) => url.loc));
    }
    expect(new Set(seen).size).toBe(3);
    expect(await chunkStart(t.database.db, 2, 2)).toBeUndefined();
  });

  it('the RSS feed has one item per product, one per variant of a product in sizes, every field Google and Meta need', async () => {
    const res = await get('/feeds/products.xml');
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = parsedXml(res.body) as {
      rss: { '@_version': string; '@_xmlns:g': string; channel: { title: string; item: FeedItemXml[] } };
    };
    expect(feed.rss['@_version']).toBe('2.0');
    expect(feed.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(feed.rss.channel.title).toBe('Nour: products');
    const items = feed.rss.channel.item;
    // Two products without variants and two variants: the catalogue's count.
    expect(items).toHaveLength(4);
    const required = [
      'g:id',
      'g:title',
      'g:description',
      'g:link',
      'g:availability',
      'g:price',
      'g:brand',
      'g:condition',
    ];
    for (const item of items) for (const field of required) expect(item, field).toHaveProperty([field]);

    const byId = new Map(items.map((item) => [String(item['g:id']), item]));
    const dressItem = byId.get(dress.id);
    expect(dressItem).toMatchObject({
      'g:title': 'Linen Dress & "Belt" <new>',
      // A character XML cannot carry is dropped, not a broken feed.
      'g:description': 'Light linen, for summer.',
      'g:link': `${ORIGIN}/product/linen-dress`,
      'g:image_link': `${ORIGIN}/uploads/products/dress.webp`,
      'g:additional_image_link': [
        `${ORIGIN}/uploads/products/dress-back.webp`,
        `${ORIGIN}/uploads/products/dress-side.webp`,
      ],
      'g:availability': 'in stock',
      'g:price': '1000.00 EGP',
      'g:sale_price': '900.00 EGP',
      'g:brand': 'Nour',
      'g:condition': 'new',
      'g:google_product_category': 1604,
    });
    expect(dressItem?.['g:item_group_id']).toBeUndefined();
    expect(byId.get(plain.id)).toMatchObject({
      'g:availability': 'out of stock',
      'g:price': '450.00 EGP',
      'g:google_product_category': 167,
    });
    expect(byId.get(plain.id)?.['g:sale_price']).toBeUndefined();
    expect(byId.get('SH-M-NAVY')).toMatchObject({
      'g:item_group_id': sized.id,
      'g:size': 'M',
      'g:color': 'Navy',
      'g:price': '600.00 EGP',
      'g:availability': 'in stock',
    });
    expect(byId.get('SH-L-NAVY')).toMatchObject({
      'g:item_group_id': sized.id,
      'g:size': 'L',
      'g:price': '650.00 EGP',
      'g:availability': 'out of stock',
    });
  });

  it('the CSV feed carries the same items under the attribute names', async () => {
    const res = await get('/feeds/products.csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = readCsv(res.body);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(4);
    const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    const dressRow = rows.find((row) => row[column('id')] === dress.id);
    expect(dressRow?.[column('title')]).toBe('Linen Dress & "Belt" <new>');
    expect(dressRow?.[column('price')]).toBe('1000.00 EGP');
    expect(dressRow?.[column('sale_price')]).toBe('900.00 EGP');
    expect(dressRow?.[column('additional_image_link')]).toBe(
      `${ORIGIN}/uploads/products/dress-back.webp,${ORIGIN}/uploads/products/dress-side.webp`,
    );
    const variant = rows.find((row) => row[column('id')] === 'SH-L-NAVY');
    expect([
      variant?.[column('item_group_id')],
      variant?.[column('size')],
      variant?.[column('color')],
    ]).toEqual([sized.id, 'L', 'Navy']);
  });

  it('knows the Google category of the shop’s kinds of category, and leaves the others to Google', () => {
    expect(googleProductCategory('new-born-girls')).toBe(182);
    expect(googleProductCategory('baby-booties')).toBe(187);
    expect(googleProductCategory('accessories')).toBe(167);
    expect(googleProductCategory('mother-and-child')).toBe(1604);
    expect(googleProductCategory('gift-cards')).toBeUndefined();
    expect(googleProductCategory(null)).toBeUndefined();
  });
});

describe('the CSV feed, opened in a spreadsheet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN });
  });
  afterAll(() => t.close());

  it('defuses every cell that would start a formula, as the orders export does', async () => {
    const formulas = [
      '=HYPERLINK("https://evil.example","Sale")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tTab',
      '\rReturn',
    ];
    for (const [i, name] of formulas.entries()) {
      await createProduct(t, { name, slug: `formula-${i}`, description: name });
    }
    const res = await t.app.inject({ method: 'GET', url: '/feeds/products.csv' });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = readCsv(res.body);
    const title = header!.indexOf('title');
    const description = header!.indexOf('description');
    expect(rows.map((row) => row[title]).sort()).toEqual(formulas.map((name) => `'${name}`).sort());
    // A description is trimmed first: those of a tab or a return start with their text.
    expect(rows.map((row) => row[description]).sort()).toEqual(
      formulas.map((name) => (name.trim() === name ? `'${name}` : name.trim())).sort(),
    );
  });
});
