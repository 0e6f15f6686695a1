/**
 * The shop's two languages. English is the default and the language of SPEC.md's texts; Arabic is
 * written right to left. Numbers are written with Latin digits in both (as Egyptian shops print prices
 * and phone numbers), so a price, an order number and a phone number read the same on either side.
 */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that remembers a visitor's choice, read by the server for the first HTML's `<html lang dir>`. */
export const LANGUAGE_COOKIE = 'nour_lang';
/** `?lang=ar` in any URL chooses the language (and is remembered). */
export const LANGUAGE_PARAM = 'lang';

/**
 * Each language's name in itself, as the language switch shows it ('العربية' on English pages,
 * 'English' on Arabic ones): a shopper looks for the language they read, so it is never translated.
 */
export const LANGUAGE_AUTONYMS: Record<Language, string> = { en: 'English', ar: 'العربية' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The locale every number, amount, plural and date of a language is formatted with. */
export function localeOf(language: Language): string {
  return language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-EG';
}

/**
 * The first of the shop's languages an `Accept-Language` header asks for, by its q-values ('ar-EG' and
 * 'ar' both mean Arabic); null when it names none of them.
 */
export function namedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  let best: { language: Language; q: number } | undefined;
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? null;
}

/** The language an `Accept-Language` header asks for; English when it names none of the shop's. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  return namedLanguage(header) ?? DEFAULT_LANGUAGE;
}
