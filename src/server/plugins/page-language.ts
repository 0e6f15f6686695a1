import escapeHtml from 'escape-html';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type Language,
} from '@/shared/language';
import { TYPEFACE_COOKIE } from '@/shared/typeface';

/** A year: the choice outlives the session, as a shop's language setting does. */
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The module that loads the Arabic dictionary (and the Arabic typeface's style sheet) in the browser,
 * as the build's manifest names it: src/web/i18n/arabic.ts imports it on Arabic pages only.
 */
export const ARABIC_DICTIONARY_MODULE = 'src/web/i18n/arabic-dictionary.ts';

export interface PageLanguage {
  language: Language;
  /** Set when the URL chose the language (`?lang=ar`): the answer remembers it in the cookie. */
  chosenInUrl: boolean;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * The language of a page: `?lang=` in its URL, else the visitor's cookie, else English. Accept-Language
 * is not read for pages: a shared link or a search engine's copy must show the language it was made in,
 * and the switch in the top bar is one tap away (the API's messages do follow Accept-Language).
 */
export function pageLanguageOf(search: URLSearchParams, cookieHeader: string | undefined): PageLanguage {
  const fromUrl = search.get(LANGUAGE_PARAM);
  if (isLanguage(fromUrl)) return { language: fromUrl, chosenInUrl: true };
  const fromCookie = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  return { language: isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE, chosenInUrl: false };
}

/**
 * Whether an Arabic page is drawn in the shop's Arabic typeface: once the visitor's browser holds it
 * (the cookie src/web/i18n/typeface-warmup.ts sets after fetching it). A first visit is drawn in the
 * system's Arabic face instead, so ~90 kB of fonts do not stand between a shopper on a slow phone
 * connection and the first screen; the typeface is fetched after the page has loaded, for the next one.
 */
export function typefaceHeld(cookieHeader: string | undefined): boolean {
  return cookieValue(cookieHeader, TYPEFACE_COOKIE) === '1';
}

/** The Set-Cookie value that remembers a language chosen in a URL (the web app's switch writes the same). */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The files an Arabic page needs before its first render, per the build's manifest: the dictionary's
 * module (and what it imports), which src/web/i18n/arabic.ts awaits at the top level, and the typeface's
 * style sheet. Preloaded from the first HTML, they load beside the app's scripts instead of after them.
 */
export function arabicAssetsOf(manifest: Record<string, ManifestChunk>): {
  scripts: string[];
  styles: string[];
} {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(ARABIC_DICTIONARY_MODULE);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * index.html in a language: `<html lang dir>` set, so the page is drawn in its direction from the first
 * byte, and for Arabic the dictionary and typeface's style sheet preloaded (`assets`, from
 * `arabicAssetsOf`), skipping files the page loads already, and `data-typeface` on `<html>` when the
 * visitor holds the typeface (`typeface`, from `typefaceHeld`): the style sheet draws the page in it then.
 */
export function inLanguage(
  html: string,
  language: Language,
  assets: { scripts: readonly string[]; styles: readonly string[] },
  typeface = false,
): string {
  const marker = language === 'ar' && typeface ? ' data-typeface' : '';
  const page = html.replace(
    /<html\b[^>]*>/,
    () => `<html lang="${language}" dir="${directionOf(language)}"${marker}>`,
  );
  if (language !== 'ar') return page;
  const links = [
    ...assets.styles
      .filter((file) => !page.includes(`/${file}`))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`),
    ...assets.scripts
      .filter((file) => !page.includes(`/${file}`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`),
  ].join('');
  return page.replace('</head>', () => `${links}</head>`);
}
