import type { Language } from './language';
import { inLanguage, type LocalizedText } from './localized';
import type { Dictionary } from './messages/dictionary';
import { format } from './messages/format';
import { messages } from './messages';

/*
 * Saying an English text of the dictionary in another language. The code (services, shared schemas,
 * the checks the web forms and the server share) speaks English: it throws and answers the English
 * dictionary's texts. The language is chosen at the edge, where the reader is known (the API's answers,
 * a form's error), by finding the text's place in the English dictionary and reading the same place in
 * the reader's. So a schema, a service or a stock check never needs to know who reads it, and the
 * English answers stay the English texts, byte for byte.
 */

type Values = Record<string, string | number>;

/**
 * A value put into a phrase: a name or a number as it is; a phrase of its own, said in the same
 * language; or a text written in each language (a product's `name` and `nameAr`, a library's message
 * and its own translation), read in the phrase's language, its English when that one is empty.
 */
export type PhraseValue = string | number | Phrase | LocalizedText;

/** A text of the English dictionary and what fills its placeholders, not yet said in any language. */
export interface Phrase {
  readonly template: string;
  readonly values?: Readonly<Record<string, PhraseValue>>;
}

/** The English dictionary's shape; another language's dictionary has its keys (`Dictionary`). */
type Messages = typeof messages;

/** Where each English text sits in the dictionary (its first place, when a text sits in two). */
let englishPlaces: Map<unknown, readonly string[]> | undefined;

function placesOf(): Map<unknown, readonly string[]> {
  if (englishPlaces) return englishPlaces;
  const places = new Map<unknown, readonly string[]>();
  // Sections hold texts: a string, or in the web build the message already parsed into its ICU syntax
  // tree (an array). A list of strings (the perks beside a form) is read whole by a screen, never said
  // as one text. A group of texts by name (a delivery move's answer by its state) is read in turn.
  const visit = (node: object, path: readonly string[]) => {
    for (const [key, text] of Object.entries(node)) {
      const isList = Array.isArray(text) && text.every((item) => typeof item === 'string');
      if (isList) continue;
      if (typeof text === 'object' && text !== null && !Array.isArray(text)) visit(text, [...path, key]);
      else if (!places.has(text)) places.set(text, [...path, key]);
    }
  };
  visit(messages, []);
  englishPlaces = places;
  return places;
}

/** Whether a text is one of the English dictionary's own (as it stands, not filled in). */
export function isDictionaryText(text: string): boolean {
  return placesOf().has(text);
}

/**
 * Texts filled when a rule was built, not when it was broken: a shared schema's "name must be at most
 * 15 characters" names its field and limit once, at start-up. Each is remembered with its template and
 * values, so any language can say it. A bounded set: schemas are built once.
 */
const filledRules = new Map<string, Phrase>();

/**
 * A dictionary text filled for a rule of a schema (its field's name, its limit): the English text, as
 * the schema gives it, remembered so that `Translator.text` can say it in another language too.
 */
export function ruleText(template: string, values: Values): string {
  const text = format(template, values);
  filledRules.set(text, { template, values });
  return text;
}

/**
 * A schema's refusal filled with what the input held (an option's name, a SKU): its English message,
 * with the phrase in its params, so whoever shows it can say it in the reader's language
 * (`phraseOfIssue`). Unlike `ruleText` nothing is remembered: the values are the caller's.
 */
export function phraseIssue(template: string, values?: Record<string, string | number>) {
  const phrase: Phrase = values ? { template, values } : { template };
  return {
    code: 'custom' as const,
    message: values ? format(template, values) : template,
    params: { phrase },
  };
}

/** The phrase a schema's refusal says: the one `phraseIssue` put in its params, else its message. */
export function phraseOfIssue(issue: { message: string; params?: unknown }): Phrase {
  const params = issue.params as { phrase?: Phrase } | undefined;
  return params?.phrase ?? { template: issue.message };
}

export interface Translator {
  readonly language: Language;
  /** A phrase of the English dictionary said in this language. */
  phrase(phrase: Phrase): string;
  /**
   * A finished English text (a schema's message, an answer's `message`) said in this language: a text of
   * the dictionary or of a rule built from it; any other text (a product's name, a library's message) as
   * it is.
   */
  text(english: string): string;
  /** Whether `text` can say this English text in this language (false for English itself). */
  knows(english: string): boolean;
}

function read(dictionary: unknown, path: readonly string[]): string | undefined {
  let node: unknown = dictionary;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  // The web build's parsed messages are objects; format takes either (format.ts).
  return node === undefined || node === null ? undefined : (node as string);
}

/**
 * The translator into `language`, with that language's dictionary (the web app hands in the Arabic one
 * it loaded; the server imports it). English needs none: its texts are the code's own.
 */
export function createTranslator(language: Language, dictionary?: Dictionary<Messages>): Translator {
  const templateIn = (template: string): string => {
    if (!dictionary) return template;
    const path = placesOf().get(template);
    return (path && read(dictionary, path)) ?? template;
  };
  // A finished text: a template still holding placeholders is no answer anyone was given.
  const isFinishedText = (english: string) => placesOf().has(english) && !english.includes('{');
  const knows = (english: string): boolean =>
    dictionary !== undefined && (isFinishedText(english) || filledRules.has(english));
  const text = (english: string): string => {
    if (!dictionary) return english;
    if (isFinishedText(english)) return format(templateIn(english), {}, language);
    const rule = filledRules.get(english);
    return rule ? phrase(rule) : english;
  };
  const phrase = ({ template, values }: Phrase): string => {
    if (!values) return text(template);
    const said: Values = {};
    for (const [name, value] of Object.entries(values)) {
      said[name] =
        typeof value !== 'object' ? value : 'template' in value ? phrase(value) : inLanguage(value, language);
    }
    return format(templateIn(template), said, language);
  };
  return { language, phrase, text, knows };
}
