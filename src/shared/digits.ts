import { z } from 'zod';

// Arabic-Indic (٠-٩, U+0660–0669) and Eastern Arabic/Persian (۰-۹, U+06F0–06F9): what an Arabic or a
// Persian keyboard types on a phone. '٫' (U+066B) is the Arabic decimal separator.
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;
const NON_ASCII_NUMERALS = /[\u0660-\u0669\u06F0-\u06F9\u066B]/g;

/**
 * The text with every Arabic-Indic and Persian digit written as its ASCII twin, and the Arabic decimal
 * separator as '.': '٠١٠١٢٣٤٥٦٧٨' → '01012345678', '١٢٥٫٥' → '125.5'. Everything else stays as typed.
 */
export function toAsciiDigits(text: string): string {
  return text.replace(NON_ASCII_NUMERALS, (char) => {
    const code = char.charCodeAt(0);
    if (code === 0x066b) return '.';
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_INDIC_ZERO);
  });
}

/** A text value with its digits in ASCII; anything else (a number of a JSON body, nothing) as it came. */
export function asciiDigitsOf(value: unknown): unknown {
  return typeof value === 'string' ? toAsciiDigits(value) : value;
}

/**
 * A field where people type a number (a phone, a building, a quantity, a price): whatever digits they
 * typed are read as ASCII before `schema`'s rules, so the SPEC's rules and what is stored are ASCII.
 * The forms and the server share the schemas, so both accept the same input.
 */
export function typedDigits<S extends z.ZodType>(schema: S) {
  return z.preprocess(asciiDigitsOf, schema);
}

/**
 * Whole numbers are digits only; amounts of money may add a point and at most 2 decimals. Either may
 * be negative: then the field's own range rule refuses it, in the words the SPEC gives it.
 */
const PLAIN_NUMBER = {
  integer: /^-?\d+$/,
  money: /^-?(?:\d+(?:\.\d{0,2})?|\.\d{1,2})$/,
} as const;

/** Whether a number of a JSON body has at most 2 decimals (piastres), allowing for binary fractions. */
const inPiastres = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * A number field, of a JSON body or a form (whose fields are text): a JSON number is taken as it is
 * (`schema`'s rules judge it; money with more than 2 decimals is refused), text only when written
 * plainly, digits in any script (a whole number; money: a point and at most 2 decimals). What coercion
 * read as a number is refused with `rule`: a list (`[5]`), a boolean, hexadecimal (`0x10`), an exponent
 * (`1e3`), a third decimal (`100.001`, never rounded silently). Nothing (undefined, or null where
 * `schema` allows it) is `schema`'s to judge, so a required field keeps its "fill in" message.
 */
export function plainNumber<S extends z.ZodType>(kind: keyof typeof PLAIN_NUMBER, rule: string, schema: S) {
  return z.preprocess((value, ctx) => {
    if (value === undefined || value === null) return value;
    if (typeof value === 'number' && (kind === 'integer' || inPiastres(value))) return value;
    if (typeof value === 'string') {
      const typed = toAsciiDigits(value).trim();
      if (PLAIN_NUMBER[kind].test(typed)) return Number(typed);
      // Blank is nothing typed: the field's own rule for a missing value.
      if (typed === '') return undefined;
    }
    ctx.addIssue({ code: 'custom', message: rule });
    return z.NEVER;
  }, schema);
}
