import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { createTestApp, type TestApp } from '../test/app';
import { PUBLIC_CACHE_CONTROL, isPublicKey } from './uploads';
import { personaliseIndexHtml } from './web-app';

describe('app plugins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the security headers and a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('describes the API at /api/docs/json, auth routes included, and serves the UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/signup'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/auth/signin'].post).toBeDefined();
    expect(doc.paths['/api/health'].get).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('compresses a large JSON answer with brotli or gzip, as the client accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  describe('GET /uploads/*', () => {
    const image = Buffer.from('RIFF-not-really-webp-but-bytes-are-bytes');

    it('streams a stored public image with a year-long cache', async () => {
      await t.store.put('products/abc123.webp', image, 'image/webp');
      const res = await t.app.inject({ method: 'GET', url: '/uploads/products/abc123.webp' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.rawPayload.equals(image)).toBe(true);
    });

    it('answers 404 JSON for a missing image', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/uploads/products/missing.webp' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: messages.errors.notFound });
    });

    it('never serves private files, however the path is spelt', async () => {
      await t.store.put('private/proofs/p1.webp', image, 'image/webp');
      for (const url of [
        '/uploads/private/proofs/p1.webp',
        '/uploads/PRIVATE/proofs/p1.webp',
        '/uploads/products/../private/proofs/p1.webp',
        '/uploads/products/%2e%2e/private/proofs/p1.webp',
        '/uploads/./private/proofs/p1.webp',
        '/uploads//private/proofs/p1.webp',
        '/uploads/..%2fprivate%2fproofs%2fp1.webp',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.rawPayload.equals(image), url).toBe(false);
      }
    });

    it('refuses keys that climb out of the store', async () => {
      for (const url of [
        '/uploads/../../etc/passwd',
        '/uploads/%2e%2e/%2e%2e/etc/passwd',
        '/uploads/a\\..\\b',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    });

    it('knows which keys are public', () => {
      expect(isPublicKey('products/a.webp')).toBe(true);
      expect(isPublicKey('categories/x/a-320.webp')).toBe(true);
      expect(isPublicKey('private/a.webp')).toBe(false);
      expect(isPublicKey('a/../private/a.webp')).toBe(false);
      expect(isPublicKey('')).toBe(false);
    });
  });

  it('answers JSON 404 for every path when there is no web build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/products' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});

describe('web app serving', () => {
  let t: TestApp;
  let dist: string;
  const script = 'console.log("nour");'.repeat(200);

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'nour-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="shop-name" content="Nour" /><meta name="wallet-number" content="01012345678" /><meta name="whatsapp-number" content="" /><title>Nour</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(dist, 'assets', 'index-abc123.js'), script);
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    t = await createTestApp({
      WEB_DIST_DIR: dist,
      SHOP_NAME: 'Nour & "Sons" <Cairo>',
      SHOP_WALLET_NUMBER: '01198765432',
      SHOP_WHATSAPP: '0155 123 4567',
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers index.html with the shop name and wallet for app routes (history fallback)', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/products?search=dress',
      '/dashboard/manage/edit/42',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      // An address no route of the app answers is the app too, with its not-found screen, said 404.
      const known = !['/index.html', '/no/such/page'].includes(url);
      expect(res.statusCode, url).toBe(known ? 200 : 404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        '<meta name="shop-name" content="Nour &amp; &quot;Sons&quot; &lt;Cairo&gt;" />',
      );
      expect(res.body).toContain('<meta name="wallet-number" content="01198765432" />');
      expect(res.body).toContain('<meta name="whatsapp-number" content="201551234567" />');
      // Each page's own title (src/server/seo), with the shop's name in it, escaped.
      expect(/<title>([^<]*)<\/title>/.exec(res.body)?.[1], url).toContain(
        'Nour &amp; &quot;Sons&quot; &lt;Cairo&gt;',
      );
    }
  });

  it('answers 304 when the browser already has this index.html', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/cart' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The same page: each address has a head of its own (its canonical URL), so a tag is per address.
    const again = await t.app.inject({
      method: 'GET',
      url: '/cart',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/cart',
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('serves hashed assets as immutable, precompressed when the browser takes it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.body).toBe(script);

    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
  });

  it('serves other files with a short cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for a missing asset and JSON 404 for an unknown API path', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(asset.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, message: 'Route GET /api/nothing-here not found' });
    const post = await t.app.inject({ method: 'POST', url: '/products' });
    expect(post.statusCode).toBe(404);
  });

  it('keeps the API working beside the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('leaves the WhatsApp number empty without SHOP_WHATSAPP, so the shop hides its links', () => {
    const shell = '<meta name="whatsapp-number" content="201551234567" /><title>Nour</title>';
    expect(personaliseIndexHtml(shell, { shopName: 'Nour', walletNumber: '01012345678' })).toBe(
      '<meta name="whatsapp-number" content="" /><title>Nour</title>',
    );
  });

  it('escapes the shop name it writes into the page', () => {
    expect(
      personaliseIndexHtml('<meta name="shop-name" content="Nour"><title>Nour</title>', {
        shopName: '<b>',
        walletNumber: '01012345678',
      }),
    ).toBe('<meta name="shop-name" content="&lt;b&gt;"><title>&lt;b&gt;</title>');
  });

  it("writes the shop's name, as it is, into the top bar shown while the scripts load", () => {
    const shell = '<title>Nour</title><a href="/" class="x"\n  data-shop-name\n  >Nour</a\n>';
    expect(personaliseIndexHtml(shell, { shopName: "Nour $' & Co", walletNumber: '01012345678' })).toBe(
      '<title>Nour $&#39; &amp; Co</title><a href="/" class="x"\n  data-shop-name\n  >Nour $&#39; &amp; Co</a\n>',
    );
  });
});

describe('global rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 with a JSON message past the limit, but never for images', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const third = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ success: false, message: messages.errors.tooManyRequests });
    const image = await t.app.inject({ method: 'GET', url: '/uploads/products/missing.webp' });
    expect(image.statusCode).toBe(404);
  });
});
