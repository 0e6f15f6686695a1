import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LANGUAGE, localeOf, type Language } from '../language';

type Values = Record<string, string | number>;

const compiled = new Map<Language, Map<unknown, IntlMessageFormat>>();

/**
 * Fills an ICU message ('{n, plural, one {# product} other {# products}}', '{name} was added') for a
 * language: its plural rules and its number format. The web build hands in messages already parsed
 * (vite.config.ts), so shoppers never download the ICU parser; the type stays `string` for the code.
 */
export function format(template: string, values: Values, language: Language = DEFAULT_LANGUAGE): string {
  if (typeof template === 'string' && !template.includes('{')) return template;
  let forLanguage = compiled.get(language);
  if (!forLanguage) {
    forLanguage = new Map();
    compiled.set(language, forLanguage);
  }
  let message = forLanguage.get(template);
  if (!message) {
    message = new IntlMessageFormat(template, localeOf(language), undefined, { ignoreTag: true });
    forLanguage.set(template, message);
  }
  return String(message.format(values));
}
