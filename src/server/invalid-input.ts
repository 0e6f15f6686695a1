import type { z } from 'zod';
import { messages } from '@/shared/messages';
import {
  createTranslator,
  isDictionaryText,
  phraseOfIssue,
  type Phrase,
  type Translator,
} from '@/shared/translate';
import { AppError } from './errors';

/**
 * One refusal of a schema, wherever it was checked: a route's body, query or params (Fastify's
 * validation, plugins/errors.ts) or a multipart form's fields, read by the route itself.
 */
export interface SchemaIssue {
  /** zod's code ('invalid_type', 'too_big', 'custom'…). */
  code: string | undefined;
  /** The field, its path joined with dots ('variants.0.sku'); empty for the whole input. */
  path: string;
  /** The English message: the schema's own (a dictionary text, a rule filled from one) or zod's. */
  message: string;
  /** The rest of zod's issue: the facts its message is worded from, and a phrase's params. */
  params: Record<string, unknown>;
}

const e = messages.errors;
const listOf = (values: unknown) => (Array.isArray(values) ? values.map(String).join(', ') : '');

/**
 * zod's own generic refusal as a phrase of the dictionary ('Invalid input: expected string, received
 * number' is `inputWrongType` with its two types), built from the issue's facts.
 */
function zodRule({ code, message, params }: SchemaIssue): Phrase {
  switch (code) {
    case 'invalid_type': {
      const expected = String(params.expected);
      // zod words what it received from the input, which its issue does not keep.
      const received = /received (\w+)$/.exec(message)?.[1];
      if (received === 'undefined') return { template: e.inputMissing, values: { expected } };
      if (received) return { template: e.inputWrongType, values: { expected, received } };
      break;
    }
    case 'too_big':
      return {
        template: e.inputTooBig,
        values: { origin: String(params.origin), maximum: Number(params.maximum) },
      };
    case 'too_small':
      return {
        template: e.inputTooSmall,
        values: { origin: String(params.origin), minimum: Number(params.minimum) },
      };
    case 'invalid_value':
      return { template: e.inputNotAllowed, values: { values: listOf(params.values) } };
    case 'unrecognized_keys':
      return { template: e.inputUnknownKeys, values: { keys: listOf(params.keys) } };
  }
  return { template: e.inputInvalid };
}

/**
 * A rule's message in the caller's language, through the one translator. The shared schemas word
 * theirs with the dictionary, which says them in any language, with the values a refusal was filled
 * with (`phraseIssue`); zod's own generic ones ('Invalid input: expected string, received number', for
 * input no form would send) are English callers' as zod words them, and the dictionary's for the others.
 */
function ruleIn(translator: Translator, issue: SchemaIssue): string {
  const english = issue.message;
  if (translator.language === 'en' || translator.knows(english)) return translator.text(english);
  const phrase = phraseOfIssue({ message: english, params: issue.params.params });
  return translator.phrase(phrase.values ? phrase : zodRule(issue));
}

/**
 * A refusal's answer: the schema's message, prefixed with the field when it does not name it already
 * (a dictionary text says what is wrong in our words, so it stands alone).
 */
export function describeIssue(issue: SchemaIssue, translator: Translator): string {
  const rule = ruleIn(translator, issue);
  const { path, message } = issue;
  if (!path || isDictionaryText(message) || message.toLowerCase().includes(path.toLowerCase())) return rule;
  return translator.phrase({ template: messages.errors.invalidField, values: { field: path, rule } });
}

/** A zod issue as `describeIssue` reads it. */
export function issueOfZod({ code, path, message, ...params }: z.core.$ZodIssue): SchemaIssue {
  return { code, path: path.map(String).join('.'), message, params };
}

const english = createTranslator('en');

/**
 * A 400 for input a schema refused, checked by the route itself (a multipart form's fields): answered
 * exactly as Fastify's own validation of a JSON body is, in the caller's language.
 */
export class InvalidInput extends AppError {
  readonly issue: SchemaIssue;

  constructor(issue: SchemaIssue) {
    super('BAD_REQUEST', describeIssue(issue, english));
    this.issue = issue;
  }

  override saidIn(translator: Translator): string {
    return describeIssue(this.issue, translator);
  }
}
