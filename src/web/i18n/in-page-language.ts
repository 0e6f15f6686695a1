import type { FieldValues, Resolver } from 'react-hook-form';
import { messages as english } from '@/shared/messages';
import { arabic } from './arabic';
import { format } from './language';

/** A dictionary text as the code holds it: an ICU string, or (in the web build) its parsed elements. */
type Template = string | readonly { type: number; value?: unknown }[];

interface Pattern {
  match: RegExp;
  names: string[];
  /** How many fixed characters the text has: the most specific pattern is tried first. */
  words: number;
  translation: Template;
}

const PLAIN_TEXT = 0;
const ARGUMENT = 1;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pieces of an English text: literal words and `{name}` arguments; undefined for a text with a
 * plural or any other construct, which no filled-in message can be matched against.
 */
function pieces(template: Template): ({ text: string } | { name: string })[] | undefined {
  if (typeof template === 'string') {
    const parts = template.split(/\{(\w+)\}/);
    if (parts.some((part, index) => index % 2 === 0 && /[{}]/.test(part))) return undefined;
    return parts.map((part, index) => (index % 2 === 0 ? { text: part } : { name: part }));
  }
  const found: ({ text: string } | { name: string })[] = [];
  for (const element of template) {
    if (element.type === PLAIN_TEXT) found.push({ text: String(element.value) });
    else if (element.type === ARGUMENT) found.push({ name: String(element.value) });
    else return undefined;
  }
  return found;
}

/** Every English text with placeholders as a pattern, and every plain one by its words, each with its Arabic twin. */
function translations(
  englishTree: unknown,
  arabicTree: unknown,
  exact: Map<string, string>,
  patterns: Pattern[],
) {
  if (typeof englishTree === 'string' && !englishTree.includes('{')) {
    // An Arabic text that counts what its English twin leaves to the screen cannot be filled from it.
    if (typeof arabicTree === 'string' && !arabicTree.includes('{')) exact.set(englishTree, arabicTree);
    return;
  }
  if (typeof englishTree === 'string' || Array.isArray(englishTree)) {
    const parts = pieces(englishTree as Template);
    if (!parts) return;
    const names = parts.flatMap((part) => ('name' in part ? [part.name] : []));
    const source = parts.map((part) => ('name' in part ? '(.+?)' : escape(part.text))).join('');
    const words = parts.reduce((length, part) => length + ('text' in part ? part.text.length : 0), 0);
    patterns.push({
      match: new RegExp(`^${source}$`, 's'),
      names,
      words,
      translation: arabicTree as Template,
    });
    return;
  }
  if (englishTree && typeof englishTree === 'object' && arabicTree && typeof arabicTree === 'object') {
    for (const [key, value] of Object.entries(englishTree)) {
      translations(value, (arabicTree as Record<string, unknown>)[key], exact, patterns);
    }
  }
}

let table: { exact: Map<string, string>; patterns: Pattern[] } | undefined;

/**
 * A message written in English by code both sides share (the zod schemas judge the admin's forms with
 * the server's English texts), in the page's language: the dictionary text it was filled from, filled
 * again in Arabic with the same values. An English page, or a text the dictionary does not hold, keeps
 * it as it came.
 */
export function inPageLanguage(message: string): string {
  if (!arabic) return message;
  if (!table) {
    table = { exact: new Map(), patterns: [] };
    translations(english, arabic, table.exact, table.patterns);
    table.patterns.sort((a, b) => b.words - a.words);
  }
  const exact = table.exact.get(message);
  if (exact !== undefined) return exact;
  for (const { match, names, translation } of table.patterns) {
    const found = match.exec(message);
    if (!found) continue;
    // A count chooses an Arabic plural form, so digits travel as a number.
    const values = Object.fromEntries(
      names.map((name, index) => {
        const value = found[index + 1] ?? '';
        return [name, /^\d+$/.test(value) ? Number(value) : value];
      }),
    );
    return format(translation as string, values);
  }
  return message;
}

/** Each message of a form's errors (nested as react-hook-form nests them) in the page's language. */
function translateErrors<Errors>(errors: Errors): Errors {
  if (!errors || typeof errors !== 'object') return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([key, value]) => [
      key,
      key === 'message' && typeof value === 'string'
        ? inPageLanguage(value)
        : key === 'ref'
          ? value
          : translateErrors(value),
    ]),
  ) as Errors;
}

/** A form's resolver (zodResolver of a shared schema) whose messages read in the page's language. */
export function inPageLanguageResolver<Values extends FieldValues, Context, Output>(
  resolver: Resolver<Values, Context, Output>,
): Resolver<Values, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    // Valid values come back untouched; only a refusal carries messages to translate.
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: translateErrors(result.errors) };
  };
}
