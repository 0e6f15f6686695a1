import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { localeOf, type Language } from '../language';
import { mailAr, messagesAr } from './ar/index';
import { seo as seoAr } from './ar/seo';
import { format } from './format';
import { messages } from './index';
import { mail } from './mail';
import { seo } from './seo';

const dictionaries: Record<Language, unknown> = {
  en: { ...messages, mail, seo },
  ar: { ...messagesAr, mail: mailAr, seo: seoAr },
};

/** Every text of a dictionary with a placeholder, by its dotted path. */
function templates(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return tree.includes('{') ? [[path, tree]] : [];
  return Object.entries(tree as object).flatMap(([key, value]) => templates(value, `${path}.${key}`));
}

/** Each argument of a parsed message, and the values worth trying for it. */
function samples(elements: readonly MessageFormatElement[], found = new Map<string, (string | number)[]>()) {
  for (const element of elements) {
    if (!('value' in element) || typeof element.value !== 'string' || element.type === 0) continue;
    if ('options' in element) {
      const counts = 'pluralType' in element;
      found.set(
        element.value,
        counts ? [0, 1, 2, 3, 7, 11, 100, 1001, 2.5] : [...Object.keys(element.options), 'none of them'],
      );
      for (const option of Object.values(element.options)) samples(option.value, found);
    } else if (!found.has(element.value)) {
      found.set(element.value, [`«${element.value}»`, 42]);
    }
  }
  return found;
}

/** The value sets to format a message with: every sample of one argument, the others at their first. */
function valueSets(elements: readonly MessageFormatElement[]): Record<string, string | number>[] {
  const all = [...samples(elements)];
  const first = Object.fromEntries(all.map(([name, values]) => [name, values[0]!]));
  return [first, ...all.flatMap(([name, values]) => values.map((value) => ({ ...first, [name]: value })))];
}

describe('format', () => {
  for (const language of ['en', 'ar'] as const) {
    const found = templates(dictionaries[language]);

    it(`fills every ${language} message as FormatJS's own formatter does, from its text and parsed`, () => {
      expect(found.length).toBeGreaterThan(100);
      for (const [path, template] of found) {
        const elements = parse(template, { ignoreTag: true });
        const reference = new IntlMessageFormat(template, localeOf(language), undefined, { ignoreTag: true });
        for (const values of valueSets(elements)) {
          const expected = String(reference.format(values));
          expect(format(template, values, language), path).toBe(expected);
          // The web build hands in the parsed form (vite.config.ts).
          expect(format(elements as unknown as string, values, language), path).toBe(expected);
        }
      }
    });
  }

  it("chooses '=n' before the plural rule, counts '#' after the offset, and falls back to 'other'", () => {
    const template =
      '{n, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}';
    expect(format(template, { n: 0, name: 'Mona' })).toBe('nobody');
    expect(format(template, { n: 1, name: 'Mona' })).toBe('Mona');
    expect(format(template, { n: 2, name: 'Mona' })).toBe('Mona and 1 other');
    expect(format(template, { n: 1235, name: 'Mona' })).toBe('Mona and 1,234 others');
    expect(format('{kind, select, gift {a gift} other {an order}}', { kind: 'unknown' })).toBe('an order');
    expect(format('{n, plural, one {# قطعة} two {قطعتان} few {# قطع} other {# قطعة}}', { n: 3 }, 'ar')).toBe(
      '3 قطع',
    );
  });

  it('refuses a missing value and an element the shop does not format', () => {
    expect(() => format('{name} was added', {})).toThrow('{name}');
    expect(() => format('on {day, date, short}', { day: 1 })).toThrow('date');
  });
});
