import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LANGUAGE, localeOf, type Language } from '../language';

type Values = Record<string, string | number>;

/**
 * What the dictionaries' ICU messages use: text, `{name}`, `{n, plural, …}` with `#`, `{x, select, …}`
 * (src/shared/messages/format.test.ts holds every message of both dictionaries to that, and to the
 * output of FormatJS's own formatter). Filling a parsed message is this one walk: FormatJS's
 * formatter, with dates, number skeletons and tags the shop never uses, cost 2 kB of every shopper's
 * first load (issue 35), while the parsing stays FormatJS's (at build time for the web, vite.config.ts).
 */
function fill(
  elements: readonly MessageFormatElement[],
  values: Values,
  locale: string,
  pluralValue?: number,
): string {
  let text = '';
  for (const element of elements) {
    if (element.type === TYPE.literal) {
      text += element.value;
    } else if (element.type === TYPE.pound) {
      if (pluralValue !== undefined) text += numberFormat(locale).format(pluralValue);
    } else if (element.type === TYPE.argument) {
      text += String(valueOf(values, element.value));
    } else if (element.type === TYPE.select) {
      const key = String(valueOf(values, element.value));
      text += fill(optionOf(element.options, key, element.value).value, values, locale);
    } else if (element.type === TYPE.plural) {
      const n = Number(valueOf(values, element.value));
      const exact = element.options[`=${n}`];
      const counted = n - element.offset;
      const option =
        exact ??
        optionOf(
          element.options,
          pluralRules(locale, element.pluralType ?? 'cardinal').select(counted),
          element.value,
        );
      text += fill(option.value, values, locale, counted);
    } else {
      throw new Error(`Messages cannot use an ICU ${TYPE[element.type]} ('${elementName(element)}')`);
    }
  }
  return text;
}

function valueOf(values: Values, name: string): string | number {
  const value = values[name];
  if (value === undefined) throw new Error(`The message needs a value for {${name}}`);
  return value;
}

function optionOf<Option>(options: Record<string, Option>, key: string, name: string): Option {
  const option = Object.hasOwn(options, key) ? options[key] : options.other;
  if (!option) throw new Error(`{${name}} has no option '${key}' and no 'other'`);
  return option;
}

function elementName(element: MessageFormatElement): string {
  return 'value' in element ? String(element.value) : '#';
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

const pluralRulesByKind = new Map<string, Intl.PluralRules>();
function pluralRules(locale: string, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${locale} ${type}`;
  let rules = pluralRulesByKind.get(key);
  if (!rules) pluralRulesByKind.set(key, (rules = new Intl.PluralRules(locale, { type })));
  return rules;
}

/** Messages given as text (the server, the dev server, the tests), parsed once each. */
const parsed = new Map<string, MessageFormatElement[]>();

/**
 * Fills an ICU message ('{n, plural, one {# product} other {# products}}', '{name} was added') for a
 * language: its plural rules and its number format. The web build hands in messages already parsed
 * (vite.config.ts), so shoppers never download the ICU parser; the type stays `string` for the code.
 */
export function format(template: string, values: Values, language: Language = DEFAULT_LANGUAGE): string {
  if (typeof template === 'string' && !template.includes('{')) return template;
  let elements: MessageFormatElement[] | undefined = Array.isArray(template)
    ? template
    : parsed.get(template);
  if (!elements) {
    elements = parse(template, { ignoreTag: true });
    parsed.set(template, elements);
  }
  return fill(elements, values, localeOf(language));
}
