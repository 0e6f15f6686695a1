import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@/shared/language';
import type { CategoryRow, ProductRow } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct, createVariants } from '../test/catalog-fixtures';
import { createUser } from '../test/users';
import {
  jsonLdNodes,
  metaOf,
  missingProperties,
  nodes,
  nodesOfType,
  parseHtml,
  values,
} from './seo-test-support';

const ORIGIN = 'https://shop.example';
/** The shape of the real index.html's head: the server fills in title and description. */
const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" />' +
  '<meta name="shop-name" content="Nour" /><meta name="wallet-number" content="01012345678" />' +
  '<meta name="whatsapp-number" content="" />' +
  '<meta name="description" content="Clothing and accessories, made for every day in Egypt." />' +
  '<title>Nour</title><script type="module" crossorigin src="/assets/index-e1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const HOSTILE = `Scarf "quoted" </script><script>alert('x')</script> $' $& <b>`;

describe("each public page's first HTML carries its own head", () => {
  let t: TestApp;
  let dist: string;
  let women: CategoryRow;
  let dress: ProductRow;
  let tricky: ProductRow;
  let rated: ProductRow;
  let sized: ProductRow;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'nour-seo-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: ORIGIN });
    women = await createCategory(t, { name: 'Women', slug: 'women' });
    dress = await createProduct(t, {
      name: 'Linen Dress',
      slug: 'linen-dress',
      description: 'A light linen dress for long summer days.',
      price: 1000,
      discount: 10,
      category: women,
      defaultImage: { key: 'products/dress.webp', widths: [320] },
      subImages: [{ key: 'products/dress-back.webp', widths: [] }],
    });
    tricky = await createProduct(t, { name: HOSTILE, description: HOSTILE, price: 100, category: women });
    rated = await createProduct(t, {
      name: 'Rated Tee',
      price: 450,
      ratingSum: 9,
      ratingCount: 2,
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
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}, status = 200) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(status);
    expect(res.headers['content-type']).toContain('text/html');
    return { res, document: parseHtml(res.body) };
  };

  /** What every page carries, whatever its kind. */
  const expectCommonHead = (document: Document, canonical: string) => {
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(canonical);
    expect(metaOf(document, 'og:url')).toBe(canonical);
    expect(metaOf(document, 'og:title')).toBe(document.title);
    expect(metaOf(document, 'description')).toBeTruthy();
    expect(metaOf(document, 'og:description')).toBe(metaOf(document, 'description'));
    expect(metaOf(document, 'twitter:card')).toMatch(/^summary/);
    expect(metaOf(document, 'twitter:title')).toBe(document.title);
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  };

  it('product by slug: title, price, stock, absolute picture, a Product with its sale and a breadcrumb', async () => {
    const { document } = await page('/product/linen-dress');
    expect(document.title).toBe('Linen Dress | Nour');
    expectCommonHead(document, `${ORIGIN}/product/linen-dress`);
    expect(metaOf(document, 'description')).toBe('900 EGP – A light linen dress for long summer days.');
    expect(metaOf(document, 'og:type')).toBe('product');
    expect(metaOf(document, 'og:image')).toBe(`${ORIGIN}/uploads/products/dress.webp`);
    expect(metaOf(document, 'twitter:image')).toBe(`${ORIGIN}/uploads/products/dress.webp`);
    expect(metaOf(document, 'product:price:amount')).toBe('900.00');
    expect(metaOf(document, 'product:price:currency')).toBe('EGP');
    expect(metaOf(document, 'product:availability')).toBe('in stock');
    expect(metaOf(document, 'product:original_price:amount')).toBe('1000.00');
    expect(document.querySelector('link[rel="alternate"][hreflang="ar"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/product/linen-dress?lang=ar`,
    );

    const found = await jsonLdNodes(document);
    const [product] = nodesOfType(found, 'Product');
    expect(product).toBeDefined();
    expect(missingProperties(product!, ['name', 'image', 'description', 'offers', 'url', 'brand'])).toEqual(
      [],
    );
    expect(values(product, 'name')).toEqual(['Linen Dress']);
    expect(values(product, 'image')).toEqual([
      `${ORIGIN}/uploads/products/dress.webp`,
      `${ORIGIN}/uploads/products/dress-back.webp`,
    ]);
    // Nobody rated it: no rating is claimed.
    expect(values(product, 'aggregateRating')).toEqual([]);
    const [offer] = nodes(product, 'offers');
    expect(missingProperties(offer!, ['price', 'priceCurrency', 'availability', 'url'])).toEqual([]);
    expect(values(offer, 'price')).toEqual(['900.00']);
    expect(values(offer, 'priceCurrency')).toEqual(['EGP']);
    expect(values(offer, 'availability')).toEqual(['https://schema.org/InStock']);
    const specifications = nodes(offer, 'priceSpecification');
    const strikethrough = specifications.find(
      (node) => values(node, 'priceType')[0] === 'https://schema.org/StrikethroughPrice',
    );
    expect(values(strikethrough, 'price')).toEqual(['1000.00']);

    const [breadcrumb] = nodesOfType(found, 'BreadcrumbList');
    const steps = nodes(breadcrumb, 'itemListElement').map((item) => [
      values(item, 'position')[0],
      values(item, 'name')[0],
      values(item, 'item')[0],
    ]);
    expect(steps).toEqual([
      [1, 'Home', `${ORIGIN}/`],
      [2, 'Women', `${ORIGIN}/category/women`],
      [3, 'Linen Dress', `${ORIGIN}/product/linen-dress`],
    ]);
  });

  it('product by id (the older address): the same head, canonical on its slug', async () => {
    const { document } = await page(`/productdetails/${dress.id}`);
    expect(document.title).toBe('Linen Dress | Nour');
    expectCommonHead(document, `${ORIGIN}/product/linen-dress`);
    const byIdInProductPath = await page(`/product/${dress.id}`);
    expect(byIdInProductPath.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/product/linen-dress`,
    );
  });

  it('a rated, sold-out product claims its rating and its stock as they are', async () => {
    const { document } = await page(`/product/${rated.slug}`);
    expect(metaOf(document, 'product:availability')).toBe('out of stock');
    expect(metaOf(document, 'product:original_price:amount')).toBeUndefined();
    const [product] = nodesOfType(await jsonLdNodes(document), 'Product');
    const [rating] = nodes(product, 'aggregateRating');
    expect(values(rating, 'ratingValue')).toEqual([4.5]);
    expect(values(rating, 'ratingCount')).toEqual([2]);
    const [offer] = nodes(product, 'offers');
    expect(values(offer, 'availability')[0]).toBe('https://schema.org/OutOfStock');
    expect(nodes(offer, 'priceSpecification')).toEqual([]);
    // A product without a category: Home then the product.
    const [breadcrumb] = nodesOfType(await jsonLdNodes(document), 'BreadcrumbList');
    expect(nodes(breadcrumb, 'itemListElement')).toHaveLength(2);
  });

  it('a product sold in sizes offers each variant with its SKU, price and stock', async () => {
    const { document } = await page(`/product/${sized.slug}`);
    const [product] = nodesOfType(await jsonLdNodes(document), 'Product');
    const offers = nodes(product, 'offers').map((offer) => [
      values(offer, 'sku')[0],
      values(offer, 'name')[0],
      values(offer, 'price')[0],
      values(offer, 'availability')[0],
    ]);
    expect(offers).toEqual([
      ['SH-M-NAVY', 'M / Navy', '600.00', 'https://schema.org/InStock'],
      ['SH-L-NAVY', 'L / Navy', '650.00', 'https://schema.org/OutOfStock'],
    ]);
  });

  it('a name with quotes, a closing script tag and $-patterns stays text in every tag', async () => {
    const { document } = await page(`/product/${tricky.slug}`);
    expect(document.title).toBe(`${HOSTILE} | Nour`);
    expect(metaOf(document, 'og:title')).toBe(`${HOSTILE} | Nour`);
    expect(metaOf(document, 'description')).toBe(`100 EGP – ${HOSTILE}`);
    // Only the app's script, its first screen's data, the shop's settings and the JSON-LD: nothing the name
    // carried became an element.
    const scripts = [...document.querySelectorAll('script')].map((script) => script.getAttribute('type'));
    expect(scripts.sort()).toEqual([
      'application/json',
      'application/json',
      'application/ld+json',
      'application/ld+json',
      'module',
    ]);
    expect(document.querySelector('b')).toBeNull();
    const [product] = nodesOfType(await jsonLdNodes(document), 'Product');
    expect(values(product, 'name')).toEqual([HOSTILE]);
  });

  it('in Arabic (?lang=ar or the remembered choice): Arabic texts and prices, the Arabic address as canonical', async () => {
    for (const request of [
      { url: '/product/linen-dress?lang=ar', headers: { cookie: `${LANGUAGE_COOKIE}=en` } },
      { url: '/product/linen-dress', headers: { cookie: `theme=x; ${LANGUAGE_COOKIE}=ar` } },
    ]) {
      const { document } = await page(request.url, request.headers);
      expectCommonHead(document, `${ORIGIN}/product/linen-dress?lang=ar`);
      // No Arabic name yet: the English one, with the Arabic price.
      expect(document.title).toBe('Linen Dress | Nour');
      expect(metaOf(document, 'description')).toBe('900 ج.م. – A light linen dress for long summer days.');
      expect(metaOf(document, 'og:locale')).toBe('ar_EG');
      expect(metaOf(document, 'og:locale:alternate')).toBe('en_EG');
      const [breadcrumb] = nodesOfType(await jsonLdNodes(document), 'BreadcrumbList');
      expect(values(nodes(breadcrumb, 'itemListElement')[0], 'name')).toEqual(['الرئيسية']);
    }
  });

  it('keeps one tag per address and language, and says the page varies with the cookie', async () => {
    const english = await page('/product/linen-dress');
    const arabic = await page('/product/linen-dress?lang=ar');
    expect(english.res.headers.vary).toMatch(/cookie/i);
    expect(english.res.headers.etag).not.toBe(arabic.res.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/product/linen-dress',
      headers: { 'if-none-match': String(english.res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('home: the shop, a picture and its Organization', async () => {
    const { document } = await page('/');
    expect(document.title).toBe('Nour: clothing and accessories in Egypt');
    expectCommonHead(document, `${ORIGIN}/`);
    expect(metaOf(document, 'og:type')).toBe('website');
    expect(metaOf(document, 'og:site_name')).toBe('Nour');
    expect(metaOf(document, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/uploads/`));
    const [organization] = nodesOfType(await jsonLdNodes(document), 'Organization');
    expect(missingProperties(organization!, ['name', 'url'])).toEqual([]);
    expect(values(organization, 'name')).toEqual(['Nour']);
  });

  it('listing, its later pages and a search', async () => {
    const listing = await page('/products?sort=priceAsc');
    expect(listing.document.title).toBe('All products | Nour');
    expectCommonHead(listing.document, `${ORIGIN}/products`);
    expect(metaOf(listing.document, 'robots')).toBeUndefined();
    const second = await page('/products?page=2');
    expect(second.document.title).toBe('All products, page 2 | Nour');
    expectCommonHead(second.document, `${ORIGIN}/products?page=2`);
    const search = await page('/products?search=linen');
    expect(search.document.title).toBe('Results for linen | Nour');
    expect(metaOf(search.document, 'robots')).toBe('noindex, follow');
  });

  it('categories and a category, with its breadcrumb; a missing one is not to be indexed', async () => {
    const categories = await page('/categories');
    expect(categories.document.title).toBe('Categories | Nour');
    expectCommonHead(categories.document, `${ORIGIN}/categories`);
    const category = await page('/category/women?lang=ar');
    expect(category.document.title).toBe('Women | Nour');
    expect(metaOf(category.document, 'description')).toContain('من Nour');
    expectCommonHead(category.document, `${ORIGIN}/category/women?lang=ar`);
    const [breadcrumb] = nodesOfType(await jsonLdNodes(category.document), 'BreadcrumbList');
    expect(nodes(breadcrumb, 'itemListElement').map((item) => values(item, 'name')[0])).toEqual([
      'الرئيسية',
      'Women',
    ]);
    const missing = await page('/category/nothing-here', {}, 404);
    expect(missing.document.title).toBe('Category not found | Nour');
    expect(metaOf(missing.document, 'robots')).toBe('noindex, follow');
  });

  it('policy pages, in both languages; the cart is nobody’s search result', async () => {
    const shipping = await page('/pages/shipping');
    // The title the owner's page carries (its heading, from the settings).
    expect(shipping.document.title).toBe('Shipping | Nour');
    expectCommonHead(shipping.document, `${ORIGIN}/pages/shipping`);
    const returns = await page('/pages/returns?lang=ar');
    expect(returns.document.title).toBe('الاسترجاع | Nour');
    const cart = await page('/cart');
    expect(metaOf(cart.document, 'robots')).toBe('noindex, follow');
    const missing = await page('/product/no-such-product', {}, 404);
    expect(missing.document.title).toBe('Product not found | Nour');
  });
});

