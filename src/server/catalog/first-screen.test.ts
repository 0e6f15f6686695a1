import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashKey, type DehydratedState, type QueryKey } from '@tanstack/query-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCT_IMAGE_SIZES } from '@/shared/shell-constants';
import { catalogQueryKeys, FIRST_SCREEN_SCRIPT_ID, homeSectionParams } from '@/shared/first-screen';
import type { ProductRow } from '../db/schema';
import { moduleFilesOf } from '../plugins/web-app';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct } from '../test/catalog-fixtures';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { createUser } from '../test/users';
import { FIRST_SCREEN_MODULES } from './first-screen';

const INDEX =
  '<!doctype html><html><head><title>Nour</title><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"><header>Nour</header></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', imports: ['_framework-f1.js'] },
  '_framework-f1.js': { file: 'assets/framework-f1.js' },
  '_grid-g1.js': { file: 'assets/grid-g1.js', imports: ['_framework-f1.js'] },
  [FIRST_SCREEN_MODULES.listing]: {
    file: 'assets/products-page-p1.js',
    imports: ['index.html', '_grid-g1.js'],
  },
  [FIRST_SCREEN_MODULES.details]: { file: 'assets/details-page-d1.js', imports: ['_grid-g1.js'] },
  [FIRST_SCREEN_MODULES.category]: { file: 'assets/category-page-c1.js', imports: ['_grid-g1.js'] },
};

/** The dehydrated state a page carries, parsed back from its `<script type="application/json">`. */
function stateIn(html: string): DehydratedState | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_SCREEN_SCRIPT_ID}">(.*?)</script>`,
  ).exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as DehydratedState) : undefined;
}

/** The keys of the queries a page carries, as TanStack Query finds them (by their hash). */
function keysIn(html: string): string[] {
  return stateIn(html)?.queries.map((query) => query.queryHash) ?? [];
}

/** The data a page carries for `queryKey`, as the storefront's query would find it after hydrating. */
function dataIn(html: string, queryKey: QueryKey): unknown {
  return stateIn(html)?.queries.find((query) => query.queryHash === hashKey(queryKey))?.state.data;
}

