import { STORAGE_KEYS } from '@/shared/constants';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_PARAM, type Language } from '@/shared/language';
import { openPage } from '@/web/lib/reload-page';
import { language } from './language';

/** A year, as the server's cookie (src/server/plugins/page-language.ts). */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function cookieLanguage(): string | undefined {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
  return pair?.slice(LANGUAGE_COOKIE.length + 1);
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

/** Remembers a language: the cookie the server reads for the first HTML, and the browser's storage. */
function rememberLanguage(chosen: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, chosen);
  } catch {
    // Without storage the cookie alone remembers it.
  }
}

/** This page's address without `?lang`, which would otherwise choose the old language again. */
function currentPageWithoutLanguageParam(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete(LANGUAGE_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Shows the shop in `chosen`: remembers it and loads this page again, which the server then sends in
 * that language and direction. `saveOnAccount` (for a signed-in shopper) is awaited first, so the
 * choice follows them to other devices; the switch happens even if saving fails.
 */
export async function switchLanguage(
  chosen: Language,
  saveOnAccount?: (chosen: Language) => Promise<unknown>,
): Promise<void> {
  rememberLanguage(chosen);
  if (saveOnAccount) await saveOnAccount(chosen).catch(() => undefined);
  openPage(currentPageWithoutLanguageParam());
}

/**
 * After signing in: the language saved on the account, when it differs from the page's, becomes the
 * visitor's. True when the page must load again (at the address the caller was going to) to show it.
 */
export function followAccountLanguage(saved: unknown): boolean {
  if (!isLanguage(saved) || saved === language) return false;
  rememberLanguage(saved);
  return true;
}

/**
 * Keeps the browser's storage and the cookie in step with the page, once at start. The page's language
 * (from `?lang` or the cookie) is the visitor's choice; with no cookie (cleared, expired) and no `?lang`,
 * the choice kept in storage is written back and the page loads again in it.
 */
export function syncLanguageChoice(): void {
  const stored = storedLanguage();
  const chosenInUrl = new URL(window.location.href).searchParams.has(LANGUAGE_PARAM);
  if (!chosenInUrl && cookieLanguage() === undefined && isLanguage(stored) && stored !== language) {
    rememberLanguage(stored);
    // Only once the cookie took: a browser that refuses cookies would load the page again and again.
    if (cookieLanguage() === stored) {
      openPage(currentPageWithoutLanguageParam());
      return;
    }
  }
  if (stored !== language) {
    try {
      window.localStorage.setItem(STORAGE_KEYS.language, language);
    } catch {
      // Nothing to keep in step without storage.
    }
  }
}