describe('an address that names nothing', () => {
  let t: TestApp;
  let dist: string;
  let women: CategoryRow;
  let dress: ProductRow;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'nour-404-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: ORIGIN });
    women = await createCategory(t, { name: 'Women', slug: 'women' });
    dress = await createProduct(t, { name: 'Linen Dress', slug: 'linen-dress', category: women });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const statusOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
  };

  it.each([
    '/no-such-page',
    '/products/extra/segments',
    '/product/no-such-product',
    '/productdetails/00000000-0000-4000-8000-000000000000',
    '/productdetails/not-an-id-or-slug-because-it-is-far-too-long-'.padEnd(300, 'x'),
    '/category/nothing-here',
    '/pages/no-such-policy',
    '/dashboard/no-such-screen',
  ])('%s answers 404 with the app itself, so its not-found screen shows', async (url) => {
    const answer = await statusOf(url);
    expect(answer.status, url).toBe(404);
    expect(answer.type).toContain('text/html');
    expect(answer.body).toContain('<div id="root"></div>');
    expect(answer.body).toContain('<script type="module" crossorigin src="/assets/index-e1.js">');
    expect(metaOf(parseHtml(answer.body), 'robots')).toBe('noindex, follow');
  });

  it('every known page stays 200, whatever its case, a trailing slash or its language', async () => {
    const known = [
      '/',
      '/products',
      '/products/',
      '/categories',
      '/category/women',
      `/category/${women.id}`,
      '/product/linen-dress',
      '/Product/linen-dress',
      `/productdetails/${dress.id}`,
      '/pages/shipping',
      '/pages/contact?lang=ar',
      '/cart',
      '/checkout',
      '/allorders',
      `/orders/${dress.id}`,
      '/favorites',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=x',
      '/dashboard',
      '/dashboard/manage',
      '/dashboard/manage/create',
      `/dashboard/manage/edit/${dress.id}`,
      '/dashboard/manage_category/new',
      '/dashboard/orders',
      '/dashboard/orders/print?ids=a&kind=slip',
      '/dashboard/settings',
      '/dashboard/customers',
    ];
    for (const url of known) expect((await statusOf(url)).status, url).toBe(200);
  });

  it('an unknown API path stays a JSON 404, and a missing asset a plain one', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/old-build.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
  });
});

