import type { Language } from './language';

/** A text the owner writes in each of the shop's languages (issue 16): the announcement, a policy page. */
export type LocalizedText = { readonly [L in Language]: string };

/** `value` in `language`, or its English when that language's is empty. */
export function inLanguage(value: LocalizedText, language: Language): string {
  return value[language] || value.en;
}