describe('first screen sent with the page', () => {
  let t: TestApp;
  let dist: string;
  let dress: ProductRow;
  let tricky: ProductRow;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'nour-first-screen-'));
    await mkdir(join(dist, '.vite'), { recursive: true });
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp({ WEB_DIST_DIR: dist });
    const women = await createCategory(t, { name: 'Women', slug: 'women' });
    dress = await createProduct(t, {
      name: 'Linen Dress',
      price: 900,
      category: women,
      defaultImage: { key: 'products/dress.webp', widths: [320] },
      subImages: [{ key: 'products/dress-back.webp', widths: [] }],
    });
    tricky = await createProduct(t, {
      name: "Scarf </script><script>alert('x')</script> $' $&",
      price: 100,
      category: women,
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  /** Addresses that name no product or category: their pages answer 404 (src/server/seo/pages.ts). */
  const MISSING = new Set([
    '/category/no-such-category',
    '/product/no-such-thing',
    '/product/%00',
    '/productdetails/a%00b',
    '/category/%00',
    '/category/%00/',
    `/product/${'x'.repeat(190)}`,
  ]);
  /** The page's HTML, with the status its address calls for. */
  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(MISSING.has(url.split('?')[0]!) ? 404 : 200);
    return res.body;
  };
  const api = async (url: string) => (await t.app.inject({ method: 'GET', url })).json<unknown>();

  it("sends the listing's answer as TanStack Query's state, under the key the storefront asks with", async () => {
    for (const [path, params, url] of [
      ['/products', { sort: 'featured', page: 1, limit: 12 }, '/api/product?sort=featured&page=1&limit=12'],
      [
        '/products?category=women&sort=priceAsc&maxPrice=1000&page=1',
        { category: 'Women', maxPrice: 1000, sort: 'priceAsc', page: 1, limit: 12 },
        '/api/product?category=Women&maxPrice=1000&sort=priceAsc&page=1&limit=12',
      ],
      [
        '/products?search=%20linen%20',
        { search: 'linen', sort: 'featured', page: 1, limit: 12 },
        '/api/product?search=linen&sort=featured&page=1&limit=12',
      ],
    ] as const) {
      const before = Date.now();
      const html = await page(path);
      const queryKey = catalogQueryKeys.products.list(params);
      expect(keysIn(html), path).toEqual([hashKey(queryKey)]);
      expect(dataIn(html, queryKey), path).toEqual(await api(url));
      // Fetched when the server read it, as far as the storefront can tell: stale as any data once old.
      const [query] = stateIn(html)?.queries ?? [];
      expect(query?.state.status).toBe('success');
      expect(query?.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
      expect(query?.state.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
      expect(stateIn(html)?.mutations).toEqual([]);
    }
  });

  it("preloads the first card's picture and the listing's own code", async () => {
    const html = await page('/products?sort=priceDesc');
    const { products } = (await api('/api/product?sort=priceDesc&page=1&limit=12')) as {
      products: Array<{ defaultImage: { url: string; srcset?: string } }>;
    };
    const first = products[0]!.defaultImage;
    expect(first.url).toContain('dress');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${first.url}" imagesrcset="${first.srcset}" imagesizes="${PRODUCT_IMAGE_SIZES.card}" fetchpriority="high">`,
    );
    // Before the app's own script, so the picture does not queue behind it.
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/products-page-p1.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/grid-g1.js">',
    );
    // What index.html loads already is not named twice.
    expect(html.match(/assets\/index-e1\.js/g)).toHaveLength(1);
    expect(html.match(/assets\/framework-f1\.js/g)).toHaveLength(1);
  });

  it("sends the home page both sections' answers, and preloads the hero's first picture: the newest piece in stock", async () => {
    // Newer than the others, discounted and sold out: after every piece in stock in both answers (issue 35).
    await createProduct(t, {
      name: 'Straw Hat',
      price: 100,
      discount: 20,
      availableItems: 0,
      category: null,
    });
    const html = await page('/');
    const sale = catalogQueryKeys.products.list(homeSectionParams('discount'));
    const newest = catalogQueryKeys.products.list(homeSectionParams('newest'));
    expect(new Set(keysIn(html))).toEqual(new Set([hashKey(sale), hashKey(newest)]));
    expect(dataIn(html, sale)).toEqual(await api('/api/product?sort=discount&limit=8&page=1'));
    const answer = (await api('/api/product?sort=newest&limit=8&page=1')) as {
      products: Array<{ name: string; defaultImage: { url: string } }>;
    };
    expect(dataIn(html, newest)).toEqual(answer);
    expect(answer.products[0]!.name).toBe(tricky.name);
    expect(answer.products.at(-1)!.name).toBe('Straw Hat');
    const hero = answer.products[0]!.defaultImage.url;
    expect(html).toContain(`<link rel="preload" as="image" href="${hero}"`);
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(1);
    // Its code is the app's own: nothing more to preload.
    expect(html).not.toContain('rel="modulepreload"');
  });

  it("preloads the owner's hero picture instead, when she chose one (issue 35)", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const body = multipartBody({}, { heroImage: await makeImage(1200, 600, 'png') });
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/hero-image',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const picture = uploaded.json<{ settings: { heroImage: { url: string; srcset: string } } }>().settings
      .heroImage;
    const html = await page('/');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${picture.url}" imagesrcset="${picture.srcset}" imagesizes="${PRODUCT_IMAGE_SIZES.hero}" fetchpriority="high">`,
    );
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(1);

    await t.app.inject({ method: 'DELETE', url: '/api/settings/hero-image', headers: admin.headers });
    expect(await page('/')).not.toContain(picture.url);
  });

  it('sends a product page its product, by slug and by id, and preloads its first picture', async () => {
    for (const key of [dress.slug, dress.id]) {
      const path = key === dress.id ? `/productdetails/${key}` : `/product/${key}`;
      const html = await page(path);
      const { product } = (await api(`/api/product/${key}`)) as {
        product: { images: Array<{ url: string }> };
      };
      // The details query holds the answer's product (src/web/features/catalog/catalog-api.ts).
      expect(keysIn(html), path).toEqual([hashKey(catalogQueryKeys.product(key))]);
      expect(dataIn(html, catalogQueryKeys.product(key)), path).toEqual(product);
      expect(html).toContain(`<link rel="preload" as="image" href="${product.images[0]!.url}"`);
      expect(html).toContain(`imagesizes="${PRODUCT_IMAGE_SIZES.gallery}"`);
      expect(html).toContain(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/details-page-d1.js">',
      );
    }
  });

  it("draws a product's first picture in the page's frame, where the page shows it, named in its language", async () => {
    const shawl = await createProduct(t, {
      name: 'Silk "Shawl" <b>',
      nameAr: 'شال حرير',
      defaultImage: { key: 'products/shawl.webp', widths: [320] },
    });
    for (const [path, alt] of [
      [`/product/${shawl.slug}`, 'Silk &quot;Shawl&quot; &lt;b&gt;'],
      [`/productdetails/${shawl.id}?lang=ar`, 'شال حرير'],
    ] as const) {
      const html = await page(path);
      const key = path.includes('?') ? shawl.id : shawl.slug;
      const { images } = dataIn(html, catalogQueryKeys.product(key)) as {
        images: Array<{ url: string; srcset: string }>;
      };
      const frame = `<img src="${images[0]!.url}" srcset="${images[0]!.srcset}" sizes="${PRODUCT_IMAGE_SIZES.gallery}" alt="${alt}"`;
      expect(html, path).toContain(frame);
      // Inside #root, after the top bar's frame: the app's first render replaces both.
      expect(html.indexOf(frame), path).toBeGreaterThan(html.indexOf('<header>Nour</header>'));
      expect(html.indexOf(frame), path).toBeLessThan(html.indexOf('</div></body>'));
      expect(html.match(/<img /g), path).toHaveLength(1);
    }
    // No picture, no frame: the page draws its placeholder itself.
    const bare = await createProduct(t, { name: 'Plain Belt', defaultImage: null });
    const html = await page(`/product/${bare.slug}`);
    expect(keysIn(html)).toEqual([hashKey(catalogQueryKeys.product(bare.slug))]);
    expect(html).not.toContain('<img ');
    // Nor on the other pages: their largest paint is not a product's picture.
    for (const path of ['/', '/products', '/category/women', '/cart']) {
      expect(await page(path), path).not.toContain('<img ');
    }
  });

  it('sends a category page its page of products, as the storefront asks for it', async () => {
    for (const [path, pageNumber] of [
      ['/category/women', 1],
      ['/category/women?page=2', 2],
      ['/category/women?page=zero', 1],
    ] as const) {
      const html = await page(path);
      const queryKey = catalogQueryKeys.categoryProducts('women', pageNumber);
      expect(keysIn(html), path).toEqual([hashKey(queryKey)]);
      expect(dataIn(html, queryKey), path).toEqual(
        await api(`/api/category/women/products?page=${pageNumber}&limit=12`),
      );
      expect(html).toContain(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/category-page-c1.js">',
      );
    }
    expect(stateIn(await page('/category/no-such-category'))).toBeUndefined();
  });

  it('keeps text that looks like markup or a replacement pattern as text', async () => {
    const html = await page(`/product/${tricky.slug}`);
    expect(html).not.toContain("<script>alert('x')</script>");
    const product = dataIn(html, catalogQueryKeys.product(tricky.slug)) as { name: string };
    expect(product.name).toBe(tricky.name);
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('sends nothing extra for a missing product or a page without a first screen', async () => {
    for (const path of ['/product/no-such-thing', '/cart', '/favorites']) {
      const html = await page(path);
      expect(stateIn(html), path).toBeUndefined();
      expect(html, path).not.toContain('rel="preload"');
    }
  });

  it('sends the bare page for a URL the API would refuse (a NUL, a huge number), without a failed query', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      for (const path of [
        '/product/%00',
        '/productdetails/a%00b',
        '/category/%00',
        '/category/%00/',
        '/products?search=%00',
        '/products?page=1e99',
        `/product/${'x'.repeat(190)}`,
      ]) {
        const html = await page(path);
        expect(stateIn(html), path).toBeUndefined();
      }
      // A price past what the API takes is dropped, as the storefront drops it: the plain listing is sent.
      for (const path of ['/products?minPrice=1e99', '/products?maxPrice=21474837']) {
        expect(keysIn(await page(path)), path).toEqual(keysIn(await page('/products')));
      }
      // A query that failed would have been logged before the page was sent without its first screen.
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('tags each page by its content but not the time its data was read, so an unchanged listing can answer 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/products' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/products',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Weak: the same data, read at another time, is not the same bytes.
    expect(first.headers.etag).toMatch(/^W\/"/);
    const tags = new Set<unknown>([first.headers.etag]);
    for (const url of ['/products?sort=priceDesc', `/product/${dress.slug}`, '/category/women', '/cart']) {
      tags.add((await t.app.inject({ method: 'GET', url })).headers.etag);
    }
    expect(tags.size).toBe(5);
  });

  it("names the storefront's real page modules", () => {
    for (const module of Object.values(FIRST_SCREEN_MODULES)) expect(existsSync(module), module).toBe(true);
  });

  it('follows imports once and leaves out stylesheets', () => {
    const manifest = {
      a: { file: 'assets/a.js', imports: ['b', 'c'] },
      b: { file: 'assets/b.js', imports: ['a'] },
      c: { file: 'assets/c.css' },
    };
    expect(moduleFilesOf(['a', 'missing'], manifest, '')).toEqual(['assets/a.js', 'assets/b.js']);
  });
});
