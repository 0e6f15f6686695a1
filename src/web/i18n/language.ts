import { DEFAULT_LANGUAGE, directionOf, isLanguage, type Language } from '@/shared/language';
import { format as formatIn } from '@/shared/messages/format';
import { formatAmount as formatAmountIn, formatEgp as formatEgpIn } from '@/shared/money-text';

function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * The page's language, as the server wrote it into the first HTML (`<html lang dir>`, from the visitor's
 * cookie or `?lang`). It is fixed for the page's life: choosing another language reloads the page, so the
 * server's first HTML, every text and the direction change together, with no flash of the other one.
 */
export const language: Language = pageLanguage();
export const direction = directionOf(language);

/** An ICU message of the dictionary filled in the page's language. */
export function format(template: string, values: Record<string, string | number>): string {
  return formatIn(template, values, language);
}

/** "1,250 EGP" / "1,250 ج.م.": every price the shop shows. */
export function formatEgp(egp: number): string {
  return formatEgpIn(egp, language);
}

/** "1,250": an amount for a message that places the currency itself. */
export function formatAmount(egp: number): string {
  return formatAmountIn(egp, language);
}
