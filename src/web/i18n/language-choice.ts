import { STORAGE_KEYS } from '@/shared/shell-constants';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_PARAM, type Language } from '@/shared/language';
import { openPage } from '@/web/lib/reload-page';
import { language } from './language';

/** A year, as the server's cookie (src/server/plugins/page-language.ts). */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

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
