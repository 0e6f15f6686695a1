import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import {
  ARABIC_DICTIONARY_MODULE,
  arabicAssetsOf,
  inLanguage,
  languageCookie,
  pageLanguageOf,
  typefaceHeld,
} from './page-language';

const manifest = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime-r1.js' },
  [ARABIC_DICTIONARY_MODULE]: {
    file: 'assets/arabic-dictionary-d1.js',
    imports: ['_runtime.js', '_ar.js'],
    css: ['assets/arabic-dictionary-c1.css'],
  },
  '_ar.js': { file: 'assets/ar-a1.js' },
};

describe('the language of a page', () => {
  it('comes from ?lang, then the cookie, and is English otherwise', () => {
    const none = new URLSearchParams();
    expect(pageLanguageOf(new URLSearchParams('lang=ar'), undefined)).toEqual({
      language: 'ar',
      chosenInUrl: true,
    });
    expect(pageLanguageOf(new URLSearchParams('lang=en'), 'nour_lang=ar')).toEqual({
      language: 'en',
      chosenInUrl: true,
    });
    expect(pageLanguageOf(none, 'a=1; nour_lang=ar; b=2')).toEqual({ language: 'ar', chosenInUrl: false });
    expect(pageLanguageOf(none, undefined)).toEqual({ language: 'en', chosenInUrl: false });
    // Anything else is English, and an unknown ?lang falls back to the cookie.
    expect(pageLanguageOf(none, 'nour_lang=fr')).toEqual({ language: 'en', chosenInUrl: false });
    expect(pageLanguageOf(none, 'other_nour_lang=ar')).toEqual({ language: 'en', chosenInUrl: false });
    expect(pageLanguageOf(new URLSearchParams('lang=xx'), 'nour_lang=ar')).toEqual({
      language: 'ar',
      chosenInUrl: false,
    });
  });

  it('is remembered for a year, for the whole site', () => {
    expect(languageCookie('ar')).toBe('nour_lang=ar; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('sets <html lang dir>, and an Arabic page preloads the dictionary and the typeface', () => {
    const html =
      '<html lang="en" dir="ltr"><head><script type="module" src="/assets/index-abc123.js"></script><link rel="modulepreload" href="/assets/runtime-r1.js"></head></html>';
    const assets = arabicAssetsOf(manifest);
    expect(assets).toEqual({
      scripts: ['assets/arabic-dictionary-d1.js', 'assets/runtime-r1.js', 'assets/ar-a1.js'],
      styles: ['assets/arabic-dictionary-c1.css'],
    });
    expect(inLanguage(html, 'en', assets)).toBe(html);
    expect(inLanguage(html, 'ar', assets)).toBe(
      '<html lang="ar" dir="rtl"><head><script type="module" src="/assets/index-abc123.js"></script><link rel="modulepreload" href="/assets/runtime-r1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/arabic-dictionary-c1.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/arabic-dictionary-d1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/ar-a1.js"></head></html>',
    );
  });

  it('marks an Arabic page to be drawn in the typeface only for a visitor whose browser holds it', () => {
    const html = '<html lang="en" dir="ltr"><head></head></html>';
    const none = { scripts: [], styles: [] };
    expect(typefaceHeld('a=1; nour_typeface=1')).toBe(true);
    for (const cookie of [undefined, 'nour_typeface=0', 'other_nour_typeface=1']) {
      expect(typefaceHeld(cookie), String(cookie)).toBe(false);
    }
    expect(inLanguage(html, 'ar', none, true)).toBe(
      '<html lang="ar" dir="rtl" data-typeface><head></head></html>',
    );
    expect(inLanguage(html, 'ar', none, false)).toBe('<html lang="ar" dir="rtl"><head></head></html>');
    // English pages keep the system faces.
    expect(inLanguage(html, 'en', none, true)).toBe(html);
  });

  it('preloads nothing without a manifest (the dev server)', () => {
    expect(arabicAssetsOf({})).toEqual({ scripts: [], styles: [] });
  });
});

describe('pages served in a language', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'nour-dist-'));
    await mkdir(join(dist, '.vite'), { recursive: true });
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html lang="en" dir="ltr"><head><title>Nour</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers English by default, with no cookie and no Arabic files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/products' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).not.toContain('arabic-dictionary');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers Arabic for ?lang=ar and remembers it in the cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/products?lang=ar&search=dress' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/arabic-dictionary-d1.js">',
    );
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/arabic-dictionary-c1.css">');
    expect(res.headers['set-cookie']).toBe('nour_lang=ar; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('answers Arabic for the cookie, and ?lang=en switches back', async () => {
    const arabic = await t.app.inject({ method: 'GET', url: '/cart', headers: { cookie: 'nour_lang=ar' } });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.headers['set-cookie']).toBeUndefined();
    const english = await t.app.inject({
      method: 'GET',
      url: '/cart?lang=en',
      headers: { cookie: 'nour_lang=ar' },
    });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.headers['set-cookie']).toBe('nour_lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('draws an Arabic page in the typeface once the cookie says the browser holds it, tagged apart', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/cart?lang=ar' });
    expect(first.body).toContain('<html lang="ar" dir="rtl">');
    const held = await t.app.inject({
      method: 'GET',
      url: '/cart?lang=ar',
      headers: { cookie: 'nour_typeface=1' },
    });
    expect(held.body).toContain('<html lang="ar" dir="rtl" data-typeface>');
    // The style sheet with the @font-face rules comes either way: only the attribute uses them.
    for (const answer of [first, held]) {
      expect(answer.body).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/arabic-dictionary-c1.css">',
      );
    }
    expect(held.headers.etag).not.toBe(first.headers.etag);
  });

  it('tags each language apart, so a cached page in one is not reused for the other', async () => {
    const english = await t.app.inject({ method: 'GET', url: '/cart' });
    const arabic = await t.app.inject({ method: 'GET', url: '/cart', headers: { cookie: 'nour_lang=ar' } });
    expect(arabic.headers.etag).not.toBe(english.headers.etag);
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/cart',
      headers: { cookie: 'nour_lang=ar', 'if-none-match': String(arabic.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    const otherLanguage = await t.app.inject({
      method: 'GET',
      url: '/cart',
      headers: { 'if-none-match': String(arabic.headers.etag) },
    });
    expect(otherLanguage.statusCode).toBe(200);
    expect(otherLanguage.body).toContain('<html lang="en" dir="ltr">');
  });
});
