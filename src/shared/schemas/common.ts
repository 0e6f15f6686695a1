import { z } from 'zod';
import { MAX_PRICE_EGP } from '../constants';
import { plainNumber } from '../digits';
import { messages } from '../messages';
import { ruleText } from '../translate';

const NUL = '\u0000';
/** Half of a character: a UTF-16 surrogate without its other half (in `u` mode a whole pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

export interface TextOptions {
  /** The most characters it may hold, counted after trimming. */
  max: number;
  /** Trim surrounding white space first (the default); passwords and keys keep theirs. */
  trim?: boolean;
  /** The message when it is missing or not text. */
  error?: string;
  /** The message when it is too long, where the SPEC words it; else "{field} must be at most {max} characters". */
  tooLong?: string;
}

/**
 * Every text a caller sends, in a form, a body, a path or a query: never a NUL character (PostgreSQL's
 * text cannot hold one, and the database would fail rather than refuse), never half a character (a
 * lone surrogate, which only a JSON escape such as `\ud800` can send: PostgreSQL's json refuses it) and
 * never longer than `max`. `field` names it in each message. Callers chain their own rules (`.min`,
 * `.regex`) after it.
 */
export function text(field: string, { max, trim = true, error, tooLong }: TextOptions) {
  const base = z
    .string(error === undefined ? undefined : { error })
    .refine((value) => !value.includes(NUL), ruleText(messages.errors.nulCharacter, { field }))
    .refine((value) => !LONE_SURROGATE.test(value), ruleText(messages.errors.loneSurrogate, { field }));
  return (trim ? base.trim() : base).max(
    max,
    tooLong ?? ruleText(messages.errors.textTooLong, { field, max }),
  );
}

/** Query strings arrive as text; an empty value means "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * A page number: a whole number from 1. zod's `int()` takes safe integers only, and the listing answers
 * an empty page however deep, so no larger bound is needed (`?page=9007199254740991` is no error).
 */
export const pageParam = z.preprocess(
  blankToUndefined,
  plainNumber(
    'integer',
    messages.errors.pageRule,
    z
      .number({ error: messages.errors.pageRule })
      .int(messages.errors.pageRule)
      .min(1, messages.errors.pageRule)
      .optional(),
  ),
);

export function limitParam(max: number) {
  const rule = ruleText(messages.errors.limitRule, { max });
  return z.preprocess(
    blankToUndefined,
    plainNumber('integer', rule, z.number({ error: rule }).int(rule).min(1, rule).max(max, rule).optional()),
  );
}

/** A price in EGP: stored as integer piastres, so it is bounded by the highest price a product may have. */
export function moneyParam(name: string) {
  const rule = ruleText(messages.errors.notNegative, { field: name });
  return z.preprocess(
    blankToUndefined,
    plainNumber(
      'money',
      ruleText(messages.errors.moneyFormat, { field: name }),
      z
        .number({ error: rule })
        .min(0, rule)
        .max(MAX_PRICE_EGP, ruleText(messages.errors.numberTooLarge, { field: name, max: MAX_PRICE_EGP }))
        .optional(),
    ),
  );
}

/** A search box's text. */
export const searchParam = z.preprocess(blankToUndefined, text('search', { max: 100 }).optional());

/** A query filter naming a category (its id, slug or name). */
export function filterParam(field: string) {
  return z.preprocess(blankToUndefined, text(field, { max: 200 }).optional());
}

/** A path's id or slug: a product or category is found by either. */
export const idOrSlugParam = text('idOrSlug', { max: 200 }).min(1);

/** Ids are UUIDs; a malformed one is answered 400 before the database sees it. */
export const IdSchema = z.uuid({ error: messages.errors.invalidId });

/** Every failure, whatever its status (DESIGN §2): a client shows `message` as it is. */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorAnswer = z.infer<typeof ErrorResponseSchema>;

// The answer side of the contract (DESIGN §2): the shapes every route answers, which the server
// serializes through and the web app reads as its types. Entities carry their id twice, `_id` and `id`,
// for the original clients.

/** An id in an answer: a UUID, as PostgreSQL's `uuid` type holds it. */
export const AnswerIdSchema = z.guid();
/** A moment in an answer: ISO 8601 in UTC, e.g. `2026-11-25T09:30:00.000Z`. */
export const TimestampSchema = z.iso.datetime();
/** An amount in EGP with at most 2 decimals (stored as integer piastres). */
export const EgpSchema = z.number().min(0);
/** A count: of items in stock, of pages, of ratings. */
export const CountSchema = z.number().int().min(0);

/** An answer that says only that it was done (a deletion, a reset link sent, a password changed). */
export const DoneAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type DoneAnswer = z.infer<typeof DoneAnswerSchema>;

/** A file in a multipart form or an answer's body. */
export const BinaryFileSchema = z.file();