describe('a link preview (WhatsApp, Facebook) fetched without running JavaScript', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'nour-seo-preview-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    // No PUBLIC_URL: the addresses are made on the origin the preview reached.
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("shows the product's name, price and picture", async () => {
    const shirt = await createProduct(t, {
      name: 'Cotton Shirt',
      price: 450,
      defaultImage: { key: 'products/shirt.webp', widths: [] },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/product/${shirt.slug}`, {
      headers: { 'user-agent': 'WhatsApp/2.24.1 A', accept: '*/*' },
    });
    expect(res.status).toBe(200);
    const document = parseHtml(await res.text());
    expect(metaOf(document, 'og:title')).toBe('Cotton Shirt | Nour');
    expect(metaOf(document, 'og:description')).toContain('450 EGP');
    expect(metaOf(document, 'product:price:amount')).toBe('450.00');
    expect(metaOf(document, 'og:image')).toBe(`${address}/uploads/products/shirt.webp`);
  });
});

describe("the shop's Arabic name (Settings) on Arabic pages", () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'nour-seo-name-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: ORIGIN, SHOP_NAME: 'Layla' });
    await createProduct(t, { name: 'Linen Dress', nameAr: 'فستان كتان', slug: 'linen-dress', price: 1000 });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const arabic = { cookie: `${LANGUAGE_COOKIE}=ar` };
  const headOf = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    const document = parseHtml(res.body);
    return {
      title: document.title,
      siteName: metaOf(document, 'og:site_name'),
      // What the app reads for its header, its footer and every tab title.
      appName: metaOf(document, 'shop-name'),
    };
  };
  const saveName = async (shopName: { en?: string; ar?: string }) => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: admin.headers,
      payload: { shopName },
    });
    expect(res.statusCode).toBe(200);
  };

  it('says the English name while no Arabic one is saved', async () => {
    expect(await headOf('/product/linen-dress', arabic)).toEqual({
      title: 'فستان كتان | Layla',
      siteName: 'Layla',
      appName: 'Layla',
    });
  });

  it('says the Arabic name in the title, og:site_name and the app’s name on Arabic pages only', async () => {
    await saveName({ ar: 'ليلى' });
    expect(await headOf('/product/linen-dress', arabic)).toEqual({
      title: 'فستان كتان | ليلى',
      siteName: 'ليلى',
      appName: 'ليلى',
    });
    const home = await headOf('/', arabic);
    expect(home.siteName).toBe('ليلى');
    expect(home.title).toContain('ليلى');
    expect((await headOf('/cart', arabic)).title).toBe('ليلى');
    expect(await headOf('/product/linen-dress')).toEqual({
      title: 'Linen Dress | Layla',
      siteName: 'Layla',
      appName: 'Layla',
    });
    expect((await headOf('/product/linen-dress?lang=ar')).siteName).toBe('ليلى');
  });
});
